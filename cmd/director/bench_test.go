package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The benchmarks run the real binary at the size of a national simultaneous
// pairs: 10,000 pairs in 50 sections of 100 tables, each table playing 26
// boards, 130,000 results scored by matchpoints across the field. Players'
// phones and scoreboards read it over REST while the terminals keep
// submitting. Loading the event takes longer than any benchmark, so a run of
// the benchmarks loads it once and starts each benchmark's director over a
// copy of its files.

var nationalPairs = flag.Int("national.pairs", fullPairs, "pairs of the national event that the standings, traveller and poller benchmarks read (an even number; fewer for a quick run)")

const (
	fullPairs      = 10_000 // pairs of a national simultaneous pairs
	nationalBoards = 26     // boards each table plays
	sectionTables  = 100    // tables of a full section (200 pairs)
	resultsPath    = "/v1/events/national/results"
	standingsPath  = "/v1/events/national/standings"
	travellerPath  = "/v1/events/national/boards/1/traveller"
)

// nationalEvent is the national event on a running director: how many
// tables it has, and the number of the next result to submit. The n-th
// result is played at table n mod tables of the event, on board
// n/tables + 1, so the 26 boards of the load come first and later
// submissions go to the boards after them.
type nationalEvent struct {
	s      *server
	tables int
	next   atomic.Int64
}

// benchTokens is the token file of the benchmarks' director: the federation
// sets the event up and submits its results (as the terminals would), the
// players read as the public does, without a token; neither is slowed by a
// rate.
const benchTokens = `tokens:
  - {name: federation, token: bench-federation, roles: [federation-admin]}
rate_limits:
  federation-admin: {per_second: 1000000}
  public: {per_second: 1000000}
`

// benchDirector starts the binary over dataDir with benchTokens, calling as
// the federation, with a client that keeps a connection open for each of
// up to 256 concurrent callers.
func benchDirector(b *testing.B, dataDir string) *server {
	if testing.Short() {
		b.Skip("the benchmarks of the binary at national size do not run with -short")
	}
	tokens := filepath.Join(b.TempDir(), "tokens.yaml")
	if err := os.WriteFile(tokens, []byte(benchTokens), 0o600); err != nil {
		b.Fatal(err)
	}
	s := startDirector(b, dataDir, "--auth-config", tokens)
	s.client = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}, Timeout: time.Minute}
	s.token = "bench-federation"
	return s
}

// sectionName is the k-th section's letters from 0: A to Z, then AA to AZ,
// BA and on.
func sectionName(k int) string {
	if k < 26 {
		return string(rune('A' + k))
	}
	return sectionName(k/26-1) + string(rune('A'+k%26))
}

// createEvent creates the national event of pairs pairs on s: session 1
// and sections of up to 200 pairs, without a movement. Table t of a section
// seats pair 2t-1 North-South and pair 2t East-West.
func createEvent(b *testing.B, s *server, pairs int) *nationalEvent {
	if pairs < 2 || pairs%2 != 0 {
		b.Fatalf("-national.pairs %d: want an even number of pairs, at least 2", pairs)
	}
	e := &nationalEvent{s: s, tables: pairs / 2}
	s.mustCall(b, "POST", "/v1/events", `{"event_id":"national","event":{"title":"National simultaneous pairs",
		"scoring":{"form":"FORM_MATCHPOINTS","across_field":true}}}`, nil)
	s.mustCall(b, "POST", "/v1/events/national/sessions", `{"session_id":1}`, nil)
	for k := 0; k*sectionTables < e.tables; k++ {
		entrants := make([]string, 2*min(sectionTables, e.tables-k*sectionTables))
		for i := range entrants {
			entrants[i] = fmt.Sprintf(`{"number":%d}`, i+1)
		}
		s.mustCall(b, "POST", "/v1/events/national/sessions/1/sections",
			fmt.Sprintf(`{"section_id":%q,"section":{"entrants":[%s]}}`, sectionName(k), strings.Join(entrants, ",")), nil)
	}
	return e
}

// result is the body of the n-th result, as a terminal sends it. The
// contracts, declarers and tricks vary with n so that the matchpoints do.
func (e *nationalEvent) result(n int64) string {
	i := int(n % int64(e.tables))
	table, board := i%sectionTables+1, int(n/int64(e.tables))+1
	h := uint64(n) * 0x9e3779b97f4a7c15 >> 33
	contract := []string{"4S", "3NT", "4H", "2S", "5D"}[h%5]
	declarer := []string{"SEAT_NORTH", "SEAT_SOUTH", "SEAT_EAST", "SEAT_WEST"}[h/5%4]
	tricks := min(13, int(contract[0]-'0')+5+int(h/20%4))
	return fmt.Sprintf(`{"request_id":"bench-%d","result":{"section":%q,"table":%d,"round":1,"board":%d,"ns_pair":%d,"ew_pair":%d,
		"played":{"contract":%q,"declarer":%q,"tricks":%d}}}`,
		n, sectionName(i/sectionTables), table, board, 2*table-1, 2*table, contract, declarer, tricks)
}

// submit submits the next results from clients goroutines, each timed by
// lat, until the until-th result (0: no end) or until stop is closed. It
// answers the first failure.
func (e *nationalEvent) submit(clients int, until int64, stop <-chan struct{}, lat *latencies) error {
	var wg sync.WaitGroup
	failed := make(chan error, clients)
	for range clients {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				n := e.next.Add(1) - 1
				if until > 0 && n >= until {
					return
				}
				if err := lat.time(func() error { return e.s.ok("POST", resultsPath, e.result(n)) }); err != nil {
					failed <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(failed)
	return <-failed
}

// rate submits b.N results from clients goroutines, each timed by lat, and
// answers how many went in a second.
func (e *nationalEvent) rate(b *testing.B, clients int, lat *latencies) float64 {
	from, start := e.next.Load(), time.Now()
	if err := e.submit(clients, from+int64(b.N), nil, lat); err != nil {
		b.Fatal(err)
	}
	return float64(b.N) / time.Since(start).Seconds()
}

// ok sends a request with the server's token from any goroutine and fails
// unless it is answered 200.
func (s *server) ok(method, path, body string) error {
	return s.okAs(s.token, method, path, body)
}

// read reads path as a player does, with no token, from any goroutine, and
// fails unless it is answered 200.
func (s *server) read(path string) error {
	return s.okAs("", "GET", path, "")
}

// okAs sends a request with token ("" for none) and fails unless it is
// answered 200.
func (s *server) okAs(token, method, path, body string) error {
	resp, raw, err := s.request(token, method, path, body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("%s %s: status %d: %.300s", method, path, resp.StatusCode, raw)
	}
	return err
}

// nationalData is the directory of the loaded national event's files, once
// a benchmark has loaded it.
var nationalData string

// nationalServer starts a director over a copy of the national event of
// -national.pairs pairs, loading the event first if this run has not.
func nationalServer(b *testing.B) *nationalEvent {
	if nationalData == "" {
		loadNational(b, filepath.Join(filepath.Dir(binary), "national"))
	}
	dir := b.TempDir()
	if err := os.CopyFS(dir, os.DirFS(nationalData)); err != nil {
		b.Fatal(err)
	}
	e := &nationalEvent{s: benchDirector(b, dir), tables: *nationalPairs / 2}
	e.next.Store(int64(e.tables * nationalBoards))
	return e
}

// loadNational loads the national event into dir from 200 clients, checks
// that the standings and a traveller carry the whole field, and stops the
// director so that its files can be copied.
func loadNational(b *testing.B, dir string) {
	if err := os.RemoveAll(dir); err != nil {
		b.Fatal(err)
	}
	s := benchDirector(b, dir)
	e := createEvent(b, s, *nationalPairs)
	start := time.Now()
	if err := e.submit(200, int64(e.tables*nationalBoards), nil, &latencies{}); err != nil {
		b.Fatal(err)
	}
	b.Logf("loaded %d results of %d pairs in %v", e.tables*nationalBoards, 2*e.tables, time.Since(start).Round(time.Second))
	var st standings
	for token := ""; ; {
		var page standings
		s.mustCall(b, "GET", standingsPath+"?page_size=1000&page_token="+token, "", &page)
		st.Standings = append(st.Standings, page.Standings...)
		if token = page.NextPageToken; token == "" {
			break
		}
	}
	if len(st.Standings) != 2*e.tables {
		b.Fatalf("the standings rank %d pairs, want %d", len(st.Standings), 2*e.tables)
	}
	for _, p := range st.Standings {
		if p.BoardsPlayed != nationalBoards {
			b.Fatalf("pair %s%d has played %d boards, want %d", p.Section, p.Pair, p.BoardsPlayed, nationalBoards)
		}
	}
	var trav struct {
		Lines []struct{} `json:"lines"`
	}
	s.mustCall(b, "GET", travellerPath, "", &trav)
	if len(trav.Lines) != e.tables {
		b.Fatalf("board 1's traveller has %d lines, want one for each of the %d tables", len(trav.Lines), e.tables)
	}
	s.stop(b)
	nationalData = dir
}

// latencies records how long calls took.
type latencies struct {
	mu   sync.Mutex
	took []time.Duration
}

// time calls f and records how long it took, if it succeeded.
func (l *latencies) time(f func() error) error {
	start := time.Now()
	if err := f(); err != nil {
		return err
	}
	took := time.Since(start)
	l.mu.Lock()
	l.took = append(l.took, took)
	l.mu.Unlock()
	return nil
}

// report reports the median and the 99th percentile of the calls, in
// milliseconds, as what-p50-ms and what-p99-ms.
func (l *latencies) report(b *testing.B, what string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.took) == 0 {
		return
	}
	slices.Sort(l.took)
	for _, p := range []int{50, 99} {
		i := max(0, int(math.Ceil(float64(p)/100*float64(len(l.took))))-1)
		b.ReportMetric(float64(l.took[i])/float64(time.Millisecond), fmt.Sprintf("%s-p%d-ms", what, p))
	}
}

// BenchmarkStandingsNational reads the standings of the national event, one
// read an op, while 16 terminals keep submitting results of further boards.
func BenchmarkStandingsNational(b *testing.B) {
	e := nationalServer(b)
	stop := make(chan struct{})
	var reads, submits latencies
	submitted := make(chan error, 1)
	go func() { submitted <- e.submit(16, 0, stop, &submits) }()
	from, start := e.next.Load(), time.Now()
	for b.Loop() {
		if err := reads.time(func() error { return e.s.read(standingsPath) }); err != nil {
			b.Fatal(err)
		}
	}
	rate := float64(e.next.Load()-from) / time.Since(start).Seconds()
	close(stop)
	if err := <-submitted; err != nil {
		b.Fatal(err)
	}
	reads.report(b, "standings")
	submits.report(b, "submit")
	b.ReportMetric(rate, "results/s")
}

// BenchmarkTravellerLarge reads board 1 of the national event, one line for
// each of its 5,000 tables, one read an op: as the players read it once
// its results are in, every read but the first answered from the encoding
// kept; and, in changed, as it is read while its results still change,
// a table correcting its result before every read, so that every read is
// scored, built and encoded anew (the correction is not timed).
func BenchmarkTravellerLarge(b *testing.B) {
	e := nationalServer(b)
	b.Run("unchanged", func(b *testing.B) {
		var reads latencies
		for b.Loop() {
			if err := reads.time(func() error { return e.s.read(travellerPath) }); err != nil {
				b.Fatal(err)
			}
		}
		reads.report(b, "traveller")
	})
	b.Run("changed", func(b *testing.B) {
		var reads latencies
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			table := i%min(sectionTables, e.tables) + 1
			correction := fmt.Sprintf(`{"reason":"wrong tricks","result":{"ns_pair":%d,"ew_pair":%d,"played":{"contract":"3NT","declarer":"SEAT_NORTH","tricks":%d}}}`,
				2*table-1, 2*table, 7+i%6)
			if err := e.s.ok("POST", fmt.Sprintf("/v1/events/national/sessions/1/sections/A/tables/%d/rounds/1/boards/1:correct", table), correction); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if err := reads.time(func() error { return e.s.read(travellerPath) }); err != nil {
				b.Fatal(err)
			}
		}
		reads.report(b, "traveller")
	})
}

// BenchmarkSubmitWithPollers submits b.N results to the national event
// from 16 terminals, then b.N more while 4 scoreboards each read the
// standings every second, and reports both rates and their ratio.
func BenchmarkSubmitWithPollers(b *testing.B) {
	e := nationalServer(b)
	var aloneLat, polledLat, polls latencies
	b.ResetTimer()
	alone := e.rate(b, 16, &aloneLat)
	stop := make(chan struct{})
	failed := make(chan error, 4)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			// The scoreboards' reads are spread over the second.
			select {
			case <-stop:
				return
			case <-time.After(time.Duration(i) * time.Second / 4):
			}
			tick := time.NewTicker(time.Second)
			defer tick.Stop()
			for {
				if err := polls.time(func() error { return e.s.read(standingsPath) }); err != nil {
					failed <- err
					return
				}
				select {
				case <-stop:
					return
				case <-tick.C:
				}
			}
		})
	}
	polled := e.rate(b, 16, &polledLat)
	close(stop)
	wg.Wait()
	close(failed)
	if err := <-failed; err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(alone, "alone-results/s")
	b.ReportMetric(polled, "polled-results/s")
	b.ReportMetric(polled/alone, "ratio")
	aloneLat.report(b, "alone")
	polledLat.report(b, "polled")
	polls.report(b, "poll")
}

// BenchmarkSubmit200 submits b.N results from 200 terminals to a fresh
// national event, each acknowledged once durable.
func BenchmarkSubmit200(b *testing.B) {
	e := createEvent(b, benchDirector(b, b.TempDir()), fullPairs)
	var lat latencies
	b.ResetTimer()
	b.ReportMetric(e.rate(b, 200, &lat), "results/s")
	lat.report(b, "submit")
}

// BenchmarkFeedWatch200 submits b.N results to a fresh event of 200 tables
// from 200 terminals over REST while a scorer's browser follows the
// event's feeds over server-sent events and a scorer's program polls the
// scoring feed (ListChanges of its latest page) as fast as it is answered.
// It reports the submission rate and latency, the time from a result's
// acknowledgement to its arrival at the watcher (0 when it arrived first),
// and the latency of the polls.
func BenchmarkFeedWatch200(b *testing.B) {
	s := benchDirector(b, b.TempDir())
	e := createEvent(b, s, 400)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", s.base+"/v1/events/national/changes:watch?services=scoring", nil)
	req.Header.Set("Authorization", "Bearer "+s.token)
	resp, err := s.client.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		b.Fatalf("the watch: %v %v", resp, err)
	}
	defer resp.Body.Close()
	var mu sync.Mutex
	acked, arrived := map[string]time.Time{}, map[string]time.Time{}
	all := make(chan struct{})
	go func() {
		lines := bufio.NewScanner(resp.Body)
		for lines.Scan() {
			data, ok := strings.CutPrefix(lines.Text(), "data: ")
			if !ok {
				continue
			}
			at := time.Now()
			var r feedRecord
			if json.Unmarshal([]byte(data), &r) != nil || r.Change.Kind != "CHANGE_KIND_RESULT_SUBMITTED" {
				continue
			}
			mu.Lock()
			arrived[r.Change.Name] = at
			n := len(arrived)
			mu.Unlock()
			if n == b.N {
				close(all)
				return
			}
		}
	}()
	var polls latencies
	stop := make(chan struct{})
	var pollers sync.WaitGroup
	pollers.Go(func() {
		var last struct {
			LastSequence string `json:"last_sequence"`
		}
		for {
			select {
			case <-stop:
				return
			default:
			}
			var since uint64
			fmt.Sscan(last.LastSequence, &since)
			path := fmt.Sprintf("/v1/events/national/feeds/scoring/changes?page_size=100&since=%d", max(since, 100)-100)
			err := polls.time(func() error {
				resp, raw, err := s.request(s.token, "GET", path, "")
				if err == nil && resp.StatusCode != http.StatusOK {
					err = fmt.Errorf("GET %s: %d %.200s", path, resp.StatusCode, raw)
				}
				if err == nil {
					err = json.Unmarshal(raw, &last)
				}
				return err
			})
			if err != nil {
				b.Error(err)
				return
			}
		}
	})
	var lat latencies
	clients := 200
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			for {
				n := e.next.Add(1) - 1
				if n >= int64(b.N) {
					return
				}
				if err := lat.time(func() error { return s.ok("POST", resultsPath, e.result(n)) }); err != nil {
					b.Error(err)
					return
				}
				at := time.Now()
				i := int(n % int64(e.tables))
				name := fmt.Sprintf("events/national/sessions/1/sections/%s/tables/%d/rounds/1/boards/%d", sectionName(i/sectionTables), i%sectionTables+1, n/int64(e.tables)+1)
				mu.Lock()
				acked[name] = at
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	rate := float64(b.N) / time.Since(start).Seconds()
	select {
	case <-all:
	case <-time.After(time.Minute):
		b.Fatalf("the watcher has %d of %d results after a minute", len(arrived), b.N)
	}
	b.StopTimer()
	close(stop)
	pollers.Wait()
	var delivery latencies
	for name, ack := range acked {
		delivery.took = append(delivery.took, max(0, arrived[name].Sub(ack)))
	}
	b.ReportMetric(rate, "results/s")
	lat.report(b, "submit")
	delivery.report(b, "ack-to-watcher")
	polls.report(b, "feed-read")
	b.ReportMetric(float64(len(polls.took)), "feed-reads")
}
