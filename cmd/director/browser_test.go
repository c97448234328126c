package main

// The pages in a real browser: headless Chromium (Debian's
// chromium-headless-shell, which .ci/run installs) driven with chromedp
// against the running binary, at a phone's size and a desktop's. Each test
// saves screenshots of the pages it looked at in screenshots/ (or
// $DIRECTOR_SCREENSHOTS), for a person to look at.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/dealing"
	"github.com/bridge-director/director/formats/pbn"
	"github.com/chromedp/chromedp"
)

// The windows the pages are tried in.
var (
	phone   = window{"phone", 390, 844}
	desktop = window{"desktop", 1280, 900}
)

type window struct {
	name          string
	width, height int
}

// chromium finds the browser: $DIRECTOR_CHROMIUM, or Debian's
// chromium-headless-shell. Without one the test is skipped, saying how to
// get it, unless DIRECTOR_BROWSER_TESTS=required (as .ci/run sets), when it
// fails.
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("DIRECTOR_CHROMIUM"); p != "" {
		return p
	}
	p, err := exec.LookPath("chromium-headless-shell")
	if err == nil {
		return p
	}
	if os.Getenv("DIRECTOR_BROWSER_TESTS") == "required" {
		t.Fatalf("no browser: install Debian's chromium-headless-shell (apt-get install chromium-headless-shell) or set DIRECTOR_CHROMIUM")
	}
	t.Skip("no browser for the page tests: apt-get install chromium-headless-shell (or set DIRECTOR_CHROMIUM) to run them")
	return ""
}

// browse opens a tab of a new headless browser with a window of w's size,
// closed when the test ends; every step taken in it is bounded by a minute.
func browse(t *testing.T, w window) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(w.width, w.height),
	)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelTab := chromedp.NewContext(ctx)
	t.Cleanup(cancelTab)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(w.width), int64(w.height))); err != nil {
		t.Fatalf("starting the browser: %v", err)
	}
	return ctx
}

// screenshot saves the whole page as screenshots/<name>.png.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	dir := os.Getenv("DIRECTOR_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join("..", "..", "screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// text is the text of the first element sel matches, once it is visible.
func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.WaitVisible(sel)); err != nil {
		t.Fatalf("waiting for %s: %v", sel, err)
	}
	s, err := chromedp.Run(ctx, chromedp.Text(sel))
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return strings.TrimSpace(s)
}

// waitFor waits until the page's script expression is true.
func waitFor(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		page, _ := chromedp.Run(ctx, chromedp.Text("body"))
		screenshot(t, ctx, "failed-"+strings.ReplaceAll(t.Name(), "/", "-"))
		t.Fatalf("waiting until %s (%s): %v\nthe page says:\n%s", what, expr, err, page)
	}
}

func TestHomePageListsEventsAndConsoleSignsIn(t *testing.T) {
	s := startWithTokens(t, "tokens:\n  - name: club-director\n    token: tuesday-director-token\n    roles: [director]\n")
	s.token = "tuesday-director-token"
	s.mustCall(t, "POST", "/v1/events", `{"event_id": "club-night", "event": {"title": "Tuesday pairs",
		"venue": "Welwyn Garden City Bridge Club", "scoring": {"form": "FORM_MATCHPOINTS"}}}`, nil)
	for _, w := range []window{phone, desktop} {
		t.Run(w.name, func(t *testing.T) {
			ctx := browse(t, w)
			if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/")); err != nil {
				t.Fatal(err)
			}
			if got := text(t, ctx, "ul.events li"); !strings.Contains(got, "Tuesday pairs") || !strings.Contains(got, "Welwyn") {
				t.Errorf("the home page lists %q, want the Tuesday pairs at Welwyn", got)
			}
			screenshot(t, ctx, "home-"+w.name)

			if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/console"),
				chromedp.SendKeys("#token", "not-a-token"), chromedp.Click("#signin-form button")); err != nil {
				t.Fatal(err)
			}
			waitFor(t, ctx, "a wrong token is refused", `document.getElementById("signin-error").textContent.includes("Not signed in")`)
			if err := chromedp.Do(ctx, chromedp.SetValue("#token", s.token), chromedp.Click("#signin-form button")); err != nil {
				t.Fatal(err)
			}
			waitFor(t, ctx, "the director is signed in", `!document.getElementById("app").hidden`)
			waitFor(t, ctx, "the console lists the event", `document.querySelector("#events").textContent.includes("Tuesday pairs")`)
			screenshot(t, ctx, "console-events-"+w.name)
		})
	}
}

// A director runs an evening from the console: the event, then section A of
// session 1 with seven pairs and the movement picked from the
// recommendations (the movement service holds what the console showed), the
// boards dealt and released, the table codes, a result corrected from the
// grid, a ruling that adjusts a score, a late pair; then the tables play the
// evening out and a player reads it (playOut).
func TestConsoleSetsUpAnEvening(t *testing.T) {
	s := startWithTokens(t, "tokens:\n  - name: club-director\n    token: tuesday-director-token\n    roles: [director]\n")
	s.token = "tuesday-director-token"
	ctx := browse(t, desktop)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/console"),
		chromedp.SendKeys("#token", s.token), chromedp.Click("#signin-form button")); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible("#new-event"),
		chromedp.SendKeys("#new-id", "tuesday"), chromedp.SendKeys("#new-title", "Tuesday pairs"),
		chromedp.SendKeys("#new-venue", "Welwyn Garden City Bridge Club"),
		chromedp.Click("#new-event button[type=submit]")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the event's view opens", `location.pathname == "/console/events/tuesday" && !!document.querySelector("#new-section")`)
	if err := chromedp.Do(ctx, chromedp.SetValue("#sec-entrants", "7"), chromedp.SetValue("#sec-boards", "21"),
		chromedp.Click("#new-section button[type=submit]")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the recommendations are shown", `!!document.querySelector("#recommendations button[data-pick]")`)
	first := text(t, ctx, "#recommendations li")
	screenshot(t, ctx, "console-recommendations")
	if err := chromedp.Do(ctx, chromedp.Click(`#recommendations button[data-pick="0"]`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "section A is listed with its movement", `(document.querySelector('[data-section="events/tuesday/sessions/1/sections/A"]')||{textContent:""}).textContent.includes("7 entrants")`)
	line := text(t, ctx, `[data-section="events/tuesday/sessions/1/sections/A"]`)
	screenshot(t, ctx, "console-event")

	// The boards: dealt for the session, secret, then released.
	waitFor(t, ctx, "the session offers to deal its boards", `!!document.querySelector("#deal-last")`)
	if err := chromedp.Do(ctx, chromedp.SetValue("#deal-last", "21"), chromedp.Click("#deal button[type=submit]")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "boards 1 to 21 are dealt and secret", `!!document.querySelector("#release") && document.querySelector(".boards").textContent.includes("Boards 1 to 21, secret")`)
	if err := chromedp.Do(ctx, chromedp.Click("#release")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the boards are released, played in section A", `document.querySelector(".boards").textContent.includes("21, released") && document.querySelector(".boards .plays").textContent == " Played in section A."`)
	var set struct {
		BoardSet struct {
			Released  bool `json:"released"`
			LastBoard int  `json:"last_board"`
		} `json:"board_set"`
	}
	s.mustCall(t, "GET", "/v1/events/tuesday/sessions/1/boardsets/main", "", &set)
	if !set.BoardSet.Released || set.BoardSet.LastBoard != 21 {
		t.Errorf("the board set is %+v, want boards to 21, released", set.BoardSet)
	}

	var got struct {
		Section struct {
			Entrants         []struct{ Number int } `json:"entrants"`
			Movement         struct{ Name string }  `json:"movement"`
			TerminalSettings struct {
				BoardSet string `json:"board_set"`
			} `json:"terminal_settings"`
		} `json:"section"`
	}
	s.mustCall(t, "GET", "/v1/events/tuesday/sessions/1/sections/A", "", &got)
	section := got.Section
	// Dealing the session's boards made the section play them, so that its
	// terminals and travellers show these deals.
	if section.TerminalSettings.BoardSet != "events/tuesday/sessions/1/boardsets/main" {
		t.Errorf("section A plays board set %q after the console dealt the session's, want events/tuesday/sessions/1/boardsets/main", section.TerminalSettings.BoardSet)
	}
	if len(section.Entrants) != 7 || section.Movement.Name == "" {
		t.Fatalf("section A holds %d entrants and movement %q, want the 7 pairs and the movement picked", len(section.Entrants), section.Movement.Name)
	}
	if !strings.Contains(first, section.Movement.Name) || !strings.Contains(line, section.Movement.Name) {
		t.Errorf("the console offered %q and shows %q, but the section's movement is %q", first, line, section.Movement.Name)
	}

	// A code for each of the Howell's four tables; table 2's device is
	// lost, and its code revoked.
	if err := chromedp.Do(ctx, chromedp.Click(`button[data-issue]`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "four table codes are shown", `document.querySelectorAll("table.codes tr[data-table]").length == 4`)
	code := text(t, ctx, `tr[data-table="2"] td.code`)
	screenshot(t, ctx, "console-table-codes")
	// Table 1's device logs on; the grid will say so.
	if resp, body := s.send(t, text(t, ctx, `tr[data-table="1"] td.code`), "GET", "/v1/table:whoami", ""); resp.StatusCode != http.StatusOK {
		t.Fatalf("table 1's device logging on: %d %s", resp.StatusCode, body)
	}
	whoami := func() int {
		resp, _ := s.send(t, code, "GET", "/v1/table:whoami", "")
		return resp.StatusCode
	}
	if got := whoami(); got != 200 {
		t.Fatalf("table 2's code %q from the console: whoami = %d, want 200", code, got)
	}
	if err := chromedp.Do(ctx, chromedp.Click(`button[data-revoke$="/tables/2"]`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "table 2's code shows revoked", `document.querySelector('tr[data-table="2"] td.code').textContent == "revoked"`)
	if got := whoami(); got != 401 {
		t.Errorf("table 2's revoked code: whoami = %d, want 401", got)
	}

	// The session's grid: nothing in yet; a result from a table in round 1
	// shows in its cell without a reload.
	if err := chromedp.Do(ctx, chromedp.Click(`a[href="/console/events/tuesday/sessions/1/sections/A"]`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the grid shows the four tables", `document.querySelectorAll("table.grid tr[data-table]").length == 4`)
	for table, want := range map[int]string{1: "logged on", 2: "not logged on", 3: "not logged on"} {
		if got := text(t, ctx, fmt.Sprintf(`table.grid tr[data-table="%d"] .logon`, table)); got != want {
			t.Errorf("the grid says table %d is %q, want %q", table, got, want)
		}
	}
	var movement sectionSeatings
	s.mustCall(t, "GET", "/v1/events/tuesday/sessions/1/sections/A", "", &movement)
	for _, st := range movement.Section.Movement.Seatings {
		if st.Round != 1 || st.NS == 0 || st.EW == 0 || st.LowBoard == 0 {
			continue
		}
		cell := fmt.Sprintf(`table.grid tr[data-table="%d"] td[data-round="1"]`, st.Table)
		if got := text(t, ctx, cell); got != fmt.Sprintf("0/%d", st.HighBoard-st.LowBoard+1) {
			t.Errorf("table %d, round 1 before any result shows %q", st.Table, got)
		}
		s.mustCall(t, "POST", "/v1/events/tuesday/results", fmt.Sprintf(`{"result": {"table": %d, "round": 1, "board": %d,
			"ns_pair": %d, "ew_pair": %d, "played": {"contract": "3NT", "declarer": "SEAT_SOUTH", "tricks": 9, "lead": "D5"}}}`,
			st.Table, st.LowBoard, st.NS, st.EW), nil)
		waitFor(t, ctx, "the result shows in its cell", fmt.Sprintf(`document.querySelector('%s').textContent == "1/%d"`, cell, st.HighBoard-st.LowBoard+1))
		screenshot(t, ctx, "console-grid")

		// Table 2 owns up: 3NT went one down. The director corrects it
		// from the grid, with a reason; the service keeps it as revision 2.
		form := fmt.Sprintf("#correct-%d", st.LowBoard)
		if err := chromedp.Do(ctx, chromedp.Click(cell+" button")); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, "the round's results are listed", fmt.Sprintf(`!!document.querySelector("%s")`, form))
		if err := chromedp.Do(ctx, chromedp.SetValue(form+" input[id$=-tricks]", "8"),
			chromedp.SendKeys(form+" input[id$=-reason]", "North-South agreed 3NT went one down"),
			chromedp.Click(form+" button[type=submit]")); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, "the correction is confirmed", fmt.Sprintf(`(document.querySelector("%s .corrected")||{textContent:""}).textContent.includes("revision 2")`, form))
		if got := text(t, ctx, form+" .corrected"); !strings.Contains(got, "-50 to North-South") && !strings.Contains(got, "-100 to North-South") {
			t.Errorf("the correction says %q, want 3NT one down scored", got)
		}

		// West calls the director: South bid 1H over North's 1S. The call
		// shows in the queue; the dialogue asks whether 1H was unintended,
		// is told no, rules under Law 27, and sends -110 to North-South.
		// Passes from the board's dealer (Law 2) up to North, who opens.
		auction := strings.Repeat("P ", (4-(st.LowBoard-1)%4)%4) + "1S P"
		s.mustCall(t, "POST", "/v1/events/tuesday/sessions/1/sections/A/calls", fmt.Sprintf(`{"call": {"table": %d, "round": 1,
			"board": %d, "called_by": "SEAT_WEST", "auction": %q, "description": "South bid 1H over 1S"}}`, st.Table, st.LowBoard, auction), nil)
		waitFor(t, ctx, "the call is in the queue", `document.querySelectorAll("#calls li[data-call]").length == 1`)
		if err := chromedp.Do(ctx, chromedp.Click(`#calls li[data-call] button`)); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, "the kinds of irregularity are offered", `!!document.querySelector('#r-kind option[value="KIND_INSUFFICIENT_BID"]')`)
		if err := chromedp.Do(ctx, chromedp.SetValue("#r-kind", "KIND_INSUFFICIENT_BID"), chromedp.SetValue("#r-offender", "SEAT_SOUTH"),
			chromedp.SendKeys("#r-call", "1H"), chromedp.Click("#r-ask button[type=submit]")); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, "the engine asks whether 1H was unintended", `!!document.querySelector('[data-question="unintended"] [data-answer="no"]')`)
		if err := chromedp.Do(ctx, chromedp.Click(`[data-question="unintended"] [data-answer="no"]`)); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, "the ruling cites Law 27", `(document.querySelector("#r-out .laws")||{textContent:""}).textContent.includes("27B1(a)")`)
		screenshot(t, ctx, "console-ruling")
		if err := chromedp.Do(ctx, chromedp.SendKeys("#r-ns-score", "-110"),
			chromedp.SendKeys("#r-reason", "Law 27D: East-West damaged by the insufficient bid"),
			chromedp.Click("#r-apply button[type=submit]")); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, "the ruling is applied", `!!document.querySelector("#ruling .applied")`)
		var history struct {
			Revisions []struct {
				Result struct {
					NSScore int `json:"ns_score"`
				} `json:"result"`
			} `json:"revisions"`
		}
		s.mustCall(t, "GET", fmt.Sprintf("/v1/events/tuesday/sessions/1/sections/A/tables/%d/rounds/1/boards/%d/history", st.Table, st.LowBoard), "", &history)
		if n := len(history.Revisions); n == 0 || history.Revisions[n-1].Result.NSScore != -110 {
			t.Errorf("after the ruling the board's history is %+v, want -110 to North-South last", history.Revisions)
		}

		// Pair 8 arrives late and takes the sit-out's seats from round 3.
		if err := chromedp.Do(ctx, chromedp.SendKeys("#late-pair", "8"), chromedp.SendKeys("#late-round", "3"),
			chromedp.Click("#late button[type=submit]")); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, "the late pair plays at the sit-out table from round 3",
			`!document.querySelector('table.grid td[data-round="3"].sitout') && !!document.querySelector('table.grid td[data-round="2"].sitout')`)
		if got := text(t, ctx, `table.grid td[data-round="2"].sitout`); !regexp.MustCompile(`^pair [1-7] sits out$`).MatchString(got) {
			t.Errorf("round 2's sit-out reads %q, want the pair that sits out", got)
		}
		screenshot(t, ctx, "console-late-pair")

		playOut(t, s, ctx, st.Table, st.LowBoard, st.NS, st.EW)
		return
	}
	t.Fatal("the movement has no table with two pairs and boards in round 1")
}

// playOut plays the rest of the evening of TestConsoleSetsUpAnEvening: the
// director issues the table codes again (table 2's device was lost), and
// with its code each table sends and confirms every result of its rounds
// while a player watches the standings fill in; the player then reads the
// board the director ruled on (table's first board, ns against ew,
// adjusted to -110) on its traveller and on North-South's scorecard.
func playOut(t *testing.T, s *server, ctx context.Context, table, board, ns, ew int) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/console/events/tuesday")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the event's sections are listed", `!!document.querySelector("button[data-issue]")`)
	if err := chromedp.Do(ctx, chromedp.Click(`button[data-issue]`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "four new table codes are shown", `document.querySelectorAll("table.codes tr[data-table]").length == 4`)
	codes, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`Object.fromEntries([...document.querySelectorAll("table.codes tr[data-table]")].map(r => [r.dataset.table, r.querySelector("td.code").textContent]))`))
	if err != nil || len(codes) != 4 {
		t.Fatalf("the table codes read %v (%v)", codes, err)
	}

	// The director holds the results from the public for a moment, and
	// publishes them again.
	if err := chromedp.Do(ctx, chromedp.Click(`button[data-publication="hold"]`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the console says the results are held", `document.querySelector(".publication").textContent.startsWith("Results held from the public")`)
	if resp, body := s.get(t, "/events/tuesday/standings?session=1&section=A"); resp.StatusCode != http.StatusForbidden ||
		!strings.Contains(string(body), "the director holds the results of events/tuesday/sessions/1 until they are published") {
		t.Errorf("the public's standings page while the results are held: %d\n%s", resp.StatusCode, body)
	}
	if err := chromedp.Do(ctx, chromedp.Click(`button[data-publication="publish"]`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the console says the results are public", `document.querySelector(".publication").textContent.startsWith("Results public")`)

	// A player opens the section's standings before the last results.
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/events/tuesday/standings?session=1&section=A")); err != nil {
		t.Fatal(err)
	}
	var movement sectionSeatings
	s.mustCall(t, "GET", "/v1/events/tuesday/sessions/1/sections/A", "", &movement)
	sent := 0
	for _, st := range movement.Section.Movement.Seatings {
		if st.NS == 0 || st.EW == 0 {
			continue
		}
		for b := st.LowBoard; b <= st.HighBoard; b++ {
			if st.Table == table && st.Round == 1 && b == board {
				continue // ruled on, and already in
			}
			body := fmt.Sprintf(`{"result":{"table":%d,"round":%d,"board":%d,"ns_pair":%d,"ew_pair":%d,
				"played":{"contract":"3NT","declarer":"SEAT_SOUTH","tricks":%d}}}`, st.Table, st.Round, b, st.NS, st.EW, 7+(st.NS+st.EW+b)%5)
			// North-South enter it, East-West confirm it on the same device.
			code := codes[strconv.Itoa(st.Table)]
			resp, raw := s.send(t, code, "POST", "/v1/events/tuesday/results", body)
			var entered enteredResult
			if resp.StatusCode != http.StatusOK || json.Unmarshal(raw, &entered) != nil {
				t.Fatalf("table %d's device sending board %d of round %d: %d %s", st.Table, b, st.Round, resp.StatusCode, raw)
			}
			confirm := fmt.Sprintf(`{"revision":%d,"side":"SIDE_EAST_WEST"}`, entered.Result.Revision)
			if resp, raw := s.send(t, code, "POST", "/v1/"+entered.Result.Name+":confirm", confirm); resp.StatusCode != http.StatusOK {
				t.Fatalf("table %d's device confirming board %d of round %d: %d %s", st.Table, b, st.Round, resp.StatusCode, raw)
			}
			sent++
		}
	}
	if sent < 20 {
		t.Fatalf("the tables sent %d results, want the evening's", sent)
	}

	// The page fills in live, and says what the REST API says.
	var want standings
	s.mustCall(t, "GET", "/v1/events/tuesday/standings?section=A", "", &want)
	if len(want.Standings) != 8 {
		t.Fatalf("the standings rank %d pairs, want the 7 and the late pair 8", len(want.Standings))
	}
	last := want.Standings[len(want.Standings)-1]
	waitFor(t, ctx, "the standings show every pair's boards",
		fmt.Sprintf(`document.querySelectorAll("table.standings tr[data-pair]").length == 8 && document.querySelector('tr[data-pair="%d"]').textContent.includes("%.2f")`, last.Pair, last.Percentage))
	for _, p := range want.Standings {
		// Place, pair, players, score, %, boards, penalties.
		row := strings.Split(text(t, ctx, fmt.Sprintf(`table.standings tr[data-pair="%d"]`, p.Pair)), "\t")
		if len(row) < 6 || row[0] != p.Place || row[4] != fmt.Sprintf("%.2f", p.Percentage) || row[5] != strconv.Itoa(p.BoardsPlayed) {
			t.Errorf("pair %d's row reads %q, want place %s, %.2f%% after %d boards", p.Pair, row, p.Place, p.Percentage, p.BoardsPlayed)
		}
	}
	screenshot(t, ctx, "evening-standings")

	// The ruled board: -110 to North-South, as assigned.
	if err := chromedp.Do(ctx, chromedp.Navigate(fmt.Sprintf("%s/events/tuesday/sections/A/boards/%d?session=1", s.base, board))); err != nil {
		t.Fatal(err)
	}
	lines, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#traveller tbody tr")].map(r => r.innerText.replace(/\s+/g, " ").trim())`))
	if err != nil || len(lines) == 0 {
		page, _ := chromedp.Run(ctx, chromedp.Text("main"))
		t.Fatalf("board %d's traveller has no lines (%v):\n%s", board, err, page)
	}
	if pairs := fmt.Sprintf("A%d A%d ", ns, ew); !slices.ContainsFunc(lines, func(l string) bool {
		return strings.HasPrefix(l, pairs+"Assigned score") && strings.Contains(l, " 110 ")
	}) {
		t.Errorf("board %d's traveller reads %q, want pairs %d and %d given the assigned -110", board, lines, ns, ew)
	}
	screenshot(t, ctx, "evening-traveller")
	if err := chromedp.Do(ctx, chromedp.Navigate(fmt.Sprintf("%s/events/tuesday/sections/A/pairs/%d?session=1", s.base, ns))); err != nil {
		t.Fatal(err)
	}
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#scorecard tbody tr")].map(r => r.innerText.replace(/\s+/g, " ").trim())`))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range rows {
		if strings.HasPrefix(r, fmt.Sprintf("%d NS ", board)) {
			found = true
			if !strings.Contains(r, "Assigned score") || !strings.Contains(r, " -110 ") {
				t.Errorf("pair %d's scorecard gives board %d as %q, want the assigned -110", ns, board, r)
			}
		}
	}
	if !found {
		t.Errorf("pair %d's scorecard has no board %d North-South: %q", ns, board, rows)
	}
}

// A director imports the evening's boards, dealt elsewhere, from a PBN file
// in the console: the session's set holds the file's deals.
func TestConsoleImportsBoards(t *testing.T) {
	s := startWithTokens(t, "tokens:\n  - name: club-director\n    token: tuesday-director-token\n    roles: [director]\n")
	s.token = "tuesday-director-token"
	clubEvent(t, s, false)
	src := dealing.NewKeyed("Federation simultaneous pairs", []byte("dealt by the federation"))
	var games []pbn.Game
	for n := 1; n <= 4; n++ {
		d, err := src.Next()
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, pbn.NewGame(bridge.NewBoard(n, d)))
	}
	path := filepath.Join(t.TempDir(), "simultaneous.pbn")
	var file bytes.Buffer
	if err := pbn.Write(&file, games, pbn.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, file.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}

	ctx := browse(t, desktop)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/console"),
		chromedp.SendKeys("#token", s.token), chromedp.Click("#signin-form button")); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/console/events/club-night")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the session offers to deal or import its boards", `!!document.querySelector("#deal-file")`)
	if err := chromedp.Do(ctx, chromedp.SetValue("#deal-last", "4"), chromedp.SetUploadFiles("#deal-file", []string{path}),
		chromedp.Click("#deal button[type=submit]")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "boards 1 to 4 are imported", `document.querySelector(".boards").textContent.includes("Boards 1 to 4 (imported), secret")`)
	var set struct {
		BoardSet struct {
			Boards []struct {
				Deal struct {
					Pbn string `json:"pbn"`
				} `json:"deal"`
			} `json:"boards"`
		} `json:"board_set"`
	}
	s.mustCall(t, "GET", "/v1/events/club-night/sessions/1/boardsets/main", "", &set)
	if len(set.BoardSet.Boards) != 4 {
		t.Fatalf("the imported set holds %d boards, want 4", len(set.BoardSet.Boards))
	}
	for i, b := range set.BoardSet.Boards {
		want, _ := games[i].Board()
		if b.Deal.Pbn != want.Deal.PBN(bridge.North) {
			t.Errorf("board %d is %s, want the file's %s", i+1, b.Deal.Pbn, want.Deal.PBN(bridge.North))
		}
	}
}

// sectionSeatings is a section as GET .../sections/{section} answers it,
// read for its movement's seatings.
type sectionSeatings struct {
	Section struct {
		Movement struct {
			Seatings []struct {
				Round, Table, NS, EW int
				LowBoard             int `json:"low_board"`
				HighBoard            int `json:"high_board"`
			} `json:"seatings"`
		} `json:"movement"`
	} `json:"section"`
}
