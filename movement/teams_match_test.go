package movement

import (
	"strings"
	"testing"
)

func TestTeamsMovementFromRoundRobin(t *testing.T) {
	for _, teams := range []int{2, 4, 5, 6, 9} {
		rounds, err := RoundRobin(teams)
		if err != nil {
			t.Fatal(err)
		}
		m, err := TeamsMovement(rounds, 8)
		if err != nil {
			t.Fatalf("%d teams: %v", teams, err)
		}
		if err := Check(m); err != nil {
			t.Fatalf("%d teams: Check: %v", teams, err)
		}
		if want := 2 * (teams / 2); m.Tables != want {
			t.Errorf("%d teams: %d tables, want %d", teams, m.Tables, want)
		}
		if len(m.Shares) != m.Sets {
			t.Errorf("%d teams: %d shares for %d sets", teams, len(m.Shares), m.Sets)
		}
		for r, round := range rounds {
			table := 1
			for _, match := range round {
				if match.Away == None {
					continue
				}
				open, _ := m.At(r+1, table)
				closed, _ := m.At(r+1, table+1)
				if TeamOf(open.NS) != match.Home || TeamOf(open.EW) != match.Away ||
					TeamOf(closed.NS) != match.Away || TeamOf(closed.EW) != match.Home ||
					open.NS%2 != 1 || closed.NS%2 != 1 || open.EW%2 != 0 || closed.EW%2 != 0 {
					t.Errorf("%d teams, round %d, match %v: rooms %v and %v", teams, r+1, match, open, closed)
				}
				if open.Set != closed.Set || open.Set == None {
					t.Errorf("%d teams, round %d, match %v: rooms play sets %d and %d", teams, r+1, match, open.Set, closed.Set)
				}
				table += 2
			}
		}
		if want := 2 * teams; len(m.Entrants()) != want {
			t.Errorf("%d teams: %d pairs seated, want %d", teams, len(m.Entrants()), want)
		}
		// Both pairs of a team play each set of its match, one in each
		// room, in the same round; no team meets a set in another round.
		playedIn := map[int]map[int]int{} // team → set → round played
		for _, pair := range m.Entrants() {
			team := TeamOf(pair)
			if playedIn[team] == nil {
				playedIn[team] = map[int]int{}
			}
			for _, p := range m.Path(pair) {
				if r, ok := playedIn[team][p.Set]; ok && r != p.Round {
					t.Errorf("%d teams: team %d meets set %d in rounds %d and %d", teams, team, p.Set, r, p.Round)
				}
				playedIn[team][p.Set] = p.Round
			}
		}
		for team, sets := range playedIn {
			if len(sets) != teams-1 {
				t.Errorf("%d teams: team %d played %d sets, want %d", teams, team, len(sets), teams-1)
			}
		}
		if byes := strings.Count(strings.Join(m.Notes, "\n"), "has a bye"); byes != teams%2*teams {
			t.Errorf("%d teams: %d byes noted", teams, byes)
		}
	}
}

func TestTeamsMovementFreeTables(t *testing.T) {
	rounds := [][]Match{{{1, 2}, {3, 4}}, {{1, 3}, {2, None}}}
	m, err := TeamsMovement(rounds, 4)
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(m); err != nil {
		t.Fatalf("Check: %v", err)
	}
	for _, table := range []int{3, 4} {
		if s, ok := m.At(2, table); !ok || s.NS != None || s.EW != None || s.Set != None {
			t.Errorf("round 2 table %d: %v, want an empty table", table, s)
		}
	}
}

func TestTeamsMovementRejectsBadRounds(t *testing.T) {
	tests := []struct {
		name   string
		rounds [][]Match
		boards int
		want   string
	}{
		{"no rounds", nil, 8, "no rounds"},
		{"one board", [][]Match{{{1, 2}}}, 1, "at least 2"},
		{"team zero", [][]Match{{{0, 2}}}, 8, "numbered from 1"},
		{"team plays itself", [][]Match{{{3, 3}}}, 8, "team 3 plays itself"},
		{"team twice in a round", [][]Match{{{1, 2}}, {{1, 2}, {3, 1}}}, 8, "round 2: team 1 plays twice"},
		{"only byes", [][]Match{{{1, None}}}, 8, "no round has a match"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := TeamsMovement(tt.rounds, tt.boards)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one saying %q", err, tt.want)
			}
		})
	}
}
