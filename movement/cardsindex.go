package movement

import "slices"

// tableRound locates a seating.
type tableRound struct{ table, round int }

// setRound locates a board set.
type setRound struct{ set, round int }

// seatPlace is a table and a direction at it.
type seatPlace struct {
	table      int
	northSouth bool
}

// pairSeat is where a pair sits in one round.
type pairSeat struct {
	place   seatPlace
	seating Seating
}

// scheduleIndex answers the questions cards ask of a movement: who sits at
// a table in a round, where a pair sits, where a board set is. When a
// movement seats a pair twice in a round or a table twice, the first
// seating in round and table order counts; Check reports the fault.
type scheduleIndex struct {
	rounds int
	tables []int
	at     map[tableRound]Seating
	seats  map[int][]pairSeat
	// setTables lists the tables that have a set in a round, sit-out
	// tables included: the boards rest there.
	setTables map[setRound][]int
}

func newScheduleIndex(m Movement) scheduleIndex {
	m.Seatings = slices.Clone(m.Seatings)
	m.Sort()
	x := scheduleIndex{rounds: m.Rounds, at: map[tableRound]Seating{}, seats: map[int][]pairSeat{}, setTables: map[setRound][]int{}}
	hasTable := map[int]bool{}
	for _, s := range m.Seatings {
		key := tableRound{s.Table, s.Round}
		if _, twice := x.at[key]; twice {
			continue
		}
		x.at[key] = s
		x.rounds = max(x.rounds, s.Round)
		if !hasTable[s.Table] {
			hasTable[s.Table] = true
			x.tables = append(x.tables, s.Table)
		}
		for _, p := range []struct {
			entrant    int
			northSouth bool
		}{{s.NS, true}, {s.EW, false}} {
			if _, twice := x.seatIn(p.entrant, s.Round); p.entrant != None && !twice {
				x.seats[p.entrant] = append(x.seats[p.entrant], pairSeat{seatPlace{s.Table, p.northSouth}, s})
			}
		}
		if s.Set != None {
			x.setTables[setRound{s.Set, s.Round}] = append(x.setTables[setRound{s.Set, s.Round}], s.Table)
		}
	}
	slices.Sort(x.tables)
	return x
}

// seatIn returns where entrant e sits in round r.
func (x scheduleIndex) seatIn(e, r int) (pairSeat, bool) {
	for _, s := range x.seats[e] {
		if s.seating.Round == r {
			return s, true
		}
	}
	return pairSeat{}, false
}

// nextSeat returns where entrant e sits after round r.
func (x scheduleIndex) nextSeat(e, r int) NextSeat {
	if e == None {
		return NextSeat{}
	}
	for _, s := range x.seats[e] {
		if s.seating.Round > r {
			return NextSeat{Round: s.seating.Round, Table: s.place.table, NorthSouth: s.place.northSouth}
		}
	}
	return NextSeat{}
}

// nextBoards returns where set s is after round r.
func (x scheduleIndex) nextBoards(s, r int) NextBoards {
	if s == None {
		return NextBoards{}
	}
	for next := r + 1; next <= x.rounds; next++ {
		if tables := x.setTables[setRound{s, next}]; len(tables) > 0 {
			return NextBoards{Round: next, Tables: slices.Clone(tables)}
		}
	}
	return NextBoards{}
}

// cardRound returns the round of a card showing seating s.
func (x scheduleIndex) cardRound(s Seating, layout Layout) CardRound {
	first := layout.FirstBoard
	if first == 0 {
		first = 1
	}
	low, high := s.Boards(layout.BoardsPerSet, first)
	c := CardRound{
		Round: s.Round, Table: s.Table, NS: s.NS, EW: s.EW, Set: s.Set, LowBoard: low, HighBoard: high,
		NSNext: x.nextSeat(s.NS, s.Round), EWNext: x.nextSeat(s.EW, s.Round), BoardsNext: x.nextBoards(s.Set, s.Round),
	}
	if s.NS != None && s.EW != None && s.Set != None {
		for _, t := range x.setTables[setRound{s.Set, s.Round}] {
			if other := x.at[tableRound{t, s.Round}]; t != s.Table && other.NS != None && other.EW != None {
				c.SharedWith = append(c.SharedWith, t)
			}
		}
	}
	return c
}
