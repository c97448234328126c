package platform

import (
	"context"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// stringService is a service of one method, named name, that takes and
// answers a StringValue, its handler answer running inside the interceptors.
func stringService(service, name string, answer func(ctx context.Context, in *wrapperspb.StringValue) (any, error)) grpc.ServiceDesc {
	return grpc.ServiceDesc{
		ServiceName: service,
		HandlerType: (*any)(nil),
		Methods: []grpc.MethodDesc{{
			MethodName: name,
			Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
				in := &wrapperspb.StringValue{}
				if err := dec(in); err != nil {
					return nil, err
				}
				return interceptor(ctx, in, &grpc.UnaryServerInfo{Server: srv, FullMethod: "/" + service + "/" + name},
					func(ctx context.Context, _ any) (any, error) { return answer(ctx, in) })
			},
		}},
	}
}

// echoDesc sets a header and a trailer, says the deadline it was given,
// changes its request, and answers "slow-down" with a rate error.
var echoDesc = stringService("director.platformtest.Echo", "Echo", func(ctx context.Context, in *wrapperspb.StringValue) (any, error) {
	if err := grpc.SetHeader(ctx, metadata.Pairs("x-board", "7")); err != nil {
		return nil, err
	}
	if err := grpc.SetTrailer(ctx, metadata.Pairs("x-tables", "13")); err != nil {
		return nil, err
	}
	if in.Value == "slow-down" {
		return nil, rateLimited("address 203.0.113.7", 3*time.Second)
	}
	deadline, _ := ctx.Deadline()
	in.Value = "seen " + in.Value
	return wrapperspb.String(deadline.UTC().Format(time.RFC3339)), nil
})

// TestInProcessCallsAreCallsOverTheWire: what a client sees of a call over
// the network it sees of an in-process call: the headers the handler and
// the auth interceptor set, the trailers, the deadline, an error with its
// details, and its own request as it sent it.
func TestInProcessCallsAreCallsOverTheWire(t *testing.T) {
	conn := NewInProcess((&logBuffer{}).logger(), DevelopmentAuthenticator(), publicPolicy(echoDesc), nil)
	conn.RegisterService(&echoDesc, struct{}{})
	deadline := time.Date(2031, 5, 17, 19, 30, 0, 0, time.UTC)
	ctx, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()

	req, resp := wrapperspb.String("board 7"), &wrapperspb.StringValue{}
	var header, trailer metadata.MD
	if err := conn.Invoke(ctx, "/director.platformtest.Echo/Echo", req, resp, grpc.Header(&header), grpc.Trailer(&trailer)); err != nil {
		t.Fatal(err)
	}
	if resp.Value != deadline.Format(time.RFC3339) {
		t.Errorf("the handler's deadline %q, want the caller's %s", resp.Value, deadline.Format(time.RFC3339))
	}
	if req.Value != "board 7" {
		t.Errorf("the caller's request became %q: the handler changed the caller's message", req.Value)
	}
	if got := header.Get("x-board"); len(got) != 1 || got[0] != "7" {
		t.Errorf("header x-board %q, want [7]", got)
	}
	if got := header.Get(AuthModeHeader); len(got) != 1 || got[0] != "development" {
		t.Errorf("header %s %q, want [development] from the auth interceptor", AuthModeHeader, got)
	}
	if got := trailer.Get("x-tables"); len(got) != 1 || got[0] != "13" {
		t.Errorf("trailer x-tables %q, want [13]", got)
	}

	err := conn.Invoke(ctx, "/director.platformtest.Echo/Echo", wrapperspb.String("slow-down"), resp)
	st := status.Convert(err)
	var delay time.Duration
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.RetryInfo); ok {
			delay = info.GetRetryDelay().AsDuration()
		}
	}
	if st.Code() != codes.ResourceExhausted || delay != 3*time.Second {
		t.Errorf("rate error %v with retry delay %v, want ResourceExhausted with 3s", err, delay)
	}
}

// TestInProcessRunsTheServerInterceptors: an in-process call meets auth,
// recovery and logging as a call over the network does, on unary and
// streaming methods alike.
func TestInProcessRunsTheServerInterceptors(t *testing.T) {
	logs := &logBuffer{}
	conn := NewInProcess(logs.logger(), testAuthenticator(t), testPolicy, nil)
	conn.RegisterService(&testServiceDesc, struct{}{})
	ctx := context.Background()
	score := newRequest(t, `{"parent":"events/club-night"}`)

	if err := conn.Invoke(ctx, "/"+testService+"/Score", score, &wrapperspb.StringValue{}); status.Code(err) != codes.Unauthenticated {
		t.Errorf("a call without a token: %v, want Unauthenticated", err)
	}
	resp := &wrapperspb.StringValue{}
	if err := conn.Invoke(WithServiceIdentity(ctx, "rulings", "chief-director"), "/"+testService+"/Score", score, resp); err != nil || resp.Value != "chief-director" {
		t.Errorf("a service's call on behalf of chief-director: %q %v", resp.Value, err)
	}
	if err := conn.Invoke(ctx, "/"+testService+"/Panic", newRequest(t, `{}`), resp); status.Code(err) != codes.Internal {
		t.Errorf("a handler that panics: %v, want Internal", err)
	}

	stream, err := conn.NewStream(WithServiceIdentity(ctx, "rulings", ""), &testServiceDesc.Streams[0], "/"+testService+"/Watch")
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.SendMsg(score); err != nil {
		t.Fatal(err)
	}
	if err := stream.RecvMsg(resp); err != nil || resp.Value != "service:rulings" {
		t.Errorf("a stream of the scoring service: %q %v, want service:rulings", resp.Value, err)
	}
	// The stream's log line is written as its handler returns: read to the
	// end of the stream before counting the lines.
	if err := stream.CloseSend(); err != nil {
		t.Fatal(err)
	}
	for stream.RecvMsg(resp) == nil {
	}

	lines := logs.lines(t, "rpc")
	if len(lines) != 4 {
		t.Fatalf("%d log lines, want one for each of the 4 calls: %v", len(lines), lines)
	}
	if lines[1]["principal"] != "chief-director" || lines[2]["code"] != "Internal" {
		t.Errorf("log lines %v, want chief-director's call and the Internal panic", lines)
	}
}

// holdCall starts a call to a service whose handler is hold, once the
// handler has been entered; the call's error arrives on the channel.
func holdCall(t *testing.T, hold func(ctx context.Context) (any, error)) (*InProcess, <-chan error) {
	t.Helper()
	entered := make(chan struct{})
	blocking := stringService("director.platformtest.Blocking", "Hold", func(ctx context.Context, _ *wrapperspb.StringValue) (any, error) {
		close(entered)
		return hold(ctx)
	})
	conn := NewInProcess((&logBuffer{}).logger(), DevelopmentAuthenticator(), publicPolicy(blocking), nil)
	conn.RegisterService(&blocking, struct{}{})
	held := make(chan error, 1)
	go func() {
		held <- conn.Invoke(context.Background(), "/director.platformtest.Blocking/Hold", wrapperspb.String("board 1"), &wrapperspb.StringValue{})
	}()
	<-entered
	return conn, held
}

// TestInProcessStopRefusesNewCalls: once stopped, the connection answers
// new calls Unavailable, as a stopping server does, and Wait waits for the
// calls that were running.
func TestInProcessStopRefusesNewCalls(t *testing.T) {
	release := make(chan struct{})
	conn, held := holdCall(t, func(context.Context) (any, error) {
		<-release
		return wrapperspb.String("held"), nil
	})
	conn.Stop()
	if err := conn.Invoke(context.Background(), "/director.platformtest.Blocking/Hold", wrapperspb.String("board 2"), &wrapperspb.StringValue{}); status.Code(err) != codes.Unavailable {
		t.Errorf("a call after Stop: %v, want Unavailable", err)
	}
	gaveUp, cancel := context.WithCancel(context.Background())
	cancel()
	if conn.Wait(gaveUp) {
		t.Error("Wait reported the running call returned before it did")
	}
	close(release)
	if err := <-held; err != nil {
		t.Errorf("the call running at Stop: %v, want it to finish", err)
	}
	if !conn.Wait(context.Background()) {
		t.Error("Wait did not see the running call return")
	}
}

// TestInProcessKillCancelsTheCallsRunning: a call still running when a
// graceful stop runs out of time has its context cancelled by Kill.
func TestInProcessKillCancelsTheCallsRunning(t *testing.T) {
	conn, held := holdCall(t, func(ctx context.Context) (any, error) {
		<-ctx.Done()
		return nil, status.FromContextError(ctx.Err()).Err()
	})
	conn.Stop()
	conn.Kill()
	if err := <-held; status.Code(err) != codes.Canceled {
		t.Errorf("the call running at Kill: %v, want Canceled", err)
	}
	if !conn.Wait(context.Background()) {
		t.Error("Wait after the killed call returned: want true")
	}
}
