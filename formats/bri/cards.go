package bri

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// PartSize is the size of the card part of a record: 39 two-digit card numbers.
const PartSize = 78

// CardNumber returns the number of c in Duplimate files: 1 for the ace of spades
// down to 52 for the two of clubs. It returns 0 for a card that is not Valid.
func CardNumber(c bridge.Card) int {
	if !c.Valid() {
		return 0
	}
	return 52 - c.Index()
}

// NumberedCard returns the card numbered n (1 to 52) by CardNumber; ok is false
// for any other n.
func NumberedCard(n int) (c bridge.Card, ok bool) {
	if n < 1 || n > 52 {
		return bridge.Card{}, false
	}
	return bridge.CardFromIndex(52 - n), true
}

// AppendCards appends the 78-byte card part of d to dst: the card numbers of North,
// East and South, each hand in ascending number (from its highest spade). d must be
// a valid deal.
func AppendCards(dst []byte, d bridge.Deal) ([]byte, error) {
	if err := d.Validate(); err != nil {
		return dst, err
	}
	for _, seat := range bridge.Seats[:3] {
		for n := 1; n <= 52; n++ {
			if c, _ := NumberedCard(n); d[seat].Has(c) {
				dst = fmt.Appendf(dst, "%02d", n)
			}
		}
	}
	return dst, nil
}

// ParseCards reads the 78-byte card part of a record and gives West the cards the
// other three hands do not hold. The error says which card of which hand is wrong.
func ParseCards(part []byte) (bridge.Deal, error) {
	if len(part) != PartSize {
		return bridge.Deal{}, fmt.Errorf("the card part is %d bytes, want %d", len(part), PartSize)
	}
	var d bridge.Deal
	var seen bridge.Hand
	for i := range 39 {
		seat, field := bridge.Seats[i/13], part[2*i:2*i+2]
		where := func() string { return fmt.Sprintf("%s's card %d %q", seat.Name(), i%13+1, field) }
		if !isDigit(field[0]) || !isDigit(field[1]) {
			return bridge.Deal{}, fmt.Errorf("%s is not two digits", where())
		}
		c, ok := NumberedCard(int(field[0]-'0')*10 + int(field[1]-'0'))
		if !ok {
			return bridge.Deal{}, fmt.Errorf("%s is not a card number (01 to 52)", where())
		}
		if seen.Has(c) {
			holder, _ := d.Holder(c)
			return bridge.Deal{}, fmt.Errorf("%s, the %s, is already %s's", where(), c.Symbol(), holder.Name())
		}
		seen = seen.Add(c)
		d[seat] = d[seat].Add(c)
	}
	d[bridge.West] = bridge.FullDeck &^ seen
	return d, nil
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }
