package handrecord

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/bridge-director/director/bridge"
)

//go:embed page.html.tmpl
var pageTemplate string

// htmlPage is the page template; html/template escapes every value it shows.
var htmlPage = template.Must(template.New("page").Funcs(template.FuncMap{"segments": segments}).Parse(pageTemplate))

// WriteHTML writes the records as one self-contained HTML page: inline CSS and
// no scripts, the boards in a grid that prints opt.BoardsPerPage to a sheet.
func WriteHTML(w io.Writer, records []Record, opt Options) error {
	g, err := checkedGrid(records, opt)
	if err != nil {
		return err
	}
	view := htmlView{
		Title:     clean(opt.Title),
		Subtitle:  opt.subtitle(),
		PageSize:  opt.PageSize.String(),
		PerPage:   g.perPage(),
		HandStats: opt.HandStats,
	}
	if view.Title == "" {
		view.Title = "Hand records"
	}
	for _, page := range g.pages(records) {
		var sheet []htmlBoard
		for _, r := range page {
			sheet = append(sheet, newHTMLBoard(r, opt.HandStats))
		}
		view.Sheets = append(view.Sheets, sheet)
	}
	if err := htmlPage.Execute(w, view); err != nil {
		return fmt.Errorf("handrecord: writing the HTML: %w", err)
	}
	return nil
}

// htmlView is what the page template shows.
type htmlView struct {
	Title, Subtitle string
	PageSize        string
	PerPage         int
	HandStats       bool
	Sheets          [][]htmlBoard
}

// htmlBoard is one board as the page template shows it.
type htmlBoard struct {
	Number                   int
	Dealer, Vul              string
	North, East, South, West htmlHand
	Makeable                 *table
	Par                      []segment
	Stats                    *table
}

// htmlHand is one hand: its seat, the four suit lines, spades first, and its
// high-card points.
type htmlHand struct {
	Seat  string
	Lines [][]segment
	HCP   int
}

// Class returns the CSS class of the hand's seat: "north" to "west".
func (h htmlHand) Class() string { return strings.ToLower(h.Seat) }

// newHTMLBoard prepares r for the template, with the shape table when stats is
// set.
func newHTMLBoard(r Record, stats bool) htmlBoard {
	b := r.Board
	hand := func(seat bridge.Seat) htmlHand {
		h := htmlHand{Seat: seat.Name(), HCP: b.Deal[seat].HCP()}
		for _, s := range handSuits {
			h.Lines = append(h.Lines, segments(s.Symbol()+" "+suitText(b.Deal[seat], s)))
		}
		return h
	}
	v := htmlBoard{
		Number: b.Number,
		Dealer: b.Dealer.Name(),
		Vul:    b.Vulnerability.Marked(),
		North:  hand(bridge.North),
		East:   hand(bridge.East),
		South:  hand(bridge.South),
		West:   hand(bridge.West),
	}
	if dd := r.DoubleDummy; dd != nil {
		t := makeableTable(dd)
		v.Makeable = &t
		v.Par = segments(clean(dd.Par))
	}
	if stats {
		t := statsTable(b.Deal)
		v.Stats = &t
	}
	return v
}
