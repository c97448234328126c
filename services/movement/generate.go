package movementservice

import (
	"fmt"

	"github.com/bridge-director/director/movement"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
)

// generate makes the movement a choice names for a number of entrants, in
// the movement's own numbering.
func generate(c *movementv1.MovementChoice, entrants int32) (movement.Movement, error) {
	n := int(entrants)
	switch c.GetKind() {
	case movementv1.Kind_KIND_MITCHELL:
		style := map[movementv1.EvenTables]movement.MitchellStyle{
			movementv1.EvenTables_EVEN_TABLES_UNSPECIFIED:     movement.MitchellStandard,
			movementv1.EvenTables_EVEN_TABLES_SKIP:            movement.MitchellSkip,
			movementv1.EvenTables_EVEN_TABLES_RELAY_BYE_STAND: movement.MitchellRelayByeStand,
			movementv1.EvenTables_EVEN_TABLES_HESITATION:      movement.MitchellHesitation,
		}[c.GetEvenTables()]
		switches := make([]int, len(c.GetArrowSwitchRounds()))
		for i, r := range c.GetArrowSwitchRounds() {
			switches[i] = int(r)
		}
		return movement.Mitchell((n+1)/2, movement.MitchellOptions{Style: style, Rounds: int(c.GetRounds()), ArrowSwitch: switches, HalfTable: n%2 == 1})
	case movementv1.Kind_KIND_HOWELL:
		return movement.Howell(n, movement.HowellOptions{Rounds: int(c.GetRounds())})
	case movementv1.Kind_KIND_TEAMS_ROUND_ROBIN:
		rounds, err := movement.RoundRobin(n)
		if err != nil {
			return movement.Movement{}, err
		}
		if r := int(c.GetRounds()); r > 0 && r < len(rounds) {
			rounds = rounds[:r]
		}
		return movement.TeamsMovement(rounds, int(c.GetBoardsPerRound()))
	}
	return movement.Movement{}, fmt.Errorf("unknown kind of movement %v", c.GetKind())
}

// generateFor makes the movement a choice names for a section's entrants,
// numbered as they are: a pairs movement's pairs in order, a teams
// movement's teams (each seated as two pairs) in order.
func generateFor(c *movementv1.MovementChoice, numbers []int) (movement.Movement, error) {
	m, err := generate(c, int32(len(numbers)))
	if err != nil {
		return movement.Movement{}, err
	}
	if c.GetKind() == movementv1.Kind_KIND_TEAMS_ROUND_ROBIN {
		return m.NumberTeamsAs(numbers)
	}
	return m.NumberAs(numbers)
}
