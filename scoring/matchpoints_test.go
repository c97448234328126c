package scoring

import (
	"math/rand/v2"
	"testing"
)

// TestScoreCounts checks both ways of counting (the table of Law 77 scores and the
// sorted distinct scores) against counting by hand, for scores on and off the
// table.
func TestScoreCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	boards := [][]int{
		{420, 420, -50, 170, 7600, -7600},
		{15, 420, 420, -3}, // not multiples of 10: sorted
		{9000, -620, 100},  // beyond the table: sorted
		{},                 // nothing to compare
	}
	for range 20 {
		board := make([]int, rng.IntN(30))
		for i := range board {
			board[i] = 10 * (rng.IntN(41) - 20)
		}
		boards = append(boards, board)
	}
	probes := []int{-8000, -7600, -7595, -55, -50, -45, 0, 5, 15, 100, 420, 425, 7600, 7605, 9000}
	for _, board := range boards {
		for _, c := range []scoreCounts{countScores(board), sortScores(board)} {
			for _, s := range append(probes, board...) {
				wantBelow, wantNotAbove := 0, 0
				for _, v := range board {
					if v < s {
						wantBelow++
					}
					if v <= s {
						wantNotAbove++
					}
				}
				if below, notAbove := c.around(s); below != wantBelow || notAbove != wantNotAbove {
					t.Fatalf("board %v, table %v: around(%d) = %d, %d; want %d, %d",
						board, c.table != nil, s, below, notAbove, wantBelow, wantNotAbove)
				}
			}
		}
	}
}

// TestNeubergFormula checks the formula on the oracle values of reference §2.2:
// EBUScore board 8 (16 of 17 results, top 32) and PairsScorer (13 of 14, top 26).
func TestNeubergFormula(t *testing.T) {
	tests := []struct {
		mp      float64
		n, full int
		want    float64
	}{
		{28, 16, 17, 29.8125},
		{30, 16, 17, 31.9375},
		{0, 16, 17, 0.0625},
		{24, 13, 14, 25 + 12.0/13},
		{22, 13, 14, 23 + 10.0/13},
		{10, 11, 11, 10},
		{0, 1, 11, 10},
	}
	for _, tt := range tests {
		if got := neuberg(tt.mp, tt.n, tt.full); !near(got, tt.want) {
			t.Errorf("neuberg(%v, %d of %d) = %v, want %v", tt.mp, tt.n, tt.full, got, tt.want)
		}
	}
}

func TestPercentageRounding(t *testing.T) {
	tests := []struct {
		hundredths, top int64
		want            float64
	}{
		{34563, 576, 60.01}, // 60.0052: EBUScore pair 10
		{1, 8, 0.13},        // 0.125 rounds half up
		{0, 10, 0},
		{500, 0, 0},
		{-1, 8, -0.13},
	}
	for _, tt := range tests {
		if got := percentage(tt.hundredths, tt.top); got != tt.want {
			t.Errorf("percentage(%d, %d) = %v, want %v", tt.hundredths, tt.top, got, tt.want)
		}
	}
	if got := toHundredths(0.025); got != 3 {
		t.Errorf("toHundredths(0.025) = %d, want 3", got)
	}
}
