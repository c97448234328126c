package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A player opens the standings on a phone before the first result: the
// page fills in live as the club night's results arrive, with North-South
// and East-West ranked apart, and the standings page with everything it
// loads stays under 30 KB.
func TestStandingsPageLive(t *testing.T) {
	s := startDirector(t, t.TempDir())
	clubEvent(t, s, true)
	for _, w := range []window{phone, desktop} {
		t.Run(w.name, func(t *testing.T) {
			ctx := browse(t, w)
			if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/events/club-night")); err != nil {
				t.Fatal(err)
			}
			if got := text(t, ctx, `[data-session="1"]`); !strings.Contains(got, "Section A") {
				t.Errorf("the event page's session 1 says %q, want a link to section A", got)
			}
			screenshot(t, ctx, "event-"+w.name)
			href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('[data-session="1"] a[href$="section=A"]').href`))
			if err != nil {
				t.Fatalf("the event page has no link to section A's standings: %v", err)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(href)); err != nil {
				t.Fatal(err)
			}
			if w == phone {
				// Results arrive while the page is open.
				clubNight(t, s)
			}
			waitFor(t, ctx, "the standings show every pair", `document.querySelectorAll("table.standings tr[data-pair]").length == 6`)
			// North-South finish 100%, 50% and 0%; every East-West pair 50%.
			want := map[string]string{"1": "100.00", "2": "50.00", "3": "0.00", "4": "50.00", "5": "50.00", "6": "50.00"}
			for pair, pct := range want {
				row := text(t, ctx, `table.standings tr[data-pair="`+pair+`"]`)
				if !strings.Contains(row, pct) {
					t.Errorf("pair %s's row reads %q, want %s%%", pair, row, pct)
				}
			}
			if got := text(t, ctx, "#standings-north-south caption"); got != "North-South" {
				t.Errorf("the first table's caption is %q, want North-South", got)
			}
			screenshot(t, ctx, "standings-"+w.name)
		})
	}

	size := 0
	for _, path := range []string{"/events/club-night/standings?session=1&section=A", "/assets/site.css", "/assets/live.js"} {
		resp, body := s.get(t, path)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s = %d", path, resp.StatusCode)
		}
		size += len(body)
	}
	if size > 30<<10 {
		t.Errorf("the club's standings page loads %d bytes with its style sheet and script, want under 30 KB", size)
	}
	t.Logf("the standings page with everything it loads: %d bytes", size)
}
