package movement

import "fmt"

// TeamsMovement seats team matches played in two rooms (reference §2). The
// entrants are the teams, and a teams movement (Teams set) seats each team
// at two tables a round: match k of a round takes tables 2k−1 (the open
// room: the home team North-South against the away team East-West) and 2k
// (the closed room: away North-South against home East-West). Both rooms
// play the same board set, declared as a Share of the two tables: the rooms
// start at opposite halves of the set and swap boards half-way through the
// round. As in real events, every match of a round plays that round's set,
// each match from its own duplicated copy, so the session has one set a
// round: rounds × boardsPerRound boards in all.
//
// A team with a bye (Away None) has no table; a note names it. Tables left
// free in a round with fewer matches hold no players and no boards.
func TeamsMovement(rounds [][]Match, boardsPerRound int) (Movement, error) {
	if len(rounds) == 0 {
		return Movement{}, fmt.Errorf("teams movement: no rounds")
	}
	if boardsPerRound < 2 {
		return Movement{}, fmt.Errorf("teams movement: %d boards a round; two rooms need at least 2 to play at once", boardsPerRound)
	}
	matches := 0
	for r, round := range rounds {
		if err := checkTeamRound(r+1, round); err != nil {
			return Movement{}, err
		}
		matches = max(matches, len(round)-countByes(round))
	}
	if matches == 0 {
		return Movement{}, fmt.Errorf("teams movement: no round has a match")
	}
	m := Movement{
		Name:   fmt.Sprintf("Teams, %d rounds of %d boards, two rooms", len(rounds), boardsPerRound),
		Tables: 2 * matches,
		Rounds: len(rounds),
		Sets:   len(rounds),
		Teams:  true,
		Notes: []string{
			fmt.Sprintf("each match plays in two rooms: the odd table is the open room (home team North-South), the even table the closed room (away team North-South); the closed room starts at board %d of the set and the rooms swap boards half-way", boardsPerRound/2+1),
			"every match of a round plays the same boards, each from its own copy",
		},
	}
	for r, round := range rounds {
		table := 1
		for _, match := range round {
			if match.Away == None {
				m.RoundNotes = append(m.RoundNotes, RoundNote{From: r + 1, To: r + 1, SitOut: true, Text: fmt.Sprintf("team %d has a bye", match.Home)})
				continue
			}
			set := r + 1
			m.Seatings = append(m.Seatings,
				Seating{Round: r + 1, Table: table, NS: match.Home, EW: match.Away, Set: set},
				Seating{Round: r + 1, Table: table + 1, NS: match.Away, EW: match.Home, Set: set})
			m.Shares = append(m.Shares, Share{Round: r + 1, Set: set, Tables: [2]int{table, table + 1}})
			table += 2
		}
		for ; table <= m.Tables; table++ {
			m.Seatings = append(m.Seatings, Seating{Round: r + 1, Table: table})
		}
	}
	return m, nil
}

// checkTeamRound reports the first thing wrong with the matches of a round.
func checkTeamRound(r int, round []Match) error {
	seen := map[int]bool{}
	for _, m := range round {
		if m.Home < 1 || m.Away < 0 {
			return fmt.Errorf("teams movement: round %d: match %d v %d: teams are numbered from 1", r, m.Home, m.Away)
		}
		if m.Home == m.Away {
			return fmt.Errorf("teams movement: round %d: team %d plays itself", r, m.Home)
		}
		for _, team := range []int{m.Home, m.Away} {
			if team != None && seen[team] {
				return fmt.Errorf("teams movement: round %d: team %d plays twice", r, team)
			}
			seen[team] = true
		}
	}
	return nil
}

func countByes(round []Match) int {
	n := 0
	for _, m := range round {
		if m.Away == None {
			n++
		}
	}
	return n
}
