package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/usebio"
	"github.com/bridge-director/director/scoring"
)

// The closing test of the table workflow: a 15-table Mitchell of one board
// a round over three rounds, played by fifteen devices at once over REST,
// while a scorer follows the change feeds over server-sent events.

const (
	tourEvent   = "spring-pairs"
	tourSection = "/v1/events/" + tourEvent + "/sessions/1/sections/A"
	tourTables  = 15
	tourRounds  = 3
	// Table 4 keys a wrong trick count in round 2 and enters the board
	// again before East-West confirm.
	reenteringTable = 4
	// Table 7 finds in round 3, after East-West confirmed, that declarer
	// made a trick more: the device is refused and the director corrects.
	lateTable = 7
	// Table 11 calls the director in round 2.
	callingTable = 11
)

// tourTricks is what North-South pair n make in 4S by North, the contract
// every table reaches.
func tourTricks(ns int) int { return 8 + ns%5 }

// tourPlayer is the registry's player i (1 to 60): pair p's players are
// 2p-1 and 2p.
func tourPlayer(i int) (id, name string) {
	firsts := []string{"Anna", "Piotr", "Maria", "Jan", "Ewa", "Tomasz", "Zofia", "Adam", "Ola", "Marek", "Kasia", "Pawel"}
	surnames := []string{"Kowalska", "Nowak", "Wisniewska", "Zielinski", "Lewandowska"}
	return strconv.Itoa(5000 + i), firsts[(i-1)%len(firsts)] + " " + surnames[(i-1)/len(firsts)]
}

// sent is a request a device made and the answer it got, kept to send
// again after a lost connection.
type sent struct {
	method, path, body string
	status             int
	answer             []byte
}

// device is a table's device in its own goroutine: its code, its own HTTP
// client, and what it sent.
type device struct {
	s     *server // the director's address, with the device's own client
	code  string
	table int
	held  []sent
}

// send makes a request with the device's code and says what is wrong
// unless the answer has status want.
func (d *device) send(method, path, body string, want int) ([]byte, error) {
	resp, raw, err := d.s.request(d.code, method, path, body)
	if err != nil {
		return nil, fmt.Errorf("table %d: %v", d.table, err)
	}
	if resp.StatusCode != want {
		return raw, fmt.Errorf("table %d: %s %s: status %d, want %d: %s", d.table, method, path, resp.StatusCode, want, raw)
	}
	return raw, nil
}

// keep sends a request that changes something, as send does, and holds it
// with its answer.
func (d *device) keep(method, path, body string) ([]byte, error) {
	raw, err := d.send(method, path, body, http.StatusOK)
	if err == nil {
		d.held = append(d.held, sent{method, path, body, http.StatusOK, raw})
	}
	return raw, err
}

// reconnect drops the device's connections, as a device losing its
// network does, and dials afresh.
func (d *device) reconnect() {
	d.s.client.CloseIdleConnections()
	d.s = &server{base: d.s.base, client: &http.Client{Transport: &http.Transport{}}}
}

// resend sends again all the device holds, the first half one after
// another and the rest all at once, and says where an answer differs from
// the first.
func (d *device) resend() []error {
	var mu sync.Mutex
	var errs []error
	check := func(m sent) {
		raw, err := d.send(m.method, m.path, m.body, m.status)
		if err == nil && !bytes.Equal(raw, m.answer) {
			err = fmt.Errorf("table %d: %s %s again: %s, want the first answer %s", d.table, m.method, m.path, raw, m.answer)
		}
		if err != nil {
			mu.Lock()
			errs = append(errs, err)
			mu.Unlock()
		}
	}
	half := len(d.held) / 2
	for _, m := range d.held[:half] {
		check(m)
	}
	var wg sync.WaitGroup
	for _, m := range d.held[half:] {
		wg.Go(func() { check(m) })
	}
	wg.Wait()
	return errs
}

// play plays one round at the device's table: it reads the round, enters
// its players in round 1, is refused the traveller before the board is
// played, enters the result, has East-West confirm it, and then reads the
// traveller; it returns the board and the pairs that played it.
func (d *device) play(round int) (slot scoring.Result, err error) {
	tablePath := fmt.Sprintf("%s/tables/%d", tourSection, d.table)
	var r tableRound
	raw, err := d.send("GET", fmt.Sprintf("%s/rounds/%d", tablePath, round), "", http.StatusOK)
	if err != nil {
		return slot, err
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return slot, err
	}
	s := r.Seating
	if s.Table != d.table || s.Ns != d.table || s.Ew <= tourTables || s.LowBoard != s.HighBoard || r.RoundTime != "480s" {
		return slot, fmt.Errorf("table %d round %d: %s", d.table, round, raw)
	}
	board := s.LowBoard
	slot = scoring.Result{Section: "A", Table: d.table, Round: round, Board: board, NS: s.Ns, EW: s.Ew}

	if round == 1 {
		// The players key their numbers, North, South, East and West; the
		// even tables' device names its request, the odd tables' does not.
		north, _ := tourPlayer(2*s.Ns - 1)
		south, _ := tourPlayer(2 * s.Ns)
		east, _ := tourPlayer(2*s.Ew - 1)
		west, _ := tourPlayer(2 * s.Ew)
		id := ""
		if d.table%2 == 0 {
			id = fmt.Sprintf(`"request_id":"t%d-r1-players",`, d.table)
		}
		body := fmt.Sprintf(`{%s"numbers":[{"seat":"SEAT_NORTH","member_number":"%s"},{"seat":"SEAT_SOUTH","member_number":"%s"},
			{"seat":"SEAT_EAST","member_number":"%s"},{"seat":"SEAT_WEST","member_number":"%s"}]}`, id, north, south, east, west)
		if _, err := d.keep("POST", tablePath+"/rounds/1/players", body); err != nil {
			return slot, err
		}
	}

	traveller := fmt.Sprintf("/v1/events/%s/boards/%d/traveller", tourEvent, board)
	if _, err := d.send("GET", traveller, "", http.StatusForbidden); err != nil {
		return slot, err
	}
	result := func(id string, tricks int) string {
		return fmt.Sprintf(`{"request_id":"t%d-r%d-b%d%s","result":{"table":%d,"round":%d,"board":%d,"ns_pair":%d,"ew_pair":%d,
			"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":%d,"lead":"HK"}}}`, d.table, round, board, id, d.table, round, board, s.Ns, s.Ew, tricks)
	}
	tricks := tourTricks(s.Ns)
	if d.table == reenteringTable && round == 2 {
		if _, err := d.keep("POST", "/v1/events/"+tourEvent+"/results", result("-mistyped", tricks-2)); err != nil {
			return slot, err
		}
	}
	raw, err = d.keep("POST", "/v1/events/"+tourEvent+"/results", result("", tricks))
	if err != nil {
		return slot, err
	}
	var entered enteredResult
	json.Unmarshal(raw, &entered)
	if want := 1 + btoi(d.table == reenteringTable && round == 2); entered.Result.Revision != want || entered.Result.Confirmation != nil {
		return slot, fmt.Errorf("table %d round %d entered %s, want revision %d awaiting confirmation", d.table, round, raw, want)
	}
	confirm := fmt.Sprintf(`{"request_id":"t%d-r%d-b%d-confirm","revision":%d,"side":"SIDE_EAST_WEST"}`, d.table, round, board, entered.Result.Revision)
	if _, err := d.keep("POST", "/v1/"+entered.Result.Name+":confirm", confirm); err != nil {
		return slot, err
	}
	if _, err := d.send("GET", traveller, "", http.StatusOK); err != nil {
		return slot, err
	}

	if d.table == lateTable && round == 3 {
		raw, err := d.send("POST", "/v1/events/"+tourEvent+"/results", result("-late", tricks+1), http.StatusBadRequest)
		if err != nil {
			return slot, err
		}
		if !strings.Contains(string(raw), "only a director or a scorer may change it now") {
			return slot, fmt.Errorf("table %d changing a confirmed result: %s", d.table, raw)
		}
	}
	if d.table == callingTable && round == 2 {
		body := fmt.Sprintf(`{"request_id":"t%d-r2-call","call":{"table":%d,"round":2,"board":%d,"called_by":"SEAT_EAST","description":"North led out of turn"}}`, d.table, d.table, board)
		raw, err := d.keep("POST", tourSection+"/calls", body)
		if err != nil {
			return slot, err
		}
		var call tableCall
		json.Unmarshal(raw, &call)
		if call.Call.NsPair != s.Ns || call.Call.EwPair != s.Ew || call.Call.RecordedBy != tablePath[4:] {
			return slot, fmt.Errorf("table %d's director call: %s", d.table, raw)
		}
	}
	slot.Ref = tricks
	return slot, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// feedLog is what a watcher of the feeds saw, as it comes in.
type feedLog struct {
	mu      sync.Mutex
	records []feedRecord
	ended   string // why the watch ended, if it did
	changed chan struct{}
}

// follow reads w's events into a log until the watch ends.
func follow(w *sseWatch) *feedLog {
	l := &feedLog{changed: make(chan struct{}, 1)}
	go func() {
		for e := range w.events {
			var r feedRecord
			err := json.Unmarshal([]byte(e.data), &r)
			l.mu.Lock()
			switch {
			case e.name != "":
				l.ended = fmt.Sprintf("a %s event: %s", e.name, e.data)
			case err != nil:
				l.ended = fmt.Sprintf("event data %q: %v", e.data, err)
			default:
				l.records = append(l.records, r)
			}
			l.mu.Unlock()
			select {
			case l.changed <- struct{}{}:
			default:
			}
		}
		l.mu.Lock()
		if l.ended == "" {
			l.ended = "the watch ended"
		}
		l.mu.Unlock()
		select {
		case l.changed <- struct{}{}:
		default:
		}
	}()
	return l
}

// waitFor waits until the watcher has seen, of each service named, at
// least the number of records given; the deadline only keeps a broken
// watch from hanging the test.
func (l *feedLog) waitFor(t *testing.T, want map[string]int) {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		l.mu.Lock()
		count := map[string]int{}
		for _, r := range l.records {
			count[r.Service]++
		}
		done := true
		for service, n := range want {
			done = done && count[service] >= n
		}
		ended := l.ended
		l.mu.Unlock()
		switch {
		case done:
			return
		case ended != "":
			t.Fatalf("waiting for %v, having seen %v: %s", want, count, ended)
		}
		select {
		case <-l.changed:
		case <-deadline:
			t.Fatalf("waiting for %v: the watcher saw %v in 30 seconds", want, count)
		}
	}
}

// kinds counts the records of each kind of a service the watcher saw,
// checking their sequences run 1, 2, 3 ...
func (l *feedLog) kinds(t *testing.T, service string) (map[string]int, []feedRecord) {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	out := map[string]int{}
	var records []feedRecord
	for _, r := range l.records {
		if r.Service != service {
			continue
		}
		records = append(records, r)
		if r.Change.Sequence != strconv.Itoa(len(records)) {
			t.Errorf("%s: record %d of the watch has sequence %s", service, len(records), r.Change.Sequence)
		}
		out[strings.TrimPrefix(r.Change.Kind, "CHANGE_KIND_")]++
	}
	return out, records
}

// TestTournamentOverREST plays a 15-table Mitchell (30 pairs, one board a
// round, three rounds) with a device at every table, each in its own
// goroutine with its own code and connection: it logs on, enters its
// players from the federation's registry, reads each round, enters its
// board and has East-West confirm it. Table 4 enters a board again before
// confirmation; table 7 is refused a change after it and the director
// corrects the result; table 11 calls the director. Every device loses its
// connection and resends all it holds, partly at once, and gets the same
// answers. A scorer follows the feeds over server-sent events throughout.
// The standings are what the scoring library makes of the results
// entered, the USEBIO export carries them with the players' names, and
// the feeds hold every change once, in order, and nothing of the resends.
func TestTournamentOverREST(t *testing.T) {
	s := startWithTokens(t, `tokens:
  - {name: federation, token: admin-secret, roles: [federation-admin]}
  - {name: chief-director, token: director-secret, roles: [director], events: [events/`+tourEvent+`]}
  - {name: scorer, token: scorer-secret, roles: [scorer], events: [events/`+tourEvent+`]}
rate_limits: {terminal: {per_second: 1000, burst: 2000}} # a test's devices, faster than people
`)
	director := func(method, path, body string) []byte {
		t.Helper()
		return expectAs(t, s, "director-secret", method, path, body, http.StatusOK)
	}

	// The federation's registry: the 60 players.
	var registry strings.Builder
	registry.WriteString("national_id,name,club\n")
	for i := 1; i <= 4*tourTables; i++ {
		id, name := tourPlayer(i)
		fmt.Fprintf(&registry, "%s,%s,Spring BC\n", id, name)
	}
	expectAs(t, s, "admin-secret", "POST", "/v1/players:import", `{"csv":"`+base64.StdEncoding.EncodeToString([]byte(registry.String()))+`"}`, http.StatusOK)

	// The event, with its 30 pairs unnamed: the tables name them.
	director("POST", "/v1/events", `{"event_id":"`+tourEvent+`","event":{"title":"Spring pairs","scoring":{"form":"FORM_MATCHPOINTS","two_winners":true}}}`)
	watch, code := s.watchFeeds(t, "scorer-secret", "/v1/events/"+tourEvent+"/changes:watch?services=scoring,movement,rulings&since=scoring:0,movement:0,rulings:0", "")
	if code != http.StatusOK {
		t.Fatalf("the scorer's watch: %d", code)
	}
	seen := follow(watch)
	director("POST", "/v1/events/"+tourEvent+"/sessions", `{"session_id":1}`)
	var entrants []string
	for n := 1; n <= 2*tourTables; n++ {
		entrants = append(entrants, fmt.Sprintf(`{"number":%d}`, n))
	}
	director("POST", "/v1/events/"+tourEvent+"/sessions/1/sections", `{"section_id":"A","section":{"entrants":[`+strings.Join(entrants, ",")+`]}}`)
	director("POST", tourSection+":setMovement", fmt.Sprintf(`{"choice":{"kind":"KIND_MITCHELL","rounds":%d,"boards_per_round":1}}`, tourRounds))
	director("POST", tourSection+":setTerminalSettings", `{"settings":{"lead_card":"LEAD_CARD_ENTRY_NO_VALIDATION","seconds_per_board":420,"extra_seconds":60}}`)
	var issued issuedCodes
	json.Unmarshal(director("POST", tourSection+"/tabletokens:issue", `{"ttl":"14400s"}`), &issued)
	if len(issued.Tokens) != tourTables {
		t.Fatalf("issued %d codes, want one for each of %d tables", len(issued.Tokens), tourTables)
	}

	// Each device logs on with its code and plays its rounds; the director
	// calls the move when every table has finished a round.
	devices := make([]*device, tourTables)
	for i, tok := range issued.Tokens {
		devices[i] = &device{s: &server{base: s.base, client: &http.Client{Transport: &http.Transport{}}}, code: tok.Code, table: i + 1}
	}
	played := make([][]scoring.Result, tourTables) // by table, in round order
	var wg sync.WaitGroup
	moves := make([]chan struct{}, tourRounds+1)
	for r := range moves {
		moves[r] = make(chan struct{})
	}
	finished := make([]sync.WaitGroup, tourRounds+1)
	for r := 1; r <= tourRounds; r++ {
		finished[r].Add(tourTables)
	}
	for i, d := range devices {
		wg.Go(func() {
			defer func() { // a device that stops still finishes its rounds for the others
				for r := len(played[i]) + 1; r <= tourRounds; r++ {
					finished[r].Done()
				}
			}()
			var who struct {
				Table  string `json:"table"`
				Number int    `json:"number"`
			}
			raw, err := d.send("GET", "/v1/table:whoami", "", http.StatusOK)
			if json.Unmarshal(raw, &who); err == nil && (who.Number != d.table || who.Table != issued.Tokens[i].Table) {
				err = fmt.Errorf("device %d logged on as %s", d.table, raw)
			}
			if err != nil {
				t.Error(err)
				return
			}
			for r := 1; r <= tourRounds; r++ {
				<-moves[r]
				slot, err := d.play(r)
				if err != nil {
					t.Error(err)
					return
				}
				played[i] = append(played[i], slot)
				finished[r].Done()
			}
		})
	}
	for r := 1; r <= tourRounds; r++ {
		close(moves[r])
		finished[r].Wait()
		if t.Failed() {
			wg.Wait()
			t.FailNow()
		}
		// The scorer's watch shows the round: every table's result
		// confirmed (and, in round 1, its players).
		seen.waitFor(t, map[string]int{"scoring": r*2*tourTables + btoi(r >= 2), "movement": 5 + tourTables, "rulings": btoi(r >= 2)})
	}
	wg.Wait()

	// The feeds as they stand after play; then every device loses its
	// connection and resends all it holds.
	lastSequence := func() map[string]string {
		out := map[string]string{}
		for _, service := range []string{"scoring", "movement", "rulings"} {
			var p struct {
				LastSequence string `json:"last_sequence"`
			}
			json.Unmarshal(expectAs(t, s, "scorer-secret", "GET", "/v1/events/"+tourEvent+"/feeds/"+service+"/changes?page_size=1", "", http.StatusOK), &p)
			out[service] = p.LastSequence
		}
		return out
	}
	var results struct {
		Results []json.RawMessage `json:"results"`
	}
	json.Unmarshal(director("GET", "/v1/events/"+tourEvent+"/results?page_size=1000", ""), &results)
	before, feedsBefore := fmt.Sprint(results.Results), lastSequence()
	var storm sync.WaitGroup
	for _, d := range devices {
		d.reconnect()
		storm.Go(func() {
			for _, err := range d.resend() {
				t.Error(err)
			}
		})
	}
	storm.Wait()
	json.Unmarshal(director("GET", "/v1/events/"+tourEvent+"/results?page_size=1000", ""), &results)
	if after, feedsAfter := fmt.Sprint(results.Results), lastSequence(); after != before || fmt.Sprint(feedsAfter) != fmt.Sprint(feedsBefore) {
		t.Errorf("the resends changed the results (%v) or the feeds: %v before, %v after", after != before, feedsBefore, feedsAfter)
	}

	// The director corrects table 7's round 3, which the table may no
	// longer change; its device, resending what it holds once more, gets
	// its first answers and does not undo the correction.
	late := &played[lateTable-1][2]
	late.Ref = late.Ref.(int) + 1
	name := fmt.Sprintf("events/%s/sessions/1/sections/A/tables/%d/rounds/3/boards/%d", tourEvent, lateTable, late.Board)
	director("POST", "/v1/"+name+":correct", fmt.Sprintf(`{"reason":"declarer made %d: East-West agree","result":{"ns_pair":%d,"ew_pair":%d,
		"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":%d,"lead":"HK"}}}`, late.Ref, late.NS, late.EW, late.Ref))
	devices[lateTable-1].reconnect()
	for _, err := range devices[lateTable-1].resend() {
		t.Error(err)
	}

	// What the standings must be: the scoring library over the results
	// entered.
	fourSpades, err := bridge.ParseContract("4S")
	if err != nil {
		t.Fatal(err)
	}
	var entered []scoring.Result
	for _, rounds := range played {
		for _, r := range rounds {
			if r.NSScore, err = scoring.Score(fourSpades, bridge.North, r.Ref.(int), bridge.BoardVulnerability(r.Board)); err != nil {
				t.Fatal(err)
			}
			entered = append(entered, r)
		}
	}
	want, err := scoring.ScoreSession(scoring.Settings{Form: scoring.MatchpointPairs, Profile: scoring.WBF, TwoWinners: true}, entered, nil)
	if err != nil || len(want.Standings) != 2*tourTables || len(want.Lines) != tourTables*tourRounds {
		t.Fatalf("scoring the results entered: %v, %d standings, %d lines", err, len(want.Standings), len(want.Lines))
	}
	namesOf := func(pair int) []string {
		_, first := tourPlayer(2*pair - 1)
		_, second := tourPlayer(2 * pair)
		return []string{first, second}
	}
	side := map[bridge.Side]string{bridge.NorthSouth: "SIDE_NORTH_SOUTH", bridge.EastWest: "SIDE_EAST_WEST"}
	// The public's standings are the field as last scored, a moment after
	// the last correction: they must come to these, and stay.
	var wrong []string
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		var got standings
		_, raw := s.get(t, "/v1/events/"+tourEvent+"/standings")
		if err := json.Unmarshal(raw, &got); err != nil || len(got.Standings) != len(want.Standings) || len(got.Problems) != 0 {
			t.Fatalf("the standings: %s", raw)
		}
		wrong = wrong[:0]
		for i, w := range want.Standings {
			g := got.Standings[i]
			if g.Pair != w.Pair || g.Direction != side[w.Direction] || g.Score != w.Score || g.Percentage != w.Percentage || g.Place != w.Place ||
				g.BoardsPlayed != tourRounds || !slices.Equal(g.Names, namesOf(w.Pair)) {
				wrong = append(wrong, fmt.Sprintf("standing %d: %+v, want pair %d %s, %v matchpoints, %.2f%%, place %s, %d boards, %v", i+1, g, w.Pair, side[w.Direction], w.Score, w.Percentage, w.Place, tourRounds, namesOf(w.Pair)))
			}
		}
		if len(wrong) == 0 || time.Now().After(deadline) {
			break
		}
	}
	for _, w := range wrong {
		t.Error(w)
	}

	// The USEBIO file for the federation.
	resp, file := s.send(t, "scorer-secret", "GET", "/v1/events/"+tourEvent+"/sessions/1/results/"+tourEvent+".xml", "")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/xml" {
		t.Fatalf("the USEBIO download: %d %q: %.300s", resp.StatusCode, resp.Header.Get("Content-Type"), file)
	}
	u, err := usebio.Read(bytes.NewReader(file))
	if err != nil {
		t.Fatalf("the USEBIO download: %v", err)
	}
	if u.Event.Type != "MP_PAIRS" || u.Event.WinnerType != "2" || len(u.Event.Sessions) != 1 || len(u.Event.Sessions[0].Sections) != 1 {
		t.Fatalf("the USEBIO event: %+v", u.Event)
	}
	sec := u.Event.Sessions[0].Sections[0]
	if len(sec.Participants.Pairs) != len(want.Standings) {
		t.Fatalf("USEBIO has %d pairs, want %d", len(sec.Participants.Pairs), len(want.Standings))
	}
	for i, w := range want.Standings {
		p := sec.Participants.Pairs[i]
		var names, ids []string
		for _, pl := range p.Players {
			names, ids = append(names, pl.Name), append(ids, pl.NationalID)
		}
		firstID, _ := tourPlayer(2*w.Pair - 1)
		secondID, _ := tourPlayer(2 * w.Pair)
		direction := map[bridge.Side]string{bridge.NorthSouth: "NS", bridge.EastWest: "EW"}[w.Direction]
		if p.Number != strconv.Itoa(w.Pair) || p.Direction != direction || p.Place != w.Place || p.Percentage != strconv.FormatFloat(w.Percentage, 'f', 2, 64) ||
			!sameFigure(p.TotalScore, w.Score) || !slices.Equal(names, namesOf(w.Pair)) || !slices.Equal(ids, []string{firstID, secondID}) {
			t.Errorf("USEBIO pair %d: %+v, want pair %d %s place %s, %.2f%%, %v matchpoints, %v (%s, %s)", i+1, p, w.Pair, direction, w.Place, w.Percentage, w.Score, namesOf(w.Pair), firstID, secondID)
		}
	}
	lines := map[[3]string]usebio.TravellerLine{} // board, NS, EW
	for _, b := range sec.Boards {
		for _, l := range b.Lines {
			lines[[3]string{b.Number, l.NSPair, l.EWPair}] = l
		}
	}
	if len(lines) != len(want.Lines) {
		t.Errorf("USEBIO has %d traveller lines, want %d", len(lines), len(want.Lines))
	}
	for _, w := range want.Lines {
		r := w.Result
		l, ok := lines[[3]string{strconv.Itoa(r.Board), strconv.Itoa(r.NS), strconv.Itoa(r.EW)}]
		if !ok || l.Contract != "4S" || l.PlayedBy != "N" || l.Tricks != fmt.Sprint(r.Ref) || l.Lead != "HK" || l.Score != strconv.Itoa(r.NSScore) ||
			!sameFigure(l.NSMatchPoints, w.NSPoints) || !sameFigure(l.EWMatchPoints, w.EWPoints) {
			t.Errorf("USEBIO board %d, %d against %d: %+v, want 4S by N, %v tricks, %d, %v to %v matchpoints", r.Board, r.NS, r.EW, l, r.Ref, r.NSScore, w.NSPoints, w.EWPoints)
		}
	}

	// The feeds as the scorer's watch saw them: each service's records in
	// order from 1, every change once, the resends nowhere.
	final := lastSequence()
	count := func(service string) int { n, _ := strconv.Atoi(final[service]); return n }
	seen.waitFor(t, map[string]int{"scoring": count("scoring"), "movement": count("movement"), "rulings": count("rulings")})
	boards := tourTables * tourRounds
	for service, kinds := range map[string]map[string]int{
		"movement": {"EVENT_CREATED": 1, "SESSION_CREATED": 1, "SECTION_CREATED": 1, "MOVEMENT_SET": 1, "TERMINAL_SETTINGS_SET": 1, "PLAYERS_ENTERED": tourTables, "TABLE_LOGGED_ON": tourTables},
		"scoring":  {"RESULT_SUBMITTED": boards, "RESULT_CORRECTED": 2, "RESULT_CONFIRMED": boards},
		"rulings":  {"CALL_OPENED": 1},
	} {
		got, records := seen.kinds(t, service)
		if fmt.Sprint(got) != fmt.Sprint(kinds) || strconv.Itoa(len(records)) != final[service] {
			t.Errorf("%s: the watch saw %v (%d records, the feed holds %s), want %v", service, got, len(records), final[service], kinds)
		}
		// Each slot's submission and confirmation, and each table's
		// players, once.
		once := map[string]int{}
		for _, r := range records {
			once[r.Change.Kind+" "+r.Change.Name]++
		}
		for what, n := range once {
			if n != 1 && !strings.Contains(what, "CORRECTED") {
				t.Errorf("%s: %s %d times", service, what, n)
			}
		}
	}
	_, scoringRecords := seen.kinds(t, "scoring")
	corrections := []string{}
	for _, r := range scoringRecords {
		if r.Change.Kind == "CHANGE_KIND_RESULT_CORRECTED" {
			corrections = append(corrections, r.Change.By+" "+r.Change.Name)
		}
	}
	reentered := fmt.Sprintf("events/%s/sessions/1/sections/A/tables/%d events/%s/sessions/1/sections/A/tables/%d/rounds/2/boards/%d",
		tourEvent, reenteringTable, tourEvent, reenteringTable, played[reenteringTable-1][1].Board)
	if len(corrections) != 2 || corrections[0] != reentered || corrections[1] != "chief-director "+name {
		t.Errorf("the corrections in the feed: %q, want table %d's entry again and the director's of %s", corrections, reenteringTable, name)
	}
}

// sameFigure reports whether a file's figure is v to the 2 decimals
// printed.
func sameFigure(text string, v float64) bool {
	f, err := strconv.ParseFloat(text, 64)
	return err == nil && f-v < 0.005 && v-f < 0.005
}
