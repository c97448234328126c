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

// standingsEvents reads the live standings at path with token ("" for
// none) and sends the number of standings of each event as it comes, and
// errorEvent for an event named error.
func (d *director) standingsEvents(t *testing.T, ctx context.Context, path, token string) <-chan int {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, d.base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
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
			case line == "event: error":
				counts <- errorEvent
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

// errorEvent stands for an event named error among the counts.
const errorEvent = -2

// next is the next count, or -1 when none comes in time.
func next(counts <-chan int) int {
	select {
	case n := <-counts:
		return n
	case <-time.After(10 * time.Second):
		return -1
	}
}

// twoViewers serves the gateway polling every 20ms, with 3 standings at
// version v1, and has two viewers follow the live standings at path with
// their tokens ("" for none) until the test ends; both must first be sent
// the 3 standings.
func twoViewers(t *testing.T, path, tokenA, tokenB string) (d *director, a, b <-chan int) {
	was := livePoll
	livePoll = 20 * time.Millisecond
	t.Cleanup(func() { livePoll = was })
	d = serve(t, authenticator(t, clubTokens), Options{})
	d.board.set("v1", 3)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	a, b = d.standingsEvents(t, ctx, path, tokenA), d.standingsEvents(t, ctx, path, tokenB)
	if na, nb := next(a), next(b); na != 3 || nb != 3 {
		t.Fatalf("first events: %d and %d standings, want 3 each", na, nb)
	}
	return d, a, b
}

// TestLiveStandingsFollowTheField: a viewer of the live standings is sent
// them at once and again when they change, and two viewers of the same
// standings cost the service one answer a change, not one each.
func TestLiveStandingsFollowTheField(t *testing.T) {
	d, first, second := twoViewers(t, "/v1/events/club-night/standings:watch?section=a", "", "")
	built := d.board.answersBuilt() // the viewers' own first reads
	d.board.set("v2", 5)
	if a, b := next(first), next(second); a != 5 || b != 5 {
		t.Fatalf("after a change: %d and %d standings, want 5 each", a, b)
	}
	// Polls that find nothing changed build nothing: wait for a few of
	// them, then count.
	for held, deadline := d.board.answersHeld(), time.Now().Add(10*time.Second); d.board.answersHeld() < held+3; {
		if time.Now().After(deadline) {
			t.Fatal("the poller stopped asking")
		}
		time.Sleep(livePoll)
	}
	if got := d.board.answersBuilt() - built; got != 1 {
		t.Errorf("%d answers built for one change followed by two viewers; want 1", got)
	}
	for _, bad := range []string{"/v1/events/Club!/standings:watch", "/v1/events/club-night/standings:watch?session=x", "/v1/events/club-night/standings:watch?board=1"} {
		if resp, body := d.call(t, http.MethodGet, bad, "", ""); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("GET %s: %d %v, want 400", bad, resp.StatusCode, body)
		}
	}
}

// TestLiveStandingsAskAgainForATokensViewer: the poller reads as the
// public, so a viewer that came with a token is not sent standings it may
// no longer read (a table's device in the rounds its section hides the
// ranking): its stream ends with an error event, while the public's goes
// on.
func TestLiveStandingsAskAgainForATokensViewer(t *testing.T) {
	d, table, public := twoViewers(t, "/v1/events/club-night/standings:watch", "terminal-secret", "")
	d.board.refuse("table-3")
	d.board.set("v2", 5)
	if got := next(table); got != errorEvent {
		t.Errorf("the table's viewer, refused the standings now, got %d standings; want an error event", got)
	}
	if got := next(public); got != 5 {
		t.Errorf("the public viewer got %d standings after the change, want 5", got)
	}
}
