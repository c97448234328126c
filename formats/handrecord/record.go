package handrecord

import (
	"fmt"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// Record is one board of a hand record, with its double-dummy analysis when one
// has been made.
type Record struct {
	Board       bridge.Board
	DoubleDummy *DoubleDummy
}

// DoubleDummy is what a double-dummy solver found for a board.
type DoubleDummy struct {
	// Tricks holds the tricks each declarer takes in each strain, every cell
	// known.
	Tricks bridge.DDTable
	// Par is the par line as players read it and as par.Par's String writes
	// it, "Par +620: 4♠ by N", printed under the diagram as it is given; empty
	// to leave it out.
	Par string
}

// Validate reports what is wrong with the record, or nil.
func (r Record) Validate() error {
	if err := r.Board.Validate(); err != nil {
		return err
	}
	if r.DoubleDummy == nil {
		return nil
	}
	if err := r.DoubleDummy.Tricks.Validate(); err != nil {
		return fmt.Errorf("board %d: %w", r.Board.Number, err)
	}
	return nil
}

// handSuits are the suits of a hand diagram, top to bottom.
var handSuits = [4]bridge.Suit{bridge.Spades, bridge.Hearts, bridge.Diamonds, bridge.Clubs}

// clean returns s as valid UTF-8 without control characters, which neither a
// PDF string nor an HTML page can show.
func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

// suitText returns the ranks h holds in s, highest first with T for the ten, or
// "—" for a void.
func suitText(h bridge.Hand, s bridge.Suit) string {
	ranks := h.Suit(s)
	if len(ranks) == 0 {
		return "—"
	}
	var b strings.Builder
	for _, r := range ranks {
		b.WriteString(r.String())
	}
	return b.String()
}

// segment is a run of text to print: either plain text or one suit symbol.
type segment struct {
	Text   string
	IsSuit bool
	Suit   bridge.Suit
}

// Red reports whether the segment is a heart or diamond symbol, printed in red.
func (g segment) Red() bool {
	return g.IsSuit && (g.Suit == bridge.Hearts || g.Suit == bridge.Diamonds)
}

// SuitName returns the name of the suit of a symbol segment, for screen readers.
func (g segment) SuitName() string { return suitNames[g.Suit] }

var suitNames = [4]string{"clubs", "diamonds", "hearts", "spades"}

// segments splits text into plain runs and suit symbols, so that symbols can be
// coloured and named.
func segments(text string) []segment {
	var out []segment
	plain := 0
	for i, r := range text {
		suit, ok := symbolSuit(r)
		if !ok {
			continue
		}
		if plain < i {
			out = append(out, segment{Text: text[plain:i]})
		}
		out = append(out, segment{Text: string(r), IsSuit: true, Suit: suit})
		plain = i + len(string(r))
	}
	if plain < len(text) {
		out = append(out, segment{Text: text[plain:]})
	}
	return out
}

// symbolSuit returns the suit whose filled symbol is r.
func symbolSuit(r rune) (bridge.Suit, bool) {
	for _, s := range bridge.Suits {
		if s.Symbol() == string(r) {
			return s, true
		}
	}
	return 0, false
}
