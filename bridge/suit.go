package bridge

import "fmt"

// Suit is one of the four suits, numbered in ascending rank order.
type Suit uint8

// The suits, lowest first.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// Suits lists the suits from the lowest (clubs) to the highest (spades).
var Suits = [4]Suit{Clubs, Diamonds, Hearts, Spades}

var (
	suitLetters = [4]string{"C", "D", "H", "S"}
	suitSymbols = [4]string{"♣", "♦", "♥", "♠"}
	suitNames   = [4]string{"clubs", "diamonds", "hearts", "spades"}
)

// Valid reports whether s is one of the four suits.
func (s Suit) Valid() bool { return s <= Spades }

// String returns the suit letter: "C", "D", "H" or "S".
func (s Suit) String() string {
	if !s.Valid() {
		return fmt.Sprintf("Suit(%d)", uint8(s))
	}
	return suitLetters[s]
}

// Symbol returns the suit symbol: "♣", "♦", "♥" or "♠".
func (s Suit) Symbol() string {
	if !s.Valid() {
		return s.String()
	}
	return suitSymbols[s]
}

// name returns the suit's name in lower case, for messages: "clubs" to "spades".
func (s Suit) name() string {
	if !s.Valid() {
		return s.String()
	}
	return suitNames[s]
}

// Strain returns the strain in which s is trumps.
func (s Suit) Strain() Strain { return Strain(s) }

// ParseSuit reads a suit letter in either case (C, D, H, S) or a suit symbol,
// filled (♣♦♥♠) or hollow (♧♢♡♤).
func ParseSuit(s string) (Suit, error) {
	if suit, ok := suitOf(s); ok {
		return suit, nil
	}
	return 0, parseError("suit", s, "not a suit (want C, D, H, S or a suit symbol)")
}

// suitOf is ParseSuit without the error.
func suitOf(s string) (Suit, bool) {
	switch upperASCII(s) {
	case "C", "♣", "♧":
		return Clubs, true
	case "D", "♦", "♢":
		return Diamonds, true
	case "H", "♥", "♡":
		return Hearts, true
	case "S", "♠", "♤":
		return Spades, true
	}
	return 0, false
}
