package rulings

import (
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestInadmissibleCalls(t *testing.T) {
	eastBarred := &Restriction{Kind: MustPassNextTurn, Seat: bridge.East, Law: "31A2(b)"}
	barredCall := func(by *bridge.Seat) AuctionIrregularity {
		return AuctionIrregularity{Kind: CallWhileBarred, Offender: bridge.East, Call: call("2H"), CalledBeforeRuling: by}
	}
	aboveSeven := func(by *bridge.Seat) AuctionIrregularity {
		return AuctionIrregularity{Kind: BidAboveSeven, Offender: bridge.East, Call: bridge.Bid(8, bridge.StrainClubs), CalledBeforeRuling: by}
	}
	afterEnd := func(by bridge.Seat, c string) AuctionIrregularity {
		return AuctionIrregularity{Kind: CallAfterFinalPass, Offender: by, Call: call(c)}
	}
	runAuctionCases(t, []auctionCaseTest{
		// Law 36: South doubles partner's 1♠.
		{name: "36 asks 25A first", calls: "1S P", irr: AuctionIrregularity{Kind: InadmissibleCall, Offender: bridge.South, Call: call("X")},
			question: "unintended"},
		{name: "36B in rotation", calls: "1S P", irr: AuctionIrregularity{Kind: InadmissibleCall, Offender: bridge.South, Call: call("X")},
			ans: Answers{"specified_suits": "none", "unintended": no}, laws: []string{"35A", "36B1", "36B2", "26B", "72C"}, notLaws: []string{"29A"},
			restrict: []string{"MustPassThroughout:N", "LeadProhibitedOneOf:N:CDHS"}, adjust: []string{"72C"}, ui: 1},
		{name: "36A LHO called first", calls: "1S P", irr: AuctionIrregularity{Kind: InadmissibleCall, Offender: bridge.South, Call: call("X"), CalledBeforeRuling: seat(bridge.West)},
			ans: Answers{"unintended": no}, laws: []string{"36A"}, notLaws: []string{"26B", "36B1"}, ui: 2},
		{name: "35 redouble without a double", calls: "1S", irr: AuctionIrregularity{Kind: InadmissibleCall, Offender: bridge.East, Call: call("XX")},
			ans: Answers{"specified_suits": "none", "unintended": no}, laws: []string{"36B1"}, restrict: []string{"MustPassThroughout:W", "LeadProhibitedOneOf:W:CDHS"}, adjust: []string{"72C"}, ui: 1},

		// Law 37: East had to pass.
		{name: "37B barred call cancelled, both offenders pass throughout", calls: "1S", barred: eastBarred, irr: barredCall(nil),
			ans:      Answers{"specified_suits": "none", "unintended": no},
			laws:     []string{"35B", "37B1", "37B2", "26B", "72C"},
			restrict: []string{"MustPassThroughout:E", "MustPassThroughout:W", "LeadProhibitedOneOf:W:CDHS"}, adjust: []string{"72C"}, ui: 1},
		{name: "37A LHO called: the calls stand", calls: "1S", barred: eastBarred, irr: barredCall(seat(bridge.South)),
			ans: Answers{"unintended": no}, laws: []string{"37A"}, notLaws: []string{"37B1", "37B2", "26B"}, adjust: []string{"72C"},
			says: "that call and every later call stand, and there is no Law 26 lead restriction."},
		{name: "37A throughout obligation continues", calls: "1S",
			barred: &Restriction{Kind: MustPassThroughout, Seat: bridge.East, Law: "27B2"}, irr: barredCall(seat(bridge.South)),
			ans: Answers{"unintended": no}, laws: []string{"37A"}, notLaws: []string{"37B1", "37B2", "26B"}, adjust: []string{"72C"},
			says: "East must still pass at every later turn"},

		// Law 38.
		{name: "38 bid of more than seven", calls: "7NT", irr: aboveSeven(nil), ans: Answers{"specified_suits": "none", "unintended": no},
			laws:     []string{"35C", "38A", "38B", "38C", "38D", "26B"},
			restrict: []string{"MustPassThroughout:E", "MustPassThroughout:W", "LeadProhibitedOneOf:W:CDHS"}, adjust: []string{"72C"}, ui: 1},
		{name: "38 LHO called first: no 26B or 72C", calls: "7NT", irr: aboveSeven(seat(bridge.South)), ans: Answers{"unintended": no},
			laws: []string{"38B", "38C", "38D"}, notLaws: []string{"26B"},
			restrict: []string{"MustPassThroughout:E", "MustPassThroughout:W"}, ui: 1},

		// Law 39: North declares 1♠.
		{name: "39C bid by a defender", ans: Answers{"specified_suits": "none"}, calls: "1S P P P", irr: afterEnd(bridge.East, "2H"),
			laws: []string{"35D", "39A", "39C", "16C2", "26B"}, restrict: []string{"LeadProhibitedOneOf:W:CDHS"}, ui: 1},
		{name: "39B pass by a defender", calls: "1S P P P", irr: afterEnd(bridge.West, "P"),
			laws: []string{"39A", "39B"}, notLaws: []string{"39C"}},
		{name: "39B call by declarer's side", calls: "1S P P P", irr: afterEnd(bridge.South, "2S"),
			laws: []string{"39A", "39B"}, notLaws: []string{"26B"}},
		{name: "39 after a pass-out", calls: "P P P P", irr: afterEnd(bridge.East, "1H"),
			laws: []string{"39A"}, notLaws: []string{"39C"}},
	})
}
