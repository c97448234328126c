package movementservice

import (
	"fmt"

	"github.com/bridge-director/director/movement"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
)

// mitchellStyles are the Mitchells the forms of the API name.
var mitchellStyles = map[movementv1.MitchellForm]movement.MitchellStyle{
	movementv1.MitchellForm_MITCHELL_FORM_UNSPECIFIED:                     movement.MitchellStandard,
	movementv1.MitchellForm_MITCHELL_FORM_SKIP_EVEN_TABLES:                movement.MitchellSkip,
	movementv1.MitchellForm_MITCHELL_FORM_RELAY_AND_BYE_STAND_EVEN_TABLES: movement.MitchellRelayByeStand,
	movementv1.MitchellForm_MITCHELL_FORM_HESITATION_ODD_TABLES:           movement.MitchellHesitation,
}

// mitchellForm names a Mitchell's style as the API does.
func mitchellForm(style movement.MitchellStyle) movementv1.MitchellForm {
	for form, s := range mitchellStyles {
		if s == style {
			return form
		}
	}
	return movementv1.MitchellForm_MITCHELL_FORM_UNSPECIFIED
}

// generate makes the movement a choice names for a number of entrants, in
// the movement's own numbering.
func generate(c *movementv1.MovementChoice, entrants int32) (movement.Movement, error) {
	n := int(entrants)
	switch c.GetKind() {
	case movementv1.Kind_KIND_MITCHELL:
		style := mitchellStyles[c.GetMitchellForm()]
		switches := make([]int, len(c.GetArrowSwitchRounds()))
		for i, r := range c.GetArrowSwitchRounds() {
			switches[i] = int(r)
		}
		return movement.Mitchell((n+1)/2, movement.MitchellOptions{Style: style, Rounds: int(c.GetRounds()), ArrowSwitch: switches, HalfTable: n%2 == 1})
	case movementv1.Kind_KIND_HOWELL:
		return movement.Howell(n, movement.HowellOptions{Rounds: int(c.GetRounds())})
	case movementv1.Kind_KIND_TEAMS_ROUND_ROBIN:
		rounds, err := movement.RoundRobinRounds(n, int(c.GetRounds()))
		if err != nil {
			return movement.Movement{}, err
		}
		return movement.TeamsMovement(rounds, int(c.GetBoardsPerRound()))
	case movementv1.Kind_KIND_SWISS_TEAMS:
		teams := make([]int, n)
		for i := range teams {
			teams[i] = i + 1
		}
		return movement.SwissTeamsMovement(teams, int(c.GetRounds()), int(c.GetBoardsPerRound()))
	}
	return movement.Movement{}, fmt.Errorf("unknown kind of movement %v", c.GetKind())
}

// generateFor makes the movement a choice names for a section's entrants
// (pairs or teams), numbered as they are, in order.
func generateFor(c *movementv1.MovementChoice, numbers []int) (movement.Movement, error) {
	if c.GetKind() == movementv1.Kind_KIND_SWISS_TEAMS {
		// Round 1 pairs the teams in their order, and an odd field's last
		// team has the bye, so the Swiss is made with the section's numbers.
		return movement.SwissTeamsMovement(numbers, int(c.GetRounds()), int(c.GetBoardsPerRound()))
	}
	m, err := generate(c, int32(len(numbers)))
	if err != nil {
		return movement.Movement{}, err
	}
	return m.NumberAs(numbers)
}

// teamsKind reports whether a kind of movement seats teams in two rooms.
func teamsKind(k movementv1.Kind) bool {
	return k == movementv1.Kind_KIND_TEAMS_ROUND_ROBIN || k == movementv1.Kind_KIND_SWISS_TEAMS
}
