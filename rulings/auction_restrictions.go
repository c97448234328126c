package rulings

import "github.com/bridge-director/director/bridge"

// Restrict puts a restriction on a player. Legal enforces the pass
// restrictions while the auction lasts: a MustPassNextTurn ends with the
// player's next pass, a MustPassThroughout lasts to the end of the auction.
// A pass restriction begins at its From (now, after the calls recorded,
// when zero), and a pass the record already holds from there meets a
// MustPassNextTurn. Lead restrictions and penalty cards are kept for the
// play.
func (a *Auction) Restrict(r Restriction) {
	r.Suits = append([]bridge.Suit(nil), r.Suits...)
	h := heldRestriction{Restriction: r, endedBy: -1}
	if r.isPass() && h.From == 0 {
		h.From = len(a.calls) + 1
	}
	if r.Kind == MustPassNextTurn {
		for i := max(h.From-1, 0); i < len(a.calls); i++ {
			if a.calls[i].Seat == r.Seat {
				if a.calls[i].Call.Kind == bridge.CallPass {
					h.endedBy = i
				}
				break
			}
		}
	}
	a.restrictions = append(a.restrictions, h)
}

// Restrictions are the restrictions in force, in the order they were made.
// Once the auction has ended the pass restrictions are spent and only those
// for the play remain.
func (a *Auction) Restrictions() []Restriction {
	var in []Restriction
	ended := a.Ended()
	for _, h := range a.restrictions {
		if h.endedBy >= 0 || ended && h.isPass() {
			continue
		}
		r := h.Restriction
		r.Suits = append([]bridge.Suit(nil), r.Suits...)
		in = append(in, r)
	}
	return in
}

// MustPass reports whether the player is required to pass when next it is
// his turn, and the restriction that requires it (a MustPassThroughout
// before a MustPassNextTurn, since it lasts longer).
func (a *Auction) MustPass(seat bridge.Seat) (Restriction, bool) {
	var found *heldRestriction
	for i := range a.restrictions {
		h := &a.restrictions[i]
		if h.Seat != seat || h.endedBy >= 0 || !h.isPass() {
			continue
		}
		if found == nil || h.Kind == MustPassThroughout && found.Kind != MustPassThroughout {
			found = h
		}
	}
	if found == nil || a.Ended() {
		return Restriction{}, false
	}
	return found.Restriction, true
}
