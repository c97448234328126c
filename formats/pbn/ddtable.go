package pbn

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// DDTable holds double-dummy results: DDTable[declarer][strain] is the number of
// tricks declarer takes in that strain, indexed by bridge.Seat and bridge.Strain,
// or Unknown.
type DDTable [4][5]int

// Unknown marks a cell of a DDTable that the file does not give.
const Unknown = -1

// ddDeclarers and ddStrains are the order of the DoubleDummyTricks digits:
// declarers N, S, E, W, and within each the strains NT, S, H, D, C.
var (
	ddDeclarers = [4]bridge.Seat{bridge.North, bridge.South, bridge.East, bridge.West}
	ddStrains   = [5]bridge.Strain{bridge.NoTrump, bridge.StrainSpades, bridge.StrainHearts, bridge.StrainDiamonds, bridge.StrainClubs}
)

// UnknownDDTable returns a table with every cell Unknown.
func UnknownDDTable() DDTable {
	var t DDTable
	for s := range t {
		for d := range t[s] {
			t[s][d] = Unknown
		}
	}
	return t
}

// ParseDoubleDummyTricks reads the value of a DoubleDummyTricks tag: 20 hexadecimal
// digits 0 to d, one per declarer N, S, E, W and strain NT, S, H, D, C, with * for
// an unknown cell.
func ParseDoubleDummyTricks(s string) (DDTable, error) {
	if len(s) != 20 {
		return DDTable{}, fmt.Errorf("want 20 hexadecimal digits, found %d characters", len(s))
	}
	var t DDTable
	for i := range 20 {
		seat, strain := ddDeclarers[i/5], ddStrains[i%5]
		if s[i] == '*' {
			t[seat][strain] = Unknown
			continue
		}
		n, err := strconv.ParseUint(s[i:i+1], 16, 8)
		if err != nil || n > 13 {
			return DDTable{}, fmt.Errorf("character %d, %q, for %s in %s is not a number of tricks 0 to d", i+1, s[i], seat.Name(), strain)
		}
		t[seat][strain] = int(n)
	}
	return t, nil
}

// DoubleDummyTricks returns the table as the value of a DoubleDummyTricks tag.
func (t DDTable) DoubleDummyTricks() string {
	var b strings.Builder
	for _, seat := range ddDeclarers {
		for _, strain := range ddStrains {
			if n := t[seat][strain]; n >= 0 && n <= 13 {
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
func (g Game) DoubleDummyTricks() (t DDTable, ok bool, err error) {
	tag, ok := g.Tag("DoubleDummyTricks")
	if !ok {
		return DDTable{}, false, nil
	}
	t, err = ParseDoubleDummyTricks(tag.Value)
	if err != nil {
		return DDTable{}, true, tag.errorf("%q: %v", tag.Value, err)
	}
	return t, true, nil
}

// optimumColumns are the columns of an OptimumResultTable.
var optimumColumns = []Column{{Name: "Declarer"}, {Name: "Denomination", Width: 2, Align: 'R'}, {Name: "Result", Width: 2, Align: 'R'}}

// OptimumResultTable returns the table as an OptimumResultTable: a row per
// declarer N, S, E, W and strain NT, S, H, D, C, leaving out Unknown cells.
func (t DDTable) OptimumResultTable() Table {
	out := Table{Columns: optimumColumns}
	for _, seat := range ddDeclarers {
		for _, strain := range ddStrains {
			if n := t[seat][strain]; n >= 0 && n <= 13 {
				out.Rows = append(out.Rows, []string{seat.String(), strain.String(), strconv.Itoa(n)})
			}
		}
	}
	return out
}

// OptimumResultTable returns the table of the OptimumResultTable tag, whose rows
// give Declarer, Denomination and Result in any order; cells without a row are
// Unknown. ok is false when the game has no such tag.
func (g Game) OptimumResultTable() (t DDTable, ok bool, err error) {
	tag, ok := g.Tag("OptimumResultTable")
	if !ok {
		return DDTable{}, false, nil
	}
	table, err := tag.Table()
	if err != nil {
		return DDTable{}, true, err
	}
	t = UnknownDDTable()
	for i, rec := range table.Records() {
		at := tag
		if i < len(tag.Data) {
			at.Line = tag.Data[i].Number
		}
		seat, strain, tricks, err := optimumRow(rec)
		if err != nil {
			return DDTable{}, true, at.errorf("row %d: %v", i+1, err)
		}
		if t[seat][strain] != Unknown {
			return DDTable{}, true, at.errorf("row %d: a second row for %s in %s", i+1, seat.Name(), strain)
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
