package rulings

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// CallProblem is why a call is not legal; each points at the law that
// rectifies it.
type CallProblem uint8

// The problems Legal reports.
const (
	// Malformed: not a call at all (an unknown kind, a level below one).
	Malformed CallProblem = iota + 1
	// AboveSeven: a bid of more than seven (Law 38).
	AboveSeven
	// AfterEnd: a call after the final pass (Laws 22, 39).
	AfterEnd
	// Barred: a call other than pass by a player required to pass (Law 37).
	Barred
	// Insufficient: a bid that does not supersede the last bid (Laws 18D, 27).
	Insufficient
	// Inadmissible: a double or redouble Law 19 does not permit (Law 36).
	Inadmissible
)

// IllegalCall is the error Legal and Call return. Rectification code can
// switch on Problem; people read Error.
type IllegalCall struct {
	Seat    bridge.Seat
	Call    bridge.Call
	Problem CallProblem
	// Reason says what is wrong: "1H is insufficient over 1S".
	Reason string
	// Law is the law that makes it illegal: "18D".
	Law string
}

func (e *IllegalCall) Error() string {
	return fmt.Sprintf("%s (Law %s)", e.Reason, e.Law)
}

// Legal reports whether c is a legal call for the player whose turn it is:
// it is a well-formed call of at most seven (Law 38), the auction has not
// ended (Law 22), the player is not required to pass (a restriction in
// force), a bid is sufficient (Law 18) and a double or redouble is
// admissible (Law 19). The error is an *IllegalCall saying why.
func (a *Auction) Legal(c bridge.Call) error {
	by := a.Turn()
	if err := a.wellFormed(by, c); err != nil {
		return err
	}
	if err := a.permitted(by, c); err != nil {
		return err
	}
	if c.IsBid() {
		if err := a.sufficient(by, c); err != nil {
			return err
		}
	}
	return a.admissible(by, c)
}

// Call makes c at the current turn if it is legal, and consumes any
// MustPassNextTurn obligation it meets. An illegal call is an error and
// changes nothing.
func (a *Auction) Call(c bridge.Call) error {
	if err := a.Legal(c); err != nil {
		return err
	}
	a.record(a.Turn(), c)
	return nil
}

// record appends the call and ends the MustPassNextTurn obligations of the
// caller that a pass meets.
func (a *Auction) record(by bridge.Seat, c bridge.Call) {
	a.calls = append(a.calls, CallRecord{Seat: by, Call: c})
	if c.Kind != bridge.CallPass {
		return
	}
	for i := range a.restrictions {
		h := &a.restrictions[i]
		if h.Kind == MustPassNextTurn && h.Seat == by && h.endedBy < 0 {
			h.endedBy = len(a.calls) - 1
		}
	}
}

// wellFormed checks that c is a call at all, of at most seven (Law 38), and
// that the auction has not ended (Laws 22, 39).
func (a *Auction) wellFormed(by bridge.Seat, c bridge.Call) error {
	if c.IsBid() && c.Level > 7 {
		return illegal(by, c, AboveSeven, "38", "%v is a bid of more than seven", c)
	}
	if err := c.Validate(); err != nil {
		return illegal(by, c, Malformed, "18", "%v is not a call", c)
	}
	if a.Ended() {
		return illegal(by, c, AfterEnd, "22A", "the auction has ended; %s may not call %v after the final pass", by.Name(), c)
	}
	return nil
}

// permitted checks that a player required to pass passes.
func (a *Auction) permitted(by bridge.Seat, c bridge.Call) error {
	if c.Kind == bridge.CallPass {
		return nil
	}
	if r, barred := a.MustPass(by); barred {
		return illegal(by, c, Barred, r.Law, "%s must pass at this turn", by.Name())
	}
	return nil
}

// sufficient checks that the bid supersedes the last bid (Law 18D).
func (a *Auction) sufficient(by bridge.Seat, c bridge.Call) error {
	last, _, ok := a.LastBid()
	if ok && !last.Less(c) {
		return illegal(by, c, Insufficient, "18D", "%v is insufficient over %v", c, last)
	}
	return nil
}

// admissible checks a double or redouble by the player: a double only of an
// opponent's last bid not already doubled (Law 19A1), a redouble only of an
// opponent's double of his own side's last bid (Law 19B1).
func (a *Auction) admissible(by bridge.Seat, c bridge.Call) error {
	if c.Kind != bridge.CallDouble && c.Kind != bridge.CallRedouble {
		return nil
	}
	last, bidder, ok := a.LastBid()
	d := a.Doubling()
	ownSide := ok && bidder.Side() == by.Side()
	var reason, law string
	switch {
	case c.Kind == bridge.CallDouble && !ok:
		reason, law = "there is no bid to double", "19A1"
	case c.Kind == bridge.CallDouble && bidder == by:
		reason, law = fmt.Sprintf("%s cannot double his own bid of %v", by.Name(), last), "19A1"
	case c.Kind == bridge.CallDouble && ownSide:
		reason, law = fmt.Sprintf("%s cannot double partner's bid of %v", by.Name(), last), "19A1"
	case c.Kind == bridge.CallDouble && d != bridge.Undoubled:
		reason, law = fmt.Sprintf("%v is already %s", last, lower(d)), "19A1"
	case c.Kind == bridge.CallRedouble && !ok:
		reason, law = "there is no bid to redouble", "19B1"
	case c.Kind == bridge.CallRedouble && d == bridge.Undoubled:
		reason, law = fmt.Sprintf("%v has not been doubled, so cannot be redoubled", last), "19B1"
	case c.Kind == bridge.CallRedouble && d == bridge.Redoubled:
		reason, law = fmt.Sprintf("%v is already redoubled", last), "19B1"
	case c.Kind == bridge.CallRedouble && !ownSide:
		reason, law = fmt.Sprintf("%s cannot redouble partner's double", by.Name()), "19B1"
	default:
		return nil
	}
	return illegal(by, c, Inadmissible, law, "%s", reason)
}

func lower(d bridge.Doubling) string {
	if d == bridge.Redoubled {
		return "redoubled"
	}
	return "doubled"
}

func illegal(by bridge.Seat, c bridge.Call, p CallProblem, law, format string, args ...any) *IllegalCall {
	return &IllegalCall{Seat: by, Call: c, Problem: p, Reason: fmt.Sprintf(format, args...), Law: law}
}
