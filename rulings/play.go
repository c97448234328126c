package rulings

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// Trick is one trick of the play: the seat that led and the cards played to
// it in order, one from each seat clockwise from the leader. The last trick
// of a play in progress may hold fewer than four cards.
type Trick struct {
	Leader bridge.Seat
	Cards  []bridge.Card
}

// Seat returns the seat that played the i-th card of the trick (0 = lead).
func (t Trick) Seat(i int) bridge.Seat { return (t.Leader + bridge.Seat(i%4)) % 4 }

// Complete reports whether all four seats have played to the trick.
func (t Trick) Complete() bool { return len(t.Cards) == 4 }

// CardOf returns the card seat played to the trick; ok is false if it has
// not played to it yet.
func (t Trick) CardOf(seat bridge.Seat) (c bridge.Card, ok bool) {
	i := int((seat + 4 - t.Leader) % 4)
	if i >= len(t.Cards) {
		return bridge.Card{}, false
	}
	return t.Cards[i], true
}

// winning returns the index of the card winning the trick so far: the highest
// trump, or else the highest card of the suit led.
func (t Trick) winning(strain bridge.Strain) int {
	trump, hasTrump := strain.Suit()
	best := 0
	for i, c := range t.Cards[1:] {
		b := t.Cards[best]
		switch {
		case hasTrump && c.Suit == trump && b.Suit != trump:
			best = i + 1
		case c.Suit == b.Suit && c.Rank > b.Rank:
			best = i + 1
		}
	}
	return best
}

// penaltyCardRecord is a penalty card and the first trick its owner played
// to without it on the table (gone): the one after the trick he played it
// to, or the one before whose lead it went back to his hand; -1 while it
// lies on the table.
type penaltyCardRecord struct {
	PenaltyCardOnTable
	gone int
}

// PenaltyCardOnTable is a defender's penalty card (Law 50) and when it
// became one.
type PenaltyCardOnTable struct {
	Seat  bridge.Seat
	Card  bridge.Card
	Major bool
	// Trick is the trick (0 = the first) at which it became a penalty card:
	// its owner's play to that trick and to every later one was made with
	// it on the table.
	Trick int
}

// PlayState is what a ruling in the play needs: the contract and declarer,
// the deal when the director has it, the tricks played so far, and the
// penalty cards on the table. Build it with NewPlayState and record the play
// card by card with Play, Revoke and AddPenaltyCard (or AddPenaltyCardAt,
// for a penalty card recorded after the plays), which check every card;
// the zero PlayState is not usable.
type PlayState struct {
	contract bridge.Contract
	declarer bridge.Seat
	deal     bridge.Deal
	hasDeal  bool
	tricks   []Trick
	penalty  []penaltyCardRecord
	// leads are the lead restrictions in force from earlier rulings
	// (RestrictLead).
	leads []Restriction
}

// NewPlayState starts the play of contract by declarer. deal may be nil when
// the director does not have the hands; the checks that need them (cards
// belong to the player, suit followed when able) are then skipped.
func NewPlayState(contract bridge.Contract, declarer bridge.Seat, deal *bridge.Deal) (*PlayState, error) {
	if contract.IsPassedOut() {
		return nil, fmt.Errorf("rulings: play state: a passed-out board has no play")
	}
	if err := contract.Validate(); err != nil {
		return nil, fmt.Errorf("rulings: play state: %w", err)
	}
	if !declarer.Valid() {
		return nil, fmt.Errorf("rulings: play state: declarer %d is not a seat", declarer)
	}
	s := &PlayState{contract: contract, declarer: declarer}
	if deal != nil {
		if err := deal.Validate(); err != nil {
			return nil, fmt.Errorf("rulings: play state: %w", err)
		}
		s.deal, s.hasDeal = *deal, true
	}
	return s, nil
}

// Contract returns the contract being played.
func (s PlayState) Contract() bridge.Contract { return s.contract }

// Declarer returns the declarer.
func (s PlayState) Declarer() bridge.Seat { return s.declarer }

// Dummy returns declarer's partner.
func (s PlayState) Dummy() bridge.Seat { return s.declarer.Partner() }

// Defenders returns declarer's left-hand opponent, then the right-hand one.
func (s PlayState) Defenders() [2]bridge.Seat {
	return [2]bridge.Seat{s.declarer.LHO(), s.declarer.RHO()}
}

// IsDefender reports whether seat defends the contract.
func (s PlayState) IsDefender(seat bridge.Seat) bool {
	return seat.Side() != s.declarer.Side()
}

// Deal returns the deal; ok is false when the director does not have it.
func (s PlayState) Deal() (d bridge.Deal, ok bool) { return s.deal, s.hasDeal }

// Tricks returns a copy of the tricks played so far, the last possibly
// incomplete.
func (s PlayState) Tricks() []Trick {
	out := make([]Trick, len(s.tricks))
	for i, t := range s.tricks {
		out[i] = Trick{Leader: t.Leader, Cards: append([]bridge.Card(nil), t.Cards...)}
	}
	return out
}

// OpeningLeader returns declarer's left-hand opponent.
func (s PlayState) OpeningLeader() bridge.Seat { return s.declarer.LHO() }

// OnLead returns the seat that leads the current trick, or the next one when
// the last trick is complete: the winner of the previous trick, or declarer's
// left-hand opponent before the opening lead.
func (s PlayState) OnLead() bridge.Seat {
	n := len(s.tricks)
	switch {
	case n == 0:
		return s.OpeningLeader()
	case !s.tricks[n-1].Complete():
		return s.tricks[n-1].Leader
	}
	w, _ := s.TrickWinner(n - 1)
	return w
}

// ToPlay returns the seat whose turn it is to lead or play.
func (s PlayState) ToPlay() bridge.Seat {
	if t, ok := s.current(); ok {
		return t.Seat(len(t.Cards))
	}
	return s.OnLead()
}

// current returns the trick in progress; ok is false between tricks.
func (s PlayState) current() (Trick, bool) {
	n := len(s.tricks)
	if n == 0 || s.tricks[n-1].Complete() {
		return Trick{}, false
	}
	return s.tricks[n-1], true
}

// Finished reports whether all thirteen tricks have been played.
func (s PlayState) Finished() bool {
	return len(s.tricks) == 13 && s.tricks[12].Complete()
}

// CompleteTricks returns how many tricks have all four cards.
func (s PlayState) CompleteTricks() int {
	if _, ok := s.current(); ok {
		return len(s.tricks) - 1
	}
	return len(s.tricks)
}

// TrickWinner returns the seat that won trick i (0 = the first trick); ok
// is false if that trick is not complete.
func (s PlayState) TrickWinner(i int) (bridge.Seat, bool) {
	if i < 0 || i >= len(s.tricks) || !s.tricks[i].Complete() {
		return 0, false
	}
	t := s.tricks[i]
	return t.Seat(t.winning(s.contract.Strain)), true
}

// TricksWon returns the complete tricks side has won.
func (s PlayState) TricksWon(side bridge.Side) int { return s.tricksWonFrom(side, 0) }

// tricksWonFrom counts the complete tricks side won from trick i on.
func (s PlayState) tricksWonFrom(side bridge.Side, i int) int {
	n := 0
	for ; i < len(s.tricks); i++ {
		if w, ok := s.TrickWinner(i); ok && w.Side() == side {
			n++
		}
	}
	return n
}

// PenaltyCards returns the penalty cards now on the table.
func (s PlayState) PenaltyCards() []PenaltyCardOnTable {
	var out []PenaltyCardOnTable
	for _, p := range s.penalty {
		if p.gone < 0 {
			out = append(out, p.PenaltyCardOnTable)
		}
	}
	return out
}

// penaltyCardsAt returns seat's penalty cards that lay on the table when
// trick i was played.
func (s PlayState) penaltyCardsAt(seat bridge.Seat, i int) []PenaltyCardOnTable {
	var out []PenaltyCardOnTable
	for _, p := range s.penalty {
		if p.Seat == seat && p.Trick <= i && (p.gone < 0 || i < p.gone) {
			out = append(out, p.PenaltyCardOnTable)
		}
	}
	return out
}

// findPlay returns the trick and position in which seat played c.
func (s PlayState) findPlay(seat bridge.Seat, c bridge.Card) (trick, pos int, ok bool) {
	for i, t := range s.tricks {
		for j, d := range t.Cards {
			if d == c && t.Seat(j) == seat {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}
