package scoringservice

import (
	"context"
	"testing"

	"google.golang.org/grpc/codes"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// A director holds the session's results while the federation checks them:
// the public and the tables read none of its standings, travellers,
// scorecards or matches, a scorer reads them all, and publishing them opens them to the
// public again. Only a director sets it.
func TestHeldResultsWaitForPublication(t *testing.T) {
	h, director, scorer, table1, _ := tablesHarness(t)
	public := asToken("public-secret")
	if _, err := h.client.SubmitResult(director, &scoringv1.SubmitResultRequest{Parent: "events/club-night",
		Result: played(1, 1, 1, 1, 11, "3NT", typev1.Seat_SEAT_SOUTH, 9)}); err != nil {
		t.Fatal(err)
	}
	reads := map[string]func(context.Context) error{
		"standings": func(ctx context.Context) error {
			_, err := h.client.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/club-night"})
			return err
		},
		"matches": func(ctx context.Context) error {
			_, err := h.client.ListMatches(ctx, &scoringv1.ListMatchesRequest{Event: "events/club-night", Session: 1})
			return err
		},
		"traveller": func(ctx context.Context) error {
			_, err := h.client.GetTraveller(ctx, &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: 1})
			return err
		},
		"scorecard": func(ctx context.Context) error {
			_, err := h.client.GetScorecard(ctx, &scoringv1.GetScorecardRequest{Event: "events/club-night", Pair: 1})
			return err
		},
	}
	set := func(ctx context.Context, held bool) (*scoringv1.SetPublicationResponse, error) {
		return h.client.SetPublication(ctx, &scoringv1.SetPublicationRequest{Session: "events/club-night/sessions/1", Held: held})
	}
	_, err := set(scorer, true)
	wantCode(t, err, codes.PermissionDenied, "may not call")
	held, err := set(director, true)
	if err != nil {
		t.Fatal(err)
	}
	if p := held.GetPublication(); !p.GetHeld() || p.GetUpdatedBy() != "club-director" || p.GetSession() != "events/club-night/sessions/1" {
		t.Errorf("held: %v", p)
	}
	for what, read := range reads {
		wantCode(t, read(public), codes.PermissionDenied, "the director holds the results of events/club-night/sessions/1 until they are published")
		if err := read(scorer); err != nil {
			t.Errorf("a scorer reading the held %s: %v", what, err)
		}
	}
	// Held from the tables too: a device in a player's hand is the public's
	// window on the standings.
	wantCode(t, reads["standings"](table1), codes.PermissionDenied, "until they are published")
	st, err := h.client.GetStandings(scorer, &scoringv1.GetStandingsRequest{Event: "events/club-night"})
	if err != nil || !st.GetPublication().GetHeld() {
		t.Errorf("the scorer's standings say the results are held: %v (%v)", st.GetPublication(), err)
	}

	if _, err := set(director, false); err != nil {
		t.Fatal(err)
	}
	if err := reads["standings"](public); err != nil {
		t.Errorf("the public reading the published standings: %v", err)
	}
	if st, err := h.client.GetStandings(public, &scoringv1.GetStandingsRequest{Event: "events/club-night"}); err != nil || st.GetPublication().GetHeld() || st.GetPublication().GetUpdatedBy() != "" {
		t.Errorf("the public's standings after publication say %v (%v), want published and nobody named", st.GetPublication(), err)
	}
}
