package handrecord

import (
	"errors"
	"fmt"
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
	// Title heads every page: the event and session, "Wednesday Pairs".
	Title string
	// Subtitle is printed under the title: the date, the venue, the set.
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

// pages splits records into pages of g.
func (g grid) pages(records []Record) [][]Record {
	var pages [][]Record
	for len(records) > g.perPage() {
		pages = append(pages, records[:g.perPage()])
		records = records[g.perPage():]
	}
	return append(pages, records)
}
