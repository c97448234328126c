package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/platform"
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

func postBody(t *testing.T, d *director, path, authorization string, body io.Reader, length int64) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, d.base+path, body)
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
	d := serve(t, authenticator(t, clubTokens), Options{MaxBody: 64 << 10})

	// 50 MB announced, the first kilobyte sent: 413 at once.
	body := newStingyBody(t, 1<<10)
	if resp := postBody(t, d, submitPath, "", body, fiftyMB); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("anonymous 50 MB body: status %d, want 413", resp.StatusCode)
	}

	// 50 MB without a length: cut off at the cap (how much the server read
	// is counted without a network between, in TestChunkedBodyIsCutOffAtTheCap).
	body = newStingyBody(t, fiftyMB)
	if resp := postBody(t, d, submitPath, "", body, -1); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("anonymous chunked 50 MB body: status %d, want 413", resp.StatusCode)
	}

	// An unknown token is refused before its body is read.
	body = newStingyBody(t, 1<<10)
	if resp := postBody(t, d, submitPath, "Bearer made-up", body, fiftyMB); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("unknown token with a body: status %d, want 401", resp.StatusCode)
	}
	body = newStingyBody(t, 1<<10)
	if resp := postBody(t, d, submitPath, "Bearer made-up", body, -1); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("unknown token with a chunked body: status %d, want 401", resp.StatusCode)
	}

	// Within the cap, a known token is served.
	ok := `{"result":{"table":3,"board":7}}` + strings.Repeat(" ", 60<<10)
	if resp := postBody(t, d, submitPath, "Bearer scorer-secret", strings.NewReader(ok), int64(len(ok))); resp.StatusCode != http.StatusOK {
		t.Errorf("a body within the cap: status %d, want 200", resp.StatusCode)
	}
}

// TestOversizedBodyOverHTTP2: over HTTP/2 too a body announced over the cap
// is refused at once, and only its stream ends.
func TestOversizedBodyOverHTTP2(t *testing.T) {
	d := serve(t, authenticator(t, clubTokens), Options{MaxBody: 64 << 10})
	ts := httptest.NewUnstartedServer(d.rest)
	ts.EnableHTTP2 = true
	ts.StartTLS()
	t.Cleanup(ts.Close)
	big := newStingyBody(t, 1<<10)
	req, _ := http.NewRequest(http.MethodPost, ts.URL+submitPath, big)
	req.ContentLength = fiftyMB
	req.Header.Set("Content-Type", "application/json")
	resp, err := ts.Client().Do(req)
	if err != nil || resp.StatusCode != http.StatusRequestEntityTooLarge || resp.ProtoMajor != 2 {
		t.Errorf("50 MB body over HTTP/2: %v %v, want 413 at once", resp, err)
	}
	big.once.Do(func() { close(big.release) }) // the HTTP/2 client waits for its body to end
	if err == nil {
		resp.Body.Close()
	}
}

func TestRequestBodiesAreStrictJSON(t *testing.T) {
	d := serve(t, authenticator(t, clubTokens), Options{})
	send := func(contentType, body string) (*http.Response, map[string]any) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, d.base+submitPath, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer scorer-secret")
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		return answer(t, req)
	}
	result := `{"result":{"table":3,"board":7}}`
	for _, ct := range []string{"application/json", "application/json; charset=utf-8", "Application/JSON; charset=UTF-8"} {
		if resp, body := send(ct, result); resp.StatusCode != http.StatusOK {
			t.Errorf("Content-Type %q: %d %v, want 200", ct, resp.StatusCode, body)
		}
	}
	for _, ct := range []string{"", "application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x", "application/json; charset=latin1"} {
		// With a body, and empty: a cross-site form with no fields is a
		// POST of Content-Length 0, and must not get through either.
		for _, b := range []string{result, ""} {
			resp, body := send(ct, b)
			if resp.StatusCode != http.StatusUnsupportedMediaType || !strings.Contains(fmt.Sprint(body["message"]), "application/json") {
				t.Errorf("Content-Type %q, body %q: %d %v, want 415 naming application/json", ct, b, resp.StatusCode, body)
			}
		}
	}
	if resp, body := send("application/json", ""); resp.StatusCode != http.StatusOK {
		t.Errorf("an empty JSON request: %d %v, want 200", resp.StatusCode, body)
	}
	for _, trailing := range []string{result + `{"result":{"table":4}}`, result + ` x`, result + `]`} {
		resp, body := send("application/json", trailing)
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(fmt.Sprint(body["message"]), "goes on after its JSON value") {
			t.Errorf("body %q: %d %v, want 400 about the trailing data", trailing, resp.StatusCode, body)
		}
	}
	if resp, body := send("application/json", result+" \n\t"); resp.StatusCode != http.StatusOK || enteredBy(body) != "venue-scorer" {
		t.Errorf("trailing whitespace: %d %v, want 200", resp.StatusCode, body)
	}
}

func TestWrongMethodIs405WithAllow(t *testing.T) {
	d := serve(t, authenticator(t, clubTokens), Options{})
	for _, method := range []string{http.MethodDelete, http.MethodPut, http.MethodPatch} {
		resp, body := d.call(t, method, submitPath, "", "")
		if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, POST" {
			t.Errorf("%s %s: %d Allow %q %v, want 405 Allow GET, POST", method, submitPath, resp.StatusCode, resp.Header.Get("Allow"), body)
		}
	}
	if resp, _ := d.call(t, http.MethodPost, "/healthz", "", ""); resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET" {
		t.Errorf("POST /healthz: %d Allow %q, want 405 Allow GET", resp.StatusCode, resp.Header.Get("Allow"))
	}
	if resp, body := d.call(t, http.MethodGet, "/v1/nothing-here", "", ""); resp.StatusCode != http.StatusNotFound || !strings.Contains(fmt.Sprint(body["message"]), "/v1/nothing-here") {
		t.Errorf("unknown path: %d %v, want 404 naming it", resp.StatusCode, body)
	}
}

func TestCORSOnlyForListedOrigins(t *testing.T) {
	preflight := func(d *director, origin string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(http.MethodOptions, d.base+submitPath, nil)
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
	closed := serve(t, authenticator(t, clubTokens), Options{})
	if got := preflight(closed, "https://club.example.org").Header.Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("without an allow-list: Access-Control-Allow-Origin %q, want none", got)
	}
	open := serve(t, authenticator(t, clubTokens), Options{Origins: []string{"https://club.example.org"}})
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
	for _, h := range []string{"X-Director-Service", "x-director-on-behalf-of", "X-Director-Rate-Taken", "Grpc-Metadata-X-Director-Service", "Grpc-Metadata-X-Director-Rate-Taken", "Grpc-Metadata-Authorization"} {
		if key, ok := incomingHeader(h); ok {
			t.Errorf("header %s forwarded as %q", h, key)
		}
	}
	if _, ok := incomingHeader("User-Agent"); !ok {
		t.Error("User-Agent is not forwarded as the gateway forwards it by default")
	}

	// Through the gateway, a client that sends the identity headers is
	// still nobody, who may not submit: the gateway's in-process connection
	// would make it a service, a federation admin, otherwise.
	d := serve(t, authenticator(t, clubTokens), Options{})
	req, _ := http.NewRequest(http.MethodPost, d.base+submitPath, strings.NewReader(`{"result":{"table":3}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Director-Service", "rulings")
	req.Header.Set("Grpc-Metadata-X-Director-Service", "rulings")
	req.Header.Set("X-Director-On-Behalf-Of", "chief-director")
	if resp, body := answer(t, req); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("smuggled identity over REST: %d %v, want 401", resp.StatusCode, body)
	}
}

// FuzzStrictJSON: a body is taken only when it is one valid JSON value,
// and no body makes the decoder panic.
func FuzzStrictJSON(f *testing.F) {
	for _, seed := range []string{``, `{}`, `{"parent":"events/x"}`, `{"parent":"events/x"} {}`, `{"result":{"table":3}}]`, `  `, `{"request_id":"\u00e9"}`, `[`, `null`} {
		f.Add([]byte(seed))
	}
	m := strictJSON{&runtime.JSONPb{}}
	f.Fuzz(func(t *testing.T, body []byte) {
		err := m.NewDecoder(bytes.NewReader(body)).Decode(&scoringv1.SubmitResultRequest{})
		if err == nil && !json.Valid(body) {
			t.Errorf("took %q, which is not one JSON value", body)
		}
	})
}

// countingBody is a request body that counts the bytes read from it.
type countingBody struct {
	io.Reader
	read int64
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.Reader.Read(p)
	b.read += int64(n)
	return n, err
}

// TestChunkedBodyIsCutOffAtTheCap: a body sent without a length is read
// up to the cap and not a byte further.
func TestChunkedBodyIsCutOffAtTheCap(t *testing.T) {
	const maxBody = 64 << 10
	d := serve(t, authenticator(t, clubTokens), Options{MaxBody: maxBody})
	body := newStingyBody(t, fiftyMB)
	req := httptest.NewRequest(http.MethodPost, submitPath, body)
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer scorer-secret")
	rec := httptest.NewRecorder()
	d.rest.ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("chunked 50 MB body: status %d %s, want 413", rec.Code, rec.Body)
	}
	// http.MaxBytesReader reads one byte past the cap to know it is passed.
	if given := body.given.Load(); given > maxBody+1 {
		t.Errorf("the server read %d bytes of a body capped at %d", given, maxBody)
	}
	refused := d.logs.find("http refused")
	if len(refused) != 1 || refused[0]["level"] != "WARN" || refused[0]["status"] != int64(http.StatusRequestEntityTooLarge) || refused[0]["principal"] != "venue-scorer" {
		t.Errorf("refusals logged: %v, want one warning of a 413 naming the token", refused)
	}
}

// TestAnonymousBodyUnreadOverTheRate: once an address is over its rate, an
// anonymous request from it is 429 with Retry-After before a byte of its
// body is read, and the refusal is logged with the address.
func TestAnonymousBodyUnreadOverTheRate(t *testing.T) {
	a := authenticator(t, `
tokens: [{name: desk, token: s1, roles: [scorer]}]
rate_limits: {public: {per_second: 0.001, burst: 1}}
`)
	d := serve(t, a, Options{MaxBody: 64 << 10})
	post := func(remote string) (*httptest.ResponseRecorder, *countingBody) {
		body := &countingBody{Reader: strings.NewReader(`{"result":{"table":3}}`)}
		req := httptest.NewRequest(http.MethodPost, submitPath, body)
		req.RemoteAddr = remote
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		d.rest.ServeHTTP(rec, req)
		return rec, body
	}
	if rec, body := post("203.0.113.7:4000"); rec.Code == http.StatusTooManyRequests || body.read == 0 {
		t.Fatalf("first anonymous request: %d, %d bytes read; want it within the rate, its body read", rec.Code, body.read)
	}
	rec, body := post("203.0.113.7:4001")
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" || body.read != 0 {
		t.Errorf("anonymous request over the rate: %d Retry-After %q, %d bytes read; want 429 with Retry-After, nothing read",
			rec.Code, rec.Header().Get("Retry-After"), body.read)
	}
	refused := d.logs.find("http refused")
	if len(refused) != 1 || refused[0]["level"] != "WARN" || refused[0]["client"] != "203.0.113.7" || refused[0]["status"] != int64(http.StatusTooManyRequests) {
		t.Errorf("refusals logged: %v, want one warning of a 429 with the client address", refused)
	}
	if rec, _ := post("203.0.113.8:4000"); rec.Code == http.StatusTooManyRequests {
		t.Errorf("another address: %d, want its own rate", rec.Code)
	}
}

// TestUnknownTokensAreRateLimitedAndLogged: guessing tokens over REST
// spends the public rate of the address, every guess is logged as a
// warning with the address, and none reaches a service.
func TestUnknownTokensAreRateLimitedAndLogged(t *testing.T) {
	d := serve(t, authenticator(t, `
tokens: [{name: desk, token: s1, roles: [scorer]}]
rate_limits: {public: {per_second: 0.001, burst: 3}}
`), Options{})
	guesses := []string{"Bearer guess-1", "Basic Z3Vlc3M=", "Bearer guess-3", "Bearer guess-4", "Bearer guess-5"}
	for i, guess := range guesses {
		want := http.StatusUnauthorized
		if i >= 3 {
			want = http.StatusTooManyRequests
		}
		resp, body := d.call(t, http.MethodPost, submitPath, guess, `{"result":{"table":3}}`)
		if resp.StatusCode != want || (want == http.StatusTooManyRequests) != (resp.Header.Get("Retry-After") != "") {
			t.Errorf("guess %d: %d Retry-After %q %v, want %d", i+1, resp.StatusCode, resp.Header.Get("Retry-After"), body, want)
		}
	}
	if resp, body := d.call(t, http.MethodGet, standingsPath, "", ""); resp.StatusCode != http.StatusTooManyRequests {
		t.Errorf("an anonymous call from the guessing address: %d %v, want 429", resp.StatusCode, body)
	}
	if resp, body := d.call(t, http.MethodPost, submitPath, "Bearer s1", `{"result":{"table":3}}`); resp.StatusCode != http.StatusOK {
		t.Errorf("a known token from the same address: %d %v, want 200 (its own rate)", resp.StatusCode, body)
	}
	refused := d.logs.find("http refused")
	if len(refused) != len(guesses)+1 {
		t.Fatalf("%d refusals logged, want %d: %v", len(refused), len(guesses)+1, refused)
	}
	for i, l := range refused[:len(guesses)] {
		code := "Unauthenticated"
		if i >= 3 {
			code = "ResourceExhausted"
		}
		if l["level"] != "WARN" || l["client"] != "127.0.0.1" || l["code"] != code || l["path"] != submitPath || l["principal"] != "" {
			t.Errorf("guess %d logged as %v, want a warning with code %s and the client address", i+1, l, code)
		}
	}
	if rpcs := d.logs.find("rpc"); len(rpcs) != 1 || rpcs[0]["principal"] != "desk" {
		t.Errorf("calls that reached a service: %v, want only the known token's", rpcs)
	}
}

// TestRateTakenMarkComesOnlyFromTheGuard: a REST call the guard took from
// its caller's rate is not taken again by the interceptor, and a client
// cannot set the mark over gRPC, where its call is held to its rate
// whatever it sends.
func TestRateTakenMarkComesOnlyFromTheGuard(t *testing.T) {
	d := serve(t, authenticator(t, `
tokens: [{name: desk, token: s1, roles: [scorer]}]
rate_limits: {public: {per_second: 0.001, burst: 2}}
`), Options{})
	// Taken once, of a burst of 2: a second taking would leave nothing for
	// the first gRPC call.
	if resp, body := d.call(t, http.MethodGet, standingsPath, "", ""); resp.StatusCode != http.StatusOK {
		t.Errorf("REST call: %d %v, want 200", resp.StatusCode, body)
	}
	conn, err := grpc.NewClient(d.grpc, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	standings := func() error {
		ctx := metadata.AppendToOutgoingContext(context.Background(), platform.RateTakenHeader, "1")
		_, err := scoringv1.NewScoringServiceClient(conn).GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/club-night"})
		return err
	}
	if err := standings(); err != nil {
		t.Errorf("gRPC call claiming the mark: %v, want it served within the rate", err)
	}
	if err := standings(); status.Code(err) != codes.ResourceExhausted {
		t.Errorf("gRPC call claiming the mark, over the rate: %v, want ResourceExhausted", err)
	}
}

// TestRateTakenMarkOnlyForARateTaken: the gateway marks a call whose rate
// the guard took, and only such a call: in development mode, which limits
// no rate, nothing is marked.
func TestRateTakenMarkOnlyForARateTaken(t *testing.T) {
	marked := func(a *platform.Authenticator) metadata.MD {
		e := &edge{auth: a, maxBody: DefaultMaxBody, log: slog.New(&logRecorder{})}
		var md metadata.MD
		e.guard(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
			md = rateTakenMetadata(r.Context(), r)
		})).ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, standingsPath, nil))
		return md
	}
	if md := marked(authenticator(t, clubTokens)); len(md.Get(platform.RateTakenHeader)) != 1 {
		t.Errorf("a call taken from its rate: metadata %v, want it marked", md)
	}
	if md := marked(platform.DevelopmentAuthenticator()); md != nil {
		t.Errorf("a call in development mode: metadata %v, want no mark", md)
	}
}

// BenchmarkRESTEdge measures what a REST call costs at the edge and in the
// interceptors, with no store behind them: 16 clients, each a known token
// within a generous rate, submitting a result.
func BenchmarkRESTEdge(b *testing.B) {
	config := "tokens:\n"
	for i := range 16 {
		config += fmt.Sprintf("  - {name: desk-%d, token: secret-%d, roles: [scorer]}\n", i, i)
	}
	config += "rate_limits: {scorer: {per_second: 1000000000, burst: 1000000000}}\n"
	d := serve(b, authenticator(b, config), Options{})
	url := d.base + submitPath
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}}
	var next atomic.Int64
	b.SetParallelism(8) // 16 clients on 2 cores
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		token := fmt.Sprintf("Bearer secret-%d", next.Add(1)%16)
		for pb.Next() {
			req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"result":{"table":3,"board":7}}`))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", token)
			resp, err := client.Do(req)
			if err != nil {
				b.Error(err)
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				b.Errorf("status %d", resp.StatusCode)
				return
			}
		}
	})
}

// TestErrorBodiesCarryTheHTTPStatus: every REST error body says its HTTP
// status beside the gRPC code, the refusals of the edge and of the mux as
// well as the services' errors, and keeps the details.
func TestErrorBodiesCarryTheHTTPStatus(t *testing.T) {
	d := serve(t, authenticator(t, clubTokens), Options{})
	for _, c := range []struct {
		what, method, path, authorization, body string
		want                                    int
	}{
		{"no token", http.MethodPost, submitPath, "", `{"result":{"table":3}}`, http.StatusUnauthorized},
		{"out of scope", http.MethodPost, "/v1/events/county-pairs/results", "Bearer director-secret", `{"result":{"table":3}}`, http.StatusForbidden},
		{"a bad field", http.MethodPost, submitPath, "Bearer scorer-secret", `{"request_id":"not valid!","result":{"table":3}}`, http.StatusBadRequest},
		{"no such route", http.MethodGet, "/v1/nothing-here", "", "", http.StatusNotFound},
		{"a wrong method", http.MethodDelete, submitPath, "", "", http.StatusMethodNotAllowed},
	} {
		resp, body := d.call(t, c.method, c.path, c.authorization, c.body)
		if resp.StatusCode != c.want || body["http_status"] != float64(c.want) || body["code"] == nil || body["message"] == nil {
			t.Errorf("%s: %d %v, want %d with http_status %d beside code and message", c.what, resp.StatusCode, body, c.want, c.want)
		}
	}
	_, body := d.call(t, http.MethodPost, submitPath, "Bearer scorer-secret", `{"request_id":"not valid!","result":{"table":3}}`)
	if details, _ := body["details"].([]any); len(details) != 1 {
		t.Errorf("a bad field: details %v, want the BadRequest kept", body["details"])
	}
}

// TestBadEnumValueListsTheValues: a request body with an enum value the
// field does not have is refused naming the field and every value it takes.
func TestBadEnumValueListsTheValues(t *testing.T) {
	d := serve(t, authenticator(t, clubTokens), Options{})
	resp, body := d.call(t, http.MethodPost, submitPath, "Bearer scorer-secret",
		`{"result":{"table":3,"board":7,"played":{"contract":"4S","declarer":"SEAT_NORTHEAST","tricks":10}}}`)
	message := fmt.Sprint(body["message"])
	if resp.StatusCode != http.StatusBadRequest || body["http_status"] != float64(http.StatusBadRequest) ||
		!strings.Contains(message, "declarer takes SEAT_UNSPECIFIED, SEAT_NORTH, SEAT_EAST, SEAT_SOUTH, SEAT_WEST") {
		t.Errorf("a declarer that is no seat: %d %v, want 400 listing the seats", resp.StatusCode, body)
	}
	resp, body = d.call(t, http.MethodPost, submitPath, "Bearer scorer-secret", `{"result":{"table":"three"}}`)
	if message := fmt.Sprint(body["message"]); resp.StatusCode != http.StatusBadRequest || strings.Contains(message, " takes ") {
		t.Errorf("a table that is no number: %d %v, want 400 with no list of values", resp.StatusCode, body)
	}
}
