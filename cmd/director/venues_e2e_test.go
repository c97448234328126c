package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"
)

// Many venues, one event: a federation and three venues, each its own
// director process on loopback, the third venue reaching the federation's
// NATS through a proxy that the test cuts mid-session and mends. The
// federation sends the venues its event and session (the venues add their
// own sections), its registry and its board set; the venues
// play, one cut off, finalise, and the federation's standings across the
// field are a single Director's given the same results, each result there
// once; a correction at the federation reaches its venue once, and one at a
// venue while the federation is stopped reaches it once it is back.

// linkProxy forwards TCP connections to a target until cut: then it closes
// the connections it carries and refuses new ones, until mended.
type linkProxy struct {
	l      net.Listener
	target string
	mu     sync.Mutex
	down   bool
	conns  map[net.Conn]bool
}

func startLinkProxy(t testing.TB, target string) *linkProxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &linkProxy{l: l, target: target, conns: map[net.Conn]bool{}}
	t.Cleanup(func() { l.Close(); p.cut() })
	go p.serve()
	return p
}

func (p *linkProxy) addr() string { return p.l.Addr().String() }

func (p *linkProxy) serve() {
	for {
		c, err := p.l.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		down := p.down
		p.mu.Unlock()
		if down {
			c.Close()
			continue
		}
		up, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns[c], p.conns[up] = true, true
		p.mu.Unlock()
		go func() { io.Copy(up, c); up.Close(); c.Close() }()
		go func() { io.Copy(c, up); up.Close(); c.Close() }()
	}
}

// cut drops the link: every connection closed, new ones refused.
func (p *linkProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = true
	for c := range p.conns {
		c.Close()
	}
	clear(p.conns)
}

// mend lets connections through again.
func (p *linkProxy) mend() {
	p.mu.Lock()
	p.down = false
	p.mu.Unlock()
}

// regional is the event every process plays: one session, a section per
// venue, each a 3-table Mitchell of two boards a round, scored across the
// field.
func regional(t *testing.T, s *server, sections ...string) {
	t.Helper()
	s.mustCall(t, "POST", "/v1/events", `{"event_id":"regional","event":{"title":"Regional simultaneous pairs",
		"scoring":{"form":"FORM_MATCHPOINTS","two_winners":true,"across_field":true}}}`, nil)
	s.mustCall(t, "POST", "/v1/events/regional/sessions", `{"session_id":1,"session":{"title":"Friday"}}`, nil)
	regionalSections(t, s, sections...)
}

// regionalSections adds sections of the regional's session: a venue's,
// once the federation's event and session have reached it.
func regionalSections(t *testing.T, s *server, sections ...string) {
	t.Helper()
	for _, sec := range sections {
		s.mustCall(t, "POST", "/v1/events/regional/sessions/1/sections", `{"section_id":"`+sec+`","section":{"entrants":[
			{"number":1},{"number":2},{"number":3},{"number":4},{"number":5},{"number":6}]}}`, nil)
		s.mustCall(t, "POST", "/v1/events/regional/sessions/1/sections/"+sec+":setMovement", `{"choice":{"kind":"KIND_MITCHELL","boards_per_round":2}}`, nil)
	}
}

// regionalRound is what section sec enters in a round: each table's two
// boards, the tricks varying by section, table and board so that the field
// is ranked across sections. Section C does not play board 6 (a fouled
// board taken out, say), so the field has fewer scores on it: Neuberg.
func regionalRound(sec string, round int) []string {
	var bodies []string
	for table := 1; table <= 3; table++ {
		ew := 4 + (table-round+3)%3
		set := (table - 1 + round - 1) % 3
		for _, board := range []int{2*set + 1, 2*set + 2} {
			if sec == "C" && board == 6 {
				continue
			}
			tricks := 8 + (table*3+board+int(sec[0]))%5
			bodies = append(bodies, fmt.Sprintf(`{"result":{"session":1,"section":%q,"table":%d,"round":%d,"board":%d,"ns_pair":%d,"ew_pair":%d,
				"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":%d,"lead":"HK"}}}`, sec, table, round, board, table, ew, tricks))
		}
	}
	return bodies
}

// venueFeeds is the federation's ListVenueFeeds answer.
type venueFeeds struct {
	VenueFeeds []struct {
		Venue             string   `json:"venue"`
		AppliedSequence   string   `json:"applied_sequence"`
		PublishedSequence string   `json:"published_sequence"`
		Lag               string   `json:"lag"`
		Current           bool     `json:"current"`
		Held              string   `json:"held"`
		FinalisedSessions []string `json:"finalised_sessions"`
	} `json:"venue_feeds"`
}

func TestVenuesFeedTheFederationThroughACut(t *testing.T) {
	dir := t.TempDir()
	natsAddr := freeAddr(t)
	list := filepath.Join(dir, "venues.txt")
	if err := os.WriteFile(list, []byte("# venue password events\nnorth n-secret regional\nsouth s-secret regional\nwest w-secret regional\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	fed := startDirector(t, filepath.Join(dir, "federation"), "--nats-listen", natsAddr, "--nats-venues", list)
	proxy := startLinkProxy(t, natsAddr)
	venueOf := map[string]*server{
		"A": startDirector(t, filepath.Join(dir, "north"), "--venue", "north", "--federation", "nats://"+natsAddr, "--nats-password", "n-secret"),
		"B": startDirector(t, filepath.Join(dir, "south"), "--venue", "south", "--federation", "nats://"+natsAddr, "--nats-password", "s-secret"),
		"C": startDirector(t, filepath.Join(dir, "west"), "--venue", "west", "--federation", "nats://"+proxy.addr(), "--nats-password", "w-secret"),
	}
	single := startDirector(t, filepath.Join(dir, "single"))
	regional(t, fed, "A", "B", "C")
	regional(t, single, "A", "B", "C")
	// The organiser sets the event up at the federation alone: its event
	// and session reach every venue, which adds its own section.
	for sec, v := range venueOf {
		waitUntil(t, 20*time.Second, "the event and its session at the venue of section "+sec, func() (bool, string) {
			var e struct {
				Event struct {
					Title   string `json:"title"`
					Scoring struct {
						AcrossField bool `json:"across_field"`
					} `json:"scoring"`
				} `json:"event"`
			}
			code := v.call(t, "GET", "/v1/events/regional", "", &e)
			if code != 200 || e.Event.Title != "Regional simultaneous pairs" || !e.Event.Scoring.AcrossField {
				return false, fmt.Sprintf("event: %d %+v", code, e)
			}
			code = v.call(t, "GET", "/v1/events/regional/sessions/1", "", nil)
			return code == 200, fmt.Sprintf("session: %d", code)
		})
		regionalSections(t, v, sec)
	}
	// The federation deals the session's boards; every venue gets the set,
	// its deals the federation's.
	fed.mustCall(t, "POST", "/v1/events/regional/sessions/1/boardsets", `{"board_set_id":"friday","board_set":{"title":"Friday","first_board":1,"last_board":6}}`, nil)
	var dealt json.RawMessage
	fed.mustCall(t, "GET", "/v1/events/regional/sessions/1/boardsets/friday", "", &dealt)
	for sec, v := range venueOf {
		waitUntil(t, 20*time.Second, "the board set at the venue of section "+sec, func() (bool, string) {
			var got json.RawMessage
			code := v.call(t, "GET", "/v1/events/regional/sessions/1/boardsets/friday", "", &got)
			return code == 200 && sameBoards(t, got, dealt), string(got)
		})
	}
	// The federation's registry reaches every venue.
	csv := base64.StdEncoding.EncodeToString([]byte("national_id,name,club\n1001,Anna Kowalska,Warszawa BC\n1002,Piotr Nowak,Krakow BC\n"))
	fed.mustCall(t, "POST", "/v1/players:import", `{"csv":"`+csv+`"}`, nil)
	for sec, v := range venueOf {
		waitUntil(t, 20*time.Second, "the registry at the venue of section "+sec, func() (bool, string) {
			var p struct {
				Player struct {
					DisplayName string `json:"display_name"`
				} `json:"player"`
			}
			code := v.call(t, "GET", "/v1/players/1002", "", &p)
			return code == 200 && p.Player.DisplayName == "Piotr Nowak", fmt.Sprintf("%d %+v", code, p)
		})
	}
	submitted := 0
	play := func(round int, sections ...string) {
		for _, sec := range sections {
			for _, body := range regionalRound(sec, round) {
				venueOf[sec].mustCall(t, "POST", "/v1/events/regional/results", body, nil)
				single.mustCall(t, "POST", "/v1/events/regional/results", body, nil)
				submitted++
			}
		}
	}
	play(1, "A", "B", "C")
	// Mid-session, the west venue is cut off; it plays on.
	proxy.cut()
	play(2, "A", "B", "C")
	play(3, "C")
	venueOf["C"].mustCall(t, "POST", "/v1/events/regional/sessions/1:finalise", `{}`, nil)
	play(3, "A", "B")
	for _, sec := range []string{"A", "B"} {
		venueOf[sec].mustCall(t, "POST", "/v1/events/regional/sessions/1:finalise", `{}`, nil)
	}
	// While cut off, the federation has none of the west's later results,
	// and says the west is not current once it has not heard from it.
	var west struct {
		LastSequence string `json:"last_sequence"`
	}
	venueOf["C"].mustCall(t, "GET", "/v1/events/regional/feeds/scoring/changes?since=0&page_size=1", "", &west)
	waitUntil(t, 20*time.Second, "north and south applied, west not", func() (bool, string) {
		var got venueFeeds
		fed.mustCall(t, "GET", "/v1/events/regional/venueFeeds", "", &got)
		done := 0
		for _, f := range got.VenueFeeds {
			if f.Venue != "west" && f.Current && len(f.FinalisedSessions) == 1 {
				done++
			}
			if f.Venue == "west" && (len(f.FinalisedSessions) > 0 || f.AppliedSequence == west.LastSequence) {
				t.Fatalf("the federation has the west's records up to %s (of %s) while it is cut off: %+v", f.AppliedSequence, west.LastSequence, f)
			}
		}
		return done == 2, fmt.Sprintf("%+v", got)
	})
	var final struct {
		Provisional bool `json:"provisional"`
	}
	fed.mustCall(t, "GET", "/v1/events/regional/standings", "", &final)
	if !final.Provisional {
		t.Error("the federation's standings are final while the west has not finalised there")
	}
	proxy.mend()
	waitUntil(t, 30*time.Second, "every venue current and finalised", func() (bool, string) {
		var got venueFeeds
		fed.mustCall(t, "GET", "/v1/events/regional/venueFeeds", "", &got)
		done := 0
		for _, f := range got.VenueFeeds {
			if f.Current && f.Lag == "0" && len(f.FinalisedSessions) == 1 && f.AppliedSequence == f.PublishedSequence {
				done++
			}
		}
		return done == 3, fmt.Sprintf("%+v", got)
	})

	// The federation's director corrects one of the west's results: the
	// correction goes to the west, which applies it once, and its record
	// of it comes back to the federation as a change already made.
	corrected := "events/regional/sessions/1/sections/C/tables/1/rounds/1/boards/1"
	correction := `{"result":{"table":1,"round":1,"board":1,"ns_pair":1,"ew_pair":4,
		"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":12,"lead":"HK"}},"reason":"the west's scorer phoned: twelve tricks, not nine"}`
	fed.mustCall(t, "POST", "/v1/"+corrected+":correct", correction, nil)
	single.mustCall(t, "POST", "/v1/"+corrected+":correct", correction, nil)
	waitUntil(t, 20*time.Second, "the correction at the west", func() (bool, string) {
		var h struct {
			Revisions []struct {
				Action string `json:"action"`
				Result struct {
					Played struct {
						Tricks int `json:"tricks"`
					} `json:"played"`
				} `json:"result"`
			} `json:"revisions"`
		}
		venueOf["C"].mustCall(t, "GET", "/v1/"+corrected+"/history", "", &h)
		if len(h.Revisions) > 2 {
			t.Fatalf("the west has the correction more than once: %+v", h)
		}
		return len(h.Revisions) == 2 && h.Revisions[1].Result.Played.Tricks == 12, fmt.Sprintf("%+v", h)
	})
	waitUntil(t, 20*time.Second, "every venue current after the correction", func() (bool, string) {
		var got venueFeeds
		fed.mustCall(t, "GET", "/v1/events/regional/venueFeeds", "", &got)
		venueOf["C"].mustCall(t, "GET", "/v1/events/regional/feeds/scoring/changes?since=0&page_size=1", "", &west)
		done := 0
		for _, f := range got.VenueFeeds {
			if f.Current && f.Lag == "0" && f.AppliedSequence == f.PublishedSequence && (f.Venue != "west" || f.AppliedSequence == west.LastSequence) {
				done++
			}
		}
		return done == 3, fmt.Sprintf("%+v; the west's feed ends at %s", got, west.LastSequence)
	})

	// The federation stops; the north's director corrects a result
	// meanwhile. The federation starts again on its data (its JetStream
	// store, its marks) and takes the correction once.
	fed.stop(t)
	northFix := "events/regional/sessions/1/sections/A/tables/2/rounds/1/boards/3"
	fix := `{"result":{"table":2,"round":1,"board":3,"ns_pair":2,"ew_pair":5,
		"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":7,"lead":"HK"}},"reason":"four down, not making"}`
	venueOf["A"].mustCall(t, "POST", "/v1/"+northFix+":correct", fix, nil)
	single.mustCall(t, "POST", "/v1/"+northFix+":correct", fix, nil)
	fed = startDirector(t, filepath.Join(dir, "federation"), "--nats-listen", natsAddr, "--nats-venues", list)
	var north struct {
		LastSequence string `json:"last_sequence"`
	}
	venueOf["A"].mustCall(t, "GET", "/v1/events/regional/feeds/scoring/changes?since=0&page_size=1", "", &north)
	waitUntil(t, 30*time.Second, "the north's correction at the federation after its restart", func() (bool, string) {
		var got venueFeeds
		fed.mustCall(t, "GET", "/v1/events/regional/venueFeeds", "", &got)
		for _, f := range got.VenueFeeds {
			if f.Venue == "north" && f.AppliedSequence == north.LastSequence {
				return true, ""
			}
		}
		return false, fmt.Sprintf("%+v; the north's feed ends at %s", got, north.LastSequence)
	})

	// Every result is at the federation once: one record of its entry in
	// the federation's feed, and no correction but the federation's own
	// and the north's.
	entered := map[string]int{}
	fedCorrected, northCorrected := false, false
	var page struct {
		Changes []struct {
			Kind string `json:"kind"`
			Name string `json:"name"`
		} `json:"changes"`
		NextPageToken string `json:"next_page_token"`
	}
	for token := ""; ; token = page.NextPageToken {
		page.NextPageToken = ""
		page.Changes = nil
		fed.mustCall(t, "GET", "/v1/events/regional/feeds/scoring/changes?since=0&page_size=1000&page_token="+token, "", &page)
		for _, c := range page.Changes {
			switch c.Kind {
			case "CHANGE_KIND_RESULT_SUBMITTED":
				entered[c.Name]++
			case "CHANGE_KIND_RESULT_CORRECTED", "CHANGE_KIND_RESULT_ERASED":
				if c.Name == corrected && !fedCorrected {
					fedCorrected = true
					continue
				}
				if c.Name == northFix && !northCorrected {
					northCorrected = true
					continue
				}
				t.Errorf("the federation changed %s (%s): a venue's record applied twice", c.Name, c.Kind)
			}
		}
		if page.NextPageToken == "" {
			break
		}
	}
	if !fedCorrected || !northCorrected {
		t.Errorf("the federation's feed lacks a correction: its own %t, the north's %t", fedCorrected, northCorrected)
	}
	if len(entered) != submitted {
		t.Errorf("the federation entered %d results, the venues %d", len(entered), submitted)
	}
	for name, n := range entered {
		if n != 1 {
			t.Errorf("%s entered %d times at the federation", name, n)
		}
	}

	// The federation's standings across the field are a single
	// Director's, given the same results.
	var atFed, atSingle standings
	fed.mustCall(t, "GET", "/v1/events/regional/standings?page_size=100", "", &atFed)
	single.mustCall(t, "GET", "/v1/events/regional/standings?page_size=100", "", &atSingle)
	fed.mustCall(t, "GET", "/v1/events/regional/standings", "", &final)
	if final.Provisional {
		t.Error("the federation's standings are provisional once every venue finalised")
	}
	if len(atFed.Standings) != 18 || !reflect.DeepEqual(atFed.Standings, atSingle.Standings) {
		t.Errorf("the federation's standings:\n%+v\nwant a single Director's:\n%+v", atFed.Standings, atSingle.Standings)
	}
	if len(atFed.Problems) != len(atSingle.Problems) {
		t.Errorf("problems at the federation %s, at a single Director %s", atFed.Problems, atSingle.Problems)
	}
	// The field is across sections: boards 6 has fewer scores, so some
	// percentage is not a multiple of a whole board's matchpoints.
	t.Logf("%d results; standings %+v", submitted, atFed.Standings[:3])
}

// waitUntil polls cond until it holds, failing with its last word after d.
func waitUntil(t *testing.T, d time.Duration, what string, cond func() (bool, string)) {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		ok, last := cond()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %s, not %s: %s", d, what, last)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// sameBoards reports whether two board sets, as REST gives them, hold the
// same boards with the same deals.
func sameBoards(t *testing.T, a, b json.RawMessage) bool {
	t.Helper()
	var x, y struct {
		BoardSet struct {
			Boards []json.RawMessage `json:"boards"`
		} `json:"board_set"`
	}
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	if len(x.BoardSet.Boards) != 6 || len(x.BoardSet.Boards) != len(y.BoardSet.Boards) {
		return false
	}
	for i := range x.BoardSet.Boards {
		if string(x.BoardSet.Boards[i]) != string(y.BoardSet.Boards[i]) {
			return false
		}
	}
	return true
}
