package doubledummy

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// checkHands reports what stops d from being solved: a card held twice, or
// hands of different lengths.
func checkHands(d bridge.Deal) error {
	if err := disjoint(d); err != nil {
		return err
	}
	n := d[0].Len()
	for _, seat := range bridge.Seats {
		if d[seat].Len() != n {
			return fmt.Errorf("doubledummy: %s holds %d cards and North %d: every hand must hold as many", seat.Name(), d[seat].Len(), n)
		}
	}
	if n == 0 {
		return fmt.Errorf("doubledummy: the hands are empty")
	}
	return nil
}

// disjoint reports a card that two hands hold, or a hand with a card that is
// not one.
func disjoint(d bridge.Deal) error {
	var seen bridge.Hand
	for _, seat := range bridge.Seats {
		h := d[seat]
		if h&^bridge.FullDeck != 0 {
			return fmt.Errorf("doubledummy: %s holds bits that are not cards", seat.Name())
		}
		if both := seen & h; both != 0 {
			return fmt.Errorf("doubledummy: %s is held twice", both.Cards()[0])
		}
		seen |= h
	}
	return nil
}

// checkPosition reports what stops p from being solved, or returns the cards
// of its trick by number, n of them. The seats that have played to the trick hold one
// card fewer than those still to play, and a card played must follow suit
// when its player could.
func checkPosition(p Position) (trick [3]int, n int, err error) {
	if !p.Strain.Valid() || !p.Leader.Valid() {
		return trick, 0, fmt.Errorf("doubledummy: strain %d or leader %d is not a strain or a seat", p.Strain, p.Leader)
	}
	if len(p.Trick) > 3 {
		return trick, 0, fmt.Errorf("doubledummy: %d cards in the current trick: a trick in progress has 0 to 3", len(p.Trick))
	}
	if err := disjoint(p.Hands); err != nil {
		return trick, 0, err
	}
	length := p.Hands[p.Leader].Len()
	var played bridge.Hand
	for i, c := range p.Trick {
		seat := (p.Leader + bridge.Seat(i)) % 4
		if !c.Valid() {
			return trick, 0, fmt.Errorf("doubledummy: card %d of the trick is not a card", i+1)
		}
		if holder, ok := p.Hands.Holder(c); ok {
			return trick, 0, fmt.Errorf("doubledummy: %s is in the trick and %s holds it too", c, holder.Name())
		}
		if played.Has(c) {
			return trick, 0, fmt.Errorf("doubledummy: %s is in the trick twice", c)
		}
		if i > 0 && c.Suit != p.Trick[0].Suit && p.Hands[seat].SuitLen(p.Trick[0].Suit) > 0 {
			return trick, 0, fmt.Errorf("doubledummy: %s played %s to a %s lead while holding %s", seat.Name(), c, p.Trick[0].Suit, p.Trick[0].Suit)
		}
		played = played.Add(c)
		trick[i] = c.Index()
	}
	for i := range 4 {
		seat := (p.Leader + bridge.Seat(i)) % 4
		want := length
		if len(p.Trick) > 0 && i >= len(p.Trick) {
			want = length + 1
		}
		if p.Hands[seat].Len() != want {
			return trick, 0, fmt.Errorf("doubledummy: %s holds %d cards, want %d: the seats that have played to the trick hold one fewer than the others", seat.Name(), p.Hands[seat].Len(), want)
		}
	}
	if length == 0 && len(p.Trick) == 0 {
		return trick, 0, fmt.Errorf("doubledummy: the hands are empty")
	}
	return trick, len(p.Trick), nil
}
