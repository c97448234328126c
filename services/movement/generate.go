package movementservice

import (
	"fmt"
	"slices"

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

// numbering maps the entrants of a generated movement to a section's
// entrants, in order: the movement's first pair is the section's
// lowest-numbered entrant, and so on. A teams movement seats each team as
// two pairs; its pairs map to their team.
func numbering(m movement.Movement, c *movementv1.MovementChoice, section []int32) (map[int]int, error) {
	if c.GetKind() == movementv1.Kind_KIND_TEAMS_ROUND_ROBIN {
		out := map[int]int{}
		for _, e := range m.Entrants() {
			t := movement.TeamOf(e)
			if t > len(section) {
				return nil, fmt.Errorf("the movement seats team %d of %d", t, len(section))
			}
			out[e] = int(section[t-1])
		}
		return out, nil
	}
	ours := m.Entrants()
	if len(ours) != len(section) {
		return nil, fmt.Errorf("the movement seats %d pairs, the section has %d entrants", len(ours), len(section))
	}
	sorted := slices.Clone(section)
	slices.Sort(sorted)
	out := make(map[int]int, len(ours))
	for i, e := range ours {
		out[e] = int(sorted[i])
	}
	return out, nil
}

// renumber returns m with its entrants renumbered by to.
func renumber(m movement.Movement, to map[int]int) movement.Movement {
	seats := slices.Clone(m.Seatings)
	for i := range seats {
		if seats[i].NS != movement.None {
			seats[i].NS = to[seats[i].NS]
		}
		if seats[i].EW != movement.None {
			seats[i].EW = to[seats[i].EW]
		}
	}
	m.Seatings = seats
	stationary := make([]int, len(m.Stationary))
	for i, e := range m.Stationary {
		stationary[i] = to[e]
	}
	m.Stationary = stationary
	return m
}
