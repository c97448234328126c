package rounddata

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/bridge-director/director/movement"
)

// Movement builds the movement of one section of a RoundData table, so that
// a movement made elsewhere can be checked and printed.
//
// The board ranges of the rows must be the consecutive sets of one size that
// movement.Boards describes: every range holds the same number of boards,
// and the ranges in use follow each other without a gap or an overlap, from
// the lowest board played. Set 1 is the range that starts there. Anything
// else (ranges of two sizes, "1-4" beside "3-6", "1-4" and "9-12" without
// "5-8") is an error that names the ranges, because such a movement cannot
// be described by sets.
//
// A file that numbers North-South and East-West pairs each from 1, as
// Bridgemate does for a two-winner Mitchell, seats some number twice in a
// round; the movement then numbers the East-West pairs after the highest
// North-South pair (East-West pair 1 of a five-table Mitchell becomes pair
// 6), ranks the two directions separately, and says so in its Notes.
// Otherwise the movement has two winners when no pair changes direction.
// Stationary lists the pairs that keep one table and one direction, and
// Shares lists every two tables that play the same set in a round. A table
// or round missing from the rows is not filled in: the checker reports it.
func Movement(rows []Row, section string) (movement.Movement, error) {
	var mine []Row
	sections := map[string]bool{}
	for i, r := range rows {
		sections[r.Section] = true
		if r.Section != section {
			continue
		}
		if column, err := r.check(); err != nil {
			return movement.Movement{}, fmt.Errorf("rounddata: row %d, column %s: %w", i+1, column, err)
		}
		mine = append(mine, r)
	}
	if len(mine) == 0 {
		return movement.Movement{}, fmt.Errorf("rounddata: no rows for section %q (the table has sections %q)", section, slices.Sorted(maps.Keys(sections)))
	}
	sets, err := findSets(mine)
	if err != nil {
		return movement.Movement{}, fmt.Errorf("rounddata: section %q: %w", section, err)
	}
	m := movement.Movement{Name: fmt.Sprintf("RoundData, section %s", section), Sets: len(sets.lows)}
	for _, r := range mine {
		m.Tables = max(m.Tables, r.Table)
		m.Rounds = max(m.Rounds, r.Round)
		m.Seatings = append(m.Seatings, movement.Seating{Round: r.Round, Table: r.Table, NS: r.NSPair, EW: r.EWPair, Set: sets.of(r.LowBoard)})
	}
	m.Sort()
	for i := 1; i < len(m.Seatings); i++ {
		if a, b := m.Seatings[i-1], m.Seatings[i]; a.Round == b.Round && a.Table == b.Table {
			return movement.Movement{}, fmt.Errorf("rounddata: section %q has table %d twice in round %d", section, a.Table, a.Round)
		}
	}
	renumberSecondField(&m)
	m.Shares = sharedSets(m)
	m.Stationary = stationaryEntrants(m)
	return m, nil
}

// boardSets are the board ranges of a RoundData table as sets: ranges of
// size boards starting at lows, lows[0] being set 1.
type boardSets struct {
	lows []int
	size int
}

// of returns the set that starts at board low, or movement.None for no board.
func (b boardSets) of(low int) int {
	if low == 0 {
		return movement.None
	}
	return (low-b.lows[0])/b.size + 1
}

// findSets finds the board sets of rows, whose ranges are valid.
func findSets(rows []Row) (boardSets, error) {
	highs := map[int]int{}
	var b boardSets
	for _, r := range rows {
		if r.LowBoard == 0 {
			continue
		}
		size := r.HighBoard - r.LowBoard + 1
		if b.size == 0 {
			b.size = size
		}
		if size != b.size {
			return boardSets{}, fmt.Errorf("table %d round %d plays boards %d-%d, %d boards, but other sets hold %d: every set must hold the same number of boards", r.Table, r.Round, r.LowBoard, r.HighBoard, size, b.size)
		}
		if _, seen := highs[r.LowBoard]; !seen {
			highs[r.LowBoard] = r.HighBoard
			b.lows = append(b.lows, r.LowBoard)
		}
	}
	if len(b.lows) == 0 {
		return boardSets{}, errors.New("no row has boards")
	}
	slices.Sort(b.lows)
	for i := 1; i < len(b.lows); i++ {
		low, prevLow := b.lows[i], b.lows[i-1]
		prevHigh := highs[prevLow]
		switch {
		case low <= prevHigh:
			return boardSets{}, fmt.Errorf("boards %d-%d and %d-%d overlap: the sets must not", prevLow, prevHigh, low, highs[low])
		case low > prevHigh+1:
			return boardSets{}, fmt.Errorf("boards %d-%d are in no row, between sets %d-%d and %d-%d: the sets must be consecutive", prevHigh+1, low-1, prevLow, prevHigh, low, highs[low])
		}
	}
	return b, nil
}

// renumberSecondField numbers the East-West pairs of m after the highest
// North-South pair when some number sits both North-South and East-West in
// one round, and marks m as a two-winner movement. Otherwise m has two
// winners when no entrant sits in both directions.
func renumberSecondField(m *movement.Movement) {
	type seat struct{ round, entrant int }
	ns, ew := map[seat]bool{}, map[seat]bool{}
	nsEver, ewEver := map[int]bool{}, map[int]bool{}
	highestNS, twoFields := 0, false
	for _, s := range m.Seatings {
		if s.NS != movement.None {
			ns[seat{s.Round, s.NS}] = true
			nsEver[s.NS] = true
			highestNS = max(highestNS, s.NS)
		}
		if s.EW != movement.None {
			ew[seat{s.Round, s.EW}] = true
			ewEver[s.EW] = true
		}
	}
	for k := range ns {
		twoFields = twoFields || ew[k]
	}
	if !twoFields {
		m.TwoWinners = true
		for e := range nsEver {
			m.TwoWinners = m.TwoWinners && !ewEver[e]
		}
		return
	}
	for i, s := range m.Seatings {
		if s.EW != movement.None {
			m.Seatings[i].EW += highestNS
		}
	}
	m.TwoWinners = true
	m.Notes = append(m.Notes, fmt.Sprintf("East-West pairs are numbered from %d: East-West pair n of the RoundData is pair n+%d here.", highestNS+1, highestNS))
}

// sharedSets lists every two tables that play the same set in a round; a
// table with an empty seat plays nothing. The seatings of m are sorted.
func sharedSets(m movement.Movement) []movement.Share {
	var shares []movement.Share
	for i, a := range m.Seatings {
		for _, b := range m.Seatings[i+1:] {
			if b.Round != a.Round {
				break
			}
			if a.Set != movement.None && a.Set == b.Set && a.NS != movement.None && a.EW != movement.None && b.NS != movement.None && b.EW != movement.None {
				shares = append(shares, movement.Share{Round: a.Round, Set: a.Set, Tables: [2]int{a.Table, b.Table}})
			}
		}
	}
	return shares
}

// stationaryEntrants lists the entrants that keep one table and one
// direction in every round they play.
func stationaryEntrants(m movement.Movement) []int {
	var out []int
	for _, e := range m.Entrants() {
		path := m.Path(e)
		first := path[0]
		if !slices.ContainsFunc(path, func(p movement.Position) bool {
			return p.Table != first.Table || p.NorthSouth != first.NorthSouth
		}) {
			out = append(out, e)
		}
	}
	return out
}
