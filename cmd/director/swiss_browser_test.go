package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestConsoleRunsASwiss: the console recommends a Swiss for eight teams
// with too little time for their round robin and sets it with its "Use"
// button; the session's view waits for round 1's results, then offers to
// pair round 2, and its grid shows the new round's matches.
func TestConsoleRunsASwiss(t *testing.T) {
	s := startWithTokens(t, "tokens:\n  - name: swiss-director\n    token: swiss-director-token\n    roles: [director]\n")
	s.token = "swiss-director-token"
	s.mustCall(t, "POST", "/v1/events", `{"event_id":"swiss","event":{"title":"Swiss teams","scoring":{"form":"FORM_TEAMS_VP"}}}`, nil)
	ctx := browse(t, desktop)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/console"),
		chromedp.SendKeys("#token", s.token), chromedp.Click("#signin-form button")); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible("#new-event"), chromedp.Navigate(s.base+"/console/events/swiss")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the event's view opens", `!!document.querySelector("#new-section")`)
	if err := chromedp.Do(ctx, chromedp.SetValue("#sec-entrants", "8"), chromedp.SetValue("#sec-boards", "12"), chromedp.SetValue("#sec-minutes", "90"),
		chromedp.Click("#new-section button[type=submit]")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "a Swiss is recommended with a button to use it", `!!document.querySelector("#recommendations button[data-pick]")`)
	if first := text(t, ctx, "#recommendations li"); !strings.Contains(first, "Swiss teams, 8 teams, 3 matches of 4 boards") {
		t.Fatalf("the first recommendation is %q, want the Swiss", first)
	}
	if err := chromedp.Do(ctx, chromedp.Click(`#recommendations button[data-pick="0"]`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "section A is listed with the Swiss", `(document.querySelector('[data-section="events/swiss/sessions/1/sections/A"]')||{textContent:""}).textContent.includes("Swiss teams")`)

	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/console/events/swiss/sessions/1/sections/A")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the view waits for round 1", `(document.querySelector("#swiss")||{textContent:""}).textContent.includes("Round 2 is paired once round 1 is in: 32 results to come")`)
	waitFor(t, ctx, "round 2's tables wait for the pairing", `(document.querySelector('#grid tr[data-table="1"] td[data-round="2"]')||{textContent:""}).textContent == "to be paired"`)
	// Round 1 (1v2, 3v4, 5v6, 7v8, four boards): the home teams win, team
	// 1 by most, team 7 by least.
	for k, tricks := range []int{5, 6, 7, 8} {
		home, away, table := 2*k+1, 2*k+2, 2*k+1
		for board := 1; board <= 4; board++ {
			s.mustCall(t, "POST", "/v1/events/swiss/results", swissResult(table, 1, board, home, away, 9), nil)
			s.mustCall(t, "POST", "/v1/events/swiss/results", swissResult(table+1, 1, board, away, home, tricks), nil)
		}
	}
	waitFor(t, ctx, "the view offers to pair round 2", `!!document.querySelector('#pair-round[data-round="2"]')`)
	if err := chromedp.Do(ctx, chromedp.Click("#pair-round")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the view waits for round 2", `(document.querySelector("#swiss")||{textContent:""}).textContent.includes("Round 3 is paired once round 2 is in")`)
	// The winners meet: team 1 against team 3 at tables 1 and 2.
	waitFor(t, ctx, "the grid shows round 2's first match", `(document.querySelector('#grid tr[data-table="1"] td[data-round="2"]')||{title:""}).title.includes("pairs 1 and 3")`)
	var seat struct {
		Seating struct{ Ns, Ew int } `json:"seating"`
	}
	s.mustCall(t, "GET", "/v1/events/swiss/sessions/1/sections/A/tables/7/rounds/2", "", &seat)
	if got := fmt.Sprint(seat.Seating.Ns, seat.Seating.Ew); got != "4 2" {
		t.Errorf("round 2 table 7 seats %s, want team 4 against team 2", got)
	}
}
