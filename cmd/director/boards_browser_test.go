package main

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// After the club night a player follows the links from the standings to
// their scorecard and from a board to its traveller: the traveller shows
// the deal once the director releases the boards (before, the results
// alone), with what double dummy makes, and every line best for
// North-South first, each score in the column of the side that scored it.
func TestTravellerAndScorecardPages(t *testing.T) {
	s := startWithTokens(t, `tokens:
  - {name: club-director, token: director-secret, roles: [director], events: [events/club-night]}
`)
	s.token = "director-secret"
	clubEvent(t, s, true)
	const set = "/v1/events/club-night/sessions/1/boardsets/main"
	s.mustCall(t, "POST", "/v1/events/club-night/sessions/1/boardsets", `{"board_set_id":"main","board_set":{"first_board":1,"last_board":6,
		"method":"METHOD_KEYED","keys":{"owner":"Tuesday club","entropy":"traveller"}}}`, nil)
	s.mustCall(t, "POST", "/v1/events/club-night/sessions/1/sections/A:setTerminalSettings",
		`{"settings":{"board_set":"events/club-night/sessions/1/boardsets/main"}}`, nil)
	clubNight(t, s)

	// Read as the public reads it: no token.
	page := func(path string) (int, string) {
		t.Helper()
		resp, body := s.get(t, path)
		return resp.StatusCode, string(body)
	}
	const traveller = "/events/club-night/sections/A/boards/2?session=1"
	code, body := page(traveller)
	if code != http.StatusOK || strings.Contains(body, `class="deal"`) || !strings.Contains(body, "once the director releases the boards") {
		t.Errorf("board 2's traveller before the release: %d, want the results without the deal:\n%s", code, body)
	}
	for path, want := range map[string]struct {
		code int
		says string
	}{
		"/events/club-night/sections/A/boards/two":           {http.StatusBadRequest, "board &#34;two&#34; is not a board number"},
		"/events/club-night/sections/A/boards/2?page=2":      {http.StatusBadRequest, "page_token: not a token this list gave"},
		"/events/club-night/sections/A/pairs/0?session=1":    {http.StatusBadRequest, "pair &#34;0&#34; is not a pair number"},
		"/events/club-night/sections/A/boards/2?session=two": {http.StatusBadRequest, "session &#34;two&#34; is not a session number"},
	} {
		if code, body := page(path); code != want.code || !strings.Contains(body, want.says) {
			t.Errorf("GET %s = %d, want %d saying %q:\n%s", path, code, want.code, want.says, body)
		}
	}

	var released struct {
		Analysis operation `json:"analysis"`
	}
	s.mustCall(t, "POST", set+":release", `{}`, &released)
	for op := released.Analysis; !op.Done; {
		time.Sleep(100 * time.Millisecond)
		var got struct {
			Operation operation `json:"operation"`
		}
		s.mustCall(t, "GET", "/v1/"+released.Analysis.Name, "", &got)
		op = got.Operation
		if op.Error != nil {
			t.Fatalf("the analysis failed: %s", op.Error.Message)
		}
	}
	var board boardRead
	s.mustCall(t, "GET", set+"/boards/2", "", &board)
	// "N:spades.hearts.diamonds.clubs east south west", as PBN writes a deal.
	hands := strings.Fields(strings.TrimPrefix(board.Board.Deal.Pbn, "N:"))
	if len(hands) != 4 {
		t.Fatalf("board 2's deal is %q", board.Board.Deal.Pbn)
	}
	suitText := func(cards string) string {
		if cards == "" {
			return "—"
		}
		var ranks []string
		for _, c := range cards {
			ranks = append(ranks, strings.Replace(string(c), "T", "10", 1))
		}
		return strings.Join(ranks, " ")
	}

	for _, w := range []window{phone, desktop} {
		t.Run(w.name, func(t *testing.T) {
			ctx := browse(t, w)
			if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/events/club-night/standings?session=1&section=A")); err != nil {
				t.Fatal(err)
			}
			waitFor(t, ctx, "the standings show every pair", `document.querySelectorAll("table.standings tr[data-pair]").length == 6`)
			href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('tr[data-pair="1"] a').href`))
			if err != nil {
				t.Fatalf("pair 1's row links to no scorecard: %v", err)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(href)); err != nil {
				t.Fatal(err)
			}
			if got := text(t, ctx, "p.standing"); !strings.Contains(got, "Place 1") || !strings.Contains(got, "100.00%") {
				t.Errorf("pair 1's scorecard heads with %q, want first place on 100%%", got)
			}
			rows, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#scorecard tbody tr")].map(r => r.innerText.replace(/\s+/g, " ").trim())`))
			if err != nil || len(rows) != 6 {
				t.Fatalf("pair 1's scorecard has rows %q (%v), want its six boards", rows, err)
			}
			// Board 2 in the first round: pair 1 North-South against pair
			// 4, eleven tricks in 4♠ vulnerable, the top.
			if want := "2 NS A4 4♠ N ♥K +1 650 4.00 100.00"; rows[1] != want {
				t.Errorf("the scorecard's board 2 reads %q, want %q", rows[1], want)
			}
			screenshot(t, ctx, "scorecard-"+w.name)

			href, err = chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelectorAll("#scorecard tbody tr")[1].querySelector("a").href`))
			if err != nil || !strings.HasSuffix(href, traveller) {
				t.Fatalf("the scorecard's board 2 links to %q (%v), want its traveller", href, err)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(href)); err != nil {
				t.Fatal(err)
			}
			for i, seat := range []string{"north", "east", "south", "west"} {
				suits, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".deal .`+seat+` div")].map(d => d.innerText.trim())`))
				if err != nil || len(suits) != 4 {
					t.Fatalf("%s's hand shows %q (%v)", seat, suits, err)
				}
				for j, symbol := range []string{"♠", "♥", "♦", "♣"} {
					if want := symbol + " " + suitText(strings.Split(hands[i], ".")[j]); suits[j] != want {
						t.Errorf("%s's %s read %q, want %q (the deal is %s)", seat, symbol, suits[j], want, board.Board.Deal.Pbn)
					}
				}
			}
			label, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(".deal .north .suit").getAttribute("aria-label")`))
			if err != nil || label != "spades" {
				t.Errorf("a screen reader reads North's first suit as %q (%v), want spades", label, err)
			}
			// The makeable-contract table's North row, no trumps first.
			northNT, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("table.dd tbody tr td").innerText`))
			want := "–"
			if tricks := board.Analysis.DoubleDummy.Declarers[0].NoTrump; tricks >= 7 {
				want = string(rune('0' + tricks - 6))
			}
			if err != nil || northNT != want {
				t.Errorf("the double-dummy table gives North %q in no trumps (%v), want %q", northNT, err, want)
			}
			if got := text(t, ctx, "main"); !strings.Contains(got, board.Analysis.Par.Text) {
				t.Errorf("the traveller does not give the par %q:\n%s", board.Analysis.Par.Text, got)
			}
			lines, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#traveller tbody tr")].map(r => r.innerText.replace(/\s+/g, " ").trim())`))
			want3 := []string{"A1 A4 4♠ N ♥K +1 650 4.00 0.00 100.00 0.00", "A2 A6 4♠ N ♥K = 620 2.00 2.00 50.00 50.00", "A3 A5 4♠ N ♥K −1 100 0.00 4.00 0.00 100.00"}
			if err != nil || strings.Join(lines, "\n") != strings.Join(want3, "\n") {
				t.Errorf("board 2's traveller reads\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want3, "\n"))
			}
			next, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('nav[aria-label="Boards"] a[rel="next"]').href`))
			if err != nil || !strings.HasSuffix(next, "/events/club-night/sections/A/boards/3?session=1") {
				t.Errorf("board 2's traveller leads on to %q (%v), want board 3", next, err)
			}
			screenshot(t, ctx, "traveller-"+w.name)
		})
	}

	// The whole field's traveller is the section's, with one section.
	code, body = page("/events/club-night/boards/2")
	if code != http.StatusOK || strings.Count(body, "<tr>") != 3+1+5 { // lines and header of the traveller, of the double-dummy table
		t.Errorf("the whole field's board 2: %d with %d rows:\n%s", code, strings.Count(body, "<tr>"), body)
	}
	if resp, pdf := s.get(t, "/v1/events/club-night/sessions/1/boardsets/main/files/hand-records.pdf"); resp.StatusCode != http.StatusOK || !strings.HasPrefix(string(pdf), "%PDF") ||
		!strings.Contains(body, `href="/v1/events/club-night/sessions/1/boardsets/main/files/hand-records.pdf"`) {
		t.Errorf("the traveller's hand records link: GET = %d %.8q, want the released set's PDF", resp.StatusCode, pdf)
	}
	size := 0
	for _, path := range []string{traveller, "/assets/site.css"} {
		_, body := page(path)
		size += len(body)
	}
	if size > 30<<10 {
		t.Errorf("board 2's traveller loads %d bytes with its style sheet, want under 30 KB", size)
	}
	t.Logf("a club traveller with everything it loads: %d bytes", size)
}
