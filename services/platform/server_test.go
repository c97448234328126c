package platform

import (
	"context"
	"errors"
	"io"
	"maps"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	reflectionpb "google.golang.org/grpc/reflection/grpc_reflection_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/dynamicpb"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// testScoring is a Service serving testServiceDesc.
type testScoring struct {
	policy Policy
	closed atomic.Int32
}

func (s *testScoring) Name() string { return "scoring" }

func (s *testScoring) RegisterGRPC(g grpc.ServiceRegistrar) {
	g.RegisterService(&testServiceDesc, struct{}{})
	g.RegisterService(&identityDesc, struct{}{})
}

func (s *testScoring) Policy() Policy {
	p := maps.Clone(s.policy)
	p[whoMethod] = coveringPolicy()["/"+testService+"/Public"]
	return p
}

// Store is nil: the test service keeps no answers.
func (s *testScoring) Store() *Store { return nil }

func (s *testScoring) Close() error {
	s.closed.Add(1)
	return nil
}

// healthOverHTTP is what the tests serve over HTTP in place of the REST
// facade: the health of the services, asked over the in-process connection
// Serve gives it.
func healthOverHTTP(_ context.Context, b Backend) (http.Handler, error) {
	health := healthpb.NewHealthClient(b.Conn)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, err := health.Check(r.Context(), &healthpb.HealthCheckRequest{})
		if err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, got.GetStatus().String())
	}), nil
}

const whoMethod = "/director.platformtest.Identity/Who"

// identityDesc is a service whose method Who answers the name of the
// service principal of the call, or "nobody".
var identityDesc = grpc.ServiceDesc{
	ServiceName: "director.platformtest.Identity",
	HandlerType: (*any)(nil),
	Methods: []grpc.MethodDesc{
		identityMethod("Who", func(ctx context.Context) string {
			if p, ok := servicePrincipal(ctx); ok {
				return p.Name
			}
			return "nobody"
		}),
	},
}

func identityMethod(name string, answer func(context.Context) string) grpc.MethodDesc {
	return grpc.MethodDesc{
		MethodName: name,
		Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			in := dynamicpb.NewMessage(requestDesc)
			if err := dec(in); err != nil {
				return nil, err
			}
			handler := func(ctx context.Context, _ any) (any, error) {
				return wrapperspb.String(answer(ctx)), nil
			}
			if interceptor == nil {
				return handler(ctx, in)
			}
			return interceptor(ctx, in, &grpc.UnaryServerInfo{Server: srv, FullMethod: "/director.platformtest.Identity/" + name}, handler)
		},
	}
}

type runningServer struct {
	addrs   Addrs
	svc     *testScoring
	logs    *logBuffer
	cancel  context.CancelFunc
	stopped chan error
}

// startServe runs Serve on loopback port 0 and waits until it listens;
// configure changes the configuration first.
func startServe(t testing.TB, auth *Authenticator, configure ...func(*Config)) *runningServer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	rs := &runningServer{svc: &testScoring{policy: coveringPolicy()}, logs: &logBuffer{}, cancel: cancel, stopped: make(chan error, 1)}
	listening := make(chan Addrs, 1)
	cfg := Config{
		GRPCAddr:  "127.0.0.1:0",
		HTTPAddr:  "127.0.0.1:0",
		DataDir:   t.TempDir(),
		Auth:      auth,
		Logger:    rs.logs.logger(),
		REST:      healthOverHTTP,
		Listening: func(a Addrs) { listening <- a },
	}
	for _, c := range configure {
		c(&cfg)
	}
	go func() { rs.stopped <- Serve(ctx, cfg, rs.svc) }()
	select {
	case rs.addrs = <-listening:
	case err := <-rs.stopped:
		t.Fatalf("Serve returned before listening: %v", err)
	}
	t.Cleanup(func() {
		cancel()
		<-rs.stopped
	})
	return rs
}

// stop cancels Serve and returns its result.
func (rs *runningServer) stop(t *testing.T) error {
	t.Helper()
	rs.cancel()
	select {
	case err := <-rs.stopped:
		rs.stopped <- err // for the cleanup
		return err
	case <-time.After(15 * time.Second):
		t.Fatal("Serve did not return after its context was cancelled")
		return nil
	}
}

func (rs *runningServer) grpcClient(t *testing.T) *grpc.ClientConn {
	t.Helper()
	conn, err := grpc.NewClient(rs.addrs.GRPC.String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

func TestServeHealthAndGracefulShutdown(t *testing.T) {
	rs := startServe(t, testAuthenticator(t))

	resp, err := http.Get("http://" + rs.addrs.HTTP.String() + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK || string(body) != "SERVING" {
		t.Errorf("/healthz over HTTP = %d %q %v, want 200 SERVING", resp.StatusCode, body, err)
	}

	health := healthpb.NewHealthClient(rs.grpcClient(t))
	for _, service := range []string{"", "scoring"} {
		got, err := health.Check(context.Background(), &healthpb.HealthCheckRequest{Service: service})
		if err != nil || got.Status != healthpb.HealthCheckResponse_SERVING {
			t.Errorf("health of %q = %v, %v; want SERVING", service, got, err)
		}
	}
	listening := rs.logs.lines(t, "director listening")
	if len(listening) != 1 || listening[0]["grpc"] != rs.addrs.GRPC.String() || listening[0]["http"] != rs.addrs.HTTP.String() {
		t.Errorf("listening log = %v, want the bound addresses %v", listening, rs.addrs)
	}

	if err := rs.stop(t); err != nil {
		t.Fatalf("Serve after cancel = %v, want nil", err)
	}
	if n := rs.svc.closed.Load(); n != 1 {
		t.Errorf("service closed %d times, want 1", n)
	}
	for _, addr := range []net.Addr{rs.addrs.GRPC, rs.addrs.HTTP} {
		if conn, err := net.DialTimeout("tcp", addr.String(), time.Second); err == nil {
			conn.Close()
			t.Errorf("%s still accepts connections after shutdown", addr)
		}
	}
}

func TestServeDevelopmentModeIsLoud(t *testing.T) {
	rs := startServe(t, nil)
	if len(rs.logs.lines(t, "DEVELOPMENT MODE: authentication is off and every caller is a federation admin; "+
		"to require tokens, start with an auth config file listing them (tokens: [{name, token or token_sha256, roles, events}])")) != 1 {
		t.Error("no development mode warning at startup")
	}
	resp := &wrapperspb.StringValue{}
	var header metadata.MD
	err := rs.grpcClient(t).Invoke(context.Background(), "/"+testService+"/Score", newRequest(t, `{"parent":"events/any"}`), resp, grpc.Header(&header))
	if err != nil || resp.Value != "development" {
		t.Errorf("development call: %v %v", resp, err)
	}
	if got := header.Get(AuthModeHeader); len(got) != 1 || got[0] != "development" {
		t.Errorf("%s = %q, want development", AuthModeHeader, got)
	}
}

func TestServeReflectionIsPublic(t *testing.T) {
	rs := startServe(t, testAuthenticator(t))
	stream, err := reflectionpb.NewServerReflectionClient(rs.grpcClient(t)).ServerReflectionInfo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.Send(&reflectionpb.ServerReflectionRequest{
		MessageRequest: &reflectionpb.ServerReflectionRequest_ListServices{},
	}); err != nil {
		t.Fatal(err)
	}
	resp, err := stream.Recv()
	if err != nil {
		t.Fatalf("reflection without a token: %v", err)
	}
	var names []string
	for _, s := range resp.GetListServicesResponse().GetService() {
		names = append(names, s.Name)
	}
	if !strings.Contains(strings.Join(names, " "), testService) {
		t.Errorf("reflection lists %v, want %s among them", names, testService)
	}
}

func TestServeRefusesOverlappingPolicies(t *testing.T) {
	a, b := &testScoring{policy: testPolicy}, &testScoring{policy: testPolicy}
	err := Serve(context.Background(), Config{GRPCAddr: "127.0.0.1:0", HTTPAddr: "127.0.0.1:0", Logger: (&logBuffer{}).logger(), REST: healthOverHTTP}, a, b)
	if err == nil || !strings.Contains(err.Error(), "is in the access policy of scoring and of another service") {
		t.Errorf("err = %v, want a refusal of the overlapping policies", err)
	}
	if a.closed.Load() != 1 || b.closed.Load() != 1 {
		t.Error("services not closed after a failed start")
	}
}

// TestServeNeedsWhatToServeOverHTTP: Serve does not start without a handler
// for its HTTP listener, and says which setting is missing.
func TestServeNeedsWhatToServeOverHTTP(t *testing.T) {
	svc := &testScoring{policy: coveringPolicy()}
	err := Serve(context.Background(), Config{GRPCAddr: "127.0.0.1:0", HTTPAddr: "127.0.0.1:0", Logger: (&logBuffer{}).logger()}, svc)
	if err == nil || !strings.Contains(err.Error(), "Config.REST") {
		t.Errorf("err = %v, want a refusal naming Config.REST", err)
	}
	if svc.closed.Load() != 1 {
		t.Error("service not closed after a failed start")
	}
}

// TestServeRefusesAnIncompletePolicy: Director does not start a service
// whose policy leaves out a method or a field that may name a resource.
func TestServeRefusesAnIncompletePolicy(t *testing.T) {
	policy := coveringPolicy()
	score := policy["/"+testService+"/Score"]
	score.Resources = without(score.Resources, "ref.event")
	policy["/"+testService+"/Score"] = score
	svc := &testScoring{policy: policy}
	err := Serve(context.Background(), Config{GRPCAddr: "127.0.0.1:0", HTTPAddr: "127.0.0.1:0", Logger: (&logBuffer{}).logger(), REST: healthOverHTTP}, svc)
	if err == nil || !strings.Contains(err.Error(), "serve: scoring: access policy of director.platformtest.TestService") || !strings.Contains(err.Error(), "field ref.event") {
		t.Errorf("err = %v, want a refusal naming the undeclared field", err)
	}
	if svc.closed.Load() != 1 {
		t.Error("service not closed after a failed start")
	}
}

func TestServeBoundsGRPCMessages(t *testing.T) {
	rs := startServe(t, nil)
	conn := rs.grpcClient(t)
	call := func(title int) error {
		req := newRequest(t, `{"parent":"events/club-night"}`)
		req.Set(requestDesc.Fields().ByName("title"), protoreflect.ValueOfString(strings.Repeat("x", title)))
		return conn.Invoke(context.Background(), "/"+testService+"/Score", req, &wrapperspb.StringValue{})
	}
	if err := call(maxRecvMsg - 1024); err != nil {
		t.Errorf("a request just under the limit: %v", err)
	}
	if err := call(maxRecvMsg + 1); status.Code(err) != codes.ResourceExhausted {
		t.Errorf("a request over the limit: %v, want ResourceExhausted", err)
	}
}

// preparingScoring is a service that must prepare before it serves: its
// first Prepare fails (a peer is not up yet), its second waits for release.
type preparingScoring struct {
	*testScoring
	calls   atomic.Int32
	release chan struct{}
}

func (p *preparingScoring) Prepare(ctx context.Context) error {
	if p.calls.Add(1) == 1 {
		return errors.New("the movement service is not up yet")
	}
	select {
	case <-p.release:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func TestServeReportsServingOnlyOncePrepared(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	svc := &preparingScoring{testScoring: &testScoring{policy: coveringPolicy()}, release: make(chan struct{})}
	logs := &logBuffer{}
	listening := make(chan Addrs, 1)
	stopped := make(chan error, 1)
	go func() {
		stopped <- Serve(ctx, Config{GRPCAddr: "127.0.0.1:0", HTTPAddr: "127.0.0.1:0", DataDir: t.TempDir(), Logger: logs.logger(),
			REST: healthOverHTTP, Listening: func(a Addrs) { listening <- a }}, svc)
	}()
	t.Cleanup(func() { cancel(); <-stopped })
	var addrs Addrs
	select {
	case addrs = <-listening:
	case err := <-stopped:
		stopped <- err
		t.Fatalf("Serve returned before listening: %v", err)
	}
	conn, err := grpc.NewClient(addrs.GRPC.String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	health := healthpb.NewHealthClient(conn)
	status := func(service string) healthpb.HealthCheckResponse_ServingStatus {
		got, err := health.Check(context.Background(), &healthpb.HealthCheckRequest{Service: service})
		if err != nil {
			t.Fatalf("health of %q: %v", service, err)
		}
		return got.Status
	}
	for _, service := range []string{"", "scoring"} {
		if s := status(service); s != healthpb.HealthCheckResponse_NOT_SERVING {
			t.Errorf("before it prepared, health of %q = %v, want NOT_SERVING", service, s)
		}
	}
	for svc.calls.Load() < 2 { // the failed first try is tried again
		time.Sleep(10 * time.Millisecond)
	}
	if s := status("scoring"); s != healthpb.HealthCheckResponse_NOT_SERVING {
		t.Errorf("while preparing again, health = %v, want NOT_SERVING", s)
	}
	close(svc.release)
	deadline := time.Now().Add(10 * time.Second)
	for status("") != healthpb.HealthCheckResponse_SERVING || status("scoring") != healthpb.HealthCheckResponse_SERVING {
		if time.Now().After(deadline) {
			t.Fatal("not SERVING after Prepare succeeded")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if len(logs.lines(t, "service not ready yet; trying again")) != 1 {
		t.Error("the failed Prepare was not logged once")
	}
}
