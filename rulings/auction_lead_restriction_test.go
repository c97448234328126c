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
	r, err := RuleAuction(a, insufficient(callPtr("2H"), nil), Answers{"unintended": no, "same_denomination": no, "comparable": no, "specified_suits": "H"})
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

// Which suits a call specifies is a matter of its meaning, so Law 26B asks
// the director, suggesting the suits the offender has bid. North opened
// 1NT; East's insufficient 2H, replaced by 3H, was a transfer that showed
// spades: the director says so, and declarer may prohibit a club, diamond
// or heart.
func TestLeadRestriction26BAsksWhichSuitsWereSpecified(t *testing.T) {
	a := mustParseAuction(t, bridge.North, "1NT")
	irr := insufficient(callPtr("3H"), nil)
	asked := Answers{"unintended": no, "same_denomination": no, "comparable": no}
	r, err := RuleAuction(a, irr, asked)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Questions) != 1 || r.Questions[0].ID != "specified_suits" || r.Questions[0].Law != "26B" ||
		len(r.Questions[0].Choices) != 2 || r.Questions[0].Choices[0].ID != "H" || r.Questions[0].Choices[1].ID != "none" {
		t.Fatalf("questions = %+v, want specified_suits (Law 26B) suggesting East's hearts, or none", r.Questions)
	}
	asked["specified_suits"] = "S"
	r, err = RuleAuction(a, irr, asked)
	if err != nil || r.Pending() {
		t.Fatalf("RuleAuction = %+v, %v", r, err)
	}
	if got := restrictionStrings(r.Restrictions); !slices.Equal(got, []string{"MustPassThroughout:W", "LeadProhibitedOneOf:W:CDH"}) {
		t.Errorf("restrictions = %v, want West barred and a club, diamond or heart lead prohibited", got)
	}
	if r.Restrictions[1].Lasts() != WhileRetainingLead || r.Restrictions[0].Until != UntilEndOfAuction {
		t.Errorf("durations %v, %v; want for as long as he retains the lead, and to the end of the auction", r.Restrictions[1].Until, r.Restrictions[0].Until)
	}
}
