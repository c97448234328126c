package movement

import (
	"fmt"
	"slices"
)

// A Swiss teams movement is a teams movement (Teams set, as TeamsMovement
// seats it) whose rounds are paired one at a time on the standings after
// the rounds before. Round r plays set r, every match from its own copy;
// a round not paired yet has its tables and no one at them.

// SwissTeamsMovement is a Swiss of the teams numbered teams (in seeding
// order) over rounds rounds of boardsPerRound boards. Round 1 is paired as
// SwissPairings pairs a field with no scores yet: the first team against
// the second, the third against the fourth, the last team with the bye
// when the field is odd; the later rounds wait for PairTeamsRound.
func SwissTeamsMovement(teams []int, rounds, boardsPerRound int) (Movement, error) {
	if rounds < 1 {
		return Movement{}, fmt.Errorf("swiss: %d rounds; say how many rounds the Swiss plays", rounds)
	}
	standings := make([]SwissTeam, len(teams))
	for i, t := range teams {
		standings[i] = SwissTeam{Team: t}
	}
	first, err := SwissPairings(standings, nil, SwissOptions{})
	if err != nil {
		return Movement{}, err
	}
	m, err := TeamsMovement([][]Match{first}, boardsPerRound)
	if err != nil {
		return Movement{}, err
	}
	m.Name = fmt.Sprintf("Swiss teams, %d teams, %d rounds of %d boards, two rooms", len(teams), rounds, boardsPerRound)
	m.Rounds, m.Sets = rounds, rounds
	m.Notes = append(m.Notes, "each round after the first is paired on the standings after the rounds before it, teams that have met not meeting again")
	for r := 2; r <= rounds; r++ {
		for t := 1; t <= m.Tables; t++ {
			m.Seatings = append(m.Seatings, Seating{Round: r, Table: t})
		}
	}
	return m, nil
}

// RoundPaired reports whether anyone plays in round r: a Swiss round not
// paired yet has no one at its tables.
func (m Movement) RoundPaired(r int) bool {
	for _, s := range m.Seatings {
		if s.Round == r && (s.NS != None || s.EW != None) {
			return true
		}
	}
	return false
}

// PairTeamsRound returns the teams movement with round r seated as
// matches say, in the order given: match k at tables 2k−1 (the open room)
// and 2k (the closed room), playing set r; a match with Away None is a
// bye. The round's seatings, shares and bye notes are replaced; the other
// rounds are kept as they are, but for the tables added when the round has
// more matches than the movement has tables (late teams), which are empty
// in them. The rounds before r must be paired.
func (m Movement) PairTeamsRound(r int, matches []Match) (Movement, error) {
	switch {
	case !m.Teams:
		return Movement{}, fmt.Errorf("pair round %d: %s is not a teams movement", r, m.Name)
	case r < 1 || r > m.Rounds:
		return Movement{}, fmt.Errorf("pair round %d: the movement has rounds 1 to %d", r, m.Rounds)
	}
	for before := 1; before < r; before++ {
		if !m.RoundPaired(before) {
			return Movement{}, fmt.Errorf("pair round %d: round %d is not paired yet; pair the rounds in order", r, before)
		}
	}
	if err := checkTeamRound(r, matches); err != nil {
		return Movement{}, err
	}
	played := len(matches) - countByes(matches)
	if played == 0 {
		return Movement{}, fmt.Errorf("pair round %d: no match to play", r)
	}
	out := m
	out.Seatings = slices.DeleteFunc(slices.Clone(m.Seatings), func(s Seating) bool { return s.Round == r })
	if 2*played > m.Tables {
		// More matches than tables (late teams): the other rounds get the
		// new tables too, with nobody at them.
		for other := 1; other <= m.Rounds; other++ {
			for t := m.Tables + 1; other != r && t <= 2*played; t++ {
				out.Seatings = append(out.Seatings, Seating{Round: other, Table: t})
			}
		}
		out.Tables = 2 * played
	}
	out.Shares = slices.DeleteFunc(slices.Clone(m.Shares), func(s Share) bool { return s.Round == r })
	out.RoundNotes = slices.DeleteFunc(slices.Clone(m.RoundNotes), func(n RoundNote) bool { return n.SitOut && n.From == r && n.To == r })
	table := 1
	for _, match := range matches {
		if match.Away == None {
			out.RoundNotes = append(out.RoundNotes, RoundNote{From: r, To: r, SitOut: true, Text: fmt.Sprintf("team %d has a bye", match.Home)})
			continue
		}
		out.Seatings = append(out.Seatings,
			Seating{Round: r, Table: table, NS: match.Home, EW: match.Away, Set: r},
			Seating{Round: r, Table: table + 1, NS: match.Away, EW: match.Home, Set: r})
		out.Shares = append(out.Shares, Share{Round: r, Set: r, Tables: [2]int{table, table + 1}})
		table += 2
	}
	for ; table <= out.Tables; table++ {
		out.Seatings = append(out.Seatings, Seating{Round: r, Table: table})
	}
	out.Sort()
	slices.SortStableFunc(out.Shares, func(a, b Share) int {
		return compareSeatings(Seating{Round: a.Round, Table: a.Tables[0]}, Seating{Round: b.Round, Table: b.Tables[0]})
	})
	return out, nil
}

// SwissHistory is what the rounds before round `before` say for pairing
// it: how often every two teams have met (keyed lower number first, as
// SwissPairings takes them), and how many of the paired rounds each of
// teams sat out.
func (m Movement) SwissHistory(before int, teams []int) (played map[[2]int]int, byes map[int]int) {
	played, byes = map[[2]int]int{}, map[int]int{}
	for r := 1; r < before; r++ {
		if !m.RoundPaired(r) {
			continue
		}
		seated := map[int]bool{}
		met := map[[2]int]bool{}
		for _, s := range m.Round(r) {
			seated[s.NS], seated[s.EW] = true, true
			if s.NS != None && s.EW != None {
				met[[2]int{min(s.NS, s.EW), max(s.NS, s.EW)}] = true
			}
		}
		for k := range met {
			played[k]++
		}
		for _, t := range teams {
			if !seated[t] {
				byes[t]++
			}
		}
	}
	return played, byes
}
