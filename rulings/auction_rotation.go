package rulings

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// RotationKind says whose turn it was when a player called (Law 28 and the
// laws on calls out of rotation, 30 to 32).
type RotationKind uint8

// The kinds of turn a call can be made at.
const (
	// InRotation: it was the caller's turn, or his right-hand opponent's
	// turn while that opponent was required to pass (Law 28A).
	InRotation RotationKind = iota + 1
	// AtRHOsTurn: the caller called one turn early (Laws 30A, 31A, 32A).
	AtRHOsTurn
	// AtPartnersTurn: it was partner's turn (Laws 30B, 31B, 32B). A call at
	// the left-hand opponent's turn by a player who has not yet called is
	// treated the same way (Laws 30B1, 31B, 32B); that can only happen when
	// the left-hand opponent is dealer and no one has called.
	AtPartnersTurn
	// ChangeOfCall: it was the left-hand opponent's turn and the caller had
	// already called, so he is changing his call (Laws 25, 30B2, 31C, 32C).
	ChangeOfCall
	// AfterAuction: the auction had ended (Law 39).
	AfterAuction
)

var rotationNames = map[RotationKind]string{
	InRotation:     "in rotation",
	AtRHOsTurn:     "at right-hand opponent's turn",
	AtPartnersTurn: "at partner's turn",
	ChangeOfCall:   "change of call",
	AfterAuction:   "after the auction",
}

func (k RotationKind) String() string {
	if s, ok := rotationNames[k]; ok {
		return s
	}
	return fmt.Sprintf("RotationKind(%d)", uint8(k))
}

// Rotation classifies a call the player would make now, by whose turn it is.
func (a *Auction) Rotation(by bridge.Seat) RotationKind {
	turn := a.Turn()
	switch {
	case a.Ended():
		return AfterAuction
	case turn == by:
		return InRotation
	case turn == by.RHO():
		if _, barred := a.MustPass(turn); barred {
			return InRotation
		}
		return AtRHOsTurn
	case turn == by.Partner() || !a.hasCalled(by):
		return AtPartnersTurn
	default:
		return ChangeOfCall
	}
}

func (a *Auction) hasCalled(seat bridge.Seat) bool {
	for _, r := range a.calls {
		if r.Seat == seat {
			return true
		}
	}
	return false
}

// ForceCall records a call that stands although Legal would refuse it: a
// call out of rotation that has been accepted (Law 29A), or an insufficient
// bid that has been accepted (Law 27A). The auction then continues from the
// caller's left; later bids must supersede the recorded one.
//
// When the caller's right-hand opponent was required to pass at this turn,
// the call is in rotation (Law 28A): ForceCall first records that
// opponent's pass, meeting his obligation, then the call; if that pass
// ends the auction, the call comes after the final pass and is refused.
//
// ForceCall refuses, with an *IllegalCall and no change, what can never
// stand: an invalid seat or call, a bid of more than seven (Law 38), a call
// after the auction has ended (Law 39), a double or redouble Law 19 does
// not permit (Law 36), and a call other than pass by a player required to
// pass (Law 37).
func (a *Auction) ForceCall(by bridge.Seat, c bridge.Call) error {
	if !by.Valid() {
		return illegal(by, c, Malformed, "17", "%v is not a seat", by)
	}
	if err := a.wellFormed(by, c); err != nil {
		return err
	}
	if err := a.permitted(by, c); err != nil {
		return err
	}
	if err := a.admissible(by, c); err != nil {
		return err
	}
	if turn := a.Turn(); turn != by && a.Rotation(by) == InRotation {
		a.record(turn, bridge.Pass)
		if a.Ended() {
			a.Withdraw()
			return illegal(by, c, AfterEnd, "22A", "%s's pass, required of him, ends the auction before %s's %v", turn.Name(), by.Name(), c)
		}
	}
	a.record(by, c)
	return nil
}

// Withdraw cancels the last call recorded and returns it; ok is false when
// there is none. A MustPassNextTurn the call met is in force again.
// Restrictions made since the call stay: a rectification that withdraws a
// call and restricts the offender may do the two in either order.
func (a *Auction) Withdraw() (withdrawn CallRecord, ok bool) {
	n := len(a.calls)
	if n == 0 {
		return CallRecord{}, false
	}
	withdrawn = a.calls[n-1]
	a.calls = a.calls[:n-1]
	for i := range a.restrictions {
		if a.restrictions[i].endedBy == n-1 {
			a.restrictions[i].endedBy = -1
		}
	}
	return withdrawn, true
}
