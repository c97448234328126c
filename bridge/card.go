package bridge

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Rank is the rank of a card, from Two (2) to Ace (14).
type Rank uint8

// The ranks, lowest first. The value of a spot card is its number.
const (
	Two Rank = 2 + iota
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
	Ace
)

const rankLetters = "23456789TJQKA"

// Valid reports whether r is one of the thirteen ranks.
func (r Rank) Valid() bool { return r >= Two && r <= Ace }

// String returns the rank as PBN writes it: "2" to "9", "T", "J", "Q", "K", "A".
func (r Rank) String() string {
	if !r.Valid() {
		return fmt.Sprintf("Rank(%d)", uint8(r))
	}
	return rankLetters[r-Two : r-Two+1]
}

// ParseRank reads a rank in either case: 2 to 9, T or 10, J, Q, K, A.
func ParseRank(s string) (Rank, error) {
	if r, ok := rankOf(s); ok {
		return r, nil
	}
	return 0, parseError("rank", s, "not a rank (want 2 to 9, T or 10, J, Q, K or A)")
}

// rankOf is ParseRank without the error.
func rankOf(s string) (Rank, bool) {
	if s == "10" {
		return Ten, true
	}
	if len(s) != 1 {
		return 0, false
	}
	i := strings.IndexByte(rankLetters, upperASCII(s)[0])
	if i < 0 {
		return 0, false
	}
	return Two + Rank(i), true
}

// Card is one of the 52 playing cards.
type Card struct {
	Suit Suit
	Rank Rank
}

// Valid reports whether c is one of the 52 cards.
func (c Card) Valid() bool { return c.Suit.Valid() && c.Rank.Valid() }

// String returns the suit letter followed by the rank: "SA", "HT", "C2".
func (c Card) String() string { return c.Suit.String() + c.Rank.String() }

// Symbol returns the suit symbol followed by the rank, for people: "♠A", "♥T".
func (c Card) Symbol() string { return c.Suit.Symbol() + c.Rank.String() }

// Index numbers the cards from 0 (the two of clubs) to 51 (the ace of spades),
// suit by suit from clubs up, and within a suit from the two up.
// It returns -1 for a card that is not Valid.
func (c Card) Index() int {
	if !c.Valid() {
		return -1
	}
	return int(c.Suit)*13 + int(c.Rank-Two)
}

// CardFromIndex returns the card numbered i by Index. For i outside 0 to 51 it
// returns the zero Card, which is not Valid.
func CardFromIndex(i int) Card {
	if i < 0 || i > 51 {
		return Card{}
	}
	return Card{Suit: Suit(i / 13), Rank: Two + Rank(i%13)}
}

// ParseCard reads a card written suit first ("SA", "♠A", "D10") or rank first
// ("AS", "10D"), in either case, with T or 10 for the ten.
func ParseCard(s string) (Card, error) {
	t := strings.TrimSpace(s)
	first, n := utf8.DecodeRuneInString(t)
	if suit, ok := suitOf(string(first)); ok && n < len(t) {
		return cardOf(s, suit, t[n:])
	}
	last, n := utf8.DecodeLastRuneInString(t)
	if suit, ok := suitOf(string(last)); ok && n < len(t) {
		return cardOf(s, suit, t[:len(t)-n])
	}
	return Card{}, parseError("card", s, "want a suit and a rank, like SA, ♠A or AS")
}

// cardOf completes ParseCard once the suit of input is known.
func cardOf(input string, suit Suit, rank string) (Card, error) {
	r, ok := rankOf(rank)
	if !ok {
		return Card{}, parseError("card", input, "unknown rank %q", rank)
	}
	return Card{Suit: suit, Rank: r}, nil
}

// MarshalText writes the card as String does.
func (c Card) MarshalText() ([]byte, error) {
	return marshalText("card", c, c.Valid())
}

// UnmarshalText reads a card as ParseCard does.
func (c *Card) UnmarshalText(b []byte) error { return unmarshalText(c, b, ParseCard) }
