package platform

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
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
		{"/" + testService + "/Score", "Unauthenticated", "", "INFO"},
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
