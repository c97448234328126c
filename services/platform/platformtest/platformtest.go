// Package platformtest serves a Director service for its tests: over
// in-memory gRPC (bufconn), through the platform's real interceptors, so that
// a test talks to the service as a client would; and it writes store files
// as older Directors left them, for the tests of migrations.
//
// It serves over a gRPC connection rather than the in-process connection
// (platform.NewInProcess) on purpose: a call from a test is then a call from
// outside, held to its token's roles and rate, with a service's identity
// not believed, as a client's would be.
package platformtest

import (
	"context"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/proto"

	"github.com/bridge-director/director/services/platform"
)

// Serve serves svc with auth (development mode when nil), which checks
// table tokens with svc when it keeps them, and returns a
// client connection to it, and a stop function that closes the connection,
// the server and the service. Stop runs again, harmlessly, when the test
// ends.
func Serve(t testing.TB, svc platform.Service, auth *platform.Authenticator) (*grpc.ClientConn, func()) {
	t.Helper()
	if auth == nil {
		auth = platform.DevelopmentAuthenticator()
	}
	if tables, ok := svc.(platform.TableTokens); ok {
		auth.UseTableTokens(tables)
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

// OldStore leaves the store file at path as an older Director would have:
// at the schema version of migrations (the first few of a service's), with
// what write puts there in one transaction. Values go in as that version
// wrote them: bare protobuf messages (Bare) before records had checksums.
func OldStore(t testing.TB, path string, migrations []platform.Migration, write func(tx *bbolt.Tx) error) {
	t.Helper()
	old, err := platform.OpenStore(path, migrations)
	if err != nil {
		t.Fatal(err)
	}
	if err := old.Mutate(context.Background(), "", "", nil, nil, write); err != nil {
		t.Fatal(err)
	}
	if err := old.Close(); err != nil {
		t.Fatal(err)
	}
}

// Bare is m's protobuf encoding, a value as stores kept them before records
// had checksums.
func Bare(t testing.TB, m proto.Message) []byte {
	t.Helper()
	b, err := proto.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Tokens writes a token configuration (the YAML of --auth-config) into a
// test's temporary folder and loads it.
func Tokens(t testing.TB, yaml string) *platform.Authenticator {
	t.Helper()
	config := filepath.Join(t.TempDir(), "tokens.yaml")
	if err := os.WriteFile(config, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	auth, err := platform.LoadAuthConfig(config)
	if err != nil {
		t.Fatal(err)
	}
	return auth
}

// Clock is a test's clock, which the test moves on by hand: give Now to
// the services' WithClock.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a clock that reads start.
func NewClock(start time.Time) *Clock { return &Clock{now: start} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
