package rulings

import (
	"reflect"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/scoring"
)

// The director's own rulings on a board: what he must judge, the score
// that follows, and the laws cited.
func TestRuleBoard(t *testing.T) {
	runProcedureCases(t, []procedureCase{
		{name: "unplayable: asks North-South's fault", p: ProcedureIrregularity{Kind: UnplayableBoard}, question: "ns_fault"},
		{name: "unplayable: asks East-West's fault", p: ProcedureIrregularity{Kind: UnplayableBoard}, ans: Answers{"ns_fault": "none"}, question: "ew_fault"},
		{name: "12C2(a) unplayable, East-West at fault", p: ProcedureIrregularity{Kind: UnplayableBoard}, ans: Answers{"ns_fault": "none", "ew_fault": "directly"},
			laws: []string{"12A2", "12C2(a)"}, summary: "Average+ to North-South (not at fault) and Average- to East-West (directly at fault)"},
		{name: "12C2(a) unplayable, both partly at fault", p: ProcedureIrregularity{Kind: UnplayableBoard}, ans: Answers{"ns_fault": "partly", "ew_fault": "partly"},
			laws: []string{"12A2", "12C2(a)"}, summary: "Average to North-South (partly at fault) and Average to East-West"},

		{name: "slow play: asks about disconcerting", p: ProcedureIrregularity{Kind: UndulySlowPlay, Offender: bridge.East}, question: "disconcert"},
		{name: "slow play: asks whether the board was played", p: ProcedureIrregularity{Kind: UndulySlowPlay, Offender: bridge.East}, ans: Answers{"disconcert": "no"}, question: "board_played"},
		{name: "90B2 slow play, board played", p: ProcedureIrregularity{Kind: UndulySlowPlay, Offender: bridge.East}, ans: Answers{"disconcert": "no", "board_played": "yes"},
			laws: []string{"90B2"}, notLaws: []string{"74B4", "12A2", "12C2(a)"}, summary: "East-West may be given a procedural penalty for unduly slow play (Law 90B2)."},
		{name: "74B4 and 90B2: prolonged to disconcert", p: ProcedureIrregularity{Kind: UndulySlowPlay, Offender: bridge.South}, ans: Answers{"disconcert": "yes", "board_played": "yes"},
			laws: []string{"74B4", "90B2"}, summary: "North-South may be given a procedural penalty"},
		{name: "slow play, board not played: artificial scores too", p: ProcedureIrregularity{Kind: UndulySlowPlay, Offender: bridge.East},
			ans:  Answers{"disconcert": "no", "board_played": "no", "ns_fault": "none", "ew_fault": "directly"},
			laws: []string{"12A2", "12C2(a)", "90B2"}, summary: "not played in time because East-West played unduly slowly: the director awards artificial adjusted scores, Average+ to North-South"},

		{name: "fouled: asks about the group", p: ProcedureIrregularity{Kind: FouledBoard}, question: "group"},
		{name: "87B fouled, scored in its group", p: ProcedureIrregularity{Kind: FouledBoard}, ans: Answers{"group": "yes"},
			laws: []string{"87A", "87B", "90B6"}, notLaws: []string{"12C2(a)"}, summary: "scores each group separately"},
		{name: "87B fouled, no group: 12C2(a)", p: ProcedureIrregularity{Kind: FouledBoard}, ans: Answers{"group": "no", "ns_fault": "none", "ew_fault": "none"},
			laws: []string{"87A", "87B", "12A2", "12C2(a)", "90B6"}, summary: "Average+ to North-South (not at fault) and Average+ to East-West"},

		{name: "director's error: asks whether it can be scored", p: ProcedureIrregularity{Kind: DirectorError}, question: "scorable"},
		{name: "82C corrected", p: ProcedureIrregularity{Kind: DirectorError}, ans: Answers{"scorable": "yes"},
			laws: []string{"82C"}, notLaws: []string{"12C1(b)", "12C2(a)"}, summary: "scored normally"},
		{name: "82C both sides non-offending", p: ProcedureIrregularity{Kind: DirectorError}, ans: Answers{"scorable": "no"},
			laws: []string{"82C", "12C1(b)", "12C2(a)"}, summary: "treating both sides as non-offending"},
	})
}

// TestBoardRulingsGiveTheirScore: a board ruling that ends in artificial
// scores by fault gives them structured, for the director to apply as
// ruled; a fouled board scored in its group says so; the rest give none.
func TestBoardRulingsGiveTheirScore(t *testing.T) {
	artificial := func(ns, ew scoring.Adjustment) *AdjustedScore {
		return &AdjustedScore{Kind: ArtificialScore, NS: ns, EW: ew, Law: "12C2(a)"}
	}
	for _, tt := range []struct {
		name    string
		p       ProcedureIrregularity
		ans     Answers
		score   *AdjustedScore
		inGroup bool
	}{
		{"12C2(a) unplayable, East-West at fault", ProcedureIrregularity{Kind: UnplayableBoard}, Answers{"ns_fault": "none", "ew_fault": "directly"},
			artificial(scoring.AveragePlus, scoring.AverageMinus), false},
		{"12C2(a) unplayable, both partly at fault", ProcedureIrregularity{Kind: UnplayableBoard}, Answers{"ns_fault": "partly", "ew_fault": "partly"},
			artificial(scoring.Average, scoring.Average), false},
		{"slow play, board not played", ProcedureIrregularity{Kind: UndulySlowPlay, Offender: bridge.East},
			Answers{"disconcert": "no", "board_played": "no", "ns_fault": "none", "ew_fault": "directly"}, artificial(scoring.AveragePlus, scoring.AverageMinus), false},
		{"slow play, board played: no score", ProcedureIrregularity{Kind: UndulySlowPlay, Offender: bridge.East}, Answers{"disconcert": "no", "board_played": "yes"}, nil, false},
		{"87B fouled, scored in its group", ProcedureIrregularity{Kind: FouledBoard}, Answers{"group": "yes"}, nil, true},
		{"87B fouled, no group: 12C2(a)", ProcedureIrregularity{Kind: FouledBoard}, Answers{"group": "no", "ns_fault": "partly", "ew_fault": "none"},
			artificial(scoring.Average, scoring.AveragePlus), false},
		{"82C both non-offending: the director assigns or gives Average+", ProcedureIrregularity{Kind: DirectorError}, Answers{"scorable": "no"}, nil, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := RuleProcedure(tt.p, tt.ans)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(r.Score, tt.score) || r.ScoredInGroup != tt.inGroup {
				t.Errorf("score %+v, in group %v; want %+v, %v", r.Score, r.ScoredInGroup, tt.score, tt.inGroup)
			}
		})
	}
}

// TestFouledBoardAsksFaultForTheFouling: a fouled board was played, so the
// 12C2(a) question for a result no group can score asks who is at fault for
// the fouling, never for the board not being played.
func TestFouledBoardAsksFaultForTheFouling(t *testing.T) {
	r, err := RuleProcedure(ProcedureIrregularity{Kind: FouledBoard}, Answers{"group": "no"})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Questions) != 1 || r.Questions[0].ID != "ns_fault" {
		t.Fatalf("questions %+v, want ns_fault", r.Questions)
	}
	if q := r.Questions[0].Text; strings.Contains(q, "not being played") || !strings.Contains(q, "fouled") {
		t.Errorf("asks %q, want North-South's fault for the board being fouled", q)
	}
}

func TestRuleBoardErrors(t *testing.T) {
	if _, err := RuleProcedure(ProcedureIrregularity{Kind: UndulySlowPlay, Offender: 7}, nil); err == nil || !strings.Contains(err.Error(), "not a seat") {
		t.Errorf("slow play by no seat: err = %v, want the offender refused", err)
	}
	if _, err := RuleProcedure(ProcedureIrregularity{Kind: UnplayableBoard, Offender: 7}, nil); err == nil || !strings.Contains(err.Error(), "not a seat") {
		t.Errorf("unplayable board by no seat: err = %v, want the seat given refused", err)
	}
	if _, err := RuleProcedure(ProcedureIrregularity{Kind: UnplayableBoard}, Answers{"ns_fault": "some"}); err == nil || !strings.Contains(err.Error(), `"some"`) {
		t.Errorf("fault answer not a choice: err = %v", err)
	}
}
