package movement

import (
	"maps"
	"math"
	"slices"
)

// PairBalance is how two entrants A < B fare against each other over a
// movement.
type PairBalance struct {
	A, B int
	// Meetings counts the board sets A and B play against each other.
	Meetings int
	// Comparisons counts the board sets A and B play in the same direction
	// at different tables (Ach & Kennedy): a count of sets, not of boards;
	// multiply by the boards per set for boards.
	Comparisons int
	// Manning is Manning's competition score: over every set both play,
	// +1 for the same direction at different tables, −1 for opposite
	// directions at different tables, and h = t−1 when they meet on a set
	// played at t tables.
	Manning int
}

// Summary describes one measure over every two entrants.
type Summary struct {
	// Histogram maps a value to how many pairs of entrants have it.
	Histogram map[int]int
	Min, Max  int
	Spread    int // Max − Min
	Mean, SD  float64
}

// Report is the balance of a movement (reference §1.4). Only tables where
// two entrants play count: a sit-out table's set is idle.
type Report struct {
	// Entrants are the entrants that sit at a table, in order.
	Entrants []int
	// Pairs holds every two entrants, ordered by A then B.
	Pairs                          []PairBalance
	Meetings, Comparisons, Manning Summary
	// Qf is the quality factor reconstructed from pjms.nl/BALANS:
	// 100·S²/(N·SS) over the N Manning scores with sum S and sum of
	// squares SS, that is 100·mean²/(mean²+SD²); 100 when all scores are
	// equal.
	Qf float64
	// SharedSetRounds counts the rounds in which some set is played at
	// more than one table.
	SharedSetRounds int
}

// Balance measures how fairly a movement compares its entrants. It reads
// any movement, valid or not, and never fails; Check it first to trust the
// numbers.
//
// A Teams movement is measured by its matches: Meetings counts the rounds
// in which two teams play each other (a match in two rooms counts once).
// A team's score is compared only with its opponents', so Comparisons and
// Manning's scores do not apply: they stay zero, and so does Qf.
func Balance(m Movement) Report {
	if m.Teams {
		return teamBalance(m)
	}
	r := Report{Entrants: m.Entrants()}
	index := make(map[int]int, len(r.Entrants))
	for i, e := range r.Entrants {
		index[e] = i
	}
	n := len(r.Entrants)
	meetings := make([]int, n*n) // indexed i*n+j with i < j
	comparisons := make([]int, n*n)
	manning := make([]int, n*n)

	bySet := map[int][]Seating{}
	type roundSet struct{ round, set int }
	tablesPlaying := map[roundSet]int{}
	for _, s := range m.Seatings {
		if s.playing() {
			bySet[s.Set] = append(bySet[s.Set], s)
			tablesPlaying[roundSet{s.Round, s.Set}]++
		}
	}
	sharedRounds := map[int]bool{}
	for k, c := range tablesPlaying {
		if c > 1 {
			sharedRounds[k.round] = true
		}
	}
	r.SharedSetRounds = len(sharedRounds)

	// Per set, count how often each entrant holds the North-South and the
	// East-West cards (once each in a valid movement). Two entrants are in
	// the same direction ns·ns + ew·ew times and in opposite directions
	// ns·ew + ew·ns times, their meetings included: a meeting adds h + 1 to
	// make up for the −1 it also gets as opposite directions.
	northSouth, eastWest := make([]int, n), make([]int, n)
	for _, played := range bySet {
		h := len(played) - 1
		var present []int
		hold := func(e int, count []int) {
			if northSouth[e]+eastWest[e] == 0 {
				present = append(present, e)
			}
			count[e]++
		}
		for _, s := range played {
			a, b := index[s.NS], index[s.EW]
			hold(a, northSouth)
			hold(b, eastWest)
			if a != b { // a pair playing itself: Check reports it
				k := min(a, b)*n + max(a, b)
				meetings[k]++
				manning[k] += h + 1
			}
		}
		for x, a := range present {
			for _, b := range present[x+1:] {
				k := min(a, b)*n + max(a, b)
				same := northSouth[a]*northSouth[b] + eastWest[a]*eastWest[b]
				opposite := northSouth[a]*eastWest[b] + eastWest[a]*northSouth[b]
				comparisons[k] += same
				manning[k] += same - opposite
			}
		}
		for _, e := range present {
			northSouth[e], eastWest[e] = 0, 0
		}
	}

	for i := range n {
		for j := i + 1; j < n; j++ {
			k := i*n + j
			r.Pairs = append(r.Pairs, PairBalance{A: r.Entrants[i], B: r.Entrants[j],
				Meetings: meetings[k], Comparisons: comparisons[k], Manning: manning[k]})
		}
	}
	r.Meetings = summarise(r.Pairs, func(p PairBalance) int { return p.Meetings })
	r.Comparisons = summarise(r.Pairs, func(p PairBalance) int { return p.Comparisons })
	r.Manning = summarise(r.Pairs, func(p PairBalance) int { return p.Manning })
	r.Qf = 100
	if mean, sd := r.Manning.Mean, r.Manning.SD; sd > 0 {
		r.Qf = 100 * mean * mean / (mean*mean + sd*sd)
	}
	return r
}

// teamBalance counts the matches of every two teams of a Teams movement.
func teamBalance(m Movement) Report {
	r := Report{Entrants: m.Entrants()}
	type match struct{ round, a, b int }
	matches := map[match]bool{}
	for _, s := range m.Seatings {
		if s.playing() && s.NS != s.EW {
			matches[match{s.Round, min(s.NS, s.EW), max(s.NS, s.EW)}] = true
		}
	}
	meetings := map[[2]int]int{}
	for k := range matches {
		meetings[[2]int{k.a, k.b}]++
	}
	for i, a := range r.Entrants {
		for _, b := range r.Entrants[i+1:] {
			r.Pairs = append(r.Pairs, PairBalance{A: a, B: b, Meetings: meetings[[2]int{a, b}]})
		}
	}
	r.Meetings = summarise(r.Pairs, func(p PairBalance) int { return p.Meetings })
	r.Comparisons = summarise(r.Pairs, func(PairBalance) int { return 0 })
	r.Manning = r.Comparisons
	return r
}

func summarise(pairs []PairBalance, value func(PairBalance) int) Summary {
	s := Summary{Histogram: map[int]int{}}
	if len(pairs) == 0 {
		return s
	}
	s.Min, s.Max = math.MaxInt, math.MinInt
	sum := 0
	for _, p := range pairs {
		v := value(p)
		s.Histogram[v]++
		s.Min, s.Max = min(s.Min, v), max(s.Max, v)
		sum += v
	}
	s.Spread = s.Max - s.Min
	n := float64(len(pairs))
	s.Mean = float64(sum) / n
	squares := 0.0
	for _, p := range pairs {
		d := float64(value(p)) - s.Mean
		squares += d * d
	}
	s.SD = math.Sqrt(squares / n) // of the whole population of pairs
	return s
}

// Values returns the values of the histogram in increasing order.
func (s Summary) Values() []int {
	return slices.Sorted(maps.Keys(s.Histogram))
}

// Pair returns the balance of entrants a and b, in either order.
func (r Report) Pair(a, b int) (PairBalance, bool) {
	a, b = min(a, b), max(a, b)
	i, found := slices.BinarySearchFunc(r.Pairs, [2]int{a, b}, func(p PairBalance, k [2]int) int {
		if p.A != k[0] {
			return p.A - k[0]
		}
		return p.B - k[1]
	})
	if !found {
		return PairBalance{}, false
	}
	return r.Pairs[i], true
}

// AtLeastAsBalancedAs reports whether r is at least as well balanced as o:
// its Manning competition scores spread no more, measured by their
// standard deviation (equal within 1e-9 counts as no more).
//
// Manning's score is the measure that holds for every movement: for a
// complete Howell it is 2·comparisons − (tables−1), so the comparison
// spread orders Howells the same way, but for Mitchells and incomplete
// movements comparisons alone mislead (reference §1.4). Compare movements
// of the same field (entrants and sets played), as the score's scale
// depends on how many tables play each set.
func (r Report) AtLeastAsBalancedAs(o Report) bool {
	return r.Manning.SD <= o.Manning.SD+1e-9
}
