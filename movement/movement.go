// Package movement holds the shape of a session and the movements that say
// who plays which boards against whom in every round: Mitchell and Howell
// families, team schedules and Swiss pairings, with a checker that names the
// first thing wrong with any movement, a balance report, and what the table
// and guide cards players follow say (formats/movementcards prints them,
// formats/rounddata exchanges a movement with Bridgemate terminals).
//
// While a movement is played it changes from a round on and keeps the
// rounds played: a late entrant (AddLate), a withdrawal (Withdraw), another
// movement taking over (ChangeFrom). A Schedule indexes a movement for the
// questions asked of it during play: who sits at a table in a round and
// where the pairs and the boards go next.
//
// Every movement reduces to one model: rounds of seatings, each a table with
// the entrant sitting North-South, the entrant sitting East-West and the
// board set they play. Sit-outs, phantoms, relays and shared sets are
// explicit in it.
package movement

import (
	"cmp"
	"fmt"
	"slices"
)

// None is the entrant number of an empty seat: the phantom pair whose
// opponents sit out, or a table without players.
const None = 0

// Seating is one table in one round.
type Seating struct {
	Round, Table int
	// NS and EW are the entrants (pair or team numbers) sitting North-South
	// and East-West; None for an empty seat.
	NS, EW int
	// Set is the board set played, from 1; None when the table plays no
	// boards this round.
	Set int
}

// Share declares that two tables play the same board set in a round, passing
// the boards between them (the relay of a relay Mitchell, the shared set of
// a three-table Howell).
type Share struct {
	Round, Set int
	Tables     [2]int
}

// Movement is the whole schedule of one section.
type Movement struct {
	// Name says which movement this is, for people: "Mitchell, 7 tables".
	Name string
	// Tables, Rounds and Sets count what the movement uses.
	Tables, Rounds, Sets int
	// Seatings lists every table of every round, ordered by round and table.
	Seatings []Seating
	// Shares lists the sets two tables play together in a round; any other
	// set is at most at one table a round.
	Shares []Share
	// TwoWinners is set when North-South and East-West pairs are ranked
	// separately (a Mitchell without arrow switches); otherwise one winner.
	TwoWinners bool
	// Stationary lists the entrants that never move.
	Stationary []int
	// Teams is set when the entrants are teams of two pairs: in a round a
	// team sits at two tables, North-South at one and East-West at the
	// other (the two rooms of its match), and plays the round's set once in
	// each direction. Every match of a round may play the same set, each
	// from its own copy of the boards.
	Teams bool
	// Notes are instructions for the director and the players that hold
	// for the whole movement: "boards between tables 3 and 4 rest on the
	// bye-stand", "skip after round 4".
	Notes []string
	// RoundNotes are instructions that hold for some rounds only, or that
	// a change of the movement can end: who sits out, a late entrant, a
	// withdrawal, the movement played before a change.
	RoundNotes []RoundNote
}

// RoundNote is an instruction that holds from round From to round To.
type RoundNote struct {
	// From and To are the first and last rounds it holds for; To 0 is the
	// last round of the movement.
	From, To int
	Text     string
	// SitOut marks a note on who sits out while the field is short: a
	// late entrant, who takes the empty seats, ends it.
	SitOut bool
}

// String says the note with its rounds: "rounds 1–2: …", "from round 3:
// …", or the text alone when it holds from round 1 to the end.
func (n RoundNote) String() string {
	switch {
	case n.To == 0 && n.From <= 1:
		return n.Text
	case n.To == 0:
		return fmt.Sprintf("from round %d: %s", n.From, n.Text)
	case n.From == n.To:
		return fmt.Sprintf("round %d: %s", n.From, n.Text)
	}
	return fmt.Sprintf("rounds %d–%d: %s", n.From, n.To, n.Text)
}

// Footnotes are what the movement's cards say under the rounds: its notes,
// then its round notes with their rounds.
func (m Movement) Footnotes() []string {
	out := slices.Clone(m.Notes)
	for _, n := range m.RoundNotes {
		out = append(out, n.String())
	}
	return out
}

// Boards returns the board numbers of set s when every set holds
// boardsPerSet boards and the first set starts at board first.
func Boards(s, boardsPerSet, first int) (low, high int) {
	low = first + (s-1)*boardsPerSet
	return low, low + boardsPerSet - 1
}

// Boards returns the boards of the seating's set, as Boards numbers them;
// 0, 0 when the table plays no boards.
func (s Seating) Boards(boardsPerSet, first int) (low, high int) {
	if s.Set == None {
		return 0, 0
	}
	return Boards(s.Set, boardsPerSet, first)
}

// Sort orders the seatings by round, then table.
func (m *Movement) Sort() { slices.SortStableFunc(m.Seatings, compareSeatings) }

// compareSeatings orders seatings by round, then table.
func compareSeatings(a, b Seating) int {
	return cmp.Or(cmp.Compare(a.Round, b.Round), cmp.Compare(a.Table, b.Table))
}

// Round returns the seatings of round r, ordered by table.
func (m Movement) Round(r int) []Seating {
	var out []Seating
	for _, s := range m.Seatings {
		if s.Round == r {
			out = append(out, s)
		}
	}
	slices.SortFunc(out, func(a, b Seating) int { return cmp.Compare(a.Table, b.Table) })
	return out
}

// At returns the seating of a table in a round.
func (m Movement) At(round, table int) (Seating, bool) {
	for _, s := range m.Seatings {
		if s.Round == round && s.Table == table {
			return s, true
		}
	}
	return Seating{}, false
}

// Entrants returns every entrant that sits at a table, in order.
func (m Movement) Entrants() []int {
	seen := map[int]bool{}
	var out []int
	for _, s := range m.Seatings {
		for _, e := range []int{s.NS, s.EW} {
			if e != None && !seen[e] {
				seen[e] = true
				out = append(out, e)
			}
		}
	}
	slices.Sort(out)
	return out
}

// Position is where an entrant is in a round.
type Position struct {
	Round, Table int
	// NorthSouth is set when the entrant sits North-South.
	NorthSouth bool
	// Opponent is the entrant across the table, None when it sits out.
	Opponent int
	Set      int
}

// Path returns an entrant's position in every round it plays, in round
// order, then table order (a team of a Teams movement has two a round); a
// round it sits out has no position.
func (m Movement) Path(entrant int) []Position {
	var out []Position
	for _, s := range m.Seatings {
		switch entrant {
		case s.NS:
			out = append(out, Position{s.Round, s.Table, true, s.EW, s.Set})
		case s.EW:
			out = append(out, Position{s.Round, s.Table, false, s.NS, s.Set})
		}
	}
	slices.SortFunc(out, func(a, b Position) int { return cmp.Or(cmp.Compare(a.Round, b.Round), cmp.Compare(a.Table, b.Table)) })
	return out
}

// String describes a seating: "round 2 table 3: 3 v 7, set 4".
func (s Seating) String() string {
	return fmt.Sprintf("round %d table %d: %d v %d, set %d", s.Round, s.Table, s.NS, s.EW, s.Set)
}
