package doubledummy

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/bridge-director/director/bridge"
)

// A Solver's transposition table starts with 2^16 pages of 8 patterns (280
// bytes a page, with an index of twice as many 24-byte buckets: 20.5 MiB)
// and may grow to 2^19 pages (164 MiB), about DDS's own cap per thread,
// whatever the deal; the cutoff cache adds 2 MiB.
const (
	tableBits    = 16
	tableMaxBits = 19
)

// Solver solves deals double dummy. It is used by one goroutine at a time.
// Its tables are emptied for each deal and strain, and keep the size they
// grew to: a Solver that has met a freak deal holds its peak, at most the cap
// above, until it is dropped.
type Solver struct {
	s search
}

// NewSolver returns a Solver with empty tables.
func NewSolver() *Solver {
	return &Solver{s: search{tt: newTranspositions(tableBits, tableMaxBits), cutoffs: make([]cutoff, 1<<cutoffBits)}}
}

// Position is a moment in the play: the cards each seat still holds, the
// strain, who led the current trick and the cards played to it so far.
type Position struct {
	// Hands holds the cards each seat still holds, not those in Trick.
	Hands  bridge.Deal
	Strain bridge.Strain
	// Leader led the current trick, or leads the next one when Trick is empty.
	Leader bridge.Seat
	// Trick holds the cards played to the current trick, 0 to 3, from Leader on.
	Trick []bridge.Card
}

// Table returns the double-dummy table of a deal: the tricks each seat takes
// as declarer in each strain, the opening lead coming from declarer's left.
// The hands must hold 13 cards each, or as many as one another.
func (v *Solver) Table(ctx context.Context, d bridge.Deal) (bridge.DDTable, error) {
	if err := checkHands(d); err != nil {
		return bridge.UnknownDDTable(), err
	}
	t := bridge.UnknownDDTable()
	tricks := d[0].Len()
	for _, strain := range bridge.DDStrains {
		v.begin(ctx, d, strain)
		guess := estimate(d, strain)
		for _, leader := range bridge.Seats {
			ns, err := v.solve(leader, nil, guess)
			if err != nil {
				return bridge.UnknownDDTable(), err
			}
			guess = ns
			declarer := leader.RHO()
			if declarer.Side() == bridge.NorthSouth {
				t[declarer][strain] = ns
			} else {
				t[declarer][strain] = tricks - ns
			}
		}
	}
	return t, nil
}

// Tricks returns the tricks the side of leader takes when leader makes the
// opening lead in strain.
func (v *Solver) Tricks(ctx context.Context, d bridge.Deal, strain bridge.Strain, leader bridge.Seat) (int, error) {
	if err := checkHands(d); err != nil {
		return 0, err
	}
	if !strain.Valid() || !leader.Valid() {
		return 0, fmt.Errorf("doubledummy: strain %d or leader %d is not a strain or a seat", strain, leader)
	}
	v.begin(ctx, d, strain)
	ns, err := v.solve(leader, nil, estimate(d, strain))
	if err != nil {
		return 0, err
	}
	if leader.Side() == bridge.NorthSouth {
		return ns, nil
	}
	return d[0].Len() - ns, nil
}

// Solve returns the tricks still to come, the current one included, that the
// side of the player to play next takes.
func (v *Solver) Solve(ctx context.Context, p Position) (int, error) {
	trick, n, err := checkPosition(p)
	if err != nil {
		return 0, err
	}
	v.begin(ctx, p.Hands, p.Strain)
	ns, err := v.solve(p.Leader, trick[:n], -1)
	if err != nil {
		return 0, err
	}
	next := (p.Leader + bridge.Seat(n)) % 4
	if next.Side() == bridge.NorthSouth {
		return ns, nil
	}
	return v.s.tricksLeft - ns, nil
}

// Nodes returns the search nodes the solver has visited, for benchmarks.
func (v *Solver) Nodes() uint64 { return v.s.nodes }

// begin sets the solver up for a deal in a strain, with its tables empty:
// the same cards play differently under another trump, and answers must not
// depend on what was solved before.
func (v *Solver) begin(ctx context.Context, d bridge.Deal, strain bridge.Strain) {
	s := &v.s
	trump := int(strain)
	if strain == bridge.NoTrump {
		trump = noTrump
	}
	s.tt.clear()
	s.trump = trump
	s.ctx = ctx
	s.stopped = false
	if s.cutoffGen++; s.cutoffGen == 0 {
		clear(s.cutoffs)
		s.cutoffGen = 1
	}
	for seat := range 4 {
		s.hands[seat] = uint64(d[seat])
	}
}

// solve finds the tricks North-South take from the position set by begin,
// with leader on lead to the trick whose first cards are trick, by a series
// of null-window searches that close in on the answer from guess (MTD(f)).
func (v *Solver) solve(leader bridge.Seat, trick []int, guess int) (int, error) {
	s := &v.s
	hands := s.hands
	s.leader = int(leader)
	s.nsWon = 0
	s.atStart = hands[0] | hands[1] | hands[2] | hands[3]
	for p, c := range trick {
		s.trick[p] = c
		s.atStart |= 1 << uint(c)
	}
	s.tricksLeft = bits.OnesCount64(hands[s.leader])
	if len(trick) > 0 {
		s.tricksLeft++
	}
	s.shape = shapeOf(&s.hands)
	lo, hi := 0, s.tricksLeft
	g := guess
	if g < 0 {
		g = (hi + 1) / 2
	}
	for lo < hi {
		beta := min(max(g, lo+1), hi)
		var got int
		if len(trick) == 0 {
			got, _ = s.trickStart(beta)
		} else {
			got, _ = s.play(len(trick), beta)
		}
		if s.stopped {
			s.tt.clear()
			return 0, fmt.Errorf("doubledummy: %w", context.Cause(s.ctx))
		}
		if got >= beta {
			lo = got
		} else {
			hi = got
		}
		g = got
	}
	return lo, nil
}

// estimate guesses the tricks North-South take in strain from their high
// card points and, in a suit, their trumps, so that the search starts near
// the answer: each step it is off costs a search.
func estimate(d bridge.Deal, strain bridge.Strain) int {
	n := d[bridge.North].Len()
	hcp := d[bridge.North].HCP() + d[bridge.South].HCP()
	g := float64(n)/2 + float64(hcp-20)*float64(n)/13/3
	if suit, ok := strain.Suit(); ok {
		ns := d[bridge.North].SuitLen(suit) + d[bridge.South].SuitLen(suit)
		ew := d[bridge.East].SuitLen(suit) + d[bridge.West].SuitLen(suit)
		g += float64(ns-ew) / 2
	}
	return min(max(int(g+0.5), 0), n)
}
