package handrecord

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/bridge-director/director/bridge"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// goldenRecords are the first four boards of the fixture session: boards 1 and
// 2 with their double-dummy tricks (board 1 with its par), board 3 without an
// analysis, board 4 with one.
func goldenRecords(t *testing.T) []Record {
	records := fixtureRecords(t)[:4]
	dd := *records[0].DoubleDummy
	dd.Par = "Par +420: 4♥ by N" // North makes ten tricks in hearts; East-West make nothing.
	records[0].DoubleDummy = &dd
	records[2].DoubleDummy = nil
	return records
}

// wednesday is the day the fixture session was played.
var wednesday = time.Date(2025, time.April, 9, 0, 0, 0, 0, time.UTC)

func TestHTMLGolden(t *testing.T) {
	for _, tc := range []struct {
		file string
		opt  Options
	}{
		{"four_boards.html", Options{Title: "Wednesday AM Pairs", Venue: "Welwyn Garden City Bridge Club", Date: wednesday, Subtitle: "Boards 1 to 4"}},
		{"four_boards_stats_letter.html", Options{Title: "Wednesday AM Pairs", BoardsPerPage: 2, PageSize: Letter, HandStats: true}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteHTML(&buf, goldenRecords(t), tc.opt); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", tc.file)
			if *update {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("WriteHTML differs from %s (run with -update after checking the change)", path)
			}
		})
	}
}

func TestHTMLSheetsAndBoards(t *testing.T) {
	records := fixtureRecords(t)
	for _, tc := range []struct {
		perPage, sheets int
	}{{0, 6}, {1, 24}, {2, 12}, {4, 6}, {6, 4}} {
		var buf bytes.Buffer
		if err := WriteHTML(&buf, records, Options{BoardsPerPage: tc.perPage}); err != nil {
			t.Fatal(err)
		}
		page := buf.String()
		if n := strings.Count(page, `<div class="sheet">`); n != tc.sheets {
			t.Errorf("%d per page: %d sheets, want %d", tc.perPage, n, tc.sheets)
		}
		if n := strings.Count(page, `<article class="board"`); n != len(records) {
			t.Errorf("%d per page: %d boards, want %d", tc.perPage, n, len(records))
		}
		for _, r := range records {
			for _, s := range handSuits {
				for _, h := range r.Board.Deal {
					if want := "</span> " + suitText(h, s) + "</p>"; !strings.Contains(page, want) {
						t.Errorf("board %d: no line %q", r.Board.Number, want)
					}
				}
			}
		}
		if strings.Contains(page, "<script") {
			t.Errorf("%d per page: the page holds a script", tc.perPage)
		}
	}
}

func TestHTMLEscapesText(t *testing.T) {
	records := fixtureRecords(t)[:1]
	records[0].DoubleDummy.Par = `<img src=x onerror="alert(1)">`
	opt := Options{Title: "<script>alert('title')</script>", Subtitle: `Club "A" & <b>B</b>`}
	var buf bytes.Buffer
	if err := WriteHTML(&buf, records, opt); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, bad := range []string{"<script", "<img", "<b>"} {
		if strings.Contains(page, bad) {
			t.Errorf("page holds %q unescaped", bad)
		}
	}
	for _, want := range []string{
		"<title>&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt;</title>",
		"<h1>&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt;</h1>",
		"<p>Club &#34;A&#34; &amp; &lt;b&gt;B&lt;/b&gt;</p>",
		`<p class="par">&lt;img src=x onerror=&#34;alert(1)&#34;&gt;</p>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

// TestHTMLBoardMarkup reads the page as a browser does and checks each board:
// its own element, straight in its sheet (so that a narrow screen stacks the
// boards one to a row), with the makeable contracts in a table of 4 declarers
// by 5 strains and the par line; a board without an analysis keeps its box.
func TestHTMLBoardMarkup(t *testing.T) {
	records := goldenRecords(t)
	var buf bytes.Buffer
	if err := WriteHTML(&buf, records, Options{Title: "Wednesday AM Pairs", Venue: "Welwyn Garden City Bridge Club", Date: wednesday}); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	sheets := elements(doc, "div", "sheet")
	if len(sheets) != 1 {
		t.Fatalf("%d sheets, want 1", len(sheets))
	}
	if heads := elements(sheets[0], "header", "sheet-head"); len(heads) != 1 || !strings.Contains(text(heads[0]), "Welwyn Garden City Bridge Club · Wednesday 9 April 2025") {
		t.Errorf("the sheet's printed header does not give the venue and the date")
	}
	boards := elements(doc, "article", "board")
	if len(boards) != len(records) {
		t.Fatalf("%d boards, want %d", len(boards), len(records))
	}
	for i, board := range boards {
		r := records[i]
		if board.Parent != sheets[0] {
			t.Errorf("board %d is not an item of its sheet's grid", r.Board.Number)
		}
		tables := elements(board, "table", "dd")
		if r.DoubleDummy == nil {
			if len(tables) != 0 || len(elements(board, "div", "reserved")) != 1 {
				t.Errorf("board %d without an analysis: %d tables, want none and the empty box", r.Board.Number, len(tables))
			}
			continue
		}
		if len(tables) != 1 {
			t.Fatalf("board %d: %d double-dummy tables, want 1", r.Board.Number, len(tables))
		}
		var cells []string
		for j, row := range elements(tables[0], "tr", "") {
			tds := elements(row, "td", "")
			if j == 0 {
				continue // the strains
			}
			seat := bridge.DDSeats[j-1]
			if heads := elements(row, "th", ""); len(heads) != 1 || text(heads[0]) != seat.String() {
				t.Errorf("board %d: row %d is not headed %s", r.Board.Number, j, seat)
			}
			for k, td := range tds {
				if want := makeable(r.DoubleDummy.Tricks[seat][bridge.DDStrains[k]]); text(td) != want {
					t.Errorf("board %d: %s in %s shows %q, want %q", r.Board.Number, seat, bridge.DDStrains[k], text(td), want)
				}
				cells = append(cells, text(td))
			}
		}
		if len(cells) != 20 {
			t.Errorf("board %d: %d cells of tricks, want 20", r.Board.Number, len(cells))
		}
		par := elements(board, "p", "par")
		if got := ""; len(par) == 1 {
			got = text(par[0])
			if want := strings.ReplaceAll(r.DoubleDummy.Par, "♥", "♥hearts "); got != want {
				t.Errorf("board %d: par line %q, want %q", r.Board.Number, got, want)
			}
		} else if r.DoubleDummy.Par != "" {
			t.Errorf("board %d: %d par lines, want 1", r.Board.Number, len(par))
		}
	}
}

// elements returns the elements under n with the tag name and, unless class
// is empty, the class among theirs, in document order.
func elements(n *html.Node, tag, class string) []*html.Node {
	var out []*html.Node
	for c := range n.Descendants() {
		if c.Type != html.ElementNode || c.Data != tag {
			continue
		}
		for _, a := range c.Attr {
			if class == "" || a.Key == "class" && slices.Contains(strings.Fields(a.Val), class) {
				out = append(out, c)
				break
			}
		}
		if class == "" && len(c.Attr) == 0 {
			out = append(out, c)
		}
	}
	return out
}

// text returns the text under n, as a screen reader reads it.
func text(n *html.Node) string {
	var b strings.Builder
	for c := range n.Descendants() {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return strings.TrimSpace(b.String())
}
