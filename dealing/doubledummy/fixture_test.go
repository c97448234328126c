package doubledummy

import (
	"context"
	"flag"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/ddslist"
)

// longRuns turns on the tests and benchmarks over whole DDS files (list100,
// list1000, largest) and the freak deals (thomas1, thomas2), which take
// minutes: go test -dd.long ./dealing/doubledummy, as .ci/run does.
var longRuns = flag.Bool("dd.long", false, "run the tests and benchmarks over whole DDS files and the freak deals")

// readList reads a DDS test file of ../shared/fixtures/dds, in either of
// its formats.
func readList(t testing.TB, name string) []ddslist.Deal {
	t.Helper()
	deals, err := ddslist.ReadFile("../../../shared/fixtures/dds/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return deals
}

// checkTables solves every deal of a DDS file and compares its table with
// the one DDS computed.
func checkTables(t *testing.T, name string) {
	deals := readList(t, name)
	s := NewSolver()
	for _, d := range deals {
		got, err := s.Table(context.Background(), d.Deal)
		if err != nil {
			t.Fatalf("%s line %d: %v", name, d.Line, err)
		}
		if got != d.Table {
			t.Errorf("%s line %d (%s):\n got %v\nwant %v", name, d.Line, d.Deal, tableText(got), tableText(d.Table))
		}
	}
}

// tableText writes a table in print order for a failure message.
func tableText(t bridge.DDTable) string {
	out := ""
	for _, seat := range bridge.DDSeats {
		out += " " + seat.String() + ":"
		for _, strain := range bridge.DDStrains {
			if n, ok := t.Tricks(seat, strain); ok {
				out += " " + string("0123456789ABCD"[n])
			} else {
				out += " ?"
			}
		}
	}
	return out
}

func TestTablesList10(t *testing.T) { checkTables(t, "list10.txt") }
