package scoringservice

import (
	"context"
	"strings"
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
	first := h.submit(t, played(3, 3, 9, 5, 1, "3NT", typev1.Seat_SEAT_NORTH, 9))

	if _, err := moves.SetMovement(ctx, &movementv1.SetMovementRequest{Name: "events/club-night/sessions/1/sections/A", Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL, BoardsPerRound: 2}}); err != nil {
		t.Fatal(err)
	}
	// The terminal that sent the first result before the movement was set
	// resends it: it answers as the first time, though the schedule now
	// seats other pairs there.
	again := h.submit(t, played(3, 3, 9, 5, 1, "3NT", typev1.Seat_SEAT_NORTH, 9))
	if again.GetRevision() != 1 || again.GetEtag() != first.GetEtag() {
		t.Errorf("the resent result came back as %v, want %v", again, first)
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

// TestResultsAreCheckedAgainstTheScheduleAsItChanges: once the movement
// service has answered a section's schedule, a change of movement from a
// round, a withdrawal and a late pair each change what scoring accepts: a
// result for the new seating is taken, one for the old refused, naming the
// revision it was checked against.
func TestResultsAreCheckedAgainstTheScheduleAsItChanges(t *testing.T) {
	h := start(t, t.TempDir())
	ctx := context.Background()
	moves := h.moves
	const name = "events/club-night/sessions/1/sections/A"
	var entrants []*movementv1.Entrant
	for i := int32(1); i <= 14; i++ {
		entrants = append(entrants, &movementv1.Entrant{Number: i})
	}
	for _, err := range []error{
		call(moves.CreateEvent(ctx, &movementv1.CreateEventRequest{EventId: "club-night", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}}})),
		call(moves.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/club-night", SessionId: 1})),
		call(moves.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: "A", Section: &movementv1.Section{Entrants: entrants}})),
		// Seven tables, seven rounds of two boards.
		call(moves.SetMovement(ctx, &movementv1.SetMovementRequest{Name: name, Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL}})),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	seating := func(table, round int32) *movementv1.Seating {
		t.Helper()
		tr, err := moves.GetTableRound(ctx, &movementv1.GetTableRoundRequest{Section: name, Table: table, Round: round})
		if err != nil {
			t.Fatal(err)
		}
		return tr.GetSeating()
	}
	refused := func(r *scoringv1.Result, revision string) {
		t.Helper()
		_, err := h.client.SubmitResult(ctx, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: r})
		wantCode(t, err, codes.FailedPrecondition, "(revision "+revision+")")
	}
	// Round 1 is played: scoring has asked for the schedule.
	first := seating(1, 1)
	h.submit(t, played(1, 1, first.GetLowBoard(), first.GetNs(), first.GetEw(), "3NT", typev1.Seat_SEAT_SOUTH, 9))

	// The director arrow-switches rounds 4 to 7.
	old := seating(3, 4)
	if _, err := moves.SetMovement(ctx, &movementv1.SetMovementRequest{Name: name, FromRound: 4,
		Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL, ArrowSwitchRounds: []int32{4, 5, 6, 7}}}); err != nil {
		t.Fatal(err)
	}
	refused(played(3, 4, old.GetLowBoard(), old.GetNs(), old.GetEw(), "4H", typev1.Seat_SEAT_NORTH, 10), "3")
	h.submit(t, played(3, 4, old.GetLowBoard(), old.GetEw(), old.GetNs(), "4H", typev1.Seat_SEAT_NORTH, 10))

	// Pair 9 goes home after round 4; pair 15 takes its seats from round 6.
	var at5, at6 *movementv1.Seating
	for table := int32(1); table <= 7; table++ {
		if s := seating(table, 5); s.GetNs() == 9 || s.GetEw() == 9 {
			at5 = s
		}
		if s := seating(table, 6); s.GetNs() == 9 || s.GetEw() == 9 {
			at6 = s
		}
	}
	if _, err := moves.WithdrawEntrant(ctx, &movementv1.WithdrawEntrantRequest{Section: name, Entrant: 9, FromRound: 5}); err != nil {
		t.Fatal(err)
	}
	refused(played(at5.GetTable(), 5, at5.GetLowBoard(), at5.GetNs(), at5.GetEw(), "2S", typev1.Seat_SEAT_EAST, 8), "4")
	if _, err := moves.AddLateEntrant(ctx, &movementv1.AddLateEntrantRequest{Section: name, Entrant: &movementv1.Entrant{Number: 15}, FromRound: 6}); err != nil {
		t.Fatal(err)
	}
	refused(played(at6.GetTable(), 6, at6.GetLowBoard(), at6.GetNs(), at6.GetEw(), "2S", typev1.Seat_SEAT_EAST, 8), "5")
	ns, ew := at6.GetNs(), at6.GetEw()
	if ns == 9 {
		ns = 15
	} else {
		ew = 15
	}
	h.submit(t, played(at6.GetTable(), 6, at6.GetLowBoard(), ns, ew, "2S", typev1.Seat_SEAT_EAST, 8))
}

// TestCorrectionsAndPenaltiesNameEntrants refuses a correction or a penalty
// naming a pair that is not an entrant of the section, naming the field.
func TestCorrectionsAndPenaltiesNameEntrants(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	r := h.submit(t, played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 10))
	_, err := h.client.CorrectResult(ctx, &scoringv1.CorrectResultRequest{Name: r.GetName(), Reason: "wrong pair",
		Result: played(1, 1, 1, 1, 42, "4S", typev1.Seat_SEAT_NORTH, 10)})
	wantCode(t, err, codes.InvalidArgument, "has no entrant 42")
	if st, _ := status.FromError(err); !strings.Contains(st.String(), "result.ew_pair") {
		t.Errorf("%v does not name result.ew_pair", err)
	}
	_, err = h.client.ApplyPenalty(ctx, &scoringv1.ApplyPenaltyRequest{Parent: "events/club-night", Penalty: &scoringv1.Penalty{
		Pair: 42, Amount: 1, Unit: scoringv1.PenaltyUnit_PENALTY_UNIT_MATCHPOINTS, Reason: "late"}})
	wantCode(t, err, codes.InvalidArgument, "has no entrant 42")
}
