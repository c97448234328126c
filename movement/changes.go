package movement

import (
	"fmt"
	"slices"
)

// A movement changes while it is played from a round on and keeps the
// rounds before it, which have been played (what Bridgemate calls updating
// the movement from a round): a late entrant takes the empty seats (the
// phantom's) from its first round, a withdrawn entrant's seats become empty
// and its opponents sit out, and a new movement may take over from a round.
// Each change returns a new Movement, checked with Check, and leaves the
// old one as it was.

// AddLate seats entrant, arriving late, from round from on: in each round
// it takes the one empty seat beside a pair (the phantom's, or the seat of
// a pair that withdrew) and plays the table's set. A table that has no set
// while its pair sits out (a Howell's phantom table) plays the set that
// full, the movement made for the field with the late entrant, plays
// there; only full's sets are read, so its entrants may be numbered in any
// way, and full may be the zero Movement when every such table has a set.
func (m Movement) AddLate(entrant, from int, full Movement) (Movement, error) {
	if err := m.checkFrom(from); err != nil {
		return Movement{}, err
	}
	if entrant < 1 {
		return Movement{}, fmt.Errorf("entrant %d: entrants are numbered from 1", entrant)
	}
	if slices.Contains(m.Entrants(), entrant) {
		return Movement{}, fmt.Errorf("entrant %d already plays in the movement", entrant)
	}
	out := m.clone()
	empty := map[int][]int{} // round -> indexes of seatings with one empty seat
	for i, s := range out.Seatings {
		if s.Round >= from && (s.NS == None) != (s.EW == None) {
			empty[s.Round] = append(empty[s.Round], i)
		}
	}
	fullAt := NewSchedule(full)
	for r := from; r <= m.Rounds; r++ {
		if len(empty[r]) != 1 {
			return Movement{}, fmt.Errorf("round %d has %d empty seats beside a pair: a late entrant takes the one empty seat of each round, so choose a movement with a sit-out", r, len(empty[r]))
		}
		s := &out.Seatings[empty[r][0]]
		if s.Set == None {
			at, ok := fullAt.At(r, s.Table)
			if !ok || !at.playing() || at.Set == None {
				return Movement{}, fmt.Errorf("the movement for the full field seats no two pairs with boards at table %d in round %d, so the late entrant would have no boards there", s.Table, r)
			}
			s.Set = at.Set
			out.Sets = max(out.Sets, at.Set)
		}
		if s.NS == None {
			s.NS = entrant
		} else {
			s.EW = entrant
		}
	}
	shares := newShares(out, full, from)
	out.Shares = append(out.Shares, shares...)
	// Nobody sits out for want of a pair from round from on.
	out.RoundNotes = append(until(out.RoundNotes, from, func(n RoundNote) bool { return n.SitOut }), RoundNote{From: from, Text: lateText(out, entrant)})
	out.RoundNotes = append(out.RoundNotes, shareNotes(shares, m.Rounds)...)
	return checked(out, fmt.Sprintf("seating entrant %d from round %d", entrant, from))
}

// newShares returns the shares of full, from round from on, of sets that
// m now plays at both tables of the share but does not declare shared: the
// relay a late pair's table joins.
func newShares(m, full Movement, from int) []Share {
	x := NewSchedule(m)
	var out []Share
	for _, sh := range full.Shares {
		if sh.Round < from || slices.ContainsFunc(m.Shares, func(d Share) bool { return d.Round == sh.Round && d.Set == sh.Set }) {
			continue
		}
		a, okA := x.At(sh.Round, sh.Tables[0])
		b, okB := x.At(sh.Round, sh.Tables[1])
		if okA && okB && a.playing() && b.playing() && a.Set == sh.Set && b.Set == sh.Set {
			out = append(out, sh)
		}
	}
	return out
}

// shareNotes say which tables share their set in which rounds, in the
// rounds from the first to the last share of those tables.
func shareNotes(shares []Share, rounds int) []RoundNote {
	var out []RoundNote
	at := map[[2]int]int{} // tables -> index in out
	for _, sh := range shares {
		i, ok := at[sh.Tables]
		if !ok {
			i, at[sh.Tables] = len(out), len(out)
			out = append(out, RoundNote{From: sh.Round, To: sh.Round, Text: TablesText(sh.Tables[:]) + " share their set, exchanging boards during the round"})
		}
		out[i].From, out[i].To = min(out[i].From, sh.Round), max(out[i].To, sh.Round)
	}
	for i := range out {
		if out[i].To == rounds {
			out[i].To = 0
		}
	}
	return out
}

// lateText says where a late entrant of m sits: "pair 14, arriving late,
// sits North-South at table 1"; one the movement seats nowhere (it sits
// out every round left) is said to sit out.
func lateText(m Movement, entrant int) string {
	path := m.Path(entrant)
	if len(path) == 0 {
		return fmt.Sprintf("%s %d, arriving late, sits out", m.entrantWord(), entrant)
	}
	first := path[0]
	text := fmt.Sprintf("%s %d, arriving late, sits %s at table %d", m.entrantWord(), entrant, pairMover(first.NorthSouth), first.Table)
	if slices.ContainsFunc(path, func(p Position) bool { return p.Table != first.Table || p.NorthSouth != first.NorthSouth }) {
		text += " first, then moves as its guide card shows"
	}
	return text
}

// Withdraw takes entrant out from round from on: its seats become empty and
// its opponents sit out; the table keeps its boards.
func (m Movement) Withdraw(entrant, from int) (Movement, error) {
	if err := m.checkFrom(from); err != nil {
		return Movement{}, err
	}
	if entrant == None || !slices.Contains(m.Entrants(), entrant) {
		return Movement{}, fmt.Errorf("entrant %d does not play in the movement", entrant)
	}
	out := m.clone()
	for i := range out.Seatings {
		s := &out.Seatings[i]
		if s.Round < from {
			continue
		}
		if s.NS == entrant {
			s.NS = None
		}
		if s.EW == entrant {
			s.EW = None
		}
	}
	out.RoundNotes = append(out.RoundNotes, RoundNote{From: from, SitOut: true,
		Text: fmt.Sprintf("%s %d has withdrawn: the %s due to meet it sits out", m.entrantWord(), entrant, m.entrantWord())})
	return checked(out, fmt.Sprintf("withdrawing entrant %d from round %d", entrant, from))
}

// ChangeFrom returns the movement that plays m in the rounds before from
// and next from round from on: the rounds played stay as they were, and
// next, made for the field as it is now and numbered as m's entrants are,
// takes over with its own rounds from, from+1, … to its last. Changing from
// round 1 is choosing next instead of m; from may be one round after m's
// last, to play more rounds. A table that one of the two movements does not
// use is empty in its rounds. The result ranks two winners only when both
// movements do and no pair sits in both directions, and keeps as
// stationary the pairs both keep at one table. A pair that would play a
// set again is an error, from Check.
func (m Movement) ChangeFrom(from int, next Movement) (Movement, error) {
	if from < 1 || from > m.Rounds+1 {
		return Movement{}, fmt.Errorf("round %d: a movement of %d rounds changes from round 1 to %d", from, m.Rounds, m.Rounds+1)
	}
	if from == 1 {
		return checked(next, "the new movement")
	}
	if next.Rounds < from {
		return Movement{}, fmt.Errorf("the new movement has %d rounds, so it cannot take over in round %d", next.Rounds, from)
	}
	out := Movement{
		Name:   fmt.Sprintf("%s; from round %d %s", m.Name, from, next.Name),
		Tables: max(m.Tables, next.Tables), Rounds: next.Rounds, Sets: max(m.Sets, next.Sets), Teams: m.Teams || next.Teams,
	}
	// What both movements say holds throughout; the rest for the rounds
	// of the movement that says it.
	before := []RoundNote{{From: 1, To: from - 1, Text: "played as " + m.Name}}
	for _, n := range m.Notes {
		if slices.Contains(next.Notes, n) {
			out.Notes = append(out.Notes, n)
		} else {
			before = append(before, RoundNote{From: 1, To: from - 1, Text: n})
		}
	}
	var after []RoundNote
	for _, n := range next.Notes {
		if !slices.Contains(m.Notes, n) {
			after = append(after, RoundNote{From: from, Text: n})
		}
	}
	everything := func(RoundNote) bool { return true }
	out.RoundNotes = slices.Concat(before, until(m.RoundNotes, from, everything), after, since(next.RoundNotes, from))
	seated := map[tableRound]bool{}
	for _, part := range []struct {
		m      Movement
		played func(round int) bool
	}{{m, func(r int) bool { return r < from }}, {next, func(r int) bool { return r >= from }}} {
		for _, s := range part.m.Seatings {
			if part.played(s.Round) {
				out.Seatings = append(out.Seatings, s)
				seated[tableRound{s.Table, s.Round}] = true
			}
		}
		for _, sh := range part.m.Shares {
			if part.played(sh.Round) {
				out.Shares = append(out.Shares, sh)
			}
		}
	}
	for r := 1; r <= out.Rounds; r++ {
		for t := 1; t <= out.Tables; t++ {
			if !seated[tableRound{t, r}] {
				out.Seatings = append(out.Seatings, Seating{Round: r, Table: t})
			}
		}
	}
	out.Sort()
	out.TwoWinners = m.TwoWinners && next.TwoWinners && !out.seatsBothWays()
	for _, e := range m.Stationary {
		if slices.Contains(next.Stationary, e) && out.atOneTable(e) {
			out.Stationary = append(out.Stationary, e)
		}
	}
	return checked(out, fmt.Sprintf("changing the movement from round %d", from))
}

// Renumber returns m with every entrant e seated as to[e], its stationary
// pairs too; an empty seat stays empty, and an entrant to does not name
// keeps its number.
func (m Movement) Renumber(to map[int]int) Movement {
	number := func(e int) int {
		if n, ok := to[e]; ok && e != None {
			return n
		}
		return e
	}
	out := m.clone()
	for i := range out.Seatings {
		out.Seatings[i].NS, out.Seatings[i].EW = number(out.Seatings[i].NS), number(out.Seatings[i].EW)
	}
	for i, e := range out.Stationary {
		out.Stationary[i] = number(e)
	}
	return out
}

// NumberAs returns m with its entrants numbered as a section's: m's
// lowest-numbered entrant becomes the lowest of numbers, and so on. There
// must be one number for each entrant.
func (m Movement) NumberAs(numbers []int) (Movement, error) {
	ours, theirs := m.Entrants(), slices.Sorted(slices.Values(numbers))
	if len(ours) != len(theirs) {
		return Movement{}, fmt.Errorf("the movement seats %d pairs, the section has %d entrants", len(ours), len(theirs))
	}
	to := make(map[int]int, len(ours))
	for i, e := range ours {
		to[e] = theirs[i]
	}
	return m.Renumber(to), nil
}

// until returns the round notes with those that ends picks ended at round
// from−1, or dropped when they would only begin at from or later; the
// others stand as they are.
func until(notes []RoundNote, from int, ends func(RoundNote) bool) []RoundNote {
	var out []RoundNote
	for _, n := range notes {
		switch {
		case !ends(n):
		case n.From >= from:
			continue
		case n.To == 0 || n.To >= from:
			n.To = from - 1
		}
		out = append(out, n)
	}
	return out
}

// since returns the round notes that hold from round from on, beginning
// there those that began before.
func since(notes []RoundNote, from int) []RoundNote {
	var out []RoundNote
	for _, n := range notes {
		if n.To != 0 && n.To < from {
			continue
		}
		n.From = max(n.From, from)
		out = append(out, n)
	}
	return out
}

// checkFrom reports a round a change cannot start from.
func (m Movement) checkFrom(from int) error {
	if from < 1 || from > m.Rounds {
		return fmt.Errorf("round %d is outside the movement's rounds 1 to %d", from, m.Rounds)
	}
	return nil
}

// clone returns m with its own copies of the slices a change writes.
func (m Movement) clone() Movement {
	m.Seatings = slices.Clone(m.Seatings)
	m.Stationary = slices.Clone(m.Stationary)
	m.Shares = slices.Clone(m.Shares)
	m.RoundNotes = slices.Clone(m.RoundNotes)
	return m
}

// seatsBothWays reports whether a pair sits North-South in one round and
// East-West in another.
func (m Movement) seatsBothWays() bool {
	northSouth := map[int]bool{}
	for _, s := range m.Seatings {
		for _, p := range [2]struct {
			entrant int
			ns      bool
		}{{s.NS, true}, {s.EW, false}} {
			if p.entrant == None {
				continue
			}
			if was, seen := northSouth[p.entrant]; seen && was != p.ns {
				return true
			}
			northSouth[p.entrant] = p.ns
		}
	}
	return false
}

// atOneTable reports whether entrant e sits at one table in every round
// it plays.
func (m Movement) atOneTable(e int) bool {
	path := m.Path(e)
	return !slices.ContainsFunc(path, func(p Position) bool { return p.Table != path[0].Table })
}

// checked returns m, or what Check finds wrong with it after doing what.
func checked(m Movement, what string) (Movement, error) {
	if err := Check(m); err != nil {
		return Movement{}, fmt.Errorf("%s would break the movement: %w", what, err)
	}
	return m, nil
}
