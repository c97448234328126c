package platform

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// Caller is a service that calls other services, always through their gRPC
// clients and so through the same interceptors as any client (never through
// their stores). Serve connects it to each service it names: over the
// in-process connection to a service running in the same process, or to the address Config.Peers
// gives for a service running elsewhere.
type Caller interface {
	// Peers names the services it calls ("movement").
	Peers() []string
	// Connect gives it the connection to one of them.
	Connect(peer string, conn grpc.ClientConnInterface)
}

// dialPeers opens a connection, with creds, to every service that runs
// elsewhere (Config.Peers): the services of this process that call one
// use it, and so does the REST facade (routedConn). grpc.NewClient
// connects on the first call, so a peer that is not up yet is no error.
func dialPeers(peers map[string]string, creds credentials.TransportCredentials) (map[string]*grpc.ClientConn, error) {
	remote := map[string]*grpc.ClientConn{}
	for _, name := range slices.Sorted(maps.Keys(peers)) {
		addr := peers[name]
		conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(creds),
			grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(maxSendMsg), grpc.MaxCallSendMsgSize(maxRecvMsg)))
		if err != nil {
			closeAll(slices.Collect(maps.Values(remote)))
			return nil, fmt.Errorf("serve: peer %s at %q: %w", name, addr, err)
		}
		remote[name] = conn
	}
	return remote, nil
}

// connectPeers connects every Caller among services, and tables when it
// is a Caller too (the table tokens of a movement service elsewhere):
// local is the in-process connection to this process's services, remote
// the connections to the services elsewhere (dialPeers).
func connectPeers(services []Service, tables TableTokens, local grpc.ClientConnInterface, remote map[string]*grpc.ClientConn) error {
	running := make([]string, len(services))
	type named struct {
		name   string
		caller Caller
	}
	var callers []named
	for i, s := range services {
		running[i] = s.Name()
		if caller, ok := s.(Caller); ok {
			callers = append(callers, named{s.Name(), caller})
		}
	}
	if caller, ok := tables.(Caller); ok {
		callers = append(callers, named{"the check of table tokens", caller})
	}
	for _, c := range callers {
		for _, peer := range c.caller.Peers() {
			switch conn, elsewhere := remote[peer]; {
			case elsewhere:
				c.caller.Connect(peer, conn)
			case slices.Contains(running, peer):
				c.caller.Connect(peer, local)
			default:
				return fmt.Errorf("serve: %s calls %s, which does not run here: run it too, or say where it runs (--peer %s=host:port)", c.name, peer, peer)
			}
		}
	}
	return nil
}

func closeAll(conns []*grpc.ClientConn) {
	for _, c := range conns {
		c.Close()
	}
}

// ForwardCredentials returns a context for calling a peer on behalf of the
// caller of the RPC whose context is ctx: the caller's authorization goes
// with the call, so the peer answers what the caller may do.
func ForwardCredentials(ctx context.Context) context.Context {
	md, ok := metadata.FromIncomingContext(ctx)
	if !ok {
		return ctx
	}
	return metadata.NewOutgoingContext(ctx, metadata.MD{"authorization": md.Get("authorization")})
}

// PeerError is what a service answers when its question to a peer about
// what ("the section events/x/sessions/1/sections/A") failed with err: the
// peer's NotFound, InvalidArgument, PermissionDenied, Unauthenticated and
// ResourceExhausted (with its RetryInfo) as they are, since they are the
// caller's to act on, and anything else as
// Unavailable, since the question can be asked again; a peer that did not
// answer is said so without the transport's details (they name its
// address). It is nil for nil.
func PeerError(err error, what string) error {
	switch status.Code(err) {
	case codes.OK:
		return nil
	case codes.NotFound, codes.InvalidArgument, codes.PermissionDenied, codes.Unauthenticated, codes.ResourceExhausted:
		return err
	case codes.Unavailable, codes.DeadlineExceeded, codes.Canceled:
		// The transport's words would name the peer's address: the caller
		// needs only to know that it may try again.
		return status.Errorf(codes.Unavailable, "%s could not be read: the service that keeps it did not answer; try again", what)
	default:
		return status.Errorf(codes.Unavailable, "%s could not be read, try again: %v", what, status.Convert(err).Message())
	}
}
