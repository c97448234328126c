package rulings

import (
	"slices"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestRuleProcedure(t *testing.T) {
	tests := []struct {
		name     string
		p        ProcedureIrregularity
		ans      Answers
		question string // the question still to ask, or ""
		law      string // a law the final ruling cites
		summary  string // a phrase of the summary
	}{
		{"13: first question", ProcedureIrregularity{Kind: IncorrectNumberOfCards}, nil, "cards_when", "", ""},
		{"13A1: no call, nothing seen", ProcedureIrregularity{Kind: IncorrectNumberOfCards}, Answers{"cards_when": "before_call", "seen_cards": "no"}, "", "13A1", "played normally"},
		{"13A2: seen, the board is played and scored", ProcedureIrregularity{Kind: IncorrectNumberOfCards}, Answers{"cards_when": "before_call", "seen_cards": "yes"}, "", "13A2", "played and scored"},
		{"13A2: adjusted under 12C1(b) if the result was affected", ProcedureIrregularity{Kind: IncorrectNumberOfCards}, Answers{"cards_when": "before_call", "seen_cards": "yes"}, "", "12C1(b)", "affected the result"},
		{"13B1: call made, playable", ProcedureIrregularity{Kind: IncorrectNumberOfCards}, Answers{"cards_when": "after_call", "playable": "yes"}, "", "13B1", "played with the calls made"},
		{"13B2: call made, not playable", ProcedureIrregularity{Kind: IncorrectNumberOfCards}, Answers{"cards_when": "after_call", "playable": "no"}, "", "13B2", "cannot be played"},
		{"13D: after play", ProcedureIrregularity{Kind: IncorrectNumberOfCards}, Answers{"cards_when": "after_play"}, "", "13D", "cancelled"},
		{"13C: asks whether the surplus card was played", ProcedureIrregularity{Kind: SurplusCard}, nil, "surplus_played", "", ""},
		{"13C: surplus card removed, no adjustment", ProcedureIrregularity{Kind: SurplusCard}, Answers{"surplus_played": "no"}, "", "13C", "no adjusted score"},
		{"13C: surplus card played to a quitted trick", ProcedureIrregularity{Kind: SurplusCard}, Answers{"surplus_played": "yes"}, "", "12C1(b)", "may award an adjusted score"},
		{"14A1: found before lead", ProcedureIrregularity{Kind: MissingCard}, Answers{"missing_when": "before_lead", "found": "found"}, "", "14A1", "restored"},
		{"14A3: play continues normally", ProcedureIrregularity{Kind: MissingCard}, Answers{"missing_when": "before_lead", "found": "found"}, "", "14A3", "continue normally"},
		{"14A2: lost before lead", ProcedureIrregularity{Kind: MissingCard}, Answers{"missing_when": "before_lead", "found": "lost"}, "", "14A2", "another pack"},
		{"14B1: among played cards", ProcedureIrregularity{Kind: MissingCard}, Answers{"missing_when": "after_lead", "found": "played"}, "", "14B1", "defective trick"},
		{"14B2: found elsewhere after lead", ProcedureIrregularity{Kind: MissingCard}, Answers{"missing_when": "after_lead", "found": "found"}, "", "14B2", "revoke"},
		{"14B3: lost after lead", ProcedureIrregularity{Kind: MissingCard}, Answers{"missing_when": "after_lead", "found": "lost"}, "", "14B3", "another pack"},
		{"14B4: found after lead", ProcedureIrregularity{Kind: MissingCard}, Answers{"missing_when": "after_lead", "found": "found"}, "", "14B4", "revoke"},
		{"14: asks where the card is", ProcedureIrregularity{Kind: MissingCard}, Answers{"missing_when": "after_lead"}, "found", "", ""},
		{"15A1(a): partner called", ProcedureIrregularity{Kind: CardsFromWrongBoard, Offender: bridge.East}, Answers{"partner_called": "yes"}, "", "15A1(a)", "adjusted score"},
		{"15A1(b): calls again", ProcedureIrregularity{Kind: CardsFromWrongBoard, Offender: bridge.East}, Answers{"partner_called": "no"}, "", "16C2", "East and every later call are cancelled"},
		{"15B1: played before", ProcedureIrregularity{Kind: WrongBoard}, Answers{"played_before": "yes"}, "", "15B1", "cancelled for both sides"},
		{"15B2: not played before", ProcedureIrregularity{Kind: WrongBoard}, Answers{"played_before": "no"}, "", "15B2", "score stands"},
		{"16B: asks about the information", ProcedureIrregularity{Kind: UnauthorisedInformation, Offender: bridge.North}, nil, "ui", "", ""},
		{"16A: no information", ProcedureIrregularity{Kind: UnauthorisedInformation, Offender: bridge.North}, Answers{"ui": "no"}, "", "16A", "score stands"},
		{"16B1(b): no logical alternative", ProcedureIrregularity{Kind: UnauthorisedInformation, Offender: bridge.North}, Answers{"ui": "yes", "logical_alternative": "no"}, "", "16B1(b)", "no logical alternative"},
		{"16B: not suggested", ProcedureIrregularity{Kind: UnauthorisedInformation, Offender: bridge.North}, Answers{"ui": "yes", "logical_alternative": "yes", "suggested": "no"}, "", "16B1(a)", "did not demonstrably suggest"},
		{"16B: asks about damage", ProcedureIrregularity{Kind: UnauthorisedInformation, Offender: bridge.North}, Answers{"ui": "yes", "logical_alternative": "yes", "suggested": "yes"}, "damaged", "", ""},
		{"16B: no damage", ProcedureIrregularity{Kind: UnauthorisedInformation, Offender: bridge.North}, Answers{"ui": "yes", "logical_alternative": "yes", "suggested": "yes", "damaged": "no"}, "", "12B1", "not damaged"},
		{"16B3: adjusted", ProcedureIrregularity{Kind: UnauthorisedInformation, Offender: bridge.North, Information: "a long hesitation before passing 4♥"}, Answers{"ui": "yes", "logical_alternative": "yes", "suggested": "yes", "damaged": "yes"}, "", "12C1(b)", "assigned adjusted score"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := RuleProcedure(tt.p, tt.ans)
			if err != nil {
				t.Fatal(err)
			}
			if tt.question != "" {
				if len(r.Questions) != 1 || r.Questions[0].ID != tt.question || r.Summary != "" {
					t.Fatalf("ruling = %+v, want only question %q", r, tt.question)
				}
				return
			}
			if r.Pending() {
				t.Fatalf("ruling still asks %q", r.Questions[0].ID)
			}
			if !slices.Contains(r.Laws, tt.law) || !strings.Contains(r.Summary, tt.summary) {
				t.Fatalf("ruling cites %v, says %q; want law %s and %q", r.Laws, r.Summary, tt.law, tt.summary)
			}
			checkParagraphs(t, r)
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
