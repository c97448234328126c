package dealing

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// Redeal records that a board was dealt again: the deal it held before and why
// the director ordered a new one. The time is the caller's to stamp.
type Redeal struct {
	Previous bridge.Deal
	Reason   string
}

// Redeal gives board a new deal from src, under Law 6D: there must be a new
// shuffle and deal when, before the auction first begins on the board, the
// cards are found to have been dealt incorrectly or a player could have seen a
// card of another hand during the shuffle and deal (6D1), and the director may
// order one for any other reason the Laws allow (6D3). The reason is required,
// and the deal the board held is kept, with the reason, in the board's Redeals.
//
// Every copy of the set (Law 6F) takes the new deal: the duplicating machine
// must make the board again, and only the caller knows whether a copy has
// already been played. On error the set is unchanged.
func (s *BoardSet) Redeal(board int, src Source, reason string) (Redeal, error) {
	reason = strings.TrimSpace(reason)
	i, ok := s.index(board)
	switch {
	case reason == "":
		return Redeal{}, fmt.Errorf("dealing: redeal board %d: the director's reason is required", board)
	case !ok:
		return Redeal{}, fmt.Errorf("dealing: redeal board %d: not in the set, which holds %s", board, s.holds())
	case src == nil:
		return Redeal{}, fmt.Errorf("dealing: redeal board %d: no source of deals", board)
	}
	b := &s.Boards[i]
	deal, err := dealFrom(src)
	if err == nil && deal == b.Deal {
		err = errors.New("the source dealt the same deal again")
	}
	if err != nil {
		return Redeal{}, fmt.Errorf("dealing: redeal board %d: %w", board, err)
	}
	r := Redeal{Previous: b.Deal, Reason: reason}
	b.Redeals = append(b.Redeals, r)
	b.Deal = deal
	return r, nil
}
