package movementtest

import (
	"slices"
	"testing"

	"github.com/bridge-director/director/movement"
)

func TestReferenceMovementsAreTheReferences(t *testing.T) {
	for _, tc := range []struct {
		m                    movement.Movement
		tables, rounds, sets int
		twoWinners           bool
		stationary           []int
		// first is round 1 at table 2, last the last round at the last table.
		first, last movement.Seating
	}{
		{Mitchell5(t), 5, 5, 5, true, []int{1, 2, 3, 4, 5},
			movement.Seating{Round: 1, Table: 2, NS: 2, EW: 7, Set: 2}, movement.Seating{Round: 5, Table: 5, NS: 5, EW: 6, Set: 4}},
		{Howell4(t), 4, 7, 7, false, []int{8},
			movement.Seating{Round: 1, Table: 2, NS: 6, EW: 3, Set: 4}, movement.Seating{Round: 7, Table: 4, NS: 3, EW: 4, Set: 6}},
	} {
		t.Run(tc.m.Name, func(t *testing.T) {
			m := tc.m
			if m.Tables != tc.tables || m.Rounds != tc.rounds || m.Sets != tc.sets || len(m.Seatings) != tc.tables*tc.rounds {
				t.Errorf("%d tables, %d rounds, %d sets, %d seatings", m.Tables, m.Rounds, m.Sets, len(m.Seatings))
			}
			if m.TwoWinners != tc.twoWinners || !slices.Equal(m.Stationary, tc.stationary) || len(m.Notes) != 0 {
				t.Errorf("two winners %v, stationary %v, notes %q", m.TwoWinners, m.Stationary, m.Notes)
			}
			if s, _ := m.At(1, 2); s != tc.first {
				t.Errorf("round 1 table 2 is %v, want %v", s, tc.first)
			}
			if s, _ := m.At(tc.rounds, tc.tables); s != tc.last {
				t.Errorf("the last table of the last round is %v, want %v", s, tc.last)
			}
			if err := movement.Check(m); err != nil {
				t.Error(err)
			}
		})
	}
}
