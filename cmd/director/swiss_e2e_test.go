package main

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// swissResult is one room of a Swiss match over REST: 3NT by North with
// tricks, the home team North-South at the odd table.
func swissResult(table, round, board, ns, ew, tricks int) string {
	return fmt.Sprintf(`{"result":{"session":1,"section":"A","table":%d,"round":%d,"board":%d,"ns_pair":%d,"ew_pair":%d,
		"played":{"contract":"3NT","declarer":"SEAT_NORTH","tricks":%d}}}`, table, round, board, ns, ew, tricks)
}

// TestASwissOverREST runs a Swiss of eight teams through the binary: the
// Swiss set, round 1 played as it was paired, round 2
// refused while a board is missing and then paired from the standings,
// and a table of round 2 answering with its new match.
func TestASwissOverREST(t *testing.T) {
	s := startDirector(t, t.TempDir())
	s.mustCall(t, "POST", "/v1/events", `{"event_id":"swiss","event":{"title":"Swiss teams","scoring":{"form":"FORM_TEAMS_VP"}}}`, nil)
	s.mustCall(t, "POST", "/v1/events/swiss/sessions", `{"session_id":1}`, nil)
	teams := make([]string, 8)
	for i := range teams {
		teams[i] = fmt.Sprintf(`{"number":%d,"name":"Team %d"}`, i+1, i+1)
	}
	s.mustCall(t, "POST", "/v1/events/swiss/sessions/1/sections", `{"section_id":"A","section":{"entrants":[`+strings.Join(teams, ",")+`]}}`, nil)
	section := "/v1/events/swiss/sessions/1/sections/A"
	s.mustCall(t, "POST", section+":setMovement", `{"choice":{"kind":"KIND_SWISS_TEAMS","rounds":3,"boards_per_round":2}}`, nil)

	// Round 1 (1v2, 3v4, 5v6, 7v8): the home teams win, 1 by most and 7
	// by least; table 8's board 2 is not in yet.
	for k, tricks := range []int{5, 6, 7, 8} {
		home, away, table := 2*k+1, 2*k+2, 2*k+1
		for board := 1; board <= 2; board++ {
			s.mustCall(t, "POST", "/v1/events/swiss/results", swissResult(table, 1, board, home, away, 9), nil)
			if table+1 == 8 && board == 2 {
				continue
			}
			s.mustCall(t, "POST", "/v1/events/swiss/results", swissResult(table+1, 1, board, away, home, tricks), nil)
		}
	}
	var refused struct {
		Message string `json:"message"`
	}
	if code := s.call(t, "POST", section+":pairSwissRound", `{"round":2}`, &refused); code != http.StatusBadRequest || !strings.Contains(refused.Message, "table 8 (board 2)") {
		t.Errorf("pairing round 2 with a board missing: %d %q, want 400 naming table 8 board 2", code, refused.Message)
	}
	s.mustCall(t, "POST", "/v1/events/swiss/results", swissResult(8, 1, 2, 8, 7, 8), nil)

	var paired struct {
		Matches []struct {
			Home   int   `json:"home"`
			Away   int   `json:"away"`
			Tables []int `json:"tables"`
		} `json:"matches"`
		Revision int `json:"revision"`
	}
	s.mustCall(t, "POST", section+":pairSwissRound", `{"round":2,"request_id":"pair-round-2"}`, &paired)
	var got [][2]int
	for _, m := range paired.Matches {
		got = append(got, [2]int{m.Home, m.Away})
	}
	if want := [][2]int{{1, 3}, {5, 7}, {8, 6}, {4, 2}}; !slices.Equal(got, want) {
		t.Errorf("round 2 paired %v, want %v", got, want)
	}
	var seat struct {
		Seating struct {
			Ns        int `json:"ns"`
			Ew        int `json:"ew"`
			LowBoard  int `json:"low_board"`
			HighBoard int `json:"high_board"`
		} `json:"seating"`
		Revision int `json:"revision"`
	}
	s.mustCall(t, "GET", section+"/tables/7/rounds/2", "", &seat)
	if seat.Seating.Ns != 4 || seat.Seating.Ew != 2 || seat.Seating.LowBoard != 3 || seat.Seating.HighBoard != 4 || seat.Revision != paired.Revision {
		t.Errorf("round 2 table 7: %+v, want team 4 against team 2 on boards 3 and 4 at revision %d", seat, paired.Revision)
	}
	if code := s.call(t, "POST", "/v1/events/swiss/results", swissResult(7, 2, 3, 7, 8, 9), &refused); code != http.StatusBadRequest || !strings.Contains(refused.Message, "pair 4 North-South and pair 2 East-West") {
		t.Errorf("a result with round 1's pairing at table 7 in round 2: %d %q, want 400 with the schedule's teams", code, refused.Message)
	}
	s.mustCall(t, "POST", "/v1/events/swiss/results", swissResult(7, 2, 3, 4, 2, 9), nil)
	resp, raw := s.send(t, "", "GET", section+"/files/cards.pdf", "")
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(string(raw), "%PDF-") {
		t.Errorf("the cards of the Swiss with round 2 paired: %d", resp.StatusCode)
	}
	// The Bridgemate schedule has the two rounds paired so far, four
	// matches (eight tables) a round, and round 3's tables with nobody.
	resp, raw = s.send(t, "", "GET", section+"/files/rounddata.csv", "")
	lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
	if resp.StatusCode != http.StatusOK || len(lines) != 1+3*8 || lines[15] != "A,7,2,4,2,3,4" || lines[17] != "A,1,3,0,0,0,0" {
		t.Errorf("rounddata.csv: %d, want rounds 1 and 2 paired and round 3 empty:\n%s", resp.StatusCode, raw)
	}
}
