// Package platformtest serves a Director service for its tests: over
// in-memory gRPC (bufconn), through the platform's real interceptors, so that
// a test talks to the service as a client would.
package platformtest

import (
	"context"
	"io"
	"log/slog"
	"net"
	"sync"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/test/bufconn"

	"github.com/bridge-director/director/services/platform"
)

// Serve serves svc with auth (development mode when nil) and returns a
// client connection to it, and a stop function that closes the connection,
// the server and the service. Stop runs again, harmlessly, when the test
// ends.
func Serve(t testing.TB, svc platform.Service, auth *platform.Authenticator) (*grpc.ClientConn, func()) {
	t.Helper()
	if auth == nil {
		auth = platform.DevelopmentAuthenticator()
	}
	lis := bufconn.Listen(1 << 20)
	srv := grpc.NewServer(platform.ServerOptions(slog.New(slog.NewTextHandler(io.Discard, nil)), auth, svc.Policy(), platform.MethodStores(svc))...)
	svc.RegisterGRPC(srv)
	go srv.Serve(lis)
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	stop := func() {
		once.Do(func() {
			conn.Close()
			srv.Stop()
			svc.Close()
		})
	}
	t.Cleanup(stop)
	return conn, stop
}
