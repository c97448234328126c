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
			laws: []string{"25A1"}, notLaws: []string{"25B1", "25B2", "26B", "25A4"}},
		{name: "25A East called over the intended call: nothing to withdraw", calls: "1S", irr: changed(seat(bridge.East)), ans: Answers{"unintended": yes},
			laws: []string{"25A1"}, notLaws: []string{"25A4"}},
		{name: "25B intended: LHO may accept", calls: "1S", irr: changed(nil), ans: Answers{"unintended": no},
			laws: []string{"25B1", "25B2", "16C1", "16C2"}, notLaws: []string{"25A1"}, options: []string{"E:accept", "E:refuse"},
			adjust: []string{"72C"}, ui: 1},
		{name: "25B1 accepted, not comparable: 26B", calls: "1S", irr: changed(seat(bridge.East)), ans: Answers{"specified_suits": "S", "unintended": no, "comparable": no},
			laws: []string{"25B1", "26B"}, restrict: []string{"LeadProhibitedOneOf:S:CDH"}, ui: 1},
		{name: "25B1 accepted, comparable: 26A", calls: "1S", irr: changed(seat(bridge.East)), ans: Answers{"unintended": no, "comparable": yes},
			laws: []string{"25B1", "26A"}, notLaws: []string{"26B"}, adjust: []string{"23C"}, ui: 1},
		{name: "25B once partner has called", calls: "1S", irr: changed(seat(bridge.South)),
			laws: []string{"25B1", "25B2"}, notLaws: []string{"25A1"}, options: []string{"E:accept", "E:refuse"}, adjust: []string{"72C"}, ui: 1},
	})
}

// North opened 1♠, East passed, and then North said he meant 1NT: the
// director records "1S P" as it was called, and the change after it.
func TestChangeOfCallAfterLHOCalled(t *testing.T) {
	late := AuctionIrregularity{Kind: CallChanged, Offender: bridge.North, Call: call("1NT")}
	runAuctionCases(t, []auctionCaseTest{
		{name: "asks whether 1S was unintended", calls: "1S P", irr: late, question: "unintended"},
		{name: "25A1 until partner calls: replaced; 25A4 East may withdraw his pass", calls: "1S P", irr: late, ans: Answers{"unintended": yes},
			laws: []string{"25A1", "25A4", "16C1", "16C2"}, notLaws: []string{"25B1", "25B2", "26B"}, options: []string{"E:withdraw", "E:keep"},
			says: "replaces it with the call he intended"},
		{name: "25B2 a change of mind: cancelled, 1S and the pass stand", calls: "1S P", irr: late, ans: Answers{"specified_suits": "S", "unintended": no, "comparable": no},
			laws: []string{"25B2", "16C1", "16C2", "26B"}, notLaws: []string{"25A1", "25B1"},
			restrict: []string{"LeadProhibitedOneOf:S:CDH"}, adjust: []string{"72C"}, ui: 1,
			says: "the change is cancelled (Law 25B2), 1♠ and East's Pass stand, and the auction continues with South"},
		{name: "25B2 the standing 1S is comparable: 26A", calls: "1S P", irr: late, ans: Answers{"unintended": no, "comparable": yes},
			laws: []string{"25B2", "26A"}, notLaws: []string{"26B"}, adjust: []string{"23C", "72C"}, ui: 1},
		{name: "25B2 partner has called since: no 25A", calls: "1S P", irr: AuctionIrregularity{Kind: CallChanged, Offender: bridge.North, Call: call("1NT"), CalledBeforeRuling: seat(bridge.South)},
			ans: Answers{"specified_suits": "S", "comparable": no}, laws: []string{"25B2"}, notLaws: []string{"25A1"}, restrict: []string{"LeadProhibitedOneOf:S:CDH"}, adjust: []string{"72C"}, ui: 1},
		{name: "a later change of a pass by West, dealer", dealer: bridge.West, calls: "P 1H", irr: AuctionIrregularity{Kind: CallChanged, Offender: bridge.West, Call: call("1S")},
			ans: Answers{"unintended": yes}, laws: []string{"25A1", "25A4"}, options: []string{"N:withdraw", "N:keep"}},
	})
}
