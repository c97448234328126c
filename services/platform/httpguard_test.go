package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/dynamicpb"
	"google.golang.org/protobuf/types/known/durationpb"
)

// stingyBody is a request body that hands out its first n bytes and then
// blocks until the test ends: a server that answers has not waited for the
// rest. It counts what it handed out.
type stingyBody struct {
	n       int64
	given   atomic.Int64
	release chan struct{}
	once    sync.Once
}

func newStingyBody(t *testing.T, n int64) *stingyBody {
	b := &stingyBody{n: n, release: make(chan struct{})}
	t.Cleanup(func() { b.once.Do(func() { close(b.release) }) })
	return b
}

func (b *stingyBody) Read(p []byte) (int, error) {
	left := b.n - b.given.Load()
	if left <= 0 {
		<-b.release
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), left)]
	for i := range p {
		p[i] = ' ' // JSON whitespace, never a complete value
	}
	b.given.Add(int64(len(p)))
	return len(p), nil
}

const fiftyMB = 50 << 20

func postBody(t *testing.T, rs *runningServer, path, authorization string, body io.Reader, length int64) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, "http://"+rs.addrs.HTTP.String()+path, body)
	if err != nil {
		t.Fatal(err)
	}
	req.ContentLength = length // -1: chunked
	req.Header.Set("Content-Type", "application/json")
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

func TestOversizedBodyIsRefusedUnread(t *testing.T) {
	rs := startServe(t, testAuthenticator(t), func(c *Config) { c.MaxBody = 64 << 10 })

	// 50 MB announced, the first kilobyte sent: 413 at once.
	body := newStingyBody(t, 1<<10)
	if resp := postBody(t, rs, "/v1/score", "", body, fiftyMB); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("anonymous 50 MB body: status %d, want 413", resp.StatusCode)
	}

	// 50 MB without a length: read up to the cap and no further.
	body = newStingyBody(t, fiftyMB)
	if resp := postBody(t, rs, "/v1/score", "", body, -1); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("anonymous chunked 50 MB body: status %d, want 413", resp.StatusCode)
	}
	if given := body.given.Load(); given > 4<<20 {
		t.Errorf("the server took %d bytes of a body capped at 64 KiB", given)
	}

	// An unknown token is refused before its body is read.
	body = newStingyBody(t, 1<<10)
	if resp := postBody(t, rs, "/v1/score", "Bearer made-up", body, fiftyMB); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("unknown token with a body: status %d, want 401", resp.StatusCode)
	}
	body = newStingyBody(t, 1<<10)
	if resp := postBody(t, rs, "/v1/score", "Bearer made-up", body, -1); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("unknown token with a chunked body: status %d, want 401", resp.StatusCode)
	}

	// Within the cap, a known token is served.
	ok := `{"parent":"events/club-night"}` + strings.Repeat(" ", 60<<10)
	if resp := postBody(t, rs, "/v1/score", "Bearer scorer-secret", strings.NewReader(ok), int64(len(ok))); resp.StatusCode != http.StatusOK {
		t.Errorf("a body within the cap: status %d, want 200", resp.StatusCode)
	}
}

func TestRequestBodiesAreStrictJSON(t *testing.T) {
	rs := startServe(t, testAuthenticator(t))
	send := func(contentType, body string) (*http.Response, any) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, "http://"+rs.addrs.HTTP.String()+"/v1/score", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer scorer-secret")
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		return do(t, req)
	}
	event := `{"parent":"events/club-night"}`
	for _, ct := range []string{"application/json", "application/json; charset=utf-8", "Application/JSON; charset=UTF-8"} {
		if resp, body := send(ct, event); resp.StatusCode != http.StatusOK {
			t.Errorf("Content-Type %q: %d %v, want 200", ct, resp.StatusCode, body)
		}
	}
	for _, ct := range []string{"", "application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x", "application/json; charset=latin1"} {
		resp, body := send(ct, event)
		if resp.StatusCode != http.StatusUnsupportedMediaType || !strings.Contains(fmt.Sprint(field(body, "message")), "application/json") {
			t.Errorf("Content-Type %q: %d %v, want 415 naming application/json", ct, resp.StatusCode, body)
		}
	}
	for _, trailing := range []string{event + `{"parent":"events/other"}`, event + ` x`, event + `]`} {
		resp, body := send("application/json", trailing)
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(fmt.Sprint(field(body, "message")), "goes on after its JSON value") {
			t.Errorf("body %q: %d %v, want 400 about the trailing data", trailing, resp.StatusCode, body)
		}
	}
	if resp, body := send("application/json", event+" \n\t"); resp.StatusCode != http.StatusOK {
		t.Errorf("trailing whitespace: %d %v, want 200", resp.StatusCode, body)
	}
}

func TestWrongMethodIs405WithAllow(t *testing.T) {
	rs := startServe(t, testAuthenticator(t))
	for _, method := range []string{http.MethodGet, http.MethodDelete, http.MethodPut} {
		req, _ := http.NewRequest(method, "http://"+rs.addrs.HTTP.String()+"/v1/score", nil)
		resp, body := do(t, req)
		if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "POST" {
			t.Errorf("%s /v1/score: %d Allow %q %v, want 405 Allow POST", method, resp.StatusCode, resp.Header.Get("Allow"), body)
		}
	}
	req, _ := http.NewRequest(http.MethodPost, "http://"+rs.addrs.HTTP.String()+"/healthz", nil)
	if resp, _ := do(t, req); resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET" {
		t.Errorf("POST /healthz: %d Allow %q, want 405 Allow GET", resp.StatusCode, resp.Header.Get("Allow"))
	}
	req, _ = http.NewRequest(http.MethodGet, "http://"+rs.addrs.HTTP.String()+"/v1/nothing-here", nil)
	if resp, _ := do(t, req); resp.StatusCode != http.StatusNotFound {
		t.Errorf("unknown path: %d, want 404", resp.StatusCode)
	}
}

func TestCORSOnlyForListedOrigins(t *testing.T) {
	preflight := func(rs *runningServer, origin string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(http.MethodOptions, "http://"+rs.addrs.HTTP.String()+"/v1/score", nil)
		req.Header.Set("Origin", origin)
		req.Header.Set("Access-Control-Request-Method", "POST")
		req.Header.Set("Access-Control-Request-Headers", "authorization, content-type")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	closed := startServe(t, testAuthenticator(t))
	if got := preflight(closed, "https://club.example.org").Header.Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("without an allow-list: Access-Control-Allow-Origin %q, want none", got)
	}
	open := startServe(t, testAuthenticator(t), func(c *Config) { c.CORSOrigins = []string{"https://club.example.org"} })
	resp := preflight(open, "https://club.example.org")
	if resp.Header.Get("Access-Control-Allow-Origin") != "https://club.example.org" ||
		!strings.Contains(strings.ToLower(resp.Header.Get("Access-Control-Allow-Headers")), "authorization") {
		t.Errorf("listed origin: %d %v, want it allowed with the authorization header", resp.StatusCode, resp.Header)
	}
	if got := preflight(open, "https://evil.example.com").Header.Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("unlisted origin: Access-Control-Allow-Origin %q, want none", got)
	}
}

func TestErrorStatuses(t *testing.T) {
	mux := runtime.NewServeMux()
	retry, _ := status.New(codes.ResourceExhausted, "slow down: 30 calls a minute").WithDetails(&errdetails.RetryInfo{RetryDelay: durationpb.New(1500 * time.Millisecond)})
	for _, c := range []struct {
		err        error
		want       int
		retryAfter string
	}{
		{retry.Err(), http.StatusTooManyRequests, "2"},
		{status.Error(codes.ResourceExhausted, "no hint"), http.StatusTooManyRequests, ""},
		{status.Error(codes.AlreadyExists, "taken"), http.StatusConflict, ""},
		{status.Error(codes.Aborted, "stale etag"), http.StatusConflict, ""},
		{status.Error(codes.Unavailable, "peer down"), http.StatusServiceUnavailable, ""},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/v1/x", nil)
		errorHandler(context.Background(), mux, &runtime.JSONPb{}, rec, req, c.err)
		if rec.Code != c.want || rec.Header().Get("Retry-After") != c.retryAfter {
			t.Errorf("%v: %d Retry-After %q, want %d %q", c.err, rec.Code, rec.Header().Get("Retry-After"), c.want, c.retryAfter)
		}
	}
}

func TestIncomingHeaderKeepsServiceIdentityOut(t *testing.T) {
	for _, h := range []string{"X-Director-Service", "x-director-on-behalf-of", "Grpc-Metadata-X-Director-Service", "Grpc-Metadata-Authorization"} {
		if key, ok := incomingHeader(h); ok {
			t.Errorf("header %s forwarded as %q", h, key)
		}
	}
	if _, ok := incomingHeader("User-Agent"); !ok {
		t.Error("User-Agent is not forwarded as the gateway forwards it by default")
	}

	// Through the gateway, a client that sends the identity headers is
	// still nobody: the gateway's in-process connection would make it a
	// service otherwise.
	rs := startServe(t, testAuthenticator(t))
	req, _ := http.NewRequest(http.MethodPost, "http://"+rs.addrs.HTTP.String()+"/v1/who", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Director-Service", "rulings")
	req.Header.Set("Grpc-Metadata-X-Director-Service", "rulings")
	req.Header.Set("X-Director-On-Behalf-Of", "chief-director")
	if resp, body := do(t, req); resp.StatusCode != http.StatusOK || body != "nobody" {
		t.Errorf("smuggled identity over REST: %d %v, want nobody", resp.StatusCode, body)
	}
}

func TestCheckBearer(t *testing.T) {
	auth := testAuthenticator(t)
	for header, known := range map[string]bool{"": true, "Bearer scorer-secret": true, "bearer scorer-secret": true, "Bearer nope": false, "Basic abc": false} {
		if err := auth.checkBearer(header); (err == nil) != known || (err != nil && status.Code(err) != codes.Unauthenticated) {
			t.Errorf("checkBearer(%q) = %v, want known %v", header, err, known)
		}
	}
	if err := DevelopmentAuthenticator().checkBearer("Bearer anything"); err != nil {
		t.Errorf("development mode refused a token: %v", err)
	}
}

// FuzzStrictJSON: a body is taken only when it is one valid JSON value,
// and no body makes the decoder panic.
func FuzzStrictJSON(f *testing.F) {
	for _, seed := range []string{``, `{}`, `{"parent":"events/x"}`, `{"parent":"events/x"} {}`, `{"ref":{"event":"e"}}]`, `  `, `{"title":"\u00e9"}`, `[`, `null`} {
		f.Add([]byte(seed))
	}
	m := strictJSON{&runtime.JSONPb{}}
	f.Fuzz(func(t *testing.T, body []byte) {
		err := m.NewDecoder(bytes.NewReader(body)).Decode(dynamicpb.NewMessage(requestDesc))
		if err == nil && !json.Valid(body) {
			t.Errorf("took %q, which is not one JSON value", body)
		}
	})
}
