package scoring

// A procedural penalty (Law 90) is taken from one contestant's total and
// leaves everyone else's score alone. In a pairs event scored by matchpoints
// it is usually a percentage of a top, and the pair's percentage is worked
// out again from what is left.

// PercentOfTop returns percent% of a board's top in matchpoints, to 2
// decimals as matchpoints are published: 25% of a top of 12 is 3.
func PercentOfTop(percent, top float64) float64 {
	return float64(toHundredths(percent*top/100)) / 100
}

// PenalizedPercentage returns a pair's percentage once deduction matchpoints
// are taken from its total: 100·(matchpoints − deduction)/tops, where tops is
// the sum of the tops of the pair's boards, rounded to 2 decimals, halves away from
// zero, as ScorePairs rounds a pair's percentage. It is 0 when tops is not above 0,
// and below 0 when the deduction is larger than the total.
func PenalizedPercentage(matchpoints, deduction, tops float64) float64 {
	// Both in hundredths, so that tops of 1/½ fields keep their halves.
	return percentage(100*toHundredths(matchpoints-deduction), toHundredths(tops))
}
