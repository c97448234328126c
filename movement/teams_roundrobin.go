package movement

import "fmt"

// Match is one team match: the home team sits North-South in the open
// room. Away is None when the home team has the bye and sits out.
type Match struct {
	Home, Away int
}

// RoundRobin returns the Berger tables for teams 1..teams: every team meets
// every other once, in teams−1 rounds (teams rounds when the number is odd,
// the highest number then being the bye). The rounds and home teams are
// those of the published Berger tables (FIDE), so home and away alternate
// as far as they can and no team's home and away counts differ by more
// than one. The match against the last team (or the bye) comes first in
// each round.
func RoundRobin(teams int) ([][]Match, error) {
	if teams < 2 {
		return nil, fmt.Errorf("round robin: %d teams; need at least 2", teams)
	}
	n := teams + teams%2 // with a bye when odd
	bye := n > teams
	m := n - 1 // the other teams turn around residues mod n−1
	wrap := func(x int) int { return ((x-1)%m+m)%m + 1 }
	rounds := make([][]Match, m)
	for r := 1; r <= m; r++ {
		// p meets team n; the other matches pair p+k with p−k.
		p := wrap(1 + (r-1)*n/2)
		first := Match{p, n}
		if r%2 == 0 {
			first = Match{n, p}
		}
		if bye {
			first = Match{p, None}
		}
		round := []Match{first}
		for k := 1; k < n/2; k++ {
			round = append(round, Match{wrap(p + k), wrap(p - k)})
		}
		rounds[r-1] = round
	}
	return rounds, nil
}

// RoundRobinRounds returns the first rounds of the round robin of teams
// teams played as many times as it takes: 0 rounds is the round robin
// once; fewer rounds cut it short; more play it again (a double round
// robin, and two teams playing a match in segments), home and away
// exchanged each time it is played again.
func RoundRobinRounds(teams, rounds int) ([][]Match, error) {
	once, err := RoundRobin(teams)
	if err != nil {
		return nil, err
	}
	if rounds < 0 {
		return nil, fmt.Errorf("round robin: %d rounds", rounds)
	}
	if rounds == 0 {
		return once, nil
	}
	out := make([][]Match, rounds)
	for r := range out {
		again := r / len(once)
		for _, m := range once[r%len(once)] {
			if again%2 == 1 && m.Away != None {
				m.Home, m.Away = m.Away, m.Home
			}
			out[r] = append(out[r], m)
		}
	}
	return out, nil
}
