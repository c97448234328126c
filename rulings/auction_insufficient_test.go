package rulings

import (
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// North opens 1NT; East bids an insufficient 1♠ over it.
func insufficient(rep *bridge.Call, by *bridge.Seat) AuctionIrregularity {
	return AuctionIrregularity{Kind: InsufficientBid, Offender: bridge.East, Call: call("1S"), Replacement: rep, CalledBeforeRuling: by}
}

func TestInsufficientBid(t *testing.T) {
	runAuctionCases(t, []auctionCaseTest{
		{name: "25A is asked first", calls: "1NT", irr: insufficient(nil, nil), question: "unintended"},
		{name: "25A unintended call replaced", calls: "1NT", irr: insufficient(nil, nil), ans: Answers{"unintended": yes},
			laws: []string{"25A1"}, notLaws: []string{"27B"}},
		{name: "25A not open once partner has called", calls: "1NT", irr: insufficient(nil, seat(bridge.West)),
			question: "", laws: []string{"27B"}, notLaws: []string{"25A1"},
			options: []string{"S:accept", "S:refuse", "E:same_denomination", "E:comparable", "E:other", "E:double"}},
		{name: "27A1 LHO accepts by calling", calls: "1NT", irr: insufficient(nil, seat(bridge.South)), ans: Answers{"unintended": no},
			laws: []string{"27A1"}, notLaws: []string{"27B2"}},
		{name: "27B choices before a replacement", calls: "1NT", irr: insufficient(nil, nil), ans: Answers{"unintended": no},
			laws:    []string{"27A1", "27B1(a)", "27B1(b)", "27B2", "27B3"},
			options: []string{"S:accept", "S:refuse", "E:same_denomination", "E:comparable", "E:other", "E:double"}},
		{name: "27B1(a) asks same denomination", calls: "1NT", irr: insufficient(callPtr("2S"), nil), ans: Answers{"unintended": no},
			question: "same_denomination"},
		{name: "27B1(a) lowest bid same denomination", calls: "1NT", irr: insufficient(callPtr("2S"), nil),
			ans:  Answers{"unintended": no, "same_denomination": yes},
			laws: []string{"27B1(a)"}, notLaws: []string{"26B", "16C2"}, options: []string{"S:accept", "S:refuse"}, adjust: []string{"27D"}},
		{name: "27B1(b) comparable replacement", calls: "1NT", irr: insufficient(callPtr("2C"), nil),
			ans:  Answers{"unintended": no, "same_denomination": no, "comparable": yes},
			laws: []string{"27B1(b)"}, notLaws: []string{"26B"}, options: []string{"S:accept", "S:refuse"}, adjust: []string{"27D"}},
		{name: "27B2 not comparable: partner passes throughout, 26B", calls: "1NT", irr: insufficient(callPtr("2H"), nil),
			ans:     Answers{"specified_suits": "H", "unintended": no, "same_denomination": no, "comparable": no},
			laws:    []string{"27B2", "26B", "72C"},
			options: []string{"S:accept", "S:refuse"},
			// East has specified hearts with 2H: declarer chooses among the other suits.
			restrict: []string{"MustPassThroughout:W", "LeadProhibitedOneOf:W:CDS"}, adjust: []string{"72C"}, ui: 1},
		{name: "3H cannot be the lowest sufficient bid: asked only comparability", calls: "1NT", irr: insufficient(callPtr("3H"), nil),
			ans: Answers{"unintended": no}, question: "comparable"},
		{name: "27B2 pass replacement is asked only comparability", calls: "1NT", irr: insufficient(callPtr("P"), nil),
			ans: Answers{"unintended": no}, question: "comparable"},
		{name: "26B suits corrected by the director", calls: "1NT", irr: insufficient(callPtr("2H"), nil),
			ans:  Answers{"unintended": no, "same_denomination": no, "comparable": no, "specified_suits": "HS"},
			laws: []string{"27B2"}, options: []string{"S:accept", "S:refuse"},
			restrict: []string{"MustPassThroughout:W", "LeadProhibitedOneOf:W:CD"}, adjust: []string{"72C"}, ui: 1},
		{name: "27B3 insufficient bid corrected to a double", calls: "1NT", irr: insufficient(callPtr("X"), nil),
			ans:  Answers{"specified_suits": "none", "unintended": no, "comparable": no},
			laws: []string{"27B3", "26B", "72C"}, notLaws: []string{"27B1(a)"}, options: []string{"S:accept", "S:refuse"},
			restrict: []string{"MustPassThroughout:W", "LeadProhibitedOneOf:W:CDHS"}, adjust: []string{"72C"}, ui: 2},
		{name: "27B1(b) comparable double", calls: "1NT", irr: insufficient(callPtr("X"), nil),
			ans:  Answers{"unintended": no, "comparable": yes},
			laws: []string{"27B1(b)"}, notLaws: []string{"27B3"}, options: []string{"S:accept", "S:refuse"}, adjust: []string{"27D"}},
		{name: "27B4 another insufficient bid", dealer: bridge.North, calls: "1NT",
			irr: AuctionIrregularity{Kind: InsufficientBid, Offender: bridge.East, Call: call("1S"), Replacement: callPtr("1H")},
			ans: Answers{"unintended": no}, laws: []string{"27B4"}, options: []string{"S:accept", "S:refuse"}, adjust: []string{"72C"}, ui: 1},
		{name: "27A2 insufficient bid out of rotation is Law 31", calls: "1NT",
			irr:     AuctionIrregularity{Kind: InsufficientBid, Offender: bridge.West, Call: call("1S")},
			laws:    []string{"27A2", "31B1", "31B2"},
			options: []string{"N:accept", "N:refuse", "W:comparable", "W:other"}, ui: 1},
	})
}

// East replaced his insufficient 1S with 2S before anyone called the
// director (Law 27C): the replacement stands unless South accepts 1S, and
// it is ruled like any other.
func TestPrematureReplacement(t *testing.T) {
	early := func(rep string) AuctionIrregularity {
		irr := insufficient(callPtr(rep), nil)
		irr.ReplacedBeforeRuling = true
		return irr
	}
	runAuctionCases(t, []auctionCaseTest{
		{name: "27C and 27B1(a)", calls: "1NT", irr: early("2S"), ans: Answers{"unintended": no, "same_denomination": yes},
			laws: []string{"27B1(a)", "27C"}, options: []string{"S:accept", "S:refuse"}, adjust: []string{"27D"},
			says: "East replaced the insufficient bid before the director was called: 2♠ stands unless South accepts the insufficient 1♠ (Law 27C)."},
		{name: "27C and 27B2", calls: "1NT", irr: early("2H"), ans: Answers{"unintended": no, "same_denomination": no, "comparable": no, "specified_suits": "H"},
			laws: []string{"27B2", "27C", "26B"}, options: []string{"S:accept", "S:refuse"},
			restrict: []string{"MustPassThroughout:W", "LeadProhibitedOneOf:W:CDS"}, adjust: []string{"72C"}, ui: 1},
		{name: "27C waits for the judgement of 27B1(a)", calls: "1NT", irr: early("2S"), ans: Answers{"unintended": no}, question: "same_denomination"},
		{name: "no 27C when the replacement came after the ruling", calls: "1NT", irr: insufficient(callPtr("2S"), nil), ans: Answers{"unintended": no, "same_denomination": yes},
			laws: []string{"27B1(a)"}, notLaws: []string{"27C"}, options: []string{"S:accept", "S:refuse"}, adjust: []string{"27D"}},
	})
	a := mustParseAuction(t, bridge.North, "1NT")
	for _, irr := range []AuctionIrregularity{
		{Kind: InsufficientBid, Offender: bridge.East, Call: call("1S"), ReplacedBeforeRuling: true},
		{Kind: CallOutOfRotation, Offender: bridge.West, Call: call("2S"), Replacement: callPtr("2S"), ReplacedBeforeRuling: true},
	} {
		if _, err := RuleAuction(a, irr, nil); err == nil || !strings.Contains(err.Error(), "27C") {
			t.Errorf("RuleAuction(%+v): err = %v, want the 27C misuse named", irr, err)
		}
	}
}
