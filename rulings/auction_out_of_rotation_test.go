package rulings

import (
	"testing"

	"github.com/bridge-director/director/bridge"
)

func outOfTurn(offender bridge.Seat, c string, rep *bridge.Call, by *bridge.Seat) AuctionIrregularity {
	return AuctionIrregularity{Kind: CallOutOfRotation, Offender: offender, Call: call(c), Replacement: rep, CalledBeforeRuling: by}
}

func TestCallOutOfRotation(t *testing.T) {
	notArtificial := Answers{"artificial_pass": no}
	runAuctionCases(t, []auctionCaseTest{
		// North deals; West bids before anyone: it is LHO's turn and West has
		// not called, so Law 31B treats it as partner's turn.
		{name: "bid at LHO's turn before the offender has called (LHO deals)", irr: outOfTurn(bridge.West, "1S", nil, nil),
			laws: []string{"29A", "29B", "31B1", "31B2", "16C2"}, notLaws: []string{"31C", "25B2"},
			options: []string{"N:accept", "N:refuse", "W:comparable", "W:other"}, ui: 1},
		{name: "28B dealer calls before the ruling", irr: outOfTurn(bridge.West, "1S", nil, seat(bridge.North)),
			laws: []string{"28B", "16C2"}, notLaws: []string{"29A", "31B2"}, ui: 1,
			says: "West's 1♠ is cancelled, the auction continues as though he had not called"},
		{name: "28B RHO calls before the ruling", irr: outOfTurn(bridge.East, "1S", nil, seat(bridge.North)),
			laws: []string{"28B"}, notLaws: []string{"31A1"}, ui: 1},
		{name: "29A LHO calls over it: accepted", irr: outOfTurn(bridge.East, "1S", nil, seat(bridge.South)),
			laws: []string{"29A"}, notLaws: []string{"29B", "31A1"}, says: "accepted it: it stands"},
		{name: "31A before RHO has called", irr: outOfTurn(bridge.East, "1S", nil, nil),
			laws:    []string{"31A1", "31A1", "31A2(a)", "31A2(b)"},
			options: []string{"S:accept", "S:refuse", "E:repeat", "E:comparable", "E:other"}},
		{name: "31A1 asks whether RHO passed", irr: outOfTurn(bridge.East, "1S", callPtr("1S"), nil), question: "rho_passed"},
		{name: "31A1 RHO passed, offender repeats", irr: outOfTurn(bridge.East, "1S", callPtr("1S"), nil), ans: Answers{"rho_passed": yes},
			laws: []string{"31A1"}, notLaws: []string{"31A2(b)"}, options: []string{"S:accept", "S:refuse"}},
		{name: "31A2(a) RHO bid, comparable call", calls: "", irr: outOfTurn(bridge.East, "1S", callPtr("2S"), nil),
			ans:  Answers{"rho_passed": no, "comparable": yes},
			laws: []string{"31A2(a)", "23C"}, notLaws: []string{"26B"}, options: []string{"S:accept", "S:refuse"}, adjust: []string{"23C"}},
		{name: "31A2(b) RHO bid, call not comparable", irr: outOfTurn(bridge.East, "1S", callPtr("2H"), nil),
			ans:      Answers{"specified_suits": "H", "rho_passed": no, "comparable": no},
			laws:     []string{"31A2(b)", "16C2", "26B", "72C"},
			options:  []string{"S:accept", "S:refuse"},
			restrict: []string{"MustPassNextTurn:W", "LeadProhibitedOneOf:W:CDS"}, adjust: []string{"72C"}, ui: 1},
		{name: "31B partner's turn, later call not comparable", calls: "1D", irr: outOfTurn(bridge.West, "1S", callPtr("1NT"), nil),
			ans:     Answers{"specified_suits": "none", "comparable": no},
			laws:    []string{"31B1", "31B2", "31A2(b)"},
			options: []string{"N:accept", "N:refuse"}, restrict: []string{"MustPassNextTurn:E", "LeadProhibitedOneOf:E:CDHS"},
			adjust: []string{"72C"}, ui: 2},
		// East, whose turn it was, bid over West's 1S before the director
		// came: 28B is for an opponent's call only, and the Laws do not say
		// what follows a partner's, so the ruling leaves it to the director.
		{name: "31B partner called at his turn before the ruling: the director's", calls: "1D", irr: outOfTurn(bridge.West, "1S", nil, seat(bridge.East)),
			laws: []string{"29A", "29B", "31B1", "31B2", "81C2", "12A1"}, notLaws: []string{"28B"},
			options: []string{"N:accept", "N:refuse", "W:comparable", "W:other"}, adjust: []string{"12A1"}, ui: 1,
			says: "East, whose turn it was, called before the director came: Law 28B settles that only for an opponent of West, and no law says what follows a call by his partner"},
		{name: "31C later bid at LHO's turn is a change of call", calls: "1D 1H", irr: outOfTurn(bridge.East, "1S", nil, nil),
			ans: Answers{"unintended": no}, laws: []string{"31C", "25B2", "25B1", "25B2"}, options: []string{"S:accept", "S:refuse"},
			adjust: []string{"72C"}, ui: 1},
		{name: "28A call at RHO's turn when RHO must pass is in rotation", calls: "1S",
			barred: &Restriction{Kind: MustPassNextTurn, Seat: bridge.East, Law: "30A"},
			irr:    outOfTurn(bridge.South, "2S", nil, nil), laws: []string{"28A"}, notLaws: []string{"31A1"}},

		// Passes out of rotation at each seat (Law 30).
		{name: "30C question first", irr: outOfTurn(bridge.East, "P", nil, nil), question: "artificial_pass"},
		{name: "30A pass at RHO's turn", irr: outOfTurn(bridge.East, "P", nil, nil), ans: notArtificial,
			laws: []string{"30A"}, notLaws: []string{"26B", "30B1(a)"}, options: []string{"S:accept", "S:refuse"},
			restrict: []string{"MustPassNextTurn:E"}, adjust: []string{"72C"}},
		{name: "30B1 pass at partner's turn", calls: "1S", irr: outOfTurn(bridge.West, "P", nil, nil), ans: notArtificial,
			laws:    []string{"30B1(a)", "16C2", "30B1(b)(i)", "30B1(b)(ii)"},
			options: []string{"N:accept", "N:refuse", "W:comparable", "W:other"}, ui: 1},
		{name: "30B1(b)(ii) later call not comparable", calls: "1S", irr: outOfTurn(bridge.West, "P", callPtr("2H"), nil),
			ans:     Answers{"specified_suits": "H", "artificial_pass": no, "comparable": no},
			laws:    []string{"30B1(b)(ii)", "26B"},
			options: []string{"N:accept", "N:refuse"}, restrict: []string{"MustPassNextTurn:E", "LeadProhibitedOneOf:E:CDS"},
			adjust: []string{"72C"}, ui: 2},
		{name: "30B1(b)(i) later pass comparable", calls: "1S", irr: outOfTurn(bridge.West, "P", callPtr("P"), nil),
			ans:  Answers{"artificial_pass": no, "comparable": yes},
			laws: []string{"30B1(b)(i)", "23C"}, notLaws: []string{"26B"},
			options: []string{"N:accept", "N:refuse"}, adjust: []string{"23C"}, ui: 1},
		{name: "30B1 pass at LHO's turn before the offender has called", irr: outOfTurn(bridge.West, "P", nil, nil), ans: notArtificial,
			laws: []string{"30B1(a)"}, notLaws: []string{"30A", "30B2"},
			options: []string{"N:accept", "N:refuse", "W:comparable", "W:other"}, ui: 1},
		{name: "30B2 pass at LHO's turn after calling is a change of call", calls: "1S 2H", irr: outOfTurn(bridge.East, "P", nil, nil),
			ans: Answers{"unintended": no}, laws: []string{"30B2", "25B2"}, options: []string{"S:accept", "S:refuse"},
			adjust: []string{"72C"}, ui: 1},
		{name: "32C double at LHO's turn after calling is a change of call", calls: "1S 2H", irr: outOfTurn(bridge.East, "X", nil, nil),
			ans: Answers{"unintended": no}, laws: []string{"32C", "25B2"}, options: []string{"S:accept", "S:refuse"},
			adjust: []string{"72C"}, ui: 1},
		{name: "31C insufficient bid at LHO's turn after calling is a change of call", calls: "1S 2H",
			irr: AuctionIrregularity{Kind: InsufficientBid, Offender: bridge.East, Call: call("1H")},
			ans: Answers{"unintended": no}, laws: []string{"31C", "25B2"}, notLaws: []string{"27B"}, options: []string{"S:accept", "S:refuse"},
			adjust: []string{"72C"}, ui: 1},
		{name: "30C artificial pass is ruled as a bid", irr: outOfTurn(bridge.East, "P", nil, nil), ans: Answers{"artificial_pass": yes},
			laws: []string{"30C", "31A1", "31A1"}, notLaws: []string{"30A"},
			options: []string{"S:accept", "S:refuse", "E:repeat", "E:comparable", "E:other"}},

		// Doubles and redoubles out of rotation (Law 32).
		{name: "32B double at partner's turn", calls: "1S", irr: outOfTurn(bridge.West, "X", nil, nil),
			laws:    []string{"32B1", "32B2", "16C2"},
			options: []string{"N:accept", "N:refuse", "W:comparable", "W:other"}, ui: 1},
		{name: "32A double at RHO's turn", calls: "1S 2H P", irr: outOfTurn(bridge.North, "X", nil, nil),
			laws:    []string{"32A1", "32A1", "32A2(a)", "32A2(b)"},
			options: []string{"E:accept", "E:refuse", "N:repeat", "N:comparable", "N:other"}},
		{name: "32A1 RHO passed, double repeated", calls: "1S 2H P", irr: outOfTurn(bridge.North, "X", callPtr("X"), nil),
			ans: Answers{"rho_passed": yes}, laws: []string{"32A1"}, options: []string{"E:accept", "E:refuse"}},
		{name: "32A2(b) RHO acted, call not comparable", calls: "1S 2H P", irr: outOfTurn(bridge.North, "X", callPtr("3S"), nil),
			ans:     Answers{"specified_suits": "S", "rho_passed": no, "comparable": no},
			laws:    []string{"32A2(b)"},
			options: []string{"E:accept", "E:refuse"}, restrict: []string{"MustPassNextTurn:S", "LeadProhibitedOneOf:S:CDH"},
			adjust: []string{"72C"}, ui: 1},
		{name: "32 inadmissible double out of rotation is Law 36 and cannot be accepted", ans: Answers{"specified_suits": "none"}, calls: "1S", irr: outOfTurn(bridge.South, "X", nil, nil),
			laws: []string{"35A", "36B4", "26B"}, notLaws: []string{"29A", "32A1"},
			restrict: []string{"MustPassThroughout:N", "LeadProhibitedOneOf:N:CDHS"}, adjust: []string{"72C"}, ui: 1},

		// Simultaneous calls (Law 33): the call of the player whose turn it
		// was is in the auction already.
		{name: "33 simultaneous call then in rotation", calls: "1S", irr: AuctionIrregularity{Kind: SimultaneousCalls, Offender: bridge.East, Call: call("2H")},
			laws: []string{"33"}},
		{name: "33 simultaneous call then out of rotation", calls: "1S", irr: AuctionIrregularity{Kind: SimultaneousCalls, Offender: bridge.South, Call: call("2S")},
			laws: []string{"33", "31A1"}, options: []string{"W:accept", "W:refuse", "S:repeat", "S:comparable", "S:other"}},
		{name: "33 simultaneous call then insufficient", calls: "1S", irr: AuctionIrregularity{Kind: SimultaneousCalls, Offender: bridge.East, Call: call("1H")},
			ans: Answers{"unintended": no}, laws: []string{"33", "27B"},
			options: []string{"S:accept", "S:refuse", "E:same_denomination", "E:comparable", "E:other", "E:double"}},
	})
}
