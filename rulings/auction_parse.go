package rulings

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/bridge-director/director/bridge"
)

// ParseAuction reads calls made in rotation from the dealer, separated by
// spaces or commas, in any spelling bridge.ParseCall reads: "1S P 2H X XX P
// P P". Every call must be legal; the error names the first that is not,
// by its position and seat, and says why.
func ParseAuction(dealer bridge.Seat, calls string) (*Auction, error) {
	if !dealer.Valid() {
		return nil, fmt.Errorf("rulings: auction: dealer %v is not a seat", dealer)
	}
	a := NewAuction(dealer)
	words := strings.FieldsFunc(calls, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
	for i, w := range words {
		by := a.Turn()
		c, err := bridge.ParseCall(w)
		if err != nil {
			return nil, fmt.Errorf("rulings: auction: call %d by %s: %w", i+1, by.Name(), err)
		}
		if err := a.Call(c); err != nil {
			return nil, fmt.Errorf("rulings: auction: call %d (%v by %s): %w", i+1, c, by.Name(), err)
		}
	}
	return a, nil
}

// String writes the calls in order, separated by spaces ("1S P 2H X"), in
// the form ParseAuction reads back when every call was made in rotation.
func (a *Auction) String() string {
	words := make([]string, len(a.calls))
	for i, r := range a.calls {
		words[i] = r.Call.String()
	}
	return strings.Join(words, " ")
}

// ParseOffendingCall reads a call as bridge.ParseCall does, and also a bid
// of more than seven ("8C", "9NT", up to 99): no auction can hold one, but
// a player can make one, and Law 38 rectifies it. The error for anything
// else is bridge.ParseCall's.
func ParseOffendingCall(s string) (bridge.Call, error) {
	c, err := bridge.ParseCall(s)
	if err == nil {
		return c, nil
	}
	t := strings.TrimSpace(s)
	digits := t[:len(t)-len(strings.TrimLeft(t, "0123456789"))]
	level, aerr := strconv.Atoi(digits)
	if aerr != nil || len(digits) > 2 || level <= 7 {
		return bridge.Call{}, err
	}
	bid, berr := bridge.ParseCall("7" + t[len(digits):])
	if berr != nil || !bid.IsBid() {
		return bridge.Call{}, err
	}
	bid.Level = level
	return bid, nil
}
