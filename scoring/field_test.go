package scoring

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// fieldCase is a random session: how it is scored and how big it is.
type fieldCase struct {
	settings Settings
	sections []string
	pairs    int // per section
	boards   int
}

func randomFieldCase(rng *rand.Rand) fieldCase {
	forms := []Form{MatchpointPairs, CrossIMPPairs, ButlerPairs, TeamsVictoryPoints, TeamsPointABoard}
	profiles := []Profile{WBF, ACBL, EBU}
	c := fieldCase{
		settings: Settings{Form: forms[rng.IntN(len(forms))], Profile: profiles[rng.IntN(len(profiles))],
			AcrossField: rng.IntN(2) == 0, TwoWinners: rng.IntN(2) == 0},
		sections: []string{"A", "B", "AA"}[:1+rng.IntN(3)],
		pairs:    2 + rng.IntN(9),
		boards:   1 + rng.IntN(5),
	}
	if c.settings.Form != MatchpointPairs {
		c.settings.TwoWinners = false
	}
	c.settings.Profile.IMPPenalties = IMPPenaltyMethod(rng.IntN(2))
	return c
}

// scores are the North-South scores results are drawn from: with ties, so
// that matchpoints share, and with swings, so that IMPs do.
var scores = []int{-1430, -800, -620, -200, -100, -50, 0, 90, 110, 140, 420, 450, 620, 990, 1430}

// randomResult is a result at a random slot of c: mostly played, sometimes
// not played or adjusted, and now and then between pairs that make its
// board unscorable (a pair twice on it).
func (c fieldCase) randomResult(rng *rand.Rand) Result {
	ns := 1 + rng.IntN(c.pairs)
	ew := 1 + rng.IntN(c.pairs-1)
	if ew >= ns {
		ew++
	}
	r := Result{Section: c.sections[rng.IntN(len(c.sections))], Table: 1 + rng.IntN(c.pairs), Round: 1 + rng.IntN(3),
		Board: 1 + rng.IntN(c.boards), NS: ns, EW: ew, NSScore: scores[rng.IntN(len(scores))]}
	adjustments := []Adjustment{AveragePlus, Average, AverageMinus}
	switch k := rng.IntN(20); {
	case k == 0:
		r.Kind, r.NSScore = NotPlayed, 0
	case k == 1 || k == 4:
		r.Kind, r.NSScore = Artificial, 0
		r.NSAdjust, r.EWAdjust = adjustments[rng.IntN(3)], adjustments[rng.IntN(3)]
	case k == 2 && c.settings.Form != TeamsPointABoard:
		r.Kind = Weighted
		r.Weights = []WeightedScore{{Weight: 25, NSScore: scores[rng.IntN(len(scores))]}, {Weight: 75, NSScore: r.NSScore}}
		r.NSScore = 0
	case k == 3 && c.settings.Form != TeamsPointABoard:
		r.Kind, r.EWScore = Split, scores[rng.IntN(len(scores))]
	}
	if rng.IntN(5) == 0 { // a fouled board, played in a changed form here
		r.FouledGroup = 1 + rng.IntN(2)
	}
	return r
}

func (c fieldCase) randomPenalties(rng *rand.Rand) []Penalty {
	var out []Penalty
	for range rng.IntN(4) {
		p := Penalty{Section: c.sections[rng.IntN(len(c.sections))], Pair: 1 + rng.IntN(c.pairs), Amount: float64(1+rng.IntN(8)) / 2}
		if c.settings.Form == MatchpointPairs || c.settings.Form == TeamsPointABoard {
			p.PercentOfTop = rng.IntN(2) == 0
		}
		if c.settings.TwoWinners && rng.IntN(2) == 0 {
			p.Directed, p.Direction = true, bridge.Side(rng.IntN(2))
		}
		if c.settings.Form == TeamsVictoryPoints && rng.IntN(2) == 0 {
			p.IMPs, p.Round = true, 1+rng.IntN(3)
		}
		out = append(out, p)
	}
	return out
}

// TestFieldEqualsScoringTheSessionWhole changes random sessions of every form
// of scoring, result by result (submissions, corrections, erasures, adjusted
// scores, penalties, pairs that join late), and checks after every change
// that the kept field answers exactly what scoring the session whole does.
func TestFieldEqualsScoringTheSessionWhole(t *testing.T) {
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 9))
		c := randomFieldCase(rng)
		t.Run(fmt.Sprintf("%d/%v", seed, c.settings.Form), func(t *testing.T) {
			f, err := NewField(c.settings)
			if err != nil {
				t.Fatal(err)
			}
			current := map[Slot]Result{}
			var penalties []Penalty
			for step := range 60 {
				var did string
				switch k := rng.IntN(10); {
				case k < 6 || len(current) == 0:
					r := c.randomResult(rng)
					_, replaced := current[r.Slot()]
					current[r.Slot()] = r
					f.Set(r)
					did = fmt.Sprintf("set %+v (replacing: %v)", r, replaced)
				case k < 8:
					for slot := range current {
						delete(current, slot)
						f.Remove(slot)
						did = fmt.Sprintf("remove %+v", slot)
						break
					}
				case k < 9:
					penalties = c.randomPenalties(rng)
					f.SetPenalties(penalties)
					did = fmt.Sprintf("penalties %+v", penalties)
				default:
					f.Rescore()
					did = "rescore"
				}
				if rng.IntN(3) > 0 {
					continue // several changes between reads
				}
				var results []Result
				for _, r := range current {
					results = append(results, r)
				}
				want, err := ScoreSession(c.settings, results, penalties)
				if err != nil {
					t.Fatal(err)
				}
				if got := f.Score(); !reflect.DeepEqual(got, want) {
					t.Fatalf("step %d, after %s:\nkept  %+v\nwhole %+v", step, did, got, want)
				}
				if got, _, rev := f.SettledStandings(); rev != f.Revision() || !reflect.DeepEqual(got, want.Standings) {
					t.Fatalf("step %d, after %s: settled at revision %d of %d:\nkept  %+v\nwhole %+v", step, did, rev, f.Revision(), got, want.Standings)
				}
				for board := 1; board <= c.boards; board++ {
					for _, section := range append([]string{""}, c.sections...) {
						got, _ := f.Traveller(section, board)
						if w := wantLines(want, func(l Line) bool { return l.Result.Board == board && (section == "" || l.Result.Section == section) }); !reflect.DeepEqual(got, w) {
							t.Fatalf("step %d, after %s: traveller of board %d in %q:\nkept  %+v\nwhole %+v", step, did, board, section, got, w)
						}
						if settled, _, _ := f.SettledTraveller(section, board); !reflect.DeepEqual(settled, got) {
							t.Fatalf("step %d, after %s: settled traveller of board %d in %q:\nsettled %+v\nkept    %+v", step, did, board, section, settled, got)
						}
					}
				}
				section, pair := c.sections[0], 1+rng.IntN(c.pairs)
				_, got, _ := f.Scorecard(section, pair)
				if w := wantLines(want, func(l Line) bool { return l.Result.Section == section && (l.Result.NS == pair || l.Result.EW == pair) }); !reflect.DeepEqual(got, w) {
					t.Fatalf("step %d, after %s: scorecard of %s%d:\nkept  %+v\nwhole %+v", step, did, section, pair, got, w)
				}
			}
		})
	}
}

// TestFieldRevisionCountsChanges: the revision that names a read's answer
// moves with every change the field is given and with nothing else, so a
// reader that holds an answer of one revision holds every later answer
// until the next change.
func TestFieldRevisionCountsChanges(t *testing.T) {
	f, err := NewField(Settings{Form: MatchpointPairs, Profile: WBF})
	if err != nil {
		t.Fatal(err)
	}
	r := Result{Section: "A", Table: 1, Round: 1, Board: 1, NS: 1, EW: 2, NSScore: 420}
	steps := []struct {
		do   func()
		want uint64
	}{
		{func() {}, 0},
		{func() { f.Set(r) }, 1},
		{func() { f.Rescore(); f.Standings(); f.Traveller("A", 1) }, 1},
		{func() { f.Set(r) }, 2}, // the same result again is still a change given
		{func() { f.Remove(r.Slot()) }, 3},
		{func() { f.SetPenalties([]Penalty{{Section: "A", Pair: 1, Amount: 1}}) }, 4},
		{func() { f.Scorecard("A", 1); f.Score() }, 4},
	}
	for i, s := range steps {
		s.do()
		if got := f.Revision(); got != s.want {
			t.Errorf("step %d: revision %d, want %d", i, got, s.want)
		}
	}
}

// TestSettledStandingsWaitForARescoring: the settled standings and
// travellers are the field as last read or rescored, named by the revision they take in, and
// move to the changes given since only when the field is rescored or read.
func TestSettledStandingsWaitForARescoring(t *testing.T) {
	f, err := NewField(Settings{Form: MatchpointPairs, Profile: WBF})
	if err != nil {
		t.Fatal(err)
	}
	first := Result{Section: "A", Table: 1, Round: 1, Board: 1, NS: 1, EW: 2, NSScore: 420}
	second := Result{Section: "A", Table: 2, Round: 1, Board: 1, NS: 3, EW: 4, NSScore: 450}
	pairs := func(st []Standing) (out []int) {
		for _, s := range st {
			out = append(out, s.Pair)
		}
		slices.Sort(out)
		return out
	}
	if st, _, rev := f.SettledStandings(); len(st) != 0 || rev != 0 {
		t.Fatalf("an empty field settles at %d pairs, revision %d; want none, 0", len(st), rev)
	}
	f.Set(first)
	f.Standings()
	f.Set(second)
	if st, _, rev := f.SettledStandings(); rev != 1 || !slices.Equal(pairs(st), []int{1, 2}) {
		t.Errorf("after a read and a change: settled pairs %v at revision %d; want [1 2] at 1", pairs(st), rev)
	}
	f.Rescore()
	if st, _, rev := f.SettledStandings(); rev != 2 || !slices.Equal(pairs(st), []int{1, 2, 3, 4}) {
		t.Errorf("after a rescoring: settled pairs %v at revision %d; want [1 2 3 4] at 2", pairs(st), rev)
	}
	f.Remove(first.Slot())
	if lines, _, rev := f.SettledTraveller("", 1); rev != 2 || len(lines) != 2 {
		t.Errorf("after a removal: the settled traveller has %d lines at revision %d; want 2 at 2", len(lines), rev)
	}
	f.Traveller("A", 1)
	if st, _, rev := f.SettledStandings(); rev != 3 || !slices.Equal(pairs(st), []int{3, 4}) {
		t.Errorf("after a removal and a read: settled pairs %v at revision %d; want [3 4] at 3", pairs(st), rev)
	}
	if lines, _, rev := f.SettledTraveller("A", 1); rev != 3 || len(lines) != 1 || lines[0].Result.NS != 3 {
		t.Errorf("after a read: the settled traveller is %+v at revision %d; want pair 3's line at 3", lines, rev)
	}
}

// TestFieldCountsWhatIsEntered: a board's results in a section, counted
// as the field holds them, across the field or not, before any read.
func TestFieldCountsWhatIsEntered(t *testing.T) {
	for _, across := range []bool{false, true} {
		f, err := NewField(Settings{Form: MatchpointPairs, Profile: WBF, AcrossField: across})
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range []Result{
			{Section: "A", Table: 1, Round: 1, Board: 1, NS: 1, EW: 2, NSScore: 420},
			{Section: "A", Table: 2, Round: 1, Board: 1, NS: 3, EW: 4, Kind: NotPlayed},
			{Section: "B", Table: 1, Round: 1, Board: 1, NS: 1, EW: 2, NSScore: 450},
			{Section: "A", Table: 1, Round: 2, Board: 2, NS: 1, EW: 4, NSScore: -50},
		} {
			f.Set(r)
			if i == 1 {
				f.Remove(Slot{Section: "A", Table: 2, Round: 1, Board: 1})
			}
		}
		for _, c := range []struct {
			section     string
			board, want int
		}{{"A", 1, 1}, {"B", 1, 1}, {"A", 2, 1}, {"B", 2, 0}, {"C", 1, 0}} {
			if got := f.Entered(c.board, nil)[c.section]; got != c.want {
				t.Errorf("across the field %v: board %d of %s: %d entered, want %d", across, c.board, c.section, got, c.want)
			}
		}
		for min, want := range map[int]int{400: 1, 430: 0} {
			if got := f.Entered(1, func(r Result) bool { return r.NSScore > min })["A"]; got != want {
				t.Errorf("across the field %v: board 1 of A above %d: %d counted, want %d", across, min, got, want)
			}
		}
	}
}

// wantLines are the lines of a whole scoring that keep accepts.
func wantLines(score SessionScore, keep func(Line) bool) []Line {
	var out []Line
	for _, l := range score.Lines {
		if keep(l) {
			out = append(out, l)
		}
	}
	return out
}

// nationalField is a field of 10,000 pairs in 50 sections of 100 tables
// who all played 26 boards, scored across the field: 130,000 results.
func nationalField(b *testing.B) (*Field, func(n int) Result) {
	f, err := NewField(Settings{Form: MatchpointPairs, Profile: WBF, AcrossField: true})
	if err != nil {
		b.Fatal(err)
	}
	result := func(n int) Result {
		table, board := n%5000, n/5000+1
		section := fmt.Sprintf("%c", 'A'+table/100%26)
		if table >= 2600 {
			section = "A" + section
		}
		t := table%100 + 1
		return Result{Section: section, Table: t, Round: 1, Board: board, NS: 2*t - 1, EW: 2 * t, NSScore: scores[(n*7+board)%len(scores)]}
	}
	for n := range 130_000 {
		f.Set(result(n))
	}
	f.Standings()
	return f, result
}

// BenchmarkFieldStandingsAfterAChange reads the standings of a national
// field after each new result: one op is a result and a read.
func BenchmarkFieldStandingsAfterAChange(b *testing.B) {
	f, result := nationalField(b)
	n := 130_000
	for b.Loop() {
		f.Set(result(n))
		n++
		if st, _ := f.Standings(); len(st) != 10_000 {
			b.Fatalf("%d standings", len(st))
		}
	}
}

// BenchmarkFieldTravellerAfterAChange reads a 5,000-line traveller after a
// change to it.
func BenchmarkFieldTravellerAfterAChange(b *testing.B) {
	f, result := nationalField(b)
	for i := 0; b.Loop(); i++ {
		r := result(i % 5000)
		r.NSScore = scores[i%len(scores)]
		f.Set(r)
		if lines, _ := f.Traveller("", 1); len(lines) != 5000 {
			b.Fatalf("%d lines", len(lines))
		}
	}
}
