package rulingsservice

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/platform/platformtest"
)

// unreachable is a connection to a scoring service that is down.
func unreachable(t *testing.T) *grpc.ClientConn {
	conn, err := grpc.NewClient("passthrough:///down",
		grpc.WithContextDialer(func(context.Context, string) (net.Conn, error) { return nil, errors.New("scoring is down") }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// serveRulings opens the rulings service in dir, connected to movement and
// scoring.
func serveRulings(t *testing.T, dir string, movementConn, scoringConn grpc.ClientConnInterface) (rulingsv1.RulingsServiceClient, *Service, func()) {
	t.Helper()
	svc, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	svc.Connect("movement", movementConn)
	svc.Connect("scoring", scoringConn)
	conn, stop := platformtest.Serve(t, svc, nil)
	return rulingsv1.NewRulingsServiceClient(conn), svc, stop
}

// ruledCall opens a call and rules on it to the end.
func ruledCall(t *testing.T, client rulingsv1.RulingsServiceClient) *rulingsv1.DirectorCall {
	t.Helper()
	h := &harness{client: client}
	call := h.open(t, "")
	return h.rule(t, call.GetName(), &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_UNAUTHORISED_INFORMATION, Offender: typev1.Seat_SEAT_NORTH, Information: "a long pause"}, nil)
}

func applyRequest(name string) *rulingsv1.ApplyRulingRequest {
	return &rulingsv1.ApplyRulingRequest{Name: name, Reason: "Law 16B",
		AdjustedScore:     &rulingsv1.AdjustedScore{NsPair: 3, EwPair: 7, Kind: &rulingsv1.AdjustedScore_NsScore{NsScore: 140}},
		ProceduralPenalty: &scoringv1.Penalty{Pair: 7, Amount: 25, Unit: scoringv1.PenaltyUnit_PENALTY_UNIT_PERCENT_OF_TOP, Reason: "second offence", Law: "90B2"}}
}

// settled waits, however long it takes, until the call's delivery to scoring
// is done, and returns the call.
func settled(t *testing.T, client rulingsv1.RulingsServiceClient, name string) *rulingsv1.DirectorCall {
	t.Helper()
	for {
		got, err := client.GetCall(context.Background(), &rulingsv1.GetCallRequest{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		if !got.GetCall().GetDeliveryPending() {
			return got.GetCall()
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// wantOnceInScoring checks that scoring holds the ruling's score and penalty
// exactly once, under the names the call records.
func wantOnceInScoring(t *testing.T, sc scoringv1.ScoringServiceClient, call *rulingsv1.DirectorCall) {
	t.Helper()
	ctx := context.Background()
	results, err := sc.ListResults(ctx, &scoringv1.ListResultsRequest{Parent: "events/club-night"})
	if err != nil || len(results.GetResults()) != 1 || results.GetResults()[0].GetName() != call.GetResult() || results.GetResults()[0].GetNsScore() != 140 {
		t.Errorf("scoring holds results %v, %v; the call names %q", results.GetResults(), err, call.GetResult())
	}
	penalties, err := sc.ListPenalties(ctx, &scoringv1.ListPenaltiesRequest{Parent: "events/club-night"})
	if err != nil || len(penalties.GetPenalties()) != 1 || penalties.GetPenalties()[0].GetName() != call.GetPenalty() {
		t.Errorf("scoring holds penalties %v, %v; the call names %q", penalties.GetPenalties(), err, call.GetPenalty())
	}
}

// TestAppliedRulingReachesScoringAfterARestart: scoring is down when the
// director applies the ruling. The call is applied and its delivery
// pending; rulings restarts, scoring comes up, and the outbox delivers the
// score and the penalty, once.
func TestAppliedRulingReachesScoringAfterARestart(t *testing.T) {
	sc, scConn, mvConn := servePeers(t, t.TempDir())
	dir := t.TempDir()
	client, _, stop := serveRulings(t, dir, mvConn, unreachable(t))
	call := ruledCall(t, client)
	resp, err := client.ApplyRuling(context.Background(), applyRequest(call.GetName()))
	if err != nil {
		t.Fatal(err)
	}
	if c := resp.GetCall(); c.GetState() != rulingsv1.State_STATE_APPLIED || !c.GetDeliveryPending() || c.GetResult() != "" {
		t.Fatalf("applied with scoring down: %v; want applied, delivery pending", c)
	}
	stop()
	client, _, _ = serveRulings(t, dir, mvConn, scConn)
	wantOnceInScoring(t, sc, settled(t, client, call.GetName()))
}

// TestRedeliveryIsNotDoubled: the rulings side loses its record of a
// delivery that scoring took (a crash between the two commits), so the
// outbox sends the same calls again: scoring answers them from its records
// of their request ids, and still holds the score and the penalty once.
func TestRedeliveryIsNotDoubled(t *testing.T) {
	sc, scConn, mvConn := servePeers(t, t.TempDir())
	client, svc, _ := serveRulings(t, t.TempDir(), mvConn, scConn)
	call := ruledCall(t, client)
	req := applyRequest(call.GetName())
	req.RequestId = "apply-board-5"
	if _, err := client.ApplyRuling(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	applied := settled(t, client, call.GetName())
	msgs, err := scoringCalls(applied, req, "director")
	if err != nil {
		t.Fatal(err)
	}
	var keys []platform.OutboxKey
	err = svc.store.Mutate(context.Background(), "", "", nil, nil, func(tx *bbolt.Tx) error {
		keys = keys[:0]
		for _, m := range msgs {
			m.Origin = req.GetRequestId()
			k, err := platform.Enqueue(tx, m)
			if err != nil {
				return err
			}
			keys = append(keys, k)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for !svc.outbox.Await(context.Background(), keys...) {
		time.Sleep(5 * time.Millisecond)
	}
	again := settled(t, client, call.GetName())
	if again.GetResult() != applied.GetResult() || again.GetPenalty() != applied.GetPenalty() || again.GetDeliveryError() != "" {
		t.Errorf("after redelivery the call is %v; want it as first delivered, %v", again, applied)
	}
	wantOnceInScoring(t, sc, again)
}

func TestConcurrentApplyHasOneWinner(t *testing.T) {
	sc, scConn, mvConn := servePeers(t, t.TempDir())
	client, _, _ := serveRulings(t, t.TempDir(), mvConn, scConn)
	call := ruledCall(t, client)
	const directors = 8
	var wg sync.WaitGroup
	errs := make([]error, directors)
	for i := range directors {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = client.ApplyRuling(context.Background(), applyRequest(call.GetName()))
		}()
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		if err == nil {
			won++
			continue
		}
		st, _ := status.FromError(err)
		if st.Code() != codes.AlreadyExists || len(st.Details()) != 1 || st.Details()[0].(*rulingsv1.DirectorCall).GetState() != rulingsv1.State_STATE_APPLIED {
			t.Errorf("a losing apply got %v %v; want AlreadyExists with the applied call", st.Code(), st.Details())
		}
	}
	if won != 1 {
		t.Fatalf("%d applies won, want 1", won)
	}
	wantOnceInScoring(t, sc, settled(t, client, call.GetName()))
}

func TestApplyScoringRefusesStoresNothing(t *testing.T) {
	sc, scConn, mvConn := servePeers(t, t.TempDir())
	client, _, _ := serveRulings(t, t.TempDir(), mvConn, scConn)
	call := ruledCall(t, client)
	req := applyRequest(call.GetName())
	req.ProceduralPenalty.Unit = scoringv1.PenaltyUnit_PENALTY_UNIT_IMPS // a matchpoint event
	_, err := client.ApplyRuling(context.Background(), req)
	if st, _ := status.FromError(err); st.Code() != codes.InvalidArgument || !containsAll(st.Message(), "scoring refuses the ruling's penalty", "penalty.unit") {
		t.Fatalf("got %v: want scoring's refusal of the penalty", err)
	}
	got, _ := client.GetCall(context.Background(), &rulingsv1.GetCallRequest{Name: call.GetName()})
	if got.GetCall().GetState() != rulingsv1.State_STATE_RULED {
		t.Errorf("the refused apply left the call %v", got.GetCall().GetState())
	}
	results, _ := sc.ListResults(context.Background(), &scoringv1.ListResultsRequest{Parent: "events/club-night"})
	if len(results.GetResults()) != 0 {
		t.Errorf("scoring holds %v after a refused apply", results.GetResults())
	}
}

func TestStaleCallETagIsAborted(t *testing.T) {
	_, scConn, mvConn := servePeers(t, t.TempDir())
	client, _, _ := serveRulings(t, t.TempDir(), mvConn, scConn)
	call := ruledCall(t, client)
	appeal := &rulingsv1.Appeal{Appellant: typev1.Side_SIDE_EAST_WEST, Reason: "the pause was not unmistakable"}
	stale := call.GetEtag()
	req := applyRequest(call.GetName())
	req.Etag = "not-the-etag"
	_, err := client.ApplyRuling(context.Background(), req)
	st, _ := status.FromError(err)
	if st.Code() != codes.Aborted || len(st.Details()) != 1 || !proto.Equal(st.Details()[0].(*rulingsv1.DirectorCall), call) {
		t.Fatalf("apply under a stale etag: %v %v; want Aborted with the call", st.Code(), st.Details())
	}
	resp, err := client.RecordAppeal(context.Background(), &rulingsv1.RecordAppealRequest{Name: call.GetName(), Appeal: appeal, Etag: stale})
	if err != nil || resp.GetCall().GetEtag() == stale {
		t.Fatalf("appeal under the current etag: %v, %v; want a new etag", resp, err)
	}
	_, err = client.RecordAppeal(context.Background(), &rulingsv1.RecordAppealRequest{Name: call.GetName(), Appeal: appeal, Etag: stale})
	wantCode(t, err, codes.Aborted, "changed since it was read")
}

func TestAnswersAreBounded(t *testing.T) {
	h := start(t)
	call := h.open(t, "1S P")
	answers := map[string]string{}
	for i := range 51 {
		answers[string(rune('a'+i%26))+string(rune('a'+i/26))] = "no"
	}
	_, err := h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(), Answers: answers,
		Irregularity: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_INSUFFICIENT_BID, Offender: typev1.Seat_SEAT_SOUTH, Call: "1H"}})
	wantCode(t, err, codes.InvalidArgument, "answers")
}

func TestCallsArePaged(t *testing.T) {
	h := start(t)
	var want []string
	for range 3 {
		want = append(want, h.open(t, "").GetName())
	}
	req := &rulingsv1.ListCallsRequest{Parent: "events/club-night/sessions/1", PageSize: 2}
	var got []string
	for {
		resp, err := h.client.ListCalls(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range resp.GetCalls() {
			got = append(got, c.GetName())
		}
		if resp.GetNextPageToken() == "" {
			break
		}
		req.PageToken = resp.GetNextPageToken()
	}
	if len(got) != 3 || got[0] != want[0] || got[2] != want[2] {
		t.Errorf("paged through %v, want %v", got, want)
	}
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// TestRefusedDeliveryIsShownOnTheCall: scoring was down when the ruling was
// applied, so it could not check the penalty; when it comes up it refuses
// it, and the call says so while the score is delivered.
func TestRefusedDeliveryIsShownOnTheCall(t *testing.T) {
	sc, scConn, mvConn := servePeers(t, t.TempDir())
	dir := t.TempDir()
	client, _, stop := serveRulings(t, dir, mvConn, unreachable(t))
	call := ruledCall(t, client)
	req := applyRequest(call.GetName())
	req.ProceduralPenalty.Unit = scoringv1.PenaltyUnit_PENALTY_UNIT_IMPS
	if _, err := client.ApplyRuling(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	stop()
	client, _, _ = serveRulings(t, dir, mvConn, scConn)
	got := settled(t, client, call.GetName())
	if got.GetResult() == "" || got.GetPenalty() != "" || !containsAll(got.GetDeliveryError(), "scoring refused the penalty", "penalty.unit") {
		t.Errorf("call %v: want the score delivered and the penalty's refusal shown", got)
	}
	penalties, _ := sc.ListPenalties(context.Background(), &scoringv1.ListPenaltiesRequest{Parent: "events/club-night"})
	if len(penalties.GetPenalties()) != 0 {
		t.Errorf("scoring holds %v", penalties.GetPenalties())
	}
}
