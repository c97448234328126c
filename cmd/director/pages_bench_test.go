package main

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptrace"
	"regexp"
	"strings"
	"testing"
	"time"
)

// BenchmarkPagesNational reads the public result pages of the national
// event from the real binary as a phone's browser does, one page an op
// over a kept connection, with nothing else going on: a section's
// standings, the whole field's standings, a section's traveller of board
// 1 and the whole field's traveller of board 1, its first page and a page
// deep in it. It checks that each is an HTML page with the rows it must
// show, and reports the page's size, the time to its first byte and to its
// last, the median and the 99th percentile, and how long the first read
// took. The goals at national size are a page under 100 KB answered in
// under 50 ms, first byte and whole page.
func BenchmarkPagesNational(b *testing.B) {
	e := nationalServer(b)
	sectionA := min(sectionTables, e.tables) // the tables of section A
	pages := (e.tables + 99) / 100           // of the field's traveller, 100 lines a page
	deep := min(20, pages)
	deepPath := "/events/national/boards/1?session=1" // reached by its Next links, as a reader does
	first, _, err := e.s.page(deepPath)
	if err != nil {
		b.Fatal(err)
	}
	for body := first; deep > 1; deep-- {
		next := nextPage.FindSubmatch(body)
		if next == nil {
			b.Fatalf("the field's traveller at %s leads to no next page", deepPath)
		}
		deepPath = "/events/national/boards/1" + html.UnescapeString(string(next[1]))
		if body, _, err = e.s.page(deepPath); err != nil {
			b.Fatal(err)
		}
		if bytes.Equal(tableRows(body), tableRows(first)) {
			b.Fatalf("the field's traveller at %s shows the lines of its first page", deepPath)
		}
	}
	deep = min(20, pages)
	for _, p := range []struct {
		name, path, row string
		rows            int // rows of the page
	}{
		{"standings-section", "/events/national/standings?session=1&section=A", `<tr data-pair=`, min(100, 2*sectionA)},
		{"standings-field", "/events/national/standings?session=1", `<tr data-pair=`, min(100, 2*e.tables)},
		{"traveller-section", "/events/national/sections/A/boards/1?session=1", "<tr>\n<td><a href=", min(100, sectionA)},
		{"traveller-field", "/events/national/boards/1?session=1", "<tr>\n<td><a href=", min(100, e.tables)},
		{fmt.Sprintf("traveller-field-page%d", deep), deepPath,
			"<tr>\n<td><a href=", min(100, e.tables-(deep-1)*100)},
	} {
		b.Run(p.name, func(b *testing.B) {
			var ttfb, total latencies
			var size int
			for b.Loop() {
				var firstByte time.Duration
				err := total.time(func() error {
					body, took, err := e.s.page(p.path)
					firstByte = took
					if err == nil {
						if n := strings.Count(string(body), p.row); n != p.rows {
							err = fmt.Errorf("GET %s: %d rows, want %d", p.path, n, p.rows)
						}
					}
					size = len(body)
					return err
				})
				if err != nil {
					b.Fatal(err)
				}
				ttfb.took = append(ttfb.took, firstByte)
			}
			b.ReportMetric(float64(total.took[0])/float64(time.Millisecond), "first-ms")
			b.ReportMetric(float64(size), "bytes")
			ttfb.report(b, "ttfb")
			total.report(b, "total")
		})
	}
}

// tableRows is the body of a page's results table.
func tableRows(page []byte) []byte {
	_, rows, _ := bytes.Cut(page, []byte("<tbody>"))
	rows, _, _ = bytes.Cut(rows, []byte("</tbody>"))
	return rows
}

// nextPage finds a page's link to the next.
var nextPage = regexp.MustCompile(`<a href="(\?[^"]+)" rel="next">Next page</a>`)

// page reads the page at path as a browser does and answers its body and
// how long its first byte took to come; it fails unless the page is
// answered 200 as HTML.
func (s *server) page(path string) ([]byte, time.Duration, error) {
	var start time.Time
	var firstByte time.Duration
	trace := &httptrace.ClientTrace{GotFirstResponseByte: func() { firstByte = time.Since(start) }}
	req, err := http.NewRequest("GET", s.base+path, nil)
	if err != nil {
		return nil, 0, err
	}
	req = req.WithContext(httptrace.WithClientTrace(req.Context(), trace))
	req.Header.Set("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
	start = time.Now()
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, 0, fmt.Errorf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	switch {
	case err != nil:
		return nil, 0, fmt.Errorf("GET %s: reading the page: %v", path, err)
	case resp.StatusCode != http.StatusOK:
		return nil, 0, fmt.Errorf("GET %s: status %d: %.300s", path, resp.StatusCode, body)
	case !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || !bytes.Contains(body, []byte("</html>")):
		return nil, 0, fmt.Errorf("GET %s: not an HTML page: %s %.300s", path, resp.Header.Get("Content-Type"), body)
	}
	return body, firstByte, nil
}
