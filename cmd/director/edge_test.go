package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEdgeOfTheRealBinary checks what the running binary answers a caller
// who sends too much, the wrong kind of body or the wrong method.
func TestEdgeOfTheRealBinary(t *testing.T) {
	s := startDirector(t, t.TempDir(), "--max-body", "1024")
	send := func(method, contentType, body string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(method, s.base+"/v1/events", strings.NewReader(body))
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	event := `{"event_id":"club-night","event":{"title":"` + strings.Repeat("x", 100) + `","scoring":{"form":"FORM_MATCHPOINTS"}}}`
	if resp := send("POST", "application/json", strings.Replace(event, "x", strings.Repeat("x", 2000), 1)); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over --max-body: %d, want 413", resp.StatusCode)
	}
	if resp := send("POST", "application/x-www-form-urlencoded", event); resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("a form post: %d, want 415", resp.StatusCode)
	}
	if resp := send("POST", "application/x-www-form-urlencoded", ""); resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("an empty form post: %d, want 415", resp.StatusCode)
	}
	if resp := send("DELETE", "", ""); resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, POST" {
		t.Errorf("DELETE /v1/events: %d Allow %q, want 405 Allow GET, POST", resp.StatusCode, resp.Header.Get("Allow"))
	}
	if resp := send("POST", "application/json", event+`{"event_id":"smuggled"}`); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a second JSON value after the first: %d, want 400", resp.StatusCode)
	}
	if resp := send("POST", "application/json; charset=utf-8", event); resp.StatusCode != http.StatusOK {
		t.Errorf("a JSON body within the cap: %d, want 200", resp.StatusCode)
	} else if h := resp.Header.Get("Grpc-Metadata-Content-Type"); h != "" {
		t.Errorf("the answer carries gRPC's own content type as %q", h)
	}
	var missing struct {
		Message string `json:"message"`
	}
	if code := s.call(t, "GET", "/v1/events/club-night/tables", "", &missing); code != http.StatusNotFound ||
		!strings.Contains(missing.Message, "there is no route GET /v1/events/club-night/tables") {
		t.Errorf("an unknown path: %d %q, want 404 naming it", code, missing.Message)
	}
	s.stop(t)
}

// TestTerminalGetsItsBurstOverREST: a terminal submits as many results as
// its burst allows. Scoring checks each against the schedule by asking
// movement in the same process, with the terminal's token; those questions
// do not spend the terminal's rate. The next result is 429.
func TestTerminalGetsItsBurstOverREST(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tokens.yaml")
	os.WriteFile(cfg, []byte(`tokens:
  - {name: federation, token: admin-secret, roles: [federation-admin]}
  - {name: table-1, token: terminal-secret, roles: [terminal], tables: [events/club-night/sessions/1/sections/A/tables/1]}
rate_limits: {terminal: {per_second: 0.001, burst: 4}}
`), 0o600)
	s := startDirector(t, filepath.Join(dir, "data"), "--auth-config", cfg)
	for _, step := range [][2]string{
		{"/v1/events", `{"event_id":"club-night","event":{"scoring":{"form":"FORM_MATCHPOINTS"}}}`},
		{"/v1/events/club-night/sessions", `{"session_id":1}`},
		{"/v1/events/club-night/sessions/1/sections", `{"section_id":"A","section":{"entrants":[
			{"number":1},{"number":2},{"number":3},{"number":4},{"number":5},{"number":6}]}}`},
		{"/v1/events/club-night/sessions/1/sections/A:setMovement", `{"choice":{"kind":"KIND_MITCHELL","boards_per_round":2}}`},
	} {
		if resp, body := s.send(t, "admin-secret", "POST", step[0], step[1]); resp.StatusCode != http.StatusOK {
			t.Fatalf("POST %s: %d %s", step[0], resp.StatusCode, body)
		}
	}
	// Table 1 of the 3-table Mitchell: pair 1 North-South against 4, 6
	// and 5, boards 1-2, 3-4 and 5-6.
	for i, r := range []struct{ round, board, ew int }{{1, 1, 4}, {1, 2, 4}, {2, 3, 6}, {2, 4, 6}, {3, 5, 5}} {
		result := fmt.Sprintf(`{"result":{"table":1,"round":%d,"board":%d,"ns_pair":1,"ew_pair":%d,"passed_out":{}}}`, r.round, r.board, r.ew)
		resp, body := s.send(t, "terminal-secret", "POST", "/v1/events/club-night/results", result)
		if i < 4 && resp.StatusCode != http.StatusOK {
			t.Errorf("result %d, within the burst of 4: %d %s", i+1, resp.StatusCode, body)
		}
		if i == 4 && (resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "") {
			t.Errorf("result 5, past the burst: %d Retry-After %q %s, want 429 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"), body)
		}
	}
	s.stop(t)
}
