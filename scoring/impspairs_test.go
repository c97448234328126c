package scoring

import (
	"math/big"
	"slices"
	"strings"
	"testing"
)

func TestScoreIMPPairsButlerWithSitOut(t *testing.T) {
	// Pair C sits out board 2; its total over one board is factored to two.
	boards := []IMPBoard{
		{Board: 1, Lines: []IMPLine{{NS: "A", EW: "B", Score: 620}, {NS: "C", EW: "D", Score: 170}, {NS: "E", EW: "F", Score: 620}}},
		{Board: 2, Lines: []IMPLine{{NS: "A", EW: "F", Score: -100}, {NS: "E", EW: "B", Score: 110}, {NS: "D", EW: "G", Score: 140}}},
	}
	res, err := ScoreIMPPairs(boards, IMPPairsOptions{Method: ButlerScoring})
	if err != nil {
		t.Fatal(err)
	}
	// Board 1 datum (620+170+620)/3 = 470: +150 = 4, -300 = -7.
	// Board 2 datum 150/3 = 50: -150 = -4, +60 = 2, +90 = 3.
	if want := [][]float64{{4, -7, 4}, {-4, 2, 3}}; !slices.EqualFunc(res.Boards, want, slices.Equal) {
		t.Errorf("board IMPs %v, want %v", res.Boards, want)
	}
	want := []IMPPairTotal{
		{Pair: "A", Played: 2, Total: 0, Place: Place{Rank: 3, Tied: true}},
		{Pair: "B", Played: 2, Total: -6, Place: Place{Rank: 5, Tied: true}},
		{Pair: "C", Played: 1, Total: -14, Place: Place{Rank: 7}},
		{Pair: "D", Played: 2, Total: 10, Place: Place{Rank: 1}},
		{Pair: "E", Played: 2, Total: 6, Place: Place{Rank: 2}},
		{Pair: "F", Played: 2, Total: 0, Place: Place{Rank: 3, Tied: true}},
		{Pair: "G", Played: 1, Total: -6, Place: Place{Rank: 5, Tied: true}},
	}
	if !slices.Equal(res.Pairs, want) {
		t.Errorf("pairs =\n%+v\nwant\n%+v", res.Pairs, want)
	}
}

func TestScoreIMPPairsRoundBoards(t *testing.T) {
	// Eight results, so sevenths: the exact total and the total of rounded board
	// values differ.
	board := IMPBoard{Lines: []IMPLine{{NS: "A", EW: "B", Score: 50}, {NS: "C", EW: "D", Score: 0}, {NS: "E", EW: "F", Score: 0}, {NS: "G", EW: "H", Score: 0}, {NS: "I", EW: "J", Score: 0}, {NS: "K", EW: "L", Score: 0}, {NS: "M", EW: "N", Score: 0}, {NS: "O", EW: "P", Score: 20}}}
	var boards []IMPBoard
	for n := 1; n <= 3; n++ {
		board.Board = n
		boards = append(boards, board)
	}
	// A: 2 IMPs v six zeros + 1 v the 20 = 13/7 per board; 3 boards: 39/7 = 5.571.
	// Rounded per board: 1.86 × 3 = 5.58.
	for _, c := range []struct {
		round bool
		want  float64
	}{{false, 5.57}, {true, 5.58}} {
		res, err := ScoreIMPPairs(boards, IMPPairsOptions{RoundBoards: c.round})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Pairs[0]; got.Pair != "A" || got.Total != c.want {
			t.Errorf("RoundBoards %v: %+v, want A with %v", c.round, got, c.want)
		}
	}
}

func TestScoreIMPPairsRejectsBadInput(t *testing.T) {
	good := IMPBoard{Board: 1, Lines: []IMPLine{{NS: "A", EW: "B", Score: 100}, {NS: "C", EW: "D", Score: 0}}}
	cases := []struct {
		boards []IMPBoard
		opt    IMPPairsOptions
		says   string
	}{
		{[]IMPBoard{{Board: 3}}, IMPPairsOptions{}, "board 3 has no results"},
		{[]IMPBoard{{Board: 2, Lines: []IMPLine{{NS: "A", EW: "A"}}}}, IMPPairsOptions{}, "not two pairs"},
		{[]IMPBoard{good}, IMPPairsOptions{Boards: -1}, "-1 boards"},
		{[]IMPBoard{good, good}, IMPPairsOptions{Boards: 1}, "played 2 boards"},
		{[]IMPBoard{good}, IMPPairsOptions{Method: 7}, "unknown"},
		{[]IMPBoard{good}, IMPPairsOptions{Method: ButlerScoring, Butler: ButlerOptions{Discard: -1}}, "board 1: scoring: Butler discard"},
	}
	for _, c := range cases {
		if _, err := ScoreIMPPairs(c.boards, c.opt); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("ScoreIMPPairs(%+v, %+v) error = %v, want one saying %q", c.boards, c.opt, err, c.says)
		}
	}
}

func TestRoundRatHalvesAwayFromZero(t *testing.T) {
	cases := map[string]string{"1/8": "13/100", "-1/8": "-13/100", "-1935/1000": "-97/50", "9/7": "129/100", "0": "0"}
	for in, want := range cases {
		r, _ := new(big.Rat).SetString(in)
		w, _ := new(big.Rat).SetString(want)
		if got := roundRat(r, 2); got.Cmp(w) != 0 {
			t.Errorf("roundRat(%s, 2) = %s, want %s", in, got, w)
		}
	}
}

// TestIMPPairsArtificialLines: an artificial line is left out of the
// comparison and gives each side its own IMPs.
func TestIMPPairsArtificialLines(t *testing.T) {
	board := IMPBoard{Board: 1, Lines: []IMPLine{
		{NS: "1", EW: "4", Score: 420},
		{NS: "2", EW: "5", Score: -50},
		{NS: "3", EW: "6", Score: 9990, Artificial: &AssignedIMPs{Home: 3, Away: -3}},
	}}
	res, err := ScoreIMPPairs([]IMPBoard{board}, IMPPairsOptions{Method: CrossIMPScoring})
	if err != nil {
		t.Fatal(err)
	}
	// 420 against -50 only: 470 is 10 IMPs over one comparison.
	want := map[string]float64{"1": 10, "4": -10, "2": -10, "5": 10, "3": 3, "6": -3}
	for _, p := range res.Pairs {
		if p.Total != want[p.Pair] || p.Played != 1 {
			t.Errorf("pair %s: %v IMPs over %d boards, want %v over 1", p.Pair, p.Total, p.Played, want[p.Pair])
		}
	}
	if res.Boards[0][2] != 3 {
		t.Errorf("the artificial line shows %v NS IMPs, want 3", res.Boards[0][2])
	}
}
