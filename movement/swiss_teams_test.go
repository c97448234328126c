package movement

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// matchesOf reads the matches of a teams round back from its open rooms.
func matchesOf(m Movement, r int) []Match {
	var out []Match
	for _, s := range m.Round(r) {
		if s.Table%2 == 1 && s.NS != None {
			out = append(out, Match{s.NS, s.EW})
		}
	}
	return out
}

func TestSwissTeamsMovementPairsRoundOneOnly(t *testing.T) {
	m, err := SwissTeamsMovement([]int{1, 2, 3, 4, 5, 6, 7, 8}, 3, 4)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Teams || m.Tables != 8 || m.Rounds != 3 || m.Sets != 3 {
		t.Fatalf("teams %v, %d tables, %d rounds, %d sets; want a teams movement of 8 tables, 3 rounds, 3 sets", m.Teams, m.Tables, m.Rounds, m.Sets)
	}
	if got, want := matchesOf(m, 1), []Match{{1, 2}, {3, 4}, {5, 6}, {7, 8}}; !slices.Equal(got, want) {
		t.Errorf("round 1 %v, want %v", got, want)
	}
	for r := 2; r <= 3; r++ {
		if m.RoundPaired(r) {
			t.Errorf("round %d paired before its standings exist: %v", r, m.Round(r))
		}
		if n := len(m.Round(r)); n != 8 {
			t.Errorf("round %d has %d tables, want 8 empty ones", r, n)
		}
	}
	if s, _ := m.At(1, 2); s.NS != 2 || s.EW != 1 || s.Set != 1 {
		t.Errorf("round 1 table 2 (closed room) %+v, want team 2 North-South against team 1, set 1", s)
	}
}

func TestSwissTeamsOddFieldGivesTheLastTeamTheBye(t *testing.T) {
	m, err := SwissTeamsMovement([]int{2, 4, 6, 8, 10, 12, 14}, 3, 4)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := matchesOf(m, 1), []Match{{2, 4}, {6, 8}, {10, 12}}; !slices.Equal(got, want) {
		t.Errorf("round 1 %v, want %v", got, want)
	}
	if len(m.RoundNotes) != 1 || !strings.Contains(m.RoundNotes[0].Text, "team 14 has a bye") {
		t.Errorf("round notes %v, want team 14's bye", m.RoundNotes)
	}
	_, byes := m.SwissHistory(2, []int{2, 4, 6, 8, 10, 12, 14})
	if !maps.Equal(byes, map[int]int{14: 1}) {
		t.Errorf("byes %v, want team 14 once", byes)
	}
}

func TestPairTeamsRoundWritesTheRound(t *testing.T) {
	m, err := SwissTeamsMovement([]int{1, 2, 3, 4, 5, 6, 7, 8}, 3, 4)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.PairTeamsRound(3, []Match{{1, 3}, {2, 4}, {5, 7}, {6, 8}}); err == nil || !strings.Contains(err.Error(), "round 2 is not paired") {
		t.Errorf("round 3 before round 2: %v, want a refusal naming round 2", err)
	}
	if _, err := m.PairTeamsRound(2, []Match{{1, 3}, {3, 5}}); err == nil || !strings.Contains(err.Error(), "team 3 plays twice") {
		t.Errorf("team twice: %v, want a refusal naming team 3", err)
	}
	two, err := m.PairTeamsRound(2, []Match{{1, 3}, {2, 4}, {5, 7}, {6, 8}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := matchesOf(two, 2), []Match{{1, 3}, {2, 4}, {5, 7}, {6, 8}}; !slices.Equal(got, want) {
		t.Errorf("round 2 %v, want %v", got, want)
	}
	if !slices.Equal(matchesOf(two, 1), matchesOf(m, 1)) || two.RoundPaired(3) {
		t.Errorf("pairing round 2 changed the other rounds: round 1 %v, round 3 paired %v", matchesOf(two, 1), two.RoundPaired(3))
	}
	// Pairing again replaces the round whole: no seating, share or bye
	// of the first pairing is left.
	again, err := two.PairTeamsRound(2, []Match{{1, 4}, {2, 3}, {5, 8}, {6, None}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := matchesOf(again, 2), []Match{{1, 4}, {2, 3}, {5, 8}}; !slices.Equal(got, want) {
		t.Errorf("round 2 paired again %v, want %v", got, want)
	}
	if n := len(again.Round(2)); n != 8 {
		t.Errorf("round 2 paired again has %d tables, want 8", n)
	}
	shares := 0
	for _, s := range again.Shares {
		if s.Round == 2 {
			shares++
		}
	}
	if shares != 3 {
		t.Errorf("round 2 paired again shares %d sets, want 3 (one a match)", shares)
	}
	three, err := again.PairTeamsRound(3, []Match{{1, 5}, {2, 6}, {3, 7}, {4, 8}})
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(three); err != nil {
		t.Errorf("the Swiss with every round paired fails the movement check: %v", err)
	}
	played, byes := three.SwissHistory(4, []int{1, 2, 3, 4, 5, 6, 7, 8})
	if played[[2]int{1, 2}] != 1 || played[[2]int{1, 4}] != 1 || played[[2]int{1, 5}] != 1 || played[[2]int{1, 3}] != 0 {
		t.Errorf("meetings %v: want 1v2, 1v4 and 1v5 once each and not 1v3 (replaced)", played)
	}
	if !maps.Equal(byes, map[int]int{6: 1, 7: 1}) {
		t.Errorf("byes %v, want teams 6 and 7 once each in round 2", byes)
	}
}

func TestSwissTeamsMovementRefusesNoRounds(t *testing.T) {
	if _, err := SwissTeamsMovement([]int{1, 2, 3, 4}, 0, 4); err == nil || !strings.Contains(err.Error(), "rounds") {
		t.Errorf("no rounds: %v, want a refusal about the rounds", err)
	}
}

func TestPairTeamsRoundAddsTablesForLateTeams(t *testing.T) {
	m, err := SwissTeamsMovement([]int{1, 2, 3, 4}, 3, 4)
	if err != nil {
		t.Fatal(err)
	}
	two, err := m.PairTeamsRound(2, []Match{{1, 3}, {2, 5}, {4, 6}})
	if err != nil {
		t.Fatal(err)
	}
	if two.Tables != 6 {
		t.Fatalf("%d tables for three matches, want 6", two.Tables)
	}
	for r := 1; r <= 3; r++ {
		if n := len(two.Round(r)); n != 6 {
			t.Errorf("round %d has %d tables, want 6", r, n)
		}
	}
	if s, _ := two.At(1, 5); s.NS != None || s.EW != None || s.Set != None {
		t.Errorf("round 1 table 5, added for round 2: %+v, want nobody", s)
	}
	if s, _ := two.At(2, 6); s.NS != 6 || s.EW != 4 || s.Set != 2 {
		t.Errorf("round 2 table 6: %+v, want team 6 against team 4 on set 2", s)
	}
}
