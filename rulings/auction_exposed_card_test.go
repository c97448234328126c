package rulings

import (
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// exposed is East exposing cards during the auction, the first as Card.
func exposed(cards ...string) AuctionIrregularity {
	irr := AuctionIrregularity{Kind: CardExposedDuringAuction, Offender: bridge.East}
	for i, s := range cards {
		c, err := bridge.ParseCard(s)
		if err != nil {
			panic(err)
		}
		if i == 0 {
			irr.Card = c
		} else {
			irr.Cards = append(irr.Cards, c)
		}
	}
	return irr
}

func TestCardExposedDuringAuction(t *testing.T) {
	runAuctionCases(t, []auctionCaseTest{
		{name: "low card: asks whether led", calls: "1S", irr: exposed("H4"), question: "led"},
		{name: "24A single low card not led", calls: "1S", irr: exposed("H4"), ans: Answers{"led": no},
			laws: []string{"24", "24A", "24E", "50B"}, notLaws: []string{"24B", "72C"}, restrict: []string{"PenaltyCard:E:minor"}, ui: 1},
		{name: "24B low card led prematurely", calls: "1S", irr: exposed("H4"), ans: Answers{"led": yes},
			laws: []string{"24B"}, restrict: []string{"MustPassNextTurn:W", "PenaltyCard:E:major"}, adjust: []string{"72C"}, ui: 1},
		{name: "24B honour", calls: "1S", irr: exposed("ST"),
			laws: []string{"24B", "24D", "24E"}, restrict: []string{"MustPassNextTurn:W", "PenaltyCard:E:major"}, adjust: []string{"72C"}, ui: 1},
		{name: "24C two cards listed: no question, each a major penalty card", calls: "1S", irr: exposed("HK", "D4"),
			laws: []string{"24C", "24E", "50B"}, notLaws: []string{"24A", "24B"}, restrict: []string{"MustPassNextTurn:W", "PenaltyCard:E:major", "PenaltyCard:E:major"},
			adjust: []string{"72C"}, ui: 1, says: "East's ♥K and ♦4 stay face up"},
		{name: "24C two low cards", calls: "1S", irr: exposed("D4", "D3"),
			laws: []string{"24C"}, restrict: []string{"MustPassNextTurn:W", "PenaltyCard:E:major", "PenaltyCard:E:major"}, adjust: []string{"72C"}, ui: 1},
		{name: "24B after the final pass: no pass left to make", calls: "1S P P P", irr: exposed("SK"),
			laws: []string{"24B"}, restrict: []string{"PenaltyCard:E:major"}, adjust: []string{"72C"}, ui: 1},
	})
}

// TestEveryExposedCardIsAPenaltyCard: West exposes ♥K and ♦4 during the
// auction; each becomes a penalty card of its own for the play (Law 24E),
// major as one of two (50B).
func TestEveryExposedCardIsAPenaltyCard(t *testing.T) {
	a, err := ParseAuction(bridge.North, "1S")
	if err != nil {
		t.Fatal(err)
	}
	irr := exposed("HK", "D4")
	irr.Offender = bridge.West
	r, err := RuleAuction(a, irr, nil)
	if err != nil {
		t.Fatal(err)
	}
	var cards []string
	for _, x := range r.Restrictions {
		if x.Kind != PenaltyCard {
			continue
		}
		cards = append(cards, x.Card.String())
		if x.Seat != bridge.West || !x.Major || x.Law != "24E" || !strings.Contains(x.Reason, "one of two or more") {
			t.Errorf("%s: %+v, want West's major penalty card under 24E, one of two", x.Card.Symbol(), x)
		}
	}
	if strings.Join(cards, " ") != "HK D4" {
		t.Errorf("penalty cards %v, want HK D4", cards)
	}
}
