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

// ddDeclarers are the rows of the makeable contracts table, in the order hand
// records print them: North-South first.
var ddDeclarers = [4]bridge.Seat{bridge.North, bridge.South, bridge.East, bridge.West}

// ddStrains are the columns of the makeable contracts table, no trumps first.
var ddStrains = [5]bridge.Strain{bridge.NoTrump, bridge.StrainSpades, bridge.StrainHearts, bridge.StrainDiamonds, bridge.StrainClubs}

// makeableTable returns the highest level each declarer makes in each strain,
// "–" where it makes nothing.
func makeableTable(dd *DoubleDummy) table {
	header := []string{""}
	for _, strain := range ddStrains {
		header = append(header, strain.Symbol())
	}
	t := table{Class: "dd", Caption: "Makeable contracts", Rows: [][]string{header}}
	for _, seat := range ddDeclarers {
		row := []string{seat.String()}
		for _, strain := range ddStrains {
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

// statsTable returns each hand's shape (spades first) and losing-trick count.
func statsTable(d bridge.Deal) table {
	t := table{Class: "shape", Caption: "Shape and losing-trick count", Rows: [][]string{{"", "Shape", "LTC"}}}
	for _, seat := range ddDeclarers {
		h := d[seat]
		t.Rows = append(t.Rows, []string{seat.String(), h.ShapeString(), strconv.Itoa(h.LosingTricks())})
	}
	return t
}
