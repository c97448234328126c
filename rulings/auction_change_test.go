package rulings

import (
	"errors"
	"strings"
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
		// South called at his own turn over the late 1NT: Law 28B covers
		// only an opponent's call, so the ruling leaves South's call to the
		// director (81C2, 12A1) and rules 1NT as if he had not called.
		{name: "25A4 partner has called since: no 25A, out of rotation, South's call the director's", calls: "1S P", irr: afterPartner,
			laws: []string{"25A4", "29A", "29B", "31B1", "81C2", "12A1"}, notLaws: []string{"25A1", "25B2", "28B"},
			options: []string{"E:accept", "E:refuse", "N:comparable", "N:other"}, ui: 1, adjust: []string{"12A1"},
			says: "South, whose turn it was, called before the director came: Law 28B settles that only for an opponent of North, and no law says what follows a call by his partner, so the director decides whether it stands as his call at his turn (as Law 31B1 would let him make once 1NT is cancelled)"},
		{name: "a change of mind to a pass: 30B1 at partner's turn", calls: "1S P", irr: AuctionIrregularity{Kind: CallChanged, Offender: bridge.North, Call: call("P")},
			ans: Answers{"unintended": no, "artificial_pass": no}, laws: []string{"29A", "29B", "30B1(a)"}, notLaws: []string{"25B2", "31B1"},
			options: []string{"E:accept", "E:refuse", "N:comparable", "N:other"}, ui: 1},
		{name: "a later change of a pass by West, dealer", dealer: bridge.West, calls: "P 1H", irr: AuctionIrregularity{Kind: CallChanged, Offender: bridge.West, Call: call("1S")},
			ans: Answers{"unintended": yes}, laws: []string{"25A1", "25A6"}, options: []string{"N:withdraw", "N:keep"}},
	})
}

// TestAuctionAfterRuling: the auction the calls after a ruling follow on
// from, as the director recorded it and answered. A change of call East
// accepts has North's 1NT in place of his 1♠, so East's 1NT is then
// insufficient and 2♣ is not; refused, or not accepted, the change is
// cancelled and 1♠ stands, over which East may bid 1NT. An unintended 1♠
// is replaced; East's pass over it stays unless he withdraws it. A call
// out of rotation or an insufficient bid East accepts stands where it was
// made.
func TestAuctionAfterRuling(t *testing.T) {
	late := AuctionIrregularity{Kind: CallChanged, Offender: bridge.North, Call: call("1NT")}
	rep := call("1NT")
	tests := []struct {
		name, calls string
		irr         AuctionIrregularity
		ans         Answers
		want        string // the calls after the ruling, "seat:call"
		first       *bridge.Call
		legal       []string // East's or the next player's calls that must be legal
		illegal     []string // and those that must not
	}{
		{name: "25B1 East accepts 1NT", calls: "1S", irr: changed(nil), ans: Answers{"unintended": no, "choice": "accept", "comparable": yes},
			want: "N:1NT", legal: []string{"2C", "P"}, illegal: []string{"1NT"}},
		{name: "25B1 East accepted by calling over 1NT", calls: "1S", irr: changed(seat(bridge.East)), ans: Answers{"unintended": no, "comparable": yes},
			want: "N:1NT", legal: []string{"2C"}, illegal: []string{"1NT"}},
		{name: "25B2 East refuses 1NT", calls: "1S", irr: changed(nil), ans: Answers{"unintended": no, "choice": "refuse", "comparable": yes},
			want: "N:1S", legal: []string{"1NT"}, illegal: []string{"1H"}},
		{name: "25B2 not accepted: cancelled", calls: "1S", irr: changed(nil), ans: Answers{"unintended": no},
			want: "N:1S", legal: []string{"1NT"}},
		{name: "25A1 unintended 1S replaced", calls: "1S", irr: changed(nil), ans: Answers{"unintended": yes},
			want: "N:1NT", illegal: []string{"1NT"}},
		{name: "25A6 East withdraws his pass", calls: "1S P", irr: late, ans: Answers{"unintended": yes, "choice": "withdraw"},
			want: "N:1NT", legal: []string{"2C"}, illegal: []string{"1NT"}},
		{name: "25A6 East keeps his pass", calls: "1S P", irr: late, ans: Answers{"unintended": yes, "choice": "keep"},
			want: "N:1NT E:PASS"},
		{name: "29A East accepts the late 1NT at South's turn", calls: "1S P", irr: late, ans: Answers{"unintended": no, "choice": "accept"},
			want: "N:1S E:PASS N:1NT", legal: []string{"2C"}, illegal: []string{"1NT"}},
		{name: "29B late 1NT refused: South calls, North then 1NT", calls: "1S P", irr: AuctionIrregularity{Kind: CallChanged, Offender: bridge.North, Call: call("1NT"), Replacement: &rep},
			ans: Answers{"unintended": no, "choice": "refuse", "comparable": yes}, want: "N:1S E:PASS", first: &rep},
		{name: "29A East accepts South's 1H at his turn", calls: "1S", irr: AuctionIrregularity{Kind: CallOutOfRotation, Offender: bridge.South, Call: call("1H")},
			ans: Answers{"choice": "accept"}, want: "N:1S S:1H", legal: []string{"1NT"}, illegal: []string{"1D"}},
		{name: "27A1 West accepts South's insufficient 1H", calls: "1S P", irr: AuctionIrregularity{Kind: InsufficientBid, Offender: bridge.South, Call: call("1H")},
			ans: Answers{"unintended": no, "choice": "accept"}, want: "N:1S E:PASS S:1H", legal: []string{"1S"}, illegal: []string{"1D"}},
		{name: "27B West refuses: the replacement comes first", calls: "1S P", irr: AuctionIrregularity{Kind: InsufficientBid, Offender: bridge.South, Call: call("1H"), Replacement: &rep},
			ans: Answers{"unintended": no, "choice": "refuse", "same_denomination": no, "comparable": yes}, want: "N:1S E:PASS", first: &rep},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := mustParseAuction(t, bridge.North, tt.calls)
			before := a.String()
			after, first, err := AuctionAfterRuling(a, tt.irr, tt.ans)
			if err != nil {
				t.Fatal(err)
			}
			if a.String() != before {
				t.Errorf("the recorded auction changed from %q to %q", before, a)
			}
			var got []string
			for _, r := range after.Calls() {
				got = append(got, r.Seat.String()[:1]+":"+r.Call.String())
			}
			if strings.Join(got, " ") != tt.want {
				t.Errorf("after the ruling: %v, want %s", got, tt.want)
			}
			if (first == nil) != (tt.first == nil) || first != nil && *first != *tt.first {
				t.Errorf("first call to follow: %v, want %v", first, tt.first)
			}
			for _, c := range tt.legal {
				if err := after.Legal(call(c)); err != nil {
					t.Errorf("%s's %s after %v: %v, want it legal", after.Turn(), c, got, err)
				}
			}
			for _, c := range tt.illegal {
				if err := after.Legal(call(c)); err == nil {
					t.Errorf("%s's %s after %v is legal, want it refused", after.Turn(), c, got)
				}
			}
		})
	}
	// The ruling must be complete, and a choice must be one offered.
	if _, _, err := AuctionAfterRuling(mustParseAuction(t, bridge.North, "1S"), changed(nil), Answers{}); err == nil {
		t.Error("a ruling still asking whether the change was unintended gave an auction")
	}
	_, _, err := AuctionAfterRuling(mustParseAuction(t, bridge.North, "1S P"), late, Answers{"unintended": yes, "choice": "accept"})
	var bad *AnswerError
	if !errors.As(err, &bad) || bad.ID != "choice" {
		t.Errorf("East's choice to accept an unintended call replaced under 25A: %v, want an AnswerError for choice", err)
	}
}
