package bri

import (
	"errors"
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// CheckSet reports whether boards can go into a Duplimate file (BRI, DGE, DUP or
// DLM): at least one board, numbered consecutively from 1 or more, each marked by
// Law 2 (the files carry no markings, so a machine marks every board that way) and
// holding a valid deal. The error names the first board at fault.
func CheckSet(boards []bridge.Board) error {
	if len(boards) == 0 {
		return errors.New("no boards to write")
	}
	for i, b := range boards {
		if i > 0 && b.Number != boards[i-1].Number+1 {
			return fmt.Errorf("board %d follows board %d: the boards of a set must be consecutive", b.Number, boards[i-1].Number)
		}
		if err := b.Validate(); err != nil {
			return err
		}
		if law2 := bridge.NewBoard(b.Number, b.Deal); b != law2 {
			return fmt.Errorf("board %d is marked dealer %s, vulnerability %s; the file carries no markings, so they must be Law 2's: dealer %s, vulnerability %s",
				b.Number, b.Dealer, b.Vulnerability, law2.Dealer, law2.Vulnerability)
		}
	}
	return nil
}
