package rulings

import (
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestExposedCard(t *testing.T) {
	c := func(s bridge.Suit, r bridge.Rank) bridge.Card { return bridge.Card{Suit: s, Rank: r} }
	// Trick 1: West ♦T, North ♦2, East ♦Q wins, South ♦6: East is on lead.
	eastOnLead := "DT D2 DQ D6"
	twoSuits := []string{"require-C", "require-S", "prohibit-C", "prohibit-S", "prohibit-CS", "free"}
	runPlayCases(t, []playCase{
		{name: "a low card asks whether it was inadvertent", plays: "DT D2",
			irr: PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Clubs, bridge.Three)}, wantQuestion: "inadvertent"},
		{name: "a low card dropped is a minor penalty card", plays: "DT D2",
			irr: PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Clubs, bridge.Three)}, ans: Answers{"inadvertent": "yes"},
			wantRestrictions: []string{"PenaltyCard W C3 minor"}, wantLaws: []string{"49", "50B", "50C", "50E2"},
			wantSummary: "minor penalty card", wantAdjust: []string{"50E3"}},
		{name: "a low card played deliberately is major", plays: "DT D2",
			irr: PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Clubs, bridge.Three)}, ans: Answers{"inadvertent": "no"},
			wantRestrictions: []string{"PenaltyCard W C3 major"}, wantLaws: []string{"50D1(a)"}, wantAdjust: []string{"50E3"}},
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
			wantRestrictions: []string{"PenaltyCard W ST major"}, wantLaws: []string{"50D1(a)"}, wantSummary: "East is to lead", wantAdjust: []string{"50E3"}},
		{name: "declarer prohibits the suit: the card is picked up", plays: eastOnLead,
			irr:         PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Spades, bridge.Ten)},
			ans:         Answers{"choice": "prohibit-S"},
			wantOptions: []string{"require-S", "prohibit-S", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadProhibited E S"}, wantLaws: []string{"50D2(a)"}},
		{name: "declarer requires the suit", plays: eastOnLead,
			irr:         PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Spades, bridge.Ten)},
			ans:         Answers{"choice": "require-S"},
			wantOptions: []string{"require-S", "prohibit-S", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadRequired E S"}, wantLaws: []string{"50D2(a)"}},
		{name: "50D2 a penalty card recorded at an earlier trick: declarer's options now", plays: "DT D2",
			penalty: []PenaltyCardOnTable{{Seat: bridge.West, Card: c(bridge.Clubs, bridge.Jack), Major: true}}, after: "DQ D6",
			irr:         PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Spades, bridge.Ten)},
			wantOptions: twoSuits, wantChooser: bridge.South,
			wantRestrictions: []string{"PenaltyCard W CJ major", "PenaltyCard W ST major"}, wantLaws: []string{"50D1(a)", "51A"}, wantAdjust: []string{"50E3"}},
		{name: "51B2(b) penalty cards in two suits, prohibit both", plays: eastOnLead,
			penalty:     []PenaltyCardOnTable{{Seat: bridge.West, Card: c(bridge.Clubs, bridge.Jack), Major: true}},
			irr:         PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Spades, bridge.Ten)},
			ans:         Answers{"choice": "prohibit-CS"},
			wantOptions: twoSuits, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadProhibited E CS"}, wantLaws: []string{"51B2(b)"}},
		{name: "51B2(b) prohibit one of the suits: the other suit's penalty card stays", plays: eastOnLead,
			penalty:     []PenaltyCardOnTable{{Seat: bridge.West, Card: c(bridge.Clubs, bridge.Jack), Major: true}},
			irr:         PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Spades, bridge.Ten)},
			ans:         Answers{"choice": "prohibit-C"},
			wantOptions: twoSuits, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadProhibited E C", "PenaltyCard W ST major"}, wantLaws: []string{"51B2(b)", "50D1(a)"}, wantAdjust: []string{"50E3"}},
		{name: "51B2(a) require one suit: the other penalty card stays", plays: eastOnLead,
			penalty:     []PenaltyCardOnTable{{Seat: bridge.West, Card: c(bridge.Clubs, bridge.Jack), Major: true}},
			irr:         PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Spades, bridge.Ten)},
			ans:         Answers{"choice": "require-C"},
			wantOptions: twoSuits, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadRequired E C", "PenaltyCard W ST major"}, wantLaws: []string{"51B2(a)"}, wantAdjust: []string{"50E3"}},
		{name: "51B2 three suits: declarer may prohibit any one or more of them", plays: eastOnLead,
			penalty: []PenaltyCardOnTable{{Seat: bridge.West, Card: c(bridge.Clubs, bridge.Jack), Major: true}},
			irr:     PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Spades, bridge.Ten), Cards: []bridge.Card{c(bridge.Hearts, bridge.Eight)}},
			ans:     Answers{"choice": "prohibit-HS"},
			wantOptions: []string{"require-C", "require-H", "require-S",
				"prohibit-C", "prohibit-H", "prohibit-CH", "prohibit-S", "prohibit-CS", "prohibit-HS", "prohibit-CHS", "free"},
			wantChooser: bridge.South, wantRestrictions: []string{"LeadProhibited E HS", "PenaltyCard W CJ major"},
			wantLaws: []string{"49", "50B", "51B2(b)"}, wantAdjust: []string{"50E3"}},
		{name: "51B1(a) two penalty cards in one suit, that suit required: both picked up", plays: eastOnLead,
			penalty:     []PenaltyCardOnTable{{Seat: bridge.West, Card: c(bridge.Clubs, bridge.Jack), Major: true}},
			irr:         PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Clubs, bridge.Three)},
			ans:         Answers{"choice": "require-C"},
			wantOptions: []string{"require-C", "prohibit-C", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadRequired E C"}, wantLaws: []string{"51B1(a)"}},
		{name: "51B1(b) two penalty cards in one suit, that suit prohibited: both picked up", plays: eastOnLead,
			penalty:     []PenaltyCardOnTable{{Seat: bridge.West, Card: c(bridge.Clubs, bridge.Jack), Major: true}},
			irr:         PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Clubs, bridge.Three)},
			ans:         Answers{"choice": "prohibit-C"},
			wantOptions: []string{"require-C", "prohibit-C", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadProhibited E C"}, wantLaws: []string{"51B1(b)"}},
		{name: "50D2(b) declarer lets partner lead anything: both stay, declarer designates", plays: eastOnLead,
			penalty:     []PenaltyCardOnTable{{Seat: bridge.West, Card: c(bridge.Clubs, bridge.Jack), Major: true}},
			irr:         PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Clubs, bridge.Three)},
			ans:         Answers{"choice": "free"},
			wantOptions: []string{"require-C", "prohibit-C", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"PenaltyCard W CJ major", "PenaltyCard W C3 major"}, wantLaws: []string{"50D2(b)", "51A"},
			wantSummary: "declarer designates", wantAdjust: []string{"50E3"}},
		{name: "49 every card exposed at once is a penalty card of its own, all major", plays: "DT D2",
			irr:              PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Clubs, bridge.Three), Cards: []bridge.Card{c(bridge.Hearts, bridge.Eight)}},
			wantRestrictions: []string{"PenaltyCard W C3 major", "PenaltyCard W H8 major"}, wantLaws: []string{"49", "50B", "50D1(a)", "51A"}, wantAdjust: []string{"50E3"}},
		{name: "50B a low card joining a penalty card on the table: major without asking", plays: "DT D2",
			penalty:          []PenaltyCardOnTable{{Seat: bridge.West, Card: c(bridge.Clubs, bridge.Three)}},
			irr:              PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: c(bridge.Hearts, bridge.Eight)},
			wantRestrictions: []string{"PenaltyCard W C3 major", "PenaltyCard W H8 major"}, wantAdjust: []string{"50E3"}},
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
			wantLaws: []string{"52B1(b)", "52B1(c)"}, wantSummary: "must accept"},
	}
	// West's ♣3 is recorded after the penalty card was put on the table.
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := playState(t, true, tc.plays)
			if err := s.AddPenaltyCard(bridge.West, jack[0].Card, true); err != nil {
				t.Fatal(err)
			}
			plays := []string{"C3"}
			if tc.name == "declarer has played since: he must accept" {
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
	// 50C: West's ♣3 is a minor penalty card. Playing ♣J, an honour, to
	// the club lead is allowed; ♣6, a lower club, is not.
	for _, tc := range []struct {
		played string
		ok     bool
	}{{"CJ", false}, {"C6", true}} {
		s := playState(t, true, "DT DA D4 D6 C4 C7 CA")
		if err := s.AddPenaltyCard(bridge.West, three, false); err != nil {
			t.Fatal(err)
		}
		playCards(t, &s, tc.played)
		r, err := RulePlay(s, PlayIrregularity{Kind: PenaltyCardNotPlayed, Offender: bridge.West, Card: card(t, tc.played)}, nil)
		if (err == nil) != tc.ok || (tc.ok && !containsString(r.Laws, "52A")) {
			t.Errorf("West plays %s with the minor penalty card ♣3 on the table: %v, %v", tc.played, r.Laws, err)
		}
	}
	t.Run("no penalty card could be played", func(t *testing.T) {
		s := playState(t, true, "DT DA D4 D6 C4 C7 CA C3")
		_, err := RulePlay(s, PlayIrregularity{Kind: PenaltyCardNotPlayed, Offender: bridge.West, Card: three}, nil)
		if err == nil {
			t.Error("ruled on a penalty card West never had")
		}
	})
}

func TestPenaltyCardReasons(t *testing.T) {
	s := playState(t, true, "DT D2")
	irr := PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: card(t, "CJ")}
	r, err := RulePlay(s, irr, nil)
	if err != nil || len(r.Restrictions) != 1 || !strings.Contains(r.Restrictions[0].Reason, "honour rank") {
		t.Errorf("♣J alone: %v, %+v; want it major for its honour rank", err, r.Restrictions)
	}
	r, err = RulePlay(s, PlayIrregularity{Kind: ExposedCard, Offender: bridge.West, Card: card(t, "C3")}, Answers{"inadvertent": "no"})
	if err != nil || len(r.Restrictions) != 1 || !strings.Contains(r.Restrictions[0].Reason, "deliberate play") {
		t.Errorf("♣3 played deliberately: %v, %+v", err, r.Restrictions)
	}
	irr.Cards = []bridge.Card{card(t, "H8")}
	r, err = RulePlay(s, irr, nil)
	if err != nil || len(r.Restrictions) != 2 || !strings.Contains(r.Restrictions[1].Reason, "two or more penalty cards") {
		t.Errorf("♣J with ♥8: %v, %+v; want ♥8 major as one of two", err, r.Restrictions)
	}
}

func TestExposedCardRejects(t *testing.T) {
	s := playState(t, true, "DT D2")
	if err := s.AddPenaltyCard(bridge.West, card(t, "CJ"), true); err != nil {
		t.Fatal(err)
	}
	for name, irr := range map[string]PlayIrregularity{
		"a card named twice":           {Kind: ExposedCard, Offender: bridge.West, Card: card(t, "C3"), Cards: []bridge.Card{card(t, "C3")}},
		"a penalty card exposed again": {Kind: ExposedCard, Offender: bridge.West, Card: card(t, "CJ")},
		"another's card among them":    {Kind: ExposedCard, Offender: bridge.West, Card: card(t, "C3"), Cards: []bridge.Card{card(t, "SA")}},
	} {
		if _, err := RulePlay(s, irr, nil); err == nil {
			t.Errorf("%s: ruled", name)
		}
	}
}

// TestPenaltyCardLead: declarer's options of Laws 50D2 and 51B whenever the
// partner of a defender with a major penalty card is to lead, not only when
// the card became one.
func TestPenaltyCardLead(t *testing.T) {
	c := func(s bridge.Suit, r bridge.Rank) bridge.Card { return bridge.Card{Suit: s, Rank: r} }
	// West's ♣J became a penalty card in trick 1, after his ♦T; East won
	// trick 1 with ♦Q and led ♦K to trick 2 (declarer let him lead
	// anything), and won it: East is to lead to trick 3.
	const (
		before = "DT D2"
		after  = "DQ D6 DK D7 D9 D3"
	)
	jack := []PenaltyCardOnTable{{Seat: bridge.West, Card: c(bridge.Clubs, bridge.Jack), Major: true}}
	lead := PlayIrregularity{Kind: PenaltyCardLead, Offender: bridge.West}
	runPlayCases(t, []playCase{
		{name: "50D2 East to lead again: declarer chooses again", plays: before, penalty: jack, after: after, irr: lead,
			wantOptions: []string{"require-C", "prohibit-C", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"PenaltyCard W CJ major"}, wantLaws: []string{"50D2", "50D1(a)"},
			wantSummary: "East is to lead while West has ♣J on the table", wantAdjust: []string{"50E3"}},
		{name: "50D2(a) declarer requires a club: the jack goes back", plays: before, penalty: jack, after: after, irr: lead,
			ans:         Answers{"choice": "require-C"},
			wantOptions: []string{"require-C", "prohibit-C", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadRequired E C"}, wantLaws: []string{"50D2(a)"}},
		{name: "50D2(b) declarer lets East lead anything: the jack stays", plays: before, penalty: jack, after: after, irr: lead,
			ans:         Answers{"choice": "free"},
			wantOptions: []string{"require-C", "prohibit-C", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"PenaltyCard W CJ major"}, wantLaws: []string{"50D2(b)"}, wantAdjust: []string{"50E3"}},
		{name: "51B2 penalty cards in two suits: every option", plays: before,
			penalty: append([]PenaltyCardOnTable{{Seat: bridge.West, Card: c(bridge.Hearts, bridge.Eight), Major: true}}, jack...), after: after, irr: lead,
			ans:         Answers{"choice": "prohibit-H"},
			wantOptions: []string{"require-C", "require-H", "prohibit-C", "prohibit-H", "prohibit-CH", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadProhibited E H", "PenaltyCard W CJ major"}, wantLaws: []string{"51B2(b)"}, wantAdjust: []string{"50E3"}},
		{name: "50D1(b) East has a penalty card of his own: he leads it unless declarer's choice forbids it", plays: before,
			penalty: append([]PenaltyCardOnTable{{Seat: bridge.East, Card: c(bridge.Hearts, bridge.King), Major: true}}, jack...), after: after, irr: lead,
			ans:         Answers{"choice": "prohibit-C"},
			wantOptions: []string{"require-C", "prohibit-C", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadProhibited E C"}, wantLaws: []string{"50D2(a)", "50D1(b)"}, wantSummary: "East must lead his own penalty card (♥K)"},
		{name: "50D2 before the opening lead: a penalty card from the auction", penalty: []PenaltyCardOnTable{{Seat: bridge.East, Card: c(bridge.Hearts, bridge.King), Major: true}},
			irr:         PlayIrregularity{Kind: PenaltyCardLead, Offender: bridge.East},
			wantOptions: []string{"require-H", "prohibit-H", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"PenaltyCard E HK major"}, wantLaws: []string{"50D2"}, wantSummary: "West is to lead", wantAdjust: []string{"50E3"}},
		{name: "50C a minor penalty card: no lead restriction", plays: before,
			penalty: []PenaltyCardOnTable{{Seat: bridge.West, Card: c(bridge.Clubs, bridge.Three)}}, after: after, irr: lead,
			wantRestrictions: []string{"PenaltyCard W C3 minor"}, wantLaws: []string{"50C", "50E2"},
			wantSummary: "not subject to a lead restriction", wantAdjust: []string{"50E3"}},
	})
	for name, tc := range map[string]struct {
		plays string
		irr   PlayIrregularity
	}{
		"East is not to lead: a trick is in progress": {before + " DQ", lead},
		"East is not to lead: West won the trick":     {before + " D4 D6", lead},
		"declarer's side has no penalty cards":        {before + " DQ D6", PlayIrregularity{Kind: PenaltyCardLead, Offender: bridge.North}},
		"East has no penalty card":                    {before + " DQ D6", PlayIrregularity{Kind: PenaltyCardLead, Offender: bridge.East}},
	} {
		t.Run(name, func(t *testing.T) {
			s := playState(t, true, "DT D2")
			if err := s.AddPenaltyCard(bridge.West, jack[0].Card, true); err != nil {
				t.Fatal(err)
			}
			playCards(t, &s, strings.TrimPrefix(tc.plays, before))
			if _, err := RulePlay(s, tc.irr, nil); err == nil {
				t.Error("ruled")
			}
		})
	}
}

// TestPenaltyLeadConsequences: each option names the penalty cards it sends
// back to the offender's hand.
func TestPenaltyLeadConsequences(t *testing.T) {
	s := playState(t, true, "DT D2 DQ D6")
	for _, c := range []string{"CJ", "C3", "ST"} {
		if err := s.AddPenaltyCard(bridge.West, card(t, c), true); err != nil {
			t.Fatal(err)
		}
	}
	r, err := RulePlay(s, PlayIrregularity{Kind: PenaltyCardLead, Offender: bridge.West}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"require-C":   "♣J and ♣3 go back to West's hand",
		"require-S":   "♠T goes back to West's hand",
		"prohibit-CS": "♣J and ♣3 and ♠T go back",
		"free":        "the penalty cards stay on the table",
	}
	checkConsequences(t, r, want)
	for _, o := range r.Options {
		if o.ID == "require-C" && o.Law != "51B2(a), 51B1(a)" {
			t.Errorf("require-C cites %q, want 51B2(a) with 51B1(a) for the two clubs", o.Law)
		}
	}
}

// TestPenaltyCardPlayedWasAPenaltyCard: West has ♣J and ♣T on the table as
// major penalty cards and plays ♣J to East's club lead. Playing one of his
// penalty cards is no failure to play one (Law 50D1(a)), unless declarer
// had designated the other (51A); then Law 52 rules on ♣T.
func TestPenaltyCardPlayedWasAPenaltyCard(t *testing.T) {
	build := func(t *testing.T, penalty []string, after string) PlayState {
		s := playState(t, true, "DT D2 DQ D6")
		for _, c := range penalty {
			if err := s.AddPenaltyCard(bridge.West, card(t, c), true); err != nil {
				t.Fatal(err)
			}
		}
		playCards(t, &s, after)
		return s
	}
	jack := PlayIrregularity{Kind: PenaltyCardNotPlayed, Offender: bridge.West, Card: card(t, "CJ")}
	t.Run("51A asks whether declarer had designated the other", func(t *testing.T) {
		r, err := RulePlay(build(t, []string{"CJ", "CT"}, "C9 C2 CJ"), jack, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Pending() || r.Questions[0].ID != "designated" || r.Questions[0].Law != "51A" {
			t.Fatalf("questions %+v, want designated (51A)", r.Questions)
		}
		if ids := playChoiceIDs(r.Questions[0].Choices); ids != "CT, none" {
			t.Errorf("choices %s, want CT, none", ids)
		}
	})
	t.Run("52 declarer had designated ♣T: he may require it", func(t *testing.T) {
		r, err := RulePlay(build(t, []string{"CJ", "CT"}, "C9 C2 CJ"), jack, Answers{"designated": "CT", "choice": "substitute"})
		if err != nil {
			t.Fatal(err)
		}
		checkRuling(t, playCase{wantOptions: []string{"accept", "substitute"}, wantChooser: bridge.South,
			wantRestrictions: []string{"PenaltyCard W CJ major"}, wantLaws: []string{"51A", "52A", "52B2"},
			wantSummary: "Declarer had designated ♣T (Law 51A), but West played ♣J."}, r)
		if o := r.Options[1]; o.Text != "require West to play ♣T instead" || o.Consequence != "♣J goes back on the table as a major penalty card" {
			t.Errorf("substitute option %q: %q, want it to name ♣T and put ♣J back on the table", o.Text, o.Consequence)
		}
	})
	t.Run("52B1(b) declarer had designated ♣T but has played since", func(t *testing.T) {
		r, err := RulePlay(build(t, []string{"CJ", "CT"}, "C9 C2 CJ CK"), jack, Answers{"designated": "CT"})
		if err != nil {
			t.Fatal(err)
		}
		checkRuling(t, playCase{wantLaws: []string{"51A", "52B1(b)", "52B1(c)"}, wantSummary: "♣T stays a penalty card"}, r)
	})
	for name, tc := range map[string]struct {
		penalty []string
		ans     Answers
		want    string
	}{
		"declarer had designated none":  {[]string{"CJ", "CT"}, Answers{"designated": "none"}, "declarer had designated no other (Law 51A), so there was no failure"},
		"the other could not be played": {[]string{"CJ", "H8"}, nil, "no other penalty card of his could legally be played, so there was no failure"},
		"his only penalty card":         {[]string{"CJ"}, nil, "West played ♣J, itself one of his penalty cards, to trick 2"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := RulePlay(build(t, tc.penalty, "C9 C2 CJ CK"), jack, tc.ans)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

// TestPenaltyLeadRestrictionLaws: the option letting the leader lead
// anything with penalty cards in two suits is 51B2(c); a restriction cites
// the one law that imposes it; the penalty card left on the table is
// named, with why it is still major.
func TestPenaltyLeadRestrictionLaws(t *testing.T) {
	s := playState(t, true, "DT D2 DQ D6")
	for _, c := range []string{"CJ", "CT", "S3"} {
		if err := s.AddPenaltyCard(bridge.West, card(t, c), true); err != nil {
			t.Fatal(err)
		}
	}
	lead := PlayIrregularity{Kind: PenaltyCardLead, Offender: bridge.West}
	r, err := RulePlay(s, lead, Answers{"choice": "require-C"})
	if err != nil {
		t.Fatal(err)
	}
	laws := map[string]string{}
	for _, o := range r.Options {
		laws[o.ID] = o.Law
		if o.ID == "require-C" && !strings.Contains(o.Consequence, "♠3 stays on the table as a major penalty card") {
			t.Errorf("require-C: %q does not say that ♠3 stays on the table", o.Consequence)
		}
	}
	if laws["free"] != "51B2(c)" || laws["require-C"] != "51B2(a), 51B1(a)" || laws["prohibit-CS"] != "51B2(b)" {
		t.Errorf("option laws %v, want free 51B2(c), require-C 51B2(a) with 51B1(a), prohibit-CS 51B2(b)", laws)
	}
	var got []string
	for _, x := range r.Restrictions {
		got = append(got, restrictionKey(x)+" "+x.Law)
		if x.Kind == PenaltyCard && !strings.Contains(x.Reason, "stays a major penalty card: it became one while West had two or more") {
			t.Errorf("♠3 alone on the table: reason %q", x.Reason)
		}
	}
	if strings.Join(got, "; ") != "LeadRequired E C 51B2(a); PenaltyCard W S3 major 50D1(a)" {
		t.Errorf("restrictions %v", got)
	}
	r, err = RulePlay(s, lead, Answers{"choice": "free"})
	if err != nil || !containsString(r.Laws, "51B2(c)") || containsString(r.Laws, "50D2(b)") {
		t.Errorf("free with penalty cards in two suits: laws %v (%v), want 51B2(c) and not 50D2(b)", r.Laws, err)
	}
}
