package movement

import (
	"errors"
	"slices"
	"testing"
)

// threeTableMitchell is the three-table Mitchell written out by hand (NS 1–3
// stationary, EW 4–6 moving up, boards down), the base every broken
// movement below starts from.
func threeTableMitchell() Movement {
	return Movement{
		Name: "Mitchell, 3 tables", Tables: 3, Rounds: 3, Sets: 3,
		Seatings: []Seating{
			{1, 1, 1, 4, 1}, {1, 2, 2, 5, 2}, {1, 3, 3, 6, 3},
			{2, 1, 1, 6, 2}, {2, 2, 2, 4, 3}, {2, 3, 3, 5, 1},
			{3, 1, 1, 5, 3}, {3, 2, 2, 6, 1}, {3, 3, 3, 4, 2},
		},
		TwoWinners: true,
		Stationary: []int{1, 2, 3},
	}
}

// twoTablesOneSet has two tables playing set 1 in its only round.
func twoTablesOneSet() Movement {
	return Movement{Tables: 2, Rounds: 1, Sets: 1,
		Seatings: []Seating{{1, 1, 1, 2, 1}, {1, 2, 3, 4, 1}}}
}

// seatingAt returns a pointer to the seating of (round, table) in m.
func seatingAt(t *testing.T, m *Movement, round, table int) *Seating {
	t.Helper()
	for i := range m.Seatings {
		if m.Seatings[i].Round == round && m.Seatings[i].Table == table {
			return &m.Seatings[i]
		}
	}
	t.Fatalf("no seating at round %d table %d", round, table)
	return nil
}

func TestCheckAcceptsValidMovements(t *testing.T) {
	tests := []struct {
		name  string
		build func(t *testing.T) Movement
	}{
		{"three-table Mitchell", func(*testing.T) Movement { return threeTableMitchell() }},
		{"seatings in any order", func(*testing.T) Movement {
			m := threeTableMitchell()
			slices.Reverse(m.Seatings)
			return m
		}},
		{"pair 4 absent: its opponents sit out", func(*testing.T) Movement {
			m := threeTableMitchell()
			for i := range m.Seatings {
				if m.Seatings[i].EW == 4 {
					m.Seatings[i].EW = None
				}
			}
			return m
		}},
		{"declared share", func(*testing.T) Movement {
			m := twoTablesOneSet()
			m.Shares = []Share{{Round: 1, Set: 1, Tables: [2]int{2, 1}}}
			return m
		}},
		{"a set at a sit-out table is idle, not shared", func(*testing.T) Movement {
			m := twoTablesOneSet()
			m.Seatings[1].EW = None
			return m
		}},
		{"an arrow switch keeps NS pairs stationary", func(t *testing.T) Movement {
			m := threeTableMitchell()
			m.TwoWinners = false
			for table := 1; table <= 3; table++ {
				s := seatingAt(t, &m, 2, table)
				s.NS, s.EW = s.EW, s.NS
			}
			return m
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := Check(tt.build(t)); err != nil {
				t.Fatalf("Check: %v", err)
			}
		})
	}
}

func TestCheckNamesTheFirstFault(t *testing.T) {
	tests := []struct {
		name   string
		base   func() Movement
		breakM func(t *testing.T, m *Movement)
		want   CheckError
	}{
		{"no rounds", threeTableMitchell, func(_ *testing.T, m *Movement) { m.Rounds = 0 },
			CheckError{Rule: RuleCounts, Reason: "Rounds is 0, want at least 1"}},
		{"negative tables", threeTableMitchell, func(_ *testing.T, m *Movement) { m.Tables = -1 },
			CheckError{Rule: RuleCounts, Reason: "Tables is -1, want at least 1"}},
		{"no sets", threeTableMitchell, func(_ *testing.T, m *Movement) { m.Sets = 0 },
			CheckError{Rule: RuleCounts, Reason: "Sets is 0, want at least 1"}},
		{"round beyond Rounds", threeTableMitchell, func(t *testing.T, m *Movement) { seatingAt(t, m, 3, 3).Round = 4 },
			CheckError{Rule: RuleRange, Round: 4, Table: 3, Reason: "round 4 table 3: Rounds says 3 but round 4 is used"}},
		{"table beyond Tables", threeTableMitchell, func(t *testing.T, m *Movement) { seatingAt(t, m, 2, 3).Table = 7 },
			CheckError{Rule: RuleRange, Round: 2, Table: 7, Reason: "round 2 table 7: Tables says 3 but table 7 is used"}},
		{"set beyond Sets", threeTableMitchell, func(t *testing.T, m *Movement) { seatingAt(t, m, 1, 2).Set = 9 },
			CheckError{Rule: RuleRange, Round: 1, Table: 2, Set: 9, Reason: "round 1 table 2: Sets says 3 but set 9 is used"}},
		{"negative pair", threeTableMitchell, func(t *testing.T, m *Movement) { seatingAt(t, m, 1, 2).EW = -5 },
			CheckError{Rule: RuleRange, Round: 1, Table: 2, Entrant: -5, Reason: "round 1 table 2: pair number -5 is negative"}},
		{"pair plays itself", threeTableMitchell, func(t *testing.T, m *Movement) { seatingAt(t, m, 2, 2).EW = 2 },
			CheckError{Rule: RuleSelfPlay, Round: 2, Table: 2, Entrant: 2, Reason: "round 2 table 2: pair 2 plays itself"}},
		{"pairs without boards", threeTableMitchell, func(t *testing.T, m *Movement) { seatingAt(t, m, 1, 1).Set = None },
			CheckError{Rule: RuleNoSet, Round: 1, Table: 1, Reason: "round 1 table 1: pairs 1 and 4 have no board set"}},
		{"table twice in a round", threeTableMitchell, func(t *testing.T, m *Movement) {
			m.Seatings = append(m.Seatings, *seatingAt(t, m, 2, 3))
		}, CheckError{Rule: RuleTableTwice, Round: 2, Table: 3, Reason: "round 2 table 3 appears twice"}},
		{"pair at two tables", threeTableMitchell, func(t *testing.T, m *Movement) { seatingAt(t, m, 2, 3).EW = 6 },
			CheckError{Rule: RuleEntrantTwice, Round: 2, Table: 3, Entrant: 6, Reason: "round 2: pair 6 sits at tables 1 and 3"}},
		{"set played twice", threeTableMitchell, func(t *testing.T, m *Movement) { seatingAt(t, m, 3, 3).Set = 3 },
			CheckError{Rule: RuleReplay, Round: 3, Table: 3, Entrant: 3, Set: 3,
				Reason: "pair 3 plays set 3 twice: round 1 table 3 and round 3 table 3"}},
		{"table missing mid-round", threeTableMitchell, func(_ *testing.T, m *Movement) {
			m.Seatings = slices.Delete(m.Seatings, 4, 5)
		}, CheckError{Rule: RuleTableMissing, Round: 2, Table: 2, Reason: "round 2 has no seating at table 2 (Rounds 3, Tables 3)"}},
		{"last table missing", threeTableMitchell, func(_ *testing.T, m *Movement) {
			m.Seatings = m.Seatings[:8]
		}, CheckError{Rule: RuleTableMissing, Round: 3, Table: 3, Reason: "round 3 has no seating at table 3 (Rounds 3, Tables 3)"}},
		{"share names a table without its set", threeTableMitchell, func(_ *testing.T, m *Movement) {
			m.Shares = []Share{{Round: 1, Set: 1, Tables: [2]int{1, 2}}}
		}, CheckError{Rule: RuleShare, Round: 1, Table: 2, Set: 1,
			Reason: "share of set 1 in round 1 by tables 1 and 2: table 2 plays set 2"}},
		{"share in a round that does not exist", twoTablesOneSet, func(_ *testing.T, m *Movement) {
			m.Shares = []Share{{Round: 2, Set: 1, Tables: [2]int{1, 2}}}
		}, CheckError{Rule: RuleShare, Round: 2, Set: 1, Reason: "share of set 1 in round 2 by tables 1 and 2: Rounds says 1"}},
		{"share of a set that does not exist", twoTablesOneSet, func(_ *testing.T, m *Movement) {
			m.Shares = []Share{{Round: 1, Set: 2, Tables: [2]int{1, 2}}}
		}, CheckError{Rule: RuleShare, Round: 1, Set: 2, Reason: "share of set 2 in round 1 by tables 1 and 2: Sets says 1"}},
		{"share of a table with itself", twoTablesOneSet, func(_ *testing.T, m *Movement) {
			m.Shares = []Share{{Round: 1, Set: 1, Tables: [2]int{2, 2}}}
		}, CheckError{Rule: RuleShare, Round: 1, Set: 1, Reason: "share of set 1 in round 1 by tables 2 and 2: a table cannot share with itself"}},
		{"share with a table that does not exist", twoTablesOneSet, func(_ *testing.T, m *Movement) {
			m.Shares = []Share{{Round: 1, Set: 1, Tables: [2]int{1, 3}}}
		}, CheckError{Rule: RuleShare, Round: 1, Set: 1, Reason: "share of set 1 in round 1 by tables 1 and 3: Tables says 2"}},
		{"set at two tables without a share", twoTablesOneSet, func(*testing.T, *Movement) {},
			CheckError{Rule: RuleSetTwice, Round: 1, Table: 2, Set: 1,
				Reason: "round 1: set 1 is at tables 1 and 2, which share no declared set"}},
		{"set never played", threeTableMitchell, func(_ *testing.T, m *Movement) { m.Sets = 4 },
			CheckError{Rule: RuleCounts, Set: 4, Reason: "Sets says 4 but set 4 is never played"}},
		{"set played only at a sit-out table", twoTablesOneSet, func(_ *testing.T, m *Movement) {
			m.Sets = 2
			m.Seatings[1] = Seating{1, 2, 3, None, 2}
		}, CheckError{Rule: RuleCounts, Set: 2, Reason: "Sets says 2 but set 2 is never played"}},
		{"stationary pair moves", threeTableMitchell, func(_ *testing.T, m *Movement) { m.Stationary = []int{1, 4} },
			CheckError{Rule: RuleStationary, Round: 2, Table: 2, Entrant: 4,
				Reason: "pair 4 is listed as stationary but sits at table 1 and, in round 2, at table 2"}},
		{"the empty seat listed as stationary", threeTableMitchell, func(_ *testing.T, m *Movement) { m.Stationary = []int{None} },
			CheckError{Rule: RuleStationary, Reason: "the empty seat (None) is listed as stationary"}},
		{"two winners but a pair changes direction", threeTableMitchell, func(t *testing.T, m *Movement) {
			s := seatingAt(t, m, 2, 1)
			s.NS, s.EW = s.EW, s.NS
		}, CheckError{Rule: RuleTwoWinners, Round: 1, Table: 3, Entrant: 6,
			Reason: "pair 6 sits North-South in round 2 and East-West in round 1, but the movement has two winners"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.base()
			tt.breakM(t, &m)
			err := Check(m)
			var ce *CheckError
			if !errors.As(err, &ce) {
				t.Fatalf("Check = %v, want a *CheckError", err)
			}
			if *ce != tt.want {
				t.Errorf("Check =\n  %+v\nwant\n  %+v", *ce, tt.want)
			}
		})
	}
}

func BenchmarkCheck30(b *testing.B) {
	m, err := Mitchell(30, MitchellOptions{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := Check(m); err != nil {
			b.Fatal(err)
		}
	}
}
