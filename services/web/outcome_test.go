package web

import (
	"slices"
	"testing"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// Every kind of outcome reads on a traveller as a player would write it.
func TestOutcomeView(t *testing.T) {
	played := func(contract string, declarer typev1.Seat, tricks int32, lead string) *scoringv1.Result {
		return &scoringv1.Result{Outcome: &scoringv1.Result_Played{Played: &scoringv1.Played{Contract: contract, Declarer: declarer, Tricks: tricks, Lead: lead}}}
	}
	for _, c := range []struct {
		result *scoringv1.Result
		want   outcomeView
	}{
		{played("4S", typev1.Seat_SEAT_NORTH, 11, "HK"), outcomeView{Contract: "4♠", By: "N", Lead: "♥K", Made: "+1"}},
		{played("3NTX", typev1.Seat_SEAT_WEST, 9, "DT"), outcomeView{Contract: "3NTx", By: "W", Lead: "♦10", Made: "="}},
		{played("6CXX", typev1.Seat_SEAT_EAST, 9, ""), outcomeView{Contract: "6♣xx", By: "E", Made: "−3"}},
		{played("7H", typev1.Seat_SEAT_SOUTH, 13, "card"), outcomeView{Contract: "7♥", By: "S", Lead: "card", Made: "="}},
		{&scoringv1.Result{Outcome: &scoringv1.Result_PassedOut{}}, outcomeView{Contract: "Passed out"}},
		{&scoringv1.Result{Outcome: &scoringv1.Result_NotPlayed{}}, outcomeView{Contract: "Not played"}},
		{&scoringv1.Result{Outcome: &scoringv1.Result_Artificial{Artificial: &scoringv1.ArtificialScore{
			NorthSouth: scoringv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS, EastWest: scoringv1.Adjustment_ADJUSTMENT_AVERAGE_MINUS}}},
			outcomeView{Contract: "Average plus / Average minus"}},
		{&scoringv1.Result{Outcome: &scoringv1.Result_Assigned{Assigned: &scoringv1.AssignedScore{Kind: &scoringv1.AssignedScore_Weighted{}}}},
			outcomeView{Contract: "Weighted score"}},
		{&scoringv1.Result{Outcome: &scoringv1.Result_Assigned{Assigned: &scoringv1.AssignedScore{Kind: &scoringv1.AssignedScore_NsScore{NsScore: 420}}}, Flags: []string{"late"}},
			outcomeView{Contract: "Assigned score", Flags: []string{"late"}}},
	} {
		got := newOutcomeView(c.result)
		if got.Contract != c.want.Contract || got.By != c.want.By || got.Lead != c.want.Lead || got.Made != c.want.Made || !slices.Equal(got.Flags, c.want.Flags) {
			t.Errorf("%v reads %+v, want %+v", c.result, got, c.want)
		}
	}
}

// Only table scores go in a traveller's score columns; an artificial
// score has none.
func TestScored(t *testing.T) {
	for outcome, want := range map[string]bool{"played": true, "passed out": true, "assigned": true, "artificial": false, "not played": false} {
		r := map[string]*scoringv1.Result{
			"played":     {Outcome: &scoringv1.Result_Played{Played: &scoringv1.Played{}}},
			"passed out": {Outcome: &scoringv1.Result_PassedOut{}},
			"assigned":   {Outcome: &scoringv1.Result_Assigned{}},
			"artificial": {Outcome: &scoringv1.Result_Artificial{}},
			"not played": {Outcome: &scoringv1.Result_NotPlayed{}},
		}[outcome]
		if scored(r) != want {
			t.Errorf("scored(%s) = %v, want %v", outcome, !want, want)
		}
	}
}
