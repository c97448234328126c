package dlm

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/bri"
)

// recordLetters is the number of letters in a board record, one per two cards.
const recordLetters = 26

// dummyRecord fills the boards outside the set: North holds the spades, East the
// hearts, South the diamonds and West the clubs.
const dummyRecord = "aaaaaabffffffkkkkkklpppppp"

// encodeRecord returns the 26 letters of d, which must be a valid deal.
func encodeRecord(d bridge.Deal) string {
	letters := make([]byte, recordLetters)
	for i := range letters {
		letters[i] = 'a' + byte(4*owner(d, 2*i)+owner(d, 2*i+1))
	}
	return string(letters)
}

// owner returns the seat number (North 0 to West 3) that holds the card with bri
// number i+1.
func owner(d bridge.Deal, i int) int {
	c, _ := bri.NumberedCard(i + 1)
	seat, _ := d.Holder(c)
	return int(seat)
}

// checksum returns the checksum of board's record: the board number XOR the code of
// every letter.
func checksum(board int, letters string) int {
	sum := board
	for i := range len(letters) {
		sum ^= int(letters[i])
	}
	return sum
}

// checkLetters reports the first byte of letters that is not a record letter.
func checkLetters(letters string) error {
	for i := range len(letters) {
		if letters[i] < 'a' || letters[i] > 'p' {
			return fmt.Errorf("letter %d %q is not a record letter (a to p)", i+1, letters[i])
		}
	}
	return nil
}

// decodeRecord returns the deal of 26 record letters that passed checkLetters. The
// error names a hand that does not hold 13 cards.
func decodeRecord(letters string) (bridge.Deal, error) {
	var d bridge.Deal
	for i := range len(letters) {
		v := letters[i] - 'a'
		for j, seat := range [2]byte{v >> 2, v & 3} {
			c, _ := bri.NumberedCard(2*i + j + 1)
			d[seat] = d[seat].Add(c)
		}
	}
	for _, seat := range bridge.Seats {
		if n := d[seat].Len(); n != 13 {
			return d, fmt.Errorf("%s holds %d cards", seat.Name(), n)
		}
	}
	return d, nil
}
