package bridge

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Strain is the denomination of a bid or contract: a trump suit or no trumps,
// numbered in rank order.
type Strain uint8

// The strains, lowest first. A suit strain has the number of its Suit.
const (
	StrainClubs Strain = iota
	StrainDiamonds
	StrainHearts
	StrainSpades
	NoTrump
)

// Strains lists the strains from the lowest (clubs) to the highest (no trumps).
var Strains = [5]Strain{StrainClubs, StrainDiamonds, StrainHearts, StrainSpades, NoTrump}

// Valid reports whether s is one of the five strains.
func (s Strain) Valid() bool { return s <= NoTrump }

// String returns "C", "D", "H", "S" or "NT".
func (s Strain) String() string {
	if s == NoTrump {
		return "NT"
	}
	if !s.Valid() {
		return fmt.Sprintf("Strain(%d)", uint8(s))
	}
	return Suit(s).String()
}

// Symbol returns "♣", "♦", "♥", "♠" or "NT".
func (s Strain) Symbol() string {
	if suit, ok := s.Suit(); ok {
		return suit.Symbol()
	}
	return s.String()
}

// Suit returns the trump suit of s; ok is false for no trumps.
func (s Strain) Suit() (suit Suit, ok bool) {
	if s >= NoTrump {
		return 0, false
	}
	return Suit(s), true
}

// ParseStrain reads C, D, H, S, N or NT in any case, or a suit symbol.
func ParseStrain(s string) (Strain, error) {
	strain, rest, ok := readStrain(upperASCII(strings.TrimSpace(s)))
	if !ok || rest != "" {
		return 0, parseError("strain", s, "not a strain (want C, D, H, S, NT or a suit symbol)")
	}
	return strain, nil
}

// readStrain reads the strain at the start of the upper-case string s and returns
// what follows it.
func readStrain(s string) (strain Strain, rest string, ok bool) {
	if strings.HasPrefix(s, "NT") {
		return NoTrump, s[2:], true
	}
	if strings.HasPrefix(s, "N") {
		return NoTrump, s[1:], true
	}
	r, n := utf8.DecodeRuneInString(s)
	if suit, ok := suitOf(string(r)); ok {
		return suit.Strain(), s[n:], true
	}
	return 0, s, false
}

// MarshalText writes the strain as String does.
func (s Strain) MarshalText() ([]byte, error) { return marshalText("strain", s, s.Valid()) }

// UnmarshalText reads a strain as ParseStrain does.
func (s *Strain) UnmarshalText(b []byte) error { return unmarshalText(s, b, ParseStrain) }
