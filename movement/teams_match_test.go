package movement

import (
	"errors"
	"fmt"
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
		// The matches of a round share its boards, as in real events: the
		// session has one set a round, rounds × 8 boards.
		if m.Sets != len(rounds) {
			t.Errorf("%d teams: %d sets for %d rounds, want one a round", teams, m.Sets, len(rounds))
		}
		if want := len(rounds) * (teams / 2); len(m.Shares) != want {
			t.Errorf("%d teams: %d shares, want one for each of the %d matches", teams, len(m.Shares), want)
		}
		for r, round := range rounds {
			table := 1
			for _, match := range round {
				if match.Away == None {
					continue
				}
				open, _ := m.At(r+1, table)
				closed, _ := m.At(r+1, table+1)
				if open.NS != match.Home || open.EW != match.Away || closed.NS != match.Away || closed.EW != match.Home {
					t.Errorf("%d teams, round %d, match %v: rooms %v and %v", teams, r+1, match, open, closed)
				}
				if open.Set != r+1 || closed.Set != r+1 {
					t.Errorf("%d teams, round %d, match %v: rooms play sets %d and %d, want the round's set %d", teams, r+1, match, open.Set, closed.Set, r+1)
				}
				table += 2
			}
		}
		if len(m.Entrants()) != teams {
			t.Errorf("%d teams: %d teams seated", teams, len(m.Entrants()))
		}
		// A team's path has both its tables in every round it plays: North-
		// South at one, East-West at the other, against the same team on
		// the same set.
		for _, team := range m.Entrants() {
			path := NewSchedule(m).Path(team)
			if want := (len(rounds) - teams%2) * 2; len(path) != want {
				t.Fatalf("%d teams: team %d's path has %d stops, want %d", teams, team, len(path), want)
			}
			for i := 0; i < len(path); i += 2 {
				home, away := path[i], path[i+1]
				if home.Round != away.Round || home.Table == away.Table || home.NorthSouth == away.NorthSouth ||
					home.Opponent != away.Opponent || home.Set != away.Set {
					t.Errorf("%d teams: team %d in round %d: %+v and %+v, want both rooms of one match", teams, team, home.Round, home, away)
				}
			}
		}
		if byes := strings.Count(strings.Join(m.Footnotes(), "\n"), "has a bye"); byes != teams%2*teams {
			t.Errorf("%d teams: %d byes noted", teams, byes)
		}
	}
}

// TestTeamsBalanceCountsMatches: a teams movement's balance says how often
// every two teams meet, a match in two rooms counted once: once for a
// round robin, twice for a double one, never for those a cut-short one
// leaves out.
func TestTeamsBalanceCountsMatches(t *testing.T) {
	for _, c := range []struct {
		teams, rounds int
		want          map[int]int
	}{
		{6, 0, map[int]int{1: 15}},
		{5, 10, map[int]int{2: 10}},
		{8, 3, map[int]int{0: 16, 1: 12}},
		{2, 3, map[int]int{3: 1}},
	} {
		rounds, err := RoundRobinRounds(c.teams, c.rounds)
		if err != nil {
			t.Fatal(err)
		}
		m, err := TeamsMovement(rounds, 6)
		if err != nil {
			t.Fatal(err)
		}
		if err := Check(m); err != nil {
			t.Fatalf("%d teams, %d rounds: Check: %v", c.teams, c.rounds, err)
		}
		r := Balance(m)
		if len(r.Meetings.Histogram) != len(c.want) {
			t.Errorf("%d teams, %d rounds: meetings %v, want %v", c.teams, c.rounds, r.Meetings.Histogram, c.want)
		}
		for v, n := range c.want {
			if r.Meetings.Histogram[v] != n {
				t.Errorf("%d teams, %d rounds: meetings %v, want %v", c.teams, c.rounds, r.Meetings.Histogram, c.want)
			}
		}
		if r.Comparisons.Max != 0 || r.Manning.SD != 0 || r.Qf != 0 {
			t.Errorf("%d teams: comparisons %v, Manning %v, Qf %v: teams are compared only with their opponents", c.teams, r.Comparisons, r.Manning, r.Qf)
		}
	}
}

// TestRoundRobinRoundsPlaysAgain: more rounds than the round robin play it
// again with home and away exchanged; fewer cut it short.
func TestRoundRobinRoundsPlaysAgain(t *testing.T) {
	once, _ := RoundRobin(4)
	twice, err := RoundRobinRounds(4, 6)
	if err != nil {
		t.Fatal(err)
	}
	for r, round := range once {
		for i, m := range round {
			if twice[r][i] != m || twice[r+3][i] != (Match{m.Away, m.Home}) {
				t.Errorf("round %d match %d: %v then %v, want %v then home and away exchanged", r+1, i+1, twice[r][i], twice[r+3][i], m)
			}
		}
	}
	if short, _ := RoundRobinRounds(4, 2); len(short) != 2 || short[1][0] != once[1][0] {
		t.Errorf("two rounds of four teams: %v", short)
	}
	if _, err := RoundRobinRounds(4, -1); err == nil {
		t.Error("-1 rounds: no error")
	}
}

// TestCheckTeamsSeatsEachDirectionOnce: a team sits once in each direction a
// round and plays a set once in each; a pairs movement seats a pair once.
func TestCheckTeamsSeatsEachDirectionOnce(t *testing.T) {
	m := Movement{Tables: 2, Rounds: 1, Sets: 1, Teams: true,
		Seatings: []Seating{{1, 1, 1, 2, 1}, {1, 2, 1, 2, 1}},
		Shares:   []Share{{Round: 1, Set: 1, Tables: [2]int{1, 2}}}}
	var ce *CheckError
	if err := Check(m); err == nil || !errors.As(err, &ce) || ce.Rule != RuleEntrantTwice || !strings.Contains(err.Error(), "team 1 sits at tables 1 and 2") {
		t.Errorf("team 1 North-South at both tables: %v", err)
	}
	m.Seatings[1] = Seating{1, 2, 2, 1, 1}
	if err := Check(m); err != nil {
		t.Errorf("both rooms of a match: %v", err)
	}
	m.Teams = false
	if err := Check(m); err == nil || !errors.As(err, &ce) || ce.Rule != RuleEntrantTwice {
		t.Errorf("pairs at two tables at once: %v", err)
	}
}

// TestTeamsTableCards: a teams table's card shares the boards with the
// other room of its match only, and sends each team's pair to its team's
// seat in the same direction next round.
func TestTeamsTableCards(t *testing.T) {
	rounds, _ := RoundRobin(6)
	m, err := TeamsMovement(rounds, 6)
	if err != nil {
		t.Fatal(err)
	}
	x := NewSchedule(m)
	for r := 1; r < len(rounds); r++ {
		for table := 1; table <= m.Tables; table++ {
			c, _ := x.TableRound(r, table, Layout{BoardsPerSet: 6})
			if other := table + 1 - 2*((table+1)%2); len(c.SharedWith) != 1 || c.SharedWith[0] != other {
				t.Errorf("round %d table %d shares its boards with %v, want the other room, table %d", r, table, c.SharedWith, other)
			}
			for _, mv := range c.Moves() {
				if mv.Who == BoardSet {
					continue
				}
				team, northSouth := c.NS, mv.Who == NorthSouthPair
				if !northSouth {
					team = c.EW
				}
				var want Position
				for _, p := range x.Path(team) {
					if p.Round == r+1 && p.NorthSouth == northSouth {
						want = p
					}
				}
				if text := fmt.Sprintf("team %d's %s pair to table %d %s", team, mv.Who, want.Table, mv.Who); mv.Table != want.Table || mv.Text != text {
					t.Errorf("round %d table %d: %+v, want %q", r, table, mv, text)
				}
			}
		}
	}
}

// TestTeamsGuideCards: each of a team's pairs has a guide card that keeps
// its direction and follows its team's seat in it every round.
func TestTeamsGuideCards(t *testing.T) {
	rounds, _ := RoundRobin(6)
	m, err := TeamsMovement(rounds, 6)
	if err != nil {
		t.Fatal(err)
	}
	cards := GuideCards(m, Layout{BoardsPerSet: 6})
	if len(cards) != 12 {
		t.Fatalf("%d guide cards, want two for each of 6 teams", len(cards))
	}
	for _, c := range cards {
		northSouth := strings.HasSuffix(c.Holder, "North-South pair")
		if want := fmt.Sprintf("Team %d, %s pair", c.Entrant, map[bool]string{true: "North-South", false: "East-West"}[northSouth]); c.Holder != want {
			t.Errorf("card for %q, want %q", c.Holder, want)
		}
		for _, r := range c.Rounds {
			if seated := map[bool]int{true: r.NS, false: r.EW}[northSouth]; seated != c.Entrant {
				t.Errorf("%s, round %d: table %d seats %d v %d", c.Holder, r.Round, r.Table, r.NS, r.EW)
			}
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
