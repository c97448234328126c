package handrecord

import (
	"strconv"

	"github.com/bridge-director/director/bridge"
)

// table is a small grid printed in a corner of a board: a header row, then one
// row per seat headed by the seat letter.
type table struct {
	Class   string // the table's CSS class in HTML
	Caption string
	Rows    [][]string
}

// makeableTable returns the highest level each declarer makes in each strain,
// "–" where it makes nothing: a row per declarer, North-South first, and a
// column per strain, no trumps first (bridge.DDSeats and bridge.DDStrains).
func makeableTable(dd *DoubleDummy) table {
	header := []string{""}
	for _, strain := range bridge.DDStrains {
		header = append(header, strain.Symbol())
	}
	t := table{Class: "dd", Caption: "Makeable contracts", Rows: [][]string{header}}
	for _, seat := range bridge.DDSeats {
		row := []string{seat.String()}
		for _, strain := range bridge.DDStrains {
			row = append(row, makeable(dd.Tricks[seat][strain]))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// makeable returns the highest level a declarer taking tricks tricks makes, "1"
// to "7", or "–" when it makes no contract.
func makeable(tricks int) string {
	if tricks < 7 {
		return "–"
	}
	return strconv.Itoa(tricks - 6)
}

// statsTable returns each hand's shape (spades first) and losing-trick count,
// a row per hand in the order of the makeable contracts.
func statsTable(d bridge.Deal) table {
	t := table{Class: "shape", Caption: "Shape and losing-trick count", Rows: [][]string{{"", "Shape", "LTC"}}}
	for _, seat := range bridge.DDSeats {
		h := d[seat]
		t.Rows = append(t.Rows, []string{seat.String(), h.ShapeString(), strconv.Itoa(h.LosingTricks())})
	}
	return t
}
