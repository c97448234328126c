package dge

import (
	"fmt"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// PartSize is the size of the hands part of a record: 16 suit glyphs and 52 ranks.
const PartSize = 68

// suitOrder is the order of the suits within a hand.
var suitOrder = [4]bridge.Suit{bridge.Spades, bridge.Hearts, bridge.Diamonds, bridge.Clubs}

// glyph holds the code page 437 byte of each suit, indexed by bridge.Suit.
var glyph = [4]byte{bridge.Clubs: 0x05, bridge.Diamonds: 0x04, bridge.Hearts: 0x03, bridge.Spades: 0x06}

// rankLetters are the ranks as the file writes them, highest first.
const rankLetters = "AKQJT98765432"

// AppendHands appends the 68-byte hands part of d to dst, ranks highest first.
// d must be a valid deal.
func AppendHands(dst []byte, d bridge.Deal) ([]byte, error) {
	if err := d.Validate(); err != nil {
		return dst, err
	}
	for _, h := range d {
		for _, s := range suitOrder {
			dst = append(dst, glyph[s])
			for _, r := range h.Suit(s) {
				dst = append(dst, r.String()...)
			}
		}
	}
	return dst, nil
}

// ParseHands reads the 68-byte hands part of a record. The error says which hand
// and suit are wrong.
func ParseHands(part []byte) (bridge.Deal, error) {
	if len(part) != PartSize {
		return bridge.Deal{}, fmt.Errorf("the hands part is %d bytes, want %d", len(part), PartSize)
	}
	var d bridge.Deal
	pos := 0
	for _, seat := range bridge.Seats {
		for _, s := range suitOrder {
			where := func() string { return seat.Name() + "'s " + suitName(s) }
			if pos == len(part) {
				return bridge.Deal{}, fmt.Errorf("the hands end before %s", where())
			}
			if part[pos] != glyph[s] {
				return bridge.Deal{}, fmt.Errorf("%s: byte %d is %q, want the suit byte %#02x", where(), pos, part[pos], glyph[s])
			}
			for pos++; pos < len(part) && !isGlyph(part[pos]); pos++ {
				c, err := card(s, part[pos])
				if err != nil {
					return bridge.Deal{}, fmt.Errorf("%s: byte %d: %w", where(), pos, err)
				}
				if holder, held := d.Holder(c); held {
					return bridge.Deal{}, fmt.Errorf("%s: the %s is already %s's", where(), c.Symbol(), holder.Name())
				}
				d[seat] = d[seat].Add(c)
			}
		}
		if n := d[seat].Len(); n != 13 {
			return bridge.Deal{}, fmt.Errorf("%s holds %d cards", seat.Name(), n)
		}
	}
	return d, nil
}

// card returns the card of suit s whose rank the file writes as b.
func card(s bridge.Suit, b byte) (bridge.Card, error) {
	i := strings.IndexByte(rankLetters, b)
	if i < 0 {
		return bridge.Card{}, fmt.Errorf("%q is not a rank (%s)", b, rankLetters)
	}
	return bridge.Card{Suit: s, Rank: bridge.Ace - bridge.Rank(i)}, nil
}

func isGlyph(b byte) bool { return 0x03 <= b && b <= 0x06 }

// suitName returns "spades", "hearts", "diamonds" or "clubs".
func suitName(s bridge.Suit) string {
	return [4]string{"clubs", "diamonds", "hearts", "spades"}[s]
}
