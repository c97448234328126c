package rulings

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/dealing/doubledummy"
)

// ClaimStep is one step of the line a claimer stated (Law 68C): a card he
// said he would play, or a suit he said he would play from the top.
type ClaimStep struct {
	// Card is the card, when Run is false.
	Card bridge.Card
	// Suit is, when Run is true, the suit his side leads from the top, the
	// hand on lead playing its highest card, until his side holds none.
	Suit bridge.Suit
	Run  bool
}

// String writes the step as ParseClaimLine reads it: "SA", or "S" for a
// suit from the top.
func (s ClaimStep) String() string {
	if s.Run {
		return s.Suit.String()
	}
	return s.Card.String()
}

// maxClaimSteps bounds a stated line: a claimer's side holds at most 26
// cards, so 52 steps is more than any statement needs.
const maxClaimSteps = 52

// ParseClaimLine reads a stated line, steps separated by spaces: a card
// ("SA", "♥K") the claimer's side plays, or a suit alone ("D", "♦") that it
// plays from the top. The empty string is no stated line.
func ParseClaimLine(s string) ([]ClaimStep, error) {
	fields := strings.Fields(s)
	if len(fields) > maxClaimSteps {
		return nil, fmt.Errorf("rulings: claim line: %d steps, at most %d", len(fields), maxClaimSteps)
	}
	var out []ClaimStep
	for i, f := range fields {
		if suit, err := bridge.ParseSuit(f); err == nil {
			out = append(out, ClaimStep{Suit: suit, Run: true})
			continue
		}
		c, err := bridge.ParseCard(f)
		if err != nil {
			return nil, fmt.Errorf("rulings: claim line: step %d (%.8q) is neither a card (SA) nor a suit (S)", i+1, f)
		}
		out = append(out, ClaimStep{Card: c})
	}
	return out, nil
}

// ClaimFigures are what the double-dummy solver finds at the moment of a
// claim, for the claimer's side.
type ClaimFigures struct {
	// Remaining is how many tricks were still to be played, the one in
	// progress included.
	Remaining int
	// Best is the tricks the claimer's side takes double dummy: its
	// maximum, every player playing perfectly.
	Best int
	// Line is the tricks the claimer's side takes along the least
	// successful line the statement admits: the stated plays in order,
	// every choice the statement leaves open made the worst for the
	// claimer's side among the plays that are not irrational, and the
	// opponents defending best (Laws 70A, 70D, 70E).
	Line int
	// LineTricks are the cards of that line, trick by trick; when the claim
	// came during a trick, the first holds only the cards still to be
	// played to it.
	LineTricks [][]bridge.Card
	// LostToTrump is the tricks along that line the opponents win with a
	// trump they still held in their hands at the claim (Law 70C3).
	LostToTrump int
	// OutstandingTrump is set when a trump remained in an opponent's hand
	// at the claim.
	OutstandingTrump bool
}

// claimSolveLimit bounds the solver's work on one claim. A claim with ten
// tricks left takes it a few milliseconds, an ending well under one, a
// claim of all thirteen up to a second; a position that takes longer than
// this is left to the director, as without the deal.
const claimSolveLimit = 5 * time.Second

// claimSolvers keeps solvers between rulings: a new one allocates some 20
// MiB of tables, far more work than solving a claim's ending, and a Solver
// is used by one goroutine at a time, as the pool hands them out.
var claimSolvers = sync.Pool{New: func() any { return doubledummy.NewSolver() }}

// claimFigures solves the position of s for a claim by claimer with the
// stated line, until ctx is done or claimSolveLimit has passed. Penalty
// cards on the table are not taken into account: the solver plays them as
// any other card.
func claimFigures(ctx context.Context, s PlayState, claimer bridge.Seat, line []ClaimStep) (ClaimFigures, error) {
	ctx, cancel := context.WithTimeout(ctx, claimSolveLimit)
	defer cancel()
	solver := claimSolvers.Get().(*doubledummy.Solver)
	defer claimSolvers.Put(solver)
	w := &claimWalk{solver: solver, ctx: ctx, side: claimer.Side(), line: line}
	pos := positionOf(s)
	f := ClaimFigures{Remaining: pos.hands[pos.toPlay()].Len()}
	if trump, ok := s.contract.Strain.Suit(); ok {
		for _, opp := range [2]bridge.Seat{claimer.LHO(), claimer.RHO()} {
			w.oppTrumps |= suitCards(pos.hands[opp], trump)
		}
		f.OutstandingTrump = w.oppTrumps != 0
	}
	best, err := w.value(pos)
	if err != nil {
		return ClaimFigures{}, err
	}
	f.Best = best
	if err := w.walk(pos, best, &f); err != nil {
		return ClaimFigures{}, err
	}
	return f, nil
}

// suitCards returns the cards of h in suit.
func suitCards(h bridge.Hand, suit bridge.Suit) bridge.Hand {
	var out bridge.Hand
	for _, r := range h.Suit(suit) {
		out = out.Add(bridge.Card{Suit: suit, Rank: r})
	}
	return out
}

// claimPosition is a moment of the play as the solver takes it: the cards
// each seat still holds and the trick in progress.
type claimPosition struct {
	hands  bridge.Deal
	strain bridge.Strain
	leader bridge.Seat
	trick  []bridge.Card
}

// positionOf returns the position of s after its last card.
func positionOf(s PlayState) claimPosition {
	p := claimPosition{hands: s.deal, strain: s.contract.Strain, leader: s.OnLead()}
	for _, t := range s.tricks {
		for i, c := range t.Cards {
			p.hands[t.Seat(i)] = p.hands[t.Seat(i)].Remove(c)
		}
	}
	if t, ok := s.current(); ok {
		p.trick = append([]bridge.Card(nil), t.Cards...)
	}
	return p
}

// toPlay returns the seat to play next.
func (p claimPosition) toPlay() bridge.Seat { return (p.leader + bridge.Seat(len(p.trick))) % 4 }

// play returns the position after the seat to play plays c, and the winner
// of the trick when c completes it.
func (p claimPosition) play(c bridge.Card) (next claimPosition, winner bridge.Seat, complete bool) {
	seat := p.toPlay()
	next = p
	next.hands[seat] = p.hands[seat].Remove(c)
	next.trick = append(append([]bridge.Card(nil), p.trick...), c)
	if len(next.trick) < 4 {
		return next, 0, false
	}
	t := Trick{Leader: p.leader, Cards: next.trick}
	winner = t.Seat(t.winning(p.strain))
	next.leader, next.trick = winner, nil
	return next, winner, true
}

// legal returns the cards the seat to play may play, one of each run of
// equivalent cards (cards of a suit with no card between them that another
// seat holds or that lies in the trick), each run by its highest card.
func (p claimPosition) legal() []bridge.Card {
	hand := p.hands[p.toPlay()]
	if len(p.trick) > 0 && hand.SuitLen(p.trick[0].Suit) > 0 {
		hand = suitCards(hand, p.trick[0].Suit)
	}
	live := p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]
	for _, c := range p.trick {
		live = live.Add(c)
	}
	var out []bridge.Card
	for _, c := range hand.Cards() {
		if n := len(out); n > 0 && out[n-1].Suit == c.Suit && !between(live&^hand, c, out[n-1]) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// between reports whether h holds a card of lo's suit ranking between lo
// and hi.
func between(h bridge.Hand, lo, hi bridge.Card) bool {
	for r := lo.Rank + 1; r < hi.Rank; r++ {
		if h.Has(bridge.Card{Suit: lo.Suit, Rank: r}) {
			return true
		}
	}
	return false
}

// claimWalk plays a claim out: the claimer's side follows its stated line
// and makes the worst choice wherever the line leaves one; the opponents
// defend best.
type claimWalk struct {
	solver    *doubledummy.Solver
	ctx       context.Context
	side      bridge.Side
	line      []ClaimStep
	next      int
	oppTrumps bridge.Hand
}

// value returns the tricks the claimer's side takes double dummy from p,
// the trick in progress included.
func (w *claimWalk) value(p claimPosition) (int, error) {
	left := p.hands[p.toPlay()].Len()
	if left == 0 {
		return 0, nil
	}
	n, err := w.solver.Solve(w.ctx, doubledummy.Position{Hands: p.hands, Strain: p.strain, Leader: p.leader, Trick: p.trick})
	if err != nil {
		return 0, err
	}
	if p.toPlay().Side() == w.side {
		return n, nil
	}
	return left - n, nil
}

// walk plays p out along the line into f; v is the claimer's side's
// double-dummy tricks from p.
func (w *claimWalk) walk(p claimPosition, v int, f *ClaimFigures) error {
	for p.hands[p.toPlay()].Len() > 0 {
		c, stated := w.stated(p)
		total := 0
		var err error
		if !stated {
			if c, total, err = w.choose(p, v); err != nil {
				return err
			}
		}
		if len(p.trick) == 0 || len(f.LineTricks) == 0 {
			f.LineTricks = append(f.LineTricks, nil)
		}
		f.LineTricks[len(f.LineTricks)-1] = append(f.LineTricks[len(f.LineTricks)-1], c)
		next, winner, complete := p.play(c)
		won := 0
		if complete {
			t := Trick{Leader: p.leader, Cards: append(append([]bridge.Card(nil), p.trick...), c)}
			switch top, _ := t.CardOf(winner); {
			case winner.Side() == w.side:
				won = 1
			case w.oppTrumps.Has(top):
				f.LostToTrump++
			}
		}
		f.Line += won
		p = next
		if !stated {
			v = total - won
		} else if v, err = w.value(p); err != nil {
			return err
		}
	}
	return nil
}

// stated returns the card the line makes the seat to play play, if any. A
// card of the line is played at its holder's first turn where it is
// legal: when he leads, follows to a trick of its suit, or has no card of
// the suit led and so may ruff or discard with it; a suit of the line is
// led from the top by the hand on lead while it holds a card of it. Steps the play has overtaken (the card is
// gone, the suit is exhausted on the claimer's side) are passed over.
func (w *claimWalk) stated(p claimPosition) (bridge.Card, bool) {
	seat := p.toPlay()
	if seat.Side() != w.side {
		return bridge.Card{}, false
	}
	ours := p.hands[seat] | p.hands[seat.Partner()]
	for w.next < len(w.line) {
		s := w.line[w.next]
		if s.Run && ours.SuitLen(s.Suit) > 0 || !s.Run && ours.Has(s.Card) {
			break
		}
		w.next++
	}
	if w.next == len(w.line) {
		return bridge.Card{}, false
	}
	s, hand := w.line[w.next], p.hands[seat]
	leading := len(p.trick) == 0
	switch {
	case s.Run && leading && hand.SuitLen(s.Suit) > 0:
		return bridge.Card{Suit: s.Suit, Rank: hand.Suit(s.Suit)[0]}, true
	case !s.Run && hand.Has(s.Card) && (leading || p.trick[0].Suit == s.Card.Suit || hand.SuitLen(p.trick[0].Suit) == 0):
		w.next++
		return s.Card, true
	}
	return bridge.Card{}, false
}

// choose returns the card the seat to play chooses where the line does not
// decide, and the claimer's side's tricks from p once it is played: the
// card after which the claimer's side takes fewest double dummy, for the
// opponents' best defence and for the claimer's side's worst choice alike,
// among the choices normal admits for the claimer's side. Between cards as
// bad, the claimer's side plays a side-suit card before a trump and, within
// a suit, a higher card before a lower ("from the top"); the opponents a
// trump first and a lower card before a higher, keeping their honours to
// win a trick the claimer may yet misplay. v is the claimer's side's
// tricks from p.
func (w *claimWalk) choose(p claimPosition, v int) (bridge.Card, int, error) {
	seat := p.toPlay()
	ours := seat.Side() == w.side
	cands := p.legal()
	if ours {
		cands = p.normal(cands)
	}
	if !ours {
		slices.Reverse(cands)
	}
	if trump, ok := p.strain.Suit(); ok {
		first := cands[:0:0]
		var rest []bridge.Card
		for _, c := range cands {
			if (c.Suit == trump) != ours {
				first = append(first, c)
			} else {
				rest = append(rest, c)
			}
		}
		cands = append(first, rest...)
	}
	best, bestV := cands[0], -1
	for _, c := range cands {
		next, winner, complete := p.play(c)
		n, err := w.value(next)
		if err != nil {
			return c, 0, err
		}
		total := n
		if complete && winner.Side() == w.side {
			total++
		}
		if bestV < 0 || total < bestV {
			best, bestV = c, total
		}
		// The opponents cannot hold the claimer's side below its
		// double-dummy tricks: the first card that does as well is best.
		if !ours && total == v {
			break
		}
	}
	return best, bestV, nil
}

// normal keeps, of the cards the claimer's side may play, those a claimer
// could play without being irrational: leading a suit, it leads a card no
// opponent can beat if it has one there; playing to a trick, it does not
// discard a card no opponent can beat while it holds a side-suit card one
// can, does not spend such a card on a trick its partner has made sure of
// while it holds one an opponent can beat, and does not let the opponents
// win the trick when it could make sure of it — unless its partner is
// winning the trick and it has none of the suit led: then ruffing and
// discarding are both open, a careless discard that an opponent ruffs or
// beats included.
// Everything else — leading winners in a careless order, into a ruff,
// blocking a suit, an unstated finesse not taken — stays open, and the
// worst of it is chosen.
func (p claimPosition) normal(cands []bridge.Card) []bridge.Card {
	trump, hasTrump := p.strain.Suit()
	if len(p.trick) == 0 {
		var leads []bridge.Card
		for _, c := range cands {
			if p.master(c) || !slices.ContainsFunc(cands, func(d bridge.Card) bool { return d.Suit == c.Suit && p.master(d) }) {
				leads = append(leads, c)
			}
		}
		return leads
	}
	led := p.trick[0].Suit
	discard := func(c bridge.Card) bool { return c.Suit != led && !(hasTrump && c.Suit == trump) }
	loser := slices.ContainsFunc(cands, func(c bridge.Card) bool { return discard(c) && !p.master(c) })
	var safe []bridge.Card
	for _, c := range cands {
		if !loser || !discard(c) || !p.master(c) {
			safe = append(safe, c)
		}
	}
	won := p.sure(p.trick)
	var sure, spare []bridge.Card
	for _, c := range safe {
		if p.sure(append(p.trick[:len(p.trick):len(p.trick)], c)) {
			sure = append(sure, c)
		}
		if won && !p.master(c) {
			spare = append(spare, c)
		}
	}
	t := Trick{Leader: p.leader, Cards: p.trick}
	partnerWinning := t.Seat(t.winning(p.strain)).Side() == p.toPlay().Side()
	void := !slices.ContainsFunc(cands, func(c bridge.Card) bool { return c.Suit == led })
	switch {
	case len(spare) > 0:
		return spare
	case len(sure) > 0 && !(void && partnerWinning):
		return sure
	}
	return safe
}

// sure reports whether the trick, its first cards played, is the side's of
// the seat to play whatever the opponents still to play to it hold.
func (p claimPosition) sure(cards []bridge.Card) bool {
	side := p.toPlay().Side()
	t := Trick{Leader: p.leader, Cards: cards}
	if t.Seat(t.winning(p.strain)).Side() != side {
		return false
	}
	led := cards[0].Suit
	for k := len(cards); k < 4; k++ {
		opp := t.Seat(k)
		if opp.Side() == side {
			continue
		}
		for _, d := range p.hands[opp].Cards() {
			if d.Suit != led && p.hands[opp].SuitLen(led) > 0 {
				continue
			}
			beat := Trick{Leader: p.leader, Cards: append(cards[:len(cards):len(cards)], d)}
			if beat.winning(p.strain) == len(cards) {
				return false
			}
		}
	}
	return true
}

// master reports whether no opponent of the seat to play holds a higher
// card of c's suit.
func (p claimPosition) master(c bridge.Card) bool {
	seat := p.toPlay()
	for _, opp := range [2]bridge.Seat{seat.LHO(), seat.RHO()} {
		for _, r := range p.hands[opp].Suit(c.Suit) {
			if r > c.Rank {
				return false
			}
		}
	}
	return true
}
