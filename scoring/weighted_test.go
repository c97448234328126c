package scoring

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// half is a weighted score of two outcomes, 50% each.
func half(a, b int) []WeightedScore { return []WeightedScore{{50, a}, {50, b}} }

// weightedLine is an IMP line given the same weighted score both ways.
func weightedLine(ns, ew string, w []WeightedScore) IMPLine {
	return IMPLine{NS: ns, EW: ew, Adjusted: &SideScores{NS: w, EW: w}}
}

func TestCrossIMPsWeightedAndSplit(t *testing.T) {
	// The board of the EBU's scoring forum ("Pairs, XIMPs and Weighted & Split
	// Scoring", forums.ebu.co.uk/discussion/969), whose answer gives every
	// figure: four tables played -110, +50, +170 and +120; at the fifth the
	// director gave North-South 50% of -110 and 50% of +50, and East-West 50%
	// of +170 and 50% of +120. Each line has 4 comparisons.
	//
	// North-South, -110: -4 (v +50), -7 (v +170), -6 (v +120), and against
	// the fifth table ½·0 + ½·-4 = -2: -19/4 = -4.75. +50: 4 - 3 - 2 + (½·4 +
	// ½·0) = 1/4 = 0.25. +170: 7 + 3 + 2 + (½·7 + ½·3) = 17/4 = 4.25. +120:
	// 6 + 2 - 2 + (½·6 + ½·2) = 10/4 = 2.5. The fifth table: -110 scores 0 -
	// 4 - 7 - 6 = -17 against the four, +50 scores 4 + 0 - 3 - 2 = -1:
	// (½·-17 + ½·-1)/4 = -2.25.
	//
	// East-West, from their side: +110 against -50, -170, -120 and the fifth
	// table (½·7 + ½·6): 4 + 7 + 6 + 6.5 = 23.5/4 = 5.875; -50: -4 + 3 + 2 +
	// (½·3 + ½·2) = 3.5/4 = 0.875; -170: -7 - 3 - 2 + (½·0 + ½·-2) = -13/4 =
	// -3.25; -120: -6 - 2 + 2 + (½·2 + ½·0) = -5/4 = -1.25. The fifth table:
	// -170 scores -7 - 3 + 0 - 2 = -12 against the four, -120 scores -6 - 2
	// + 2 + 0 = -6: (½·-12 + ½·-6)/4 = -2.25.
	board := IMPBoard{Board: 1, Lines: []IMPLine{
		{NS: "N1", EW: "E1", Score: -110}, {NS: "N2", EW: "E2", Score: 50},
		{NS: "N3", EW: "E3", Score: 170}, {NS: "N4", EW: "E4", Score: 120},
		{NS: "N5", EW: "E5", Adjusted: &SideScores{NS: half(-110, 50), EW: half(170, 120)}},
	}}
	ns, ew, err := boardIMPs(board, IMPPairsOptions{Method: CrossIMPScoring})
	if err != nil {
		t.Fatal(err)
	}
	wantSides(t, ns, ew, []float64{-4.75, 0.25, 4.25, 2.5, -2.25}, []float64{5.875, 0.875, -3.25, -1.25, -2.25})
}

// wantSides checks each line's exact North-South and East-West IMPs.
func wantSides(t *testing.T, ns, ew []*big.Rat, wantNS, wantEW []float64) {
	t.Helper()
	for i := range wantNS {
		if got := ratFloat(ns[i]); got != wantNS[i] {
			t.Errorf("line %d: NS %v IMPs, want %v", i+1, got, wantNS[i])
		}
		if got := ratFloat(ew[i]); got != wantEW[i] {
			t.Errorf("line %d: EW %v IMPs, want %v", i+1, got, wantEW[i])
		}
	}
}

func TestButlerWeighted(t *testing.T) {
	// +620, +620, +170 and a weighted 50% of +620, 50% of -100, nothing
	// discarded. The weighted line counts in the datum at its expected
	// score, +260: (620 + 620 + 170 + 260)/4 = 417.5, datum 420. +620 is +200:
	// 5 IMPs; +170 is -250: -6; the weighted line ½·IMPs(+200) + ½·IMPs(-520)
	// = ½·5 - ½·11 = -3.
	board := IMPBoard{Board: 1, Lines: []IMPLine{
		{NS: "A", EW: "B", Score: 620}, {NS: "C", EW: "D", Score: 620}, {NS: "E", EW: "F", Score: 170},
		weightedLine("G", "H", half(620, -100)),
	}}
	ns, ew, err := boardIMPs(board, IMPPairsOptions{Method: ButlerScoring})
	if err != nil {
		t.Fatal(err)
	}
	wantSides(t, ns, ew, []float64{5, 5, -6, -3}, []float64{-5, -5, 6, 3})
}

func TestButlerSplit(t *testing.T) {
	// +620, +170, and a split score: North-South scored on -100, East-West
	// on +620. Each side has its own datum, nothing discarded. North-South:
	// (620 + 170 - 100)/3 = 230; +390 is 9 IMPs, -60 is -2, -330 is -8.
	// East-West, from North-South's side: (620 + 170 + 620)/3 = 470; +150 is
	// 4 (so -4 to East-West), -300 is -7 (+7), +150 is 4 (-4). The split
	// table scores -8 and -4: its two sides do not balance, nor do the
	// others'.
	board := IMPBoard{Board: 1, Lines: []IMPLine{
		{NS: "A", EW: "B", Score: 620}, {NS: "C", EW: "D", Score: 170},
		{NS: "E", EW: "F", Adjusted: &SideScores{NS: []WeightedScore{{100, -100}}, EW: []WeightedScore{{100, 620}}}},
	}}
	ns, ew, err := boardIMPs(board, IMPPairsOptions{Method: ButlerScoring})
	if err != nil {
		t.Fatal(err)
	}
	wantSides(t, ns, ew, []float64{9, -2, -8}, []float64{-4, 7, -4})
}

func TestScoreSessionCrossIMPsKeepsAWeightedTable(t *testing.T) {
	// Three tables: +420, +170 and a weighted 50% of +620, 50% of -100. Each
	// line has 2 comparisons. +420: 6 (v +170) and ½·-5 + ½·11 = 3: 9/2 =
	// 4.5. +170: -6 and ½·-10 + ½·7 = -1.5: -7.5/2 = -3.75. The weighted
	// line: +620 scores 5 + 10 = 15 against the two, -100 scores -11 - 7 =
	// -18: (½·15 - ½·18)/2 = -0.75. Both of its pairs stand with it.
	results := []Result{
		{Section: "A", Table: 1, Round: 1, Board: 1, NS: 1, EW: 4, NSScore: 420},
		{Section: "A", Table: 2, Round: 1, Board: 1, NS: 2, EW: 5, NSScore: 170},
		{Section: "A", Table: 3, Round: 1, Board: 1, NS: 3, EW: 6, Kind: Weighted, Weights: half(620, -100)},
	}
	score, err := ScoreSession(Settings{Form: CrossIMPPairs, Profile: WBF}, results, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]float64{}
	for _, st := range score.Standings {
		got[st.Pair] = st.Score
	}
	want := map[int]float64{1: 4.5, 2: -3.75, 3: -0.75, 4: -4.5, 5: 3.75, 6: 0.75}
	if !mapsEqual(got, want) {
		t.Errorf("standings %v, want %v", got, want)
	}
	if l := score.Lines[2]; l.NSPoints != -0.75 || l.EWPoints != 0.75 {
		t.Errorf("weighted line %+v, want -0.75 and 0.75", l)
	}
}

func mapsEqual(a, b map[int]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func TestScoreIMPMatchWeighted(t *testing.T) {
	// Board 2: in the open room the director gave 50% of 4♥= (+620) and 50%
	// of 4♥-1 (-100); the closed room played 3♥+1, +170. Each outcome is
	// IMPed against +170 and the IMPs weighted: ½·IMPs(+450) + ½·IMPs(-270)
	// = ½·10 - ½·7 = +1.5 for the home team, -1.5 for the away team (the
	// score weighted first, +260, would be 3 IMPs). With 6 on board 1 and a
	// flat board 3 the margin is 7.5: 15-5 on the discrete scale (7.5 has
	// reached the step at 7, not the one at 9), and 10 + 10·(1 −
	// τ^(22.5/25.98))/(1 − τ³) = 14.46 on the WBF's over 3 boards.
	m := Match{Home: "A", Away: "B", Boards: []BoardPair{
		{Board: 1, OpenNS: 420, ClosedNS: 170},
		{Board: 2, OpenAdjusted: &SideScores{NS: half(620, -100), EW: half(620, -100)}, ClosedNS: 170},
		{Board: 3, OpenNS: 100, ClosedNS: 100},
	}}
	for _, c := range []struct {
		scale      VPScale
		home, away float64
	}{{EBUDiscrete20, 15, 5}, {WBF2013{}, 14.46, 5.54}} {
		r, err := ScoreIMPMatch(m, c.scale)
		if err != nil {
			t.Fatal(err)
		}
		if want := []BoardScore{{1, 6, -6}, {2, 1.5, -1.5}, {3, 0, 0}}; !slices.Equal(r.Boards, want) {
			t.Errorf("boards %v, want %v", r.Boards, want)
		}
		if r.HomeMargin != 7.5 || r.AwayMargin != -7.5 || r.HomeScore != c.home || r.AwayScore != c.away {
			t.Errorf("%T: margins %v/%v VPs %v-%v, want 7.5/-7.5 and %v-%v", c.scale, r.HomeMargin, r.AwayMargin, r.HomeScore, r.AwayScore, c.home, c.away)
		}
	}
}

func TestScoreIMPMatchSplitNeedNotBalance(t *testing.T) {
	// Board 2: the open room played +140; in the closed room the director
	// split the score, North-South (the away team's pair) scored on -100
	// and East-West (the home team's) on +140. The home team: open +140
	// against its closed pair's +140 (from North-South's side), 0 IMPs. The
	// away team: its closed pair's -100 against the open room's +140,
	// IMPs(-240) = -6. With 6 each way on board 1 the margins are 6 and
	// -12: 14 and 3 VPs on the discrete scale, 17 in all.
	m := Match{Home: "A", Away: "B", Boards: []BoardPair{
		{Board: 1, OpenNS: 420, ClosedNS: 170},
		{Board: 2, OpenNS: 140, ClosedAdjusted: &SideScores{NS: []WeightedScore{{100, -100}}, EW: []WeightedScore{{100, 140}}}},
		{Board: 3, OpenNS: 100, ClosedNS: 100},
	}}
	r, err := ScoreIMPMatch(m, EBUDiscrete20)
	if err != nil {
		t.Fatal(err)
	}
	if r.Boards[1] != (BoardScore{2, 0, -6}) || r.HomeMargin != 6 || r.AwayMargin != -12 || r.HomeScore != 14 || r.AwayScore != 3 {
		t.Errorf("board 2 %v, margins %v/%v, VPs %v-%v; want 0/-6, 6/-12 and 14-3", r.Boards[1], r.HomeMargin, r.AwayMargin, r.HomeScore, r.AwayScore)
	}
}

func TestAdjustedScoresRefusedWhereTheyCannotBeScored(t *testing.T) {
	bad := &SideScores{NS: []WeightedScore{{60, 620}, {30, -100}}, EW: half(620, -100)}
	m := Match{Home: "A", Away: "B", Boards: []BoardPair{{Board: 1, OpenAdjusted: bad}}}
	if _, err := ScoreIMPMatch(m, WBF2013{}); err == nil || !strings.Contains(err.Error(), "90%") || !strings.Contains(err.Error(), "open room") {
		t.Errorf("weights of 90%%: error %v, want one naming the room and the sum", err)
	}
	good := &SideScores{NS: half(620, -100), EW: half(620, -100)}
	m.Boards[0].OpenAdjusted = good
	if _, err := ScorePABMatch(m, PABOptions{}); err == nil || !strings.Contains(err.Error(), "point-a-board") {
		t.Errorf("weighted score point-a-board: error %v, want one saying point-a-board takes none", err)
	}
	board := IMPBoard{Board: 3, Lines: []IMPLine{{NS: "A", EW: "B", Score: 100}, {NS: "C", EW: "D", Adjusted: bad}}}
	if _, _, err := boardIMPs(board, IMPPairsOptions{}); err == nil || !strings.Contains(err.Error(), "board 3 line 2") {
		t.Errorf("weights of 90%% at cross-IMPs: error %v, want one naming the line", err)
	}
}

// randomIMPBoard is a board of 2 to 9 lines of scores drawn from scores,
// some weighted.
func randomIMPBoard(rng *rand.Rand) IMPBoard {
	b := IMPBoard{Board: 1}
	for i := range 2 + rng.IntN(8) {
		l := IMPLine{NS: fmt.Sprint("N", i), EW: fmt.Sprint("E", i), Score: scores[rng.IntN(len(scores))]}
		if rng.IntN(3) == 0 {
			w := []WeightedScore{{30, scores[rng.IntN(len(scores))]}, {70, l.Score}}
			l.Adjusted = &SideScores{NS: w, EW: w}
		}
		b.Lines = append(b.Lines, l)
	}
	return b
}

// TestWeightedScoreOfOneOutcomeIsThePlainResult gives a line of a random board
// one outcome at 100% in place of its score: every line's IMPs stay as they
// were, at cross-IMPs, Butler and in a team match.
func TestWeightedScoreOfOneOutcomeIsThePlainResult(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	for range 300 {
		b := randomIMPBoard(rng)
		i := rng.IntN(len(b.Lines))
		plain := slices.Clone(b.Lines)
		plain[i].Adjusted = nil
		alone := slices.Clone(plain)
		one := []WeightedScore{{100, plain[i].Score}}
		alone[i].Adjusted, alone[i].Score = &SideScores{NS: one, EW: one}, 0
		for _, opt := range []IMPPairsOptions{{Method: CrossIMPScoring}, {Method: ButlerScoring, Butler: ButlerOptions{Discard: 1}}} {
			wantNS, wantEW, err := boardIMPs(IMPBoard{Board: 1, Lines: plain}, opt)
			if err != nil {
				t.Fatal(err)
			}
			gotNS, gotEW, err := boardIMPs(IMPBoard{Board: 1, Lines: alone}, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(gotNS, wantNS, ratEqual) || !slices.EqualFunc(gotEW, wantEW, ratEqual) {
				t.Fatalf("method %v, line %d of %+v at 100%%: %v / %v, plain %v / %v", opt.Method, i, plain, gotNS, gotEW, wantNS, wantEW)
			}
		}
		open, closed := plain[0].Score, plain[1].Score
		oneOpen := []WeightedScore{{100, open}}
		want, _ := ScoreIMPMatch(Match{Home: "A", Away: "B", Boards: []BoardPair{{Board: 1, OpenNS: open, ClosedNS: closed}}}, WBF2013{})
		got, err := ScoreIMPMatch(Match{Home: "A", Away: "B", Boards: []BoardPair{{Board: 1, OpenAdjusted: &SideScores{NS: oneOpen, EW: oneOpen}, ClosedNS: closed}}}, WBF2013{})
		if err != nil || !slices.Equal(got.Boards, want.Boards) || got.HomeScore != want.HomeScore {
			t.Fatalf("team board %d v %d with the open room at 100%%: %+v, %v; plain %+v", open, closed, got, err, want)
		}
	}
}

func ratEqual(a, b *big.Rat) bool { return a.Cmp(b) == 0 }

// TestUnsplitScoresBalance checks random boards with weighted lines: East-West
// score exactly the negation of North-South on every line, and the two teams
// of a match exactly opposite IMPs, whenever no score is split.
func TestUnsplitScoresBalance(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 2))
	for range 300 {
		b := randomIMPBoard(rng)
		for _, opt := range []IMPPairsOptions{{Method: CrossIMPScoring}, {Method: ButlerScoring}} {
			ns, ew, err := boardIMPs(b, opt)
			if err != nil {
				t.Fatal(err)
			}
			for i := range ns {
				if new(big.Rat).Add(ns[i], ew[i]).Sign() != 0 {
					t.Fatalf("method %v, %+v: line %d scores %v and %v", opt.Method, b.Lines, i, ns[i], ew[i])
				}
			}
		}
		bp := BoardPair{Board: 1, OpenAdjusted: b.Lines[0].Adjusted, OpenNS: b.Lines[0].Score, ClosedAdjusted: b.Lines[1].Adjusted, ClosedNS: b.Lines[1].Score}
		home, away, err := bp.imps()
		if err != nil {
			t.Fatal(err)
		}
		if new(big.Rat).Add(home, away).Sign() != 0 {
			t.Fatalf("%+v: home %v, away %v", bp, home, away)
		}
	}
}

func TestIMPPenaltyInAVictoryPointMatch(t *testing.T) {
	// Teams 1 and 2 meet in round 1 over 2 boards (blitz 15·√2 = 21.21):
	// +420 against +170 is 6 IMPs to team 1, board 2 is flat. On the WBF's
	// scale 6 IMPs is 14.39-5.61, 3 IMPs 12.42 and 9 IMPs 16.00.
	results := []Result{
		{Section: "A", Table: 1, Round: 1, Board: 1, NS: 1, EW: 2, NSScore: 420},
		{Section: "A", Table: 2, Round: 1, Board: 1, NS: 2, EW: 1, NSScore: 170},
		{Section: "A", Table: 1, Round: 1, Board: 2, NS: 1, EW: 2, NSScore: 100},
		{Section: "A", Table: 2, Round: 1, Board: 2, NS: 2, EW: 1, NSScore: 100},
	}
	penalty := func(team int) []Penalty {
		return []Penalty{{Section: "A", Pair: team, Amount: 3, IMPs: true, Round: 1}}
	}
	cases := []struct {
		method    IMPPenaltyMethod
		team      int
		one, two  float64
		deduction float64
	}{
		// From the margin: team 1 scores the VPs of 6 - 3 = 3 IMPs, 12.42;
		// team 2 keeps 5.61.
		{PenaltyFromMargin, 1, 12.42, 5.61, 1.97},
		// Team 2, -6 - 3 = -9 IMPs: 20 - 16.00 = 4.00.
		{PenaltyFromMargin, 2, 14.39, 4, 1.61},
		// On the scale: 3 IMPs are worth 12.42 - 10 = 2.42 VPs, whatever
		// the margin.
		{PenaltyOnScale, 1, 11.97, 5.61, 2.42},
		{PenaltyOnScale, 2, 14.39, 3.19, 2.42},
	}
	for _, c := range cases {
		s := Settings{Form: TeamsVictoryPoints, Profile: WBF}
		s.Profile.IMPPenalties = c.method
		score, err := ScoreSession(s, results, penalty(c.team))
		if err != nil {
			t.Fatal(err)
		}
		got := map[int]Standing{}
		for _, st := range score.Standings {
			got[st.Pair] = st
		}
		if got[1].Score != c.one || got[2].Score != c.two || got[c.team].Penalties != c.deduction || got[3-c.team].Penalties != 0 {
			t.Errorf("%v, 3 IMPs against team %d: %+v, want %v and %v with %v VPs taken from team %d",
				c.method, c.team, score.Standings, c.one, c.two, c.deduction, c.team)
		}
	}
	// A penalty in a round the team has no scored match in waits.
	waiting := []Penalty{{Section: "A", Pair: 1, Amount: 3, IMPs: true, Round: 2}}
	score, err := ScoreSession(Settings{Form: TeamsVictoryPoints, Profile: WBF}, results, waiting)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range score.Standings {
		if st.Penalties != 0 {
			t.Errorf("penalty for an unplayed round deducted: %+v", st)
		}
	}
}
