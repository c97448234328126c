package movement

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// greedyTopDown pairs the way a hand pairing often does: the best-ranked
// free team meets the first team below it that it has not met, or, when
// none is left, the next free team. It shows where one pass dead-ends.
func greedyTopDown(ranked []int, played map[[2]int]int) []Match {
	free := slices.Clone(ranked)
	var out []Match
	for len(free) > 1 {
		pick := 1
		for k := 1; k < len(free); k++ {
			if played[[2]int{free[0], free[k]}]+played[[2]int{free[k], free[0]}] == 0 {
				pick = k
				break
			}
		}
		out = append(out, Match{free[0], free[pick]})
		free = slices.Delete(free, pick, pick+1)[1:]
	}
	return out
}

func repeats(matches []Match, played map[[2]int]int) int {
	n := 0
	for _, m := range matches {
		n += played[[2]int{m.Home, m.Away}] + played[[2]int{m.Away, m.Home}]
	}
	return n
}

func standingsOf(teams ...int) []SwissTeam {
	var out []SwissTeam
	for i, t := range teams {
		out = append(out, SwissTeam{Team: t, Score: float64(100 - i)})
	}
	return out
}

func TestSwissAvoidsTheGreedyDeadEnd(t *testing.T) {
	tests := []struct {
		name   string
		teams  []int
		played map[[2]int]int
		want   []Match
	}{
		{
			// Greedy pairs 1v2 and is left with 3v4, who have met.
			name:   "four teams",
			teams:  []int{1, 2, 3, 4},
			played: map[[2]int]int{{2, 4}: 1, {4, 3}: 1},
			want:   []Match{{1, 4}, {2, 3}},
		},
		{
			// Greedy pairs 1v2, 3v4 and is left with 5v6, who have met;
			// the best repair changes the bottom two matches only.
			name:   "six teams",
			teams:  []int{1, 2, 3, 4, 5, 6},
			played: map[[2]int]int{{5, 6}: 1, {4, 6}: 1},
			want:   []Match{{1, 2}, {3, 6}, {4, 5}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if greedy := greedyTopDown(tt.teams, tt.played); repeats(greedy, tt.played) == 0 {
				t.Fatalf("greedy pass %v does not dead-end: the case proves nothing", greedy)
			}
			got, err := SwissPairings(standingsOf(tt.teams...), tt.played, SwissOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("pairings %v, want %v", got, tt.want)
			}
		})
	}
}

func TestSwissPairsByRank(t *testing.T) {
	tests := []struct {
		name      string
		standings []SwissTeam
		played    map[[2]int]int
		opts      SwissOptions
		want      []Match
	}{
		{
			name:      "first round: neighbours meet",
			standings: standingsOf(1, 2, 3, 4, 5, 6, 7, 8),
			want:      []Match{{1, 2}, {3, 4}, {5, 6}, {7, 8}},
		},
		{
			name: "ranked by score, ties keep the given order",
			standings: []SwissTeam{
				{Team: 5, Score: 10}, {Team: 2, Score: 30}, {Team: 9, Score: 20},
				{Team: 4, Score: 30}, {Team: 7, Score: 20}, {Team: 1, Score: 10},
			},
			want: []Match{{2, 4}, {9, 7}, {5, 1}},
		},
		{
			name:      "leaders have met: each takes the next team down",
			standings: standingsOf(1, 2, 3, 4, 5, 6, 7, 8),
			played:    map[[2]int]int{{1, 2}: 1},
			want:      []Match{{1, 3}, {2, 4}, {5, 6}, {7, 8}},
		},
		{
			name:      "a repeat no pairing avoids is kept to one",
			standings: standingsOf(1, 2, 3, 4),
			played:    map[[2]int]int{{1, 2}: 1, {1, 3}: 1, {1, 4}: 1},
			want:      []Match{{1, 2}, {3, 4}},
		},
		{
			name:      "a single repeat beats a double one",
			standings: standingsOf(1, 2, 3, 4),
			played:    map[[2]int]int{{1, 2}: 2, {3, 4}: 2, {1, 3}: 1, {2, 4}: 1, {1, 4}: 1, {2, 3}: 1},
			want:      []Match{{1, 3}, {2, 4}},
		},
		{
			name:      "danish round pairs by rank despite meetings",
			standings: standingsOf(1, 2, 3, 4),
			played:    map[[2]int]int{{1, 2}: 1, {3, 4}: 1},
			opts:      SwissOptions{AllowRepeats: true},
			want:      []Match{{1, 2}, {3, 4}},
		},
		{
			name:      "odd field: the last team has the bye",
			standings: standingsOf(1, 2, 3, 4, 5),
			want:      []Match{{1, 2}, {3, 4}, {5, None}},
		},
		{
			name: "odd field: the bye skips a team that has had one",
			standings: []SwissTeam{
				{Team: 1, Score: 5}, {Team: 2, Score: 4}, {Team: 3, Score: 3},
				{Team: 4, Score: 2}, {Team: 5, Score: 1, Byes: 1},
			},
			want: []Match{{1, 2}, {3, 5}, {4, None}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := SwissPairings(tt.standings, tt.played, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("pairings %v, want %v", got, tt.want)
			}
		})
	}
}

// swissField is a Swiss teams event under way, with results drawn from r.
type swissField struct {
	standings []SwissTeam
	played    map[[2]int]int
}

func newSwissField(teams int) *swissField {
	f := &swissField{played: map[[2]int]int{}}
	for t := 1; t <= teams; t++ {
		f.standings = append(f.standings, SwissTeam{Team: t})
	}
	return f
}

// play records one round: each match shares 20 victory points at random,
// a bye scores 12.
func (f *swissField) play(r *rand.Rand, matches []Match) {
	index := map[int]int{}
	for i, s := range f.standings {
		index[s.Team] = i
	}
	for _, m := range matches {
		if m.Away == None {
			f.standings[index[m.Home]].Byes++
			f.standings[index[m.Home]].Score += 12
			continue
		}
		vp := float64(r.IntN(21))
		f.standings[index[m.Home]].Score += vp
		f.standings[index[m.Away]].Score += 20 - vp
		f.played[[2]int{m.Home, m.Away}]++
	}
}

// checkRound fails unless every team is in exactly one match.
func checkRound(t *testing.T, standings []SwissTeam, matches []Match) {
	t.Helper()
	seen := map[int]int{}
	for _, m := range matches {
		seen[m.Home]++
		if m.Away != None {
			seen[m.Away]++
		}
	}
	for _, s := range standings {
		if seen[s.Team] != 1 {
			t.Fatalf("team %d is in %d matches", s.Team, seen[s.Team])
		}
	}
	if len(seen) != len(standings) {
		t.Fatalf("%d teams paired, %d in the field", len(seen), len(standings))
	}
}

func TestSwissByeRotates(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	f := newSwissField(7)
	for round := 1; round <= 7; round++ {
		matches, err := SwissPairings(f.standings, f.played, SwissOptions{})
		if err != nil {
			t.Fatal(err)
		}
		checkRound(t, f.standings, matches)
		bye := matches[len(matches)-1]
		if bye.Away != None {
			t.Fatalf("round %d: no bye in %v", round, matches)
		}
		ranked, _ := rankSwiss(f.standings)
		var want int
		for _, s := range ranked {
			if s.Byes == 0 {
				want = s.Team
			}
		}
		if bye.Home != want {
			t.Errorf("round %d: bye to team %d, want %d, the lowest without one", round, bye.Home, want)
		}
		f.play(r, matches)
	}
	for _, s := range f.standings {
		if s.Byes != 1 {
			t.Errorf("team %d had %d byes in 7 rounds", s.Team, s.Byes)
		}
	}
}

func TestSwissLargeFieldPairsWithoutRepeats(t *testing.T) {
	r := rand.New(rand.NewPCG(500, 8))
	f := newSwissField(500)
	for round := 1; round <= 9; round++ {
		matches, err := SwissPairings(f.standings, f.played, SwissOptions{})
		if err != nil {
			t.Fatal(err)
		}
		checkRound(t, f.standings, matches)
		if n := repeats(matches, f.played); n != 0 {
			t.Fatalf("round %d: %d repeat meetings in a field of 500", round, n)
		}
		ranked, _ := rankSwiss(f.standings)
		rank := map[int]int{}
		for i, s := range ranked {
			rank[s.Team] = i
		}
		var spread float64
		for _, m := range matches {
			spread += math.Abs(float64(rank[m.Home] - rank[m.Away]))
		}
		// Neighbours meet unless they have met: the mean rank distance
		// stays close to one.
		if mean := spread / float64(len(matches)); mean > 1.5 {
			t.Errorf("round %d: mean rank distance %.2f", round, mean)
		}
		if top := matches[0]; rank[top.Home] != 0 || rank[top.Away] > 3 {
			t.Errorf("round %d: top match %v pairs ranks %d and %d", round, top, rank[top.Home], rank[top.Away])
		}
		f.play(r, matches)
	}
}

func TestSwissRejectsBadInput(t *testing.T) {
	tests := []struct {
		name      string
		standings []SwissTeam
		played    map[[2]int]int
		want      string
	}{
		{"one team", standingsOf(1), nil, "need at least 2"},
		{"team zero", standingsOf(1, 0), nil, "team number 0"},
		{"team listed twice", standingsOf(1, 2, 1), nil, "team 1 listed twice"},
		{"score not a number", []SwissTeam{{Team: 1}, {Team: 2, Score: math.NaN()}}, nil, "team 2 has score NaN"},
		{"negative byes", []SwissTeam{{Team: 1}, {Team: 2, Byes: -1}}, nil, "team 2 has -1 byes"},
		{"team meets itself", standingsOf(1, 2), map[[2]int]int{{2, 2}: 1}, "team 2 recorded as meeting itself"},
		{"negative meetings", standingsOf(1, 2), map[[2]int]int{{1, 2}: -1}, "met -1 times"},
		{"too many meetings", standingsOf(1, 2), map[[2]int]int{{1, 2}: 60, {2, 1}: 60}, "met 120 times"},
		{"too many teams", standingsOf(make([]int, maxSwissTeams+1)...), nil, "at most 1000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := SwissPairings(tt.standings, tt.played, SwissOptions{})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one saying %q", err, tt.want)
			}
		})
	}
}

func BenchmarkSwiss500(b *testing.B) {
	r := rand.New(rand.NewPCG(500, 1))
	f := newSwissField(500)
	for range 8 {
		matches, err := SwissPairings(f.standings, f.played, SwissOptions{})
		if err != nil {
			b.Fatal(err)
		}
		f.play(r, matches)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := SwissPairings(f.standings, f.played, SwissOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzSwissPairings reads a field from the fuzzer's bytes (each team a
// score and a bye count, then pairs of team indexes that have met) and
// checks that the pairing seats every team exactly once, or is refused
// only for input that is wrong.
func FuzzSwissPairings(f *testing.F) {
	f.Add(uint8(6), []byte{9, 0, 8, 0, 7, 0, 6, 0, 5, 0, 4, 0, 4, 5, 3, 5})
	f.Add(uint8(5), []byte{1, 0, 1, 1, 1, 0, 1, 1, 1, 0})
	f.Add(uint8(1), []byte{})
	f.Fuzz(func(t *testing.T, teams uint8, data []byte) {
		n := int(teams) % 40
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			b := data[0]
			data = data[1:]
			return int(b)
		}
		var standings []SwissTeam
		for i := range n {
			standings = append(standings, SwissTeam{Team: i + 1, Score: float64(next()), Byes: next() % 3})
		}
		played := map[[2]int]int{}
		for len(data) >= 2 && n > 0 {
			a, b := next()%n+1, next()%n+1
			played[[2]int{a, b}]++
		}
		matches, err := SwissPairings(standings, played, SwissOptions{})
		if err != nil {
			if n >= 2 && !badMeetings(played) {
				t.Fatalf("%d teams refused: %v", n, err)
			}
			return
		}
		checkRound(t, standings, matches)
	})
}

// badMeetings reports whether a record of meetings has a team meeting
// itself or two teams meeting more often than SwissPairings accepts.
func badMeetings(played map[[2]int]int) bool {
	total := map[[2]int]int{}
	for k, n := range played {
		if k[0] == k[1] {
			return true
		}
		key := [2]int{min(k[0], k[1]), max(k[0], k[1])}
		total[key] += n
		if total[key] > maxSwissMeetings {
			return true
		}
	}
	return false
}
