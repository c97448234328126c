package dealingservice

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/test/bufconn"

	adminv1 "github.com/bridge-director/director/proto/bridge/admin/v1"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	"github.com/bridge-director/director/services/platform"
)

// adminOf serves the admin API of svc alone over bufconn, through the real
// interceptors, every caller a federation admin.
func adminOf(t *testing.T, svc *Service) adminv1.AdminServiceClient {
	t.Helper()
	admin, policy := platform.NewAdmin(svc)
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
	stream, err := adminOf(t, a.svc).ExportEvent(context.Background(), &adminv1.ExportEventRequest{Event: "events/congress"})
	if err != nil {
		t.Fatal(err)
	}
	var batches []*adminv1.ExportEventResponse
	for {
		m, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		batches = append(batches, m)
	}
	a.stop()

	b := start(t, t.TempDir(), withFixtureSolver(deals, nil))
	imp, err := adminOf(t, b.svc).ImportEvent(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range batches {
		if err := imp.Send(&adminv1.ImportEventRequest{Event: "events/congress", Service: m.GetService(), SchemaVersion: m.GetSchemaVersion(), Entries: m.GetEntries()}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := imp.CloseAndRecv(); err != nil {
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
