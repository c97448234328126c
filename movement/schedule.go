package movement

import (
	"fmt"
	"slices"
)

// Schedule is a movement indexed for the questions asked of it while it is
// played: who sits at a table in a round, where a pair sits, where a board
// set is, and so where everyone goes next. Each answer takes time in
// proportion to what it returns, not to the size of the movement. A
// Schedule does not change once made, so any number of goroutines may read
// one at once.
//
// When a movement seats a pair twice in a round (a team of a Teams
// movement twice in one direction) or a table twice, the first seating in
// round and table order counts; Check reports the fault.
type Schedule struct {
	m      Movement
	rounds int
	tables []int
	at     map[tableRound]Seating
	seats  map[int][]pairSeat
	// setTables lists the tables that have a set in a round, sit-out
	// tables included: the boards rest there.
	setTables map[setRound][]int
}

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

// NewSchedule indexes m. The Schedule keeps m's seatings: change neither
// after.
func NewSchedule(m Movement) *Schedule {
	sorted := slices.Clone(m.Seatings)
	slices.SortStableFunc(sorted, compareSeatings)
	x := &Schedule{m: m, rounds: m.Rounds, at: map[tableRound]Seating{}, seats: map[int][]pairSeat{}, setTables: map[setRound][]int{}}
	hasTable := map[int]bool{}
	for _, s := range sorted {
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
			if p.entrant == None {
				continue
			}
			if first, twice := x.seatIn(p.entrant, s.Round); twice && (!m.Teams || first.place.northSouth == p.northSouth) {
				continue
			}
			x.seats[p.entrant] = append(x.seats[p.entrant], pairSeat{seatPlace{s.Table, p.northSouth}, s})
		}
		if s.Set != None {
			x.setTables[setRound{s.Set, s.Round}] = append(x.setTables[setRound{s.Set, s.Round}], s.Table)
		}
	}
	slices.Sort(x.tables)
	return x
}

// Movement returns the movement the schedule indexes.
func (x *Schedule) Movement() Movement { return x.m }

// At returns the seating of a table in a round.
func (x *Schedule) At(round, table int) (Seating, bool) {
	s, ok := x.at[tableRound{table, round}]
	return s, ok
}

// TableRound returns a table's round as its table card shows it: who sits
// there, the boards in layout's numbering, which other tables play them,
// and where the pairs and the boards go next.
func (x *Schedule) TableRound(round, table int, layout Layout) (CardRound, bool) {
	s, ok := x.At(round, table)
	if !ok {
		return CardRound{}, false
	}
	return x.cardRound(s, layout), true
}

// Path returns entrant e's position in every round it plays, in round and
// table order, as Movement.Path does, but from the index, in time proportional to
// e's rounds rather than to the movement's seatings.
func (x *Schedule) Path(e int) []Position {
	seats := x.seats[e]
	out := make([]Position, 0, len(seats))
	for _, s := range seats {
		opponent := s.seating.NS
		if s.place.northSouth {
			opponent = s.seating.EW
		}
		out = append(out, Position{s.seating.Round, s.place.table, s.place.northSouth, opponent, s.seating.Set})
	}
	return out
}

// seatIn returns where entrant e sits in round r.
func (x *Schedule) seatIn(e, r int) (pairSeat, bool) {
	for _, s := range x.seats[e] {
		if s.seating.Round == r {
			return s, true
		}
	}
	return pairSeat{}, false
}

// nextSeat returns where entrant e, sitting North-South or not, sits
// after round r: a team's pair in the same direction, where its team has a
// seat in it.
func (x *Schedule) nextSeat(e, r int, northSouth bool) NextSeat {
	var next NextSeat
	if e == None {
		return next
	}
	for _, s := range x.seats[e] {
		switch {
		case s.seating.Round <= r:
		case next.Round == 0:
			next = NextSeat{Round: s.seating.Round, Table: s.place.table, NorthSouth: s.place.northSouth}
		case s.seating.Round == next.Round && s.place.northSouth == northSouth:
			next.Table, next.NorthSouth = s.place.table, northSouth
		}
	}
	return next
}

// nextBoards returns where set s is after round r.
func (x *Schedule) nextBoards(s, r int) NextBoards {
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
func (x *Schedule) cardRound(s Seating, layout Layout) CardRound {
	low, high := layout.Boards(s.Set)
	c := CardRound{
		Round: s.Round, Table: s.Table, NS: s.NS, EW: s.EW, Set: s.Set, LowBoard: low, HighBoard: high, Teams: x.m.Teams,
		NSNext: x.nextSeat(s.NS, s.Round, true), EWNext: x.nextSeat(s.EW, s.Round, false), BoardsNext: x.nextBoards(s.Set, s.Round),
	}
	if s.NS != None && s.EW != None && s.Set != None {
		for _, t := range x.setTables[setRound{s.Set, s.Round}] {
			other := x.at[tableRound{t, s.Round}]
			// The matches of a teams round play copies of the set: only
			// the other room of the match shares the boards.
			if t != s.Table && other.NS != None && other.EW != None && (!x.m.Teams || x.shared(s.Round, s.Set, s.Table, t)) {
				c.SharedWith = append(c.SharedWith, t)
			}
		}
	}
	return c
}

// shared reports whether the movement declares tables a and b to share set
// in round.
func (x *Schedule) shared(round, set, a, b int) bool {
	return slices.ContainsFunc(x.m.Shares, func(sh Share) bool {
		return sh.Round == round && sh.Set == set && (sh.Tables == [2]int{a, b} || sh.Tables == [2]int{b, a})
	})
}

// Mover is what moves after a round: a table's North-South pair, its
// East-West pair or its boards.
type Mover uint8

// The movers of a table.
const (
	NorthSouthPair Mover = iota + 1
	EastWestPair
	BoardSet
)

// String returns "North-South", "East-West" or "boards".
func (w Mover) String() string {
	switch w {
	case NorthSouthPair:
		return "North-South"
	case EastWestPair:
		return "East-West"
	case BoardSet:
		return "boards"
	}
	return "nothing"
}

// pairMover is the pair that sits North-South when northSouth is set,
// otherwise East-West.
func pairMover(northSouth bool) Mover {
	if northSouth {
		return NorthSouthPair
	}
	return EastWestPair
}

// Move says where one of a table's pairs or its boards go after a round.
type Move struct {
	Who Mover
	// Table is where it is in the following round; None when it sits out
	// (for boards: rests) that round and is at a table only later.
	Table int
	// Text says it for people: "pair 3 stays", "pair 12 to table 4
	// East-West", "pair 5 sits out, then to table 2 North-South", "team 4's
	// East-West pair to table 6 East-West", "boards 5-6 to tables 1 and 6",
	// "board 7 rests, then to table 3".
	Text string
}

// Moves lists where the pairs and the boards of r go after its round:
// North-South, East-West, then the boards. A pair or a set that is at no
// table again (after the last round, or a pair that withdrew) has no move.
func (r CardRound) Moves() []Move {
	var out []Move
	for _, p := range []struct {
		who  Mover
		pair int
		next NextSeat
	}{{NorthSouthPair, r.NS, r.NSNext}, {EastWestPair, r.EW, r.EWNext}} {
		if p.pair == None || p.next.Round == 0 {
			continue
		}
		m := Move{Who: p.who}
		if p.next.Round == r.Round+1 {
			m.Table = p.next.Table
		}
		who := fmt.Sprintf("pair %d", p.pair)
		if r.Teams {
			who = fmt.Sprintf("team %d's %s pair", p.pair, p.who)
		}
		if p.next.Round == r.Round+1 && p.next.Table == r.Table && p.next.NorthSouth == (p.who == NorthSouthPair) {
			m.Text = who + " stays"
		} else {
			direction := pairMover(p.next.NorthSouth)
			m.Text = fmt.Sprintf("%s %sto table %d %s", who, WaitText("sits out", p.next.Round-r.Round-1), p.next.Table, direction)
		}
		out = append(out, m)
	}
	if next := r.BoardsNext; r.Set != None && next.Round != 0 {
		what, s := fmt.Sprintf("boards %d-%d", r.LowBoard, r.HighBoard), ""
		if r.LowBoard == r.HighBoard {
			what, s = fmt.Sprintf("board %d", r.LowBoard), "s"
		}
		m := Move{Who: BoardSet}
		if next.Round == r.Round+1 {
			m.Table = next.Tables[0]
		}
		if next.Round == r.Round+1 && len(next.Tables) == 1 && next.Tables[0] == r.Table {
			m.Text = what + " stay" + s
		} else {
			m.Text = what + " " + WaitText("rest"+s, next.Round-r.Round-1) + "to " + TablesText(next.Tables)
		}
		out = append(out, m)
	}
	return out
}
