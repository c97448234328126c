package platform_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	movementservice "github.com/bridge-director/director/services/movement"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/platform/platformtest"
	scoringservice "github.com/bridge-director/director/services/scoring"
)

// TestOutboxDeliversInOrderAfterARestart writes five penalties to the
// outbox while their peer, the real scoring service, is down; the store is
// closed (a restart) and opened again with scoring up. The penalties arrive
// once each, in the order they were written, and each outcome is settled.
func TestOutboxDeliversInOrderAfterARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rulings.db")
	var mu sync.Mutex
	var settled []string
	settle := func(tx *bbolt.Tx, d platform.Delivery) error {
		mu.Lock()
		defer mu.Unlock()
		if d.Err != nil {
			return d.Err
		}
		settled = append(settled, d.Response.(*scoringv1.ApplyPenaltyResponse).GetPenalty().GetName())
		return nil
	}
	store, err := platform.OpenStore(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	outbox := platform.NewOutbox(store, "rulings", settle)
	down, err := grpc.NewClient("passthrough:///down",
		grpc.WithContextDialer(func(context.Context, string) (net.Conn, error) { return nil, errors.New("scoring is down") }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer down.Close()
	outbox.Connect("scoring", down)
	var keys []platform.OutboxKey
	err = store.Mutate(context.Background(), "", "", nil, nil, func(tx *bbolt.Tx) error {
		keys = keys[:0]
		for i := range 5 {
			k, err := platform.Enqueue(tx, platform.OutboxMessage{
				Peer: "scoring", Method: scoringv1.ScoringService_ApplyPenalty_FullMethodName, OnBehalfOf: "head-director",
				Subject: fmt.Sprintf("penalty %d", i+1), Label: "penalty",
				Request: &scoringv1.ApplyPenaltyRequest{Parent: "events/club-night", Penalty: &scoringv1.Penalty{
					Pair: int32(i + 1), Amount: 10, Unit: scoringv1.PenaltyUnit_PENALTY_UNIT_PERCENT_OF_TOP, Reason: fmt.Sprintf("penalty %d", i+1)}},
			})
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
	if outbox.Await(context.Background(), keys...) {
		t.Fatal("delivered to a peer that is down")
	}
	outbox.Close()
	store.Close()

	peers := t.TempDir()
	mv, err := movementservice.Open(peers)
	if err != nil {
		t.Fatal(err)
	}
	mvConn, _ := platformtest.Serve(t, mv, nil)
	moves := movementv1.NewMovementServiceClient(mvConn)
	ctx := context.Background()
	if _, err := moves.CreateEvent(ctx, &movementv1.CreateEventRequest{EventId: "club-night", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := moves.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/club-night", SessionId: 1}); err != nil {
		t.Fatal(err)
	}
	pairs := []*movementv1.Entrant{{Number: 1}, {Number: 2}, {Number: 3}, {Number: 4}, {Number: 5}}
	if _, err := moves.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: "A", Section: &movementv1.Section{Entrants: pairs}}); err != nil {
		t.Fatal(err)
	}
	sc, err := scoringservice.Open(peers)
	if err != nil {
		t.Fatal(err)
	}
	sc.Connect("movement", mvConn)
	scConn, _ := platformtest.Serve(t, sc, nil)
	client := scoringv1.NewScoringServiceClient(scConn)
	store, err = platform.OpenStore(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	outbox = platform.NewOutbox(store, "rulings", settle)
	defer outbox.Close()
	outbox.Connect("scoring", scConn)
	for !outbox.Await(context.Background(), keys...) {
		time.Sleep(5 * time.Millisecond)
	}
	list, err := client.ListPenalties(context.Background(), &scoringv1.ListPenaltiesRequest{Parent: "events/club-night"})
	if err != nil || len(list.GetPenalties()) != 5 {
		t.Fatalf("scoring holds %v, %v: want the 5 penalties", list, err)
	}
	for i, p := range list.GetPenalties() {
		if p.GetReason() != fmt.Sprintf("penalty %d", i+1) {
			t.Errorf("penalty %d is %q: want them in the order written", i+1, p.GetReason())
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(settled) != 5 || settled[0] != "events/club-night/penalties/1" || settled[4] != "events/club-night/penalties/5" {
		t.Errorf("settled %v: want each delivery's answer, in order", settled)
	}
}
