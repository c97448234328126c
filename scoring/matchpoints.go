package scoring

import (
	"math"
	"slices"
)

// component is one possible score of a weighted result: its share of the result
// (a fraction, the shares of a result add up to 1) and the score, seen from the side
// being matchpointed (higher is better).
type component struct {
	share float64
	score int
}

// boardSide is what is compared on one board for one direction: the single scores
// of played results and the components of weighted ones, both seen from that
// direction (higher is better).
type boardSide struct {
	singles  []int
	weighted [][]component
}

// matchpoints returns the raw matchpoints of each single and each weighted result
// on the 2/1 scale: 2 for each result beaten and 1 for each tie. A weighted result
// scores the weighted sum of what its components score against the other results,
// and each other result scores against it the weighted sum of its comparisons with
// the components (Law 12C1(c)). The singles are counted by sorting, so a board of n
// results costs O(n log n), and looking a score up costs O(log d) for d distinct
// scores.
func (b boardSide) matchpoints() (singles, weighted []float64) {
	counts := countScores(b.singles)
	singles = make([]float64, len(b.singles))
	for i, s := range b.singles {
		below, notAbove := counts.around(s)
		singles[i] = float64(below + notAbove - 1) // 2 per result below, 1 per tie but itself
	}
	weighted = make([]float64, len(b.weighted))
	for w, parts := range b.weighted {
		for _, c := range parts {
			below, notAbove := counts.around(c.score)
			weighted[w] += c.share * float64(below+notAbove)
			for i, s := range b.singles {
				singles[i] += c.share * float64(beats(s, c.score))
			}
			for v, other := range b.weighted {
				if v == w {
					continue
				}
				for _, o := range other {
					weighted[w] += c.share * o.share * float64(beats(c.score, o.score))
				}
			}
		}
	}
	return singles, weighted
}

// scoreCounts answers, for any score s, how many results of a board are below s
// and how many are not above it.
//
// Law 77 scores are multiples of 10 between −7600 and +7600, so for a board of such
// scores the counts are a table of the 1,521 possible values, filled in O(n) (the
// usual case, and what makes a field of thousands of results cheap). Other boards
// keep their distinct scores sorted.
type scoreCounts struct {
	table    []int // table[k]: results below the score 10·k − 7600; table[1521] = n
	scores   []int // otherwise: the distinct scores in ascending order,
	below    []int // with the results below each
	notAbove []int // and not above each
}

const (
	largestScore = 7600
	tableSize    = 2*largestScore/10 + 1
)

func countScores(scores []int) scoreCounts {
	for _, s := range scores {
		if s%10 != 0 || s < -largestScore || s > largestScore {
			return sortScores(scores)
		}
	}
	table := make([]int, tableSize+1)
	for _, s := range scores {
		table[(s+largestScore)/10+1]++
	}
	for k := 1; k <= tableSize; k++ {
		table[k] += table[k-1]
	}
	return scoreCounts{table: table}
}

func sortScores(scores []int) scoreCounts {
	sorted := slices.Clone(scores)
	slices.Sort(sorted)
	var c scoreCounts
	for i, s := range sorted {
		if i == 0 || s != sorted[i-1] {
			c.scores = append(c.scores, s)
			c.below = append(c.below, i)
			c.notAbove = append(c.notAbove, i)
		}
		c.notAbove[len(c.notAbove)-1]++
	}
	return c
}

// around returns how many results are below s and how many are not above it.
func (c scoreCounts) around(s int) (below, notAbove int) {
	if c.table != nil {
		switch {
		case s < -largestScore:
			return 0, 0
		case s > largestScore:
			return c.table[tableSize], c.table[tableSize]
		case s%10 != 0: // between two table entries: no result equals it
			k := (s + largestScore + 9) / 10
			return c.table[k], c.table[k]
		}
		k := (s + largestScore) / 10
		return c.table[k], c.table[k+1]
	}
	i, found := slices.BinarySearch(c.scores, s)
	switch {
	case found:
		return c.below[i], c.notAbove[i]
	case i < len(c.scores):
		return c.below[i], c.below[i]
	case i > 0:
		return c.notAbove[i-1], c.notAbove[i-1]
	}
	return 0, 0
}

// beats returns the matchpoints of score a against score b on the 2/1 scale.
func beats(a, b int) int {
	switch {
	case a > b:
		return 2
	case a == b:
		return 1
	}
	return 0
}

// toHundredths returns x in hundredths, rounded half away from zero. x is a
// matchpoint value computed with one division at most, so it lies within an ulp or
// two of the exact rational; the nudge of 4 ulps lets a value that is exactly a
// half in rational arithmetic (0.025 = 1/40) round up although float64 holds it a
// little below. Matchpoint rationals have small denominators, so no value that is
// truly below a half comes that close to it.
func toHundredths(x float64) int64 {
	return int64(math.Round(x * 100 * (1 + 4*epsilon)))
}

const epsilon = 1.0 / (1 << 52)

// percentage returns 100·(hundredths/100)/top rounded to 2 decimals, halves away from zero, in
// integer arithmetic: 0 when there is no top.
func percentage(hundredths, top int64) float64 {
	if top <= 0 {
		return 0
	}
	sign := int64(1)
	if hundredths < 0 {
		sign, hundredths = -1, -hundredths
	}
	return float64(sign*((200*hundredths+top)/(2*top))) / 100
}
