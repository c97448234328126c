package rulings

import (
	"testing"

	"github.com/bridge-director/director/bridge"
)

// North opened 1♠ and then put 1NT in its place.
func changed(by *bridge.Seat) AuctionIrregularity {
	return AuctionIrregularity{Kind: CallChanged, Offender: bridge.North, Call: call("1NT"), CalledBeforeRuling: by}
}

func TestChangeOfCall(t *testing.T) {
	runAuctionCases(t, []auctionCaseTest{
		{name: "asks whether unintended", calls: "1S", irr: changed(nil), question: "unintended"},
		{name: "25A unintended: replaced, no rectification", calls: "1S", irr: changed(nil), ans: Answers{"unintended": yes},
			laws: []string{"25A1"}, notLaws: []string{"25B", "26B"}},
		{name: "25A LHO may withdraw his call", calls: "1S", irr: changed(seat(bridge.East)), ans: Answers{"unintended": yes},
			laws: []string{"25A1", "25A", "16C"}, options: []string{"E:withdraw", "E:keep"}},
		{name: "25B intended: LHO may accept", calls: "1S", irr: changed(nil), ans: Answers{"unintended": no},
			laws: []string{"25B", "25B1", "25B2", "16C"}, notLaws: []string{"25A1"}, options: []string{"E:accept", "E:refuse"},
			adjust: []string{"72C"}, ui: 1},
		{name: "25B1 accepted, not comparable: 26B", calls: "1S", irr: changed(seat(bridge.East)), ans: Answers{"unintended": no, "comparable": no},
			laws: []string{"25B1", "26B"}, restrict: []string{"LeadProhibitedOneOf:S:CDH"}, ui: 1},
		{name: "25B1 accepted, comparable: 26A", calls: "1S", irr: changed(seat(bridge.East)), ans: Answers{"unintended": no, "comparable": yes},
			laws: []string{"25B1", "26A"}, notLaws: []string{"26B"}, adjust: []string{"23C"}, ui: 1},
		{name: "25B once partner has called", calls: "1S", irr: changed(seat(bridge.South)),
			laws: []string{"25B"}, notLaws: []string{"25A1"}, options: []string{"E:accept", "E:refuse"}, adjust: []string{"72C"}, ui: 1},
	})
}
