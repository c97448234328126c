package dealing

import (
	"fmt"
	"math/bits"

	"github.com/bridge-director/director/bridge"
)

// Scheme is one of the published one-to-one numberings of the deals. All three give
// index 0 to the deal where North holds the spades, East the hearts, South the
// diamonds and West the clubs, and all three order the cards ♠A ♠K … ♠2 ♥A … ♣2;
// otherwise their numbers differ.
type Scheme uint8

// The numbering schemes. The zero Scheme is not one of them.
const (
	// BigDeal is the "Gödel number" of Hans van Staveren's BigDeal dealer: North's
	// 13 cards ranked lexicographically among the 52, then East's among the 39 left,
	// then South's among the last 26, combined as a mixed-radix number.
	BigDeal Scheme = iota + 1
	// Pavlicek is Richard Pavlicek's card-by-card numbering ("Mapping Bridge Deals").
	Pavlicek
	// Andrews is Thomas Andrews' numbering ("The Impossible Bridge Book"): the mixed
	// radix of BigDeal, each hand ranked colexicographically instead.
	Andrews
)

var schemeNames = [...]string{BigDeal: "BigDeal", Pavlicek: "Pavlicek", Andrews: "Andrews"}

// Valid reports whether s is one of the three schemes.
func (s Scheme) Valid() bool { return s >= BigDeal && s <= Andrews }

// String returns the name of the scheme: "BigDeal", "Pavlicek" or "Andrews".
func (s Scheme) String() string {
	if !s.Valid() {
		return fmt.Sprintf("Scheme(%d)", uint8(s))
	}
	return schemeNames[s]
}

// Encode returns the number of deal d in scheme s. It fails when d is not a valid
// deal or s is not a scheme.
func Encode(d bridge.Deal, s Scheme) (Number, error) {
	if !s.Valid() {
		return Number{}, fmt.Errorf("dealing: encode: unknown numbering scheme %d", uint8(s))
	}
	if err := d.Validate(); err != nil {
		return Number{}, fmt.Errorf("dealing: encode: %w", err)
	}
	switch s {
	case Pavlicek:
		return encodePavlicek(d), nil
	case Andrews:
		return encodeByHands(d, colexRank), nil
	default:
		return encodeByHands(d, lexRank), nil
	}
}

// Decode returns the deal numbered n in scheme s. Every Number is below D, so the
// only error is an unknown scheme.
func Decode(n Number, s Scheme) (bridge.Deal, error) {
	switch s {
	case BigDeal:
		return decodeByHands(n, lexUnrank), nil
	case Pavlicek:
		return decodePavlicek(n), nil
	case Andrews:
		return decodeByHands(n, colexUnrank), nil
	}
	return bridge.Deal{}, fmt.Errorf("dealing: decode: unknown numbering scheme %d", uint8(s))
}

// The numberings work in deck order: position 0 is the ♠A, 1 the ♠K, …, 51 the ♣2.
// Bridge numbers the cards the other way round (bit 0 of a Hand is the ♣2), so a
// deck-order mask is a Hand with its 52 bits reversed.
const deckSize = 52

// wholeDeck is the deck-order mask of all 52 cards.
const wholeDeck = uint64(1)<<deckSize - 1

// deckMask returns h as a mask in deck order: bit p is the card at position p.
func deckMask(h bridge.Hand) uint64 { return bits.Reverse64(uint64(h)) >> (64 - deckSize) }

// handOf returns the hand that holds the cards of deck-order mask m.
func handOf(m uint64) bridge.Hand { return bridge.Hand(bits.Reverse64(m << (64 - deckSize))) }
