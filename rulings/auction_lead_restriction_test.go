package rulings

import (
	"slices"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// Law 26B (2017) gives declarer one suit to prohibit, chosen from those the
// offender has not specified, so the restriction is a choice still to make,
// not a ban on every listed suit (which is what LeadProhibited means).
func TestLeadRestriction26BIsDeclarersChoiceOfOneSuit(t *testing.T) {
	a := mustParseAuction(t, bridge.North, "1NT")
	r, err := RuleAuction(a, insufficient(callPtr("2H"), nil), Answers{"unintended": no, "same_denomination": no, "comparable": no})
	if err != nil {
		t.Fatal(err)
	}
	var lead []Restriction
	for _, x := range r.Restrictions {
		if x.Law == "26B" {
			lead = append(lead, x)
		}
	}
	if len(lead) != 1 {
		t.Fatalf("Law 26B restrictions = %+v, want exactly one", lead)
	}
	got := lead[0]
	if got.Kind != LeadProhibitedOneOf || got.Seat != bridge.West {
		t.Errorf("26B restriction is kind %d on %v, want LeadProhibitedOneOf on West", got.Kind, got.Seat)
	}
	if want := []bridge.Suit{bridge.Clubs, bridge.Diamonds, bridge.Spades}; !slices.Equal(got.Suits, want) {
		t.Errorf("26B suits = %v, want %v (hearts were specified by East)", got.Suits, want)
	}
	if !strings.Contains(got.Reason, "one of") {
		t.Errorf("26B reason %q does not say declarer prohibits one suit of those listed", got.Reason)
	}
}
