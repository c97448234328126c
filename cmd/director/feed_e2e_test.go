package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
)

// sseEvent is one server-sent event of the watch.
type sseEvent struct {
	id, name, data string
}

// feedRecord is the data of a change event of the watch.
type feedRecord struct {
	Service string `json:"service"`
	Change  struct {
		Sequence string          `json:"sequence"`
		Kind     string          `json:"kind"`
		Name     string          `json:"name"`
		By       string          `json:"changed_by"`
		Resource json.RawMessage `json:"resource"`
	} `json:"change"`
}

// sseWatch is an open watch of the change feeds.
type sseWatch struct {
	events chan sseEvent
	cancel context.CancelFunc
}

// watchFeeds opens the gateway's watch at path with token, sending
// lastEventID as Last-Event-ID when set, and reads its events until closed.
func (s *server) watchFeeds(t *testing.T, token, path, lastEventID string) (*sseWatch, int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", s.base+path, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept", "text/event-stream")
	if lastEventID != "" {
		req.Header.Set("Last-Event-ID", lastEventID)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		cancel()
		return nil, resp.StatusCode
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("the watch answers Content-Type %q, want text/event-stream", ct)
	}
	w := &sseWatch{events: make(chan sseEvent, 100), cancel: cancel}
	go func() {
		defer resp.Body.Close()
		defer close(w.events)
		lines := bufio.NewScanner(resp.Body)
		var e sseEvent
		for lines.Scan() {
			line := lines.Text()
			field, value, _ := strings.Cut(line, ": ")
			switch field {
			case "":
				if e.data != "" {
					w.events <- e
				}
				e = sseEvent{}
			case "id":
				e.id = value
			case "event":
				e.name = value
			case "data":
				e.data += value
			}
		}
	}()
	t.Cleanup(cancel)
	return w, http.StatusOK
}

// next reads the watch's next change; the deadline only keeps a broken
// watch from hanging the test.
func (w *sseWatch) next(t *testing.T) (sseEvent, feedRecord) {
	t.Helper()
	select {
	case e, ok := <-w.events:
		if !ok {
			t.Fatal("the watch ended")
		}
		if e.name != "" {
			t.Fatalf("the watch sent a %s event: %s", e.name, e.data)
		}
		var r feedRecord
		if err := json.Unmarshal([]byte(e.data), &r); err != nil {
			t.Fatalf("event data %q: %v", e.data, err)
		}
		return e, r
	case <-time.After(30 * time.Second):
		t.Fatal("no change came in 30 seconds")
	}
	return sseEvent{}, feedRecord{}
}

// TestFeedOverREST follows an event's scoring and movement feeds through the
// gateway as server-sent events while results, a withdrawal, a penalty and a
// correction are made, dropping the watch half way and resuming it from its
// last event id: every change arrives once, in order within its service.
// Then a scorer lists, acknowledges and recovers the scoring feed, and every
// role but the event's director and scorers is refused, over REST and gRPC.
func TestFeedOverREST(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tokens.yaml")
	os.WriteFile(cfg, []byte(`tokens:
  - {name: club-director, token: director-secret, roles: [director], events: [events/club-night]}
  - {name: club-scorer, token: scorer-secret, roles: [scorer], events: [events/club-night]}
  - {name: county-director, token: county-secret, roles: [director], events: [events/county]}
  - {name: table-1, token: t1-secret, roles: [terminal], tables: [events/club-night/sessions/1/sections/A/tables/1]}
`), 0o600)
	s := startDirector(t, filepath.Join(dir, "data"), "--auth-config", cfg)
	s.token = "director-secret"
	clubEvent(t, s, true)
	result := func(table, round, board, ew, tricks int) string {
		return fmt.Sprintf(`{"result":{"table":%d,"round":%d,"board":%d,"ns_pair":%d,"ew_pair":%d,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":%d,"lead":"HK"}}}`,
			table, round, board, table, ew, tricks)
	}
	// Round 1 of clubNight's Mitchell: table t holds pair 3+t East-West and
	// boards 2t-1 and 2t.
	submit := func(table, board int) {
		s.mustCall(t, "POST", "/v1/events/club-night/results", result(table, 1, board, 3+table, 12-table), nil)
	}
	const watchPath = "/v1/events/club-night/changes:watch?services=scoring,movement&since=scoring:0,movement:0"
	first, code := s.watchFeeds(t, "scorer-secret", watchPath, "")
	if code != http.StatusOK {
		t.Fatalf("the scorer's watch: %d", code)
	}
	for _, tb := range [][2]int{{1, 1}, {2, 3}, {3, 5}} {
		submit(tb[0], tb[1])
	}
	seen := map[string][]feedRecord{}
	var lastID string
	take := func(w *sseWatch, n int) {
		for range n {
			e, r := w.next(t)
			seen[r.Service] = append(seen[r.Service], r)
			lastID = e.id
		}
	}
	take(first, 4+3) // the event, session, section and movement; three results
	if lastID != "movement:4,scoring:3" {
		t.Errorf("the last event id is %q, want movement:4,scoring:3", lastID)
	}
	first.cancel() // the connection drops

	for _, tb := range [][2]int{{1, 2}, {2, 4}, {3, 6}} {
		submit(tb[0], tb[1])
	}
	s.mustCall(t, "POST", "/v1/events/club-night/sessions/1/sections/A:withdrawEntrant", `{"entrant":6,"from_round":3}`, nil)
	s.mustCall(t, "POST", "/v1/events/club-night/penalties", `{"penalty":{"pair":1,"amount":1,"unit":"PENALTY_UNIT_MATCHPOINTS","reason":"slow play"}}`, nil)
	second, code := s.watchFeeds(t, "scorer-secret", "/v1/events/club-night/changes:watch?services=scoring,movement", lastID)
	if code != http.StatusOK {
		t.Fatalf("the resumed watch: %d", code)
	}
	take(second, 3+1+1)
	correct := strings.Replace(result(1, 1, 1, 4, 9), `"result"`, `"reason":"declarer made nine","result"`, 1)
	s.mustCall(t, "POST", "/v1/events/club-night/sessions/1/sections/A/tables/1/rounds/1/boards/1:correct", correct, nil)
	take(second, 1)

	want := map[string][]string{
		"movement": {"EVENT_CREATED", "SESSION_CREATED", "SECTION_CREATED", "MOVEMENT_SET", "ENTRANT_WITHDRAWN"},
		"scoring": {"RESULT_SUBMITTED", "RESULT_SUBMITTED", "RESULT_SUBMITTED", "RESULT_SUBMITTED", "RESULT_SUBMITTED", "RESULT_SUBMITTED",
			"PENALTY_APPLIED", "RESULT_CORRECTED"},
	}
	for service, kinds := range want {
		got := seen[service]
		if len(got) != len(kinds) {
			t.Fatalf("%s: %d records, want %d: %+v", service, len(got), len(kinds), got)
		}
		for i, r := range got {
			if r.Change.Sequence != fmt.Sprint(i+1) || r.Change.Kind != "CHANGE_KIND_"+kinds[i] || r.Change.By != "club-director" || !strings.HasPrefix(r.Change.Name, "events/club-night") {
				t.Errorf("%s record %d: %+v, want sequence %d, %s by club-director", service, i+1, r.Change, i+1, kinds[i])
			}
		}
	}
	if r := seen["scoring"][7].Change; r.Name != "events/club-night/sessions/1/sections/A/tables/1/rounds/1/boards/1" || !strings.Contains(string(r.Resource), `"@type":"type.googleapis.com/bridge.scoring.v1.Result"`) || !strings.Contains(string(r.Resource), `"tricks":9`) {
		t.Errorf("the correction's record carries %s %s, want the corrected result", r.Name, r.Resource)
	}

	// Poll and accept.
	type page struct {
		Changes []struct {
			Sequence string `json:"sequence"`
		} `json:"changes"`
		Acknowledged string `json:"acknowledged"`
		LastSequence string `json:"last_sequence"`
	}
	s.token = "scorer-secret"
	const changes = "/v1/events/club-night/feeds/scoring/changes"
	var p page
	s.mustCall(t, "GET", changes, "", &p)
	if len(p.Changes) != 8 || p.LastSequence != "8" {
		t.Errorf("the scorer's first poll: %+v, want 8 changes", p)
	}
	var ack struct {
		Acknowledged string `json:"acknowledged"`
	}
	s.mustCall(t, "POST", changes+":acknowledge", `{"sequence":5}`, &ack)
	if ack.Acknowledged != "5" {
		t.Errorf("acknowledged %q, want 5", ack.Acknowledged)
	}
	s.mustCall(t, "GET", changes, "", &p)
	if len(p.Changes) != 3 || p.Changes[0].Sequence != "6" || p.Acknowledged != "5" {
		t.Errorf("the poll after acknowledging 5: %+v, want 6 to 8", p)
	}
	s.mustCall(t, "GET", changes+"?since=0&page_size=3", "", &p)
	if len(p.Changes) != 3 || p.Changes[0].Sequence != "1" {
		t.Errorf("the recovery from 0: %+v, want from 1", p)
	}
	if code := s.call(t, "POST", changes+":acknowledge", `{"sequence":9}`, nil); code != http.StatusBadRequest {
		t.Errorf("acknowledging past the feed: %d, want 400", code)
	}

	// Who may read the feed.
	for _, who := range []struct {
		token string
		want  int
	}{{"t1-secret", http.StatusForbidden}, {"county-secret", http.StatusForbidden}, {"", http.StatusUnauthorized}, {"director-secret", http.StatusOK}} {
		for _, call := range [][3]string{
			{"GET", changes, ""},
			{"POST", changes + ":acknowledge", `{"sequence":1}`},
			{"GET", "/v1/events/club-night/feeds/movement/changes", ""},
			{"GET", "/v1/events/club-night/feeds/rulings/changes", ""},
			{"GET", "/v1/events/club-night/feeds/dealing/changes", ""},
		} {
			if resp, body := s.send(t, who.token, call[0], call[1], call[2]); resp.StatusCode != who.want {
				t.Errorf("%q: %s %s: %d %s, want %d", who.token, call[0], call[1], resp.StatusCode, body, who.want)
			}
		}
		if who.want == http.StatusOK {
			continue
		}
		if _, code := s.watchFeeds(t, who.token, watchPath, ""); code != who.want {
			t.Errorf("%q watching: %d, want %d", who.token, code, who.want)
		}
		if resp, body := s.send(t, who.token, "GET", changes+":watch", ""); resp.StatusCode != who.want {
			t.Errorf("%q: the scoring feed's own watch route: %d %s, want %d", who.token, resp.StatusCode, body, who.want)
		}
	}
	if resp, body := s.send(t, "scorer-secret", "GET", "/v1/events/club-night/changes:watch?since=players:1", ""); resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "since") {
		t.Errorf("a cursor of an unknown feed: %d %s, want 400 naming since", resp.StatusCode, body)
	}

	conn, err := grpc.NewClient(s.grpc, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	client := scoringv1.NewScoringServiceClient(conn)
	as := func(token string) context.Context {
		return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+token)
	}
	list := &scoringv1.ListChangesRequest{Parent: "events/club-night"}
	if _, err := client.ListChanges(as("t1-secret"), list); status.Code(err) != codes.PermissionDenied {
		t.Errorf("a terminal listing over gRPC: %v, want PermissionDenied", err)
	}
	if _, err := client.AcknowledgeChanges(as("county-secret"), &scoringv1.AcknowledgeChangesRequest{Parent: "events/club-night", Sequence: 1}); status.Code(err) != codes.PermissionDenied {
		t.Errorf("another event's director acknowledging over gRPC: %v, want PermissionDenied", err)
	}
	stream, err := client.WatchChanges(as("t1-secret"), &scoringv1.WatchChangesRequest{Parent: "events/club-night"})
	if err == nil {
		_, err = stream.Recv()
	}
	if status.Code(err) != codes.PermissionDenied {
		t.Errorf("a terminal watching over gRPC: %v, want PermissionDenied", err)
	}
	ctx, cancel := context.WithCancel(as("scorer-secret"))
	defer cancel()
	since := uint64(6)
	stream, err = client.WatchChanges(ctx, &scoringv1.WatchChangesRequest{Parent: "events/club-night", Since: &since})
	if err != nil {
		t.Fatal(err)
	}
	for want := uint64(7); want <= 8; want++ {
		got, err := stream.Recv()
		if err != nil || got.GetChange().GetSequence() != want {
			t.Fatalf("the scorer's gRPC watch from 6: %v, %v; want %d", got, err, want)
		}
	}
}
