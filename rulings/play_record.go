package rulings

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// Play records c as the next card, played by the seat whose turn it is
// (declarer plays dummy's cards at dummy's turn). It is an error if the card
// is not valid, has been played already, is not in the player's hand, or
// fails to follow suit when the player can: record that with Revoke.
func (s *PlayState) Play(c bridge.Card) error {
	if err := s.checkPlay(c); err != nil {
		return err
	}
	if t, ok := s.current(); ok {
		seat := s.ToPlay()
		led := t.Cards[0].Suit
		if c.Suit != led && s.canFollow(seat, led) {
			return fmt.Errorf("rulings: play: %s holds a %s and must follow suit; record a failure to follow suit with Revoke", seat.Name(), playSuitWord(led))
		}
	}
	s.record(c)
	return nil
}

// Revoke records c as the next card, played by the seat whose turn it is,
// failing to follow suit when able (Law 61A). It is an error if c is a lead,
// follows suit, or the deal shows the player had no card of the suit led.
func (s *PlayState) Revoke(c bridge.Card) error {
	if err := s.checkPlay(c); err != nil {
		return err
	}
	t, ok := s.current()
	if !ok {
		return fmt.Errorf("rulings: revoke: %s is a lead; only a card played to a trick can fail to follow suit", c.Symbol())
	}
	seat, led := s.ToPlay(), t.Cards[0].Suit
	if c.Suit == led {
		return fmt.Errorf("rulings: revoke: %s follows suit to the %s lead; it is not a revoke", c.Symbol(), playSuitWord(led))
	}
	if s.hasDeal && !s.canFollow(seat, led) {
		return fmt.Errorf("rulings: revoke: %s has no %s left, so %s is a legal discard, not a revoke", seat.Name(), playSuitWord(led), c.Symbol())
	}
	s.record(c)
	return nil
}

// AddPenaltyCard puts c, a card of a defender, face up on the table as a
// penalty card, major or minor (Law 50B), now: at the trick in progress if
// seat has still to play to it, else at the next.
func (s *PlayState) AddPenaltyCard(seat bridge.Seat, c bridge.Card, major bool) error {
	return s.AddPenaltyCardAt(PenaltyCardOnTable{Seat: seat, Card: c, Major: major, Trick: s.trickNow(seat)})
}

// trickNow returns the trick seat plays to next: the trick in progress if
// seat has still to play to it, else the next.
func (s PlayState) trickNow(seat bridge.Seat) int {
	if t, ok := s.current(); ok {
		if _, played := t.CardOf(seat); !played {
			return len(s.tricks) - 1
		}
	}
	return len(s.tricks)
}

// AddPenaltyCardAt records p, a card of a defender that became a penalty
// card at trick p.Trick (0 = the first), in a play recorded already: its
// owner may have played it since, at that trick or a later one (Law 50D1).
// It is an error if the trick is still to come, or the card was played
// before it, or by another player.
func (s *PlayState) AddPenaltyCardAt(p PenaltyCardOnTable) error {
	seat, c := p.Seat, p.Card
	switch {
	case !seat.Valid():
		return fmt.Errorf("rulings: penalty card: %d is not a seat", seat)
	case !s.IsDefender(seat):
		return fmt.Errorf("rulings: penalty card: %s is not a defender; declarer's side never has penalty cards (Law 48A)", seat.Name())
	case !c.Valid():
		return fmt.Errorf("rulings: penalty card: no card given (it names no suit and rank)")
	case s.hasDeal && !s.deal[seat].Has(c):
		return fmt.Errorf("rulings: penalty card: %s does not hold %s", seat.Name(), c.Symbol())
	case p.Trick < 0 || p.Trick > len(s.tricks) || p.Trick == 13:
		return fmt.Errorf("rulings: penalty card: %s: trick %d is not one of the tricks played or the one to come", c.Symbol(), p.Trick+1)
	}
	gone := -1
	for i, t := range s.tricks {
		for j, d := range t.Cards {
			switch {
			case d != c:
			case t.Seat(j) != seat:
				return fmt.Errorf("rulings: penalty card: %s was played by %s, not %s", c.Symbol(), t.Seat(j).Name(), seat.Name())
			case i < p.Trick:
				return fmt.Errorf("rulings: penalty card: %s was played to trick %d, before it became a penalty card at trick %d", c.Symbol(), i+1, p.Trick+1)
			default:
				gone = i + 1
			}
		}
	}
	for _, q := range s.penalty {
		if q.Card == c && (q.gone < 0 || q.gone > p.Trick) {
			return fmt.Errorf("rulings: penalty card: %s is already a penalty card at trick %d", c.Symbol(), p.Trick+1)
		}
	}
	s.penalty = append(s.penalty, penaltyCardRecord{PenaltyCardOnTable: p, gone: gone})
	return nil
}

// PickUpPenaltyCard records that the penalty card c went back to its
// owner's hand before trick (0 = the first) was led, when declarer
// required or prohibited the lead of its suit (Laws 50D2(a), 51B). It is
// an error if c did not lie on the table then, or the trick is still to
// come.
func (s *PlayState) PickUpPenaltyCard(c bridge.Card, trick int) error {
	_, mid := s.current()
	if trick < 0 || trick > len(s.tricks) || trick == 13 || (trick == len(s.tricks) && mid) {
		return fmt.Errorf("rulings: penalty card picked up: trick %d is not one of the tricks led or the next to lead", trick+1)
	}
	leader := s.OnLead()
	if trick < len(s.tricks) {
		leader = s.tricks[trick].Leader
	}
	for i, p := range s.penalty {
		switch {
		case p.Card != c || p.Trick > trick || (p.gone >= 0 && p.gone <= trick):
		case leader != p.Seat.Partner():
			return fmt.Errorf("rulings: penalty card picked up: %s leads trick %d, not %s's partner, so declarer had no choice of his lead that returned %s (Law 50D2)", leader.Name(), trick+1, p.Seat.Name(), c.Symbol())
		default:
			s.penalty[i].gone = trick
			return nil
		}
	}
	return fmt.Errorf("rulings: penalty card picked up: %s did not lie on the table as a penalty card before trick %d", c.Symbol(), trick+1)
}

// checkPlay checks what every played card must satisfy.
func (s *PlayState) checkPlay(c bridge.Card) error {
	seat := s.ToPlay()
	switch {
	case s.contract.Level == 0:
		return fmt.Errorf("rulings: play: the play state has no contract; build it with NewPlayState")
	case s.Finished():
		return fmt.Errorf("rulings: play: all 13 tricks have been played")
	case !c.Valid():
		return fmt.Errorf("rulings: play: no card given (it names no suit and rank)")
	case s.played(c):
		return fmt.Errorf("rulings: play: %s has already been played", c.Symbol())
	case s.hasDeal && !s.deal[seat].Has(c):
		holder, _ := s.deal.Holder(c)
		return fmt.Errorf("rulings: play: it is %s's turn but %s belongs to %s", seat.Name(), c.Symbol(), holder.Name())
	}
	for _, p := range s.PenaltyCards() {
		if p.Card == c && p.Seat != seat {
			return fmt.Errorf("rulings: play: %s is a penalty card of %s", c.Symbol(), p.Seat.Name())
		}
	}
	return nil
}

// record appends c to the play and takes it off the table if it was a
// penalty card.
func (s *PlayState) record(c bridge.Card) {
	seat := s.ToPlay()
	if _, ok := s.current(); !ok {
		s.tricks = append(s.tricks, Trick{Leader: seat})
	}
	n := len(s.tricks) - 1
	s.tricks[n].Cards = append(s.tricks[n].Cards, c)
	for i, p := range s.penalty {
		if p.Card == c && p.gone < 0 {
			s.penalty[i].gone = n + 1
		}
	}
}

// played reports whether c has been played to any trick.
func (s PlayState) played(c bridge.Card) bool {
	for _, t := range s.tricks {
		for _, d := range t.Cards {
			if d == c {
				return true
			}
		}
	}
	return false
}

// canFollow reports whether seat, which is to play now, holds a card of
// suit. Without the deal it cannot be known and the answer is false.
func (s PlayState) canFollow(seat bridge.Seat, suit bridge.Suit) bool {
	held, known := s.heldAt(seat, len(s.tricks)-1, suit)
	return held && known
}

// heldAt reports whether seat still held a card of suit when it played to
// trick i. With the deal the answer is known; without it, seat is known to
// have held one only if it played one to a later trick.
func (s PlayState) heldAt(seat bridge.Seat, i int, suit bridge.Suit) (held, known bool) {
	if s.hasDeal {
		hand := s.deal[seat]
		for _, t := range s.tricks[:i] {
			if c, ok := t.CardOf(seat); ok {
				hand = hand.Remove(c)
			}
		}
		return hand.SuitLen(suit) > 0, true
	}
	for _, t := range s.tricks[min(i+1, len(s.tricks)):] {
		if c, ok := t.CardOf(seat); ok && c.Suit == suit {
			return true, true
		}
	}
	return false, false
}

// failedToFollow reports whether seat played a card of another suit to
// trick i; led is the suit led.
func (s PlayState) failedToFollow(seat bridge.Seat, i int) (led bridge.Suit, failed bool) {
	t := s.tricks[i]
	c, ok := t.CardOf(seat)
	if !ok || t.Leader == seat {
		return 0, false
	}
	return t.Cards[0].Suit, c.Suit != t.Cards[0].Suit
}

// revokedAt reports whether seat revoked on trick i: failed to follow suit
// while holding a card of the suit led, as far as the state shows.
func (s PlayState) revokedAt(seat bridge.Seat, i int) bool {
	led, failed := s.failedToFollow(seat, i)
	if !failed {
		return false
	}
	held, known := s.heldAt(seat, i, led)
	return held && known
}

// playSuitWord names a suit in the singular: "spade".
func playSuitWord(s bridge.Suit) string {
	return [4]string{"club", "diamond", "heart", "spade"}[s%4]
}
