package movement

import (
	"slices"
	"testing"
)

// TestScheduleAnswersAsTheMovement: the index answers every table and
// round as a scan of the movement does, for generated movements and the
// published Howells, including tables and rounds the movement does not
// have.
func TestScheduleAnswersAsTheMovement(t *testing.T) {
	movements := map[string]Movement{}
	for _, c := range []struct {
		name string
		make func() (Movement, error)
	}{
		{"Mitchell 7", func() (Movement, error) { return Mitchell(7, MitchellOptions{}) }},
		{"Mitchell 99, 27 rounds", func() (Movement, error) { return Mitchell(99, MitchellOptions{Rounds: 27}) }},
		{"relay Mitchell 8", func() (Movement, error) { return Mitchell(8, MitchellOptions{Style: MitchellRelayByeStand}) }},
		{"Howell 13", func() (Movement, error) { return Howell(13, HowellOptions{}) }},
	} {
		m, err := c.make()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		movements[c.name] = m
	}
	for _, f := range loadPublishedHowells(t) {
		movements[f.Name] = f.movement()
	}
	for name, m := range movements {
		x := NewSchedule(m)
		for r := 0; r <= m.Rounds+1; r++ {
			for table := 0; table <= m.Tables+1; table++ {
				want, wantOK := m.At(r, table)
				got, ok := x.At(r, table)
				if got != want || ok != wantOK {
					t.Fatalf("%s: round %d table %d: index %v %v, movement %v %v", name, r, table, got, ok, want, wantOK)
				}
			}
		}
		for e := 1; e <= 2*m.Tables+1; e++ {
			if got, want := x.Path(e), m.Path(e); !slices.Equal(got, want) {
				t.Fatalf("%s: entrant %d: index path %v, movement path %v", name, e, got, want)
			}
		}
		if got := x.Movement(); got.Name != m.Name || len(got.Seatings) != len(m.Seatings) {
			t.Errorf("%s: the schedule keeps %q with %d seatings", name, got.Name, len(got.Seatings))
		}
	}
}

// TestMovesAfterARound: where the pairs and boards of a table go, as the
// table card says, for a Mitchell (the boards go down, East-West up), a
// relay Mitchell (a shared set, the bye-stand), a Howell with a sit-out,
// and the last round (nothing moves).
func TestMovesAfterARound(t *testing.T) {
	mitchell, _ := Mitchell(7, MitchellOptions{})
	relay, _ := Mitchell(8, MitchellOptions{Style: MitchellRelayByeStand})
	howell, _ := Howell(13, HowellOptions{})
	for _, c := range []struct {
		name         string
		m            Movement
		layout       Layout
		round, table int
		want         []Move
	}{
		{"Mitchell: NS stay, EW up, boards down", mitchell, Layout{BoardsPerSet: 4}, 2, 3, []Move{
			{NorthSouthPair, 3, "pair 3 stays"},
			{EastWestPair, 4, "pair 9 to table 4 East-West"},
			{BoardSet, 2, "boards 13-16 to table 2"},
		}},
		{"Mitchell: boards from table 1 to table 7", mitchell, Layout{BoardsPerSet: 2, FirstBoard: 101}, 1, 1, []Move{
			{NorthSouthPair, 1, "pair 1 stays"},
			{EastWestPair, 2, "pair 8 to table 2 East-West"},
			{BoardSet, 7, "boards 101-102 to table 7"},
		}},
		{"relay: a set to the two tables that share it", relay, Layout{BoardsPerSet: 1}, 1, 2, []Move{
			{NorthSouthPair, 2, "pair 2 stays"},
			{EastWestPair, 3, "pair 10 to table 3 East-West"},
			{BoardSet, 1, "board 2 to tables 1 and 8"},
		}},
		{"relay: a set to the bye-stand", relay, Layout{BoardsPerSet: 1}, 1, 5, []Move{
			{NorthSouthPair, 5, "pair 5 stays"},
			{EastWestPair, 6, "pair 13 to table 6 East-West"},
			{BoardSet, None, "board 6 rests, then to table 4"},
		}},
		{"Howell: the pair that sits out next", howell, Layout{BoardsPerSet: 2}, 1, 4, []Move{
			{NorthSouthPair, 2, "pair 7 to table 2 North-South"},
			{EastWestPair, 1, "pair 2 to table 1 East-West"},
			{BoardSet, 3, "boards 7-8 to table 3"},
		}},
		{"Howell: the sit-out table has no boards", howell, Layout{BoardsPerSet: 2}, 1, 1, []Move{
			{EastWestPair, 3, "pair 1 to table 3 North-South"},
		}},
		{"last round", mitchell, Layout{BoardsPerSet: 2}, 7, 4, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			row, ok := NewSchedule(c.m).TableRound(c.round, c.table, c.layout)
			if !ok {
				t.Fatalf("no round %d at table %d", c.round, c.table)
			}
			if got := row.Moves(); !slices.Equal(got, c.want) {
				t.Errorf("moves %v\nwant %v", got, c.want)
			}
		})
	}
	if _, ok := NewSchedule(mitchell).TableRound(8, 1, Layout{BoardsPerSet: 2}); ok {
		t.Error("a seven-round Mitchell has a round 8")
	}
}

// TestMoveAfterASitOut: a pair that sits out the next round (its table is
// not in the round: a Mitchell cut short of a table) is told where it
// plays after.
func TestMoveAfterASitOut(t *testing.T) {
	m := Movement{Name: "three rounds", Tables: 2, Rounds: 3, Sets: 3, Seatings: []Seating{
		{Round: 1, Table: 1, NS: 1, EW: 2, Set: 1}, {Round: 1, Table: 2, NS: 3, EW: 4, Set: 2},
		{Round: 2, Table: 1, NS: 1, EW: 3, Set: 2}, {Round: 2, Table: 2, NS: None, EW: None, Set: 3},
		{Round: 3, Table: 1, NS: 1, EW: 4, Set: 3}, {Round: 3, Table: 2, NS: 2, EW: 3, Set: 1},
	}}
	row, _ := NewSchedule(m).TableRound(1, 1, Layout{BoardsPerSet: 3})
	want := []Move{
		{NorthSouthPair, 1, "pair 1 stays"},
		{EastWestPair, None, "pair 2 sits out, then to table 2 North-South"},
		{BoardSet, None, "boards 1-3 rest, then to table 2"},
	}
	if got := row.Moves(); !slices.Equal(got, want) {
		t.Errorf("moves %v\nwant %v", got, want)
	}
}
