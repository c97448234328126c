package dge

import (
	"fmt"
	"io"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/bri"
)

// RecordSize is the size of one board's record in a DGE file.
const RecordSize = 128

// Write writes boards as a DGE file. The boards must pass bri.CheckSet: the file
// carries no board numbers or markings.
func Write(w io.Writer, boards []bridge.Board) error {
	if err := bri.CheckSet(boards); err != nil {
		return fmt.Errorf("dge: %w", err)
	}
	out := make([]byte, 0, len(boards)*RecordSize)
	for _, b := range boards {
		var err error
		if out, err = AppendHands(out, b.Deal); err != nil {
			return fmt.Errorf("dge: board %d: %w", b.Number, err)
		}
		out = append(out, make([]byte, RecordSize-PartSize)...)
	}
	_, err := w.Write(out)
	return err
}
