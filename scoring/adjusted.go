package scoring

import "fmt"

// Adjustment is an artificial adjusted score awarded to one side under Law 12C2,
// when no result could be obtained on a board.
type Adjustment uint8

// The artificial adjusted scores.
const (
	NoAdjustment Adjustment = iota
	AveragePlus             // in no way at fault: at least 60%
	Average                 // partly at fault: 50%
	AverageMinus            // directly at fault: at most 40%
)

// String returns "Average+", "Average", "Average-" or "none".
func (a Adjustment) String() string {
	switch a {
	case NoAdjustment:
		return "none"
	case AveragePlus:
		return "Average+"
	case Average:
		return "Average"
	case AverageMinus:
		return "Average-"
	}
	return fmt.Sprintf("Adjustment(%d)", uint8(a))
}

// Valid reports whether a is an artificial adjusted score.
func (a Adjustment) Valid() bool { return a >= AveragePlus && a <= AverageMinus }

// percentage returns the percentage of the top that the adjustment is worth to a
// pair whose percentage on its other boards of the session is other (ok is false
// when the pair has no other boards). Law 12C2 raises average plus to a higher
// session percentage and lowers average minus to a lower one, where the profile
// says so.
func (p Profile) percentage(a Adjustment, other float64, ok bool) float64 {
	switch a {
	case AveragePlus:
		if ok && p.SessionPercentageForAveragePlus {
			return max(p.AveragePlus, other)
		}
		return p.AveragePlus
	case AverageMinus:
		if ok && p.SessionPercentageForAverageMinus {
			return min(p.AverageMinus, other)
		}
		return p.AverageMinus
	}
	return p.Average
}

// scoreArtificial gives each side of every artificial line its adjusted percentage
// of the board's top. It runs after all played boards are scored, because the
// percentage may be the pair's percentage on its other boards.
func (s *sheet) scoreArtificial() {
	other := make([]float64, len(s.pairs))
	hasOther := make([]bool, len(s.pairs))
	for i, t := range s.totals {
		if t.top > 0 {
			other[i] = float64(t.hundredths) / float64(t.top)
			hasOther[i] = true
		}
	}
	for _, i := range s.artificial {
		r := s.results[i]
		top := s.lines[i].top
		ns, ew := s.linePairs[i][0], s.linePairs[i][1]
		s.lines[i].ns = top * s.opt.Profile.percentage(r.NSAdjust, other[ns], hasOther[ns]) / 100
		s.lines[i].ew = top * s.opt.Profile.percentage(r.EWAdjust, other[ew], hasOther[ew]) / 100
	}
	for _, i := range s.artificial {
		s.addToTotals(i)
	}
}
