package platform

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/grpc/metadata"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
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
	opened, err := connectPeers([]Service{scoring, &testMovement{}}, nil, local, nil, insecure.NewCredentials())
	if err != nil || len(opened) != 0 || scoring.conns["movement"] != local {
		t.Errorf("in one process: %v, opened %d, connected %v; want the loopback connection", err, len(opened), scoring.conns)
	}

	// Movement elsewhere: a connection to its address.
	scoring = &callingScoring{}
	opened, err = connectPeers([]Service{scoring}, nil, local, map[string]string{"movement": "10.1.2.3:9090"}, insecure.NewCredentials())
	if err != nil || len(opened) != 1 || scoring.conns["movement"] != opened[0] || opened[0].Target() != "10.1.2.3:9090" {
		t.Errorf("movement elsewhere: %v, opened %v, connected %v", err, opened, scoring.conns)
	}
	closeAll(opened)

	// Movement nowhere: say how to fix it.
	_, err = connectPeers([]Service{&callingScoring{}}, nil, local, nil, insecure.NewCredentials())
	if err == nil || !strings.Contains(err.Error(), "--peer movement=host:port") {
		t.Errorf("movement nowhere: %v, want an error naming --peer", err)
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
