package scoring

// impThresholds holds the lower bound of each step of the IMP scale of Law 78B: a
// difference of at least impThresholds[i] points is worth i+1 IMPs.
var impThresholds = [...]int{
	20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
	750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
}

// MaxIMPs is the most IMPs one board can give: 24, for a difference of 4000 or more.
const MaxIMPs = len(impThresholds)

// IMPs converts a difference in points into IMPs by the scale of Law 78B, keeping
// the sign: IMPs(-450) is -10. The thresholds are applied as "at least" on the raw
// difference, so a difference that is not a multiple of 10 (against a Butler datum
// or an average) falls into the step below the next threshold: 15 is 0 and 45 is 1.
func IMPs(difference int) int {
	if difference < 0 {
		// Negating the smallest int overflows; any difference that large is 24 IMPs.
		if difference < -impThresholds[MaxIMPs-1] {
			return -MaxIMPs
		}
		return -IMPs(-difference)
	}
	imps := 0
	for imps < MaxIMPs && difference >= impThresholds[imps] {
		imps++
	}
	return imps
}
