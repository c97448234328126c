package dealing_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/dealing"
)

// recordedDeal is the first deal of the World Bridge Games 2024:
//
//	North ♠AT3 ♥K8654 ♦AT6 ♣93     East ♠Q65 ♥A9732 ♦3 ♣KJ42
//	South ♠J974 ♥QJT ♦K752 ♣A7     West ♠K82 ♥— ♦QJ984 ♣QT865
const recordedDeal = "N:AT3.K8654.AT6.93 Q65.A9732.3.KJ42 J974.QJT.K752.A7 K82..QJ984.QT865"

// cardOf parses a card the test knows to be good.
func cardOf(t testing.TB, s string) bridge.Card {
	t.Helper()
	c, err := bridge.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// pockets describes how the cards found differ from the record: each change
// takes a card out of one pocket and puts it into another, and a seat of -1
// stands for outside the board.
type pockets []struct {
	card     string
	from, to int
}

// apply returns the hands of record after the changes p.
func (p pockets) apply(t testing.TB, record bridge.Deal) [4]bridge.Hand {
	t.Helper()
	found := [4]bridge.Hand(record)
	for _, ch := range p {
		c := cardOf(t, ch.card)
		if ch.from >= 0 {
			found[ch.from] = found[ch.from].Remove(c)
		}
		if ch.to >= 0 {
			found[ch.to] = found[ch.to].Add(c)
		}
	}
	return found
}

const (
	north, east, south, west = 0, 1, 2, 3
	outside                  = -1
)

// correct applies what a reconstruction reports to the cards found: a misplaced
// card goes back to its owner, a surplus card is taken out, a missing card is put
// back. It fails t when a pocket count reported is not the count found.
func correct(t testing.TB, found [4]bridge.Hand, ds []dealing.Discrepancy) bridge.Deal {
	t.Helper()
	fixed := bridge.Deal(found)
	for _, d := range ds {
		switch d.Kind {
		case dealing.WrongCount:
			if n := found[d.Seat].Len(); n != d.Count || n == 13 {
				t.Errorf("%v: %s has %d cards", d, d.Seat.Name(), n)
			}
		case dealing.MisplacedCard:
			fixed[d.Seat] = fixed[d.Seat].Remove(d.Card)
			fixed[d.Owner] = fixed[d.Owner].Add(d.Card)
		case dealing.SurplusCard:
			fixed[d.Seat] = fixed[d.Seat].Remove(d.Card)
		case dealing.MissingCard:
			fixed[d.Seat] = fixed[d.Seat].Add(d.Card)
		default:
			t.Errorf("unknown discrepancy %+v", d)
		}
	}
	return fixed
}

func TestReconstruct(t *testing.T) {
	record := pbnDeal(t, recordedDeal)
	tests := []struct {
		name    string
		changes pockets
		want    []string
	}{
		{"clean board", nil, nil},
		{"card in the wrong pocket", pockets{{"HQ", south, east}}, []string{
			"East's pocket holds 14 cards, not 13 (Law 13)",
			"South's pocket holds 12 cards, not 13 (Law 13)",
			"the ♥Q found in East's pocket belongs to South (Law 87A)",
		}},
		{"missing card", pockets{{"C9", north, outside}}, []string{
			"North's pocket holds 12 cards, not 13 (Law 13)",
			"the ♣9 is missing from North's pocket and is nowhere in the board (Law 14)",
		}},
		{"two swapped cards", pockets{{"SA", north, west}, {"SK", west, north}}, []string{
			"the ♠A found in West's pocket belongs to North (Law 87A)",
			"the ♠K found in North's pocket belongs to West (Law 87A)",
		}},
		{"card of another pack", pockets{{"D3", outside, north}}, []string{
			"North's pocket holds 14 cards, not 13 (Law 13)",
			"the ♦3 found in North's pocket is a second ♦3, from another pack: East holds the ♦3 (Law 13)",
		}},
		{"card lost and another misplaced", pockets{{"CA", south, outside}, {"H9", east, west}}, []string{
			"East's pocket holds 12 cards, not 13 (Law 13)",
			"South's pocket holds 12 cards, not 13 (Law 13)",
			"West's pocket holds 14 cards, not 13 (Law 13)",
			"the ♥9 found in West's pocket belongs to East (Law 87A)",
			"the ♣A is missing from South's pocket and is nowhere in the board (Law 14)",
		}},
		{"card in two wrong pockets", pockets{{"DK", south, east}, {"DK", outside, west}}, []string{
			"East's pocket holds 14 cards, not 13 (Law 13)",
			"South's pocket holds 12 cards, not 13 (Law 13)",
			"West's pocket holds 14 cards, not 13 (Law 13)",
			"the ♦K found in East's pocket belongs to South (Law 87A)",
			"the ♦K found in West's pocket belongs to South (Law 87A)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found := tt.changes.apply(t, record)
			r, err := dealing.Reconstruct(record, found)
			if err != nil {
				t.Fatal(err)
			}
			if r.Deal != record {
				t.Errorf("restored %v, want the record %v", r.Deal, record)
			}
			var got []string
			for _, d := range r.Discrepancies {
				got = append(got, d.String())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("discrepancies:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if r.Clean() != (tt.want == nil) {
				t.Errorf("Clean = %v with %d discrepancies", r.Clean(), len(tt.want))
			}
			if wantText := strings.Join(tt.want, "\n"); tt.want != nil && r.String() != wantText {
				t.Errorf("String = %q, want %q", r.String(), wantText)
			}
			if fixed := correct(t, found, r.Discrepancies); fixed != record {
				t.Errorf("correcting as reported gives %v, want the record", fixed)
			}
		})
	}
}

func TestReconstructCleanBoardSaysSo(t *testing.T) {
	record := pbnDeal(t, recordedDeal)
	r, err := dealing.Reconstruct(record, record)
	if err != nil || !r.Clean() || r.String() != "every pocket holds its 13 cards: nothing to correct" {
		t.Errorf("clean board: %q, %v", r, err)
	}
}

func TestReconstructErrors(t *testing.T) {
	record := pbnDeal(t, recordedDeal)
	short := record
	short[west] = 0
	_, err := dealing.Reconstruct(short, record)
	wantError(t, err, "dealing: reconstruct: the record is not a whole deal", "West holds 0 cards")

	found := [4]bridge.Hand(record)
	found[east] |= 1 << 60
	_, err = dealing.Reconstruct(record, found)
	wantError(t, err, "dealing: reconstruct: East's pocket holds bits beyond the 52 cards")
	_, err = dealing.ReconstructWithoutRecord(found)
	wantError(t, err, "dealing: reconstruct: East's pocket holds bits beyond the 52 cards")
	if errors.Is(err, dealing.ErrAmbiguous) {
		t.Errorf("a pocket with bits beyond the cards is reported as ambiguous: %v", err)
	}
}

func TestReconstructWithoutRecord(t *testing.T) {
	record := pbnDeal(t, recordedDeal)
	tests := []struct {
		name    string
		changes pockets
		want    []string
	}{
		{"clean board", nil, nil},
		{"one card missing", pockets{{"C9", north, outside}}, []string{
			"North's pocket holds 12 cards, not 13 (Law 13)",
			"the ♣9 is missing from North's pocket and is nowhere in the board (Law 14)",
		}},
		{"two cards missing from one hand", pockets{{"SJ", south, outside}, {"D2", south, outside}}, []string{
			"South's pocket holds 11 cards, not 13 (Law 13)",
			"the ♠J is missing from South's pocket and is nowhere in the board (Law 14)",
			"the ♦2 is missing from South's pocket and is nowhere in the board (Law 14)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found := tt.changes.apply(t, record)
			r, err := dealing.ReconstructWithoutRecord(found)
			if err != nil {
				t.Fatal(err)
			}
			if r.Deal != record {
				t.Errorf("restored %v, want %v", r.Deal, record)
			}
			var got []string
			for _, d := range r.Discrepancies {
				got = append(got, d.String())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("discrepancies:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestSwapWithoutRecordGoesUnseen shows the limit of a board without a record:
// two cards swapped between hands of 13 leave a good deal, and nothing tells.
func TestSwapWithoutRecordGoesUnseen(t *testing.T) {
	record := pbnDeal(t, recordedDeal)
	found := pockets{{"SA", north, west}, {"SK", west, north}}.apply(t, record)
	r, err := dealing.ReconstructWithoutRecord(found)
	if err != nil || !r.Clean() || r.Deal != bridge.Deal(found) || r.Deal == record {
		t.Errorf("swapped cards without a record: %v, %v", r, err)
	}
}

func TestReconstructWithoutRecordAmbiguous(t *testing.T) {
	record := pbnDeal(t, recordedDeal)
	tests := []struct {
		name    string
		changes pockets
		want    []string
	}{
		{"two hands short", pockets{{"C9", north, outside}, {"CA", south, outside}}, []string{
			"the ♣A and ♣9 are missing and 2 hands are short",
			"North's pocket holds 12 cards",
			"South's pocket holds 12 cards",
		}},
		{"card in the wrong pocket", pockets{{"HQ", south, east}}, []string{
			"which of East's 14 cards belong elsewhere cannot be told",
			"South's pocket holds 12 cards",
		}},
		{"card in two pockets", pockets{{"D3", outside, north}}, []string{
			"the ♦3 is in the pockets of North and East",
			"which of North's 14 cards belong elsewhere cannot be told",
		}},
		{"empty board", pockets{{"SA", north, outside}, {"SQ", east, outside}, {"SJ", south, outside}, {"SK", west, outside}}, []string{
			"the ♠A, ♠K, ♠Q and ♠J are missing and 4 hands are short",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := dealing.ReconstructWithoutRecord(tt.changes.apply(t, record))
			if !errors.Is(err, dealing.ErrAmbiguous) {
				t.Fatalf("error %v, want ErrAmbiguous", err)
			}
			wantError(t, err, append([]string{"dealing: without a record the cards cannot be placed unambiguously: "}, tt.want...)...)
		})
	}
	_, err := dealing.ReconstructWithoutRecord([4]bridge.Hand{})
	wantError(t, err, "52 cards are missing and 4 hands are short", "North's pocket holds 0 cards")
}

// TestReconstructFouledFixtureBoards fouls every board of the World Bridge Games
// 2024 at random, losing, moving and adding one to four cards, and checks that
// the reports, acted on, give the record back, and that without a record a
// board that lost cards from one hand only is restored, and from more is not.
func TestReconstructFouledFixtureBoards(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	restoredBoards, ambiguousBoards := 0, 0
	for _, record := range wbg2024Deals(t) {
		found := [4]bridge.Hand(record)
		for range 1 + r.IntN(4) {
			c := bridge.CardFromIndex(r.IntN(52))
			// Mostly take the card from a pocket holding it; sometimes bring
			// in a card from another pack.
			holder, held := bridge.Deal(found).Holder(c)
			if held && r.IntN(5) > 0 {
				found[holder] = found[holder].Remove(c)
			}
			if to := r.IntN(5) - 1; to >= 0 {
				found[to] = found[to].Add(c)
			}
		}
		rec, err := dealing.Reconstruct(record, found)
		if err != nil {
			t.Fatal(err)
		}
		if fixed := correct(t, found, rec.Discrepancies); fixed != record || rec.Deal != record {
			t.Fatalf("found %v: reported\n%v\ncorrects to %v, want %v", found, rec, fixed, record)
		}
		if rec.Clean() != (bridge.Deal(found) == record) {
			t.Fatalf("found %v, record %v: Clean = %v", found, record, rec.Clean())
		}
		losers, ok := handsThatLost(found, record)
		if !ok {
			continue
		}
		restored, err := dealing.ReconstructWithoutRecord(found)
		switch {
		case losers <= 1 && (err != nil || restored.Deal != record):
			t.Fatalf("cards lost from %d hands: restored %v, %v; want %v", losers, restored.Deal, err, record)
		case losers > 1 && !errors.Is(err, dealing.ErrAmbiguous):
			t.Fatalf("cards lost from %d hands: %v, want ErrAmbiguous", losers, err)
		case err == nil:
			restoredBoards++
		default:
			ambiguousBoards++
		}
	}
	if restoredBoards == 0 || ambiguousBoards == 0 {
		t.Errorf("without a record, %d boards restored and %d ambiguous: the fouling missed a case", restoredBoards, ambiguousBoards)
	}
	t.Logf("without a record: %d boards restored, %d ambiguous", restoredBoards, ambiguousBoards)
}

// handsThatLost counts the hands found short of recorded cards; ok is false when
// a card is found outside its recorded pocket.
func handsThatLost(found [4]bridge.Hand, record bridge.Deal) (hands int, ok bool) {
	for s, h := range found {
		if h&^record[s] != 0 {
			return 0, false
		}
		if h != record[s] {
			hands++
		}
	}
	return hands, true
}

func FuzzReconstruct(f *testing.F) {
	record := pbnDeal(f, recordedDeal)
	n, e, s, w := uint64(record[north]), uint64(record[east]), uint64(record[south]), uint64(record[west])
	f.Add(n, e, s, w, n, e, s, w)
	f.Add(n, e, s, w, n&^1, e, s, w)
	f.Add(n, e, s, w, n, e|1<<51, s, w)
	f.Add(n, e, s, w, w, s, e, n)
	f.Add(n, e, s, w, uint64(0), uint64(0), uint64(0), uint64(0))
	f.Add(n, e, s, w, ^uint64(0), e, s, w)
	f.Add(n, e, s, uint64(0), n, e, s, w)
	f.Add(^uint64(0), e, s, w, n, e, s, w)
	f.Fuzz(func(t *testing.T, rn, re, rs, rw, fn, fe, fs, fw uint64) {
		record := bridge.Deal{bridge.Hand(rn), bridge.Hand(re), bridge.Hand(rs), bridge.Hand(rw)}
		found := [4]bridge.Hand{bridge.Hand(fn), bridge.Hand(fe), bridge.Hand(fs), bridge.Hand(fw)}
		if r, err := dealing.Reconstruct(record, found); err == nil {
			if err := r.Deal.Validate(); err != nil || r.Deal != record {
				t.Fatalf("restored %v (%v), want the record %v", r.Deal, err, record)
			}
			if fixed := correct(t, found, r.Discrepancies); fixed != record {
				t.Fatalf("found %v: reported\n%v\ncorrects to %v", found, r, fixed)
			}
			if r.Clean() != (bridge.Deal(found) == record) || r.String() == "" {
				t.Fatalf("found %v, record %v: Clean %v, %q", found, record, r.Clean(), r)
			}
		} else if !strings.HasPrefix(err.Error(), "dealing: reconstruct: ") {
			t.Fatalf("error %q does not say where it comes from", err)
		}
		r, err := dealing.ReconstructWithoutRecord(found)
		if err != nil {
			if !errors.Is(err, dealing.ErrAmbiguous) && !strings.Contains(err.Error(), "bits beyond the 52 cards") {
				t.Fatalf("error %q is neither ambiguity nor bad pockets", err)
			}
			return
		}
		if err := r.Deal.Validate(); err != nil {
			t.Fatalf("found %v: restored a bad deal %v: %v", found, r.Deal, err)
		}
		if fixed := correct(t, found, r.Discrepancies); fixed != r.Deal {
			t.Fatalf("found %v: reported\n%v\ncorrects to %v, not the restored %v", found, r, fixed, r.Deal)
		}
	})
}

func BenchmarkReconstruct(b *testing.B) {
	record := pbnDeal(b, recordedDeal)
	found := pockets{{"HQ", south, east}, {"C9", north, outside}}.apply(b, record)
	for b.Loop() {
		if _, err := dealing.Reconstruct(record, found); err != nil {
			b.Fatal(err)
		}
	}
}
