package scoring

import (
	"fmt"
	"slices"

	"github.com/bridge-director/director/bridge"
)

// A result far from the rest of its board's field is more often a slip at
// the table (the wrong board, the wrong declarer, a level keyed wrong) than
// bridge, and is worth the director's look; it is never refused, since wild
// boards happen. Bridgemate marks such an entry a suspicious contract.

// The tests of Outlying: a board needs this many other results, a contract
// this many levels from every other, a score more than this many points
// from the others' median.
const (
	outlierField  = 3
	outlierLevels = 3
	outlierPoints = 1000
)

// Entry is what Outlying compares of a result: its contract (passed out
// for a board passed out) and North-South's score.
type Entry struct {
	Contract bridge.Contract
	NSScore  int
}

// Outlying says why e stands far from others, the other results of its
// board, or nil: a contract outlierLevels or more from every other
// contract's level (passed out is level 0), or a North-South score more
// than outlierPoints from the median of the others'. With fewer than
// outlierField others there is no field to stand apart from.
func Outlying(e Entry, others []Entry) []string {
	if len(others) < outlierField {
		return nil
	}
	var reasons []string
	near := slices.ContainsFunc(others, func(o Entry) bool { return abs(o.Contract.Level-e.Contract.Level) < outlierLevels })
	if !near {
		reasons = append(reasons, fmt.Sprintf("contract %s is %d or more levels from every other contract of the board", e.Contract.Symbol(), outlierLevels))
	}
	scores := make([]int, len(others))
	for i, o := range others {
		scores[i] = o.NSScore
	}
	slices.Sort(scores)
	median := scores[len(scores)/2]
	if len(scores)%2 == 0 {
		median = (scores[len(scores)/2-1] + median) / 2
	}
	if abs(e.NSScore-median) > outlierPoints {
		reasons = append(reasons, fmt.Sprintf("North-South score %d is more than %d from the median %d of the board's other results", e.NSScore, outlierPoints, median))
	}
	return reasons
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
