package platform

import (
	"context"
	"net"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/test/bufconn"
)

// The REST gateway and the services that call each other in one process
// reach the services through an internal gRPC server on an in-memory
// listener: the same interceptors and services as the public server, but no
// TLS to get in the way, and a connection nobody outside the process can
// open. Its transport credentials mark every call on it, so that
// isInternal can tell such a call from one that came over the network.

// inProcessBuffer is the size of the in-memory pipe of each connection.
const inProcessBuffer = 1 << 20

// inProcess is the internal server's listener.
type inProcess struct {
	lis *bufconn.Listener
}

func newInProcess() *inProcess {
	return &inProcess{lis: bufconn.Listen(inProcessBuffer)}
}

// serverOptions are what the internal server adds to the common options.
func (p *inProcess) serverOptions() []grpc.ServerOption {
	return append([]grpc.ServerOption{grpc.Creds(inProcessCreds{})}, messageOptions...)
}

// dial opens the client connection the gateway and the services share.
func (p *inProcess) dial() (*grpc.ClientConn, error) {
	return grpc.NewClient("passthrough:///in-process",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return p.lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(inProcessCreds{}),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(maxSendMsg), grpc.MaxCallSendMsgSize(maxRecvMsg)))
}

// inProcessCreds are the transport credentials of the in-memory
// connection: no handshake, and an AuthInfo that says where the call came
// from. They are only ever used on the bufconn listener above.
type inProcessCreds struct{}

type inProcessAuth struct{ credentials.CommonAuthInfo }

func (inProcessAuth) AuthType() string { return "in-process" }

func (inProcessCreds) ClientHandshake(_ context.Context, _ string, c net.Conn) (net.Conn, credentials.AuthInfo, error) {
	return c, inProcessAuth{credentials.CommonAuthInfo{SecurityLevel: credentials.PrivacyAndIntegrity}}, nil
}

func (inProcessCreds) ServerHandshake(c net.Conn) (net.Conn, credentials.AuthInfo, error) {
	return c, inProcessAuth{credentials.CommonAuthInfo{SecurityLevel: credentials.PrivacyAndIntegrity}}, nil
}

func (inProcessCreds) Info() credentials.ProtocolInfo {
	return credentials.ProtocolInfo{SecurityProtocol: "in-process"}
}

func (c inProcessCreds) Clone() credentials.TransportCredentials { return c }

func (inProcessCreds) OverrideServerName(string) error { return nil }
