package scoringservice

import (
	"context"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// TestResultsAreCheckedAgainstTheSchedule runs the real movement service
// beside scoring, as one process does.
func TestResultsAreCheckedAgainstTheSchedule(t *testing.T) {
	h := start(t, t.TempDir())
	ctx := context.Background()
	moves := h.moves
	if _, err := moves.CreateEvent(ctx, &movementv1.CreateEventRequest{EventId: "club-night", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}}}); err != nil {
		t.Fatal(err)
	}
	var entrants []*movementv1.Entrant
	for i := int32(1); i <= 6; i++ {
		entrants = append(entrants, &movementv1.Entrant{Number: i})
	}
	for _, err := range []error{
		call(moves.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/club-night", SessionId: 1})),
		call(moves.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: "A", Section: &movementv1.Section{Entrants: entrants}})),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}

	// Section A has no movement yet: nothing to check against.
	h.submit(t, played(3, 3, 9, 5, 1, "3NT", typev1.Seat_SEAT_NORTH, 9))

	if _, err := moves.SetMovement(ctx, &movementv1.SetMovementRequest{Name: "events/club-night/sessions/1/sections/A", Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL, BoardsPerRound: 2}}); err != nil {
		t.Fatal(err)
	}
	tr, err := moves.GetTableRound(ctx, &movementv1.GetTableRoundRequest{Section: "events/club-night/sessions/1/sections/A", Table: 2, Round: 3})
	if err != nil {
		t.Fatal(err)
	}
	seat := tr.GetSeating()
	h.submit(t, played(2, 3, seat.GetLowBoard(), seat.GetNs(), seat.GetEw(), "4S", typev1.Seat_SEAT_NORTH, 10))
	for _, wrong := range []*scoringv1.Result{
		played(2, 3, seat.GetHighBoard()+1, seat.GetNs(), seat.GetEw(), "4S", typev1.Seat_SEAT_NORTH, 10),
		played(2, 3, seat.GetHighBoard(), seat.GetEw(), seat.GetNs(), "4S", typev1.Seat_SEAT_NORTH, 10),
		played(4, 3, seat.GetHighBoard(), seat.GetNs(), seat.GetEw(), "4S", typev1.Seat_SEAT_NORTH, 10),
	} {
		_, err := h.client.SubmitResult(ctx, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: wrong})
		st, _ := status.FromError(err)
		if st.Code() != codes.FailedPrecondition {
			t.Errorf("result %v: %v, want FailedPrecondition", wrong, err)
		}
	}
}
