package scoring

import (
	"cmp"
	"math"
	"slices"
	"strconv"
)

// Place is a competition rank: contestants with equal scores share the best of their
// places and the next places are skipped ("1224" ranking), as travellers and USEBIO
// PLACE elements show.
type Place struct {
	Rank int
	Tied bool
}

// String returns the rank, with "=" when it is shared: "3" or "3=".
func (p Place) String() string {
	s := strconv.Itoa(p.Rank)
	if p.Tied {
		s += "="
	}
	return s
}

// Rank returns the place of each score, in the order of scores. Equal scores share a
// place, so round the scores first to the precision that is published when ties are
// decided on it. NaN ranks last.
func Rank(scores []float64, higherIsBetter bool) []Place {
	order := make([]int, len(scores))
	for i := range order {
		order[i] = i
	}
	compare := func(i, j int) int { return compareScores(scores[i], scores[j], higherIsBetter) }
	slices.SortFunc(order, compare)
	places := make([]Place, len(scores))
	for start := 0; start < len(order); {
		end := start + 1
		for end < len(order) && compare(order[start], order[end]) == 0 {
			end++
		}
		for _, i := range order[start:end] {
			places[i] = Place{Rank: start + 1, Tied: end-start > 1}
		}
		start = end
	}
	return places
}

// compareScores is negative when a ranks before b. NaN ranks after every number and
// ties with NaN.
func compareScores(a, b float64, higherIsBetter bool) int {
	if aNaN, bNaN := math.IsNaN(a), math.IsNaN(b); aNaN || bNaN {
		return cmp.Compare(boolInt(aNaN), boolInt(bNaN))
	}
	if higherIsBetter {
		return cmp.Compare(b, a)
	}
	return cmp.Compare(a, b)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
