package movement

import (
	"fmt"
	"slices"
)

// Rule names the validity rule a movement breaks (reference §0).
type Rule int

// The rules Check enforces, in the order it looks at them.
const (
	// RuleCounts: Rounds, Tables or Sets is not positive, or a set the
	// movement counts is never played.
	RuleCounts Rule = iota + 1
	// RuleRange: a seating's round, table, entrant or set lies outside
	// what the movement declares.
	RuleRange
	// RuleSelfPlay: a pair sits both North-South and East-West at a table.
	RuleSelfPlay
	// RuleNoSet: two pairs face each other without a board set.
	RuleNoSet
	// RuleTableTwice: a table has two seatings in one round.
	RuleTableTwice
	// RuleEntrantTwice: a pair sits at two tables in one round.
	RuleEntrantTwice
	// RuleReplay: a pair plays a board set twice.
	RuleReplay
	// RuleTableMissing: a table has no seating in a round.
	RuleTableMissing
	// RuleShare: a declared share names a round, set or table that does
	// not hold that set.
	RuleShare
	// RuleSetTwice: a set is played at two tables in a round that share
	// no declared set.
	RuleSetTwice
	// RuleStationary: a pair listed as stationary moves.
	RuleStationary
	// RuleTwoWinners: a two-winner movement seats a pair in both
	// directions.
	RuleTwoWinners
)

// CheckError names the first thing wrong with a movement. Round, Table,
// Entrant and Set locate it; a field that does not apply is zero.
type CheckError struct {
	Rule                       Rule
	Round, Table, Entrant, Set int
	// Reason is the whole message, for people.
	Reason string
}

func (e *CheckError) Error() string { return e.Reason }

// playing reports whether two pairs face each other at the seating; a
// seating with an empty seat is a sit-out (its boards stay idle) or an
// empty table.
func (s Seating) playing() bool { return s.NS != None && s.EW != None }

// Check reports the first rule a movement breaks, as a *CheckError, or nil
// when the movement is valid:
//
//   - Rounds, Tables and Sets are positive and every seating lies within
//     them; every set 1..Sets is played somewhere;
//   - every table has exactly one seating a round, with two different
//     pairs (or an empty seat, None) and, when two pairs play, a set;
//   - a pair sits at most once a round and plays each set at most once (a
//     team of a Teams movement: at most once in each direction);
//   - a set is played at one table a round, unless a Share declares those
//     two tables for that round and set or the movement is a Teams one,
//     whose matches play the round's set from copies of their own; every
//     Share names two tables that hold its set in its round;
//   - a Stationary pair keeps its table; in a TwoWinners movement no pair
//     sits both North-South and East-West.
//
// A seating with an empty seat plays no boards: its set neither counts as
// played by the pair sitting out nor as being at that table.
// Seatings are examined in round and table order, whatever their order in
// the slice.
func Check(m Movement) error {
	if err := checkCounts(m); err != nil {
		return err
	}
	seatings := slices.Clone(m.Seatings)
	slices.SortStableFunc(seatings, compareSeatings)
	for _, step := range []func(Movement, []Seating) *CheckError{
		checkSeatings, checkComplete, checkShares, checkSetsAtOneTable, checkSetsPlayed,
		checkStationary, checkTwoWinners,
	} {
		if err := step(m, seatings); err != nil {
			return err
		}
	}
	return nil
}

func checkCounts(m Movement) error {
	for _, c := range []struct {
		name string
		n    int
	}{{"Rounds", m.Rounds}, {"Tables", m.Tables}, {"Sets", m.Sets}} {
		if c.n < 1 {
			return &CheckError{Rule: RuleCounts, Reason: fmt.Sprintf("%s is %d, want at least 1", c.name, c.n)}
		}
	}
	return nil
}

// checkSeatings looks at each seating in turn: its range, its two pairs,
// its set, and whether it repeats a table, a pair's round or a pair's set
// seen before it.
func checkSeatings(m Movement, seatings []Seating) *CheckError {
	type roundKey struct{ round, n int }
	// A pair has one place a round and plays a set once; a team has one
	// in each direction.
	type placeKey struct {
		round, entrant int
		northSouth     bool
	}
	type setKey struct {
		entrant, set int
		northSouth   bool
	}
	tableSeen := map[roundKey]bool{}
	entrantAt := map[placeKey]int{}   // (round, pair) -> table
	setPlayed := map[setKey]Seating{} // (pair, set) -> where
	for _, s := range seatings {
		if err := checkRange(m, s); err != nil {
			return err
		}
		if s.NS != None && s.NS == s.EW {
			return &CheckError{Rule: RuleSelfPlay, Round: s.Round, Table: s.Table, Entrant: s.NS,
				Reason: fmt.Sprintf("round %d table %d: pair %d plays itself", s.Round, s.Table, s.NS)}
		}
		if s.playing() && s.Set == None {
			return &CheckError{Rule: RuleNoSet, Round: s.Round, Table: s.Table,
				Reason: fmt.Sprintf("round %d table %d: pairs %d and %d have no board set", s.Round, s.Table, s.NS, s.EW)}
		}
		if tableSeen[roundKey{s.Round, s.Table}] {
			return &CheckError{Rule: RuleTableTwice, Round: s.Round, Table: s.Table,
				Reason: fmt.Sprintf("round %d table %d appears twice", s.Round, s.Table)}
		}
		tableSeen[roundKey{s.Round, s.Table}] = true
		for _, p := range []struct {
			entrant    int
			northSouth bool
		}{{s.NS, true}, {s.EW, false}} {
			e := p.entrant
			if e == None {
				continue
			}
			direction := m.Teams && p.northSouth
			if t, ok := entrantAt[placeKey{s.Round, e, direction}]; ok {
				return &CheckError{Rule: RuleEntrantTwice, Round: s.Round, Table: s.Table, Entrant: e,
					Reason: fmt.Sprintf("round %d: %s %d sits at tables %d and %d", s.Round, m.entrantWord(), e, t, s.Table)}
			}
			entrantAt[placeKey{s.Round, e, direction}] = s.Table
			if !s.playing() {
				continue
			}
			if first, ok := setPlayed[setKey{e, s.Set, direction}]; ok {
				return &CheckError{Rule: RuleReplay, Round: s.Round, Table: s.Table, Entrant: e, Set: s.Set,
					Reason: fmt.Sprintf("%s %d plays set %d twice: round %d table %d and round %d table %d",
						m.entrantWord(), e, s.Set, first.Round, first.Table, s.Round, s.Table)}
			}
			setPlayed[setKey{e, s.Set, direction}] = s
		}
	}
	return nil
}

// entrantWord names what the movement's entrants are, for messages: "pair"
// or "team".
func (m Movement) entrantWord() string {
	if m.Teams {
		return "team"
	}
	return "pair"
}

func checkRange(m Movement, s Seating) *CheckError {
	at := fmt.Sprintf("round %d table %d", s.Round, s.Table)
	fail := func(reason string) *CheckError {
		return &CheckError{Rule: RuleRange, Round: s.Round, Table: s.Table, Reason: at + ": " + reason}
	}
	switch {
	case s.Round < 1 || s.Round > m.Rounds:
		return fail(fmt.Sprintf("Rounds says %d but round %d is used", m.Rounds, s.Round))
	case s.Table < 1 || s.Table > m.Tables:
		return fail(fmt.Sprintf("Tables says %d but table %d is used", m.Tables, s.Table))
	case s.Set < 0 || s.Set > m.Sets:
		e := fail(fmt.Sprintf("Sets says %d but set %d is used", m.Sets, s.Set))
		e.Set = s.Set
		return e
	}
	for _, p := range []int{s.NS, s.EW} {
		if p < 0 {
			e := fail(fmt.Sprintf("pair number %d is negative", p))
			e.Entrant = p
			return e
		}
	}
	return nil
}

// checkComplete finds the first table of a round without a seating; the
// seatings are sorted, in range and without duplicates by now.
func checkComplete(m Movement, seatings []Seating) *CheckError {
	round, table := 1, 1
	missing := func() *CheckError {
		return &CheckError{Rule: RuleTableMissing, Round: round, Table: table,
			Reason: fmt.Sprintf("round %d has no seating at table %d (Rounds %d, Tables %d)", round, table, m.Rounds, m.Tables)}
	}
	for _, s := range seatings {
		if s.Round != round || s.Table != table {
			return missing()
		}
		if table++; table > m.Tables {
			round, table = round+1, 1
		}
	}
	if round <= m.Rounds {
		return missing()
	}
	return nil
}

func checkShares(m Movement, seatings []Seating) *CheckError {
	for _, sh := range m.Shares {
		fail := func(reason string) *CheckError {
			return &CheckError{Rule: RuleShare, Round: sh.Round, Set: sh.Set,
				Reason: fmt.Sprintf("share of set %d in round %d by tables %d and %d: %s",
					sh.Set, sh.Round, sh.Tables[0], sh.Tables[1], reason)}
		}
		switch {
		case sh.Round < 1 || sh.Round > m.Rounds:
			return fail(fmt.Sprintf("Rounds says %d", m.Rounds))
		case sh.Set < 1 || sh.Set > m.Sets:
			return fail(fmt.Sprintf("Sets says %d", m.Sets))
		case sh.Tables[0] == sh.Tables[1]:
			return fail("a table cannot share with itself")
		}
		for _, t := range sh.Tables {
			if t < 1 || t > m.Tables {
				return fail(fmt.Sprintf("Tables says %d", m.Tables))
			}
			// Complete and sorted: the seating of (round, table) is at a known index.
			s := seatings[(sh.Round-1)*m.Tables+t-1]
			if s.Set != sh.Set {
				e := fail(fmt.Sprintf("table %d plays set %d", t, s.Set))
				e.Table = t
				return e
			}
		}
	}
	return nil
}

func checkSetsAtOneTable(m Movement, seatings []Seating) *CheckError {
	if m.Teams {
		return nil
	}
	type share struct{ round, set, a, b int }
	declared := map[share]bool{}
	for _, sh := range m.Shares {
		a, b := min(sh.Tables[0], sh.Tables[1]), max(sh.Tables[0], sh.Tables[1])
		declared[share{sh.Round, sh.Set, a, b}] = true
	}
	for r := range m.Rounds {
		round := seatings[r*m.Tables : (r+1)*m.Tables]
		tablesOf := map[int][]int{} // set -> tables playing it, in order
		for _, s := range round {
			if !s.playing() {
				continue
			}
			for _, t := range tablesOf[s.Set] {
				if !declared[share{s.Round, s.Set, t, s.Table}] {
					return &CheckError{Rule: RuleSetTwice, Round: s.Round, Table: s.Table, Set: s.Set,
						Reason: fmt.Sprintf("round %d: set %d is at tables %d and %d, which share no declared set",
							s.Round, s.Set, t, s.Table)}
				}
			}
			tablesOf[s.Set] = append(tablesOf[s.Set], s.Table)
		}
	}
	return nil
}

func checkSetsPlayed(m Movement, seatings []Seating) *CheckError {
	played := map[int]bool{}
	for _, s := range seatings {
		if s.playing() {
			played[s.Set] = true
		}
	}
	// Sets may be absurdly large: look no further than one past the sets played.
	for set := 1; set <= min(m.Sets, len(played)+1); set++ {
		if !played[set] {
			return &CheckError{Rule: RuleCounts, Set: set,
				Reason: fmt.Sprintf("Sets says %d but set %d is never played", m.Sets, set)}
		}
	}
	return nil
}

func checkStationary(m Movement, seatings []Seating) *CheckError {
	for _, e := range m.Stationary {
		if e == None {
			return &CheckError{Rule: RuleStationary, Reason: "the empty seat (None) is listed as stationary"}
		}
		table := None
		for _, s := range seatings {
			if s.NS != e && s.EW != e {
				continue
			}
			if table == None {
				table = s.Table
				continue
			}
			if s.Table != table {
				return &CheckError{Rule: RuleStationary, Round: s.Round, Table: s.Table, Entrant: e,
					Reason: fmt.Sprintf("pair %d is listed as stationary but sits at table %d and, in round %d, at table %d",
						e, table, s.Round, s.Table)}
			}
		}
	}
	return nil
}

func checkTwoWinners(m Movement, seatings []Seating) *CheckError {
	if !m.TwoWinners {
		return nil
	}
	northSouth := map[int]Seating{}
	for _, s := range seatings {
		if s.NS != None {
			if _, ok := northSouth[s.NS]; !ok {
				northSouth[s.NS] = s
			}
		}
	}
	for _, s := range seatings {
		if ns, ok := northSouth[s.EW]; ok && s.EW != None {
			return &CheckError{Rule: RuleTwoWinners, Round: s.Round, Table: s.Table, Entrant: s.EW,
				Reason: fmt.Sprintf("pair %d sits North-South in round %d and East-West in round %d, but the movement has two winners",
					s.EW, ns.Round, s.Round)}
		}
	}
	return nil
}
