package rulings

import (
	"fmt"
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
