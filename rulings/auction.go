package rulings

import "github.com/bridge-director/director/bridge"

// CallRecord is one call made in the auction and the seat that made it.
type CallRecord struct {
	Seat bridge.Seat
	Call bridge.Call
}

// Auction is the state of an auction: the dealer, the calls made, and the
// restrictions in force.
//
// Use it through a pointer: the methods that change it (Call, ForceCall,
// Withdraw, Restrict) have pointer receivers, and Clone makes an independent
// copy for a rectification to try something out. The zero value is an
// auction dealt by North with no calls; NewAuction names the dealer.
//
// Turns follow the last call recorded: the player to call is the left-hand
// opponent of the last caller, or the dealer before anyone has called. Calls
// made through Call are always in rotation; ForceCall records a condoned
// call out of rotation, after which the auction continues from the
// offender's left, as Law 29A requires.
type Auction struct {
	dealer       bridge.Seat
	calls        []CallRecord
	restrictions []heldRestriction
}

// heldRestriction is a restriction and the call that ended it, if any.
type heldRestriction struct {
	Restriction
	// endedBy is the index in calls of the pass that met a MustPassNextTurn
	// obligation, or -1 while the restriction is in force.
	endedBy int
}

// NewAuction starts an auction with no calls made.
func NewAuction(dealer bridge.Seat) *Auction {
	return &Auction{dealer: dealer}
}

// Dealer is the player who calls first (Law 17A).
func (a *Auction) Dealer() bridge.Seat { return a.dealer }

// Calls are the calls made so far, in order. The slice is a copy.
func (a *Auction) Calls() []CallRecord {
	return append([]CallRecord(nil), a.calls...)
}

// Turn is the player whose turn it is to call (Law 17): the dealer first,
// then the left-hand opponent of whoever called last.
func (a *Auction) Turn() bridge.Seat {
	if len(a.calls) == 0 {
		return a.dealer
	}
	return a.calls[len(a.calls)-1].Seat.LHO()
}

// Ended reports whether the auction is over (Law 22A): three passes have
// followed a call, or all four players have passed without a call.
func (a *Auction) Ended() bool {
	n := len(a.calls)
	if n < 3 {
		return false
	}
	for _, r := range a.calls[n-3:] {
		if r.Call.Kind != bridge.CallPass {
			return false
		}
	}
	if a.nonPassCalls() > 0 {
		return true
	}
	return a.allFourPassed()
}

// PassedOut reports whether all four players passed without a call (Law
// 22B): the board is not played.
func (a *Auction) PassedOut() bool {
	return a.nonPassCalls() == 0 && a.allFourPassed()
}

func (a *Auction) nonPassCalls() int {
	n := 0
	for _, r := range a.calls {
		if r.Call.Kind != bridge.CallPass {
			n++
		}
	}
	return n
}

// allFourPassed reports whether each of the four players has passed. In
// rotation that is four passes; a condoned pass out of rotation can make a
// player lose a turn, and the auction is not passed out until he passes too.
func (a *Auction) allFourPassed() bool {
	var passed [4]bool
	for _, r := range a.calls {
		if r.Call.Kind == bridge.CallPass && r.Seat.Valid() {
			passed[r.Seat] = true
		}
	}
	return passed == [4]bool{true, true, true, true}
}

// LastBid is the last bid made and who made it; ok is false before any bid.
func (a *Auction) LastBid() (call bridge.Call, by bridge.Seat, ok bool) {
	i := a.lastBidIndex()
	if i < 0 {
		return bridge.Call{}, 0, false
	}
	return a.calls[i].Call, a.calls[i].Seat, true
}

func (a *Auction) lastBidIndex() int {
	for i := len(a.calls) - 1; i >= 0; i-- {
		if a.calls[i].Call.IsBid() {
			return i
		}
	}
	return -1
}

// Doubling is the state of the last bid: doubled or redoubled by the calls
// that followed it (Law 19). It is Undoubled before any bid.
func (a *Auction) Doubling() bridge.Doubling {
	d := bridge.Undoubled
	for _, r := range a.calls[a.lastBidIndex()+1:] {
		switch r.Call.Kind {
		case bridge.CallDouble:
			d = bridge.Doubled
		case bridge.CallRedouble:
			d = bridge.Redoubled
		}
	}
	return d
}

// Contract is the final contract and its declarer (Law 22A): the last bid,
// doubled or redoubled as it stands, declared by the first player of the
// side that made it to name its strain. ok is false until the auction has
// ended, and when it was passed out.
func (a *Auction) Contract() (contract bridge.Contract, declarer bridge.Seat, ok bool) {
	if !a.Ended() {
		return bridge.Contract{}, 0, false
	}
	last, by, ok := a.LastBid()
	if !ok {
		return bridge.Contract{}, 0, false
	}
	for _, r := range a.calls {
		if r.Call.IsBid() && r.Call.Strain == last.Strain && r.Seat.Side() == by.Side() {
			declarer = r.Seat
			break
		}
	}
	return bridge.Contract{Level: last.Level, Strain: last.Strain, Doubling: a.Doubling()}, declarer, true
}

// OpeningLeader is the declarer's left-hand opponent (Law 41A); ok is false
// while there is no contract.
func (a *Auction) OpeningLeader() (bridge.Seat, bool) {
	_, declarer, ok := a.Contract()
	return declarer.LHO(), ok
}

// Clone is an independent copy of the auction.
func (a *Auction) Clone() *Auction {
	b := &Auction{dealer: a.dealer, calls: a.Calls()}
	for _, h := range a.restrictions {
		h.Suits = append([]bridge.Suit(nil), h.Suits...)
		b.restrictions = append(b.restrictions, h)
	}
	return b
}
