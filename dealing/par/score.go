package par

import (
	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/scoring"
)

// Par needs three numbers about scores, and takes each from Law 77 as the
// scoring package has it rather than from tables of its own. The callers pass
// only levels 1 to 7 and undertricks 0 to 13, so DeclarerScore never refuses them.

// made returns what declarer's side scores for bidding level in strain and
// taking exactly level+6 tricks, undoubled: a par contract is never doubled.
func made(level int, strain bridge.Strain, vulnerable bool) int {
	score, _ := scoring.DeclarerScore(bridge.Contract{Level: level, Strain: strain}, level+6, vulnerable)
	return score
}

// penalty returns what the defenders score when a doubled contract goes down by
// down tricks; 0 when it goes down by none.
func penalty(down int, vulnerable bool) int {
	if down <= 0 {
		return 0
	}
	// The penalty depends only on the undertricks, so any doubled contract serves.
	score, _ := scoring.DeclarerScore(bridge.Contract{Level: 7, Strain: bridge.NoTrump, Doubling: bridge.Doubled}, 13-down, vulnerable)
	return -score
}

// downTarget returns the most undertricks a doubled sacrifice against level in
// strain may cost and still lose less than letting the contract make (DDS's
// DOWN_TARGET table, which follows from the two scores): two against 4♠ when
// nobody is vulnerable (-300 against -420), one when only the sacrificers are.
func downTarget(level int, strain bridge.Strain, bidderVulnerable, sacrificerVulnerable bool) int {
	worth := made(level, strain, bidderVulnerable)
	down := 0
	for down < 13 && penalty(down+1, sacrificerVulnerable) < worth {
		down++
	}
	return down
}

// sameScoreLevels returns how many levels below level in strain score the same
// with level+6 tricks: none for 4♠ (3♠+1 loses the game bonus), three for 4♣
// (1♣+3 is worth 130 too), two for 5NT (3NT+2). A par contract is shown at the
// lowest level that scores the par, so this bounds how far it may come down.
func sameScoreLevels(level int, strain bridge.Strain, vulnerable bool) int {
	worth := made(level, strain, vulnerable)
	n := 0
	for lower := level - 1; lower >= 1; lower-- {
		score, _ := scoring.DeclarerScore(bridge.Contract{Level: lower, Strain: strain}, level+6, vulnerable)
		if score != worth {
			break
		}
		n++
	}
	return n
}
