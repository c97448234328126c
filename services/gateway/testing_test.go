package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/platform"
)

// The tests put the REST facade in front of a stand-in for the scoring
// service: the real proto service with its real REST routes (proto/http.yaml)
// through the real interceptors, serving two of its methods. SubmitResult
// answers the result it was sent as entered by its caller, and keeps
// nothing; GetStandings, which anyone may call, answers the standings of
// its scoreboard.
type standIn struct {
	scoringv1.UnimplementedScoringServiceServer
	board *scoreboard
}

// scoreboard is what the stand-in's standings read: empty until a test
// gives it a version, then as many standings as the test asks for, with
// that version; built counts the answers GetStandings built, and held the
// reads answered from a version the caller held. The callers
// named in refused are refused the standings, as a table's device is in
// the last rounds of a section that hides the ranking.
type scoreboard struct {
	mu        sync.Mutex
	version   string
	standings int
	built     int
	held      int
	refused   map[string]bool
	// provisional is what the standings say of it.
	provisional bool
}

func (b *scoreboard) refuse(caller string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.refused == nil {
		b.refused = map[string]bool{}
	}
	b.refused[caller] = true
}

func (b *scoreboard) set(version string, standings int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.version, b.standings = version, standings
}

func (b *scoreboard) answersBuilt() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.built
}

func (b *scoreboard) answersHeld() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.held
}

// standInDesc is the part of the scoring service the stand-in serves.
var standInDesc = func() grpc.ServiceDesc {
	sd := scoringv1.ScoringService_ServiceDesc
	sd.Methods = slices.DeleteFunc(slices.Clone(sd.Methods), func(m grpc.MethodDesc) bool {
		return m.MethodName != "SubmitResult" && m.MethodName != "GetStandings"
	})
	sd.Streams = nil
	return sd
}()

const (
	submitPath    = "/v1/events/club-night/results"
	standingsPath = "/v1/events/club-night/standings"
)

func (standIn) Name() string { return "scoring" }

func (s standIn) RegisterGRPC(g grpc.ServiceRegistrar) { g.RegisterService(&standInDesc, s) }

func (standIn) RegisterGateway(ctx context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error {
	return scoringv1.RegisterScoringServiceHandlerClient(ctx, mux, scoringv1.NewScoringServiceClient(conn))
}

// Policy gives the two methods the scoring service's rules.
func (standIn) Policy() platform.Policy {
	return platform.Policy{
		scoringv1.ScoringService_SubmitResult_FullMethodName: {
			Roles:     []platform.Role{platform.RoleDirector, platform.RoleScorer, platform.RoleTerminal},
			Resources: []string{"parent", "result.name"},
			Table:     &platform.TableRef{Parent: "parent", Session: "result.session", Section: "result.section", Number: "result.table"},
		},
		scoringv1.ScoringService_GetStandings_FullMethodName: {Roles: []platform.Role{platform.RolePublic}, Resources: []string{"event"}},
	}
}

func (standIn) Store() *platform.Store { return nil }

func (standIn) Close() error { return nil }

func (standIn) SubmitResult(ctx context.Context, req *scoringv1.SubmitResultRequest) (*scoringv1.SubmitResultResponse, error) {
	r := &scoringv1.Result{Table: req.GetResult().GetTable(), Board: req.GetResult().GetBoard(), EnteredBy: platform.CallerName(ctx)}
	return &scoringv1.SubmitResultResponse{Result: r}, nil
}

func (s standIn) GetStandings(ctx context.Context, _ *scoringv1.GetStandingsRequest) (*scoringv1.GetStandingsResponse, error) {
	b := s.board
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.refused[platform.CallerName(ctx)] {
		return nil, platform.PermissionDenied("the ranking is hidden from " + platform.CallerName(ctx))
	}
	if b.version == "" {
		return &scoringv1.GetStandingsResponse{}, nil
	}
	if platform.AnswerVersion(ctx, b.version) {
		b.held++
		return &scoringv1.GetStandingsResponse{}, nil
	}
	b.built++
	resp := &scoringv1.GetStandingsResponse{Provisional: b.provisional}
	for pair := range b.standings {
		resp.Standings = append(resp.Standings, &scoringv1.Standing{Section: "A", Pair: int32(pair + 1), Place: fmt.Sprint(pair + 1), Score: float64(b.standings - pair)})
	}
	return resp, nil
}

// clubTokens are the tokens of the tests: the federation, the director of
// the club night, the venue's scorer and the terminal of table 3.
const clubTokens = `
tokens:
  - {name: federation, token: admin-secret, roles: [federation-admin]}
  - {name: club-director, token: director-secret, roles: [director], events: [events/club-night]}
  - {name: venue-scorer, token: scorer-secret, roles: [scorer]}
  - {name: table-3, token: terminal-secret, roles: [terminal]}
`

// authenticator reads an auth config as director reads its file.
func authenticator(t testing.TB, config string) *platform.Authenticator {
	t.Helper()
	path := filepath.Join(t.TempDir(), "auth.yaml")
	if err := os.WriteFile(path, []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	a, err := platform.LoadAuthConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// director is a Director serving the stand-in with platform.Serve on
// loopback, the REST facade on its HTTP listener.
type director struct {
	base string // "http://127.0.0.1:<port>"
	grpc string // the gRPC address
	logs *logRecorder
	// rest is the REST facade itself, for a test that calls it without a
	// network between, to count exactly how much of a body it read.
	rest http.Handler
	// board is what the stand-in's standings read.
	board *scoreboard
}

// serve runs platform.Serve with the REST facade of opts until the test
// ends.
func serve(t testing.TB, auth *platform.Authenticator, opts Options) *director {
	t.Helper()
	d := &director{logs: &logRecorder{}, board: &scoreboard{}}
	ctx, cancel := context.WithCancel(context.Background())
	listening := make(chan platform.Addrs, 1)
	stopped := make(chan error, 1)
	rest := func(ctx context.Context, b platform.Backend) (http.Handler, error) {
		h, err := opts.Handler(ctx, b)
		d.rest = h
		return h, err
	}
	go func() {
		stopped <- platform.Serve(ctx, platform.Config{
			GRPCAddr:  "127.0.0.1:0",
			HTTPAddr:  "127.0.0.1:0",
			DataDir:   t.TempDir(),
			Auth:      auth,
			Logger:    slog.New(d.logs),
			REST:      rest,
			Listening: func(a platform.Addrs) { listening <- a },
		}, standIn{board: d.board})
	}()
	select {
	case a := <-listening:
		d.base, d.grpc = "http://"+a.HTTP.String(), a.GRPC.String()
	case err := <-stopped:
		t.Fatalf("Serve returned before listening: %v", err)
	}
	t.Cleanup(func() {
		cancel()
		<-stopped
	})
	return d
}

// call makes a request, with a JSON body unless body is "", and returns the
// answer and its JSON body decoded.
func (d *director) call(t testing.TB, method, path, authorization, body string) (*http.Response, map[string]any) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, d.base+path, r)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	return answer(t, req)
}

// answer sends req and decodes the JSON object it is answered.
func answer(t testing.TB, req *http.Request) (*http.Response, map[string]any) {
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
	var obj map[string]any
	if err := json.Unmarshal(raw, &obj); err != nil {
		t.Fatalf("%s %s: the answer %q is not a JSON object: %v", req.Method, req.URL, raw, err)
	}
	return resp, obj
}

// enteredBy is who a submission's answer says entered its result.
func enteredBy(obj map[string]any) any {
	result, _ := obj["result"].(map[string]any)
	return result["entered_by"]
}

// logRecorder is a slog handler that keeps every line logged, as its
// attributes with its msg and level.
type logRecorder struct {
	mu    sync.Mutex
	lines []map[string]any
	attrs []slog.Attr // of the handler made by WithAttrs
	into  *logRecorder
}

func (l *logRecorder) Enabled(context.Context, slog.Level) bool { return true }

func (l *logRecorder) Handle(_ context.Context, r slog.Record) error {
	line := map[string]any{"msg": r.Message, "level": r.Level.String()}
	add := func(a slog.Attr) bool {
		line[a.Key] = a.Value.Any()
		return true
	}
	for _, a := range l.attrs {
		add(a)
	}
	r.Attrs(add)
	root := l.root()
	root.mu.Lock()
	root.lines = append(root.lines, line)
	root.mu.Unlock()
	return nil
}

func (l *logRecorder) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &logRecorder{attrs: slices.Concat(l.attrs, attrs), into: l.root()}
}

func (l *logRecorder) WithGroup(string) slog.Handler { return l }

func (l *logRecorder) root() *logRecorder {
	if l.into != nil {
		return l.into
	}
	return l
}

// find returns the lines whose msg is msg.
func (l *logRecorder) find(msg string) []map[string]any {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for _, line := range l.lines {
		if line["msg"] == msg {
			out = append(out, line)
		}
	}
	return out
}
