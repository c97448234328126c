package platform

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/grpc/metadata"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
)

// callingScoring is a scoring service that calls the movement service.
type callingScoring struct {
	testScoring
	conns map[string]grpc.ClientConnInterface
}

func (s *callingScoring) Peers() []string { return []string{"movement"} }

func (s *callingScoring) Connect(peer string, conn grpc.ClientConnInterface) {
	if s.conns == nil {
		s.conns = map[string]grpc.ClientConnInterface{}
	}
	s.conns[peer] = conn
}

type testMovement struct{ testScoring }

func (s *testMovement) Name() string { return "movement" }

func TestConnectPeers(t *testing.T) {
	local, err := grpc.NewClient("127.0.0.1:1", grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer local.Close()

	// Both in this process: the caller gets the loopback connection.
	scoring := &callingScoring{}
	if err := connectPeers([]Service{scoring, &testMovement{}}, nil, local, nil); err != nil || scoring.conns["movement"] != local {
		t.Errorf("in one process: %v, connected %v; want the loopback connection", err, scoring.conns)
	}

	// Movement elsewhere: the connection to its address.
	remote, err := dialPeers(map[string]string{"movement": "10.1.2.3:9090"}, insecure.NewCredentials())
	if err != nil || len(remote) != 1 || remote["movement"].Target() != "10.1.2.3:9090" {
		t.Fatalf("dialled %v, %v; want movement at 10.1.2.3:9090", remote, err)
	}
	defer remote["movement"].Close()
	scoring = &callingScoring{}
	if err := connectPeers([]Service{scoring}, nil, local, remote); err != nil || scoring.conns["movement"] != remote["movement"] {
		t.Errorf("movement elsewhere: %v, connected %v", err, scoring.conns)
	}

	// Movement nowhere: say how to fix it.
	err = connectPeers([]Service{&callingScoring{}}, nil, local, nil)
	if err == nil || !strings.Contains(err.Error(), "--peer movement=host:port") {
		t.Errorf("movement nowhere: %v, want an error naming --peer", err)
	}
}

func TestServiceOf(t *testing.T) {
	for method, want := range map[string]string{
		"/bridge.scoring.v1.ScoringService/GetStandings":   "scoring",
		"/bridge.movement.v1.MovementService/CreateEvent":  "movement",
		"/grpc.health.v1.Health/Check":                     "",
		"/bridge.admin.v1.AdminService/Backup":             "",
		"/grpc.reflection.v1.ServerReflection/Reflect":     "",
		"bridge.rulings.v1.RulingsService/GetDirectorCall": "rulings",
	} {
		if got := ServiceOf(method); got != want {
			t.Errorf("ServiceOf(%q) = %q, want %q", method, got, want)
		}
	}
}

// TestRoutedConn sends a call to the service's own connection: in process
// for a service running here or for no service, to the peer for one
// elsewhere, and refuses a call to a service that runs nowhere known.
func TestRoutedConn(t *testing.T) {
	local, err := grpc.NewClient("127.0.0.1:1", grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer local.Close()
	remote, err := dialPeers(map[string]string{"movement": "10.1.2.3:9090"}, insecure.NewCredentials())
	if err != nil {
		t.Fatal(err)
	}
	defer remote["movement"].Close()
	r := newRoutedConn(local, []Service{&testScoring{}}, remote)
	for method, want := range map[string]grpc.ClientConnInterface{
		"/bridge.scoring.v1.ScoringService/GetStandings":  local,
		"/grpc.health.v1.Health/Check":                    local,
		"/bridge.movement.v1.MovementService/CreateEvent": remote["movement"],
	} {
		if got, err := r.route(method); err != nil || got != want {
			t.Errorf("%s goes to %v (%v), want %v", method, got, err, want)
		}
	}
	_, err = r.route("/bridge.rulings.v1.RulingsService/GetDirectorCall")
	if status.Code(err) != codes.Unavailable || !strings.Contains(err.Error(), "--peer rulings=host:port") {
		t.Errorf("rulings, which runs nowhere: %v; want Unavailable naming --peer", err)
	}
}

func TestForwardCredentials(t *testing.T) {
	in := metadata.NewIncomingContext(context.Background(), metadata.Pairs("authorization", "Bearer t-1", "x-other", "kept out"))
	out, _ := metadata.FromOutgoingContext(ForwardCredentials(in))
	if got := out.Get("authorization"); len(got) != 1 || got[0] != "Bearer t-1" || len(out.Get("x-other")) != 0 {
		t.Errorf("forwarded %v: want only the authorization", out)
	}
	if _, ok := metadata.FromOutgoingContext(ForwardCredentials(context.Background())); ok {
		t.Error("a call without credentials forwarded some")
	}
}

// TestUnreached: a transport's failure to reach a peer names the service
// and not its address; the service's own answers pass as they are.
func TestUnreached(t *testing.T) {
	const method = "/bridge.rulings.v1.RulingsService/ListCalls"
	dial := status.Error(codes.Unavailable, `connection error: desc = "transport: Error while dialing: dial tcp 10.0.0.4:9090: connect: connection refused"`)
	if err := unreached(method, dial); status.Code(err) != codes.Unavailable || strings.Contains(err.Error(), "10.0.0.4") || !strings.Contains(err.Error(), "rulings service did not answer") {
		t.Errorf("a peer not reached: %v", err)
	}
	own := status.Error(codes.Unavailable, "Director is shutting down")
	for _, err := range []error{nil, own, status.Error(codes.NotFound, "no such call")} {
		if got := unreached(method, err); got != err {
			t.Errorf("the service's answer %v became %v", err, got)
		}
	}
}
