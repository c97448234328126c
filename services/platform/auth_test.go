package platform

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

func testAuthenticator(t *testing.T) *Authenticator {
	t.Helper()
	sum := sha256.Sum256([]byte("scorer-secret"))
	a, err := parseAuthConfig([]byte(`
tokens:
  - name: federation
    token: admin-secret
    roles: [federation-admin]
  - name: club-director
    token: director-secret
    roles: [director]
    events: [events/club-night]
  - name: venue-scorer
    token_sha256: "` + hex.EncodeToString(sum[:]) + `"
    roles: [scorer]
  - name: table-3
    token: terminal-secret
    roles: [terminal]
`))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestAuthInterceptor(t *testing.T) {
	conn, _ := startTestServer(t, testAuthenticator(t))
	tests := []struct {
		name          string
		method        string
		authorization string // "" sends no authorization metadata
		request       string
		wantCode      codes.Code
		wantPrincipal string
	}{
		{"public method without a token", "Public", "", `{}`, codes.OK, ""},
		{"public method with a token knows the caller", "Public", "Bearer terminal-secret", `{}`, codes.OK, "table-3"},
		{"public method with an unknown token", "Public", "Bearer nope", `{}`, codes.Unauthenticated, ""},
		{"no token", "Score", "", `{}`, codes.Unauthenticated, ""},
		{"malformed authorization", "Score", "Basic director-secret", `{}`, codes.Unauthenticated, ""},
		{"empty bearer", "Score", "Bearer ", `{}`, codes.Unauthenticated, ""},
		{"unknown token", "Score", "Bearer director-secreT", `{}`, codes.Unauthenticated, ""},
		{"wrong role", "Score", "Bearer terminal-secret", `{}`, codes.PermissionDenied, ""},
		{"allowed role", "Score", "Bearer scorer-secret", `{"parent":"events/any"}`, codes.OK, "venue-scorer"},
		{"bearer scheme is case-insensitive", "Score", "bearer scorer-secret", `{}`, codes.OK, "venue-scorer"},
		{"federation admin calls everything", "Score", "Bearer admin-secret", `{}`, codes.OK, "federation"},
		{"unknown method denied even to an admin", "Unlisted", "Bearer admin-secret", `{}`, codes.PermissionDenied, ""},
		{"scoped token on its event", "Score", "Bearer director-secret", `{"parent":"events/club-night/sessions/1"}`, codes.OK, "club-director"},
		{"scoped token on another event", "Score", "Bearer director-secret", `{"parent":"events/county-pairs/sessions/1"}`, codes.PermissionDenied, ""},
		{"scoped token, other event in a nested field", "Score", "Bearer director-secret",
			`{"name":"events/club-night","refs":[{"event":"events/club-night"},{"section":"events/county-pairs/sessions/1/sections/A"}]}`, codes.PermissionDenied, ""},
		{"scoped token, request naming no event", "Score", "Bearer director-secret", `{"title":"events/elsewhere"}`, codes.OK, "club-director"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			if tt.authorization != "" {
				ctx = metadata.AppendToOutgoingContext(ctx, "authorization", tt.authorization)
			}
			resp := &wrapperspb.StringValue{}
			err := conn.Invoke(ctx, "/"+testService+"/"+tt.method, newRequest(t, tt.request), resp)
			if status.Code(err) != tt.wantCode {
				t.Fatalf("code = %v (%v), want %v", status.Code(err), err, tt.wantCode)
			}
			if err == nil && resp.Value != tt.wantPrincipal {
				t.Errorf("principal = %q, want %q", resp.Value, tt.wantPrincipal)
			}
		})
	}
}

func TestAuthMessagesNameTheProblem(t *testing.T) {
	conn, _ := startTestServer(t, testAuthenticator(t))
	tests := []struct {
		method, authorization, request, want string
	}{
		{"Unlisted", "Bearer admin-secret", `{}`, "method /director.platformtest.TestService/Unlisted is not in the access policy"},
		{"Score", "Bearer terminal-secret", `{}`, `token "table-3" with roles [terminal] may not call /director.platformtest.TestService/Score, which needs one of [director scorer]`},
		{"Score", "Bearer director-secret", `{"ref":{"event":"events/county-pairs"}}`, `token "club-director" may not act on "events/county-pairs" (field ref.event); it is limited to [events/club-night]`},
	}
	for _, tt := range tests {
		ctx := metadata.AppendToOutgoingContext(context.Background(), "authorization", tt.authorization)
		err := conn.Invoke(ctx, "/"+testService+"/"+tt.method, newRequest(t, tt.request), &wrapperspb.StringValue{})
		if got := status.Convert(err).Message(); got != tt.want {
			t.Errorf("%s: message = %q, want %q", tt.method, got, tt.want)
		}
	}
}

func TestAuthStreamChecksEveryMessage(t *testing.T) {
	conn, _ := startTestServer(t, testAuthenticator(t))
	watch := func(authorization, request string) (*wrapperspb.StringValue, error) {
		ctx := metadata.AppendToOutgoingContext(context.Background(), "authorization", authorization)
		stream, err := conn.NewStream(ctx, &testServiceDesc.Streams[0], "/"+testService+"/Watch")
		if err != nil {
			return nil, err
		}
		if err := stream.SendMsg(newRequest(t, request)); err != nil {
			if errors.Is(err, io.EOF) {
				// The server refused the stream already; its status comes
				// with the next receive.
				return nil, stream.RecvMsg(&wrapperspb.StringValue{})
			}
			return nil, err
		}
		stream.CloseSend()
		resp := &wrapperspb.StringValue{}
		return resp, stream.RecvMsg(resp)
	}
	if resp, err := watch("Bearer director-secret", `{"parent":"events/club-night"}`); err != nil || resp.Value != "club-director" {
		t.Errorf("own event: %v, %v", resp, err)
	}
	if _, err := watch("Bearer director-secret", `{"parent":"events/county-pairs"}`); status.Code(err) != codes.PermissionDenied {
		t.Errorf("other event: err = %v, want PermissionDenied", err)
	}
	if _, err := watch("Bearer terminal-secret", `{}`); status.Code(err) != codes.PermissionDenied {
		t.Errorf("wrong role: err = %v, want PermissionDenied", err)
	}
	if _, err := watch("Bearer director-secret", `{"request_id":"no spaces"}`); status.Code(err) != codes.InvalidArgument {
		t.Errorf("bad request_id: err = %v, want InvalidArgument", err)
	}
}

func TestDevelopmentModeAllowsAndSaysSo(t *testing.T) {
	conn, _ := startTestServer(t, DevelopmentAuthenticator())
	var header metadata.MD
	resp := &wrapperspb.StringValue{}
	err := conn.Invoke(context.Background(), "/"+testService+"/Score", newRequest(t, `{"parent":"events/any"}`), resp, grpc.Header(&header))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Value != "development" {
		t.Errorf("principal = %q, want development", resp.Value)
	}
	if got := header.Get(AuthModeHeader); len(got) != 1 || got[0] != "development" {
		t.Errorf("header %s = %q, want [development]", AuthModeHeader, got)
	}
	err = conn.Invoke(context.Background(), "/"+testService+"/Unlisted", newRequest(t, `{}`), resp)
	if status.Code(err) != codes.PermissionDenied {
		t.Errorf("unknown method in development mode: err = %v, want PermissionDenied", err)
	}
}

func TestRecoveryTurnsPanicIntoInternal(t *testing.T) {
	conn, logs := startTestServer(t, testAuthenticator(t))
	err := conn.Invoke(context.Background(), "/"+testService+"/Panic", newRequest(t, `{}`), &wrapperspb.StringValue{})
	if status.Code(err) != codes.Internal || status.Convert(err).Message() != "internal error" {
		t.Fatalf("err = %v, want Internal \"internal error\"", err)
	}
	panics := logs.lines(t, "panic in handler")
	if len(panics) != 1 || panics[0]["panic"] != "board 7 has no dealer" || panics[0]["stack"] == "" {
		t.Errorf("panic log = %v, want one line with the panic and its stack", panics)
	}
	// The server keeps serving.
	if err := conn.Invoke(context.Background(), "/"+testService+"/Public", newRequest(t, `{}`), &wrapperspb.StringValue{}); err != nil {
		t.Errorf("call after the panic: %v", err)
	}
}

func TestLoggingWritesOneLinePerCall(t *testing.T) {
	conn, logs := startTestServer(t, testAuthenticator(t))
	ctx := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer scorer-secret")
	conn.Invoke(ctx, "/"+testService+"/Score", newRequest(t, `{}`), &wrapperspb.StringValue{})
	conn.Invoke(context.Background(), "/"+testService+"/Score", newRequest(t, `{}`), &wrapperspb.StringValue{})
	conn.Invoke(context.Background(), "/"+testService+"/Panic", newRequest(t, `{}`), &wrapperspb.StringValue{})

	lines := logs.lines(t, "rpc")
	want := []struct{ method, code, principal, level string }{
		{"/" + testService + "/Score", "OK", "venue-scorer", "INFO"},
		{"/" + testService + "/Score", "Unauthenticated", "", "WARN"},
		{"/" + testService + "/Panic", "Internal", "", "ERROR"},
	}
	if len(lines) != len(want) {
		t.Fatalf("%d rpc log lines, want %d: %v", len(lines), len(want), lines)
	}
	for i, w := range want {
		l := lines[i]
		if l["method"] != w.method || l["code"] != w.code || l["principal"] != w.principal || l["level"] != w.level {
			t.Errorf("line %d = %v, want method %s code %s principal %q level %s", i, l, w.method, w.code, w.principal, w.level)
		}
		if _, ok := l["duration"]; !ok {
			t.Errorf("line %d has no duration", i)
		}
	}
}

func TestAuthenticateComparesWholeToken(t *testing.T) {
	a := testAuthenticator(t)
	for token, want := range map[string]string{
		"admin-secret":    "federation",
		"scorer-secret":   "venue-scorer",
		"admin-secre":     "",
		"admin-secret ":   "",
		"":                "",
		"ADMIN-SECRET":    "",
		"director-secret": "club-director",
	} {
		p, ok := a.authenticate(token)
		if p.Name != want || ok != (want != "") {
			t.Errorf("authenticate(%q) = %q, %v; want %q", token, p.Name, ok, want)
		}
	}
}

// TestScopedTokenGetsPublicReads: on a method open to the public, a token
// whose scope the request leaves is served as an anonymous caller (so that
// checks that look at the principal, such as the secrecy of a deal, see
// nobody), not refused; on other methods it is refused.
func TestScopedTokenGetsPublicReads(t *testing.T) {
	a, err := parseAuthConfig([]byte(`
tokens:
  - {name: club-director, token: director-secret, roles: [director], events: [events/club-night]}
  - {name: table-3, token: terminal-secret, roles: [scorer], tables: [events/club-night/sessions/1/sections/A/tables/3]}
  - {name: scoreboard, token: public-secret, roles: [public]}
`))
	if err != nil {
		t.Fatal(err)
	}
	conn, _ := startTestServer(t, a)
	tests := []struct {
		name, method, token, request string
		wantCode                     codes.Code
		wantPrincipal                string
	}{
		{"public read in scope", "Public", "director-secret", `{"name":"events/club-night"}`, codes.OK, "club-director"},
		{"public read of another event", "Public", "director-secret", `{"name":"events/county-pairs"}`, codes.OK, ""},
		{"public read at another table", "Public", "terminal-secret", `{"parent":"events/club-night","table":4}`, codes.OK, ""},
		{"public read at its table", "Public", "terminal-secret", `{"parent":"events/club-night","table":3}`, codes.OK, "table-3"},
		{"other method, another event", "Score", "director-secret", `{"name":"events/county-pairs"}`, codes.PermissionDenied, ""},
		{"other method, another table", "Score", "terminal-secret", `{"parent":"events/club-night/sessions/1/sections/A","table":4}`, codes.PermissionDenied, ""},
		{"other method, its table", "Score", "terminal-secret", `{"parent":"events/club-night/sessions/1/sections/A","table":3}`, codes.OK, "table-3"},
		{"public token on a public method", "Public", "public-secret", `{"name":"events/any"}`, codes.OK, "scoreboard"},
		{"public token on another method", "Score", "public-secret", `{}`, codes.PermissionDenied, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+tt.token)
			resp := &wrapperspb.StringValue{}
			err := conn.Invoke(ctx, "/"+testService+"/"+tt.method, newRequest(t, tt.request), resp)
			if status.Code(err) != tt.wantCode {
				t.Fatalf("code = %v (%v), want %v", status.Code(err), err, tt.wantCode)
			}
			if err == nil && resp.Value != tt.wantPrincipal {
				t.Errorf("principal = %q, want %q", resp.Value, tt.wantPrincipal)
			}
		})
	}
}

func TestRateLimitPerTokenAndAddress(t *testing.T) {
	a, err := parseAuthConfig([]byte(`
tokens:
  - {name: table-1, token: t1, roles: [terminal]}
  - {name: table-2, token: t2, roles: [terminal]}
rate_limits:
  terminal: {per_second: 0.001, burst: 2}
  public: {per_second: 0.001, burst: 1}
`))
	if err != nil {
		t.Fatal(err)
	}
	conn, logs := startTestServer(t, a)
	call := func(token string) error {
		ctx := context.Background()
		if token != "" {
			ctx = metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+token)
		}
		return conn.Invoke(ctx, "/"+testService+"/Public", newRequest(t, `{}`), &wrapperspb.StringValue{})
	}
	for i := range 2 {
		if err := call("t1"); err != nil {
			t.Fatalf("call %d within the burst: %v", i+1, err)
		}
	}
	err = call("t1")
	st := status.Convert(err)
	if st.Code() != codes.ResourceExhausted {
		t.Fatalf("third call: %v, want ResourceExhausted", err)
	}
	var info *errdetails.RetryInfo
	for _, d := range st.Details() {
		if ri, ok := d.(*errdetails.RetryInfo); ok {
			info = ri
		}
	}
	// 0.001 a second: the next call is about 1000 s away.
	if info == nil || info.GetRetryDelay().AsDuration() < 900*time.Second {
		t.Errorf("details %v, want a RetryInfo of about 1000 s", st.Details())
	}
	if err := call("t2"); err != nil {
		t.Errorf("another token has its own rate: %v", err)
	}
	// Anonymous callers share their address's rate, and so does a token
	// this Director does not know.
	if err := call(""); err != nil {
		t.Fatalf("first anonymous call: %v", err)
	}
	if err := call(""); status.Code(err) != codes.ResourceExhausted {
		t.Errorf("second anonymous call: %v, want ResourceExhausted", err)
	}
	if err := call("guess"); status.Code(err) != codes.ResourceExhausted {
		t.Errorf("unknown token from the same address: %v, want ResourceExhausted", err)
	}
	var refused int
	for _, l := range logs.lines(t, "rpc") {
		if l["code"] == "ResourceExhausted" {
			refused++
			if l["level"] != "WARN" || l["client"] != "bufconn" {
				t.Errorf("refusal logged as %v, want a warning with the client address", l)
			}
			if refused == 1 && l["principal"] != "table-1" {
				t.Errorf("the refusal of table-1's call is logged for %q", l["principal"])
			}
		}
	}
	if refused != 3 {
		t.Errorf("%d refusals logged, want 3", refused)
	}
}

func TestLimiterForgetsIdleAddresses(t *testing.T) {
	now := time.Date(2026, 5, 2, 19, 30, 0, 0, time.UTC)
	l := newLimiter(map[Role]RateLimit{RolePublic: {PerSecond: 1, Burst: 2}})
	l.now = func() time.Time { return now }
	for range 2 {
		if _, ok, _ := l.allowAddress("192.0.2.1"); !ok {
			t.Fatal("refused within the burst")
		}
	}
	if wait, ok, shared := l.allowAddress("192.0.2.1"); ok || shared || wait != time.Second {
		t.Fatalf("third call: allowed %v, shared %v, wait %v; want refused for 1s from its own bucket", ok, shared, wait)
	}
	l.allowAddress("192.0.2.2")
	// Two minutes later both buckets are full again: the sweep forgets
	// them, and a forgotten address starts with a full bucket, as it would.
	now = now.Add(2 * time.Minute)
	if _, ok, _ := l.allowAddress("192.0.2.3"); !ok {
		t.Fatal("a new address is refused")
	}
	if len(l.addresses) != 1 {
		t.Errorf("%d addresses remembered after the sweep, want 1 (the new one)", len(l.addresses))
	}
	for range 2 {
		if _, ok, _ := l.allowAddress("192.0.2.1"); !ok {
			t.Fatal("a forgotten address does not get its burst")
		}
	}
}

// TestLimiterForgetsIdleTables: the buckets of tables' codes, which come
// and go with the sessions, are forgotten once full again, as addresses'
// are; a busy one is kept.
func TestLimiterForgetsIdleTables(t *testing.T) {
	now := time.Date(2026, 5, 2, 19, 30, 0, 0, time.UTC)
	l := newLimiter(map[Role]RateLimit{RoleTerminal: {PerSecond: 0.01, Burst: 2}})
	l.now = func() time.Time { return now }
	terminal := []Role{RoleTerminal}
	for n := 1; n <= 3; n++ {
		l.allowToken(fmt.Sprintf("events/club/sessions/1/sections/A/tables/%d", n), terminal)
	}
	now = now.Add(200 * time.Second) // session 1's buckets are full again
	busy := "events/club/sessions/2/sections/A/tables/1"
	for range 2 {
		l.allowToken(busy, terminal)
	}
	now = now.Add(time.Minute + time.Millisecond)
	l.allowToken("events/club/sessions/2/sections/A/tables/2", terminal)
	if _, kept := l.tokens[busy]; len(l.tokens) != 2 || !kept {
		t.Errorf("buckets kept after the sweep: %d, the busy table's %v; want the busy table's and the new one", len(l.tokens), kept)
	}
}

// TestLimiterFullKeepsBusyBuckets: with as many busy addresses as it
// holds, the limiter forgets none of them (which would give their callers
// a fresh burst); the addresses that come next share one bucket, tokens
// keep their own, and once the buckets are full again there is room.
func TestLimiterFullKeepsBusyBuckets(t *testing.T) {
	now := time.Date(2026, 5, 2, 19, 30, 0, 0, time.UTC)
	l := newLimiter(map[Role]RateLimit{RolePublic: {PerSecond: 0.001, Burst: 1}, RoleTerminal: {PerSecond: 0.001, Burst: 1}})
	l.now = func() time.Time { return now }
	address := func(i int) string { return fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255) }
	for i := range maxAddresses {
		if _, ok, shared := l.allowAddress(address(i)); !ok || shared {
			t.Fatalf("address %d: allowed %v, shared %v; want its own first call", i, ok, shared)
		}
	}
	if _, ok, shared := l.allowAddress("198.51.100.1"); !ok || !shared {
		t.Errorf("first new address when full: allowed %v, shared %v; want the overflow bucket's one call", ok, shared)
	}
	if _, ok, shared := l.allowAddress("198.51.100.2"); ok || !shared {
		t.Errorf("second new address when full: allowed %v, shared %v; want refused from the overflow bucket", ok, shared)
	}
	// A new address at a full limiter makes a sweep due; it finds every
	// bucket busy and forgets none.
	now = now.Add(10 * time.Second)
	if _, ok, shared := l.allowAddress("198.51.100.3"); ok || !shared {
		t.Errorf("a new address after the sweep: allowed %v, shared %v; want refused from the overflow bucket", ok, shared)
	}
	if _, ok, shared := l.allowAddress(address(0)); ok || shared {
		t.Errorf("a busy address when full: allowed %v, shared %v; want its own bucket, still empty", ok, shared)
	}
	if len(l.addresses) != maxAddresses {
		t.Errorf("%d addresses remembered, want %d", len(l.addresses), maxAddresses)
	}
	if _, ok := l.allowToken("table-1", []Role{RoleTerminal}); !ok {
		t.Error("a token has no bucket of its own when the addresses are full")
	}
	now = now.Add(2000 * time.Second) // every bucket is full again
	if _, ok, shared := l.allowAddress("198.51.100.2"); !ok || shared {
		t.Errorf("a new address after the buckets refilled: allowed %v, shared %v; want its own bucket", ok, shared)
	}
}

func TestAddressKeyTakesIPv6By64(t *testing.T) {
	for client, want := range map[string]string{
		"203.0.113.7":                   "203.0.113.7",
		"::ffff:203.0.113.7":            "203.0.113.7",
		"2001:db8:1:2:aaaa:bbbb:cccc:1": "2001:db8:1:2::/64",
		"2001:db8:1:2::ffff":            "2001:db8:1:2::/64",
		"2001:db8:1:3::1":               "2001:db8:1:3::/64",
		"fe80::1%eth0":                  "fe80::/64",
		"bufconn":                       "bufconn",
		"":                              "",
	} {
		if got := addressKey(client); got != want {
			t.Errorf("addressKey(%q) = %q, want %q", client, got, want)
		}
	}
}

// FuzzAddressKey: no client address makes addressKey panic, and every IPv6
// address shares the key of the first address of its /64.
func FuzzAddressKey(f *testing.F) {
	for _, seed := range []string{"203.0.113.7", "2001:db8::1", "::ffff:10.0.0.1", "fe80::1%eth0", "bufconn", "", "1.2.3.4.5", "::"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, client string) {
		key := addressKey(client)
		addr, err := netip.ParseAddr(client)
		if err != nil || addr.Unmap().Is4() {
			return
		}
		b := addr.As16()
		clear(b[8:])
		if first := netip.AddrFrom16(b).String(); addressKey(first) != key {
			t.Errorf("addressKey(%q) = %q, but its /64's first address %s has %q", client, key, first, addressKey(first))
		}
	})
}

func TestCallerOfAuthorization(t *testing.T) {
	auth := testAuthenticator(t)
	for authorization, want := range map[string]struct {
		name  string
		known bool
		code  codes.Code
	}{
		"":                     {"", false, codes.OK},
		"Bearer scorer-secret": {"venue-scorer", true, codes.OK},
		"bearer scorer-secret": {"venue-scorer", true, codes.OK},
		"Bearer nope":          {"", false, codes.Unauthenticated},
		"Basic abc":            {"", false, codes.Unauthenticated},
		"Bearer ":              {"", false, codes.Unauthenticated},
	} {
		p, known, err := auth.caller(context.Background(), authorization)
		if p.Name != want.name || known != want.known || status.Code(err) != want.code {
			t.Errorf("caller(%q) = %q, %v, %v; want %q, %v, %v", authorization, p.Name, known, err, want.name, want.known, want.code)
		}
	}
	if p, known, err := DevelopmentAuthenticator().caller(context.Background(), "Bearer anything"); err != nil || !known || p.Name != "development" {
		t.Errorf("development mode: %q, %v, %v; want the development principal", p.Name, known, err)
	}
}

// TestRateTaken: only a call over a trusted hop (the in-process
// connection, or a Director process with a verified client certificate)
// may skip its rate, when the gateway marks it taken or when it carries no
// client address (a service asking another for a user).
func TestRateTaken(t *testing.T) {
	internal := peer.NewContext(context.Background(), &peer.Peer{Addr: &net.UnixAddr{Name: "bufconn"}, AuthInfo: inProcessInfo})
	external := peer.NewContext(context.Background(), &peer.Peer{Addr: &net.TCPAddr{IP: net.IPv4(203, 0, 113, 7), Port: 4000}})
	gatewayAddr := &net.TCPAddr{IP: net.IPv4(10, 0, 0, 5), Port: 4000}
	withCert := peer.NewContext(context.Background(), &peer.Peer{Addr: gatewayAddr,
		AuthInfo: credentials.TLSInfo{State: tls.ConnectionState{VerifiedChains: [][]*x509.Certificate{{{}}}}}})
	withoutCert := peer.NewContext(context.Background(), &peer.Peer{Addr: gatewayAddr, AuthInfo: credentials.TLSInfo{}})
	marked := metadata.Pairs(RateTakenHeader, "1", "x-forwarded-for", "203.0.113.7")
	for _, c := range []struct {
		name string
		ctx  context.Context
		want bool
	}{
		{"external", external, false},
		{"external, marked", metadata.NewIncomingContext(external, marked), false},
		{"external, no client address", metadata.NewIncomingContext(external, metadata.Pairs("authorization", "Bearer t")), false},
		{"gateway, marked", metadata.NewIncomingContext(internal, marked), true},
		{"gateway, not marked", metadata.NewIncomingContext(internal, metadata.Pairs("x-forwarded-for", "203.0.113.7")), false},
		{"service for a user", metadata.NewIncomingContext(internal, metadata.Pairs("authorization", "Bearer t")), true},
		{"gateway elsewhere, marked", metadata.NewIncomingContext(withCert, marked), true},
		{"gateway elsewhere, not marked", metadata.NewIncomingContext(withCert, metadata.Pairs("x-forwarded-for", "203.0.113.7")), false},
		{"service elsewhere for a user", metadata.NewIncomingContext(withCert, metadata.Pairs("authorization", "Bearer t")), true},
		{"TLS without a client certificate, marked", metadata.NewIncomingContext(withoutCert, marked), false},
	} {
		if got := rateTaken(c.ctx); got != c.want {
			t.Errorf("%s: rateTaken = %v, want %v", c.name, got, c.want)
		}
	}
	// The client address a gateway forwards is believed of the same
	// callers only.
	forwarded := metadata.Pairs("x-forwarded-for", "198.51.100.9")
	for _, c := range []struct {
		name string
		ctx  context.Context
		want string
	}{
		{"in process", metadata.NewIncomingContext(internal, forwarded), "198.51.100.9"},
		{"gateway elsewhere", metadata.NewIncomingContext(withCert, forwarded), "198.51.100.9"},
		{"TLS without a client certificate", metadata.NewIncomingContext(withoutCert, forwarded), "10.0.0.5"},
		{"plaintext", metadata.NewIncomingContext(external, forwarded), "203.0.113.7"},
	} {
		if got := clientAddress(c.ctx); got != c.want {
			t.Errorf("%s: clientAddress = %q, want %q", c.name, got, c.want)
		}
	}
}

// BenchmarkAuthorize measures what the auth interceptor adds to a call: a
// token among a hundred, its rate, and the scope of a request that names
// its event and table.
func BenchmarkAuthorize(b *testing.B) {
	config := "tokens:\n"
	for i := range 100 {
		config += fmt.Sprintf("  - {name: table-%d, token: secret-%d, roles: [scorer], tables: [events/club/sessions/1/sections/A/tables/%d]}\n", i, i, i+1)
	}
	config += "rate_limits: {scorer: {per_second: 1000000000}}\n"
	a, err := parseAuthConfig([]byte(config))
	if err != nil {
		b.Fatal(err)
	}
	ctx := metadata.NewIncomingContext(context.Background(), metadata.Pairs("authorization", "Bearer secret-41"))
	req := newRequest(b, `{"parent":"events/club/sessions/1/sections/A","table":42,"request_id":"r-1"}`)
	method := "/" + testService + "/Score"
	b.ReportAllocs()
	for b.Loop() {
		if _, err := a.authorize(ctx, method, testPolicy, req); err != nil {
			b.Fatal(err)
		}
	}
}

func TestForwardedForTakesTheAddressTheGatewaySaw(t *testing.T) {
	for value, want := range map[string]string{
		"203.0.113.7":                      "203.0.113.7",
		"198.51.100.1, 203.0.113.7":        "203.0.113.7",
		"made-up, 10.0.0.1 , 203.0.113.7 ": "203.0.113.7",
		"":                                 "",
		"2001:db8::1":                      "2001:db8::1",
	} {
		if got := forwardedFor(value); got != want {
			t.Errorf("forwardedFor(%q) = %q, want %q", value, got, want)
		}
	}
}
