package movement

import (
	"fmt"
	"slices"
)

// RoundDataRow is one row of a Bridgemate RoundData table: the pairs at a
// table in a round and the boards they play. An empty seat holds pair 0,
// Bridgemate's missing pair; a table without boards has LowBoard and
// HighBoard 0.
type RoundDataRow struct {
	Section                                           string
	Table, Round, NSPair, EWPair, LowBoard, HighBoard int
}

// roundDataColumns are Bridgemate's names of the RoundData columns, in the
// order Director writes them.
var roundDataColumns = []string{"Section", "Table", "Round", "NSPair", "EWPair", "LowBoard", "HighBoard"}

// RoundData returns the rows of m for a Bridgemate RoundData table, one for
// every seating, ordered by round and table. Set s holds the boards
// Boards(s, boardsPerSet, firstBoard).
func RoundData(section string, m Movement, boardsPerSet, firstBoard int) []RoundDataRow {
	m.Seatings = slices.Clone(m.Seatings)
	m.Sort()
	rows := make([]RoundDataRow, 0, len(m.Seatings))
	for _, s := range m.Seatings {
		low, high := setBoards(s.Set, boardsPerSet, firstBoard)
		rows = append(rows, RoundDataRow{section, s.Table, s.Round, s.NS, s.EW, low, high})
	}
	return rows
}

// setBoards returns the boards of set s, or 0, 0 for no set.
func setBoards(s, boardsPerSet, first int) (low, high int) {
	if s == None {
		return 0, 0
	}
	return Boards(s, boardsPerSet, first)
}

// maxRoundDataNumber bounds every number of a RoundData row: Director's
// limit, far beyond any section, so that a mistyped table or round cannot
// make a movement of a billion rounds.
const maxRoundDataNumber = 9999

// check returns the first thing wrong with r and the column that holds it.
func (r RoundDataRow) check() (column string, err error) {
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
		case f.value > maxRoundDataNumber:
			return f.column, fmt.Errorf("%d is above %d, Director's limit", f.value, maxRoundDataNumber)
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
