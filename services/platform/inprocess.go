package platform

import (
	"context"
	"log/slog"
	"sync"

	"github.com/fullstorydev/grpchan"
	"github.com/fullstorydev/grpchan/inprocgrpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"
)

// InProcess is the in-process connection of one Director process. The REST
// gateway and the services that call each other in one process reach the
// services through it: a call is a function call into the service's
// handler, through the same interceptors as the public server's (recovery,
// redaction, logging, auth and rates, request IDs, replay), with no HTTP/2
// framing and no encoding. Request and answer are copied (grpchan's
// inprocgrpc.Channel), so that caller and handler share no message;
// metadata, response headers and trailers, deadlines and cancellation go
// across as over the network.
//
// Its first interceptor gives every call a peer that says it came from
// inside the process, so that isInternal can tell such a call from one that
// came over the network; nothing else makes that peer. Its messages have no
// size limit (the public server's limits are about what a caller sends over
// the network and what it reads back; the REST facade caps a body itself).
// Serve makes one; tests of services that call each other may make their own.
type InProcess struct {
	ch  *inprocgrpc.Channel
	reg grpc.ServiceRegistrar

	mu      sync.Mutex
	stopped bool
	running int
	idle    chan struct{} // closed when stopped and nothing is running
	// gone is done once Kill was called: every running call's context
	// ends with it.
	gone context.Context
	kill context.CancelFunc
}

var (
	_ grpc.ClientConnInterface = (*InProcess)(nil)
	_ grpc.ServiceRegistrar    = (*InProcess)(nil)
)

// NewInProcess returns an in-process connection whose calls run through the
// interceptors of ServerOptions with these arguments. Register the services
// on it as on a gRPC server, then call them on it as on a client connection.
func NewInProcess(logger *slog.Logger, auth *Authenticator, policy Policy, stores map[string]*Store) *InProcess {
	p := &InProcess{ch: new(inprocgrpc.Channel), idle: make(chan struct{})}
	p.gone, p.kill = context.WithCancel(context.Background())
	unary, stream := interceptors(logger, auth, policy, stores)
	p.reg = grpchan.WithStreamInterceptors(
		grpchan.WithUnaryInterceptors(p.ch, append([]grpc.UnaryServerInterceptor{p.enterUnary}, unary...)...),
		append([]grpc.StreamServerInterceptor{p.enterStream}, stream...)...)
	return p
}

// RegisterService registers a service's handlers, as on a gRPC server.
func (p *InProcess) RegisterService(desc *grpc.ServiceDesc, impl any) {
	p.reg.RegisterService(desc, impl)
}

// Invoke calls a unary method of a registered service.
func (p *InProcess) Invoke(ctx context.Context, method string, req, resp any, opts ...grpc.CallOption) error {
	return p.ch.Invoke(ctx, method, req, resp, opts...)
}

// NewStream opens a stream to a registered service.
func (p *InProcess) NewStream(ctx context.Context, desc *grpc.StreamDesc, method string, opts ...grpc.CallOption) (grpc.ClientStream, error) {
	return p.ch.NewStream(ctx, desc, method, opts...)
}

// Stop refuses new calls with Unavailable, as a gRPC server that is
// stopping does; the calls running go on (Wait).
func (p *InProcess) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.stopped {
		p.stopped = true
		if p.running == 0 {
			close(p.idle)
		}
	}
}

// Wait waits, once Stop was called, until the calls running have returned
// or ctx is done, and reports whether they all returned.
func (p *InProcess) Wait(ctx context.Context) bool {
	select {
	case <-p.idle:
		return true
	case <-ctx.Done():
		return false
	}
}

// Kill cancels the calls still running, as a gRPC server's Stop does when
// a graceful stop ran out of time.
func (p *InProcess) Kill() { p.kill() }

// enter marks the start of a call and returns its context, marked as in
// process and cancelled by Kill, and the function that marks its end; a
// call after Stop is refused.
func (p *InProcess) enter(ctx context.Context) (context.Context, func(), error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		return nil, nil, status.Error(codes.Unavailable, "Director is shutting down")
	}
	p.running++
	ctx, cancel := context.WithCancel(peer.NewContext(ctx, inProcessPeer))
	stop := context.AfterFunc(p.gone, cancel)
	return ctx, func() { stop(); cancel(); p.leave() }, nil
}

func (p *InProcess) leave() {
	p.mu.Lock()
	p.running--
	if p.stopped && p.running == 0 {
		close(p.idle)
	}
	p.mu.Unlock()
}

func (p *InProcess) enterUnary(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	ctx, leave, err := p.enter(ctx)
	if err != nil {
		return nil, err
	}
	defer leave()
	return handler(ctx, req)
}

func (p *InProcess) enterStream(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	ctx, leave, err := p.enter(ss.Context())
	if err != nil {
		return err
	}
	defer leave()
	return handler(srv, &checkedStream{ServerStream: ss, ctx: ctx})
}

// inProcessAuth is the AuthInfo of the peer of every in-process call, and
// of no other: a call over the network has the AuthInfo of its transport
// (TLS or none).
type inProcessAuth struct{ credentials.CommonAuthInfo }

func (inProcessAuth) AuthType() string { return "in-process" }

var inProcessInfo = inProcessAuth{credentials.CommonAuthInfo{SecurityLevel: credentials.PrivacyAndIntegrity}}

type inProcessAddr struct{}

func (inProcessAddr) Network() string { return "in-process" }
func (inProcessAddr) String() string  { return "in-process" }

var inProcessPeer = &peer.Peer{Addr: inProcessAddr{}, AuthInfo: inProcessInfo}
