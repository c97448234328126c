package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/bridge-director/director/scoring"
)

// A teams evening of four teams, two rounds of two-board matches: the
// standings page shows each round's matches with their IMPs and victory
// points, and the victory-point table each team's score by round and
// against whom, its total after its penalties, on a phone and on a desktop.
func TestTeamsMatchesPage(t *testing.T) {
	s := startDirector(t, t.TempDir())
	s.mustCall(t, "POST", "/v1/events", `{"event_id":"teams","event":{"title":"Teams of four","scoring":{"form":"FORM_TEAMS_VP"}}}`, nil)
	s.mustCall(t, "POST", "/v1/events/teams/sessions", `{"session_id":1,"session":{}}`, nil)
	s.mustCall(t, "POST", "/v1/events/teams/sessions/1/sections", `{"section_id":"A","section":{"entrants":[
		{"number":1,"name":"Lions"},{"number":2,"name":"Tigers"},{"number":3,"name":"Bears"},{"number":4,"name":"Wolves"}]}}`, nil)
	result := func(table, round, board, ns, ew int, contract string, tricks int) {
		s.mustCall(t, "POST", "/v1/events/teams/results", fmt.Sprintf(`{"result":{"table":%d,"round":%d,"board":%d,"ns_pair":%d,"ew_pair":%d,
			"played":{"contract":%q,"declarer":"SEAT_NORTH","tricks":%d}}}`, table, round, board, ns, ew, contract, tricks), nil)
	}
	// Round 1: the Lions bid 4♠ on board 1 where the Tigers stop in 2♠,
	// +420 against +170, 6 IMPs; every other board is flat.
	result(1, 1, 1, 1, 2, "4S", 10)
	result(2, 1, 1, 2, 1, "2S", 10)
	result(1, 1, 2, 1, 2, "3NT", 9)
	result(2, 1, 2, 2, 1, "3NT", 9)
	for board := 1; board <= 2; board++ {
		result(3, 1, board, 3, 4, "3NT", 9)
		result(4, 1, board, 4, 3, "3NT", 9)
	}
	// Round 2: the Lions meet the Bears, the Tigers the Wolves.
	for board := 3; board <= 4; board++ {
		result(1, 2, board, 1, 3, "3NT", 9)
		result(2, 2, board, 3, 1, "3NT", 9)
		result(3, 2, board, 2, 4, "3NT", 9)
		result(4, 2, board, 4, 2, "3NT", 9)
	}
	win, err := scoring.WBF2013{}.VP(6, 2)
	if err != nil {
		t.Fatal(err)
	}
	lose, _ := scoring.WBF2013{}.VP(-6, 2)
	// The Wolves are fined a victory point for slow play: their total is
	// after it, their rounds before.
	s.mustCall(t, "POST", "/v1/events/teams/penalties", `{"penalty":{"section":"A","pair":4,"amount":1,"unit":"PENALTY_UNIT_VICTORY_POINTS","reason":"slow play"}}`, nil)

	for _, w := range []window{phone, desktop} {
		t.Run(w.name, func(t *testing.T) {
			ctx := browse(t, w)
			if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/events/teams/standings?session=1")); err != nil {
				t.Fatal(err)
			}
			match := text(t, ctx, `table.matches[data-round="1"] tr[data-match="A1-2"]`)
			if want := fmt.Sprintf("6.00 – -6.00\t%.2f – %.2f", win, lose); !strings.Contains(match, "Lions") || !strings.Contains(match, "Tigers") || !strings.Contains(match, want) {
				t.Errorf("round 1's first match reads %q, want the Lions beating the Tigers %s", match, want)
			}
			if got := text(t, ctx, `table.matches[data-round="2"] tr[data-match="A1-3"]`); !strings.Contains(got, "0.00 – 0.00\t10.00 – 10.00") {
				t.Errorf("round 2's Lions against Bears reads %q, want a flat 10-10", got)
			}
			// The VP table: team, round 1, round 2, total.
			for team, want := range map[int][]string{
				1: {fmt.Sprintf("%.2f v A2", win), "10.00 v A3", fmt.Sprintf("%.2f", win+10)},
				2: {fmt.Sprintf("%.2f v A1", lose), "10.00 v A4", fmt.Sprintf("%.2f", lose+10)},
				4: {"10.00 v A3", "10.00 v A2", "19.00 after 1.00 penalty"},
			} {
				cells, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(`[...document.querySelectorAll('#vp-table tr[data-team="%d"] td')].map(c => c.innerText.trim())`, team)))
				if err != nil || strings.Join(cells, "|") != strings.Join(want, "|") {
					t.Errorf("team %d's line of the VP table reads %q (%v), want %q", team, cells, err, want)
				}
			}
			screenshot(t, ctx, "teams-"+w.name)
		})
	}
}
