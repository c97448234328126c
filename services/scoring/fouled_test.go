package scoringservice

import (
	"context"
	"testing"

	"google.golang.org/grpc/codes"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// TestFouledBoardScoredInGroups: board 1 of four tables was fouled after
// table 2. The director moves tables 3 and 4 to group 1 with a group-only
// correction, which keeps what they played, and the traveller scores each
// group apart, factored by Neuberg from 2 results to the 4 of the board
// (top 6): (MP + 1)·4/2 − 1 makes a win 5 and a loss 1. Scored together,
// +450, +420, +140 and −50 would be 6, 4, 2 and 0.
func TestFouledBoardScoredInGroups(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	h.submit(t, played(1, 1, 1, 1, 11, "4S", typev1.Seat_SEAT_NORTH, 11)) // +450
	h.submit(t, played(2, 1, 1, 2, 12, "4S", typev1.Seat_SEAT_NORTH, 10)) // +420
	changed := []*scoringv1.Result{
		h.submit(t, played(3, 1, 1, 3, 13, "2S", typev1.Seat_SEAT_NORTH, 9)), // +140
		h.submit(t, played(4, 1, 1, 4, 14, "4S", typev1.Seat_SEAT_NORTH, 9)), // −50
	}
	for _, r := range changed {
		resp, err := h.client.CorrectResult(ctx, &scoringv1.CorrectResultRequest{Name: r.GetName(), Reason: "Law 87B: fouled board",
			Result: &scoringv1.Result{FouledGroup: 1}, GroupOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := resp.GetResult(); got.GetFouledGroup() != 1 || got.GetNsScore() != r.GetNsScore() || got.GetRevision() != 2 {
			t.Errorf("regrouped %v: want group 1, the score %d kept, revision 2", got, r.GetNsScore())
		}
	}
	trav, err := h.client.GetTraveller(ctx, &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int32]float64{1: 5, 2: 1, 3: 5, 4: 1}
	for _, l := range trav.GetLines() {
		if w := want[l.GetResult().GetNsPair()]; l.GetNsPoints() != w || l.GetEwPoints() != 6-w {
			t.Errorf("NS pair %d (group %d): %v/%v, want %v/%v", l.GetResult().GetNsPair(), l.GetResult().GetFouledGroup(), l.GetNsPoints(), l.GetEwPoints(), w, 6-w)
		}
	}
	if st := h.standings(t, "events/club-night"); st[3].GetScore() != 5 {
		t.Errorf("pair 3 stands at %v matchpoints, want 5 for its win in group 1", st[3].GetScore())
	}

	_, err = h.client.CorrectResult(ctx, &scoringv1.CorrectResultRequest{Name: changed[0].GetName(), Reason: "too many forms",
		Result: &scoringv1.Result{FouledGroup: 21}, GroupOnly: true})
	wantCode(t, err, codes.InvalidArgument, "result.fouled_group")
	missing := "events/club-night/sessions/1/sections/A/tables/5/rounds/1/boards/1"
	_, err = h.client.CorrectResult(ctx, &scoringv1.CorrectResultRequest{Name: missing, Reason: "Law 87B",
		Result: &scoringv1.Result{FouledGroup: 1}, GroupOnly: true, AllowMissing: true})
	wantCode(t, err, codes.NotFound, missing)
}
