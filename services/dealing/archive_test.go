package dealingservice

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"

	adminv1 "github.com/bridge-director/director/proto/bridge/admin/v1"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	"github.com/bridge-director/director/services/platform"
)

// adminOf serves the admin API of services over bufconn, through the real
// interceptors, every caller a federation admin.
func adminOf(t *testing.T, services ...platform.Service) adminv1.AdminServiceClient {
	t.Helper()
	admin, policy := platform.NewAdmin(services...)
	lis := bufconn.Listen(1 << 20)
	srv := grpc.NewServer(platform.ServerOptions(slog.New(slog.NewTextHandler(io.Discard, nil)), platform.DevelopmentAuthenticator(), policy, nil)...)
	adminv1.RegisterAdminServiceServer(srv, admin)
	go srv.Serve(lis)
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn.Close()
		srv.Stop()
	})
	return adminv1.NewAdminServiceClient(conn)
}

// TestImportedAnalysisRunsOn: a set exported while its analysis was under
// way is solved to its end where it is imported, since the analysis queue
// stays behind.
func TestImportedAnalysisRunsOn(t *testing.T) {
	a, deals, gate := gatedSet(t, t.TempDir(), 4)
	op := a.release(t)
	gate <- struct{}{}
	a.waitFor(t, asDirector, op.GetName(), func(op *dealingv1.Operation) bool { return op.GetMetadata().GetBoardsSolved() == 1 })
	batches := exportCongress(t, a)
	a.stop()

	b := startEmpty(t, t.TempDir(), withFixtureSolver(deals, nil))
	if err := importCongress(t, b, batches); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := b.client.GetOperation(as(asDirector), &dealingv1.GetOperationRequest{Name: op.GetName()})
		if err != nil {
			t.Fatal(err)
		}
		if got := resp.GetOperation(); got.GetDone() {
			if got.GetError() != nil || got.GetMetadata().GetBoardsSolved() != 4 {
				t.Fatalf("the imported analysis ended as %v", got)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the imported analysis is still at %v", resp.GetOperation())
		}
		time.Sleep(50 * time.Millisecond)
	}
	board := b.board(t, asTerminal, 4)
	wantAnalysis(t, board.GetBoard(), board.GetAnalysis(), deals[3])
}

// exportCongress exports the congress from h's dealing and movement.
func exportCongress(t *testing.T, h *harness) []*adminv1.ExportEventResponse {
	t.Helper()
	stream, err := adminOf(t, h.svc, h.mv).ExportEvent(context.Background(), &adminv1.ExportEventRequest{Event: "events/congress"})
	if err != nil {
		t.Fatal(err)
	}
	var batches []*adminv1.ExportEventResponse
	for {
		m, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return batches
		}
		if err != nil {
			t.Fatal(err)
		}
		batches = append(batches, m)
	}
}

// importCongress imports batches into h's dealing and movement.
func importCongress(t *testing.T, h *harness, batches []*adminv1.ExportEventResponse) error {
	t.Helper()
	imp, err := adminOf(t, h.svc, h.mv).ImportEvent(context.Background())
	if err != nil {
		return err
	}
	for _, m := range batches {
		if err := imp.Send(&adminv1.ImportEventRequest{Event: "events/congress", Service: m.GetService(), SchemaVersion: m.GetSchemaVersion(), Entries: m.GetEntries()}); err != nil {
			break // the answer says why
		}
	}
	_, err = imp.CloseAndRecv()
	return err
}

// TestImportOfAWrongShapedAnalysis: an archive whose set's analysis is a
// record where a bucket of operations belongs is refused, naming it, and
// leaves nothing of the event behind; the archive as exported imports.
func TestImportOfAWrongShapedAnalysis(t *testing.T) {
	a, deals, gate := gatedSet(t, t.TempDir(), 4)
	op := a.release(t)
	gate <- struct{}{}
	a.waitFor(t, asDirector, op.GetName(), func(op *dealingv1.Operation) bool { return op.GetMetadata().GetBoardsSolved() == 1 })
	batches := exportCongress(t, a)
	a.stop()

	var record []byte
	bad := make([]*adminv1.ExportEventResponse, len(batches))
	for i, m := range batches {
		bad[i] = proto.Clone(m).(*adminv1.ExportEventResponse)
		for _, e := range m.GetEntries() {
			if !e.GetBucket() && record == nil {
				record = e.GetValue()
			}
		}
	}
	shaped := false
	for _, m := range bad {
		var kept []*adminv1.StoreEntry
		for _, e := range m.GetEntries() {
			under := len(e.GetPath()) > 0 && string(e.GetPath()[0]) == string(bucketAnalyses)
			switch {
			case under && len(e.GetPath()) > 1:
				continue // what the set's analysis bucket held
			case under:
				e.Bucket, e.Sequence, e.Value = false, 0, record
				shaped = true
			}
			kept = append(kept, e)
		}
		m.Entries = kept
	}
	if !shaped {
		t.Fatal("the export holds no analysis")
	}

	b := startEmpty(t, t.TempDir(), withFixtureSolver(deals, nil))
	err := importCongress(t, b, bad)
	if status.Code(err) == codes.Internal || err == nil || !strings.Contains(err.Error(), "analyses/") || !strings.Contains(err.Error(), "not a bucket") || !strings.Contains(err.Error(), "nothing of events/congress is kept") {
		t.Fatalf("an analysis of the wrong shape: %v", err)
	}
	if _, err := b.moves.GetEvent(as(asDirector), &movementv1.GetEventRequest{Name: "events/congress"}); status.Code(err) != codes.NotFound {
		t.Errorf("after the refused import, the congress: %v", err)
	}
	if _, err := b.client.GetBoardSet(as(asDirector), &dealingv1.GetBoardSetRequest{Name: setName}); status.Code(err) != codes.NotFound {
		t.Errorf("after the refused import, the set: %v", err)
	}
	if err := importCongress(t, b, batches); err != nil {
		t.Fatalf("the archive as exported: %v", err)
	}
}

// TestQueuedAnalysisOfAGoneEventDropped: an analysis queued for an event
// that is no longer there (an import that queued it, then was undone) is
// taken off the queue, and the analyses after it run.
func TestQueuedAnalysisOfAGoneEventDropped(t *testing.T) {
	h, _, gate := gatedSet(t, t.TempDir(), 4)
	close(gate)
	err := h.svc.store.Mutate(context.Background(), "", "", nil, nil, func(tx *bbolt.Tx) error {
		q := tx.Bucket(bucketAnalysisQueue)
		seq, err := q.NextSequence()
		if err != nil {
			return err
		}
		return platform.PutMessage(q, platform.Uint64Key(seq), wrapperspb.String("events/gone/sessions/1/boardsets/main/operations/1"))
	})
	if err != nil {
		t.Fatal(err)
	}
	op := h.release(t)
	for deadline := time.Now().Add(20 * time.Second); !op.GetDone(); time.Sleep(50 * time.Millisecond) {
		resp, err := h.client.GetOperation(as(asDirector), &dealingv1.GetOperationRequest{Name: op.GetName()})
		if err != nil {
			t.Fatal(err)
		}
		if op = resp.GetOperation(); time.Now().After(deadline) {
			t.Fatalf("the analysis queued after the gone event's is still at %v", op)
		}
	}
	if op.GetError() != nil || op.GetMetadata().GetBoardsSolved() != 4 {
		t.Fatalf("the analysis queued after the gone event's ended as %v", op)
	}
	h.svc.store.View(func(tx *bbolt.Tx) error {
		if k, _ := tx.Bucket(bucketAnalysisQueue).Cursor().First(); k != nil {
			t.Error("the gone event's analysis is still queued")
		}
		return nil
	})
}
