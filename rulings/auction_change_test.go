package rulings

import (
	"errors"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// North opened 1♠ and then put 1NT in its place.
func changed(by *bridge.Seat) AuctionIrregularity {
	return AuctionIrregularity{Kind: CallChanged, Offender: bridge.North, Call: call("1NT"), CalledBeforeRuling: by}
}

func TestChangeOfCall(t *testing.T) {
	intended := func(choice string) Answers {
		return Answers{"unintended": no, "choice": choice, "specified_suits": "S", "comparable": no}
	}
	runAuctionCases(t, []auctionCaseTest{
		{name: "asks whether unintended", calls: "1S", irr: changed(nil), question: "unintended"},
		{name: "25A unintended: replaced, no rectification", calls: "1S", irr: changed(nil), ans: Answers{"unintended": yes},
			laws: []string{"25A1"}, notLaws: []string{"25B1", "25B2", "26B", "25A6"}},
		{name: "25A East called over the intended call: nothing to withdraw", calls: "1S", irr: changed(seat(bridge.East)), ans: Answers{"unintended": yes},
			laws: []string{"25A1"}, notLaws: []string{"25A6"}},
		{name: "25B intended: LHO may accept", calls: "1S", irr: changed(nil), ans: Answers{"unintended": no},
			laws: []string{"25B1", "25B2", "25B3", "16C1", "16C2"}, notLaws: []string{"25A1", "26B"}, options: []string{"E:accept", "E:refuse"},
			adjust: []string{"72C"}, ui: 1},
		// East chooses at the table: what his choice brings follows in the
		// same ruling. Accepted or refused, a call of North's is withdrawn:
		// the one left, not comparable to it, brings 26B and 72C; comparable,
		// 26A and 23C alone.
		{name: "25B1 East accepts 1NT, not comparable to 1S: 26B, 72C", calls: "1S", irr: changed(nil), ans: intended("accept"),
			laws: []string{"25B1", "25B3", "16C1", "16C2", "26B", "72C"}, notLaws: []string{"25B2", "26A"}, options: []string{"E:accept", "E:refuse"},
			restrict: []string{"LeadProhibitedOneOf:S:CDH"}, adjust: []string{"72C"}, ui: 1, says: "North's 1♠ is withdrawn and 1NT stands (Law 25B1)"},
		{name: "25B1 East accepts 1NT, comparable to 1S: 26A, 23C", calls: "1S", irr: changed(nil), ans: Answers{"unintended": no, "choice": "accept", "comparable": yes},
			laws: []string{"25B1", "25B3", "26A"}, notLaws: []string{"26B", "72C"}, options: []string{"E:accept", "E:refuse"}, adjust: []string{"23C"}, ui: 1},
		{name: "25B2 East refuses 1NT, 1S not comparable to it: 26B, 72C", calls: "1S", irr: changed(nil), ans: intended("refuse"),
			laws: []string{"25B2", "25B3", "16C1", "16C2", "26B", "72C"}, notLaws: []string{"25B1", "26A"}, options: []string{"E:accept", "E:refuse"},
			restrict: []string{"LeadProhibitedOneOf:S:CDH"}, adjust: []string{"72C"}, ui: 1, says: "North's 1NT is cancelled and 1♠ stands (Law 25B2)"},
		{name: "25B2 East refuses, 1S comparable to 1NT: 26A, 23C", calls: "1S", irr: changed(nil), ans: Answers{"unintended": no, "choice": "refuse", "comparable": yes},
			laws: []string{"25B2", "26A"}, notLaws: []string{"26B", "72C"}, options: []string{"E:accept", "E:refuse"}, adjust: []string{"23C"}, ui: 1},
		{name: "25B1 accepted by calling, not comparable: 26B, 72C", calls: "1S", irr: changed(seat(bridge.East)), ans: Answers{"specified_suits": "S", "unintended": no, "comparable": no},
			laws: []string{"25B1", "26B", "72C"}, restrict: []string{"LeadProhibitedOneOf:S:CDH"}, adjust: []string{"72C"}, ui: 1},
		{name: "25B1 accepted by calling, comparable: 26A", calls: "1S", irr: changed(seat(bridge.East)), ans: Answers{"unintended": no, "comparable": yes},
			laws: []string{"25B1", "26A"}, notLaws: []string{"26B", "72C"}, adjust: []string{"23C"}, ui: 1},
		{name: "25A4 once partner has called: 25B", calls: "1S", irr: changed(seat(bridge.South)),
			laws: []string{"25A4", "25B1", "25B2"}, notLaws: []string{"25A1"}, options: []string{"E:accept", "E:refuse"}, adjust: []string{"72C"}, ui: 1},
	})
	a := mustParseAuction(t, bridge.North, "1S")
	_, err := RuleAuction(a, changed(nil), Answers{"unintended": no, "choice": "withdraw"})
	var bad *AnswerError
	if !errors.As(err, &bad) || bad.ID != "choice" {
		t.Errorf("a choice East was not offered: %v, want an AnswerError for choice", err)
	}
}

// North opened 1♠, East passed, and then North said he meant 1NT: the
// director records "1S P" as it was called, and the change after it. An
// unintended 1♠ is replaced until South calls (25A1), and East may take
// back his pass (25A6). A change of mind is no change of call Law 25B can
// settle once East has called over 1♠: 1NT is a call out of rotation at
// South's turn (Laws 29A, 29B, 31B), and 1♠ and East's pass stand.
func TestChangeOfCallAfterLHOCalled(t *testing.T) {
	late := AuctionIrregularity{Kind: CallChanged, Offender: bridge.North, Call: call("1NT")}
	afterPartner := late
	afterPartner.CalledBeforeRuling = seat(bridge.South)
	acceptedByEast := late
	acceptedByEast.CalledBeforeRuling = seat(bridge.East)
	lateRep := late
	lateRep.Replacement = callPtr("2NT")
	runAuctionCases(t, []auctionCaseTest{
		{name: "asks whether 1S was unintended", calls: "1S P", irr: late, question: "unintended"},
		{name: "25A1 until partner calls: replaced; 25A6 East may withdraw his pass", calls: "1S P", irr: late, ans: Answers{"unintended": yes},
			laws: []string{"25A1", "25A6", "16C1", "16C2"}, notLaws: []string{"25B1", "25B2", "26B", "31B1"}, options: []string{"E:withdraw", "E:keep"},
			says: "replaces it with the call he intended"},
		{name: "a change of mind: 1NT out of rotation at South's turn", calls: "1S P", irr: late, ans: Answers{"unintended": no},
			laws: []string{"29A", "29B", "31B1", "16C2", "31B2", "31A2(a)", "31A2(b)"}, notLaws: []string{"25A1", "25B1", "25B2", "26B"},
			options: []string{"E:accept", "E:refuse", "N:comparable", "N:other"}, ui: 1,
			says: "so 1♠ and East's Pass stand and 1NT is ruled as a call out of rotation. North called 1NT out of rotation, at South's turn"},
		{name: "29A East called over 1NT: accepted", calls: "1S P", irr: acceptedByEast, ans: Answers{"unintended": no},
			laws: []string{"29A"}, notLaws: []string{"29B", "25B1", "31B1"}, says: "East called over North's 1NT out of rotation and so accepted it"},
		{name: "31A2(b) North's later 2NT not comparable to 1NT: South passes once, 26B", calls: "1S P", irr: lateRep,
			ans:  Answers{"unintended": no, "comparable": no, "specified_suits": "S"},
			laws: []string{"31B1", "31B2", "31A2(b)", "26B", "72C"}, notLaws: []string{"25B2"}, options: []string{"E:accept", "E:refuse"},
			restrict: []string{"MustPassNextTurn:S", "LeadProhibitedOneOf:S:CDH"}, adjust: []string{"72C"}, ui: 2},
		{name: "25A4 partner has called since: no 25A, out of rotation", calls: "1S P", irr: afterPartner,
			laws: []string{"25A4", "29A", "29B", "31B1"}, notLaws: []string{"25A1", "25B2"},
			options: []string{"E:accept", "E:refuse", "N:comparable", "N:other"}, ui: 1},
		{name: "a change of mind to a pass: 30B1 at partner's turn", calls: "1S P", irr: AuctionIrregularity{Kind: CallChanged, Offender: bridge.North, Call: call("P")},
			ans: Answers{"unintended": no, "artificial_pass": no}, laws: []string{"29A", "29B", "30B1(a)"}, notLaws: []string{"25B2", "31B1"},
			options: []string{"E:accept", "E:refuse", "N:comparable", "N:other"}, ui: 1},
		{name: "a later change of a pass by West, dealer", dealer: bridge.West, calls: "P 1H", irr: AuctionIrregularity{Kind: CallChanged, Offender: bridge.West, Call: call("1S")},
			ans: Answers{"unintended": yes}, laws: []string{"25A1", "25A6"}, options: []string{"N:withdraw", "N:keep"}},
	})
}
