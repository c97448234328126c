package platform

import (
	"context"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// ServiceOf names the Director service a full gRPC method belongs to:
// "/bridge.scoring.v1.ScoringService/GetStandings" is scoring's. Director's
// APIs live in packages bridge.<service>.v1 (proto/bridge/<service>/v1);
// a method of any other package (grpc.health.v1, the admin API, reflection)
// belongs to no service and is "".
func ServiceOf(fullMethod string) string {
	grpcService, _, _ := strings.Cut(strings.TrimPrefix(fullMethod, "/"), "/")
	parts := strings.Split(grpcService, ".")
	if len(parts) < 4 || parts[0] != "bridge" || parts[1] == "admin" || parts[1] == "type" {
		return ""
	}
	return parts[1]
}

// routedConn is the connection the REST facade calls the services on when
// some of them run in other processes: a call to a service of this process
// (or to no service: health, the admin API) goes over the in-process
// connection, a call to a service elsewhere over the connection to its peer
// (mutual TLS in a deployment that requires tokens), and a call to a service
// that runs nowhere it knows of is refused with Unavailable, naming the flag
// that would say where it runs.
//
// Over the peer's connection the call carries what the REST gateway put in
// its metadata (the caller's bearer token, the client address in
// x-forwarded-for, RateTakenHeader when the edge took the caller's rate);
// the peer believes the last two only of a caller with a verified client
// certificate (trustedHop), and authenticates the token itself.
type routedConn struct {
	local   grpc.ClientConnInterface
	running map[string]bool
	remote  map[string]*grpc.ClientConn
}

var _ grpc.ClientConnInterface = (*routedConn)(nil)

// newRoutedConn routes to local for the services running, and to remote
// for the others.
func newRoutedConn(local grpc.ClientConnInterface, services []Service, remote map[string]*grpc.ClientConn) *routedConn {
	r := &routedConn{local: local, running: map[string]bool{}, remote: remote}
	for _, s := range services {
		r.running[s.Name()] = true
	}
	return r
}

func (r *routedConn) route(method string) (grpc.ClientConnInterface, error) {
	service := ServiceOf(method)
	if service == "" || r.running[service] {
		return r.local, nil
	}
	if conn, ok := r.remote[service]; ok {
		return conn, nil
	}
	return nil, status.Errorf(codes.Unavailable, "the %s service does not run in this Director process, and it was not told where it runs (--peer %s=host:port)", service, service)
}

// Invoke calls a unary method where its service runs.
func (r *routedConn) Invoke(ctx context.Context, method string, req, resp any, opts ...grpc.CallOption) error {
	conn, err := r.route(method)
	if err != nil {
		return err
	}
	return unreached(method, conn.Invoke(ctx, method, req, resp, opts...))
}

// NewStream opens a stream where its service runs.
func (r *routedConn) NewStream(ctx context.Context, desc *grpc.StreamDesc, method string, opts ...grpc.CallOption) (grpc.ClientStream, error) {
	conn, err := r.route(method)
	if err != nil {
		return nil, err
	}
	stream, err := conn.NewStream(ctx, desc, method, opts...)
	return stream, unreached(method, err)
}

// unreached words the error of a call its service's process never
// answered, which gRPC's transport gives in words that name the peer's
// address and how dialling it failed ("connection error: desc =
// "transport: Error while dialing: dial tcp 10.0.0.7:9090: ..."): the
// caller needs to know only which service to wait for. Every other error,
// the service's own Unavailable among them, is the service's answer, as it
// gave it.
func unreached(method string, err error) error {
	st, ok := status.FromError(err)
	if !ok || st.Code() != codes.Unavailable || !strings.HasPrefix(st.Message(), "connection error") {
		return err
	}
	return status.Errorf(codes.Unavailable, "the %s service did not answer: try again shortly", ServiceOf(method))
}
