package bridge

import (
	"fmt"
	"math/bits"
	"strings"
)

// Hand is a set of cards: bit i is set when the hand holds CardFromIndex(i). The
// zero Hand is empty. Adding and testing cards never allocates, so that dealing
// engines can build millions of hands.
type Hand uint64

// FullDeck is the hand that holds all 52 cards.
const FullDeck Hand = 1<<52 - 1

// suitMask covers the 13 bits of one suit, shifted down to bit 0.
const suitMask = 1<<13 - 1

// bit returns the bit of c, or 0 for a card that is not Valid.
func bit(c Card) Hand {
	if !c.Valid() {
		return 0
	}
	return 1 << c.Index()
}

// pbnSuitOrder is the order of the suits in a PBN hand.
var pbnSuitOrder = [4]Suit{Spades, Hearts, Diamonds, Clubs}

// rankBits returns the bits of rank r in all four suits.
func rankBits(r Rank) Hand {
	const perSuit = 1 | 1<<13 | 1<<26 | 1<<39
	return perSuit << (r - Two)
}

// Has reports whether h holds c.
func (h Hand) Has(c Card) bool { return h&bit(c) != 0 }

// Add returns h with c added. A card that is not Valid leaves h unchanged.
func (h Hand) Add(c Card) Hand { return h | bit(c) }

// Remove returns h without c.
func (h Hand) Remove(c Card) Hand { return h &^ bit(c) }

// Len returns the number of cards in h.
func (h Hand) Len() int { return bits.OnesCount64(uint64(h & FullDeck)) }

// suitBits returns the ranks h holds in suit s, bit 0 standing for the two.
func (h Hand) suitBits(s Suit) uint16 {
	if !s.Valid() {
		return 0
	}
	return uint16(h>>(13*uint(s))) & suitMask
}

// SuitLen returns the number of cards h holds in suit s.
func (h Hand) SuitLen(s Suit) int { return bits.OnesCount16(h.suitBits(s)) }

// Suit returns the ranks h holds in suit s, highest first.
func (h Hand) Suit(s Suit) []Rank {
	b := h.suitBits(s)
	ranks := make([]Rank, 0, bits.OnesCount16(b))
	for b != 0 {
		top := bits.Len16(b) - 1
		ranks = append(ranks, Two+Rank(top))
		b &^= 1 << top
	}
	return ranks
}

// Cards returns the cards of h, spades first, then hearts, diamonds and clubs, and
// highest first within each suit.
func (h Hand) Cards() []Card {
	cards := make([]Card, 0, h.Len())
	for _, s := range pbnSuitOrder {
		for _, r := range h.Suit(s) {
			cards = append(cards, Card{Suit: s, Rank: r})
		}
	}
	return cards
}

// HCP returns the high-card points of h: 4 for an ace, 3 for a king, 2 for a queen,
// 1 for a jack.
func (h Hand) HCP() int {
	count := func(r Rank) int { return bits.OnesCount64(uint64(h & rankBits(r))) }
	return 4*count(Ace) + 3*count(King) + 2*count(Queen) + count(Jack)
}

// String returns the hand as PBN writes it: the spades, hearts, diamonds and clubs
// separated by dots, highest first, T for the ten, nothing for a void:
// "AKQ.JT9.876.5432", "AKQJT98765432...".
func (h Hand) String() string {
	var b strings.Builder
	for _, s := range pbnSuitOrder {
		for _, r := range h.Suit(s) {
			b.WriteString(r.String())
		}
		if s != Clubs {
			b.WriteByte('.')
		}
	}
	return b.String()
}

// ParseHand reads a hand written as String writes it, in either case, with T or 10
// for the ten and the ranks of a suit in any order. It does not require 13 cards.
func ParseHand(s string) (Hand, error) {
	h, problem := parseHand(strings.TrimSpace(s))
	if problem != "" {
		return 0, parseError("hand", s, "%s", problem)
	}
	return h, nil
}

// parseHand is ParseHand for an input without surrounding space. It returns what
// is wrong with t, or "".
func parseHand(t string) (Hand, string) {
	if t == "-" {
		return 0, `"-" stands for an unknown hand; the cards are needed`
	}
	suits := strings.Split(t, ".")
	if len(suits) != 4 {
		return 0, fmt.Sprintf("want 4 suits separated by dots (spades.hearts.diamonds.clubs), found %d", len(suits))
	}
	var h Hand
	for i, ranks := range suits {
		suit := pbnSuitOrder[i]
		for ranks != "" {
			n := 1
			if strings.HasPrefix(ranks, "10") {
				n = 2
			}
			r, ok := rankOf(ranks[:n])
			if !ok {
				return 0, fmt.Sprintf("unknown rank %q in %s", firstRune(ranks), suit.name())
			}
			c := Card{Suit: suit, Rank: r}
			if h.Has(c) {
				return 0, fmt.Sprintf("the %s appears twice", c.Symbol())
			}
			h = h.Add(c)
			ranks = ranks[n:]
		}
	}
	return h, ""
}

// MarshalText writes the hand as String does.
func (h Hand) MarshalText() ([]byte, error) { return marshalText("hand", h, h&^FullDeck == 0) }

// UnmarshalText reads a hand as ParseHand does.
func (h *Hand) UnmarshalText(b []byte) error { return unmarshalText(h, b, ParseHand) }
