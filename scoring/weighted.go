package scoring

import (
	"fmt"
	"math"
	"math/big"
	"slices"
)

// Weighted and split assigned adjusted scores at IMPs (Law 12C1(c) and
// (e)). Each outcome of a weighted score is IMPed on its own and the IMPs
// are weighted, as the EBU's White Book has it (§4.1, adjusting scores; the
// WBF's own text was not at hand to check): 50% of +620 and 50% of −100
// against +170 at the other table is ½·IMPs(+450) + ½·IMPs(−270) = ½·10 −
// ½·7 = +1.5 IMPs, where weighting the scores first (+260 against +170: 3
// IMPs) would give a result no table could have earned. At cross-IMPs each
// outcome is IMPed against every other result of the board, and each other
// result IMPs against the weighted one the weighted sum of its comparisons
// with the outcomes (the EBU's scoring forum works such a board the same
// way). A split score IMPs each side on its own outcomes, so the two sides'
// IMPs need not balance. Shares are kept exact (big.Rat), so that a weight
// of a whole percent never rounds; what is published is rounded to 2
// decimals.

// SideScores is a weighted or split assigned adjusted score at one table:
// the outcomes North-South are scored on and those East-West are scored
// on, both from North-South's point of view, each with its weight in
// percent. A weighted score (Law 12C1(c)) gives both sides the same
// outcomes; a split one (Law 12C1(e)) gives each side its own.
type SideScores struct {
	NS, EW []WeightedScore
}

// validate reports side scores that cannot be scored.
func (s SideScores) validate() error {
	if err := validateWeights(s.NS); err != nil {
		return fmt.Errorf("North-South: %w", err)
	}
	if err := validateWeights(s.EW); err != nil {
		return fmt.Errorf("East-West: %w", err)
	}
	return nil
}

// validateWeights reports outcomes whose weights are not above 0 or do not
// add up to 100.
func validateWeights(ws []WeightedScore) error {
	if len(ws) == 0 {
		return fmt.Errorf("weighted score has no weights")
	}
	sum := 0.0
	for _, w := range ws {
		if !(w.Weight > 0 && w.Weight <= 100) {
			return fmt.Errorf("weight %v%% is not above 0 and at most 100", w.Weight)
		}
		sum += w.Weight
	}
	if math.Abs(sum-100) > 1e-6 {
		return fmt.Errorf("weights add up to %v%%, not 100%%", sum)
	}
	return nil
}

// sideScores is what each side of a weighted or split result is scored
// on, nil for other results.
func (r Result) sideScores() *SideScores {
	switch r.Kind {
	case Weighted:
		return &SideScores{NS: r.Weights, EW: r.Weights}
	case Split:
		return &SideScores{NS: []WeightedScore{{Weight: 100, NSScore: r.NSScore}}, EW: []WeightedScore{{Weight: 100, NSScore: r.EWScore}}}
	}
	return nil
}

// outcome is one possible score of a result at IMPs: its exact share of
// the result (the shares of a result add up to 1) and the score, from
// North-South's point of view.
type outcome struct {
	share *big.Rat
	score int
}

// one is the share of a result that has one outcome.
var one = big.NewRat(1, 1)

// single is the outcome of a result of one score.
func single(score int) []outcome { return []outcome{{one, score}} }

// outcomesOf returns the outcomes of a weighted score.
func outcomesOf(weights []WeightedScore) []outcome {
	out := make([]outcome, len(weights))
	for i, w := range weights {
		share := new(big.Rat).SetFloat64(w.Weight)
		out[i] = outcome{share.Quo(share, big.NewRat(100, 1)), w.NSScore}
	}
	return out
}

// expectedIMPs returns what outcomes x score at IMPs against outcomes y:
// the sum over each pair of outcomes of their shares times the IMPs of
// their difference.
func expectedIMPs(x, y []outcome) *big.Rat {
	sum := new(big.Rat)
	for _, a := range x {
		for _, b := range y {
			v := new(big.Rat).Mul(a.share, b.share)
			sum.Add(sum, v.Mul(v, big.NewRat(int64(IMPs(a.score-b.score)), 1)))
		}
	}
	return sum
}

// weightedSum returns the sum over the outcomes of each one's share times
// the value of its score: Σ share·value(score).
func weightedSum(outcomes []outcome, value func(score int) int) *big.Rat {
	sum := new(big.Rat)
	for _, o := range outcomes {
		sum.Add(sum, new(big.Rat).Mul(o.share, big.NewRat(int64(value(o.score)), 1)))
	}
	return sum
}

// crossIMPSides returns, for each line of one side of a board (its
// outcomes, from North-South's point of view), the sum of its IMPs against
// every other line: a line of one outcome against another scores
// IMPs(s − t), and a weighted line scores and is scored the weighted sum of
// its outcomes' comparisons. Lines of one outcome are summed among
// themselves in O(n log n) (crossIMPSums), and against the weighted lines
// once for each distinct score.
func crossIMPSides(lines [][]outcome) []*big.Rat {
	var singles []int    // the score of each line of one outcome
	var singleAt []int   // its line
	var weightedAt []int // the lines of several outcomes
	for i, l := range lines {
		if len(l) == 1 {
			singles = append(singles, l[0].score)
			singleAt = append(singleAt, i)
			continue
		}
		weightedAt = append(weightedAt, i)
	}
	out := make([]*big.Rat, len(lines))
	for k, s := range crossIMPSums(singles) {
		out[singleAt[k]] = big.NewRat(int64(s), 1)
	}
	if len(weightedAt) == 0 {
		return out
	}
	sorted := slices.Sorted(slices.Values(singles))
	var all []outcome // the outcomes of every weighted line
	for _, w := range weightedAt {
		out[w] = weightedSum(lines[w], func(score int) int { return impsAgainst(sorted, score) })
		for _, v := range weightedAt {
			if v != w {
				out[w].Add(out[w], expectedIMPs(lines[w], lines[v]))
			}
		}
		all = append(all, lines[w]...)
	}
	// What a score gains against the weighted lines, once for each
	// distinct score: Law 77 scores repeat.
	against := map[int]*big.Rat{}
	for k, i := range singleAt {
		s := singles[k]
		if against[s] == nil {
			against[s] = weightedSum(all, func(score int) int { return IMPs(s - score) })
		}
		out[i].Add(out[i], against[s])
	}
	return out
}

// butlerSides returns the IMPs of each line of one side of a board (its
// outcomes, from North-South's point of view) against the side's datum. A
// weighted line counts in the datum at its expected score, rounded to the
// point (its outcomes weighted into the mean, which is what a mean of
// the outcomes by their shares would give were no scores discarded), and
// scores the weighted IMPs of its outcomes against the datum.
func butlerSides(lines [][]outcome, opt ButlerOptions) ([]*big.Rat, error) {
	scores := make([]int, len(lines))
	for i, l := range lines {
		if len(l) == 1 {
			scores[i] = l[0].score
			continue
		}
		mean := weightedSum(l, func(score int) int { return score })
		scores[i] = int(roundRat(mean, 0).Num().Int64())
	}
	datum, err := ButlerDatum(scores, opt)
	if err != nil {
		return nil, err
	}
	out := make([]*big.Rat, len(lines))
	for i, l := range lines {
		out[i] = weightedSum(l, func(score int) int { return IMPs(score - datum) })
	}
	return out, nil
}
