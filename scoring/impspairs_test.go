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
		{Board: 1, Lines: []IMPLine{{"A", "B", 620}, {"C", "D", 170}, {"E", "F", 620}}},
		{Board: 2, Lines: []IMPLine{{"A", "F", -100}, {"E", "B", 110}, {"D", "G", 140}}},
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
	board := IMPBoard{Lines: []IMPLine{{"A", "B", 50}, {"C", "D", 0}, {"E", "F", 0}, {"G", "H", 0}, {"I", "J", 0}, {"K", "L", 0}, {"M", "N", 0}, {"O", "P", 20}}}
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
	good := IMPBoard{Board: 1, Lines: []IMPLine{{"A", "B", 100}, {"C", "D", 0}}}
	cases := []struct {
		boards []IMPBoard
		opt    IMPPairsOptions
		says   string
	}{
		{[]IMPBoard{{Board: 3}}, IMPPairsOptions{}, "board 3 has no results"},
		{[]IMPBoard{{Board: 2, Lines: []IMPLine{{"A", "A", 0}}}}, IMPPairsOptions{}, "not two pairs"},
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
