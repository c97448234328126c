package scoring

import "testing"

// TestTravellerAndStandingsRoundAlike scores a cross-IMP board on which one
// pair earns exactly -1/8 IMP (one IMP lost in eight comparisons): the
// traveller and the standings both publish it as -0.13, halves rounded away
// from zero.
func TestTravellerAndStandingsRoundAlike(t *testing.T) {
	results := []Result{{Section: "A", Table: 1, Round: 1, Board: 1, NS: 1, EW: 2, NSScore: 420},
		{Section: "A", Table: 2, Round: 1, Board: 1, NS: 3, EW: 4, NSScore: 440}}
	for table := 3; table <= 9; table++ {
		results = append(results, Result{Section: "A", Table: table, Round: 1, Board: 1, NS: 2*table - 1, EW: 2 * table, NSScore: 420})
	}
	score, err := ScoreSession(Settings{Form: CrossIMPPairs, Profile: WBF}, results, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := score.Lines[0].NSPoints; got != -0.13 {
		t.Errorf("traveller: pair 1 earns %v, want -0.13", got)
	}
	for _, st := range score.Standings {
		if st.Pair == 1 && st.Score != -0.13 {
			t.Errorf("standings: pair 1 has %v, want -0.13 as on the traveller", st.Score)
		}
		if st.Pair == 2 && st.Score != 0.13 {
			t.Errorf("standings: pair 2 has %v, want 0.13", st.Score)
		}
	}
}

// TestScoreSessionLeavesOutABoardAPairPlayedTwice scores two boards, one of
// which names a pair twice: the other board is scored, and the bad one is a
// problem named by its section and board.
func TestScoreSessionLeavesOutABoardAPairPlayedTwice(t *testing.T) {
	results := []Result{
		{Section: "A", Table: 1, Round: 1, Board: 1, NS: 1, EW: 2, NSScore: 420},
		{Section: "A", Table: 2, Round: 1, Board: 1, NS: 3, EW: 4, NSScore: 450},
		{Section: "A", Table: 1, Round: 2, Board: 2, NS: 1, EW: 4, NSScore: 100},
		{Section: "A", Table: 2, Round: 2, Board: 2, NS: 1, EW: 2, NSScore: 110},
	}
	score, err := ScoreSession(Settings{Form: MatchpointPairs, Profile: WBF}, results, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(score.Problems) != 1 || score.Problems[0].Board != 2 || score.Problems[0].Section != "A" {
		t.Fatalf("problems %+v, want board 2 of section A", score.Problems)
	}
	if len(score.Lines) != 2 {
		t.Fatalf("%d lines, want board 1's two", len(score.Lines))
	}
	for _, st := range score.Standings {
		if st.Boards != 1 {
			t.Errorf("pair %d counted %d boards, want board 1 only", st.Pair, st.Boards)
		}
	}
}
