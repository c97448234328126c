package pbn

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// ParseDoubleDummyTricks reads the value of a DoubleDummyTricks tag: 20 hexadecimal
// digits 0 to d, one per declarer N, S, E, W and strain NT, S, H, D, C (the order
// of bridge.DDSeats and bridge.DDStrains), with * for an unknown cell.
func ParseDoubleDummyTricks(s string) (bridge.DDTable, error) {
	if len(s) != 20 {
		return bridge.DDTable{}, fmt.Errorf("want 20 hexadecimal digits, found %d characters", len(s))
	}
	var t bridge.DDTable
	for i := range 20 {
		seat, strain := bridge.DDSeats[i/5], bridge.DDStrains[i%5]
		if s[i] == '*' {
			t[seat][strain] = bridge.DDUnknown
			continue
		}
		n, err := strconv.ParseUint(s[i:i+1], 16, 8)
		if err != nil || n > 13 {
			return bridge.DDTable{}, fmt.Errorf("character %d, %q, for %s in %s is not a number of tricks 0 to d", i+1, s[i], seat.Name(), strain)
		}
		t[seat][strain] = int(n)
	}
	return t, nil
}

// FormatDoubleDummyTricks returns t as the value of a DoubleDummyTricks tag, with *
// for a cell that holds no number of tricks.
func FormatDoubleDummyTricks(t bridge.DDTable) string {
	var b strings.Builder
	for _, seat := range bridge.DDSeats {
		for _, strain := range bridge.DDStrains {
			if n, ok := t.Tricks(seat, strain); ok {
				b.WriteString(strconv.FormatInt(int64(n), 16))
			} else {
				b.WriteByte('*')
			}
		}
	}
	return b.String()
}

// DoubleDummyTricks returns the table of the DoubleDummyTricks tag. ok is false
// when the game has none.
func (g Game) DoubleDummyTricks() (t bridge.DDTable, ok bool, err error) {
	tag, ok := g.Tag("DoubleDummyTricks")
	if !ok {
		return bridge.DDTable{}, false, nil
	}
	t, err = ParseDoubleDummyTricks(tag.Value)
	if err != nil {
		return bridge.DDTable{}, true, tag.errorf("%q: %v", tag.Value, err)
	}
	return t, true, nil
}

// optimumColumns are the columns of an OptimumResultTable.
var optimumColumns = []Column{{Name: "Declarer"}, {Name: "Denomination", Width: 2, Align: 'R'}, {Name: "Result", Width: 2, Align: 'R'}}

// OptimumResultTableOf returns t as an OptimumResultTable: a row per declarer N,
// S, E, W and strain NT, S, H, D, C, leaving out the cells that hold no number of
// tricks.
func OptimumResultTableOf(t bridge.DDTable) Table {
	out := Table{Columns: optimumColumns}
	for _, seat := range bridge.DDSeats {
		for _, strain := range bridge.DDStrains {
			if n, ok := t.Tricks(seat, strain); ok {
				out.Rows = append(out.Rows, []string{seat.String(), strain.String(), strconv.Itoa(n)})
			}
		}
	}
	return out
}

// OptimumResultTable returns the table of the OptimumResultTable tag, whose rows
// give Declarer, Denomination and Result in any order; cells without a row are
// bridge.DDUnknown. ok is false when the game has no such tag.
func (g Game) OptimumResultTable() (t bridge.DDTable, ok bool, err error) {
	tag, ok := g.Tag("OptimumResultTable")
	if !ok {
		return bridge.DDTable{}, false, nil
	}
	table, err := tag.Table()
	if err != nil {
		return bridge.DDTable{}, true, err
	}
	t = bridge.UnknownDDTable()
	for i, rec := range table.Records() {
		at := tag
		if i < len(tag.Data) {
			at.Line = tag.Data[i].Number
		}
		seat, strain, tricks, err := optimumRow(rec)
		if err != nil {
			return bridge.DDTable{}, true, at.errorf("row %d: %v", i+1, err)
		}
		if t[seat][strain] != bridge.DDUnknown {
			return bridge.DDTable{}, true, at.errorf("row %d: a second row for %s in %s", i+1, seat.Name(), strain)
		}
		t[seat][strain] = tricks
	}
	return t, true, nil
}

// optimumRow reads a row of an OptimumResultTable.
func optimumRow(rec map[string]string) (bridge.Seat, bridge.Strain, int, error) {
	for _, c := range optimumColumns {
		if _, ok := rec[c.Name]; !ok {
			return 0, 0, 0, fmt.Errorf("no %s column", c.Name)
		}
	}
	seat, err := bridge.ParseSeat(rec["Declarer"])
	if err != nil {
		return 0, 0, 0, err
	}
	strain, err := bridge.ParseStrain(rec["Denomination"])
	if err != nil {
		return 0, 0, 0, err
	}
	n, err := strconv.Atoi(rec["Result"])
	if err != nil || n < 0 || n > 13 {
		return 0, 0, 0, fmt.Errorf("result %q is not a number of tricks 0 to 13", rec["Result"])
	}
	return seat, strain, n, nil
}
