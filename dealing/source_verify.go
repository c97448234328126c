package dealing

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// MismatchError reports the first published board that a source does not deal.
type MismatchError struct {
	Board     int
	Published bridge.Deal
	Dealt     bridge.Deal
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("dealing: board %d does not match: published %v, dealt %v", e.Board, e.Published, e.Dealt)
}

// Verify deals from src and compares each deal with the published ones, the first
// of which is board number first. It returns nil when all match, a *MismatchError
// for the first board that differs, or the error of src.
func Verify(src Source, first int, published []bridge.Deal) error {
	for i, want := range published {
		got, err := src.Next()
		if err != nil {
			return fmt.Errorf("dealing: verify board %d: %w", first+i, err)
		}
		if got != want {
			return &MismatchError{Board: first + i, Published: want, Dealt: got}
		}
	}
	return nil
}
