package scoringservice

import (
	"cmp"
	"context"
	"strings"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	movementservice "github.com/bridge-director/director/services/movement"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/platform/platformtest"
	"github.com/bridge-director/director/services/resource"
)

// harness is a scoring service on a real bbolt file, reached over in-memory
// gRPC through the platform's interceptors, beside the real movement service
// that keeps its events and sections, as one process runs them.
type harness struct {
	dir    string
	svc    *Service
	client scoringv1.ScoringServiceClient
	moves  movementv1.MovementServiceClient
	// movesConn reaches the movement service, and auth is the services'
	// authenticator (nil in development mode), for a test that serves
	// another service beside them.
	movesConn *grpc.ClientConn
	auth      *platform.Authenticator
	stop      func()
	// setup is the context the harness creates events and sections in.
	setup context.Context
}

var testClock = func() time.Time { return time.Date(2026, 11, 24, 19, 30, 0, 0, time.UTC) }

func start(t testing.TB, dir string) *harness {
	t.Helper()
	return startWith(t, dir, nil)
}

// startWith serves both services with auth (development mode when nil).
func startWith(t testing.TB, dir string, auth *platform.Authenticator) *harness {
	t.Helper()
	mv, err := movementservice.Open(dir, movementservice.WithClock(testClock))
	if err != nil {
		t.Fatalf("movementservice.Open: %v", err)
	}
	mvConn, mvStop := platformtest.Serve(t, mv, auth)
	svc, err := Open(dir, WithClock(testClock))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	svc.Connect("movement", mvConn)
	conn, stop := platformtest.Serve(t, svc, auth)
	return &harness{dir: dir, svc: svc, client: scoringv1.NewScoringServiceClient(conn), moves: movementv1.NewMovementServiceClient(mvConn),
		movesConn: mvConn, auth: auth, stop: func() { stop(); mvStop() }, setup: context.Background()}
}

func newHarness(t testing.TB) *harness {
	h := start(t, t.TempDir())
	h.createEvent(t, "club-night", scoringv1.Form_FORM_MATCHPOINTS)
	return h
}

// createEvent creates an event scored by form with session 1 and its
// section A of twenty pairs, without a movement.
func (h *harness) createEvent(t testing.TB, id string, form scoringv1.Form) {
	t.Helper()
	h.createEventWith(t, id, &scoringv1.ScoringSettings{Form: form})
}

func (h *harness) createEventWith(t testing.TB, id string, settings *scoringv1.ScoringSettings) {
	t.Helper()
	ctx := h.setup
	if _, err := h.moves.CreateEvent(ctx, &movementv1.CreateEventRequest{
		EventId: id,
		Event:   &movementv1.Event{Title: "Tuesday pairs", Scoring: settings},
	}); err != nil {
		t.Fatalf("CreateEvent: %v", err)
	}
	h.createSection(t, id, 1, "A")
}

// createSection creates a section of twenty pairs (and its session, when
// new) in event id.
func (h *harness) createSection(t testing.TB, id string, session int32, letters string) {
	t.Helper()
	ctx := h.setup
	event := resource.Event{Event: id}
	_, err := h.moves.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: event.String(), SessionId: session})
	if err != nil && status.Code(err) != codes.AlreadyExists {
		t.Fatalf("CreateSession: %v", err)
	}
	var pairs []*movementv1.Entrant
	for n := int32(1); n <= 20; n++ {
		pairs = append(pairs, &movementv1.Entrant{Number: n})
	}
	parent := resource.Session{Event: id, Session: session}
	if _, err := h.moves.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: parent.String(), SectionId: letters, Section: &movementv1.Section{Entrants: pairs}}); err != nil {
		t.Fatalf("CreateSection: %v", err)
	}
}

// played builds a result of a board played to contract.
func played(table, round, board, ns, ew int32, contract string, declarer typev1.Seat, tricks int32) *scoringv1.Result {
	return &scoringv1.Result{
		Table: table, Round: round, Board: board, NsPair: ns, EwPair: ew,
		Outcome: &scoringv1.Result_Played{Played: &scoringv1.Played{Contract: contract, Declarer: declarer, Tricks: tricks}},
	}
}

func (h *harness) submit(t testing.TB, r *scoringv1.Result) *scoringv1.Result {
	t.Helper()
	return h.submitTo(t, "events/club-night", r)
}

func (h *harness) submitTo(t testing.TB, event string, r *scoringv1.Result) *scoringv1.Result {
	t.Helper()
	resp, err := h.client.SubmitResult(context.Background(), &scoringv1.SubmitResultRequest{Parent: event, Result: r})
	if err != nil {
		t.Fatalf("SubmitResult: %v", err)
	}
	return resp.GetResult()
}

func wantCode(t *testing.T, err error, code codes.Code, text string) *status.Status {
	t.Helper()
	st, _ := status.FromError(err)
	if st.Code() != code || !strings.Contains(st.Message(), text) {
		t.Fatalf("got %v (%q), want %v containing %q", st.Code(), st.Message(), code, text)
	}
	return st
}

func TestSubmitScoresAndNamesTheResult(t *testing.T) {
	h := newHarness(t)
	// Board 2: East deals, North-South vulnerable. 4S by North making 11: +650.
	got := h.submit(t, played(1, 1, 2, 1, 5, "4s", typev1.Seat_SEAT_NORTH, 11))
	if got.GetNsScore() != 650 {
		t.Errorf("ns_score = %d, want 650", got.GetNsScore())
	}
	if want := "events/club-night/sessions/1/sections/A/tables/1/rounds/1/boards/2"; got.GetName() != want {
		t.Errorf("name = %q, want %q", got.GetName(), want)
	}
	if got.GetPlayed().GetContract() != "4S" || got.GetRevision() != 1 || got.GetEnteredBy() == "" {
		t.Errorf("stored result %v: want contract 4S, revision 1 and who entered it", got)
	}
	// East-West declaring: 3NTX by West down two, not vulnerable on board 1: +300 to NS.
	got = h.submit(t, played(2, 1, 1, 2, 6, "3NTX", typev1.Seat_SEAT_WEST, 7))
	if got.GetNsScore() != 300 {
		t.Errorf("ns_score = %d, want 300", got.GetNsScore())
	}
}

func TestResendGetsTheFirstAnswer(t *testing.T) {
	h := newHarness(t)
	first := h.submit(t, played(1, 1, 1, 1, 5, "4H", typev1.Seat_SEAT_SOUTH, 10))
	again := h.submit(t, played(1, 1, 1, 1, 5, "4H", typev1.Seat_SEAT_SOUTH, 10))
	if !proto.Equal(first, again) {
		t.Errorf("a resent result answered %v, want the first answer %v", again, first)
	}
	hist, err := h.client.GetResultHistory(context.Background(), &scoringv1.GetResultHistoryRequest{Name: first.GetName()})
	if err != nil {
		t.Fatal(err)
	}
	if len(hist.GetRevisions()) != 1 {
		t.Errorf("a resent result made %d revisions, want 1", len(hist.GetRevisions()))
	}
}

func TestDifferentResultForATakenSlotIsAlreadyExists(t *testing.T) {
	h := newHarness(t)
	first := h.submit(t, played(1, 1, 1, 1, 5, "4H", typev1.Seat_SEAT_SOUTH, 10))
	_, err := h.client.SubmitResult(context.Background(), &scoringv1.SubmitResultRequest{
		Parent: "events/club-night",
		Result: played(1, 1, 1, 1, 5, "4H", typev1.Seat_SEAT_SOUTH, 9),
	})
	st := wantCode(t, err, codes.AlreadyExists, "already holds a different result")
	var stored *scoringv1.Result
	for _, d := range st.Details() {
		if r, ok := d.(*scoringv1.Result); ok {
			stored = r
		}
	}
	if !proto.Equal(stored, first) {
		t.Errorf("the error carries %v, want the stored result %v", stored, first)
	}
}

func TestRequestIDReplaysAndRejectsReuse(t *testing.T) {
	h := newHarness(t)
	req := &scoringv1.SubmitResultRequest{
		RequestId: "terminal-3-0001",
		Parent:    "events/club-night",
		Result:    played(3, 1, 5, 3, 7, "2D", typev1.Seat_SEAT_EAST, 8),
	}
	first, err := h.client.SubmitResult(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	again, err := h.client.SubmitResult(context.Background(), req)
	if err != nil || !proto.Equal(first, again) {
		t.Fatalf("retry: %v, %v; want the first answer %v", again, err, first)
	}
	req.Result = played(3, 1, 6, 3, 7, "2D", typev1.Seat_SEAT_EAST, 8)
	_, err = h.client.SubmitResult(context.Background(), req)
	wantCode(t, err, codes.AlreadyExists, "request_id")
	list, err := h.client.ListResults(context.Background(), &scoringv1.ListResultsRequest{Parent: "events/club-night"})
	if err != nil {
		t.Fatal(err)
	}
	if len(list.GetResults()) != 1 {
		t.Errorf("%d results stored, want 1: a reused request_id must store nothing", len(list.GetResults()))
	}
}

func TestBadInputNamesTheFieldAndStoresNothing(t *testing.T) {
	h := newHarness(t)
	cases := []struct {
		name   string
		parent string
		result *scoringv1.Result
		field  string
	}{
		{"impossible contract", "events/club-night", played(1, 1, 1, 1, 5, "8S", typev1.Seat_SEAT_NORTH, 10), "result.played.contract"},
		{"unknown strain", "events/club-night", played(1, 1, 1, 1, 5, "4Z", typev1.Seat_SEAT_NORTH, 10), "result.played.contract"},
		{"no declarer", "events/club-night", played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_UNSPECIFIED, 10), "result.played.declarer"},
		{"declarer off the table", "events/club-night", played(1, 1, 1, 1, 5, "4S", typev1.Seat(9), 10), "result.played.declarer"},
		{"fourteen tricks", "events/club-night", played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 14), "result.played.tricks"},
		{"negative tricks", "events/club-night", played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, -1), "result.played.tricks"},
		{"no board", "events/club-night", played(1, 1, 0, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 10), "result.board"},
		{"pair plays itself", "events/club-night", played(1, 1, 1, 5, 5, "4S", typev1.Seat_SEAT_NORTH, 10), "result.ew_pair"},
		{"no outcome", "events/club-night", &scoringv1.Result{Table: 1, Round: 1, Board: 1, NsPair: 1, EwPair: 5}, "result"},
		{"bad parent", "club-night", played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 10), "parent"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := h.client.SubmitResult(context.Background(), &scoringv1.SubmitResultRequest{Parent: c.parent, Result: c.result})
			st := wantCode(t, err, codes.InvalidArgument, c.field)
			var fields []string
			for _, d := range st.Details() {
				if br, ok := d.(*errdetails.BadRequest); ok {
					for _, v := range br.GetFieldViolations() {
						fields = append(fields, v.GetField())
					}
				}
			}
			if len(fields) == 0 || fields[0] != c.field {
				t.Errorf("BadRequest names %v, want %s", fields, c.field)
			}
		})
	}
	list, err := h.client.ListResults(context.Background(), &scoringv1.ListResultsRequest{Parent: "events/club-night"})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(list.GetResults()); n != 0 {
		t.Errorf("%d results stored after bad input, want none", n)
	}
}

func TestUnknownEventIsNotFound(t *testing.T) {
	h := newHarness(t)
	_, err := h.client.SubmitResult(context.Background(), &scoringv1.SubmitResultRequest{
		Parent: "events/no-such-night", Result: played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 10),
	})
	wantCode(t, err, codes.NotFound, "events/no-such-night")
}

// TestUnknownSectionIsNotFound: a mistyped section letter, or a session
// the movement service does not know, is not a place a result can be
// entered, and nothing is stored.
func TestUnknownSectionIsNotFound(t *testing.T) {
	h := newHarness(t)
	for _, r := range []*scoringv1.Result{
		{Section: "B", Table: 1, Round: 1, Board: 1, NsPair: 1, EwPair: 5, Outcome: &scoringv1.Result_PassedOut{PassedOut: &scoringv1.PassedOut{}}},
		{Session: 2, Table: 1, Round: 1, Board: 1, NsPair: 1, EwPair: 5, Outcome: &scoringv1.Result_PassedOut{PassedOut: &scoringv1.PassedOut{}}},
	} {
		_, err := h.client.SubmitResult(context.Background(), &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: r})
		want := resource.Section{Event: "club-night", Session: max(r.GetSession(), 1), Section: cmp.Or(r.GetSection(), "A")}
		wantCode(t, err, codes.NotFound, want.String())
	}
	list, err := h.client.ListResults(context.Background(), &scoringv1.ListResultsRequest{Parent: "events/club-night"})
	if err != nil || len(list.GetResults()) != 0 {
		t.Errorf("results %v, %v: want none stored", list.GetResults(), err)
	}
	p := penalty(3, 25, scoringv1.PenaltyUnit_PENALTY_UNIT_PERCENT_OF_TOP)
	p.Section = "C"
	_, err = h.client.ApplyPenalty(context.Background(), &scoringv1.ApplyPenaltyRequest{Parent: "events/club-night", Penalty: p})
	wantCode(t, err, codes.NotFound, "events/club-night/sessions/1/sections/C")
	// Once section B exists, its results are taken.
	h.createSection(t, "club-night", 1, "B")
	r := played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 10)
	r.Section = "B"
	if got := h.submit(t, r); got.GetName() != "events/club-night/sessions/1/sections/B/tables/1/rounds/1/boards/1" {
		t.Errorf("stored as %q", got.GetName())
	}
}

// TestEventSettingsComeFromMovement: scoring scores an event by the
// settings the movement service keeps, and an event movement does not know
// is NotFound for every read and write.
func TestEventSettingsComeFromMovement(t *testing.T) {
	h := start(t, t.TempDir())
	h.createEvent(t, "ximps", scoringv1.Form_FORM_CROSS_IMPS)
	h.submitTo(t, "events/ximps", played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 10))
	st, err := h.client.GetStandings(context.Background(), &scoringv1.GetStandingsRequest{Event: "events/ximps"})
	if err != nil || st.GetForm() != scoringv1.Form_FORM_CROSS_IMPS {
		t.Fatalf("standings %v, %v: want them scored by cross-IMPs", st, err)
	}
	ctx := context.Background()
	const missing = "events/never-made"
	for _, err := range []error{
		call(h.client.SubmitResult(ctx, &scoringv1.SubmitResultRequest{Parent: missing, Result: played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 10)})),
		call(h.client.ListResults(ctx, &scoringv1.ListResultsRequest{Parent: missing})),
		call(h.client.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: missing})),
		call(h.client.ApplyPenalty(ctx, &scoringv1.ApplyPenaltyRequest{Parent: missing, Penalty: penalty(3, 3, scoringv1.PenaltyUnit_PENALTY_UNIT_IMPS)})),
		call(h.client.ListPenalties(ctx, &scoringv1.ListPenaltiesRequest{Parent: missing})),
	} {
		wantCode(t, err, codes.NotFound, `event "`+missing+`"`)
	}
	// Made later, the event is found: a missing event is not remembered.
	h.createEvent(t, "never-made", scoringv1.Form_FORM_MATCHPOINTS)
	h.submitTo(t, missing, played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 10))
}

func call[T any](_ T, err error) error { return err }

func TestCorrectAndEraseKeepTheHistory(t *testing.T) {
	h := newHarness(t)
	first := h.submit(t, played(1, 1, 1, 1, 5, "4H", typev1.Seat_SEAT_SOUTH, 10))
	ctx := context.Background()
	_, err := h.client.CorrectResult(ctx, &scoringv1.CorrectResultRequest{Name: first.GetName(), Result: played(0, 0, 0, 1, 5, "4H", typev1.Seat_SEAT_SOUTH, 9)})
	wantCode(t, err, codes.InvalidArgument, "reason")
	corr, err := h.client.CorrectResult(ctx, &scoringv1.CorrectResultRequest{
		Name: first.GetName(), Reason: "East-West disputed the trick count",
		Result: played(0, 0, 0, 1, 5, "4H", typev1.Seat_SEAT_SOUTH, 9),
	})
	if err != nil {
		t.Fatal(err)
	}
	if corr.GetResult().GetRevision() != 2 || corr.GetResult().GetNsScore() != -50 {
		t.Errorf("corrected result %v: want revision 2 scoring -50", corr.GetResult())
	}
	_, err = h.client.CorrectResult(ctx, &scoringv1.CorrectResultRequest{
		Name: first.GetName(), Reason: "wrong board", Result: played(0, 0, 2, 1, 5, "4H", typev1.Seat_SEAT_SOUTH, 9),
	})
	wantCode(t, err, codes.InvalidArgument, "result.board")
	if _, err := h.client.EraseResult(ctx, &scoringv1.EraseResultRequest{Name: first.GetName(), Reason: "board fouled"}); err != nil {
		t.Fatal(err)
	}
	_, err = h.client.EraseResult(ctx, &scoringv1.EraseResultRequest{Name: first.GetName(), Reason: "again"})
	wantCode(t, err, codes.NotFound, first.GetName())
	hist, err := h.client.GetResultHistory(ctx, &scoringv1.GetResultHistoryRequest{Name: first.GetName()})
	if err != nil {
		t.Fatal(err)
	}
	var actions []scoringv1.Action
	for _, r := range hist.GetRevisions() {
		actions = append(actions, r.GetAction())
	}
	want := []scoringv1.Action{scoringv1.Action_ACTION_SUBMITTED, scoringv1.Action_ACTION_CORRECTED, scoringv1.Action_ACTION_ERASED}
	if len(actions) != len(want) || actions[0] != want[0] || actions[1] != want[1] || actions[2] != want[2] {
		t.Fatalf("history actions %v, want %v", actions, want)
	}
	if hist.GetRevisions()[1].GetReason() != "East-West disputed the trick count" || hist.GetRevisions()[2].GetChangedBy() == "" {
		t.Errorf("history lost who or why: %v", hist.GetRevisions())
	}
	// After an erasure the slot takes a new submission as the next revision.
	again := h.submit(t, played(1, 1, 1, 1, 5, "4H", typev1.Seat_SEAT_SOUTH, 11))
	if again.GetRevision() != 4 {
		t.Errorf("resubmitted after erasure: revision %d, want 4", again.GetRevision())
	}
}

func TestResultsSurviveARestart(t *testing.T) {
	dir := t.TempDir()
	h := start(t, dir)
	h.createEvent(t, "club-night", scoringv1.Form_FORM_MATCHPOINTS)
	stored := h.submit(t, played(1, 1, 3, 1, 5, "3NT", typev1.Seat_SEAT_NORTH, 9))
	h.stop()

	h = start(t, dir)
	list, err := h.client.ListResults(context.Background(), &scoringv1.ListResultsRequest{Parent: "events/club-night"})
	if err != nil {
		t.Fatal(err)
	}
	if len(list.GetResults()) != 1 || !proto.Equal(list.GetResults()[0], stored) {
		t.Fatalf("after a restart: %v, want %v", list.GetResults(), stored)
	}
}

func TestPolicyCoversEveryMethod(t *testing.T) {
	svc := &Service{}
	if err := platform.CheckPolicyCovers(svc.Policy(), scoringv1.ScoringService_ServiceDesc); err != nil {
		t.Fatal(err)
	}
}

// TestPairsMustBeEntrantsOfTheSection: without a movement there is no
// schedule, but a result's pairs must still be two of its section's twenty.
func TestPairsMustBeEntrantsOfTheSection(t *testing.T) {
	h := newHarness(t)
	r := played(1, 1, 1, 1, 21, "4S", typev1.Seat_SEAT_NORTH, 10)
	_, err := h.client.SubmitResult(context.Background(), &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: r})
	wantCode(t, err, codes.InvalidArgument, "result.ew_pair: events/club-night/sessions/1/sections/A has no entrant 21")
	r.EwPair = 20
	h.submit(t, r)
}
