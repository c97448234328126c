package rulings

import (
	"slices"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestRuleProcedure(t *testing.T) {
	runProcedureCases(t, []procedureCase{
		{"13: first question", ProcedureIrregularity{Kind: IncorrectNumberOfCards}, nil, "cards_when", nil, "", nil},
		{"13A1: no call, nothing seen", ProcedureIrregularity{Kind: IncorrectNumberOfCards}, Answers{"cards_when": "before_call", "seen_cards": "no"}, "", []string{"13A1"}, "played normally", nil},
		{"13A2: seen, the board is played and scored", ProcedureIrregularity{Kind: IncorrectNumberOfCards}, Answers{"cards_when": "before_call", "seen_cards": "yes"}, "", []string{"13A2"}, "played and scored", nil},
		{"13A2: adjusted under 12C1(b) if the result was affected", ProcedureIrregularity{Kind: IncorrectNumberOfCards}, Answers{"cards_when": "before_call", "seen_cards": "yes"}, "", []string{"12C1(b)"}, "affected the result", nil},
		{"13B1: call made, playable", ProcedureIrregularity{Kind: IncorrectNumberOfCards}, Answers{"cards_when": "after_call", "playable": "yes"}, "", []string{"13B1"}, "played with the calls made", nil},
		{"13B2: call made, not playable", ProcedureIrregularity{Kind: IncorrectNumberOfCards}, Answers{"cards_when": "after_call", "playable": "no"}, "", []string{"13B2"}, "cannot be played", nil},
		{"13D: after play", ProcedureIrregularity{Kind: IncorrectNumberOfCards}, Answers{"cards_when": "after_play"}, "", []string{"13D"}, "cancelled", nil},
		{"13C: asks whether the surplus card was played", ProcedureIrregularity{Kind: SurplusCard}, nil, "surplus_played", nil, "", nil},
		{"13C: surplus card removed, no adjustment", ProcedureIrregularity{Kind: SurplusCard}, Answers{"surplus_played": "no"}, "", []string{"13C"}, "no adjusted score", nil},
		{"13C: surplus card played to a quitted trick", ProcedureIrregularity{Kind: SurplusCard}, Answers{"surplus_played": "yes"}, "", []string{"12C1(b)"}, "may award an adjusted score", nil},
		{"14A1: found before lead", ProcedureIrregularity{Kind: MissingCard}, Answers{"missing_when": "before_lead", "found": "found"}, "", []string{"14A1"}, "restored", nil},
		{"14A3: play continues normally", ProcedureIrregularity{Kind: MissingCard}, Answers{"missing_when": "before_lead", "found": "found"}, "", []string{"14A3"}, "continue normally", nil},
		{"14A2: lost before lead", ProcedureIrregularity{Kind: MissingCard}, Answers{"missing_when": "before_lead", "found": "lost"}, "", []string{"14A2"}, "another pack", nil},
		{"14B1: among played cards", ProcedureIrregularity{Kind: MissingCard}, Answers{"missing_when": "after_lead", "found": "played"}, "", []string{"14B1"}, "defective trick", nil},
		{"14B2: found elsewhere after lead", ProcedureIrregularity{Kind: MissingCard}, Answers{"missing_when": "after_lead", "found": "found"}, "", []string{"14B2"}, "revoke", nil},
		{"14B3: lost after lead", ProcedureIrregularity{Kind: MissingCard}, Answers{"missing_when": "after_lead", "found": "lost"}, "", []string{"14B3"}, "another pack", nil},
		{"14B4: found after lead", ProcedureIrregularity{Kind: MissingCard}, Answers{"missing_when": "after_lead", "found": "found"}, "", []string{"14B4"}, "revoke", nil},
		{"14: asks where the card is", ProcedureIrregularity{Kind: MissingCard}, Answers{"missing_when": "after_lead"}, "found", nil, "", nil},
		{"15A1(a): partner called", ProcedureIrregularity{Kind: CardsFromWrongBoard, Offender: bridge.East}, Answers{"partner_called": "yes"}, "", []string{"15A1(a)"}, "adjusted score", nil},
		{"15A1(b): calls again", ProcedureIrregularity{Kind: CardsFromWrongBoard, Offender: bridge.East}, Answers{"partner_called": "no"}, "", []string{"16C2"}, "East and every later call are cancelled", nil},
		{"15B1: played before", ProcedureIrregularity{Kind: WrongBoard}, Answers{"played_before": "yes"}, "", []string{"15B1"}, "cancelled for both sides", nil},
		{"15B2: not played before", ProcedureIrregularity{Kind: WrongBoard}, Answers{"played_before": "no"}, "", []string{"15B2"}, "score stands", nil},
		{"16B: asks about the information", ProcedureIrregularity{Kind: UnauthorisedInformation, Offender: bridge.North}, nil, "ui", nil, "", nil},
		{"16A: no information", ProcedureIrregularity{Kind: UnauthorisedInformation, Offender: bridge.North}, Answers{"ui": "no"}, "", []string{"16A"}, "score stands", nil},
		{"16B1(b): no logical alternative", ProcedureIrregularity{Kind: UnauthorisedInformation, Offender: bridge.North}, Answers{"ui": "yes", "logical_alternative": "no"}, "", []string{"16B1(b)"}, "no logical alternative", nil},
		{"16B: not suggested", ProcedureIrregularity{Kind: UnauthorisedInformation, Offender: bridge.North}, Answers{"ui": "yes", "logical_alternative": "yes", "suggested": "no"}, "", []string{"16B1(a)"}, "did not demonstrably suggest", nil},
		{"16B: asks about damage", ProcedureIrregularity{Kind: UnauthorisedInformation, Offender: bridge.North}, Answers{"ui": "yes", "logical_alternative": "yes", "suggested": "yes"}, "damaged", nil, "", nil},
		{"16B: no damage", ProcedureIrregularity{Kind: UnauthorisedInformation, Offender: bridge.North}, Answers{"ui": "yes", "logical_alternative": "yes", "suggested": "yes", "damaged": "no"}, "", []string{"12B1"}, "not damaged", nil},
		{"16B3: adjusted", ProcedureIrregularity{Kind: UnauthorisedInformation, Offender: bridge.North, Information: "a long hesitation before passing 4♥"}, Answers{"ui": "yes", "logical_alternative": "yes", "suggested": "yes", "damaged": "yes"}, "", []string{"12C1(b)"}, "assigned adjusted score", nil},
	})
}

// procedureCase is one ruling of RuleProcedure: what happened, the
// director's answers, and what the ruling must ask or say.
type procedureCase struct {
	name     string
	p        ProcedureIrregularity
	ans      Answers
	question string   // the question still to ask, or ""
	laws     []string // laws the final ruling cites
	summary  string   // a phrase of the summary
	notLaws  []string // laws it must not cite
}

func runProcedureCases(t *testing.T, cases []procedureCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			r, err := RuleProcedure(tt.p, tt.ans)
			if err != nil {
				t.Fatal(err)
			}
			if tt.question != "" {
				if len(r.Questions) != 1 || r.Questions[0].ID != tt.question || r.Summary != "The director's judgement is needed: "+r.Questions[0].Text {
					t.Fatalf("ruling = %+v, want only question %q", r, tt.question)
				}
				return
			}
			if r.Pending() {
				t.Fatalf("ruling still asks %q", r.Questions[0].ID)
			}
			checkLaws(t, r, tt.laws, tt.notLaws)
			if !strings.Contains(r.Summary, tt.summary) {
				t.Errorf("ruling says %q, not %q", r.Summary, tt.summary)
			}
		})
	}
}

func TestRuleProcedureRecordsUnauthorisedInformation(t *testing.T) {
	r, err := RuleProcedure(ProcedureIrregularity{Kind: UnauthorisedInformation, Offender: bridge.North, Information: "a long hesitation before passing 4♥"},
		Answers{"ui": "yes", "logical_alternative": "yes", "suggested": "yes", "damaged": "yes"})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Unauthorised) != 1 || !strings.Contains(r.Unauthorised[0], "hesitation") || !strings.Contains(r.Unauthorised[0], "South") {
		t.Errorf("Unauthorised = %v, want the hesitation recorded as unauthorised to South", r.Unauthorised)
	}
	if !slices.Equal(r.AdjustmentMayFollow, []string{"16B3"}) {
		t.Errorf("AdjustmentMayFollow = %v, want [16B3]", r.AdjustmentMayFollow)
	}
	r, _ = RuleProcedure(ProcedureIrregularity{Kind: IncorrectNumberOfCards, Offender: bridge.West}, Answers{"cards_when": "after_call", "playable": "yes"})
	if len(r.Unauthorised) != 1 || !strings.Contains(r.Unauthorised[0], "East") {
		t.Errorf("Law 13 Unauthorised = %v, want the card placement unauthorised to East", r.Unauthorised)
	}
}

func TestRuleProcedureErrors(t *testing.T) {
	tests := []struct {
		name    string
		p       ProcedureIrregularity
		ans     Answers
		wantErr string
	}{
		{"unknown kind", ProcedureIrregularity{Kind: 99}, nil, "unknown irregularity"},
		{"bad offender", ProcedureIrregularity{Kind: MissingCard, Offender: 9}, nil, "not a seat"},
		{"wrong board at teams", ProcedureIrregularity{Kind: WrongBoard, Teams: true}, nil, "86B"},
		{"answer not a choice", ProcedureIrregularity{Kind: IncorrectNumberOfCards}, Answers{"cards_when": "sometime"}, `"sometime"`},
		{"later answer not a choice", ProcedureIrregularity{Kind: UnauthorisedInformation}, Answers{"ui": "yes", "logical_alternative": "maybe"}, "logical_alternative"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := RuleProcedure(tt.p, tt.ans); err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}
