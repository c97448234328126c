package movement

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// This file documents, and reruns, the search that found the round-1 tables
// of the partial Howells in howell_partial_tables.go.
//
// A partial Howell of s rounds at n tables (n < s < 2n−1) that plays s sets,
// every pair every set, is a Howell design H(s, 2n). Director builds them
// cyclically: the moving pairs are the residues mod s, the k = 2n − s other
// pairs stay North-South at tables of their own, and each round every moving
// pair and every set number goes up by one. Round 1 then needs
//   - at each of the n − k tables of two moving pairs x and y a difference
//     ±(x − y) no other table has, and never s/2 (those two pairs would
//     meet twice): every two pairs meet at most once;
//   - the offsets set − pair of the s moving seats all different: every
//     pair plays every set once (a stationary pair does anyway);
//   - the sets of the n tables all different: no set at two tables.
//
// The search tries round 1 table by table, values in an order drawn from a
// seeded generator, restarting with a new order when a try runs too long,
// and keeps the design whose Manning competition scores spread least of
// the first it finds. Some sizes have no such design (no H(5, 8) exists at
// all; with two stationary pairs, s = 2n − 2, none was found): those keep
// the partial Howell made of rounds of the complete one.
//
// Run it with
//
//	go test ./movement -run TestSearchPartialHowells -howell.partial=15 -v
//
// to print the tables for up to 15 tables. Without the flag it reruns the
// search up to 6 tables and checks the shipped tables.
var howellPartialTables = flag.Int("howell.partial", 0, "search partial Howell tables up to this many tables and print them")

// partialSlot is one table of round 1 of a partial Howell: a stationary
// pair against moving pair x, or moving pairs x (North-South) and y, with
// set.
type partialSlot struct {
	stationary bool
	x, y, set  int
}

// searchPartialHowell calls found with round 1 of every design of s rounds
// at n tables it meets, residues from 0, until found says stop or the tries
// run out.
func searchPartialHowell(n, s int, found func([]partialSlot) bool) {
	k := 2*n - s
	rng := rand.New(rand.NewPCG(uint64(n), uint64(s)))
	mod := func(a int) int { return ((a % s) + s) % s }
	for try := 0; try < 400; try++ {
		order := rng.Perm(s)
		usedX, usedO, usedSet, usedD := make([]bool, s), make([]bool, s), make([]bool, s), make([]bool, s)
		slots := make([]partialSlot, n)
		nodes, stop := 0, false
		var place func(t int) bool // reports whether to stop this try
		place = func(t int) bool {
			if nodes++; nodes > 20000 {
				return true
			}
			if t == n {
				stop = found(slots)
				return stop
			}
			for _, set := range order {
				// Translating pairs and sets maps a design to a design:
				// table 1 plays set 0 against moving pair 0.
				if usedSet[set] || t == 0 && set != 0 {
					continue
				}
				for _, x := range order {
					o := mod(set - x)
					if usedX[x] || usedO[o] || t == 0 && x != 0 {
						continue
					}
					usedSet[set], usedX[x], usedO[o] = true, true, true
					if t < k {
						slots[t] = partialSlot{true, x, 0, set}
						if place(t + 1) {
							return true
						}
					} else {
						for _, y := range order {
							d, p := mod(x-y), mod(set-y)
							if usedX[y] || usedO[p] || d == 0 || d == mod(-d) || usedD[d] {
								continue
							}
							usedX[y], usedO[p], usedD[d], usedD[mod(-d)] = true, true, true, true
							slots[t] = partialSlot{false, x, y, set}
							if place(t + 1) {
								return true
							}
							usedX[y], usedO[p], usedD[d], usedD[mod(-d)] = false, false, false, false
						}
					}
					usedSet[set], usedX[x], usedO[o] = false, false, false
				}
			}
			return false
		}
		place(0)
		if stop {
			return
		}
	}
}

// partialRound1 writes a design's round 1 as the table data: moving pairs
// 1..s, stationary pairs 2n, 2n−1, … at tables 1, 2, …, sets from 1.
func partialRound1(n, s int, slots []partialSlot) []howellTable {
	out := make([]howellTable, len(slots))
	for i, sl := range slots {
		if sl.stationary {
			out[i] = howellTable{2*n - i, sl.x + 1, sl.set + 1}
		} else {
			out[i] = howellTable{sl.x + 1, sl.y + 1, sl.set + 1}
		}
	}
	return out
}

// bestPartialHowell returns the best balanced of the first designs found,
// and false when none was.
func bestPartialHowell(n, s int) ([]howellTable, float64, bool) {
	var best []howellTable
	bestSD, seen := 0.0, 0
	searchPartialHowell(n, s, func(slots []partialSlot) bool {
		round1 := partialRound1(n, s, slots)
		sd := Balance(partialHowellMovement(2*n, cyclicHowell{sets: s, moving: s, round1: round1})).Manning.SD
		if best == nil || sd < bestSD-1e-9 {
			best, bestSD = slices.Clone(round1), sd
		}
		seen++
		return seen >= 30
	})
	return best, bestSD, best != nil
}

func TestSearchPartialHowells(t *testing.T) {
	upTo := *howellPartialTables
	printing := upTo > 0
	if !printing {
		upTo = 6
	}
	var out strings.Builder
	for n := 3; n <= upTo; n++ {
		for s := n + 1; s <= 2*n-2; s++ {
			round1, sd, ok := bestPartialHowell(n, s)
			shipped, has := partialHowells[[2]int{n, s}]
			switch {
			case ok != has:
				t.Errorf("%d tables, %d rounds: the search finds a design %v, a table is shipped %v", n, s, ok, has)
			case ok && !printing:
				if got := Balance(partialHowellMovement(2*n, shipped)).Manning.SD; got > sd+1e-9 {
					t.Errorf("%d tables, %d rounds: the shipped table spreads Manning's scores by %.3f, the search reaches %.3f", n, s, got, sd)
				}
			}
			if ok {
				tables := make([]string, len(round1))
				for i, tb := range round1 {
					tables[i] = fmt.Sprintf("{%d, %d, %d}", tb.NS, tb.EW, tb.Set)
				}
				fmt.Fprintf(&out, "\t{%d, %d}: {sets: %d, moving: %d, round1: []howellTable{%s}}, // Manning SD %.3f\n", n, s, s, s, strings.Join(tables, ", "), sd)
			}
		}
	}
	if printing {
		t.Log("\n" + out.String())
	}
}
