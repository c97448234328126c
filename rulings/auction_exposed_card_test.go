package rulings

import (
	"testing"

	"github.com/bridge-director/director/bridge"
)

func exposed(card string) AuctionIrregularity {
	c, err := bridge.ParseCard(card)
	if err != nil {
		panic(err)
	}
	return AuctionIrregularity{Kind: CardExposedDuringAuction, Offender: bridge.East, Card: c}
}

func TestCardExposedDuringAuction(t *testing.T) {
	runAuctionCases(t, []auctionCaseTest{
		{name: "low card: asks whether led", calls: "1S", irr: exposed("H4"), question: "led"},
		{name: "low card: asks whether more cards", calls: "1S", irr: exposed("H4"), ans: Answers{"led": no}, question: "more_cards"},
		{name: "24A single low card not led", calls: "1S", irr: exposed("H4"), ans: Answers{"led": no, "more_cards": no},
			laws: []string{"24", "24A", "24E", "50B"}, notLaws: []string{"24B", "72C"}, restrict: []string{"PenaltyCard:E:minor"}, ui: 1},
		{name: "24B low card led prematurely", calls: "1S", irr: exposed("H4"), ans: Answers{"led": yes},
			laws: []string{"24B"}, restrict: []string{"MustPassNextTurn:W", "PenaltyCard:E:major"}, adjust: []string{"72C"}, ui: 1},
		{name: "24B honour", calls: "1S", irr: exposed("ST"),
			laws: []string{"24B", "24D", "24E"}, restrict: []string{"MustPassNextTurn:W", "PenaltyCard:E:major"}, adjust: []string{"72C"}, ui: 1},
		{name: "24C two cards", calls: "1S", irr: exposed("C2"), ans: Answers{"led": no, "more_cards": yes},
			laws: []string{"24C"}, restrict: []string{"MustPassNextTurn:W", "PenaltyCard:E:major"}, adjust: []string{"72C"}, ui: 1},
		{name: "24B after the final pass: no pass left to make", calls: "1S P P P", irr: exposed("SK"),
			laws: []string{"24B"}, restrict: []string{"PenaltyCard:E:major"}, adjust: []string{"72C"}, ui: 1},
	})
}
