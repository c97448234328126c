package rulings

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// FuzzRulePlay drives RulePlay with arbitrary plays, penalty cards recorded
// at arbitrary tricks and picked up at others, and irregularities — a
// claim's tricks, stated line and cards played after it among them — as a
// play record from the network gives them: the state refuses what cannot
// be, and RulePlay answers or refuses, never panics; a ruling that is not
// pending says what happens, cites a law, and each penalty card it imposes
// is a defender's; a claim's figures keep their order (the line takes no
// more than double dummy, nor loses to a trump more than it loses).
func FuzzRulePlay(f *testing.F) {
	f.Add(true, "DT D2 DQ D6 DK D7 D9 D3", "W CJ 2 0,W HT 1 3", uint8(PenaltyCardLead), uint8(3), "", "", "choice=prohibit-CH", int8(0), "", uint8(0))
	f.Add(true, "DT DA D4 D6 C4 C7 CA !H8 DJ D5 D3 DK", "W CJ 2 0", uint8(Revoke), uint8(3), "H8", "", "attention=in-time", int8(0), "", uint8(0))
	f.Add(false, "DT D2 DQ D6", "W CJ 1 0", uint8(ExposedCard), uint8(3), "ST", "H8 H8", "choice=free", int8(0), "", uint8(0))
	f.Add(true, "DT D2 D4", "", uint8(RetractedCard), uint8(1), "D4", "", "reason=illegal", int8(0), "", uint8(0))
	f.Add(true, "", "E HK 1 1", uint8(LeadOutOfTurn), uint8(1), "HQ", "", "faced=yes,seen-dummy=no,choice=free", int8(0), "", uint8(0))
	f.Add(true, "DT DA D4 D6 SA S8 S4 S3 SK S9 S5 ST", "", uint8(Claim), uint8(2), "", "", "agreed=no,trump-mentioned=no,trump-unaware=yes,line-normal=yes", int8(7), "C HA", uint8(0))
	f.Add(true, "DT DA D4 D6 SA S8 S4 S3 C4 C7 CA", "", uint8(Claim), uint8(2), "", "", "agreed=no,played-on=no,line-normal=no,lost=1", int8(8), "C", uint8(3))
	f.Add(false, "DT DA D4 D6", "", uint8(Claim), uint8(1), "", "", "partner-objected=no,agreed=yes,unlosable=0", int8(2), "", uint8(0))
	f.Add(true, "DT D2 DQ D6 C9 C2 CJ", "W CJ 1 0,W CT 1 0", uint8(PenaltyCardNotPlayed), uint8(3), "CJ", "", "designated=CT,choice=substitute", int8(0), "", uint8(0))
	seatOf := map[string]bridge.Seat{"N": bridge.North, "E": bridge.East, "S": bridge.South, "W": bridge.West}
	f.Fuzz(func(t *testing.T, withDeal bool, plays, penalties string, kind, offender uint8, played, exposed, answers string, tricks int8, line string, playedAfter uint8) {
		s := newTestPlayState(t, withDeal)
		for _, w := range strings.Fields(plays) {
			c, revoke := strings.CutPrefix(w, "!")
			if card, err := bridge.ParseCard(c); err == nil && revoke {
				_ = s.Revoke(card)
			} else if err == nil {
				_ = s.Play(card)
			}
		}
		after := int(playedAfter)
		if PlayIrregularityKind(kind) == Claim && withDeal {
			after = playOnToFuzzedClaim(s, after)
		}
		for _, pc := range strings.Split(penalties, ",") {
			var seat, c string
			var trick, up int
			if n, _ := fmt.Sscan(pc, &seat, &c, &trick, &up); n < 3 {
				continue
			}
			card, err := bridge.ParseCard(c)
			if err != nil {
				continue
			}
			if s.AddPenaltyCardAt(PenaltyCardOnTable{Seat: seatOf[seat], Card: card, Major: trick%2 == 0, Trick: trick - 1}) == nil && up > 0 {
				_ = s.PickUpPenaltyCard(card, up-1)
			}
		}
		irr := PlayIrregularity{Kind: PlayIrregularityKind(kind), Offender: bridge.Seat(offender % 5), Tricks: int(tricks), PlayedAfter: after}
		irr.Line, _ = ParseClaimLine(line)
		if c, err := bridge.ParseCard(played); err == nil {
			irr.Card = c
		}
		irr.Cards = fuzzCards(exposed)
		ans := fuzzAnswers(answers)
		r, err := RulePlay(*s, irr, ans)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "rulings: ") {
				t.Fatalf("error %q does not say where it comes from", err)
			}
			return
		}
		if !r.Pending() && (r.Summary == "" && len(r.Restrictions) == 0 || len(r.Laws) == 0) {
			t.Fatalf("ruling %+v for %+v says nothing or cites no law", r, irr)
		}
		for _, x := range r.Restrictions {
			if x.Kind == PenaltyCard && !s.IsDefender(x.Seat) {
				t.Fatalf("declarer's side was given the penalty card %v (Law 48A): %+v", x.Card, irr)
			}
		}
		if f := r.Claim; f != nil && (f.Line > f.Best || f.Best > f.Remaining || f.LostToTrump > f.Remaining-f.Line) {
			t.Fatalf("claim figures %+v out of order for %+v", *f, irr)
		}
		_ = r.String()
	})
}

// fuzzClaimTricks bounds the tricks left at a fuzzed claim with the deal.
const fuzzClaimTricks = 8

// playOnToFuzzedClaim plays s on (the first legal card each time) until a
// claim made before the last playedAfter cards of the record leaves at most
// fuzzClaimTricks tricks, and returns playedAfter, cut down where the
// record has not that many cards beyond the claim. The claim is solved
// there, and a whole deal costs the solver a hundred times an ending:
// bounding only the end of the record let a large PlayedAfter put the
// claim back at trick one, and inputs like that, gathered in the corpus,
// held up the start of every fuzzing run while they were replayed.
func playOnToFuzzedClaim(s *PlayState, playedAfter int) int {
	claimAt := func() int { return (s.cardsPlayed() - playedAfter) / 4 }
	for range 52 {
		if s.Finished() || 13-claimAt() <= fuzzClaimTricks {
			break
		}
		_ = s.Play(positionOf(*s).legal()[0])
	}
	if 13-claimAt() > fuzzClaimTricks {
		playedAfter = max(0, s.cardsPlayed()-4*(13-fuzzClaimTricks))
	}
	return playedAfter
}

// fuzzCards reads the cards of a fuzzed text, skipping what is not one.
func fuzzCards(text string) []bridge.Card {
	var out []bridge.Card
	for _, f := range strings.Fields(text) {
		if c, err := bridge.ParseCard(f); err == nil {
			out = append(out, c)
		}
	}
	return out
}

// fuzzAnswers reads a fuzzed "id=answer,id=answer" text as the director's
// answers.
func fuzzAnswers(text string) Answers {
	ans := Answers{}
	for _, kv := range strings.Split(text, ",") {
		if k, v, ok := strings.Cut(kv, "="); ok {
			ans[k] = v
		}
	}
	return ans
}

// TestFuzzedClaimIsAnEnding: whatever the fuzzer gives as the cards played
// after a claim with the deal, the claim it rules is at most
// fuzzClaimTricks tricks from the end, so that no input costs the solver a
// whole deal.
func TestFuzzedClaimIsAnEnding(t *testing.T) {
	for _, after := range []int{0, 3, 20, 40, 255} {
		s := newTestPlayState(t, true)
		got := playOnToFuzzedClaim(s, after)
		if got < 0 || got > s.cardsPlayed() {
			t.Errorf("PlayedAfter %d: %d cards after the claim, but %d are played", after, got, s.cardsPlayed())
			continue
		}
		if left := 13 - s.before(s.cardsPlayed()-got).CompleteTricks(); left > fuzzClaimTricks {
			t.Errorf("PlayedAfter %d: the claim leaves %d tricks, want at most %d", after, left, fuzzClaimTricks)
		}
		if after <= 20 && got != after {
			t.Errorf("PlayedAfter %d became %d; the record has room for it", after, got)
		}
	}
}
