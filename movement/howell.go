package movement

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Howell movements: one winner, every pair meets every other.
//
// A complete Howell for 2N pairs uses N tables and plays 2N−1 rounds of
// 2N−1 board sets. Director builds them cyclically: the moving pairs are
// numbered 1..2N−1, pair 2N sits North-South at table 1 throughout, and each
// round every moving pair and every set number goes up by one (2N−1 wraps to
// 1). A pair therefore takes, next round, the seat the pair numbered one
// below it had, and a set passes to the table whose round-1 set is one
// lower, or to the relay stand when no table has it. The round-1 tables are
// data (howell_tables.go), found by a search that keeps the three
// conditions of a Howell (every pair meets every other once, plays every
// set once, no set at two tables in a round) and picks the best balanced
// table of all it finds.
//
// Two and three tables are the exceptions, because no table of that size
// meets the three conditions (there is no Room square of side 3 or 5):
// four pairs play six rounds and six sets, meeting each other twice; six
// pairs play five rounds where the last set is played at all three tables,
// declared as shares.
//
// An odd number of pairs plays the Howell of one pair more with the
// stationary pair as the phantom (29 pairs have a round 1 of their own,
// better balanced with the phantom): table 1 is the sit-out table, the pair
// due there sits out, and its set rests that round.

// MinHowellPairs and MaxHowellPairs bound the pairs Howell seats: two to
// fifteen tables. A complete Howell of fifteen tables already lasts 29
// rounds, two sessions of two-board rounds; larger fields are split into
// sections or play a Mitchell.
const (
	MinHowellPairs = 4
	MaxHowellPairs = 30
)

// HowellOptions shape a Howell.
type HowellOptions struct {
	// Rounds is how many rounds to play; 0 plays the complete Howell.
	//
	// Fewer rounds make a partial Howell, which uses only the boards it
	// plays where it can: one set a round, every pair playing every set
	// (the one a pair sits out aside), with as many pairs more than the
	// rounds staying North-South at tables of their own (partialHowells;
	// two stationary pairs for 12 rounds at 7 tables), or a design listed
	// round by round (listedPartialHowells). Where no such movement is
	// known, it is that many rounds of the complete movement,
	// chosen to leave the fewest sets played at one table only, then the
	// most even Manning competition scores (never worse than stopping
	// early), played in order and renumbered from 1, with the sets they use
	// renumbered from 1: every pair misses some of the sets in play. Either
	// way every pair plays each set at most once and no set is at two
	// tables in a round (save the six-pair Howell's shared last set); what
	// is lost is that every pair meets every other. A three-quarter Howell
	// is the partial Howell of about three quarters of the complete rounds
	// (11 of 15 for eight tables).
	Rounds int
}

// Howell returns the Howell movement for a number of pairs.
func Howell(pairs int, opts HowellOptions) (Movement, error) {
	if pairs < MinHowellPairs || pairs > MaxHowellPairs {
		return Movement{}, fmt.Errorf("howell: %d pairs: Director builds Howells for %d to %d pairs", pairs, MinHowellPairs, MaxHowellPairs)
	}
	rounds := howellRounds(pairs)
	if opts.Rounds < 0 || opts.Rounds > len(rounds) {
		return Movement{}, fmt.Errorf("howell: %d rounds asked for %d pairs: the complete Howell has %d", opts.Rounds, pairs, len(rounds))
	}
	if opts.Rounds == 0 || opts.Rounds == len(rounds) {
		return howellMovement(pairs, rounds), nil
	}
	size := [2]int{(pairs + 1) / 2, opts.Rounds}
	if p, ok := partialHowells[size]; ok {
		return partialHowellMovement(pairs, p.rounds()), nil
	}
	if listed, ok := listedPartialHowells[size]; ok {
		rounds := make([][]howellTable, len(listed))
		for r := range listed {
			rounds[r] = slices.Clone(listed[r])
		}
		return partialHowellMovement(pairs, rounds), nil
	}
	m := howellMovement(pairs, rounds)
	return keepRounds(m, pickHowellRounds(m, opts.Rounds)), nil
}

// partialHowellMovement builds a partial Howell that plays one set a round
// from its rounds, where pair 2·tables sits North-South at table 1
// throughout: the phantom of one pair fewer.
func partialHowellMovement(pairs int, rounds [][]howellTable) Movement {
	if pairs%2 == 1 {
		for r := range rounds {
			rounds[r][0].NS = None
		}
	}
	m := howellMovement(pairs, rounds)
	m.Name = fmt.Sprintf("Partial Howell, %d pairs, %d tables, %d of %d rounds", pairs, m.Tables, m.Rounds, 2*m.Tables-1)
	m.Stationary = nil
	var at []int
	for t, tb := range rounds[0] {
		if tb.NS != None && !slices.ContainsFunc(rounds, func(round []howellTable) bool { return round[t].NS != tb.NS }) {
			m.Stationary = append(m.Stationary, tb.NS)
			at = append(at, t+1)
		}
	}
	m.Notes = []string{fmt.Sprintf("every pair plays every one of the %d sets", m.Sets)}
	if len(at) > 0 {
		names := make([]string, len(m.Stationary))
		for i, e := range m.Stationary {
			names[i] = fmt.Sprint(e)
		}
		m.Notes = append(m.Notes, fmt.Sprintf("pairs %s stay North-South at %s", strings.Join(names, ", "), TablesText(at)))
	}
	return m
}

// howellTable is one table of one round, in pair and set numbers.
type howellTable struct{ NS, EW, Set int }

// cyclicHowell is round 1 of a cyclic Howell. Pairs 1 to moving go up by
// one each round modulo moving; the others never move, sitting
// North-South, table 1's pair (or the phantom, None) first; every set
// number goes up by one modulo sets, which is also the number of rounds.
type cyclicHowell struct {
	sets int
	// moving counts the pairs that move; 0 means all but table 1's, one
	// less than twice the tables.
	moving int
	round1 []howellTable
}

// rounds expands round 1 to every round.
func (c cyclicHowell) rounds() [][]howellTable {
	m := cmp.Or(c.moving, 2*len(c.round1)-1)
	shift := func(p, r int) int {
		if p == None || p > m {
			return p
		}
		return (p-1+r)%m + 1
	}
	out := make([][]howellTable, c.sets)
	for r := range out {
		for _, t := range c.round1 {
			out[r] = append(out[r], howellTable{shift(t.NS, r), shift(t.EW, r), (t.Set-1+r)%c.sets + 1})
		}
	}
	return out
}

// howellMovement builds the complete movement from its rounds.
func howellMovement(pairs int, rounds [][]howellTable) Movement {
	tables := len(rounds[0])
	m := Movement{
		Name:   fmt.Sprintf("Howell, %d pairs, %d tables", pairs, tables),
		Tables: tables,
		Rounds: len(rounds),
	}
	stay := rounds[0][0].NS
	if stay == None {
		m.RoundNotes = append(m.RoundNotes, RoundNote{From: 1, SitOut: true,
			Text: "the phantom pair holds table 1 North-South: the pair due at table 1 sits out and the boards of table 1 rest that round"})
	} else {
		m.Stationary = []int{stay}
		m.Notes = append(m.Notes, fmt.Sprintf("pair %d stays North-South at table 1", stay))
	}
	for r, round := range rounds {
		for t, tb := range round {
			set := tb.Set
			if tb.NS == None || tb.EW == None {
				set = None
			}
			m.Seatings = append(m.Seatings, Seating{Round: r + 1, Table: t + 1, NS: tb.NS, EW: tb.EW, Set: set})
			m.Sets = max(m.Sets, tb.Set)
		}
	}
	m.Shares = sharesOf(m.Seatings)
	if len(m.Shares) > 0 {
		m.Notes = append(m.Notes, "tables that share a set pass its boards between them during the round")
	}
	return m
}

// sharesOf declares the sets played at more than one table in a round: a
// share for every two tables that play the same set.
func sharesOf(seatings []Seating) []Share {
	var out []Share
	seen := map[[2]int][]int{} // round and set → tables so far
	for _, s := range seatings {
		if s.Set == None {
			continue
		}
		key := [2]int{s.Round, s.Set}
		for _, t := range seen[key] {
			out = append(out, Share{Round: s.Round, Set: s.Set, Tables: [2]int{t, s.Table}})
		}
		seen[key] = append(seen[key], s.Table)
	}
	return out
}
