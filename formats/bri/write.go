package bri

import (
	"bytes"
	"fmt"
	"io"

	"github.com/bridge-director/director/bridge"
)

// RecordSize is the size of one board's record in a BRI file.
const RecordSize = 128

// filler ends every record: 32 spaces, then 18 NUL bytes.
var filler = append(bytes.Repeat([]byte{' '}, 32), make([]byte, 18)...)

// Write writes boards as a BRI file. The boards must pass CheckSet: the file
// carries no board numbers or markings.
func Write(w io.Writer, boards []bridge.Board) error {
	if err := CheckSet(boards); err != nil {
		return fmt.Errorf("bri: %w", err)
	}
	out := make([]byte, 0, len(boards)*RecordSize)
	for _, b := range boards {
		var err error
		if out, err = AppendCards(out, b.Deal); err != nil {
			return fmt.Errorf("bri: board %d: %w", b.Number, err)
		}
		out = append(out, filler...)
	}
	_, err := w.Write(out)
	return err
}
