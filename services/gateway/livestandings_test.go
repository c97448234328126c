package gateway

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// standingsEvents reads the live standings at path and sends the number of
// standings of each event as it comes.
func (d *director) standingsEvents(t *testing.T, ctx context.Context, path string) <-chan int {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, d.base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("GET %s: status %d, %s", path, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	counts := make(chan int, 16)
	go func() {
		defer resp.Body.Close()
		lines := bufio.NewScanner(resp.Body)
		lines.Buffer(nil, 1<<20)
		named := false
		for lines.Scan() {
			line := lines.Text()
			switch {
			case line == "event: standings":
				named = true
			case named && strings.HasPrefix(line, "data: "):
				var body struct{ Standings []json.RawMessage }
				if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &body); err != nil {
					t.Errorf("an event's data is not the standings: %v: %s", err, line)
				}
				counts <- len(body.Standings)
				named = false
			}
		}
	}()
	return counts
}

// next is the next count, or -1 when none comes in time.
func next(counts <-chan int) int {
	select {
	case n := <-counts:
		return n
	case <-time.After(10 * time.Second):
		return -1
	}
}

// TestLiveStandingsFollowTheField: a viewer of the live standings is sent
// them at once and again when they change, and two viewers of the same
// standings cost the service one answer a change, not one each.
func TestLiveStandingsFollowTheField(t *testing.T) {
	defer func(was time.Duration) { livePoll = was }(livePoll)
	livePoll = 20 * time.Millisecond
	d := serve(t, authenticator(t, clubTokens), Options{})
	d.board.set("v1", 3)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	path := "/v1/events/club-night/standings:watch?section=a"
	first, second := d.standingsEvents(t, ctx, path), d.standingsEvents(t, ctx, path)
	if a, b := next(first), next(second); a != 3 || b != 3 {
		t.Fatalf("first events: %d and %d standings, want 3 each", a, b)
	}
	built := d.board.answersBuilt() // the viewers' own first reads
	d.board.set("v2", 5)
	if a, b := next(first), next(second); a != 5 || b != 5 {
		t.Fatalf("after a change: %d and %d standings, want 5 each", a, b)
	}
	time.Sleep(5 * livePoll) // polls that find nothing changed build nothing
	if got := d.board.answersBuilt() - built; got != 1 {
		t.Errorf("%d answers built for one change followed by two viewers; want 1", got)
	}
	for _, bad := range []string{"/v1/events/Club!/standings:watch", "/v1/events/club-night/standings:watch?session=x", "/v1/events/club-night/standings:watch?board=1"} {
		if resp, body := d.call(t, http.MethodGet, bad, "", ""); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("GET %s: %d %v, want 400", bad, resp.StatusCode, body)
		}
	}
}
