package rulings

import (
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestExposedCard(t *testing.T) {
	c := func(s bridge.Suit, r bridge.Rank) bridge.Card { return bridge.Card{Suit: s, Rank: r} }
	// Trick 1: West ♦T, North ♦2, East ♦Q wins, South ♦6: East is on lead.
	eastOnLead := "DT D2 DQ D6"
	runPlayCases(t, []playCase{
		{name: "a low card asks whether it was inadvertent", plays: "DT D2",
			irr: PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Clubs, bridge.Three)}, wantQuestion: "inadvertent"},
		{name: "a low card dropped is a minor penalty card", plays: "DT D2",
			irr: PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Clubs, bridge.Three)}, ans: Answers{"inadvertent": "yes"},
			wantRestrictions: []string{"PenaltyCard W C3 minor"}, wantLaws: []string{"49", "50B", "50C", "50E"},
			wantSummary: "minor penalty card", wantAdjust: []string{"50E3"}},
		{name: "a low card played deliberately is major", plays: "DT D2",
			irr: PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Clubs, bridge.Three)}, ans: Answers{"inadvertent": "no"},
			wantRestrictions: []string{"PenaltyCard W C3 major"}, wantLaws: []string{"50D1"}, wantAdjust: []string{"50E3"}},
		{name: "an honour is major without asking", plays: "DT D2",
			irr:              PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Clubs, bridge.Jack)},
			wantRestrictions: []string{"PenaltyCard W CJ major"}, wantAdjust: []string{"50E3"}},
		{name: "a second penalty card makes both major", plays: "DT D2",
			penalty:          []PenaltyCardOnTable{{Seat: bridge.West, Card: c(bridge.Clubs, bridge.Three)}},
			irr:              PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Hearts, bridge.Eight)},
			ans:              Answers{"inadvertent": "yes"},
			wantRestrictions: []string{"PenaltyCard W C3 major", "PenaltyCard W H8 major"}, wantAdjust: []string{"50E3"}},
		{name: "partner to lead: declarer's 50D2 options", plays: eastOnLead,
			irr:         PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Spades, bridge.Ten)},
			wantOptions: []string{"require-S", "prohibit-S", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"PenaltyCard W ST major"}, wantLaws: []string{"50D1"}, wantSummary: "East is to lead", wantAdjust: []string{"50E3"}},
		{name: "declarer prohibits the suit: the card is picked up", plays: eastOnLead,
			irr:         PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Spades, bridge.Ten)},
			ans:         Answers{"choice": "prohibit-S"},
			wantOptions: []string{"require-S", "prohibit-S", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadProhibited E S"}, wantLaws: []string{"50D2"}},
		{name: "declarer requires the suit", plays: eastOnLead,
			irr:         PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Spades, bridge.Ten)},
			ans:         Answers{"choice": "require-S"},
			wantOptions: []string{"require-S", "prohibit-S", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadRequired E S"}, wantLaws: []string{"50D2"}},
		{name: "51B2 penalty cards in two suits, prohibit every suit", plays: eastOnLead,
			penalty:     []PenaltyCardOnTable{{Seat: bridge.West, Card: c(bridge.Clubs, bridge.Jack), Major: true}},
			irr:         PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Spades, bridge.Ten)},
			ans:         Answers{"choice": "prohibit-all"},
			wantOptions: []string{"require-C", "require-S", "prohibit-all", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadProhibited E CS"}, wantLaws: []string{"50D2"}},
		{name: "51B2 require one suit: the other penalty card stays", plays: eastOnLead,
			penalty:     []PenaltyCardOnTable{{Seat: bridge.West, Card: c(bridge.Clubs, bridge.Jack), Major: true}},
			irr:         PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Spades, bridge.Ten)},
			ans:         Answers{"choice": "require-C"},
			wantOptions: []string{"require-C", "require-S", "prohibit-all", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadRequired E C", "PenaltyCard W ST major"}, wantAdjust: []string{"50E3"}},
		{name: "48A declarer's exposed card", plays: "DT D2",
			irr:      PlayIrregularity{Kind: ExposedCard, Offender: bridge.South, Card: c(bridge.Spades, bridge.Seven)},
			wantLaws: []string{"48A"}, wantSummary: "not a penalty card"},
	})
}

func TestPenaltyCardNotPlayed(t *testing.T) {
	jack := []PenaltyCardOnTable{{Seat: bridge.West, Card: bridge.Card{Suit: bridge.Clubs, Rank: bridge.Jack}, Major: true}}
	three := bridge.Card{Suit: bridge.Clubs, Rank: bridge.Three}
	cases := []playCase{
		{name: "declarer may accept or require the penalty card", plays: "DT DA D4 D6 C4 C7 CA",
			irr:         PlayIrregularity{Kind: PenaltyCardNotPlayed, Offender: bridge.West, Card: three},
			wantOptions: []string{"accept", "substitute"}, wantChooser: bridge.South, wantLaws: []string{"52A"}},
		{name: "substitution makes the card played a major penalty card", plays: "DT DA D4 D6 C4 C7 CA",
			irr: PlayIrregularity{Kind: PenaltyCardNotPlayed, Offender: bridge.West, Card: three}, ans: Answers{"choice": "substitute"},
			wantOptions: []string{"accept", "substitute"}, wantChooser: bridge.South,
			wantRestrictions: []string{"PenaltyCard W C3 major"}},
		{name: "declarer has played since: he must accept", plays: "DT DA D4 D6 C4 C7 CA",
			irr:      PlayIrregularity{Kind: PenaltyCardNotPlayed, Offender: bridge.West, Card: three},
			wantLaws: []string{"52B1(a)"}, wantSummary: "must accept"},
	}
	// West's ♣3 is recorded after the penalty card was put on the table.
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := playState(t, true, tc.plays)
			if err := s.AddPenaltyCard(bridge.West, jack[0].Card, true); err != nil {
				t.Fatal(err)
			}
			plays := []string{"C3"}
			if i == 2 {
				plays = append(plays, "S4") // South won with ♣A and leads
			}
			for _, p := range plays {
				if err := s.Play(card(t, p)); err != nil {
					t.Fatal(err)
				}
			}
			r, err := RulePlay(s, tc.irr, tc.ans)
			if err != nil {
				t.Fatal(err)
			}
			checkRuling(t, tc, r)
		})
	}
	t.Run("no penalty card could be played", func(t *testing.T) {
		s := playState(t, true, "DT DA D4 D6 C4 C7 CA C3")
		_, err := RulePlay(s, PlayIrregularity{Kind: PenaltyCardNotPlayed, Offender: bridge.West, Card: three}, nil)
		if err == nil {
			t.Error("ruled on a penalty card West never had")
		}
	})
}
