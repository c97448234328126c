package platform

import (
	"context"
	"errors"
	"net"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/test/bufconn"
)

// InProcess is the internal gRPC connection of one Director process. The
// REST gateway and the services that call each other in one process reach
// the services through an internal gRPC server on it: the same interceptors
// and services as the public server, but no TLS to get in the way, and a
// connection nobody outside the process can open. Its transport credentials
// mark every call on it, so that isInternal can tell such a call from one
// that came over the network. Serve makes one; tests of services that call
// each other may make their own.
type InProcess struct {
	lis *bufconn.Listener
}

// inProcessBuffer is the size of the in-memory pipe of each connection.
const inProcessBuffer = 1 << 20

// NewInProcess returns a new in-memory listener.
func NewInProcess() *InProcess {
	return &InProcess{lis: bufconn.Listen(inProcessBuffer)}
}

// ServerOptions are what the internal server takes beside the interceptors
// of ServerOptions: the credentials that mark its calls as in process, and
// the message limits every server has.
func (p *InProcess) ServerOptions() []grpc.ServerOption {
	return append([]grpc.ServerOption{grpc.Creds(inProcessCreds{})}, messageOptions...)
}

// Listener is what the internal server serves.
func (p *InProcess) Listener() net.Listener { return p.lis }

// Dial opens a client connection to the internal server.
func (p *InProcess) Dial() (*grpc.ClientConn, error) {
	return grpc.NewClient("passthrough:///in-process",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return p.lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(inProcessCreds{}),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(maxSendMsg), grpc.MaxCallSendMsgSize(maxRecvMsg)))
}

// inProcessCreds are the transport credentials of the in-memory
// connection: no handshake, and an AuthInfo that says where the call came
// from. A server with them refuses every connection that is not in memory,
// so they cannot make a network listener trusted by mistake.
type inProcessCreds struct{}

type inProcessAuth struct{ credentials.CommonAuthInfo }

func (inProcessAuth) AuthType() string { return "in-process" }

var inProcessInfo = inProcessAuth{credentials.CommonAuthInfo{SecurityLevel: credentials.PrivacyAndIntegrity}}

func (inProcessCreds) ClientHandshake(_ context.Context, _ string, c net.Conn) (net.Conn, credentials.AuthInfo, error) {
	return c, inProcessInfo, nil
}

func (inProcessCreds) ServerHandshake(c net.Conn) (net.Conn, credentials.AuthInfo, error) {
	if c.LocalAddr().Network() != "bufconn" {
		return nil, nil, errors.New("in-process credentials on a connection from " + c.RemoteAddr().String())
	}
	return c, inProcessInfo, nil
}

func (inProcessCreds) Info() credentials.ProtocolInfo {
	return credentials.ProtocolInfo{SecurityProtocol: "in-process"}
}

func (c inProcessCreds) Clone() credentials.TransportCredentials { return c }

func (inProcessCreds) OverrideServerName(string) error { return nil }
