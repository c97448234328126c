package scoringservice

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	dealingservice "github.com/bridge-director/director/services/dealing"
	"github.com/bridge-director/director/services/gateway"
	movementservice "github.com/bridge-director/director/services/movement"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/platform/platformtest"
)

// TestTableRefusalsOverREST: scoring, movement and dealing behind the real server
// and REST gateway, with tokens and a clock the test moves: over REST a
// table's code is refused at another table, after it is revoked and after
// it expires; a table may not confirm its own result, change a confirmed
// one, correct one, or read a board's traveller before playing it.
func TestTableRefusalsOverREST(t *testing.T) {
	clock := platformtest.NewClock(time.Date(2026, 11, 24, 19, 0, 0, 0, time.UTC))
	svc, err := Open(t.TempDir(), WithClock(clock.Now))
	if err != nil {
		t.Fatal(err)
	}
	moves, err := movementservice.Open(t.TempDir(), movementservice.WithClock(clock.Now))
	if err != nil {
		t.Fatal(err)
	}
	deals, err := dealingservice.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	auth := platformtest.Tokens(t, "tokens:\n  - {name: club-director, token: director-secret, roles: [director], events: [events/club-night]}\n")
	ctx, cancel := context.WithCancel(context.Background())
	addrs, done := make(chan platform.Addrs, 1), make(chan error, 1)
	go func() {
		done <- platform.Serve(ctx, platform.Config{GRPCAddr: "127.0.0.1:0", HTTPAddr: "127.0.0.1:0", Auth: auth,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), REST: gateway.Options{}.Handler,
			Listening: func(a platform.Addrs) { addrs <- a }}, svc, moves, deals)
	}()
	var base string
	select {
	case a := <-addrs:
		base = "http://" + a.HTTP.String()
	case err := <-done:
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); <-done })
	send := func(token, method, path, body string, want int) []byte {
		t.Helper()
		req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != want {
			t.Fatalf("%s %s: status %d, want %d: %s", method, path, resp.StatusCode, want, raw)
		}
		return raw
	}
	const section = "/v1/events/club-night/sessions/1/sections/A"
	for _, c := range [][2]string{
		{"/v1/events", `{"event_id":"club-night","event":{"scoring":{"form":"FORM_MATCHPOINTS"}}}`},
		{"/v1/events/club-night/sessions", `{"session_id":1}`},
		{"/v1/events/club-night/sessions/1/sections", `{"section_id":"A","section":{"entrants":[{"number":1},{"number":2},{"number":3},{"number":4},{"number":5},{"number":6}]}}`},
		{section + ":setMovement", `{"choice":{"kind":"KIND_MITCHELL"}}`},
	} {
		send("director-secret", "POST", c[0], c[1], http.StatusOK)
	}
	var issued struct {
		Tokens []struct {
			Code string `json:"code"`
		} `json:"tokens"`
	}
	json.Unmarshal(send("director-secret", "POST", section+"/tabletokens:issue", `{"ttl":"3600s"}`, http.StatusOK), &issued)
	table1, table2, table3 := issued.Tokens[0].Code, issued.Tokens[1].Code, issued.Tokens[2].Code

	// Table 1, round 1 of the Mitchell: pair 1 against pair 4 on board 1.
	const name = "events/club-night/sessions/1/sections/A/tables/1/rounds/1/boards/1"
	result := `{"result":{"table":1,"round":1,"board":1,"ns_pair":1,"ew_pair":4,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":10}}}`
	send(table2, "POST", "/v1/events/club-night/results", result, http.StatusForbidden)
	// The director's read of the traveller gives it an ETag: a table that
	// has not played the board and sends it is still refused, not told
	// that it holds the current answer.
	req, _ := http.NewRequest("GET", base+"/v1/events/club-night/boards/1/traveller", nil)
	req.Header.Set("Authorization", "Bearer director-secret")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	etag := resp.Header.Get("ETag")
	req, _ = http.NewRequest("GET", base+"/v1/events/club-night/boards/1/traveller", nil)
	req.Header.Set("Authorization", "Bearer "+table1)
	req.Header.Set("If-None-Match", etag)
	if resp, err = http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if etag == "" || resp.StatusCode != http.StatusForbidden {
		t.Errorf("table 1 sending the director's ETag %q of a board it has not played: status %d, want 403", etag, resp.StatusCode)
	}
	send(table1, "POST", "/v1/events/club-night/results", result, http.StatusOK)
	if raw := send(table1, "POST", "/v1/"+name+":confirm", `{"revision":1,"side":"SIDE_NORTH_SOUTH"}`, http.StatusForbidden); !strings.Contains(string(raw), "the other side confirms it") {
		t.Errorf("North-South confirming their own result: %s", raw)
	}
	send(table2, "POST", "/v1/"+name+":confirm", `{"revision":1,"side":"SIDE_EAST_WEST"}`, http.StatusForbidden)
	send(table1, "POST", "/v1/"+name+":confirm", `{"revision":1,"side":"SIDE_EAST_WEST"}`, http.StatusOK)
	send(table1, "POST", "/v1/events/club-night/results", strings.Replace(result, `"tricks":10`, `"tricks":9`, 1), http.StatusBadRequest)
	send(table1, "POST", "/v1/"+name+":correct", `{"reason":"one down","result":{"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":9}}}`, http.StatusForbidden)
	send(table1, "GET", "/v1/events/club-night/boards/1/traveller", "", http.StatusOK)
	send(table1, "GET", "/v1/events/club-night/results", "", http.StatusForbidden)

	send("director-secret", "POST", section+"/tables/2/token:revoke", `{}`, http.StatusOK)
	send(table2, "GET", "/v1/table:whoami", "", http.StatusUnauthorized)
	send(table3, "GET", "/v1/table:whoami", "", http.StatusOK)
	clock.Advance(time.Hour)
	if raw := send(table3, "GET", "/v1/table:whoami", "", http.StatusUnauthorized); !strings.Contains(string(raw), "expired at 2026-11-24T20:00:00Z") {
		t.Errorf("an expired code: %s", raw)
	}
	send(table1, "POST", "/v1/events/club-night/results", result, http.StatusUnauthorized)
}
