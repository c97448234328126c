package bridge

import "fmt"

// Board is one duplicate board: its number, the dealer and vulnerability it
// is marked with, and the deal in its pockets.
type Board struct {
	Number        int
	Dealer        Seat
	Vulnerability Vulnerability
	Deal          Deal
}

// NewBoard returns board number n holding deal, marked by Law 2.
func NewBoard(n int, deal Deal) Board {
	return Board{Number: n, Dealer: BoardDealer(n), Vulnerability: BoardVulnerability(n), Deal: deal}
}

// Validate checks the board number, its markings and its deal.
func (b Board) Validate() error {
	switch {
	case b.Number < 1:
		return fmt.Errorf("bridge: board %d: board numbers start at 1", b.Number)
	case !b.Dealer.Valid():
		return fmt.Errorf("bridge: board %d: dealer %d is not a seat", b.Number, b.Dealer)
	case !b.Vulnerability.Valid():
		return fmt.Errorf("bridge: board %d: vulnerability %d is unknown", b.Number, b.Vulnerability)
	}
	if err := b.Deal.Validate(); err != nil {
		return fmt.Errorf("board %d: %w", b.Number, err)
	}
	return nil
}
