package scoring

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// Score returns the Law 77 score of a board from North-South's point of view:
// positive when North-South gain. c is the final contract, declarer the seat that
// played it, tricks the number of tricks declarer took and vul the board's
// vulnerability. A passed-out board scores 0 whatever the other arguments say.
func Score(c bridge.Contract, declarer bridge.Seat, tricks int, vul bridge.Vulnerability) (int, error) {
	if c.IsPassedOut() && c.Validate() == nil {
		return 0, nil
	}
	if !declarer.Valid() {
		return 0, fmt.Errorf("scoring: declarer %v is not a seat", declarer)
	}
	if !vul.Valid() {
		return 0, fmt.Errorf("scoring: vulnerability %v is not one of None, NS, EW, All", vul)
	}
	s, err := DeclarerScore(c, tricks, vul.SeatVulnerable(declarer))
	if err != nil {
		return 0, err
	}
	if declarer.Side() == bridge.EastWest {
		return -s, nil
	}
	return s, nil
}

// DeclarerScore returns the Law 77 score of the declaring side: positive when the
// contract makes, negative when it fails. tricks is the number of tricks declarer
// took, 0 to 13.
func DeclarerScore(c bridge.Contract, tricks int, vulnerable bool) (int, error) {
	if err := c.Validate(); err != nil {
		return 0, fmt.Errorf("scoring: %w", err)
	}
	if c.IsPassedOut() {
		return 0, nil
	}
	if tricks < 0 || tricks > 13 {
		return 0, fmt.Errorf("scoring: %d tricks: declarer takes 0 to 13 tricks", tricks)
	}
	if tricks < c.TricksNeeded() {
		return -undertrickPenalty(c.Doubling, c.TricksNeeded()-tricks, vulnerable), nil
	}
	return madeScore(c, tricks-c.TricksNeeded(), vulnerable), nil
}

// multiplier is 1, 2 or 4 for an undoubled, doubled or redoubled contract.
func multiplier(d bridge.Doubling) int { return 1 << d }

// madeScore is the score of a contract made with overtricks to spare (Law 77:
// trick score, game or part-score premium, slam premium, the premium for making a
// doubled or redoubled contract, and overtricks).
func madeScore(c bridge.Contract, overtricks int, vul bool) int {
	perTrick := 20
	if c.Strain == bridge.StrainHearts || c.Strain == bridge.StrainSpades || c.Strain == bridge.NoTrump {
		perTrick = 30
	}
	trickScore := perTrick * c.Level
	if c.Strain == bridge.NoTrump {
		trickScore += 10 // the first trick in no trumps is worth 40
	}
	trickScore *= multiplier(c.Doubling)

	score := trickScore
	switch {
	case trickScore < 100:
		score += 50
	case vul:
		score += 500
	default:
		score += 300
	}
	switch {
	case c.Level == 6 && vul:
		score += 750
	case c.Level == 6:
		score += 500
	case c.Level == 7 && vul:
		score += 1500
	case c.Level == 7:
		score += 1000
	}
	if c.Doubling != bridge.Undoubled {
		score += 25 * multiplier(c.Doubling) // 50 doubled, 100 redoubled
		overtrickValue := 100
		if vul {
			overtrickValue = 200
		}
		return score + overtricks*overtrickValue*multiplier(c.Doubling)/2
	}
	return score + overtricks*perTrick
}

// undertrickPenalty is what the defenders score for defeating a contract by
// undertricks (Law 77).
func undertrickPenalty(d bridge.Doubling, undertricks int, vul bool) int {
	if d == bridge.Undoubled {
		if vul {
			return 100 * undertricks
		}
		return 50 * undertricks
	}
	var doubled int
	if vul {
		doubled = 200 + 300*(undertricks-1)
	} else {
		// 100 for the first, 200 each for the second and third, 300 for each later one.
		doubled = 100 + 200*min(undertricks-1, 2) + 300*max(undertricks-3, 0)
	}
	return doubled * multiplier(d) / 2
}
