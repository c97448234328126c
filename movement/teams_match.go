package movement

import "fmt"

// TeamsMovement seats team matches played in two rooms (reference §2).
// Every team fields two pairs, and a pair sits at one table a round, so the
// entrants are the pairs, not the teams: team t's North-South pair is
// entrant 2t−1 and its East-West pair entrant 2t (TeamPairs, TeamOf). Match
// k of a round takes tables 2k−1 (the open room: home North-South against
// away East-West) and 2k (the closed room: away North-South against home
// East-West), and both rooms play the same board set, declared as a Share
// of the two tables: the rooms start at opposite halves of the set and
// swap boards half-way through the round. Every match of every round has a
// set of its own, numbered in round and match order, so no pair ever meets
// a set twice; an organiser who deals the same deals to every match of a
// round duplicates them per match, which is the dealing service's
// business, not the movement's.
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
		Notes: []string{
			fmt.Sprintf("each match plays in two rooms: the odd table is the open room (home team North-South), the even table the closed room (away team North-South); pairs 2t−1 (North-South) and 2t (East-West) make up team t; the closed room starts at board %d of the set and the rooms swap boards half-way", boardsPerRound/2+1),
		},
	}
	for r, round := range rounds {
		table := 1
		for _, match := range round {
			if match.Away == None {
				m.Notes = append(m.Notes, fmt.Sprintf("round %d: team %d has a bye", r+1, match.Home))
				continue
			}
			m.Sets++
			homeNS, homeEW := TeamPairs(match.Home)
			awayNS, awayEW := TeamPairs(match.Away)
			m.Seatings = append(m.Seatings,
				Seating{Round: r + 1, Table: table, NS: homeNS, EW: awayEW, Set: m.Sets},
				Seating{Round: r + 1, Table: table + 1, NS: awayNS, EW: homeEW, Set: m.Sets})
			m.Shares = append(m.Shares, Share{Round: r + 1, Set: m.Sets, Tables: [2]int{table, table + 1}})
			table += 2
		}
		for ; table <= m.Tables; table++ {
			m.Seatings = append(m.Seatings, Seating{Round: r + 1, Table: table})
		}
	}
	return m, nil
}

// TeamPairs returns the entrant numbers of a team's North-South and
// East-West pairs in a two-room teams movement.
func TeamPairs(team int) (ns, ew int) { return 2*team - 1, 2 * team }

// TeamOf returns the team an entrant of a two-room teams movement belongs
// to.
func TeamOf(entrant int) int { return (entrant + 1) / 2 }

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
