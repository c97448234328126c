package dup

import (
	"bytes"
	"fmt"
	"io"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/bri"
	"github.com/bridge-director/director/formats/dge"
)

// RecordSize is the size of one board's record in a DUP file.
const RecordSize = bri.PartSize + dge.PartSize + trailerSize

// maxBoard is the highest board number the 3-byte trailer fields hold.
const maxBoard = 999

// Option changes what Write writes.
type Option func(*options)

type options struct {
	blind  bool
	copies int
}

// Blind writes spaces in place of the first record's hands, so that the machine
// shows no cards on screen.
func Blind() Option { return func(o *options) { o.blind = true } }

// Copies sets the copies of each board the trailer asks for, 0 to 99 (0 unless told).
func Copies(n int) Option { return func(o *options) { o.copies = n } }

// Write writes boards as a DUP file. The boards must pass bri.CheckSet and be
// numbered no higher than 999.
func Write(w io.Writer, boards []bridge.Board, opts ...Option) error {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if err := bri.CheckSet(boards); err != nil {
		return fmt.Errorf("dup: %w", err)
	}
	last := boards[len(boards)-1].Number
	switch {
	case last > maxBoard:
		return fmt.Errorf("dup: board %d: the trailer holds board numbers up to %d", last, maxBoard)
	case o.copies < 0 || o.copies > 99:
		return fmt.Errorf("dup: %d copies: the trailer holds 0 to 99", o.copies)
	}
	t := trailer{randomHands: true, lowest: boards[0].Number, copies: o.copies, highest: last}
	out := make([]byte, 0, len(boards)*RecordSize)
	for i, b := range boards {
		var err error
		if out, err = bri.AppendCards(out, b.Deal); err != nil {
			return fmt.Errorf("dup: board %d: %w", b.Number, err)
		}
		if i == 0 && o.blind {
			out = append(out, bytes.Repeat([]byte{' '}, dge.PartSize)...)
		} else if out, err = dge.AppendHands(out, b.Deal); err != nil {
			return fmt.Errorf("dup: board %d: %w", b.Number, err)
		}
		out = t.appendTo(out)
	}
	_, err := w.Write(out)
	return err
}
