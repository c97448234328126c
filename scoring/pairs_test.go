package scoring

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// played returns a played result on board in section "A".
func played(board, ns, ew, score int) Result {
	return Result{Section: "A", Board: board, NS: ns, EW: ew, NSScore: score}
}

func scorePairs(t *testing.T, results []Result, opt PairsOptions) PairsScore {
	t.Helper()
	got, err := ScorePairs(results, opt)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func checkLines(t *testing.T, got PairsScore, want [][2]float64) {
	t.Helper()
	for i, w := range want {
		if l := got.Lines[i]; l.NSMatchpoints != w[0] || l.EWMatchpoints != w[1] {
			t.Errorf("line %d: %v/%v, want %v/%v", i, l.NSMatchpoints, l.EWMatchpoints, w[0], w[1])
		}
	}
}

// TestNeubergExample is Max Bavin's example on the EBU site: ten results on a board
// where eleven were expected, top 20, give 19.9 for a sole top and 2.2 less for
// each step down.
func TestNeubergExample(t *testing.T) {
	var results []Result
	for table := 1; table <= 11; table++ {
		results = append(results, played(1, table, 20+table, 0))
	}
	for table := 1; table <= 10; table++ {
		results = append(results, played(2, table, 20+table, 10*table))
	}
	got := scorePairs(t, results, PairsOptions{Profile: EBU})
	for table := 10; table >= 1; table-- {
		l := got.Lines[11+table-1]
		want := 19.9 - 2.2*float64(10-table)
		if !near(l.NSMatchpoints, want) || !near(l.EWMatchpoints, 20-want) || l.Top != 20 {
			t.Errorf("table %d: %v/%v top %v, want %.1f/%.1f top 20", table, l.NSMatchpoints, l.EWMatchpoints, l.Top, want, 20-want)
		}
	}
	withoutNeuberg := EBU
	withoutNeuberg.Neuberg = false
	got = scorePairs(t, results, PairsOptions{Profile: withoutNeuberg})
	if l := got.Lines[20]; l.NSMatchpoints != 18 || l.Top != 18 {
		t.Errorf("without Neuberg the top result scores %v of %v, want 18 of 18", l.NSMatchpoints, l.Top)
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

// TestScales checks 2/1/0 and 1/½/0 on one board with a tie.
func TestScales(t *testing.T) {
	results := []Result{played(1, 1, 11, 420), played(1, 2, 12, 420), played(1, 3, 13, -50), played(1, 4, 14, 0)}
	checkLines(t, scorePairs(t, results, PairsOptions{Profile: EBU}), [][2]float64{{5, 1}, {5, 1}, {0, 6}, {2, 4}})
	got := scorePairs(t, results, PairsOptions{Profile: ACBL})
	checkLines(t, got, [][2]float64{{2.5, 0.5}, {2.5, 0.5}, {0, 3}, {1, 2}})
	if got.Lines[0].Top != 3 {
		t.Errorf("ACBL top %v, want 3", got.Lines[0].Top)
	}
}

// TestWeightedScore checks a Law 12C1(c) weighted score: 50% of +420 and 50% of −50
// among five played results, top 10. The weighted line scores half of what each
// component scores against the others, and each other result half of what it scores
// against each component; the board still adds up to 6·5 = 30 for North-South.
func TestWeightedScore(t *testing.T) {
	results := []Result{
		played(1, 1, 11, 620), played(1, 2, 12, 170), played(1, 3, 13, 140), played(1, 4, 14, 100), played(1, 5, 15, -100),
		{Section: "A", Board: 1, NS: 6, EW: 16, Kind: Weighted, Weights: []WeightedScore{{50, 420}, {50, -50}}},
	}
	checkLines(t, scorePairs(t, results, PairsOptions{Profile: EBU}),
		[][2]float64{{10, 0}, {7, 3}, {5, 5}, {3, 7}, {0, 10}, {5, 5}})
}

// TestSplitScore checks a non-balancing assigned score: North-South are
// matchpointed on +100 and East-West on +420.
func TestSplitScore(t *testing.T) {
	results := []Result{
		{Section: "A", Board: 1, NS: 1, EW: 4, Kind: Split, NSScore: 100, EWScore: 420},
		played(1, 2, 5, 170), played(1, 3, 6, -50),
	}
	checkLines(t, scorePairs(t, results, PairsOptions{Profile: EBU}), [][2]float64{{2, 0}, {4, 2}, {0, 4}})
}

// TestArtificialScores checks Law 12C2 with the session percentage: pair 1 (in no
// way at fault, 100% on its other boards) gets 100% of the top, pair 6 (at fault,
// 75% elsewhere) gets 40%. The board's two played results are factored from 2 to 3
// results, and the pairs are ranked as one field.
func TestArtificialScores(t *testing.T) {
	results := []Result{
		played(1, 1, 4, 420), played(1, 2, 5, 170), played(1, 3, 6, -50),
		played(2, 1, 5, 100), played(2, 2, 6, -100), played(2, 3, 4, -200),
		{Section: "A", Board: 3, NS: 1, EW: 6, Kind: Artificial, NSAdjust: AveragePlus, EWAdjust: AverageMinus},
		played(3, 2, 4, 50), played(3, 3, 5, -50),
	}
	got := scorePairs(t, results, PairsOptions{Profile: EBU})
	checkLines(t, got, [][2]float64{{4, 0}, {2, 2}, {0, 4}, {4, 0}, {2, 2}, {0, 4}, {4, 1.6}, {3.5, 0.5}, {0.5, 3.5}})
	want := map[int]struct {
		mp, pct float64
		place   string
	}{
		1: {12, 100, "1"}, 6: {7.6, 63.33, "2"}, 2: {7.5, 62.5, "3"},
		5: {5.5, 45.83, "4"}, 4: {4.5, 37.5, "5"}, 3: {0.5, 4.17, "6"},
	}
	for _, p := range got.Pairs {
		w := want[p.Pair]
		if !near(p.Matchpoints, w.mp) || p.Percentage != w.pct || p.Place != w.place || p.Boards != 3 {
			t.Errorf("pair %d: %v MP %v%% place %s over %d boards, want %v MP %v%% place %s over 3",
				p.Pair, p.Matchpoints, p.Percentage, p.Place, p.Boards, w.mp, w.pct, w.place)
		}
	}
	fixed := EBU
	fixed.SessionPercentageForAveragePlus, fixed.SessionPercentageForAverageMinus = false, false
	got = scorePairs(t, results, PairsOptions{Profile: fixed})
	if l := got.Lines[6]; l.NSMatchpoints != 2.4 || l.EWMatchpoints != 1.6 {
		t.Errorf("fixed 60/40: %v/%v, want 2.4/1.6", l.NSMatchpoints, l.EWMatchpoints)
	}
}

// TestTwoWinnersAndSections checks that NS 1 and EW 1 of a Mitchell are different
// pairs, that sections are matchpointed apart or across the field, and that a board
// not played is ignored.
func TestTwoWinnersAndSections(t *testing.T) {
	results := []Result{
		{Section: "A", Board: 1, NS: 1, EW: 1, NSScore: 420},
		{Section: "A", Board: 1, NS: 2, EW: 2, NSScore: 400},
		{Section: "B", Board: 1, NS: 1, EW: 1, NSScore: 450},
		{Section: "B", Board: 1, NS: 2, EW: 2, Kind: NotPlayed},
	}
	apart := scorePairs(t, results, PairsOptions{Profile: EBU, TwoWinners: true})
	checkLines(t, apart, [][2]float64{{2, 0}, {0, 2}, {0, 0}, {0, 0}})
	if len(apart.Pairs) != 6 {
		t.Fatalf("%d pairs, want 6: %+v", len(apart.Pairs), apart.Pairs)
	}
	across := scorePairs(t, results, PairsOptions{Profile: EBU, TwoWinners: true, AcrossField: true})
	checkLines(t, across, [][2]float64{{2, 2}, {0, 4}, {4, 0}})
	for _, p := range across.Pairs {
		if p.Section == "B" && p.Pair == 1 && p.Direction.String() == "NS" && (p.Place != "1" || p.Percentage != 100) {
			t.Errorf("B NS 1 across the field: %+v", p)
		}
	}
}

func TestScorePairsErrors(t *testing.T) {
	tests := []struct {
		name    string
		results []Result
		opt     PairsOptions
		want    string
	}{
		{"board 0", []Result{played(0, 1, 2, 0)}, PairsOptions{Profile: EBU}, "board number 0"},
		{"pair 0", []Result{played(1, 0, 2, 0)}, PairsOptions{Profile: EBU}, "pair numbers"},
		{"twice", []Result{played(1, 1, 2, 0), played(1, 1, 3, 0)}, PairsOptions{Profile: EBU}, "pair 1 has two results on board 1"},
		{"weights", []Result{{Board: 1, NS: 1, EW: 2, Kind: Weighted, Weights: []WeightedScore{{60, 100}, {30, 0}}}},
			PairsOptions{Profile: EBU}, "add up to 90%"},
		{"no weights", []Result{{Board: 1, NS: 1, EW: 2, Kind: Weighted}}, PairsOptions{Profile: EBU}, "no weights"},
		{"artificial", []Result{{Board: 1, NS: 1, EW: 2, Kind: Artificial, NSAdjust: Average}},
			PairsOptions{Profile: EBU}, "adjustment for both sides"},
		{"kind", []Result{{Board: 1, NS: 1, EW: 2, Kind: 9}}, PairsOptions{Profile: EBU}, "unknown kind"},
		{"expected", []Result{played(1, 1, 2, 0), played(1, 3, 4, 0)}, PairsOptions{Profile: EBU, ExpectedResults: 1},
			"2 results, more than the 1 expected"},
		{"profile", nil, PairsOptions{Profile: Profile{Name: "odd", AveragePlus: 40, Average: 50}}, "averages"},
	}
	for _, tt := range tests {
		_, err := ScorePairs(tt.results, tt.opt)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want it to contain %q", tt.name, err, tt.want)
		}
	}
}

// FuzzScorePairs checks that ScorePairs never panics and that, for played results,
// every line's matchpoints add up to the top and no pair is above 100%.
func FuzzScorePairs(f *testing.F) {
	f.Add([]byte{1, 1, 2, 10, 1, 3, 4, 20, 2, 1, 4, 0}, false, true)
	f.Add([]byte{1, 1, 1, 1, 1, 1, 1, 1}, true, false)
	f.Fuzz(func(t *testing.T, data []byte, neuberg, twoWinners bool) {
		var results []Result
		for len(data) >= 4 {
			results = append(results, played(int(data[0]%8), int(data[1]%6), int(data[2]%6)+6, 10*int(int8(data[3]))))
			data = data[4:]
		}
		profile := EBU
		profile.Neuberg = neuberg
		got, err := ScorePairs(results, PairsOptions{Profile: profile, TwoWinners: twoWinners})
		if err != nil {
			return
		}
		for i, l := range got.Lines {
			if sum := l.NSMatchpoints + l.EWMatchpoints; sum < l.Top-0.011 || sum > l.Top+0.011 {
				t.Fatalf("line %d: %v + %v is not the top %v", i, l.NSMatchpoints, l.EWMatchpoints, l.Top)
			}
		}
		for _, p := range got.Pairs {
			if p.Percentage < 0 || p.Percentage > 100 {
				t.Fatalf("pair %d: %v%%", p.Pair, p.Percentage)
			}
		}
	})
}

// BenchmarkScorePairs scores a simultaneous field of 10,000 pairs on 26 boards:
// 5,000 results a board drawn from 30 realistic scores.
func BenchmarkScorePairs(b *testing.B) {
	scores := []int{-1100, -800, -650, -620, -500, -460, -450, -430, -420, -200, -170, -150, -140, -110, -100,
		-50, 50, 90, 100, 110, 140, 150, 170, 200, 300, 420, 430, 450, 620, 650}
	rng := rand.New(rand.NewPCG(1, 2))
	const tables, boards = 5000, 26
	results := make([]Result, 0, tables*boards)
	for board := 1; board <= boards; board++ {
		for table := 1; table <= tables; table++ {
			results = append(results, Result{Section: "A", Board: board, NS: table, EW: tables + table,
				NSScore: scores[rng.IntN(len(scores))]})
		}
	}
	opt := PairsOptions{Profile: EBU, TwoWinners: true}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ScorePairs(results, opt); err != nil {
			b.Fatal(err)
		}
	}
}
