package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

// roomTables and roomBoards make a full room: two sections of thirteen
// tables, every table playing 26 boards, 676 results a session.
const (
	roomTables = 13
	roomBoards = 26
)

// BenchmarkVenueCatchUp measures a venue's catch-up with its federation,
// the real binaries on loopback: each op cuts the venue's link (a proxy
// between it and the federation's NATS drops it), plays a full room's
// session at the venue while it is cut off (not timed), then mends the
// link and times until the federation has applied every record of the
// venue's feed. The records wait in the venue's feed however long the
// link is down, so the time is the same after an hour as after a minute:
// the client's reconnect wait, then the relay's publishing and the
// federation's applying. It reports the time to catch up and the records
// applied a second over it.
func BenchmarkVenueCatchUp(b *testing.B) {
	dir := b.TempDir()
	natsAddr := freeAddr(b)
	list := filepath.Join(dir, "venues.txt")
	if err := os.WriteFile(list, []byte("hall h-secret\n"), 0o600); err != nil {
		b.Fatal(err)
	}
	fed := startDirector(b, filepath.Join(dir, "federation"), "--nats-listen", natsAddr, "--nats-venues", list)
	proxy := startLinkProxy(b, natsAddr)
	hall := startDirector(b, filepath.Join(dir, "hall"), "--venue", "hall", "--federation", "nats://"+proxy.addr(), "--nats-password", "h-secret")
	var caughtUp time.Duration
	var records int
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		event := fmt.Sprintf("room-%d", i)
		for _, s := range []*server{fed, hall} {
			fullRoom(b, s, event)
		}
		proxy.cut()
		playFullRoom(b, hall, event)
		var feed struct {
			LastSequence string `json:"last_sequence"`
		}
		hall.mustCall(b, "GET", "/v1/events/"+event+"/feeds/scoring/changes?since=0&page_size=1", "", &feed)
		last, _ := strconv.Atoi(feed.LastSequence)
		b.StartTimer()
		start := time.Now()
		proxy.mend()
		for {
			var got venueFeeds
			fed.mustCall(b, "GET", "/v1/events/"+event+"/venueFeeds", "", &got)
			if len(got.VenueFeeds) == 1 && got.VenueFeeds[0].AppliedSequence == feed.LastSequence {
				break
			}
			if time.Since(start) > time.Minute {
				b.Fatalf("a minute after the link came back the federation has %+v of %s records", got, feed.LastSequence)
			}
			time.Sleep(5 * time.Millisecond)
		}
		caughtUp += time.Since(start)
		records += last
	}
	b.StopTimer()
	b.ReportMetric(caughtUp.Seconds()/float64(b.N), "s/catch-up")
	b.ReportMetric(float64(records)/caughtUp.Seconds(), "records/s")
	b.ReportMetric(float64(records)/float64(b.N), "records/op")
}

// BenchmarkVenueSyncOnline measures a venue's results reaching its
// federation with the link up: each op plays a full room's session at the
// venue, eight tables entering at a time, and times from the first entry
// until the federation has applied every record. It reports the records
// applied a second at the federation and, for comparison, entered a second
// at the venue: the federation keeps up when the two are the same.
func BenchmarkVenueSyncOnline(b *testing.B) {
	dir := b.TempDir()
	natsAddr := freeAddr(b)
	list := filepath.Join(dir, "venues.txt")
	if err := os.WriteFile(list, []byte("hall h-secret\n"), 0o600); err != nil {
		b.Fatal(err)
	}
	fed := startDirector(b, filepath.Join(dir, "federation"), "--nats-listen", natsAddr, "--nats-venues", list)
	hall := startDirector(b, filepath.Join(dir, "hall"), "--venue", "hall", "--federation", "nats://"+natsAddr, "--nats-password", "h-secret")
	var synced, entering time.Duration
	var records int
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		event := fmt.Sprintf("room-%d", i)
		for _, s := range []*server{fed, hall} {
			fullRoom(b, s, event)
		}
		b.StartTimer()
		start := time.Now()
		playFullRoom(b, hall, event)
		entering += time.Since(start)
		var feed struct {
			LastSequence string `json:"last_sequence"`
		}
		hall.mustCall(b, "GET", "/v1/events/"+event+"/feeds/scoring/changes?since=0&page_size=1", "", &feed)
		last, _ := strconv.Atoi(feed.LastSequence)
		for {
			var got venueFeeds
			fed.mustCall(b, "GET", "/v1/events/"+event+"/venueFeeds", "", &got)
			if len(got.VenueFeeds) == 1 && got.VenueFeeds[0].AppliedSequence == feed.LastSequence {
				break
			}
			if time.Since(start) > time.Minute {
				b.Fatalf("a minute on the federation has %+v of %s records", got, feed.LastSequence)
			}
			time.Sleep(5 * time.Millisecond)
		}
		synced += time.Since(start)
		records += last
	}
	b.StopTimer()
	b.ReportMetric(float64(records)/synced.Seconds(), "synced/s")
	b.ReportMetric(float64(records)/entering.Seconds(), "entered/s")
	b.ReportMetric(float64(records)/float64(b.N), "records/op")
}

// fullRoom creates event with its session 1 and sections A and B of
// roomTables tables, without a movement, at s.
func fullRoom(b *testing.B, s *server, event string) {
	b.Helper()
	s.mustCall(b, "POST", "/v1/events", `{"event_id":"`+event+`","event":{"title":"Full room","scoring":{"form":"FORM_MATCHPOINTS","two_winners":true,"across_field":true}}}`, nil)
	s.mustCall(b, "POST", "/v1/events/"+event+"/sessions", `{"session_id":1}`, nil)
	entrants := ""
	for n := 1; n <= 2*roomTables; n++ {
		if n > 1 {
			entrants += ","
		}
		entrants += fmt.Sprintf(`{"number":%d}`, n)
	}
	for _, sec := range []string{"A", "B"} {
		s.mustCall(b, "POST", "/v1/events/"+event+"/sessions/1/sections", `{"section_id":"`+sec+`","section":{"entrants":[`+entrants+`]}}`, nil)
	}
}

// playFullRoom enters every table's result of every board at s, eight at
// a time as the tables' devices would.
func playFullRoom(b *testing.B, s *server, event string) {
	b.Helper()
	bodies := make(chan string)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failed error
	for range 8 {
		wg.Go(func() {
			for body := range bodies {
				resp, raw, err := s.request("", "POST", "/v1/events/"+event+"/results", body)
				if err == nil && resp.StatusCode != 200 {
					err = fmt.Errorf("status %d: %s", resp.StatusCode, raw)
				}
				if err != nil {
					mu.Lock()
					failed = err
					mu.Unlock()
				}
			}
		})
	}
	for _, sec := range []string{"A", "B"} {
		for table := 1; table <= roomTables; table++ {
			for board := 1; board <= roomBoards; board++ {
				tricks := 7 + (table*7+board*3+int(sec[0]))%6
				bodies <- fmt.Sprintf(`{"result":{"session":1,"section":%q,"table":%d,"round":%d,"board":%d,"ns_pair":%d,"ew_pair":%d,
					"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":%d,"lead":"HK"}}}`, sec, table, (board+1)/2, board, table, roomTables+table, tricks)
			}
		}
	}
	close(bodies)
	wg.Wait()
	if failed != nil {
		b.Fatal(failed)
	}
}
