package rulings

import (
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestCardFromDummyWrongly(t *testing.T) {
	wrong := PlayIrregularity{Kind: CardPlayedFromDummyWrongly, Offender: bridge.North, Card: bridge.Card{Suit: bridge.Diamonds, Rank: bridge.Ace}}
	runPlayCases(t, []playCase{
		{name: "45D found in time: withdrawn", plays: "DT DA D4", irr: wrong,
			wantLaws: []string{"45D", "16C"}, wantSummary: "must be withdrawn"},
		{name: "45D found when only one side has played to the next trick", plays: "DT DA D4 D6 C4", irr: wrong,
			wantLaws: []string{"45D"}, wantSummary: "must be withdrawn"},
		{name: "45D found after each side played to the next trick: it stands", plays: "DT DA D4 D6 C4 C7", irr: wrong,
			wantLaws: []string{"45D"}, wantSummary: "stays played"},
	})
	s := playState(t, true, "DT DA")
	if _, err := RulePlay(s, PlayIrregularity{Kind: CardPlayedFromDummyWrongly, Offender: bridge.South, Card: wrong.Card}, nil); err == nil {
		t.Error("South was taken for dummy")
	}
}

func TestRetractedCard(t *testing.T) {
	took := PlayIrregularity{Kind: RetractedCard, Offender: bridge.East, Card: bridge.Card{Suit: bridge.Diamonds, Rank: bridge.Four}}
	dummyCard := PlayIrregularity{Kind: RetractedCard, Offender: bridge.North, Card: bridge.Card{Suit: bridge.Diamonds, Rank: bridge.Two}}
	declarerCard := PlayIrregularity{Kind: RetractedCard, Offender: bridge.South, Card: bridge.Card{Suit: bridge.Diamonds, Rank: bridge.Six}}
	const plays = "DT D2 D4"
	runPlayCases(t, []playCase{
		{name: "asks why", plays: plays, irr: took, wantQuestion: "reason"},
		{name: "47A to rectify an irregularity", plays: plays, irr: took, ans: Answers{"reason": "rectify"}, wantLaws: []string{"47A"}},
		{name: "47B a defender's card withdrawn to correct an illegal play is a major penalty card", plays: plays, irr: took, ans: Answers{"reason": "illegal"},
			wantRestrictions: []string{"PenaltyCard E D4 major"}, wantLaws: []string{"47B", "49", "50B", "50D1(a)"}, wantAdjust: []string{"50E3"}},
		{name: "47B, 48A declarer's card withdrawn to correct an illegal play is no penalty card", plays: plays + " D6", irr: declarerCard, ans: Answers{"reason": "illegal"},
			wantLaws: []string{"47B", "48A"}, wantSummary: "not a penalty card"},
		{name: "47A, 48A dummy's card withdrawn in a rectification is no penalty card", plays: plays, irr: dummyCard, ans: Answers{"reason": "rectify"},
			wantLaws: []string{"47A", "48A"}, wantSummary: "never becomes a penalty card"},
		{name: "asks whether declarer's designation from dummy was unintended", plays: plays, irr: dummyCard, ans: Answers{"reason": "designation"}, wantQuestion: "unintended"},
		{name: "45C4(b) unintended designation from dummy changed", plays: plays, irr: dummyCard, ans: Answers{"reason": "designation", "unintended": "yes"},
			wantLaws: []string{"45C4(b)", "47C"}, wantSummary: "changed without rectification"},
		{name: "45C4(a) intended designation stands", plays: plays, irr: dummyCard, ans: Answers{"reason": "designation", "unintended": "no"},
			wantLaws: []string{"45C4(a)", "47F"}, wantSummary: "stays played"},
		{name: "45C4(b) is declarer's only: a defender's designation stands", plays: plays, irr: took, ans: Answers{"reason": "designation"},
			wantLaws: []string{"45C4(a)", "47F"}, wantSummary: "Only declarer's designation"},
		{name: "47D after an opponent's change: no penalty card", plays: plays, irr: took, ans: Answers{"reason": "opponent-changed"}, wantLaws: []string{"47D", "16C"}, wantSummary: "not a penalty card"},
		{name: "47E after mistaken information: no penalty card", plays: plays, irr: took, ans: Answers{"reason": "misinformed"}, wantLaws: []string{"47E"}, wantSummary: "not a penalty card"},
		{name: "47F a change of mind", plays: plays, irr: took, ans: Answers{"reason": "other"}, wantLaws: []string{"47F"}, wantSummary: "may not be withdrawn"},
	})
}

func TestSimultaneousPlay(t *testing.T) {
	c := func(s bridge.Suit, r bridge.Rank) bridge.Card { return bridge.Card{Suit: s, Rank: r} }
	runPlayCases(t, []playCase{
		{name: "58A a card played with another player's legal card", plays: "DT D2",
			irr:      PlayIrregularity{Kind: SimultaneousPlay, Offender: bridge.South, Card: c(bridge.Diamonds, bridge.Six)},
			wantLaws: []string{"58A"}, wantSummary: "deemed played after"},
		{name: "58B asks how many cards were visible", plays: "DT D2",
			irr:          PlayIrregularity{Kind: SimultaneousPlay, Offender: bridge.East, Card: c(bridge.Diamonds, bridge.Four), Cards: []bridge.Card{c(bridge.Hearts, bridge.Two)}},
			wantQuestion: "visible"},
		{name: "58B1 one card visible: the other is picked up", plays: "DT D2",
			irr:      PlayIrregularity{Kind: SimultaneousPlay, Offender: bridge.East, Card: c(bridge.Diamonds, bridge.Four), Cards: []bridge.Card{c(bridge.Hearts, bridge.Two)}},
			ans:      Answers{"visible": "one"},
			wantLaws: []string{"58B1"}, wantSummary: "without rectification"},
		{name: "58B2 several visible: a defender's other card is a penalty card", plays: "DT D2",
			irr:              PlayIrregularity{Kind: SimultaneousPlay, Offender: bridge.East, Card: c(bridge.Diamonds, bridge.Four), Cards: []bridge.Card{c(bridge.Hearts, bridge.Two)}},
			ans:              Answers{"visible": "several"},
			wantRestrictions: []string{"PenaltyCard E H2 minor"}, wantLaws: []string{"58B2", "50C"}, wantAdjust: []string{"50E3"}},
		{name: "58B2 several visible, declarer: no penalty card", plays: "DT D2 D4",
			irr:      PlayIrregularity{Kind: SimultaneousPlay, Offender: bridge.South, Card: c(bridge.Diamonds, bridge.Six), Cards: []bridge.Card{c(bridge.Diamonds, bridge.Seven)}},
			ans:      Answers{"visible": "several"},
			wantLaws: []string{"58B2"}},
	})
}
