package scoring

import (
	"math"
	"slices"
)

// CrossIMPs scores a board by IMPs across the field: each NS score is IMPed against
// every other NS score on the board and the sum is divided by the number of
// comparisons, n-1. EW score the negation. A board with a single result gives 0.
//
// The sums are exact whole numbers (see crossIMPSums); only the division is done in
// floating point.
func CrossIMPs(nsScores []int) []float64 {
	sums := crossIMPSums(nsScores)
	out := make([]float64, len(sums))
	if len(sums) < 2 {
		return out
	}
	for i, s := range sums {
		out[i] = float64(s) / float64(len(sums)-1)
	}
	return out
}

// crossIMPSums returns, for each NS score, the sum of its IMPs against every score
// on the board (against itself it scores 0).
//
// It runs in O(n log n) (see impsAgainst); each distinct score is worked out once.
func crossIMPSums(nsScores []int) []int {
	sorted := slices.Sorted(slices.Values(nsScores))
	distinct := slices.Compact(slices.Clone(sorted))
	sumOf := make([]int, len(distinct))
	for i, s := range distinct {
		sumOf[i] = impsAgainst(sorted, s)
	}
	out := make([]int, len(nsScores))
	for i, s := range nsScores {
		j, _ := slices.BinarySearch(distinct, s)
		out[i] = sumOf[j]
	}
	return out
}

// impsAgainst returns the sum of the IMPs of s against each of the sorted
// scores: step by step of the IMP scale, the number of scores at least that
// step below s minus the number at least that step above it.
func impsAgainst(sorted []int, s int) int {
	sum := 0
	for _, step := range impThresholds {
		sum += countAtMost(sorted, s, -step) - countAtLeast(sorted, s, step)
	}
	return sum
}

// countAtMost returns how many of the sorted scores are at most s+offset (offset
// negative), treating a bound below the smallest int as matching nothing.
func countAtMost(sorted []int, s, offset int) int {
	if s < math.MinInt-offset {
		return 0
	}
	n, _ := slices.BinarySearch(sorted, s+offset+1)
	return n
}

// countAtLeast returns how many of the sorted scores are at least s+offset (offset
// positive), treating a bound above the largest int as matching nothing.
func countAtLeast(sorted []int, s, offset int) int {
	if s > math.MaxInt-offset {
		return 0
	}
	n, _ := slices.BinarySearch(sorted, s+offset)
	return len(sorted) - n
}
