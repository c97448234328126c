package scoring

import (
	"errors"
	"fmt"
	"slices"
)

// ButlerOptions says how the datum of a board is found: which results are dropped
// before taking the mean, and how the mean is rounded to the nearest 10.
type ButlerOptions struct {
	// Discard is the number of results dropped at each end: the Discard highest and
	// the Discard lowest NS scores (one each way in many clubs).
	Discard int
	// DiscardPercent, used instead of Discard, drops this percentage of the results
	// at each end, rounded down (10 drops one of each from 10 to 19 results).
	DiscardPercent float64
	// MinKept is the fewest results the mean is taken over; discards are reduced,
	// one at each end at a time, until at least this many remain. Zero means 1.
	MinKept int
	// Rounding rounds a mean that ends in exactly 5 (the zero value: away from
	// zero).
	Rounding ButlerRounding
}

// ButlerOptions returns the Butler settings of the profile.
func (p Profile) ButlerOptions() ButlerOptions {
	return ButlerOptions{Discard: p.ButlerDiscard, Rounding: p.ButlerRounding}
}

// validate reports options that cannot be applied.
func (o ButlerOptions) validate() error {
	switch {
	case o.Discard < 0:
		return fmt.Errorf("scoring: Butler discard %d is negative", o.Discard)
	case o.DiscardPercent < 0 || o.DiscardPercent >= 50 || o.DiscardPercent != o.DiscardPercent:
		return fmt.Errorf("scoring: Butler discard percentage %v is outside 0 to 50", o.DiscardPercent)
	case o.Discard > 0 && o.DiscardPercent > 0:
		return errors.New("scoring: Butler options set both Discard and DiscardPercent; choose one")
	case o.MinKept < 0:
		return fmt.Errorf("scoring: Butler MinKept %d is negative", o.MinKept)
	case o.Rounding > RoundHalfUp:
		return fmt.Errorf("scoring: Butler rounding %d is unknown", o.Rounding)
	}
	return nil
}

// discards returns how many results to drop at each end of n results.
func (o ButlerOptions) discards(n int) int {
	k := o.Discard
	if o.DiscardPercent > 0 {
		k = int(float64(n) * o.DiscardPercent / 100)
	}
	kept := max(o.MinKept, 1)
	return min(k, max((n-kept)/2, 0))
}

// ButlerDatum returns the datum of a board: the mean of its NS scores after the
// discards of opt, rounded to the nearest 10. It fails on a board without results
// and on options that cannot be applied.
func ButlerDatum(nsScores []int, opt ButlerOptions) (int, error) {
	if err := opt.validate(); err != nil {
		return 0, err
	}
	if len(nsScores) == 0 {
		return 0, errors.New("scoring: Butler datum of a board without results")
	}
	sorted := slices.Sorted(slices.Values(nsScores))
	k := opt.discards(len(sorted))
	kept := sorted[k : len(sorted)-k]
	sum := 0
	for _, s := range kept {
		sum += s
	}
	return 10 * roundDiv(sum, 10*len(kept), opt.Rounding), nil
}

// Butler returns the IMPs of each NS score against the datum of the board; EW
// score the negation.
func Butler(nsScores []int, opt ButlerOptions) ([]int, error) {
	datum, err := ButlerDatum(nsScores, opt)
	if err != nil {
		return nil, err
	}
	imps := make([]int, len(nsScores))
	for i, s := range nsScores {
		imps[i] = IMPs(s - datum)
	}
	return imps, nil
}

// roundDiv returns num/den rounded to the nearest whole number, halves by rule;
// den must be positive.
func roundDiv(num, den int, rule ButlerRounding) int {
	q, r := num/den, num%den // Go truncates toward zero: r has the sign of num
	if r < 0 {
		q, r = q-1, r+den // now num = q*den + r with 0 <= r < den
	}
	switch {
	case 2*r < den:
		return q
	case 2*r > den:
		return q + 1
	case rule == RoundHalfUp, num > 0:
		return q + 1
	default:
		return q
	}
}
