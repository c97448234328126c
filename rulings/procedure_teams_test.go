package rulings

import (
	"slices"
	"testing"

	"github.com/bridge-director/director/scoring"
)

func TestRuleTeamAdjustment(t *testing.T) {
	tests := []struct {
		name     string
		c        TeamCase
		ans      Answers
		question string
		law      string
	}{
		{"no result at other table", TeamCase{HomeFault: NotAtFault, AwayFault: DirectlyAtFault}, nil, "", "12C2(b)"},
		{"86B1 asks", TeamCase{HomeFault: NotAtFault, AwayFault: DirectlyAtFault, OtherTablePlayed: true}, nil, "clearly_favourable", ""},
		{"86B1 favourable", TeamCase{HomeFault: NotAtFault, AwayFault: DirectlyAtFault, OtherTablePlayed: true}, Answers{"clearly_favourable": "yes"}, "", "12C1(c)"},
		{"86B1 not favourable", TeamCase{HomeFault: NotAtFault, AwayFault: DirectlyAtFault, OtherTablePlayed: true}, Answers{"clearly_favourable": "no"}, "", "12C2(a)"},
		{"86B2(b) one at fault", TeamCase{HomeFault: PartlyAtFault, AwayFault: NotAtFault, Multiple: true}, nil, "", "86B2(b)"},
		{"86B2(c) both at fault", TeamCase{HomeFault: PartlyAtFault, AwayFault: DirectlyAtFault, Multiple: true}, nil, "", "86B2(c)"},
		{"86B2(a) asks 86A", TeamCase{HomeFault: NotAtFault, AwayFault: NotAtFault, Multiple: true}, nil, "match_result_knowable", ""},
		{"86B2(a) result knowable", TeamCase{HomeFault: NotAtFault, AwayFault: NotAtFault, Multiple: true}, Answers{"match_result_knowable": "yes"}, "", "86A"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := RuleTeamAdjustment(tt.c, tt.ans)
			if err != nil {
				t.Fatal(err)
			}
			if tt.question != "" {
				if len(r.Questions) != 1 || r.Questions[0].ID != tt.question {
					t.Fatalf("ruling = %+v, want question %q", r, tt.question)
				}
				return
			}
			if r.Pending() || !slices.Contains(r.Laws, tt.law) {
				t.Fatalf("ruling cites %v (questions %v), want %s", r.Laws, r.Questions, tt.law)
			}
		})
	}
	r, _ := RuleTeamAdjustment(TeamCase{HomeFault: NotAtFault, AwayFault: NotAtFault, Multiple: true}, Answers{"match_result_knowable": "no"})
	if len(r.Options) != 1 || r.Options[0].ID != "extra_boards" {
		t.Errorf("neither at fault, result not knowable: options %v, want extra boards", r.Options)
	}
	r, _ = RuleTeamAdjustment(TeamCase{HomeFault: NotAtFault, AwayFault: NotAtFault, Multiple: true}, Answers{"match_result_knowable": "yes"})
	if len(r.Options) != 0 {
		t.Errorf("match result knowable: options %v, want none (Law 86A)", r.Options)
	}
	if _, err := RuleTeamAdjustment(TeamCase{}, nil); err == nil {
		t.Error("no responsibilities: no error")
	}
}

func TestTeamArtificialIMPs(t *testing.T) {
	tests := []struct {
		home, away Responsibility
		want       scoring.AssignedIMPs
	}{
		{NotAtFault, DirectlyAtFault, scoring.AssignedIMPs{Home: 3, Away: -3}},
		{PartlyAtFault, PartlyAtFault, scoring.AssignedIMPs{Home: 0, Away: 0}},
		{NotAtFault, NotAtFault, scoring.AssignedIMPs{Home: 3, Away: 3}},
		{DirectlyAtFault, DirectlyAtFault, scoring.AssignedIMPs{Home: -3, Away: -3}},
	}
	for _, tt := range tests {
		got, err := TeamArtificialIMPs(tt.home, tt.away, scoring.WBF)
		if err != nil || got != tt.want {
			t.Errorf("TeamArtificialIMPs(%v, %v) = %+v, %v; want %+v", tt.home, tt.away, got, err, tt.want)
		}
	}
}

func TestNonOffendingTeamIMPs(t *testing.T) {
	tests := []struct{ assigned, nos, os int }{
		{10, 10, -10}, // the assigned score is better than average plus
		{3, 3, -3},
		{1, 3, -3}, // average plus is better
		{-7, 3, -3},
	}
	for _, tt := range tests {
		nos, os, err := NonOffendingTeamIMPs(tt.assigned, scoring.EBU)
		if err != nil || nos != tt.nos || os != tt.os {
			t.Errorf("NonOffendingTeamIMPs(%d) = %d, %d, %v; want %d, %d", tt.assigned, nos, os, err, tt.nos, tt.os)
		}
	}
	if _, _, err := NonOffendingTeamIMPs(5, scoring.Profile{Name: "broken"}); err == nil {
		t.Error("profile without average plus: no error")
	}
}
