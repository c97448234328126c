package platform

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	reflectionpb "google.golang.org/grpc/reflection/grpc_reflection_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/dynamicpb"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// testScoring is a Service serving testServiceDesc, with one REST route
// POST /v1/score written the way the generated gateway code is.
type testScoring struct {
	policy Policy
	closed atomic.Int32
}

func (s *testScoring) Name() string { return "scoring" }

func (s *testScoring) RegisterGRPC(g *grpc.Server) {
	g.RegisterService(&testServiceDesc, struct{}{})
	g.RegisterService(&identityDesc, struct{}{})
}

func (s *testScoring) Policy() Policy {
	p := maps.Clone(s.policy)
	p[whoMethod] = coveringPolicy()["/"+testService+"/Public"]
	p[takenMethod] = coveringPolicy()["/"+testService+"/Public"]
	return p
}

// Store is nil: the test service keeps no answers.
func (s *testScoring) Store() *Store { return nil }

func (s *testScoring) Close() error {
	s.closed.Add(1)
	return nil
}

func (s *testScoring) RegisterGateway(_ context.Context, mux *runtime.ServeMux, conn *grpc.ClientConn) error {
	return errors.Join(
		routeUnary(mux, conn, "/v1/score", "/"+testService+"/Score"),
		routeUnary(mux, conn, "/v1/who", whoMethod),
		routeUnary(mux, conn, "/v1/taken", takenMethod))
}

// routeUnary routes POST path to the unary method, the way the generated
// gateway code does.
func routeUnary(mux *runtime.ServeMux, conn *grpc.ClientConn, path, method string) error {
	return mux.HandlePath(http.MethodPost, path, func(w http.ResponseWriter, r *http.Request, _ map[string]string) {
		inbound, outbound := runtime.MarshalerForRequest(mux, r)
		ctx, err := runtime.AnnotateContext(r.Context(), mux, r, method, runtime.WithHTTPPathPattern(path))
		if err != nil {
			runtime.HTTPError(ctx, mux, outbound, w, r, err)
			return
		}
		req := dynamicpb.NewMessage(requestDesc)
		if err := inbound.NewDecoder(r.Body).Decode(req); err != nil && !errors.Is(err, io.EOF) {
			runtime.HTTPError(ctx, mux, outbound, w, r, status.Error(codes.InvalidArgument, err.Error()))
			return
		}
		var md runtime.ServerMetadata
		resp := &wrapperspb.StringValue{}
		err = conn.Invoke(ctx, method, req, resp, grpc.Header(&md.HeaderMD), grpc.Trailer(&md.TrailerMD))
		ctx = runtime.NewServerMetadataContext(ctx, md)
		if err != nil {
			runtime.HTTPError(ctx, mux, outbound, w, r, err)
			return
		}
		runtime.ForwardResponseMessage(ctx, mux, outbound, w, r, resp)
	})
}

const (
	whoMethod   = "/director.platformtest.Identity/Who"
	takenMethod = "/director.platformtest.Identity/Taken"
)

// identityDesc is a service whose method Who answers the name of the
// service principal of the call, or "nobody", and Taken whether the call
// came with its rate already taken ("taken" or "not taken").
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
		identityMethod("Taken", func(ctx context.Context) string {
			if rateTaken(ctx) {
				return "taken"
			}
			return "not taken"
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
		ExtraHTTP: map[string]http.Handler{"/openapi.json": http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, `{"swagger":"2.0"}`) })},
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

// post sends a JSON body and returns the response with its decoded JSON.
func (rs *runningServer) post(t *testing.T, path, authorization, body string) (*http.Response, any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, "http://"+rs.addrs.HTTP.String()+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	return do(t, req)
}

func do(t *testing.T, req *http.Request) (*http.Response, any) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var body any
	if err := json.Unmarshal(raw, &body); err != nil {
		t.Fatalf("%s %s: body %q is not JSON: %v", req.Method, req.URL, raw, err)
	}
	return resp, body
}

// field returns the value of key in a decoded JSON object, or nil.
func field(body any, key string) any {
	obj, _ := body.(map[string]any)
	return obj[key]
}

func TestServeHealthAndGracefulShutdown(t *testing.T) {
	rs := startServe(t, testAuthenticator(t))

	req, _ := http.NewRequest(http.MethodGet, "http://"+rs.addrs.HTTP.String()+"/healthz", nil)
	resp, body := do(t, req)
	if resp.StatusCode != http.StatusOK || field(body, "status") != "SERVING" {
		t.Errorf("/healthz = %d %v, want 200 SERVING", resp.StatusCode, body)
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

func TestServeGatewayRunsInterceptors(t *testing.T) {
	rs := startServe(t, testAuthenticator(t))

	resp, body := rs.post(t, "/v1/score", "", `{"parent":"events/club-night"}`)
	if resp.StatusCode != http.StatusUnauthorized || field(body, "code") != float64(codes.Unauthenticated) {
		t.Errorf("no token: %d %v, want 401", resp.StatusCode, body)
	}

	resp, body = rs.post(t, "/v1/score", "Bearer scorer-secret", `{"parent":"events/club-night"}`)
	if resp.StatusCode != http.StatusOK || body != "venue-scorer" {
		t.Errorf("scorer: %d %v, want 200 with the principal", resp.StatusCode, body)
	}

	resp, body = rs.post(t, "/v1/score", "Bearer director-secret", `{"parent":"events/county-pairs"}`)
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("director out of scope: %d %v, want 403", resp.StatusCode, body)
	}

	resp, body = rs.post(t, "/v1/score", "Bearer scorer-secret", `{"request_id":"not valid!"}`)
	details, _ := field(body, "details").([]any)
	if resp.StatusCode != http.StatusBadRequest || len(details) != 1 {
		t.Fatalf("bad request_id: %d %v, want 400 with one detail", resp.StatusCode, body)
	}
	detail := details[0].(map[string]any)
	violations, _ := detail["field_violations"].([]any)
	if detail["@type"] != "type.googleapis.com/google.rpc.BadRequest" || len(violations) != 1 ||
		violations[0].(map[string]any)["field"] != "request_id" {
		t.Errorf("detail = %v, want a BadRequest naming request_id", detail)
	}

	resp, body = rs.post(t, "/v1/score", "Bearer scorer-secret", `{"parent":"events/club-night","contract":"4S"}`)
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(fmt.Sprint(field(body, "message")), "contract") {
		t.Errorf("unknown field: %d %v, want 400 naming the field", resp.StatusCode, body)
	}

	req, _ := http.NewRequest(http.MethodGet, "http://"+rs.addrs.HTTP.String()+"/openapi.json", nil)
	if resp, body := do(t, req); resp.StatusCode != http.StatusOK || field(body, "swagger") != "2.0" {
		t.Errorf("/openapi.json = %d %v", resp.StatusCode, body)
	}
}

func TestServeDevelopmentModeIsLoud(t *testing.T) {
	rs := startServe(t, nil)
	if len(rs.logs.lines(t, "DEVELOPMENT MODE: authentication is off and every caller is a federation admin; "+
		"to require tokens, start with an auth config file listing them (tokens: [{name, token or token_sha256, roles, events}])")) != 1 {
		t.Error("no development mode warning at startup")
	}
	resp, body := rs.post(t, "/v1/score", "", `{"parent":"events/any"}`)
	if resp.StatusCode != http.StatusOK || body != "development" {
		t.Errorf("development call: %d %v", resp.StatusCode, body)
	}
	if got := resp.Header.Get("X-Director-Auth"); got != "development" {
		t.Errorf("X-Director-Auth = %q, want development", got)
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
	err := Serve(context.Background(), Config{GRPCAddr: "127.0.0.1:0", HTTPAddr: "127.0.0.1:0", Logger: (&logBuffer{}).logger()}, a, b)
	if err == nil || !strings.Contains(err.Error(), "is in the access policy of scoring and of another service") {
		t.Errorf("err = %v, want a refusal of the overlapping policies", err)
	}
	if a.closed.Load() != 1 || b.closed.Load() != 1 {
		t.Error("services not closed after a failed start")
	}
}

// TestServeRateLimitsRESTCalls: over REST too a token past its rate is
// refused with 429, and another token is not.
func TestServeRateLimitsRESTCalls(t *testing.T) {
	a, err := parseAuthConfig([]byte(`
tokens:
  - {name: desk-1, token: s1, roles: [scorer]}
  - {name: desk-2, token: s2, roles: [scorer]}
rate_limits: {scorer: {per_second: 0.001, burst: 1}}
`))
	if err != nil {
		t.Fatal(err)
	}
	rs := startServe(t, a)
	if resp, body := rs.post(t, "/v1/score", "Bearer s1", `{"parent":"events/club-night"}`); resp.StatusCode != http.StatusOK {
		t.Fatalf("first call: %d %v", resp.StatusCode, body)
	}
	resp, body := rs.post(t, "/v1/score", "Bearer s1", `{"parent":"events/club-night"}`)
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(fmt.Sprint(field(body, "message")), `too many requests from token "desk-1"`) {
		t.Errorf("second call: %d %v, want 429 naming the token", resp.StatusCode, body)
	}
	if resp, body := rs.post(t, "/v1/score", "Bearer s2", `{"parent":"events/club-night"}`); resp.StatusCode != http.StatusOK {
		t.Errorf("another token: %d %v", resp.StatusCode, body)
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
	err := Serve(context.Background(), Config{GRPCAddr: "127.0.0.1:0", HTTPAddr: "127.0.0.1:0", Logger: (&logBuffer{}).logger()}, svc)
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
			Listening: func(a Addrs) { listening <- a }}, svc)
	}()
	t.Cleanup(func() { cancel(); <-stopped })
	addrs := <-listening
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
