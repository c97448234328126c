package scoringservice

import (
	"context"
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform/platformtest"
)

// tablesHarness serves scoring and movement with a director's and a
// scorer's tokens, a ten-table Mitchell in section A, and table tokens for
// tables 1 and 2; it returns the contexts of the director and of each
// table's device.
func tablesHarness(t *testing.T) (h *harness, director, scorer, table1, table2 context.Context) {
	t.Helper()
	dir := t.TempDir()
	h = startWith(t, dir, platformtest.Tokens(t, `tokens:
  - {name: club-director, token: director-secret, roles: [director], events: [events/club-night]}
  - {name: scorer, token: scorer-secret, roles: [scorer], events: [events/club-night]}
  - {name: scoreboard, token: public-secret, roles: [public]}
`))
	as := asToken
	director, scorer = as("director-secret"), as("scorer-secret")
	h.setup = director
	h.createEvent(t, "club-night", scoringv1.Form_FORM_MATCHPOINTS)
	if _, err := h.moves.SetMovement(director, &movementv1.SetMovementRequest{Name: "events/club-night/sessions/1/sections/A", Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL}}); err != nil {
		t.Fatal(err)
	}
	issued, err := h.moves.IssueTableTokens(director, &movementv1.IssueTableTokensRequest{Section: "events/club-night/sessions/1/sections/A", Tables: []int32{1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	return h, director, scorer, as(issued.GetTokens()[0].GetCode()), as(issued.GetTokens()[1].GetCode())
}

// asToken is a context that calls with token.
func asToken(token string) context.Context {
	return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+token)
}

// fourSpades is table 1's board 1 in round 1 of the Mitchell: pair 1
// against pair 11, North declaring 4♠ with tricks.
func fourSpades(tricks int32) *scoringv1.SubmitResultRequest {
	return &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: played(1, 1, 1, 1, 11, "4S", typev1.Seat_SEAT_NORTH, tricks)}
}

const board1Table1 = "events/club-night/sessions/1/sections/A/tables/1/rounds/1/boards/1"

// TestTheOpponentsConfirm walks a result through its states at the table:
// entered by North-South, changed before confirmation, confirmed by
// East-West, and then changed by the director alone. The table reads the
// board's traveller only once it is confirmed; a resend of each step
// changes nothing.
func TestTheOpponentsConfirm(t *testing.T) {
	h, director, _, table1, table2 := tablesHarness(t)
	first, err := h.client.SubmitResult(table1, fourSpades(10))
	if err != nil {
		t.Fatal(err)
	}
	if r := first.GetResult(); r.GetEnteredSide() != typev1.Side_SIDE_NORTH_SOUTH || r.GetConfirmation() != nil || r.GetEnteredBy() != "events/club-night/sessions/1/sections/A/tables/1" {
		t.Fatalf("entered at table 1: %v", r)
	}
	traveller := func(ctx context.Context) error {
		_, err := h.client.GetTraveller(ctx, &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: 1})
		return err
	}
	wantCode(t, traveller(table1), codes.PermissionDenied, "tables/1 has not yet played board 1 of session 1")

	// North-South see they keyed ten tricks for nine, and enter it again.
	changed, err := h.client.SubmitResult(table1, fourSpades(9))
	if err != nil {
		t.Fatalf("the table changing its unconfirmed result: %v", err)
	}
	if changed.GetResult().GetRevision() != 2 || changed.GetResult().GetNsScore() != -50 {
		t.Fatalf("changed: %v, want revision 2 scoring -50 (board 1, none vulnerable)", changed.GetResult())
	}
	confirm := func(ctx context.Context, revision int32, side typev1.Side) (*scoringv1.ConfirmResultResponse, error) {
		return h.client.ConfirmResult(ctx, &scoringv1.ConfirmResultRequest{Name: board1Table1, Revision: revision, Side: side})
	}
	_, err = confirm(table1, 2, typev1.Side_SIDE_NORTH_SOUTH)
	wantCode(t, err, codes.PermissionDenied, "side: North-South entered")
	_, err = confirm(table1, 1, typev1.Side_SIDE_EAST_WEST)
	wantCode(t, err, codes.Aborted, "is revision 2 now, not 1 as shown")
	_, err = confirm(table2, 2, typev1.Side_SIDE_EAST_WEST)
	wantCode(t, err, codes.PermissionDenied, "may not act at events/club-night/sessions/1/sections/A/tables/1")
	_, err = confirm(table1, 2, typev1.Side_SIDE_UNSPECIFIED)
	wantCode(t, err, codes.InvalidArgument, "side: SIDE_UNSPECIFIED")

	_, err = confirm(asToken("public-secret"), 2, typev1.Side_SIDE_EAST_WEST)
	wantCode(t, err, codes.PermissionDenied, "may not call")

	confirmed, err := confirm(table1, 2, typev1.Side_SIDE_EAST_WEST)
	if err != nil {
		t.Fatal(err)
	}
	c := confirmed.GetResult().GetConfirmation()
	if c.GetSide() != typev1.Side_SIDE_EAST_WEST || c.GetRevision() != 2 || confirmed.GetResult().GetRevision() != 3 || c.GetConfirmedBy() != "events/club-night/sessions/1/sections/A/tables/1" {
		t.Fatalf("confirmed: %v", confirmed.GetResult())
	}
	if err := traveller(table1); err != nil {
		t.Errorf("table 1's traveller of the board it played: %v", err)
	}
	// The feed holds the entry, the change and the confirmation, in order.
	since := uint64(0)
	feed, err := h.client.ListChanges(director, &scoringv1.ListChangesRequest{Parent: "events/club-night", Since: &since})
	if err != nil {
		t.Fatal(err)
	}
	var kinds []typev1.ChangeKind
	for _, ch := range feed.GetChanges() {
		if ch.GetName() == board1Table1 {
			kinds = append(kinds, ch.GetKind())
		}
	}
	if want := []typev1.ChangeKind{typev1.ChangeKind_CHANGE_KIND_RESULT_SUBMITTED, typev1.ChangeKind_CHANGE_KIND_RESULT_CORRECTED, typev1.ChangeKind_CHANGE_KIND_RESULT_CONFIRMED}; !slices.Equal(kinds, want) {
		t.Errorf("the feed's records of the board: %v, want %v", kinds, want)
	}
	wantCode(t, traveller(table2), codes.PermissionDenied, "tables/2 has not yet played board 1")
	if err := traveller(director); err != nil {
		t.Errorf("the director's traveller: %v", err)
	}

	// The device lost its connection and resends all it holds.
	again, err := confirm(table1, 2, typev1.Side_SIDE_EAST_WEST)
	if err != nil || again.GetResult().GetEtag() != confirmed.GetResult().GetEtag() {
		t.Errorf("a resent confirmation: %v %v, want the first answer", again.GetResult(), err)
	}
	_, err = confirm(table1, 3, typev1.Side_SIDE_EAST_WEST) // the confirmed revision, as the device shows it
	wantCode(t, err, codes.Aborted, "is confirmed already: its revision 3 confirms revision 2")
	resent, err := h.client.SubmitResult(table1, fourSpades(9))
	if err != nil || resent.GetResult().GetEtag() != confirmed.GetResult().GetEtag() {
		t.Errorf("a resent result after confirmation: %v %v, want the confirmed one", resent.GetResult(), err)
	}
	_, err = h.client.SubmitResult(table1, fourSpades(10))
	wantCode(t, err, codes.FailedPrecondition, "was confirmed by East-West (events/club-night/sessions/1/sections/A/tables/1) at 2026-11-24T19:30:00Z; only a director or a scorer may change it now")
	_, err = h.client.CorrectResult(table1, &scoringv1.CorrectResultRequest{Name: board1Table1, Result: fourSpades(10).GetResult(), Reason: "we got it wrong"})
	wantCode(t, err, codes.PermissionDenied, "may not call")
	history, err := h.client.GetResultHistory(director, &scoringv1.GetResultHistoryRequest{Name: board1Table1})
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, rev := range history.GetRevisions() {
		actions = append(actions, strings.TrimPrefix(rev.GetAction().String(), "ACTION_"))
	}
	if got := strings.Join(actions, " "); got != "SUBMITTED CORRECTED CONFIRMED" {
		t.Errorf("history: %s, want SUBMITTED CORRECTED CONFIRMED (the resends add nothing)", got)
	}

	// The director's correction stands on its own: nothing to confirm.
	corrected, err := h.client.CorrectResult(director, &scoringv1.CorrectResultRequest{Name: board1Table1, Result: fourSpades(10).GetResult(), Reason: "East-West agree it made"})
	if err != nil {
		t.Fatal(err)
	}
	if r := corrected.GetResult(); r.GetEnteredSide() != typev1.Side_SIDE_UNSPECIFIED || r.GetConfirmation() != nil || r.GetNsScore() != 420 {
		t.Errorf("the director's correction: %v", r)
	}
	_, err = confirm(table1, 4, typev1.Side_SIDE_EAST_WEST)
	wantCode(t, err, codes.FailedPrecondition, "entered by club-director, whose word stands")
	if err := traveller(table1); err != nil {
		t.Errorf("table 1's traveller after the director's correction: %v", err)
	}
}

// TestPassedOutAndNotPlayedAreEntriesToo: a board passed out at a table
// is confirmed like any result and then shows the traveller; one not
// played is confirmed too, but shows nothing, since it may still be
// played.
func TestPassedOutAndNotPlayedAreEntriesToo(t *testing.T) {
	h, _, _, table1, _ := tablesHarness(t)
	for _, tc := range []struct {
		board     int32
		outcome   *scoringv1.Result
		traveller codes.Code
	}{
		{1, &scoringv1.Result{Outcome: &scoringv1.Result_PassedOut{PassedOut: &scoringv1.PassedOut{}}}, codes.OK},
		{2, &scoringv1.Result{Outcome: &scoringv1.Result_NotPlayed{NotPlayed: &scoringv1.NotPlayed{}}}, codes.PermissionDenied},
	} {
		r := tc.outcome
		r.Table, r.Round, r.Board, r.NsPair, r.EwPair = 1, 1, tc.board, 1, 11
		entered, err := h.client.SubmitResult(table1, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: r})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.client.ConfirmResult(table1, &scoringv1.ConfirmResultRequest{Name: entered.GetResult().GetName(), Revision: 1, Side: typev1.Side_SIDE_EAST_WEST}); err != nil {
			t.Errorf("board %d: East-West confirming: %v", tc.board, err)
		}
		_, err = h.client.GetTraveller(table1, &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: tc.board})
		if status.Code(err) != tc.traveller {
			t.Errorf("board %d's traveller: %v, want %v", tc.board, err, tc.traveller)
		}
	}
}

// TestATableEntersWhatWasPlayed: a director's score, and a fouled board's
// group, are the director's;
// a table that has not confirmed its own result does not see the
// traveller; a revoked table token is refused by scoring at once.
func TestATableEntersWhatWasPlayed(t *testing.T) {
	h, director, scorer, table1, _ := tablesHarness(t)
	average := fourSpades(0)
	average.Result.Outcome = &scoringv1.Result_Artificial{Artificial: &scoringv1.ArtificialScore{NorthSouth: scoringv1.Adjustment_ADJUSTMENT_AVERAGE, EastWest: scoringv1.Adjustment_ADJUSTMENT_AVERAGE}}
	_, err := h.client.SubmitResult(table1, average)
	wantCode(t, err, codes.PermissionDenied, "an artificial or assigned score is the director's")
	grouped := fourSpades(10)
	grouped.Result.FouledGroup = 1
	_, err = h.client.SubmitResult(table1, grouped)
	wantCode(t, err, codes.PermissionDenied, "result.fouled_group: the group of a fouled board is the director's")
	if _, err := h.client.SubmitResult(scorer, average); err != nil {
		t.Errorf("the scorer entering an average: %v", err)
	}
	_, err = h.client.SubmitResult(table1, fourSpades(10))
	wantCode(t, err, codes.FailedPrecondition, "holds a result scorer entered (revision 1); only a director or a scorer may change it")
	bad := fourSpades(10)
	bad.Result.Board, bad.Result.EnteredSide = 2, typev1.Side(7)
	_, err = h.client.SubmitResult(table1, bad)
	wantCode(t, err, codes.InvalidArgument, "result.entered_side: 7 is not a side")

	if _, err := h.moves.RevokeTableToken(director, &movementv1.RevokeTableTokenRequest{Table: "events/club-night/sessions/1/sections/A/tables/1"}); err != nil {
		t.Fatal(err)
	}
	_, err = h.client.SubmitResult(table1, fourSpades(10))
	wantCode(t, err, codes.Unauthenticated, "was revoked")
}
