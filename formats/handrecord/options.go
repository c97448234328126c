package handrecord

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// PageSize is the paper a PDF or printed HTML page is laid out for.
type PageSize uint8

// The page sizes. The zero value is A4.
const (
	A4 PageSize = iota
	Letter
)

// String returns "A4" or "Letter".
func (p PageSize) String() string {
	switch p {
	case A4:
		return "A4"
	case Letter:
		return "Letter"
	}
	return fmt.Sprintf("PageSize(%d)", uint8(p))
}

// Options says how to print a set of hand records. The zero Options prints four
// boards to an A4 page without a header.
type Options struct {
	// Title heads every page: the event, "Wednesday Pairs".
	Title string
	// Venue, Date and Subtitle make the line under the title, in that order:
	// where the session was played ("Welwyn Garden City Bridge Club"), the
	// day, printed "Wednesday 9 April 2025" (the zero time leaves it out), and
	// anything else, such as the set ("Boards 1 to 24").
	Venue    string
	Date     time.Time
	Subtitle string
	// BoardsPerPage is 1, 2, 4 or 6; 0 means 4. Boards are printed in one
	// column when 1 or 2 fit a page and in two columns otherwise.
	BoardsPerPage int
	// PageSize is A4 or Letter.
	PageSize PageSize
	// HandStats adds a table of each hand's shape and losing-trick count in
	// the bottom right corner of every board.
	HandStats bool
	// Created is the creation date recorded in the PDF. The zero time records
	// 1 January 2000, so that the same records always give the same file.
	Created time.Time
}

// grid is how boards are arranged on a page.
type grid struct{ cols, rows int }

// grids lists the arrangements for each allowed number of boards per page.
var grids = map[int]grid{1: {1, 1}, 2: {1, 2}, 4: {2, 2}, 6: {2, 3}}

// checkedGrid validates opt and the records and returns the page grid.
func checkedGrid(records []Record, opt Options) (grid, error) {
	perPage := opt.BoardsPerPage
	if perPage == 0 {
		perPage = 4
	}
	g, ok := grids[perPage]
	switch {
	case !ok:
		return grid{}, fmt.Errorf("handrecord: %d boards per page is not a layout (want 1, 2, 4 or 6)", opt.BoardsPerPage)
	case opt.PageSize != A4 && opt.PageSize != Letter:
		return grid{}, fmt.Errorf("handrecord: page size %s is unknown (want A4 or Letter)", opt.PageSize)
	case len(records) == 0:
		return grid{}, errors.New("handrecord: no boards to print")
	}
	for i, r := range records {
		if err := r.Validate(); err != nil {
			return grid{}, fmt.Errorf("handrecord: record %d: %w", i+1, err)
		}
	}
	return g, nil
}

// perPage returns the number of boards a page of g holds.
func (g grid) perPage() int { return g.cols * g.rows }

// pages splits records, in order, over the fewest pages of g that hold them,
// as evenly as they go, the fuller pages first: 25 boards at four a page are
// four pages of 4 and three of 3, never six of 4 and one of 1. So no page but
// a lone one is half empty or less.
func (g grid) pages(records []Record) [][]Record {
	n := (len(records) + g.perPage() - 1) / g.perPage()
	pages := make([][]Record, 0, n)
	for i := range n {
		size := len(records) / (n - i)
		if len(records)%(n-i) != 0 {
			size++
		}
		pages = append(pages, records[:size])
		records = records[size:]
	}
	return pages
}

// subtitle returns the line under the title: the venue, the date and the
// subtitle of opt that are set, separated by " · ".
func (opt Options) subtitle() string {
	var parts []string
	for _, s := range []string{opt.Venue, dateText(opt.Date), opt.Subtitle} {
		if s = strings.TrimSpace(clean(s)); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " · ")
}

// dateText returns the day of t as "Wednesday 9 April 2025", or "" for the
// zero time.
func dateText(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format("Monday 2 January 2006")
}
