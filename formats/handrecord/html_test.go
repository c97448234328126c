package handrecord

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// goldenRecords are the first four boards of the fixture session: boards 1 and
// 2 with their double-dummy tricks (board 1 with its par), board 3 without an
// analysis, board 4 with one.
func goldenRecords(t *testing.T) []Record {
	records := fixtureRecords(t)[:4]
	dd := *records[0].DoubleDummy
	dd.Par = "+420 4♥ by N" // North makes ten tricks in hearts; East-West make nothing.
	records[0].DoubleDummy = &dd
	records[2].DoubleDummy = nil
	return records
}

func TestHTMLGolden(t *testing.T) {
	for _, tc := range []struct {
		file string
		opt  Options
	}{
		{"four_boards.html", Options{Title: "Wednesday AM Pairs", Subtitle: "Welwyn Garden City Bridge Club, 9 April 2025"}},
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
		`Par: &lt;img src=x onerror=&#34;alert(1)&#34;&gt;`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}
