package scoring

import (
	"fmt"
	"slices"
)

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
// pair that scored other on its other boards of the session. Law 12C2 raises
// average plus to a higher session percentage and lowers average minus to a lower
// one, where the profile says so.
func (p Profile) percentage(a Adjustment, others total) float64 {
	other, ok := others.percentage()
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
	before := slices.Clone(s.totals)
	for _, i := range s.artificial {
		ns, ew := s.linePairs[i][0], s.linePairs[i][1]
		s.lines[i] = s.opt.Profile.artificialPoints(s.results[i], s.lines[i].top, before[ns], before[ew])
	}
	for _, i := range s.artificial {
		s.addToTotals(i)
	}
}

// artificialPoints values an artificial adjusted score on a board whose top
// is top (on the 2/1 scale), for pairs that scored ns and ew on their other
// boards.
func (p Profile) artificialPoints(r Result, top float64, ns, ew total) linePoints {
	return linePoints{
		ns:  top * p.percentage(r.NSAdjust, ns) / 100,
		ew:  top * p.percentage(r.EWAdjust, ew) / 100,
		top: top,
	}
}
