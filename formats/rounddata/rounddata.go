package rounddata

import (
	"fmt"
	"slices"

	"github.com/bridge-director/director/movement"
)

// Row is one row of a Bridgemate RoundData table: the pairs at a table in a
// round and the boards they play. An empty seat holds pair 0, Bridgemate's
// missing pair; a table without boards has LowBoard and HighBoard 0.
type Row struct {
	Section                                           string
	Table, Round, NSPair, EWPair, LowBoard, HighBoard int
}

// columns are Bridgemate's names of the RoundData columns, in the order
// Director writes them.
var columns = []string{"Section", "Table", "Round", "NSPair", "EWPair", "LowBoard", "HighBoard"}

// Rows returns the rows of m for a Bridgemate RoundData table, one for every
// seating, ordered by round and table. Set s holds the boards
// movement.Boards(s, boardsPerSet, firstBoard).
func Rows(section string, m movement.Movement, boardsPerSet, firstBoard int) []Row {
	m.Seatings = slices.Clone(m.Seatings)
	m.Sort()
	rows := make([]Row, 0, len(m.Seatings))
	for _, s := range m.Seatings {
		low, high := s.Boards(boardsPerSet, firstBoard)
		rows = append(rows, Row{section, s.Table, s.Round, s.NS, s.EW, low, high})
	}
	return rows
}

// maxNumber bounds every number of a row: Director's limit, far beyond any
// section, so that a mistyped table or round cannot make a movement of a
// billion rounds.
const maxNumber = 9999

// check returns the first thing wrong with r and the column that holds it.
func (r Row) check() (column string, err error) {
	for _, f := range []struct {
		column string
		value  int
		least  int
	}{
		{"Table", r.Table, 1}, {"Round", r.Round, 1},
		{"NSPair", r.NSPair, 0}, {"EWPair", r.EWPair, 0},
		{"LowBoard", r.LowBoard, 0}, {"HighBoard", r.HighBoard, 0},
	} {
		switch {
		case f.value < f.least:
			return f.column, fmt.Errorf("%d is below %d", f.value, f.least)
		case f.value > maxNumber:
			return f.column, fmt.Errorf("%d is above %d, Director's limit", f.value, maxNumber)
		}
	}
	switch {
	case (r.LowBoard == 0) != (r.HighBoard == 0):
		return "HighBoard", fmt.Errorf("boards %d to %d: a table without boards has LowBoard and HighBoard 0", r.LowBoard, r.HighBoard)
	case r.HighBoard < r.LowBoard:
		return "HighBoard", fmt.Errorf("HighBoard %d is below LowBoard %d", r.HighBoard, r.LowBoard)
	}
	return "", nil
}
