package movement

import (
	"slices"
	"testing"
)

func TestRoundRobinMatchesBergerTables(t *testing.T) {
	// The published Berger tables: home team first, bye = highest number.
	tests := []struct {
		teams int
		want  [][]Match
	}{
		{4, [][]Match{
			{{1, 4}, {2, 3}},
			{{4, 3}, {1, 2}},
			{{2, 4}, {3, 1}},
		}},
		{6, [][]Match{
			{{1, 6}, {2, 5}, {3, 4}},
			{{6, 4}, {5, 3}, {1, 2}},
			{{2, 6}, {3, 1}, {4, 5}},
			{{6, 5}, {1, 4}, {2, 3}},
			{{3, 6}, {4, 2}, {5, 1}},
		}},
		{8, [][]Match{
			{{1, 8}, {2, 7}, {3, 6}, {4, 5}},
			{{8, 5}, {6, 4}, {7, 3}, {1, 2}},
			{{2, 8}, {3, 1}, {4, 7}, {5, 6}},
			{{8, 6}, {7, 5}, {1, 4}, {2, 3}},
			{{3, 8}, {4, 2}, {5, 1}, {6, 7}},
			{{8, 7}, {1, 6}, {2, 5}, {3, 4}},
			{{4, 8}, {5, 3}, {6, 2}, {7, 1}},
		}},
		// Five teams play the six-team table with team 6 as the bye.
		{5, [][]Match{
			{{1, None}, {2, 5}, {3, 4}},
			{{4, None}, {5, 3}, {1, 2}},
			{{2, None}, {3, 1}, {4, 5}},
			{{5, None}, {1, 4}, {2, 3}},
			{{3, None}, {4, 2}, {5, 1}},
		}},
	}
	for _, tt := range tests {
		got, err := RoundRobin(tt.teams)
		if err != nil {
			t.Fatalf("RoundRobin(%d): %v", tt.teams, err)
		}
		if !slices.EqualFunc(got, tt.want, slices.Equal) {
			t.Errorf("RoundRobin(%d) =\n%v\nwant\n%v", tt.teams, got, tt.want)
		}
	}
}

func TestRoundRobinProperties(t *testing.T) {
	for teams := 2; teams <= 24; teams++ {
		rounds, err := RoundRobin(teams)
		if err != nil {
			t.Fatalf("RoundRobin(%d): %v", teams, err)
		}
		if want := teams - 1 + teams%2; len(rounds) != want {
			t.Errorf("%d teams: %d rounds, want %d", teams, len(rounds), want)
		}
		met := map[[2]int]int{}
		home := make([]int, teams+1)
		away := make([]int, teams+1)
		byes := make([]int, teams+1)
		for r, round := range rounds {
			seen := map[int]bool{}
			for _, m := range round {
				for _, team := range []int{m.Home, m.Away} {
					if team == None {
						continue
					}
					if team < 1 || team > teams {
						t.Fatalf("%d teams, round %d: team %d out of range", teams, r+1, team)
					}
					if seen[team] {
						t.Fatalf("%d teams, round %d: team %d plays twice", teams, r+1, team)
					}
					seen[team] = true
				}
				if m.Away == None {
					byes[m.Home]++
					continue
				}
				met[[2]int{min(m.Home, m.Away), max(m.Home, m.Away)}]++
				home[m.Home]++
				away[m.Away]++
			}
			if len(seen) != teams {
				t.Errorf("%d teams, round %d: %d teams seated", teams, r+1, len(seen))
			}
		}
		for a := 1; a <= teams; a++ {
			for b := a + 1; b <= teams; b++ {
				if met[[2]int{a, b}] != 1 {
					t.Errorf("%d teams: %d and %d meet %d times", teams, a, b, met[[2]int{a, b}])
				}
			}
			if d := home[a] - away[a]; d > 1 || d < -1 {
				t.Errorf("%d teams: team %d home %d, away %d", teams, a, home[a], away[a])
			}
			if want := teams % 2; byes[a] != want {
				t.Errorf("%d teams: team %d has %d byes, want %d", teams, a, byes[a], want)
			}
		}
	}
}

func TestRoundRobinRejectsTooFewTeams(t *testing.T) {
	for _, teams := range []int{-3, 0, 1} {
		if _, err := RoundRobin(teams); err == nil {
			t.Errorf("RoundRobin(%d) gave no error", teams)
		}
	}
}
