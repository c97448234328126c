package rulings

import (
	"errors"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestOpeningLeadOutOfTurn(t *testing.T) {
	eastLeads := PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.East, Card: bridge.Card{Suit: bridge.Hearts, Rank: bridge.King}}
	asked := Answers{"faced": "yes", "seen-dummy": "no"}
	with := func(choice string) Answers {
		a := Answers{"choice": choice}
		for k, v := range asked {
			a[k] = v
		}
		return a
	}
	five := []string{"spread", "accept", "require-H", "prohibit-H", "free"}
	runPlayCases(t, []playCase{
		{name: "asks whether the lead was faced", irr: eastLeads, wantQuestion: "faced"},
		{name: "asks whether declarer could have seen dummy", irr: eastLeads, ans: Answers{"faced": "yes"}, wantQuestion: "seen-dummy"},
		{name: "face-down lead is withdrawn", irr: eastLeads, ans: Answers{"faced": "no"},
			wantLaws: []string{"41A"}, wantSummary: "West makes the opening lead"},
		{name: "54C declarer must accept", irr: eastLeads, ans: Answers{"faced": "yes", "seen-dummy": "yes"},
			wantLaws: []string{"54C", "54B"}, wantSummary: "must accept"},
		{name: "the five options", irr: eastLeads, ans: asked, wantOptions: five, wantChooser: bridge.South,
			wantLaws: []string{"54A", "54B", "54D"}, wantSummary: "among 5 options"},
		{name: "54A declarer spreads and becomes dummy", irr: eastLeads, ans: with("spread"), wantOptions: five, wantChooser: bridge.South,
			wantLaws: []string{"54A"}},
		{name: "54B declarer accepts", irr: eastLeads, ans: with("accept"), wantOptions: five, wantChooser: bridge.South},
		{name: "refuse and require a heart", irr: eastLeads, ans: with("require-H"), wantOptions: five, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadRequired W H"}, wantLaws: []string{"54D", "56", "50D2(a)"}},
		{name: "refuse and prohibit hearts", irr: eastLeads, ans: with("prohibit-H"), wantOptions: five, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadProhibited W H"}, wantLaws: []string{"56", "50D2(a)"}},
		{name: "refuse and let West lead anything", irr: eastLeads, ans: with("free"), wantOptions: five, wantChooser: bridge.South,
			wantRestrictions: []string{"PenaltyCard E HK major"}, wantLaws: []string{"56", "50D1(a)", "50E2"}, wantAdjust: []string{"50E3"}},
		{name: "54E dummy attempts the opening lead",
			irr:      PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.North, Card: bridge.Card{Suit: bridge.Spades, Rank: bridge.Ace}},
			wantLaws: []string{"54E", "24"}, wantSummary: "cannot make the opening lead"},
	})
}

func TestLaterLeadOutOfTurn(t *testing.T) {
	// Trick 1: West ♦T, North ♦2, East ♦Q wins, South ♦6: East is on lead.
	eastWon := "DT D2 DQ D6"
	// Trick 1: West ♦T, North ♦A wins: dummy is on lead.
	dummyWon := "DT DA D4 D6"
	runPlayCases(t, []playCase{
		{name: "West leads when partner East is on lead", plays: eastWon,
			irr:         PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.West, Card: bridge.Card{Suit: bridge.Clubs, Rank: bridge.Jack}},
			wantOptions: []string{"accept", "require-C", "prohibit-C", "free"}, wantChooser: bridge.South,
			wantLaws: []string{"53A"}, wantSummary: "when it was East's turn"},
		{name: "declarer requires the suit of the retracted card", plays: eastWon,
			irr:         PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.West, Card: bridge.Card{Suit: bridge.Clubs, Rank: bridge.Jack}},
			ans:         Answers{"choice": "require-C"},
			wantOptions: []string{"accept", "require-C", "prohibit-C", "free"}, wantChooser: bridge.South,
			wantRestrictions: []string{"LeadRequired E C"}, wantLaws: []string{"53A", "56", "50D2(a)"}},
		{name: "East leads when dummy is on lead", plays: dummyWon,
			irr:         PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.East, Card: bridge.Card{Suit: bridge.Hearts, Rank: bridge.King}},
			ans:         Answers{"choice": "retract"},
			wantOptions: []string{"accept", "retract"}, wantChooser: bridge.South,
			wantRestrictions: []string{"PenaltyCard E HK major"}, wantLaws: []string{"53A", "56", "50D1(a)"}, wantAdjust: []string{"50E3"}},
		{name: "declarer accepts", plays: dummyWon,
			irr:         PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.East, Card: bridge.Card{Suit: bridge.Hearts, Rank: bridge.King}},
			ans:         Answers{"choice": "accept"},
			wantOptions: []string{"accept", "retract"}, wantChooser: bridge.South},
		{name: "55 declarer leads from his hand when dummy is on lead", plays: dummyWon,
			irr:         PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.South, Card: bridge.Card{Suit: bridge.Hearts, Rank: bridge.Ace}},
			ans:         Answers{"choice": "retract"},
			wantOptions: []string{"accept", "retract"}, wantChooser: bridge.West,
			wantLaws: []string{"55A", "55B2"}, wantSummary: "West, next in turn, prevails", wantAdjust: []string{"55C"}},
		{name: "55 declarer leads from dummy when East is on lead", plays: eastWon,
			irr:         PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.North, Card: bridge.Card{Suit: bridge.Clubs, Rank: bridge.King}},
			ans:         Answers{"choice": "retract"},
			wantOptions: []string{"accept", "retract"}, wantChooser: bridge.East,
			wantLaws: []string{"55A", "55B1"}, wantAdjust: []string{"55C"}},
	})
}

func TestPrematurePlay(t *testing.T) {
	declarerOptions := []string{"highest", "lowest", "play-C", "play-H", "play-S", "forbid-C", "forbid-H", "forbid-S"}
	runPlayCases(t, []playCase{
		{name: "57A West plays before partner East", plays: "DT D2",
			irr:         PlayIrregularity{Kind: PrematureLeadOrPlay, Offender: bridge.West, Card: bridge.Card{Suit: bridge.Clubs, Rank: bridge.Three}},
			wantOptions: declarerOptions, wantChooser: bridge.South,
			wantRestrictions: []string{"PenaltyCard W C3 major"}, wantLaws: []string{"57A", "50D1(a)"}, wantAdjust: []string{"50E3"}},
		{name: "57C1 declarer has played from both hands", plays: "DT DA D4 D6 C4 C7 CA",
			irr:      PlayIrregularity{Kind: PrematureLeadOrPlay, Offender: bridge.East, Card: bridge.Card{Suit: bridge.Hearts, Rank: bridge.King}},
			wantLaws: []string{"57C1"}, wantSummary: "not subject to rectification"},
		{name: "57C3 premature play by declarer", plays: "DT",
			irr:      PlayIrregularity{Kind: PrematureLeadOrPlay, Offender: bridge.South, Card: bridge.Card{Suit: bridge.Diamonds, Rank: bridge.Jack}},
			wantLaws: []string{"57C3"}},
	})
}

// South declares 4♠. In the auction East's insufficient bid was replaced by
// a call that was not comparable: declarer may prohibit West's lead of one
// of clubs, diamonds and spades (Law 26B). East then leads out of turn; the
// ruling carries West's restriction, still in force, to West's lead.
func TestLeadOutOfTurnCarriesLeadRestrictionInForce(t *testing.T) {
	s := playState(t, true, "")
	in := Restriction{Kind: LeadProhibitedOneOf, Seat: bridge.West, Suits: []bridge.Suit{bridge.Clubs, bridge.Diamonds, bridge.Spades}, Law: "26B"}
	if err := s.RestrictLead(in); err != nil {
		t.Fatal(err)
	}
	// North is dummy: a restriction on him has lapsed (26B binds a defender).
	if err := s.RestrictLead(Restriction{Kind: LeadProhibitedOneOf, Seat: bridge.North, Suits: []bridge.Suit{bridge.Hearts}, Law: "26B"}); err != nil {
		t.Fatal(err)
	}
	irr := PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.East, Card: bridge.Card{Suit: bridge.Hearts, Rank: bridge.King}}
	r, err := RulePlay(s, irr, Answers{"faced": "yes", "seen-dummy": "no", "choice": "accept"})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Restrictions) != 1 || r.Restrictions[0].Kind != LeadProhibitedOneOf || r.Restrictions[0].Seat != bridge.West ||
		restrictionSuits(r.Restrictions[0]) != "CDS" || r.Restrictions[0].Lasts() != WhileRetainingLead {
		t.Fatalf("restrictions = %+v, want West's 26B restriction on C D S, while he retains the lead", r.Restrictions)
	}
	if !containsString(r.Laws, "26B") || !strings.Contains(r.Summary, "The restriction in force on West, who is to lead, still binds him (Law 26B): at his first turn to lead, declarer may prohibit his leading any one of ♣ ♦ ♠") {
		t.Errorf("ruling cites %v and says %q; want West's 26B restriction applied to his lead", r.Laws, r.Summary)
	}
	pending, err := RulePlay(s, irr, nil)
	if err != nil || len(pending.Restrictions) != 0 {
		t.Errorf("a pending ruling holds %v (%v), want only its question", pending.Restrictions, err)
	}
	for _, bad := range []Restriction{
		{Kind: MustPassThroughout, Seat: bridge.West, Law: "27B2"},
		{Kind: LeadRequired, Seat: bridge.West, Law: "50D2(a)"},
		{Kind: LeadRequired, Seat: 9, Suits: []bridge.Suit{bridge.Clubs}, Law: "50D2(a)"},
	} {
		if err := s.RestrictLead(bad); err == nil {
			t.Errorf("RestrictLead(%+v) took it", bad)
		}
	}
}

// South declares 4♠ and West is to make the opening lead with a Law 26B
// restriction in force from the auction (East's withdrawn call): declarer
// may prohibit one of clubs, diamonds and spades at West's first turn to
// lead. East leads ♥K out of turn. If declarer refuses it, West leads now,
// at that first turn, so declarer's 26B choice is offered in the same
// ruling (choice_26b) beside his Law 54 and 50D2 options; if he accepts it,
// the choice waits for West's first turn to lead.
func TestLeadOutOfTurnOffersLaw26BChoice(t *testing.T) {
	eastLeads := PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.East, Card: bridge.Card{Suit: bridge.Hearts, Rank: bridge.King}}
	oneOf := Restriction{Kind: LeadProhibitedOneOf, Seat: bridge.West, Suits: []bridge.Suit{bridge.Clubs, bridge.Diamonds, bridge.Spades}, Law: "26B"}
	with := func(kv ...string) Answers {
		a := Answers{"faced": "yes", "seen-dummy": "no"}
		for i := 0; i+1 < len(kv); i += 2 {
			a[kv[i]] = kv[i+1]
		}
		return a
	}
	five := []string{"spread", "accept", "require-H", "prohibit-H", "free"}
	all := append(append([]string(nil), five...), "prohibit-C", "prohibit-D", "prohibit-S", "free")
	in := []Restriction{oneOf}
	runPlayCases(t, []playCase{
		{name: "no choice yet: the 26B choice is offered for a refusal", inForce: in, irr: eastLeads, ans: with(),
			wantOptions: all, wantChooser: bridge.South, wantRestrictions: []string{"LeadProhibitedOneOf W CDS"},
			wantLaws: []string{"54A", "54B", "54D", "26B"}, wantSummary: "If declarer refuses the lead, West leads now, at his first turn to lead with the Law 26B restriction in force: declarer may also prohibit his leading any one of ♣ ♦ ♠"},
		{name: "refused, a heart required (50D2) and clubs prohibited (26B)", inForce: in, irr: eastLeads, ans: with("choice", "require-H", "choice_26b", "prohibit-C"),
			wantOptions: all, wantChooser: bridge.South, wantRestrictions: []string{"LeadRequired W H", "LeadProhibited W C"},
			wantLaws: []string{"54D", "56", "50D2(a)", "26B"}, wantSummary: "declarer chooses among 5 options (Laws 54A, 54B, 54D). West leads now, at his first turn to lead"},
		{name: "refused, hearts prohibited (50D2) and spades (26B)", inForce: in, irr: eastLeads, ans: with("choice", "prohibit-H", "choice_26b", "prohibit-S"),
			wantOptions: all, wantChooser: bridge.South, wantRestrictions: []string{"LeadProhibited W H", "LeadProhibited W S"},
			wantLaws: []string{"54D", "26B"}},
		{name: "refused, West leads anything: the 26B restriction is spent", inForce: in, irr: eastLeads, ans: with("choice", "free", "choice_26b", "free"),
			wantOptions: all, wantChooser: bridge.South, wantRestrictions: []string{"PenaltyCard E HK major"},
			wantLaws: []string{"54D", "56", "26B"}, wantAdjust: []string{"50E3"}},
		{name: "refused, 26B choice still to make: it stays in force", inForce: in, irr: eastLeads, ans: with("choice", "require-H"),
			wantOptions: all, wantChooser: bridge.South, wantRestrictions: []string{"LeadRequired W H", "LeadProhibitedOneOf W CDS"},
			wantLaws: []string{"54D", "26B"}, wantSummary: "West leads now"},
		{name: "accepted: the choice waits for West's first turn to lead", inForce: in, irr: eastLeads, ans: with("choice", "accept"),
			wantOptions: five, wantChooser: bridge.South, wantRestrictions: []string{"LeadProhibitedOneOf W CDS"},
			wantLaws: []string{"54B", "26B"}, wantSummary: "When he comes to lead, declarer chooses the suit"},
	})
	s := playState(t, true, "")
	if err := s.RestrictLead(oneOf); err != nil {
		t.Fatal(err)
	}
	for _, ans := range []Answers{
		with("choice", "accept", "choice_26b", "prohibit-C"), // West does not lead now
		with("choice_26b", "prohibit-C"),                     // the lead is not yet refused
		with("choice", "free", "choice_26b", "prohibit-H"),   // hearts are a suit East specified
	} {
		_, err := RulePlay(s, eastLeads, ans)
		var bad *AnswerError
		if !errors.As(err, &bad) || bad.ID != LeadRestrictionChoiceAnswer {
			t.Errorf("answers %v: %v, want an AnswerError for %s", ans, err, LeadRestrictionChoiceAnswer)
		}
	}
	// Hearts among the suits declarer may prohibit: he cannot both require
	// a heart under 50D2 and prohibit one under 26B.
	s = playState(t, true, "")
	if err := s.RestrictLead(Restriction{Kind: LeadProhibitedOneOf, Seat: bridge.West, Suits: []bridge.Suit{bridge.Hearts}, Law: "26B"}); err != nil {
		t.Fatal(err)
	}
	_, err := RulePlay(s, eastLeads, with("choice", "require-H", "choice_26b", "prohibit-H"))
	var bad *AnswerError
	if !errors.As(err, &bad) || bad.ID != LeadRestrictionChoiceAnswer || !strings.Contains(err.Error(), "cannot also prohibit it") {
		t.Errorf("a heart required and prohibited: %v, want an AnswerError for %s", err, LeadRestrictionChoiceAnswer)
	}
	// The restriction in force came without words of its own: the ruling
	// writes it from its structure.
	r, err := RulePlay(s, eastLeads, with())
	if err != nil || !strings.Contains(r.String(), "- West: at his first turn to lead, declarer may prohibit his leading ♥, for as long as he retains the lead (Law 26B)") {
		t.Errorf("ruling %q (%v), want West's restriction described", r.String(), err)
	}
	// Without a restriction in force there is no 26B choice to make.
	if _, err := RulePlay(playState(t, true, ""), eastLeads, with("choice", "free", "choice_26b", "free")); !errors.As(err, &bad) {
		t.Errorf("a 26B choice with no restriction in force: %v, want an AnswerError", err)
	}
}

// South declares 4♠ and West is to make the opening lead; East has a Law
// 26B restriction in force from the auction (West's withdrawn call), and
// East himself leads ♥K out of turn. Declarer has no 26B choice over a
// lead already faced: accepted, it is East's first lead (Law 53A) and the
// restriction is spent with it, which the ruling says with the options
// (Law 10C1); refused, it waits for East's first turn to lead. Where
// declarer must accept (54C), Law 72C may follow.
func TestRestrictedDefenderLeadsOutOfTurn(t *testing.T) {
	eastLeads := PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.East, Card: bridge.Card{Suit: bridge.Hearts, Rank: bridge.King}}
	in := []Restriction{{Kind: LeadProhibitedOneOf, Seat: bridge.East, Suits: []bridge.Suit{bridge.Clubs, bridge.Diamonds, bridge.Spades}, Law: "26B"}}
	five := []string{"spread", "accept", "require-H", "prohibit-H", "free"}
	runPlayCases(t, []playCase{
		{name: "no choice yet: what accepting costs is said", inForce: in, irr: eastLeads, ans: Answers{"faced": "yes", "seen-dummy": "no"},
			wantOptions: five, wantChooser: bridge.South, wantLaws: []string{"54A", "54B", "54D", "26B", "53A", "10C1"},
			wantSummary: "If declarer accepts the lead, it is a correct lead (Law 53A) and that first lead, made with nothing prohibited, and the restriction is spent with it; if he refuses it, the restriction waits for East's first turn to lead."},
		{name: "accepted: spent with East's lead", inForce: in, irr: eastLeads, ans: Answers{"faced": "yes", "seen-dummy": "no", "choice": "accept"},
			wantOptions: five, wantChooser: bridge.South, wantLaws: []string{"54B", "26B", "53A"},
			wantSummary: "The lead of East, who has the Law 26B restriction in force, stands as his first lead"},
		{name: "spread (54A): spent with East's lead", inForce: in, irr: eastLeads, ans: Answers{"faced": "yes", "seen-dummy": "no", "choice": "spread"},
			wantOptions: five, wantChooser: bridge.South, wantLaws: []string{"54A", "26B"}, wantSummary: "the restriction is spent with it"},
		{name: "refused, a heart required of West: East's restriction waits", inForce: in, irr: eastLeads, ans: Answers{"faced": "yes", "seen-dummy": "no", "choice": "require-H"},
			wantOptions: five, wantChooser: bridge.South, wantRestrictions: []string{"LeadRequired W H", "LeadProhibitedOneOf E CDS"},
			wantLaws: []string{"54D", "26B"}, wantSummary: "waits for his first turn to lead"},
		{name: "declarer must accept (54C): spent, 72C", inForce: in, irr: eastLeads, ans: Answers{"faced": "yes", "seen-dummy": "yes"},
			wantLaws: []string{"54C", "26B", "53A"}, wantSummary: "declarer had no choice", wantAdjust: []string{"72C"}},
	})
}

func restrictionSuits(r Restriction) string {
	var b strings.Builder
	for _, s := range r.Suits {
		b.WriteString(s.String())
	}
	return b.String()
}

// TestOpeningLeadOutOfTurnWording: South declares, East leads ♥K out of
// turn. What the director reads out must fit the seats: after 54A North
// declares and the second card comes from South's spread hand; a refusal
// that sends ♥K back does not also call it a penalty card; a face-down
// lead goes back under 41A with Law 16C.
func TestOpeningLeadOutOfTurnWording(t *testing.T) {
	s := playState(t, true, "")
	eastLeads := PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.East, Card: card(t, "HK")}
	r, err := RulePlay(s, eastLeads, Answers{"faced": "yes", "seen-dummy": "no"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"spread":     "North becomes declarer and plays the second card to the trick from South's hand, now dummy, and the last from his own",
		"require-H":  "the lead is withdrawn; ♥K goes back to East's hand and is not a penalty card",
		"prohibit-H": "the lead is withdrawn; ♥K goes back to East's hand and is not a penalty card",
		"free":       "♥K becomes a major penalty card; the penalty cards stay on the table",
	}
	checkConsequences(t, r, want)
	for _, o := range r.Options {
		if o.ID != "free" && strings.Contains(o.Consequence, "becomes a major penalty card") {
			t.Errorf("%s: %q calls ♥K a penalty card it does not become", o.ID, o.Consequence)
		}
	}
	r, err = RulePlay(s, eastLeads, Answers{"faced": "no"})
	if err != nil {
		t.Fatal(err)
	}
	checkRuling(t, playCase{wantLaws: []string{"41A", "16C"}, wantSummary: "Law 16C applies to the withdrawn card"}, r)
	if len(r.Unauthorised) != 1 || !strings.Contains(r.Unauthorised[0], "unauthorised to East-West and authorised to North-South") {
		t.Errorf("unauthorised %q, want the withdrawn lead unauthorised to East-West", r.Unauthorised)
	}
	if len(r.Restrictions) != 0 {
		t.Errorf("a face-down lead is no penalty card: restrictions %v", r.Restrictions)
	}
}

// Restrictions in force lapse by the play recorded from where they began.
// East won trick 1; at trick 2 he had to lead a diamond (Law 50D2(a)) and
// was barred from hearts while he kept the lead (50D2(b)), and West's first
// turn to lead was bound by 26B from the opening lead. East led ♦K and won
// it, so at trick 3 he is on lead again, and West leads ♣3 out of turn.
func TestLeadRestrictionsLapse(t *testing.T) {
	s := playState(t, true, "DT D2 DQ D6 DK D7 D5 D3")
	required := Restriction{Kind: LeadRequired, Seat: bridge.East, Suits: []bridge.Suit{bridge.Diamonds}, Law: "50D2(a)", From: 2}
	prohibited := Restriction{Kind: LeadProhibited, Seat: bridge.East, Suits: []bridge.Suit{bridge.Hearts}, Law: "50D2(b)", From: 2}
	oneOf := Restriction{Kind: LeadProhibitedOneOf, Seat: bridge.West, Suits: []bridge.Suit{bridge.Hearts}, Law: "26B", From: 1}
	if s.Binds(required) || !s.Binds(prohibited) || s.Binds(oneOf) {
		t.Fatalf("Binds: required %v (led), prohibited %v (still on lead), West's 26B %v (he led trick 1)", s.Binds(required), s.Binds(prohibited), s.Binds(oneOf))
	}
	for _, r := range []Restriction{required, prohibited, oneOf} {
		if err := s.RestrictLead(r); err != nil {
			t.Fatal(err)
		}
	}
	r, err := RulePlay(s, PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.West, Card: card(t, "C3")}, Answers{"choice": "accept"})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Restrictions) != 1 || restrictionKey(r.Restrictions[0]) != "LeadProhibited E H" || strings.Contains(r.Summary, "must lead") {
		t.Errorf("restrictions %v, summary %q: want only East's heart prohibition still binding", r.Restrictions, r.Summary)
	}
	// East leads ♥K and South wins it with ♥A: East has lost the lead.
	playCards(t, &s, "HK HA H8 H3")
	if s.Binds(prohibited) {
		t.Error("the 50D2(b) prohibition binds East after he lost the lead")
	}
	// A restriction from now binds, whatever the record.
	now := Restriction{Kind: LeadRequired, Seat: bridge.East, Suits: []bridge.Suit{bridge.Diamonds}, Law: "50D2(a)"}
	if !s.Binds(now) {
		t.Error("a restriction from now does not bind")
	}
	// In force after the ruling: the one from now, dated to trick 4; not the
	// spent prohibition, nor a lead restriction on declarer, who never
	// defends (Law 26B binds a defender).
	onDeclarer := Restriction{Kind: LeadRequired, Seat: bridge.South, Suits: []bridge.Suit{bridge.Clubs}, Law: "26B", From: 1}
	still := s.InForce([]Restriction{prohibited, now, onDeclarer})
	if len(still) != 1 || restrictionKey(still[0]) != "LeadRequired E D" || still[0].From != 4 {
		t.Errorf("in force %+v: want East's diamond lead alone, from trick 4", still)
	}
}

// TestIsLead: the lead restrictions, and only they, are what RestrictLead
// takes and the rulings service reads with suits.
func TestIsLead(t *testing.T) {
	for kind, want := range map[RestrictionKind]bool{
		MustPassNextTurn: false, MustPassThroughout: false, PenaltyCard: false,
		LeadProhibited: true, LeadRequired: true, LeadProhibitedOneOf: true,
	} {
		if kind.IsLead() != want {
			t.Errorf("%v.IsLead() = %v, want %v", kind, kind.IsLead(), want)
		}
		s := playState(t, true, "")
		err := s.RestrictLead(Restriction{Kind: kind, Seat: bridge.West, Suits: []bridge.Suit{bridge.Clubs}, Law: "26B"})
		if (err == nil) != want {
			t.Errorf("RestrictLead of a %v: %v", kind, err)
		}
	}
}
