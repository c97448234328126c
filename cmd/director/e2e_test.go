package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The end-to-end tests and the benchmarks build the real director binary,
// start it on loopback and drive it over REST as a browser or a terminal
// would.

var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "director-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "director")
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building director:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// server is a running director process.
type server struct {
	cmd    *exec.Cmd
	base   string // of REST
	grpc   string // the gRPC address
	health string // the plaintext health server's (--health-addr), when it has one
	client *http.Client
	token  string // sent by call, when set
	logs   *bytes.Buffer
	done   chan error
}

// freeAddr finds a loopback port nobody is listening on.
func freeAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// startDirector runs the binary over dataDir and waits until /healthz says
// it is serving.
func startDirector(t testing.TB, dataDir string, extra ...string) *server {
	t.Helper()
	return launch(t, "http", http.DefaultClient, dataDir, extra...)
}

// startWithTokens runs the binary as startDirector does, over a data
// directory of its own, with tokens as its token file (--auth-config).
func startWithTokens(t testing.TB, tokens string) *server {
	t.Helper()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tokens.yaml")
	if err := os.WriteFile(cfg, []byte(tokens), 0o600); err != nil {
		t.Fatal(err)
	}
	return startDirector(t, filepath.Join(dir, "data"), "--auth-config", cfg)
}

// launch runs the binary as startDirector does, its REST API reached with
// client over scheme ("https" when extra gives it a certificate). A port
// freeAddr found free can be taken by another process before the binary
// binds it: a start that fails so is tried again on other ports.
func launch(t testing.TB, scheme string, client *http.Client, dataDir string, extra ...string) *server {
	t.Helper()
	for attempt := 1; ; attempt++ {
		s, err := tryLaunch(t, scheme, client, dataDir, extra...)
		switch {
		case err == nil:
			return s
		case attempt < 3 && strings.Contains(s.logs.String(), "address already in use"):
			continue
		}
		t.Fatal(err)
	}
}

// tryLaunch starts the binary once and waits until it is healthy.
func tryLaunch(t testing.TB, scheme string, client *http.Client, dataDir string, extra ...string) (*server, error) {
	t.Helper()
	httpAddr, grpcAddr := freeAddr(t), freeAddr(t)
	args := append([]string{"serve", "--grpc-addr", grpcAddr, "--http-addr", httpAddr, "--data", dataDir}, extra...)
	s := &server{cmd: exec.Command(binary, args...), base: scheme + "://" + httpAddr, grpc: grpcAddr, client: client, logs: &bytes.Buffer{}, done: make(chan error, 1)}
	s.cmd.Stdout, s.cmd.Stderr = s.logs, s.logs
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { s.done <- s.cmd.Wait() }()
	t.Cleanup(func() {
		s.cmd.Process.Kill()
		<-s.done
	})
	for range 200 {
		select {
		case err := <-s.done:
			s.done <- err // for the cleanup, which waits for the exit
			return s, fmt.Errorf("director exited before serving: %v\n%s", err, s.logs)
		default:
		}
		resp, err := s.client.Get(s.base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return s, fmt.Errorf("director did not become healthy:\n%s", s.logs)
}

// stop sends SIGTERM and expects a clean exit.
func (s *server) stop(t testing.TB) {
	t.Helper()
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.done:
		if err != nil {
			t.Fatalf("director exited with %v after SIGTERM:\n%s", err, s.logs)
		}
		s.done <- nil
	case <-time.After(20 * time.Second):
		t.Fatalf("director did not stop after SIGTERM:\n%s", s.logs)
	}
}

// call sends a JSON request and decodes the JSON answer into out (when not
// nil), returning the HTTP status. It sends s.token, if any.
func (s *server) call(t testing.TB, method, path, body string, out any) int {
	t.Helper()
	resp, raw := s.send(t, s.token, method, path, body)
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: answer %q is not JSON: %v", method, path, raw, err)
		}
	}
	return resp.StatusCode
}

// send sends a JSON request with token as its bearer token ("" for none)
// and returns the answer and its body.
func (s *server) send(t testing.TB, token, method, path, body string) (*http.Response, []byte) {
	t.Helper()
	resp, raw, err := s.request(token, method, path, body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, raw
}

// request is send for any goroutine: it says what failed instead of
// failing the test.
func (s *server) request(token, method, path, body string) (*http.Response, []byte, error) {
	req, err := http.NewRequest(method, s.base+path, strings.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, nil, fmt.Errorf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, nil, fmt.Errorf("%s %s: reading the answer: %v", method, path, err)
	}
	return resp, raw, nil
}

func (s *server) mustCall(t testing.TB, method, path, body string, out any) {
	t.Helper()
	var raw json.RawMessage
	if code := s.call(t, method, path, body, &raw); code != http.StatusOK {
		t.Fatalf("%s %s: status %d: %s", method, path, code, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatal(err)
		}
	}
}

type standings struct {
	Standings []struct {
		Section      string   `json:"section"`
		Pair         int      `json:"pair"`
		Direction    string   `json:"direction"`
		Score        float64  `json:"score"`
		Percentage   float64  `json:"percentage"`
		BoardsPlayed int      `json:"boards_played"`
		Place        string   `json:"place"`
		Names        []string `json:"names"`
	} `json:"standings"`
	Problems      []json.RawMessage `json:"problems"`
	NextPageToken string            `json:"next_page_token"`
}

// clubNightStart is when the club night's session starts, a Tuesday evening.
var clubNightStart = time.Date(2026, time.November, 24, 19, 30, 0, 0, time.UTC)

// clubEvent creates the club night at its venue, scored by matchpoints with
// two winners, its session 1 on Tuesday evening and section A of pairs 1 to
// 6; with mitchell, the section plays a 3-table Mitchell of two boards a
// round, which checks every result clubNight enters.
func clubEvent(t *testing.T, s *server, mitchell bool) {
	t.Helper()
	s.mustCall(t, "POST", "/v1/events", `{"event_id":"club-night","event":{"title":"Tuesday pairs",
		"venue":"Welwyn Garden City Bridge Club","scoring":{"form":"FORM_MATCHPOINTS","two_winners":true}}}`, nil)
	s.mustCall(t, "POST", "/v1/events/club-night/sessions", `{"session_id":1,"session":{"title":"Tuesday","start_time":"`+clubNightStart.Format(time.RFC3339)+`"}}`, nil)
	s.mustCall(t, "POST", "/v1/events/club-night/sessions/1/sections", `{"section_id":"A","section":{"entrants":[
		{"number":1},{"number":2},{"number":3},{"number":4},{"number":5},{"number":6}]}}`, nil)
	if mitchell {
		s.mustCall(t, "POST", "/v1/events/club-night/sessions/1/sections/A:setMovement", `{"choice":{"kind":"KIND_MITCHELL","boards_per_round":2}}`, nil)
	}
}

// clubNight submits a 3-table Mitchell, two boards a round: North-South pairs
// 1 to 3 stay at their tables, East-West pairs 4 to 6 move up a table and the
// boards move down. Every board is bid to 4S by North; pair 1 always makes
// eleven tricks, pair 2 ten and pair 3 nine, so North-South finish 100%, 50%
// and 0%, and every East-West pair meets each of them once: 50% each.
func clubNight(t *testing.T, s *server) {
	t.Helper()
	for round := 1; round <= 3; round++ {
		for table := 1; table <= 3; table++ {
			ew := 4 + (table-round+3)%3
			set := (table - 1 + round - 1) % 3
			for _, board := range []int{2*set + 1, 2*set + 2} {
				body := fmt.Sprintf(`{"result":{"table":%d,"round":%d,"board":%d,"ns_pair":%d,"ew_pair":%d,
					"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":%d,"lead":"HK"}}}`,
					table, round, board, table, ew, 12-table)
				s.mustCall(t, "POST", "/v1/events/club-night/results", body, nil)
			}
		}
	}
}

func TestClubNightOverREST(t *testing.T) {
	data := t.TempDir()
	s := startDirector(t, data)
	clubEvent(t, s, true)
	clubNight(t, s)

	var got standings
	s.mustCall(t, "GET", "/v1/events/club-night/standings", "", &got)
	want := map[int]struct {
		pct   float64
		place string
	}{1: {100, "1"}, 2: {50, "2"}, 3: {0, "3"}, 4: {50, "1="}, 5: {50, "1="}, 6: {50, "1="}}
	if len(got.Standings) != len(want) {
		t.Fatalf("%d standings, want %d: %+v", len(got.Standings), len(want), got)
	}
	for _, st := range got.Standings {
		w := want[st.Pair]
		if st.Percentage != w.pct || st.Place != w.place || st.BoardsPlayed != 6 {
			t.Errorf("pair %d: %.2f%% place %q after %d boards, want %.2f%% place %q after 6", st.Pair, st.Percentage, st.Place, st.BoardsPlayed, w.pct, w.place)
		}
	}

	var trav struct {
		Top   float64 `json:"top"`
		Lines []struct {
			Result struct {
				NsScore int `json:"ns_score"`
			} `json:"result"`
			NsPoints float64 `json:"ns_points"`
			EwPoints float64 `json:"ew_points"`
		} `json:"lines"`
	}
	// Board 2 is North-South vulnerable: +650, +620 and -100.
	s.mustCall(t, "GET", "/v1/events/club-night/boards/2/traveller", "", &trav)
	points := map[int]float64{}
	for _, l := range trav.Lines {
		points[l.Result.NsScore] = l.NsPoints
		if l.NsPoints+l.EwPoints != trav.Top {
			t.Errorf("line %d: %v + %v matchpoints, want the top %v", l.Result.NsScore, l.NsPoints, l.EwPoints, trav.Top)
		}
	}
	if trav.Top != 4 || points[650] != 4 || points[620] != 2 || points[-100] != 0 {
		t.Errorf("board 2 traveller: top %v, matchpoints by score %v; want top 4 and 650→4, 620→2, -100→0", trav.Top, points)
	}

	// A resent result answers as the first time; a different one is a conflict.
	first := `{"result":{"table":1,"round":1,"board":1,"ns_pair":1,"ew_pair":4,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":11,"lead":"HK"}}}`
	s.mustCall(t, "POST", "/v1/events/club-night/results", first, nil)
	var conflict struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	changed := strings.Replace(first, `"tricks":11`, `"tricks":12`, 1)
	if code := s.call(t, "POST", "/v1/events/club-night/results", changed, &conflict); code != http.StatusConflict {
		t.Errorf("a different result for a taken slot: status %d (%s), want 409", code, conflict.Message)
	}

	// Bad input is a 400 naming the field.
	var bad struct {
		Message string `json:"message"`
	}
	badTricks := strings.Replace(first, `"tricks":11`, `"tricks":14`, 1)
	if code := s.call(t, "POST", "/v1/events/club-night/results", badTricks, &bad); code != http.StatusBadRequest || !strings.Contains(bad.Message, "result.played.tricks") {
		t.Errorf("14 tricks: status %d %q, want 400 naming result.played.tricks", code, bad.Message)
	}
	if code := s.call(t, "POST", "/v1/events/club-night/results", `{"result":{"table":1,`, &bad); code != http.StatusBadRequest || !strings.Contains(bad.Message, "not valid JSON") {
		t.Errorf("malformed JSON: status %d %q, want 400 saying the body is not valid JSON", code, bad.Message)
	}
	if code := s.call(t, "POST", "/v1/events/club-night/results", `{"result":{"tabel":1}}`, &bad); code != http.StatusBadRequest || !strings.Contains(bad.Message, `"tabel"`) {
		t.Errorf("misspelt field: status %d %q, want 400 naming it", code, bad.Message)
	}
	if code := s.call(t, "GET", "/v1/events/no-such-night/standings", "", &bad); code != http.StatusNotFound {
		t.Errorf("unknown event: status %d %q, want 404", code, bad.Message)
	}
	inB := strings.Replace(first, `"table":1,`, `"section":"B","table":1,`, 1)
	if code := s.call(t, "POST", "/v1/events/club-night/results", inB, &bad); code != http.StatusNotFound || !strings.Contains(bad.Message, "events/club-night/sessions/1/sections/B") {
		t.Errorf("a result for a section that does not exist: status %d %q, want 404 naming it", code, bad.Message)
	}
	var event struct {
		Event struct {
			Name    string `json:"name"`
			Scoring struct {
				Form       string `json:"form"`
				Profile    string `json:"profile"`
				TwoWinners bool   `json:"two_winners"`
			} `json:"scoring"`
		} `json:"event"`
	}
	s.mustCall(t, "GET", "/v1/events/club-night", "", &event)
	if sc := event.Event.Scoring; event.Event.Name != "events/club-night" || sc.Form != "FORM_MATCHPOINTS" || sc.Profile != "PROFILE_WBF" || !sc.TwoWinners {
		t.Errorf("GET /v1/events/club-night: %+v", event)
	}
	if code := s.call(t, "POST", "/v1/events", `{"event_id":"no-form","event":{"title":"Nothing to score by"}}`, &bad); code != http.StatusBadRequest || !strings.Contains(bad.Message, "event.scoring.form") {
		t.Errorf("an event without a form: status %d %q, want 400 naming event.scoring.form", code, bad.Message)
	}

	// Everything survives a restart.
	s.stop(t)
	s = startDirector(t, data)
	var again standings
	s.mustCall(t, "GET", "/v1/events/club-night/standings", "", &again)
	if len(again.Standings) != 6 || again.Standings[0].Percentage != 100 {
		t.Errorf("after a restart the standings are %+v", again)
	}
	var openapi map[string]any
	s.mustCall(t, "GET", "/openapi.json", "", &openapi)
	if openapi["swagger"] != "2.0" {
		t.Errorf("/openapi.json: swagger %v, want 2.0", openapi["swagger"])
	}
	s.stop(t)
}

func TestTokensFromAConfigFile(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tokens.yaml")
	os.WriteFile(cfg, []byte(`tokens:
  - name: club-director
    token: "director-secret"
    roles: [director]
    events: [events/club-night]
  - name: table-3
    token: "terminal-secret"
    roles: [terminal]
    tables: [events/club-night/sessions/1/sections/A/tables/3]
`), 0o600)
	s := startDirector(t, filepath.Join(dir, "data"), "--auth-config", cfg)
	post := func(token, path, body string) int {
		req, _ := http.NewRequest("POST", s.base+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	event := `{"event_id":"club-night","event":{"scoring":{"form":"FORM_MATCHPOINTS"}}}`
	if code := post("", "/v1/events", event); code != http.StatusUnauthorized {
		t.Errorf("no token: status %d, want 401", code)
	}
	if code := post("terminal-secret", "/v1/events", event); code != http.StatusForbidden {
		t.Errorf("a terminal creating an event: status %d, want 403", code)
	}
	if code := post("director-secret", "/v1/events", event); code != http.StatusOK {
		t.Errorf("the director creating an event: status %d, want 200", code)
	}
	other := strings.Replace(event, "club-night", "county-pairs", 1)
	if code := post("director-secret", "/v1/events", other); code != http.StatusForbidden {
		t.Errorf("the club's director creating another event: status %d, want 403", code)
	}
	for _, step := range [][2]string{
		{"/v1/events/club-night/sessions", `{"session_id":1}`},
		{"/v1/events/club-night/sessions/1/sections", `{"section_id":"A","section":{"entrants":[{"number":1},{"number":4}]}}`},
	} {
		if code := post("director-secret", step[0], step[1]); code != http.StatusOK {
			t.Fatalf("the director: POST %s: status %d, want 200", step[0], code)
		}
	}
	result := `{"result":{"table":3,"round":1,"board":1,"ns_pair":1,"ew_pair":4,"passed_out":{}}}`
	if code := post("terminal-secret", "/v1/events/club-night/results", result); code != http.StatusOK {
		t.Errorf("table 3's terminal submitting its result: status %d, want 200", code)
	}
	atTable1 := strings.Replace(result, `"table":3`, `"table":1`, 1)
	if code := post("terminal-secret", "/v1/events/club-night/results", atTable1); code != http.StatusForbidden {
		t.Errorf("table 3's terminal submitting table 1's result: status %d, want 403", code)
	}
	if code := s.call(t, "GET", "/v1/events/club-night/standings", "", nil); code != http.StatusOK {
		t.Errorf("public standings without a token: status %d, want 200", code)
	}
	s.stop(t)
}

func TestDealingOverREST(t *testing.T) {
	s := startDirector(t, t.TempDir())
	var missing struct {
		Message string `json:"message"`
	}
	const newSet = `{"board_set_id":"main","board_set":{"first_board":1,"last_board":24}}`
	if code := s.call(t, "POST", "/v1/events/club-night/sessions/1/boardsets", newSet, &missing); code != http.StatusNotFound ||
		!strings.Contains(missing.Message, "events/club-night/sessions/1") {
		t.Errorf("a set for a session that does not exist: status %d %q, want 404 naming it", code, missing.Message)
	}
	clubEvent(t, s, false)
	s.mustCall(t, "POST", "/v1/events/club-night/sessions/1/boardsets", `{"board_set_id":"main",
		"board_set":{"title":"Tuesday pairs","first_board":1,"last_board":24,"method":"METHOD_KEYED"}}`, nil)
	get := func(path string) (*http.Response, []byte) { return s.get(t, path) }
	resp, body := get("/v1/events/club-night/sessions/1/boardsets/main/files/tuesday.pbn")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/x-pbn" ||
		resp.Header.Get("Content-Disposition") != `attachment; filename=club-night-1-main.pbn` || !bytes.HasPrefix(body, []byte("% PBN 2.1")) {
		t.Errorf("PBN download: %d %v %.20q", resp.StatusCode, resp.Header, body)
	}
	if n := bytes.Count(body, []byte("[Board ")); n != 24 {
		t.Errorf("the PBN file has %d boards, want 24", n)
	}
	resp, body = get("/v1/events/club-night/sessions/1/boardsets/main/files/records.pdf")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(body, []byte("%PDF-")) {
		t.Errorf("hand records: %d %v %.10q", resp.StatusCode, resp.Header, body)
	}
	// The HTML hand record is headed by the event and session the movement
	// service keeps.
	header := "Welwyn Garden City Bridge Club · " + clubNightStart.In(time.Local).Format("Monday 2 January 2006") + " · Tuesday · Boards 1 to 24"
	if resp, body = get("/v1/events/club-night/sessions/1/boardsets/main/files/records.html"); resp.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(header)) {
		t.Errorf("HTML hand records: %d, want headed %q:\n%.800s", resp.StatusCode, header, body)
	}
	resp, body = get("/v1/events/club-night/sessions/1/boardsets/main/files/boards.xyz")
	if resp.StatusCode != http.StatusNotFound || !bytes.Contains(body, []byte(".pbn")) {
		t.Errorf("an unknown file: %d %s, want 404 listing the files", resp.StatusCode, body)
	}
	resp, _ = get("/v1/events/club-night/sessions/1/boardsets/other/files/boards.pbn")
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown set: %d, want 404", resp.StatusCode)
	}
	var set struct {
		BoardSet struct {
			Keys     map[string]string `json:"keys"`
			Released bool              `json:"released"`
		} `json:"board_set"`
	}
	s.mustCall(t, "POST", "/v1/events/club-night/sessions/1/boardsets/main:release", `{}`, &set)
	if !set.BoardSet.Released || set.BoardSet.Keys["owner"] == "" || set.BoardSet.Keys["entropy"] == "" {
		t.Fatalf("released set %+v: want it released with its keys shown", set)
	}
	var verified struct {
		Matches       bool `json:"matches"`
		BoardsChecked int  `json:"boards_checked"`
	}
	keys, _ := json.Marshal(set.BoardSet.Keys)
	s.mustCall(t, "POST", "/v1/boardsets:verify", fmt.Sprintf(`{"keys":%s,"first_board":1,"last_board":24,
		"board_set":"events/club-night/sessions/1/boardsets/main"}`, keys), &verified)
	if !verified.Matches || verified.BoardsChecked != 24 {
		t.Errorf("verification %+v: want 24 matching boards", verified)
	}
	s.stop(t)
}

func TestMovementScheduleChecksResults(t *testing.T) {
	s := startDirector(t, t.TempDir())
	clubEvent(t, s, false)
	s.mustCall(t, "POST", "/v1/events/club-night/sessions/1/sections/A:setMovement",
		`{"choice":{"kind":"KIND_MITCHELL","boards_per_round":3}}`, nil)

	var tr struct {
		Seating struct {
			Ns        int `json:"ns"`
			Ew        int `json:"ew"`
			LowBoard  int `json:"low_board"`
			HighBoard int `json:"high_board"`
		} `json:"seating"`
		Next []struct {
			Who  string `json:"who"`
			Text string `json:"text"`
		} `json:"next"`
	}
	s.mustCall(t, "GET", "/v1/events/club-night/sessions/1/sections/A/tables/2/rounds/2", "", &tr)
	seat := tr.Seating
	if seat.Ns != 2 || seat.HighBoard-seat.LowBoard != 2 || len(tr.Next) != 3 {
		t.Fatalf("table 2 round 2: %+v", tr)
	}
	result := func(board, ns, ew int) string {
		return fmt.Sprintf(`{"result":{"table":2,"round":2,"board":%d,"ns_pair":%d,"ew_pair":%d,"passed_out":{}}}`, board, ns, ew)
	}
	s.mustCall(t, "POST", "/v1/events/club-night/results", result(seat.LowBoard, seat.Ns, seat.Ew), nil)
	var wrong struct {
		Message string `json:"message"`
		Details []struct {
			Ns int `json:"ns"`
			Ew int `json:"ew"`
		} `json:"details"`
	}
	if code := s.call(t, "POST", "/v1/events/club-night/results", result(seat.HighBoard+1, seat.Ns, seat.Ew), &wrong); code != http.StatusBadRequest ||
		!strings.Contains(wrong.Message, fmt.Sprintf("boards %d to %d", seat.LowBoard, seat.HighBoard)) {
		t.Errorf("a board of another round: %d %q, want 400 naming the scheduled boards", code, wrong.Message)
	}
	if code := s.call(t, "POST", "/v1/events/club-night/results", result(seat.LowBoard+1, seat.Ns, seat.Ew+1), &wrong); code != http.StatusBadRequest ||
		len(wrong.Details) != 1 || wrong.Details[0].Ns != seat.Ns || wrong.Details[0].Ew != seat.Ew {
		t.Errorf("the wrong East-West pair: %d %+v, want 400 carrying the scheduled seating", code, wrong)
	}

	resp, err := http.Get(s.base + "/v1/events/club-night/sessions/1/sections/A/files/rounddata.csv")
	if err != nil {
		t.Fatal(err)
	}
	csv, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !bytes.HasPrefix(csv, []byte("Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard")) {
		t.Errorf("RoundData download: %d %.60q", resp.StatusCode, csv)
	}
	resp, err = http.Get(s.base + "/v1/events/club-night/sessions/1/sections/A/files/cards.pdf")
	if err != nil {
		t.Fatal(err)
	}
	pdf, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Errorf("cards download: %d %.10q", resp.StatusCode, pdf)
	}
	s.stop(t)
}

// TestRulingToStandings follows one ruling over REST: the director is
// called, rules a call out of rotation, and the artificial adjusted score
// appears in the standings.
func TestRulingToStandings(t *testing.T) {
	s := startDirector(t, t.TempDir())
	clubEvent(t, s, false)
	for _, r := range []string{
		`{"result":{"table":1,"round":1,"board":1,"ns_pair":1,"ew_pair":4,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":10}}}`,
		`{"result":{"table":2,"round":1,"board":1,"ns_pair":2,"ew_pair":5,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":9}}}`,
	} {
		s.mustCall(t, "POST", "/v1/events/club-night/results", r, nil)
	}
	var call struct {
		Call struct {
			Name   string `json:"name"`
			State  string `json:"state"`
			Ruling struct {
				Questions []struct {
					ID      string `json:"id"`
					Choices []struct {
						ID string `json:"id"`
					} `json:"choices"`
				} `json:"questions"`
				Laws []string `json:"laws"`
			} `json:"ruling"`
			Result string `json:"result"`
		} `json:"call"`
	}
	s.mustCall(t, "POST", "/v1/events/club-night/sessions/1/sections/A/calls",
		`{"call":{"table":3,"round":1,"board":1,"called_by":"SEAT_SOUTH","description":"East opened 1S before North, the dealer, called"}}`, &call)
	name := call.Call.Name
	answers := map[string]string{}
	for range 5 {
		body, _ := json.Marshal(map[string]any{
			"irregularity": map[string]string{"kind": "KIND_CALL_OUT_OF_ROTATION", "offender": "SEAT_EAST", "call": "1S"},
			"answers":      answers,
		})
		s.mustCall(t, "POST", "/v1/"+name+":rule", string(body), &call)
		if call.Call.State == "STATE_RULED" {
			break
		}
		for _, q := range call.Call.Ruling.Questions {
			answers[q.ID] = q.Choices[len(q.Choices)-1].ID
		}
	}
	if call.Call.State != "STATE_RULED" || len(call.Call.Ruling.Laws) == 0 {
		t.Fatalf("the ruling did not complete: %+v", call)
	}
	s.mustCall(t, "POST", "/v1/"+name+":apply", `{"reason":"the board could not be played","adjusted_score":{
		"ns_pair":3,"ew_pair":6,"artificial":{"north_south":"ADJUSTMENT_AVERAGE_PLUS","east_west":"ADJUSTMENT_AVERAGE_MINUS"}}}`, &call)
	if call.Call.State != "STATE_APPLIED" || call.Call.Result != "events/club-night/sessions/1/sections/A/tables/3/rounds/1/boards/1" {
		t.Fatalf("applied: %+v", call)
	}
	var got standings
	s.mustCall(t, "GET", "/v1/events/club-night/standings", "", &got)
	pct := map[int]float64{}
	for _, st := range got.Standings {
		pct[st.Pair] = st.Percentage
	}
	if pct[3] != 60 || pct[6] != 40 {
		t.Errorf("standings %v: want pair 3 at 60%% (average plus) and pair 6 at 40%% (average minus)", pct)
	}
	s.stop(t)
}

// TestEventScopeOverREST: a director scoped to one event reads no card of
// another event's secret set (not even through boardsets:verify, whose
// mismatch detail prints the stored deal), still gets the public reads of
// every event, and a token with only the public role gets just those.
func TestEventScopeOverREST(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tokens.yaml")
	os.WriteFile(cfg, []byte(`tokens:
  - {name: federation, token: admin-secret, roles: [federation-admin]}
  - {name: club-director, token: club-secret, roles: [director], events: [events/club-night]}
  - {name: scoreboard, token: board-secret, roles: [public]}
`), 0o600)
	s := startDirector(t, filepath.Join(dir, "data"), "--auth-config", cfg)
	do := func(token, method, path, body string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(method, s.base+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(raw)
	}
	for _, id := range []string{"congress", "club-night"} {
		if code, body := do("admin-secret", "POST", "/v1/events", `{"event_id":"`+id+`","event":{"scoring":{"form":"FORM_MATCHPOINTS"}}}`); code != http.StatusOK {
			t.Fatalf("creating %s: %d %s", id, code, body)
		}
		if code, body := do("admin-secret", "POST", "/v1/events/"+id+"/sessions", `{"session_id":1}`); code != http.StatusOK {
			t.Fatalf("creating session 1 of %s: %d %s", id, code, body)
		}
	}
	const set = "/v1/events/congress/sessions/1/boardsets/main"
	if code, body := do("admin-secret", "POST", "/v1/events/congress/sessions/1/boardsets", `{"board_set_id":"main","board_set":{"first_board":1,"last_board":4}}`); code != http.StatusOK {
		t.Fatalf("dealing: %d %s", code, body)
	}
	_, board := do("admin-secret", "GET", set+"/boards/1", "")
	var b struct {
		Board struct {
			Deal struct {
				Pbn string `json:"pbn"`
			} `json:"deal"`
		} `json:"board"`
	}
	if err := json.Unmarshal([]byte(board), &b); err != nil || b.Board.Deal.Pbn == "" {
		t.Fatalf("board 1: %s, %v", board, err)
	}
	verify := `{"keys":{"owner":"guess","entropy":"guess"},"first_board":1,"last_board":4,"board_set":"events/congress/sessions/1/boardsets/main"}`
	code, body := do("club-secret", "POST", "/v1/boardsets:verify", verify)
	if code != http.StatusForbidden || strings.Contains(body, b.Board.Deal.Pbn) {
		t.Errorf("the club's director verifying the congress's secret set: %d %s; want 403 without the deal", code, body)
	}
	if code, body := do("club-secret", "GET", set+"/boards/1", ""); code != http.StatusForbidden {
		t.Errorf("the club's director reading a congress board: %d %s; want 403", code, body)
	}
	if code, body := do("admin-secret", "POST", "/v1/boardsets:verify", verify); code != http.StatusOK || !strings.Contains(body, b.Board.Deal.Pbn) {
		t.Errorf("the federation verifying: %d %s; want the mismatch with the deal", code, body)
	}
	// Public reads: for the scoped director of another event, and for the
	// public token; nothing else for the public token.
	for _, token := range []string{"club-secret", "board-secret"} {
		if code, body := do(token, "GET", "/v1/events/congress/standings", ""); code != http.StatusOK {
			t.Errorf("%s reading the congress standings: %d %s; want 200", token, code, body)
		}
	}
	if code, body := do("board-secret", "POST", "/v1/events/club-night/penalties", `{"penalty":{"pair":1,"amount":1,"unit":"PENALTY_UNIT_MATCHPOINTS","reason":"x"}}`); code != http.StatusForbidden {
		t.Errorf("the public token applying a penalty: %d %s; want 403", code, body)
	}
	s.stop(t)
	if logs := s.logs.String(); !strings.Contains(logs, "code=PermissionDenied") || !strings.Contains(logs, "principal=club-director") || !strings.Contains(logs, "client=") {
		t.Errorf("the refusals are not logged with the client and the principal:\n%s", logs)
	}
}
