package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// get reads path with the headers given ("If-None-Match", etag, ...) and
// returns the answer and its body.
func (s *server) get(t *testing.T, path string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", s.base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := s.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body bytes.Buffer
	if _, err := body.ReadFrom(resp.Body); err != nil {
		t.Fatal(err)
	}
	return resp, body.Bytes()
}

// TestReadsAnswerNotModified: a scoreboard that asks again with the ETag of
// what it holds is answered 304 with no body until a result changes, then
// the new answer; a traveller large enough to be kept encoded is answered
// the same as it was encoded, and never the old one after a change; and a
// restarted Director never takes an ETag of the run before for its own.
func TestReadsAnswerNotModified(t *testing.T) {
	data := t.TempDir()
	s := startDirector(t, data)
	s.mustCall(t, "POST", "/v1/events", `{"event_id":"club-night","event":{"title":"Tuesday pairs","scoring":{"form":"FORM_MATCHPOINTS"}}}`, nil)
	s.mustCall(t, "POST", "/v1/events/club-night/sessions", `{"session_id":1}`, nil)
	const tables = 60 // a traveller of 60 lines is over 16 KB: kept encoded
	var entrants []string
	for p := 1; p <= 2*tables; p++ {
		entrants = append(entrants, fmt.Sprintf(`{"number":%d}`, p))
	}
	s.mustCall(t, "POST", "/v1/events/club-night/sessions/1/sections", `{"section_id":"A","section":{"entrants":[`+strings.Join(entrants, ",")+`]}}`, nil)
	for table := 1; table <= tables; table++ {
		s.mustCall(t, "POST", "/v1/events/club-night/results", fmt.Sprintf(`{"result":{"table":%d,"round":1,"board":1,"ns_pair":%d,"ew_pair":%d,
			"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":%d}}}`, table, 2*table-1, 2*table, 8+table%5), nil)
	}

	const traveller, standings = "/v1/events/club-night/boards/1/traveller", "/v1/events/club-night/standings"
	first, body := s.get(t, traveller)
	etag := first.Header.Get("ETag")
	if first.StatusCode != http.StatusOK || !strings.HasPrefix(etag, `"`) || first.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("traveller: status %d, ETag %q, Cache-Control %q; want 200, a quoted ETag and no-cache", first.StatusCode, etag, first.Header.Get("Cache-Control"))
	}
	if len(body) < 16<<10 || !bytes.Contains(body, []byte(`"lines"`)) {
		t.Fatalf("traveller of %d bytes is not the big traveller the test needs: %.200s", len(body), body)
	}
	again, kept := s.get(t, traveller)
	if again.Header.Get("ETag") != etag || !bytes.Equal(kept, body) {
		t.Errorf("traveller read again without a change: ETag %q, body equal %v; want %q and the same body", again.Header.Get("ETag"), bytes.Equal(kept, body), etag)
	}
	for _, held := range []string{etag, "W/" + etag, `"other", ` + etag, "*"} {
		resp, b := s.get(t, traveller, "If-None-Match", held)
		if resp.StatusCode != http.StatusNotModified || len(b) != 0 || resp.Header.Get("ETag") != etag {
			t.Errorf("If-None-Match %s: status %d, %d bytes, ETag %q; want 304, no body, %q", held, resp.StatusCode, len(b), resp.Header.Get("ETag"), etag)
		}
	}
	if resp, b := s.get(t, traveller, "If-None-Match", `"someone-elses"`); resp.StatusCode != http.StatusOK || !bytes.Equal(b, body) {
		t.Errorf("If-None-Match of another version: status %d; want 200 and the traveller", resp.StatusCode)
	}
	st, _ := s.get(t, standings)
	standingsTag := st.Header.Get("ETag")

	// Table 1 corrects its result: the traveller and the standings change.
	s.mustCall(t, "POST", "/v1/events/club-night/sessions/1/sections/A/tables/1/rounds/1/boards/1:correct",
		`{"reason":"wrong tricks","result":{"ns_pair":1,"ew_pair":2,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":13}}}`, nil)
	changed, newBody := s.get(t, traveller, "If-None-Match", etag)
	if changed.StatusCode != http.StatusOK || changed.Header.Get("ETag") == etag || bytes.Equal(newBody, body) || !bytes.Contains(newBody, []byte(`"tricks":13`)) {
		t.Fatalf("traveller after a correction, asked with the old ETag: status %d, ETag %q (old %q), body changed %v; want 200, a new ETag and the corrected result",
			changed.StatusCode, changed.Header.Get("ETag"), etag, !bytes.Equal(newBody, body))
	}
	if resp, _ := s.get(t, standings, "If-None-Match", standingsTag); resp.StatusCode != http.StatusOK {
		t.Errorf("standings after a correction, asked with the old ETag: status %d; want 200", resp.StatusCode)
	}
	if resp, _ := s.get(t, "/v1/events/club-night/boards/1/traveller?section=A", "If-None-Match", changed.Header.Get("ETag")); resp.StatusCode != http.StatusOK {
		t.Errorf("another read's ETag: status %d; want 200, an ETag belongs to its own URL", resp.StatusCode)
	}

	s.stop(t)
	s = startDirector(t, data)
	if resp, b := s.get(t, traveller, "If-None-Match", changed.Header.Get("ETag")); resp.StatusCode != http.StatusOK || !bytes.Equal(b, newBody) {
		t.Errorf("after a restart, the ETag of the run before: status %d, same traveller %v; want 200 and the traveller", resp.StatusCode, bytes.Equal(b, newBody))
	}
}

// TestLiveStandingsOverREST: a scoreboard following the live standings of
// the club night is sent them at once, and again, with the new scores,
// after a table's result is corrected.
func TestLiveStandingsOverREST(t *testing.T) {
	s := startDirector(t, t.TempDir())
	clubEvent(t, s, true)
	clubNight(t, s)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", s.base+"/v1/events/club-night/standings:watch", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("standings:watch: status %d, %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	events := make(chan standings, 4)
	go func() {
		lines := bufio.NewScanner(resp.Body)
		for lines.Scan() {
			if data, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
				var st standings
				if json.Unmarshal([]byte(data), &st) == nil {
					events <- st
				}
			}
		}
	}()
	pair1 := func() float64 {
		t.Helper()
		select {
		case st := <-events:
			for _, p := range st.Standings {
				if p.Pair == 1 {
					return p.Percentage
				}
			}
			t.Fatalf("no pair 1 in the live standings: %+v", st)
		case <-time.After(20 * time.Second):
			t.Fatal("no standings event came")
		}
		return 0
	}
	if got := pair1(); got != 100 {
		t.Fatalf("pair 1 in the first event: %v%%, want 100%%", got)
	}
	// Table 1 owns up: board 1 went one down, not eleven tricks.
	s.mustCall(t, "POST", "/v1/events/club-night/sessions/1/sections/A/tables/1/rounds/1/boards/1:correct",
		`{"reason":"wrong tricks","result":{"ns_pair":1,"ew_pair":4,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":9,"lead":"HK"}}}`, nil)
	if got := pair1(); got >= 100 {
		t.Errorf("pair 1 after its board 1 was corrected to one down: %v%%, want less than 100%%", got)
	}
}
