package movement

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// MitchellStyle says how a Mitchell keeps the moving pairs away from boards
// they have played (reference §1.1, §1.2).
type MitchellStyle int

const (
	// MitchellStandard is the plain Mitchell for an odd number of tables
	// and the skip Mitchell for an even number.
	MitchellStandard MitchellStyle = iota
	// MitchellSkip (even tables): East-West pairs move up two tables once,
	// before round tables/2+1. tables−1 rounds, or tables with a last
	// "revenge" round against the round-1 opponents.
	MitchellSkip
	// MitchellRelayByeStand (even tables): tables 1 and n share a set every
	// round and one set rests on a bye-stand between tables n/2 and n/2+1.
	// tables rounds; every East-West pair meets every North-South pair.
	MitchellRelayByeStand
	// MitchellHesitation (odd tables): the East-West pair at table 1 stays
	// and plays North-South there next round, so the moving pairs play
	// both directions: one winner. tables+1 rounds and sets, one set on a
	// relay between tables (tables+1)/2 and (tables+3)/2.
	//
	// An even table count has no hesitation with one relay and boards
	// moving one table a round: summed over a moving pair's tables+1
	// rounds, the set numbers it plays cannot cover every residue modulo
	// an odd tables+1 while table 1 holds it for two rounds.
	MitchellHesitation
)

// MaxMitchellTables bounds the size of a generated Mitchell; fields beyond
// about fifteen tables are split into sections in practice.
const MaxMitchellTables = 100

// MitchellOptions shape a Mitchell; the zero value is the standard full
// movement for a full field.
type MitchellOptions struct {
	Style MitchellStyle
	// Rounds shortens the movement; 0 plays the full movement.
	Rounds int
	// ArrowSwitch lists the rounds in which North-South and East-West swap
	// at every table (North-South pairs play the East-West cards); any
	// switch makes a one-winner movement.
	ArrowSwitch []int
	// HalfTable is a field one pair short (2·tables−1 pairs): East-West
	// pair 2·tables is absent, and the pair it would meet sits out. In a
	// relay and bye-stand Mitchell North-South pair tables is absent
	// instead, so that table n sits out every round and no set is shared.
	HalfTable bool
}

// Mitchell builds a Mitchell movement for one section.
//
// Pair numbering: North-South pair t stays at table t (1..tables); East-West
// pair tables+t starts at table t. Terminals that number each direction from
// 1 (Bridgemate: NS 1..n, EW 1..n) map East-West pair tables+t to EW t; this
// model needs every pair of a section to have its own number.
//
// In round r East-West pairs have moved up r−1 tables (tables to 1), r after
// the skip of a skip Mitchell, and the boards have moved down r−1 places
// (1 to tables), counting the bye-stand or relay as a place.
func Mitchell(tables int, opts MitchellOptions) (Movement, error) {
	p, err := newMitchellPlan(tables, opts)
	if err != nil {
		return Movement{}, err
	}
	m := Movement{
		Name:       p.name(opts),
		Tables:     tables,
		Rounds:     p.rounds,
		Sets:       p.sets,
		TwoWinners: p.style != MitchellHesitation && len(opts.ArrowSwitch) == 0,
		Notes:      p.notes(opts),
		RoundNotes: p.sitOutNotes(),
	}
	for r := 1; r <= p.rounds; r++ {
		for t := 1; t <= tables; t++ {
			s := p.seating(r, t)
			if slices.Contains(opts.ArrowSwitch, r) {
				s.NS, s.EW = s.EW, s.NS
			}
			m.Seatings = append(m.Seatings, s)
			if p.style == MitchellRelayByeStand && t == tables && s.playing() {
				m.Shares = append(m.Shares, Share{Round: r, Set: s.Set, Tables: [2]int{1, tables}})
			}
		}
	}
	for t := p.firstStationary(); t <= tables; t++ {
		if t != p.absent {
			m.Stationary = append(m.Stationary, t)
		}
	}
	return m, nil
}

// MitchellSections builds the same Mitchell for several sections, named
// A, B, C…. Each section plays its own copy of the board sets (Law 6F: the
// boards are duplicated once per section), so every section uses sets
// 1..Sets and results compare across the field. Pair numbers repeat in every
// section; a pair is named by section letter and number (A3, B3).
func MitchellSections(sections, tables int, opts MitchellOptions) ([]Movement, error) {
	if sections < 1 || sections > 26 {
		return nil, fmt.Errorf("mitchell: %d sections, want 1 to 26 (one letter each)", sections)
	}
	m, err := Mitchell(tables, opts)
	if err != nil {
		return nil, err
	}
	out := make([]Movement, sections)
	for i := range out {
		letter := string(rune('A' + i))
		s := m
		s.Name = m.Name + ", section " + letter
		s.Seatings = slices.Clone(m.Seatings)
		s.Shares = slices.Clone(m.Shares)
		s.Stationary = slices.Clone(m.Stationary)
		s.RoundNotes = slices.Clone(m.RoundNotes)
		s.Notes = append(slices.Clone(m.Notes), fmt.Sprintf(
			"section %s plays its own copy of sets 1–%d; pairs are A1, B1…: the same number in another section is another pair", letter, m.Sets))
		out[i] = s
	}
	return out, nil
}

// mitchellPlan is a validated Mitchell: the closed forms of who sits where.
type mitchellPlan struct {
	style                MitchellStyle
	tables, rounds, sets int
	absent               int // the missing pair of a half table, or None
}

func newMitchellPlan(tables int, opts MitchellOptions) (mitchellPlan, error) {
	if tables < 3 || tables > MaxMitchellTables {
		return mitchellPlan{}, fmt.Errorf("mitchell: %d tables, want 3 to %d", tables, MaxMitchellTables)
	}
	p := mitchellPlan{style: opts.Style, tables: tables, sets: tables}
	even := tables%2 == 0
	if p.style == MitchellStandard && even {
		p.style = MitchellSkip
	}
	full := tables
	switch p.style {
	case MitchellStandard:
	case MitchellSkip:
		if !even {
			return p, fmt.Errorf("mitchell: a skip is for an even number of tables, not %d", tables)
		}
		if opts.HalfTable {
			return p, errors.New("mitchell: a half table with an even number of tables takes the relay and bye-stand, not a skip (the pair sitting out first would sit out again)")
		}
		full = tables - 1
	case MitchellRelayByeStand:
		if !even {
			return p, fmt.Errorf("mitchell: a relay and bye-stand is for an even number of tables, not %d", tables)
		}
	case MitchellHesitation:
		if even {
			return p, fmt.Errorf("mitchell: a hesitation Mitchell needs an odd number of tables, not %d: take a skip or a relay and bye-stand", tables)
		}
		p.sets, full = tables+1, tables+1
	default:
		return p, fmt.Errorf("mitchell: unknown style %d", p.style)
	}
	limit := full
	if p.style == MitchellSkip {
		limit = tables // the revenge round
	}
	p.rounds = cmp.Or(opts.Rounds, full)
	// Two rounds at least, so that the set resting on a relay or bye-stand
	// in round 1 is played.
	if p.rounds < 2 || p.rounds > limit {
		return p, fmt.Errorf("mitchell: %d rounds, want 2 to %d for this movement", opts.Rounds, limit)
	}
	seen := map[int]bool{}
	for _, r := range opts.ArrowSwitch {
		if r < 1 || r > p.rounds || seen[r] {
			return p, fmt.Errorf("mitchell: arrow switch in round %d: want distinct rounds 1 to %d", r, p.rounds)
		}
		seen[r] = true
	}
	if opts.HalfTable {
		if p.style == MitchellRelayByeStand {
			p.absent = tables
		} else {
			p.absent = 2 * tables
		}
	}
	return p, nil
}

// posMod is the non-negative remainder.
func posMod(a, n int) int { return ((a % n) + n) % n }

// firstStationary is the lowest table whose North-South pair never moves:
// table 1's moves in a hesitation Mitchell.
func (p mitchellPlan) firstStationary() int {
	if p.style == MitchellHesitation {
		return 2
	}
	return 1
}

// seating is the table t of round r, before any arrow switch.
func (p mitchellPlan) seating(r, t int) Seating {
	n := p.tables
	s := Seating{Round: r, Table: t, NS: t}
	if p.style == MitchellHesitation {
		s.NS, s.EW = p.hesitationPairs(r, t)
	} else {
		shift := r - 1
		if p.style == MitchellSkip && r > n/2 {
			shift = r
		}
		s.EW = n + posMod(t-1-shift, n) + 1
	}
	s.Set = posMod(p.place(t)+r-1, p.sets) + 1
	if s.NS == p.absent {
		s.NS = None
	}
	if s.EW == p.absent {
		s.EW = None
	}
	return s
}

// place is where table t's boards sit in round 1 on the circuit the sets
// travel, one place down each round; the circuit counts the bye-stand or
// relay as a place, and tables 1 and n of a relay Mitchell as one.
func (p mitchellPlan) place(t int) int {
	n := p.tables
	switch p.style {
	case MitchellRelayByeStand:
		switch {
		case t == n:
			return 0
		case t > n/2:
			return t
		}
	case MitchellHesitation:
		if t > (n+1)/2 {
			return t
		}
	}
	return t - 1
}

// hesitationPairs seats a hesitation Mitchell. The n+1 moving pairs cycle
// through the places EW1, NS1, EW2, …, EWn (numbered 0..n), one place a
// round; pair 1 starts at NS1 and East-West pair n+k at EWk.
func (p mitchellPlan) hesitationPairs(r, t int) (ns, ew int) {
	n := p.tables
	pairAt := func(place int) int {
		switch start := posMod(place-(r-1), n+1); start {
		case 0:
			return n + 1
		case 1:
			return 1
		default:
			return n + start
		}
	}
	if t == 1 {
		return pairAt(1), pairAt(0)
	}
	return t, pairAt(t)
}

func (p mitchellPlan) name(opts MitchellOptions) string {
	kind := map[MitchellStyle]string{
		MitchellStandard:      "Mitchell",
		MitchellSkip:          "Skip Mitchell",
		MitchellRelayByeStand: "Relay and bye-stand Mitchell",
		MitchellHesitation:    "Hesitation Mitchell",
	}[p.style]
	name := fmt.Sprintf("%s, %d tables, %d rounds", kind, p.tables, p.rounds)
	if opts.HalfTable {
		name += ", half table"
	}
	if len(opts.ArrowSwitch) > 0 {
		name += ", arrow switch"
	}
	return name
}

func (p mitchellPlan) notes(opts MitchellOptions) []string {
	n, first := p.tables, p.firstStationary()
	notes := []string{fmt.Sprintf(
		"North-South pairs %d–%d stay at their tables; East-West pairs %d–%d start at tables 1–%d and move up one table a round (table %d to table 1); boards move down one table (table 1 to table %d)",
		first, n, n+1, 2*n, n, n, n)}
	switch p.style {
	case MitchellSkip:
		notes = append(notes, fmt.Sprintf("skip after round %d: East-West pairs move up two tables", n/2))
		if p.rounds == n {
			notes = append(notes, fmt.Sprintf("round %d is a revenge round against the round-1 opponents", n))
		}
	case MitchellRelayByeStand:
		notes = append(notes, fmt.Sprintf("a bye-stand between tables %d and %d holds one set: boards from table %d go to the bye-stand, boards on the bye-stand go to table %d", n/2, n/2+1, n/2+1, n/2))
		if p.absent == None {
			notes = append(notes, fmt.Sprintf("tables 1 and %d share a set every round, exchanging boards during the round; it then goes to table %d, and table 2's set comes to tables 1 and %d", n, n-1, n))
		}
	case MitchellHesitation:
		j := (n + 1) / 2
		notes = append(notes,
			"the East-West pair of table 1 stays and sits North-South at table 1 next round; the North-South pair of table 1 goes to table 2 East-West",
			fmt.Sprintf("a relay between tables %d and %d holds one set: boards from table %d go to the relay, boards on the relay go to table %d", j, j+1, j+1, j))
	}
	if len(opts.ArrowSwitch) > 0 {
		rounds := make([]string, len(opts.ArrowSwitch))
		for i, r := range opts.ArrowSwitch {
			rounds[i] = fmt.Sprint(r)
		}
		notes = append(notes, "arrow switch in round "+strings.Join(rounds, ", ")+": North-South pairs play the East-West cards")
	}
	return notes
}

// sitOutNotes say who sits out at a half table.
func (p mitchellPlan) sitOutNotes() []RoundNote {
	switch {
	case p.absent == None:
		return nil
	case p.style == MitchellRelayByeStand:
		return []RoundNote{{From: 1, SitOut: true, Text: fmt.Sprintf("half table: table %d has no North-South pair; the East-West pair arriving there sits out, and table 1 plays the shared set alone", p.absent)}}
	}
	return []RoundNote{{From: 1, SitOut: true, Text: fmt.Sprintf("half table: pair %d is absent; the pair it would meet sits out", p.absent)}}
}
