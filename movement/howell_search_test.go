package movement

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// This file documents, and reruns, the search that found the round-1 tables
// in howell_tables.go.
//
// A cyclic Howell for N tables numbers the moving pairs by residues mod
// m = 2N−1 and keeps pair 2N at table 1 North-South. Write every moving seat
// of round 1 as w = pair − set (mod m). For set s the North-South pairs are
// {w + s : w a North-South seat} and the East-West pairs likewise, so the
// number of boards on which two moving pairs with difference ±d sit in the
// same direction at different tables (their comparisons) is the number of
// same-direction seat pairs whose w differ by ±d; the stationary pair is
// compared N−1 times with everyone. Every pair plays every set once exactly
// when the w of all 2N−1 moving seats are distinct, so the North-South seats
// U and the East-West seats V split Z_m, the seat at table 1 (opposite the
// stationary pair) taking w = 0 in V. Counting differences in a complement,
// the comparisons of class d are 1 + 2·λ_U(d), λ_U(d) the ordered pairs of U
// with difference d: always odd. Perfect balance (N−1 everywhere) therefore
// needs N even and U a (2N−1, N−1, (N−2)/2) difference set (the quadratic
// residues mod 7, 11, 19, 23, ...); for odd N the best possible is N−2 and N
// half and half, the stationary pair's N−1 between.
//
// With the stationary pair as phantom (2N−1 pairs), the seat at table 1 sits
// out and the comparisons of class d become 1 + 2·λ_U(d) − [d∉U] − [−d∉U].
//
// The search therefore enumerates the sets U (containing 1: multiplying
// every residue by a unit maps a Howell to a Howell), ranks them by the sum
// of squares of the comparison counts over all pairs of pairs (Manning's
// competition scores are an affine function of these counts for a complete
// Howell, with or without the phantom), then, best first, looks for
//   - a matching of U with V∖{0} whose differences ±(u − v) cover every
//     non-zero residue once (the starter: every pair meets every other), and
//   - a set a_t per table, all distinct (no shared set), such that the pairs
//     {u_t + a_t, v_t + a_t} cover every non-zero residue once (the adder),
//
// preferring adders whose idle sets of round 1 form the fewest runs (one run
// is one relay stand). The three-table Howell cannot be cyclic without shared
// sets (no Room square of side 5 exists) and is searched over all
// one-factorisations of six pairs instead.
//
// Run it with
//
//	go test ./movement -run TestSearchHowells -howell.search=15 -v
//
// to print the tables for 4 to 15 tables. Without the flag it reruns the
// search up to 7 tables and checks the shipped tables reach its optimum.
var howellSearchTables = flag.Int("howell.search", 0, "search cyclic Howell tables up to this many tables and print them")

// howellCandidate is a split of the moving seats' residues into North-South
// seats u (U) and the East-West seats other than table 1 (V∖{0}).
type howellCandidate struct {
	u, v []int
}

// classCounts returns the comparisons of each difference class 1..(m−1)/2
// of a candidate, with the stationary pair present or as phantom.
func classCounts(m int, u []int, phantom bool) []int {
	in := make([]bool, m)
	for _, x := range u {
		in[x] = true
	}
	lambda := make([]int, m)
	for _, x := range u {
		for _, y := range u {
			if x != y {
				lambda[(x-y+m)%m]++
			}
		}
	}
	out := make([]int, 0, m/2)
	for d := 1; d <= m/2; d++ {
		c := 1 + 2*lambda[d]
		if phantom {
			if !in[d] {
				c--
			}
			if !in[m-d] {
				c--
			}
		}
		out = append(out, c)
	}
	return out
}

// candidateScore is the sum of squares and the spread of the comparison
// counts over every pair of pairs.
func candidateScore(m int, u []int, phantom bool) (ss, spread int) {
	counts := classCounts(m, u, phantom)
	if !phantom {
		counts = append(counts, (m-1)/2) // the stationary pair's class
	}
	for _, c := range counts {
		ss += m * c * c
	}
	return ss, slices.Max(counts) - slices.Min(counts)
}

// enumerateNorthSouth calls visit with every set U ⊂ {1..m−1} of size k that
// holds 1 and whose difference counts never exceed bound.
func enumerateNorthSouth(m, k, bound int, visit func(u []int)) {
	lambda := make([]int, m)
	u := []int{1}
	var grow func(next int)
	grow = func(next int) {
		if len(u) == k {
			visit(u)
			return
		}
		for x := next; x <= m-1-(k-len(u)-1); x++ {
			ok := true
			for _, y := range u {
				lambda[(x-y+m)%m]++
				lambda[(y-x+m)%m]++
				if lambda[(x-y+m)%m] > bound {
					ok = false
				}
			}
			if ok {
				u = append(u, x)
				grow(x + 1)
				u = u[:len(u)-1]
			}
			for _, y := range u {
				lambda[(x-y+m)%m]--
				lambda[(y-x+m)%m]--
			}
		}
	}
	grow(2)
}

// foundHowell is a cyclic round 1: per table, North-South and East-West
// residues and the set residue; table 1 holds the stationary pair (−1).
type foundHowell struct {
	m          int
	ns, ew, at []int
	idleRuns   int
	u          []int // the candidate it realises, to choose among equals
}

// realise looks for a starter and adder for a candidate, within a budget of
// search steps, and returns the one whose idle sets form the fewest runs.
func realise(m int, c howellCandidate, budget int) (foundHowell, bool) {
	k := len(c.u)
	best := foundHowell{idleRuns: m}
	found := false
	steps := 0
	partner := make([]int, k)
	usedV := make([]bool, k)
	usedDiff := make([]bool, m)
	var match func(i int)
	match = func(i int) {
		if steps > budget || best.idleRuns == 1 {
			return
		}
		steps++
		if i == k {
			if h, ok := bestAdder(m, c, partner, budget, &steps); ok && h.idleRuns < best.idleRuns {
				best, found = h, true
			}
			return
		}
		for j, v := range c.v {
			d := (c.u[i] - v + m) % m
			if usedV[j] || usedDiff[d] || usedDiff[m-d] {
				continue
			}
			usedV[j], usedDiff[d], usedDiff[m-d] = true, true, true
			partner[i] = j
			match(i + 1)
			usedV[j], usedDiff[d], usedDiff[m-d] = false, false, false
		}
	}
	match(0)
	return best, found
}

// bestAdder finds sets for the tables of a matched candidate.
func bestAdder(m int, c howellCandidate, partner []int, budget int, steps *int) (foundHowell, bool) {
	k := len(c.u)
	at := make([]int, k)
	placed := make([]bool, k)
	covered := make([]bool, m)
	usedSet := make([]bool, m)
	covered[0], usedSet[0] = true, true
	best := foundHowell{idleRuns: m}
	found := false
	var place func(n int)
	place = func(n int) {
		if *steps > budget || best.idleRuns == 1 {
			return
		}
		*steps++
		if n == k {
			runs := idleRuns(m, usedSet)
			if runs < best.idleRuns {
				best = foundHowell{m: m, ns: []int{-1}, ew: []int{0}, at: []int{0}, idleRuns: runs}
				for t := range k {
					best.ns = append(best.ns, (c.u[t]+at[t])%m)
					best.ew = append(best.ew, (c.v[partner[t]]+at[t])%m)
					best.at = append(best.at, at[t])
				}
				found = true
			}
			return
		}
		x := slices.Index(covered, false)
		for t := range k {
			if placed[t] {
				continue
			}
			for _, w := range []int{c.u[t], c.v[partner[t]]} {
				a := (x - w + m) % m
				y := (c.u[t] + c.v[partner[t]] - w + a) % m // the other seat
				if usedSet[a] || covered[y] || y == x {
					continue
				}
				placed[t], usedSet[a], covered[x], covered[y] = true, true, true, true
				at[t] = a
				place(n + 1)
				placed[t], usedSet[a], covered[x], covered[y] = false, false, false, false
			}
		}
	}
	place(0)
	return best, found
}

// idleRuns counts the runs of consecutive idle set residues, cyclically.
func idleRuns(m int, used []bool) int {
	runs := 0
	for s := range m {
		if !used[s] && used[(s+m-1)%m] {
			runs++
		}
	}
	return runs
}

// searchCyclicHowell returns the best balanced cyclic round 1 for n tables
// with the stationary pair present (even) and as phantom (odd), with their
// scores. Among the candidates of the best score it prefers one that serves
// both, then the fewest idle runs; same reports whether one serves both.
func searchCyclicHowell(n int) (even, odd foundHowell, evenSS, oddSS int, same bool) {
	m, k := 2*n-1, n-1
	type scored struct {
		c         howellCandidate
		even, odd int
	}
	var all []scored
	for bound := (k*(k-1) + m - 2) / (m - 1); bound <= k && len(all) == 0; bound++ {
		enumerateNorthSouth(m, k, bound, func(u []int) {
			in := make([]bool, m)
			for _, x := range u {
				in[x] = true
			}
			var v []int
			for x := 1; x < m; x++ {
				if !in[x] {
					v = append(v, x)
				}
			}
			e, _ := candidateScore(m, u, false)
			o, _ := candidateScore(m, u, true)
			all = append(all, scored{howellCandidate{slices.Clone(u), v}, e, o})
		})
	}
	// best realises, among the candidates of the lowest score that can be
	// realised, up to a cap, and returns them with that score.
	realised := map[int]foundHowell{}
	best := func(score func(scored) int) (map[int]bool, int) {
		order := make([]int, len(all))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return score(all[a]) - score(all[b]) })
		level, tried := -1, 0
		out := map[int]bool{}
		for _, i := range order {
			if level >= 0 && (score(all[i]) > level || tried >= 400) {
				break
			}
			tried++
			h, ok := realised[i]
			if !ok {
				if h, ok = realise(m, all[i].c, 200000); !ok {
					continue
				}
				realised[i] = h
			}
			level = score(all[i])
			out[i] = true
		}
		return out, level
	}
	evens, evenSS := best(func(s scored) int { return s.even })
	odds, oddSS := best(func(s scored) int { return s.odd })
	pick := func(set map[int]bool) (foundHowell, bool) {
		var h foundHowell
		ok := false
		for i := range set {
			if r := realised[i]; !ok || r.idleRuns < h.idleRuns || r.idleRuns == h.idleRuns && slices.Compare(all[i].c.u, h.u) < 0 {
				h, ok = r, true
				h.u = all[i].c.u
			}
		}
		return h, ok
	}
	both := map[int]bool{}
	for i := range evens {
		if odds[i] {
			both[i] = true
		}
	}
	if h, ok := pick(both); ok {
		return h, h, evenSS, oddSS, true
	}
	even, _ = pick(evens)
	odd, _ = pick(odds)
	return even, odd, evenSS, oddSS, false
}

// round1 writes a found Howell as round 1 in pair and set numbers, tables
// ordered by set, the stationary pair numbered stationary.
func (h foundHowell) round1(stationary int) []howellTable {
	order := make([]int, len(h.at))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return h.at[a] - h.at[b] })
	var out []howellTable
	for _, t := range order {
		ns := h.ns[t] + 1
		if h.ns[t] < 0 {
			ns = stationary
		}
		out = append(out, howellTable{NS: ns, EW: h.ew[t] + 1, Set: h.at[t] + 1})
	}
	return out
}

// scoreOf returns the search objective of a shipped cyclic round 1.
func scoreOf(round1 []howellTable) int {
	m := 2*len(round1) - 1
	var u []int
	for _, t := range round1[1:] {
		u = append(u, (t.NS-t.Set+m)%m)
	}
	ss, _ := candidateScore(m, u, round1[0].NS == None)
	return ss
}

// threeTableSearch finds the best six-pair Howells with pair 6 stationary
// North-South at table 1: fewest rounds with a shared set, then the lowest
// sum of squares of the comparison counts, with pair 6 present (even) and as
// phantom (odd). Round r plays set r at table 1, and the shared round comes
// last.
func threeTableSearch() (even, odd [][]howellTable, shares, evenSS, oddSS int) {
	var matchings [][3][2]int // the first edge holds pair 6
	for a := 1; a <= 5; a++ {
		var rest []int
		for x := 1; x <= 5; x++ {
			if x != a {
				rest = append(rest, x)
			}
		}
		for _, b := range rest[1:] {
			var cd []int
			for _, x := range rest[1:] {
				if x != b {
					cd = append(cd, x)
				}
			}
			matchings = append(matchings, [3][2]int{{6, a}, {rest[0], b}, {cd[0], cd[1]}})
		}
	}
	edge := func(x, y int) int { return min(x, y)*7 + max(x, y) }
	var factorisations [][]int // five matchings covering every edge once
	var grow func(from int, used map[int]bool, chosen []int)
	grow = func(from int, used map[int]bool, chosen []int) {
		if len(chosen) == 5 {
			factorisations = append(factorisations, slices.Clone(chosen))
			return
		}
		for i := from; i < len(matchings); i++ {
			free := true
			for _, e := range matchings[i] {
				free = free && !used[edge(e[0], e[1])]
			}
			if !free {
				continue
			}
			for _, e := range matchings[i] {
				used[edge(e[0], e[1])] = true
			}
			grow(i+1, used, append(chosen, i))
			for _, e := range matchings[i] {
				used[edge(e[0], e[1])] = false
			}
		}
	}
	grow(0, map[int]bool{}, nil)
	type scored struct {
		rounds    [][]howellTable
		even, odd int
	}
	var found []scored
	shares = 6
	for _, byRound := range factorisations {
		for _, bySet := range factorisations {
			common := 0
			for _, i := range byRound {
				if slices.Contains(bySet, i) {
					common++
				}
			}
			if common > shares {
				continue
			}
			// Rounds in order, the ones sharing a set last.
			order := slices.Clone(byRound)
			slices.SortStableFunc(order, func(a, b int) int {
				return boolInt(slices.Contains(bySet, a)) - boolInt(slices.Contains(bySet, b))
			})
			setOf := map[int]int{} // edge → set
			for r, i := range order {
				var mine int // the set holding pair 6's edge of this round
				for si, j := range bySet {
					for _, e := range matchings[j] {
						if e == matchings[i][0] {
							mine = si
						}
					}
				}
				for _, e := range matchings[bySet[mine]] {
					setOf[edge(e[0], e[1])] = r + 1
				}
			}
			for flips := range 1 << 10 {
				rounds := make([][]howellTable, 5)
				bit := 0
				for r, i := range order {
					for n, e := range matchings[i] {
						ns, ew := e[0], e[1]
						if n > 0 {
							if flips>>bit&1 == 1 {
								ns, ew = ew, ns
							}
							bit++
						}
						rounds[r] = append(rounds[r], howellTable{ns, ew, setOf[edge(e[0], e[1])]})
					}
				}
				e, o := tableComparisonScore(rounds, false), tableComparisonScore(rounds, true)
				if common < shares {
					shares, found = common, nil
				}
				found = append(found, scored{rounds, e, o})
			}
		}
	}
	evenSS, oddSS = found[0].even, found[0].odd
	for _, f := range found {
		evenSS, oddSS = min(evenSS, f.even), min(oddSS, f.odd)
	}
	for _, f := range found {
		if f.even == evenSS && (even == nil || f.odd < tableComparisonScore(even, true)) {
			even = f.rounds
		}
		if f.odd == oddSS && (odd == nil || f.even < tableComparisonScore(odd, false)) {
			odd = f.rounds
		}
	}
	return even, odd, shares, evenSS, oddSS
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tableComparisonScore ranks a Howell given round by round, pair 6 as
// phantom when phantom is set (its table's boards rest): 100 times the sum
// of squares of the comparison counts of every two pairs, plus their spread
// to break ties.
func tableComparisonScore(rounds [][]howellTable, phantom bool) int {
	type play struct{ ns, ew int }
	plays := map[int][]play{}
	for _, round := range rounds {
		for _, t := range round {
			if phantom && (t.NS == 6 || t.EW == 6) {
				continue
			}
			plays[t.Set] = append(plays[t.Set], play{t.NS, t.EW})
		}
	}
	count := map[[2]int]int{}
	for _, ps := range plays {
		for i, a := range ps {
			for _, b := range ps[i+1:] {
				count[[2]int{min(a.ns, b.ns), max(a.ns, b.ns)}]++
				count[[2]int{min(a.ew, b.ew), max(a.ew, b.ew)}]++
			}
		}
	}
	ss, low, high := 0, 6, 0
	top := 6
	if phantom {
		top = 5
	}
	for a := 1; a <= top; a++ {
		for b := a + 1; b <= top; b++ {
			c := count[[2]int{a, b}]
			ss, low, high = ss+c*c, min(low, c), max(high, c)
		}
	}
	return 100*ss + high - low
}

// cyclicEntry writes a round 1 as Go data.
func cyclicEntry(pairs, sets int, round1 []howellTable, comment string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\t%d: {sets: %d, round1: []howellTable{", pairs, sets)
	for i, t := range round1 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "{%d, %d, %d}", t.NS, t.EW, t.Set)
	}
	fmt.Fprintf(&b, "}}, // %s\n", comment)
	return b.String()
}

// explicitEntry writes the rounds of a Howell as Go data.
func explicitEntry(pairs int, rounds [][]howellTable, comment string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\t%d: { // %s\n", pairs, comment)
	for _, round := range rounds {
		b.WriteString("\t\t{")
		for i, t := range round {
			if i > 0 {
				b.WriteString(", ")
			}
			ns := t.NS
			if pairs%2 == 1 && ns == 6 {
				ns = None
			}
			fmt.Fprintf(&b, "{%d, %d, %d}", ns, t.EW, t.Set)
		}
		b.WriteString("},\n")
	}
	b.WriteString("\t},\n")
	return b.String()
}

func TestSearchHowells(t *testing.T) {
	upTo := *howellSearchTables
	printing := upTo > 0
	if !printing {
		upTo = 7
	}
	var out strings.Builder

	even, odd, shares, evenSS, oddSS := threeTableSearch()
	if shares != 1 {
		t.Errorf("three tables: the fewest rounds with a shared set is %d, want 1", shares)
	}
	for pairs, ss := range map[int]int{6: evenSS, 5: oddSS} {
		if got := tableComparisonScore(threeTableHowell, pairs == 5); got != ss {
			t.Errorf("%d pairs: shipped table scores %d, the search reaches %d", pairs, got, ss)
		}
	}
	fmt.Fprintf(&out, "three tables, %d shared round:\n%s%s", shares,
		explicitEntry(6, even, fmt.Sprintf("score %d, with a phantom %d", evenSS, tableComparisonScore(even, true))),
		explicitEntry(5, odd, fmt.Sprintf("score %d, with pair 6 present %d", oddSS, tableComparisonScore(odd, false))))

	for n := 4; n <= upTo; n++ {
		even, odd, evenSS, oddSS, same := searchCyclicHowell(n)
		check := func(pairs int, ss int) {
			if got := scoreOf(howellRounds(pairs)[0]); got != ss {
				t.Errorf("%d pairs: shipped table scores %d, the search reaches %d", pairs, got, ss)
			}
		}
		check(2*n, evenSS)
		check(2*n-1, oddSS)
		note := fmt.Sprintf("sum of squares %d, idle runs %d", evenSS, even.idleRuns)
		if same {
			note += fmt.Sprintf("; with a phantom %d", oddSS)
		}
		out.WriteString(cyclicEntry(2*n, 2*n-1, even.round1(2*n), note))
		if !same {
			out.WriteString(cyclicEntry(2*n-1, 2*n-1, odd.round1(None), fmt.Sprintf("sum of squares %d, idle runs %d", oddSS, odd.idleRuns)))
		}
	}
	if printing {
		t.Log("\n" + out.String())
	}
}
