package handrecord

import (
	"bytes"
	"strings"
	"testing"
	"unicode"
)

// FuzzWrite prints a board under any title, subtitle and par line and any
// trick count: nothing panics, bad tricks are refused, and the HTML never
// carries markup from the text.
func FuzzWrite(f *testing.F) {
	f.Add("Wednesday AM Pairs", "9 April 2025", "+420 4♥ by N", 10, 4)
	f.Add("<script>alert(1)</script>", "\x00\xff\xfe", "(\\)", 14, 1)
	f.Add("", "", "", -1, 6)
	f.Add("♠♥♦♣ — ☃ 日本", "\r\n\t", "7NT×", 13, 2)
	records := fixtureRecords(f)[:1]
	f.Fuzz(func(t *testing.T, title, subtitle, par string, tricks, perPage int) {
		rs := append([]Record(nil), records...)
		dd := *rs[0].DoubleDummy
		dd.Par = par
		dd.Tricks[0][0] = tricks
		rs[0].DoubleDummy = &dd
		opt := Options{Title: title, Subtitle: subtitle, BoardsPerPage: perPage}
		_, layout := grids[perPage]
		valid := (layout || perPage == 0) && tricks >= 0 && tricks <= 13
		var pdf, html bytes.Buffer
		pdfErr, htmlErr := WritePDF(&pdf, rs, opt), WriteHTML(&html, rs, opt)
		if (pdfErr == nil) != valid || (htmlErr == nil) != valid {
			t.Fatalf("tricks %d, %d per page: PDF error %v, HTML error %v", tricks, perPage, pdfErr, htmlErr)
		}
		if !valid {
			return
		}
		if !bytes.HasPrefix(pdf.Bytes(), []byte("%PDF-")) {
			t.Error("the PDF does not start with %PDF-")
		}
		if got, want := strings.Count(html.String(), "<"), strings.Count(plainHTML(t, rs, opt), "<"); got != want {
			t.Errorf("the texts %q, %q, %q changed the page's tags: %d, want %d", title, subtitle, par, got, want)
		}
	})
}

// plainHTML writes the page with every character of the title, subtitle and
// par line but the suit symbols and white space replaced by an x, to count the
// tags the page has of its own.
func plainHTML(t *testing.T, rs []Record, opt Options) string {
	t.Helper()
	plain := func(s string) string {
		return strings.Map(func(r rune) rune {
			if _, ok := symbolSuit(r); ok || unicode.IsSpace(r) || unicode.IsControl(r) {
				return r
			}
			return 'x'
		}, s)
	}
	dd := *rs[0].DoubleDummy
	dd.Par = plain(dd.Par)
	rs = append([]Record{{Board: rs[0].Board, DoubleDummy: &dd}}, rs[1:]...)
	opt.Title, opt.Subtitle = plain(opt.Title), plain(opt.Subtitle)
	var buf bytes.Buffer
	if err := WriteHTML(&buf, rs, opt); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}
