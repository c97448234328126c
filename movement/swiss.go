package movement

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// SwissTeam is one team's standing before a Swiss round.
type SwissTeam struct {
	Team  int
	Score float64
	// Byes counts the byes the team has had.
	Byes int
}

// SwissOptions tune the pairing of a Swiss round.
type SwissOptions struct {
	// AllowRepeats pairs strictly by rank, earlier meetings costing nothing
	// (the "Danish" last round some events play).
	AllowRepeats bool
}

// Limits that keep every pairing weight inside an int64.
const (
	maxSwissTeams    = 1000
	maxSwissMeetings = 100
)

// SwissPairings pairs the next round of a Swiss teams event. Standings are
// ranked by score, highest first, teams with equal scores keeping the order
// given (so the caller's tie-break order stands). played counts the
// meetings so far of two teams, keyed by their numbers in either order.
//
// The whole field is paired at once by a maximum-weight matching: a match
// costs the square of the rank distance of its teams plus, for each earlier
// meeting, more than every rank distance in the field together, so repeats
// happen only when nothing else pairs the field, and then as few as
// possible. With an odd number of teams one team has the bye: the
// lowest-ranked team without one, a team higher up only when that avoids a
// repeat meeting (a second bye costs as much as a repeat).
//
// Matches are returned best-ranked first; the higher-ranked team is Home;
// the bye, if any, comes last as a match with Away None.
func SwissPairings(standings []SwissTeam, played map[[2]int]int, opts SwissOptions) ([]Match, error) {
	ranked, err := rankSwiss(standings)
	if err != nil {
		return nil, err
	}
	meetings, err := swissMeetings(ranked, played)
	if err != nil {
		return nil, err
	}
	n := len(ranked)
	size := n + n%2 // vertex n is the bye when the field is odd
	// Three scales of cost, each outweighing everything below it: repeat
	// meetings (and second byes), then the bye going up the field, then
	// the rank distances of all matches together.
	distances := int64(size/2+1) * int64(size) * int64(size)
	byeStep := distances
	repeat := byeStep * int64(size+1)
	cost := func(i, j int) int64 {
		if j == n {
			return repeat*int64(ranked[i].Byes) + byeStep*int64(n-1-i)
		}
		c := int64(i-j) * int64(i-j)
		if !opts.AllowRepeats {
			c += repeat * int64(meetings[[2]int{i, j}])
		}
		return c
	}
	var highest int64
	for i := range size {
		for j := i + 1; j < size; j++ {
			highest = max(highest, cost(i, j))
		}
	}
	// Each match is worth more than any saving in cost across the field,
	// so the best matching pairs every team.
	base := int64(size/2+1) * (highest + 1)
	weights := make([][]int64, size)
	for i := range weights {
		weights[i] = make([]int64, size)
	}
	for i := range size {
		for j := i + 1; j < size; j++ {
			w := base - cost(i, j)
			weights[i][j], weights[j][i] = w, w
		}
	}
	mate := maxWeightMatching(weights)
	var matches []Match
	var bye *Match
	for i, j := range mate {
		switch {
		case j < 0:
			return nil, fmt.Errorf("swiss: team %d left unpaired", ranked[i].Team)
		case i == n:
			bye = &Match{ranked[j].Team, None}
		case j == n:
		case i < j:
			matches = append(matches, Match{ranked[i].Team, ranked[j].Team})
		}
	}
	if bye != nil {
		matches = append(matches, *bye)
	}
	return matches, nil
}

// rankSwiss checks the standings and orders them by score, highest first.
func rankSwiss(standings []SwissTeam) ([]SwissTeam, error) {
	if len(standings) < 2 {
		return nil, fmt.Errorf("swiss: %d teams; need at least 2", len(standings))
	}
	if len(standings) > maxSwissTeams {
		return nil, fmt.Errorf("swiss: %d teams; at most %d", len(standings), maxSwissTeams)
	}
	seen := map[int]bool{}
	for _, s := range standings {
		switch {
		case s.Team < 1:
			return nil, fmt.Errorf("swiss: team number %d; teams are numbered from 1", s.Team)
		case seen[s.Team]:
			return nil, fmt.Errorf("swiss: team %d listed twice", s.Team)
		case math.IsNaN(s.Score) || math.IsInf(s.Score, 0):
			return nil, fmt.Errorf("swiss: team %d has score %v", s.Team, s.Score)
		case s.Byes < 0 || s.Byes > maxSwissMeetings:
			return nil, fmt.Errorf("swiss: team %d has %d byes", s.Team, s.Byes)
		}
		seen[s.Team] = true
	}
	ranked := slices.Clone(standings)
	slices.SortStableFunc(ranked, func(a, b SwissTeam) int { return cmp.Compare(b.Score, a.Score) })
	return ranked, nil
}

// swissMeetings turns meetings by team numbers into meetings by ranks
// (lower rank first); teams no longer in the standings are ignored.
func swissMeetings(ranked []SwissTeam, played map[[2]int]int) (map[[2]int]int, error) {
	rank := map[int]int{}
	for i, s := range ranked {
		rank[s.Team] = i
	}
	meetings := map[[2]int]int{}
	for key, count := range played {
		if key[0] == key[1] {
			return nil, fmt.Errorf("swiss: team %d recorded as meeting itself", key[0])
		}
		if count < 0 {
			return nil, fmt.Errorf("swiss: teams %d and %d met %d times", key[0], key[1], count)
		}
		i, ok1 := rank[key[0]]
		j, ok2 := rank[key[1]]
		if !ok1 || !ok2 {
			continue
		}
		k := [2]int{min(i, j), max(i, j)}
		meetings[k] += count
		if meetings[k] > maxSwissMeetings {
			return nil, fmt.Errorf("swiss: teams %d and %d met %d times; at most %d", key[0], key[1], meetings[k], maxSwissMeetings)
		}
	}
	return meetings, nil
}
