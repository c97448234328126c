package resultcsv

import (
	"bytes"
	"encoding/csv"
	"slices"
	"testing"
)

func TestWriteTravellers(t *testing.T) {
	var buf bytes.Buffer
	rows := []TravellerRow{
		{Section: "A", Board: 3, Table: 2, Round: 1, NS: 2, EW: 9, Contract: "4HX", Declarer: "S", Tricks: "9", Lead: "DK", Score: "-200",
			NSPoints: "2", EWPoints: "10", NSPercentage: "16.67", EWPercentage: "83.33", NSNames: `Ann "Nan" Smith, Bob Jones`, EWNames: ""},
		{Section: "A", Board: 3, Table: 3, Round: 1, NS: 3, EW: 7, Score: "A6040", FouledGroup: 1},
	}
	if err := WriteTravellers(&buf, rows); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(records) != 3 || !slices.Equal(records[0], TravellerColumns) {
		t.Fatalf("records %q", records)
	}
	want := []string{"A", "3", "2", "1", "2", "9", "4HX", "S", "9", "DK", "-200", "2", "10", "16.67", "83.33", `Ann "Nan" Smith, Bob Jones`, "", ""}
	if !slices.Equal(records[1], want) || records[2][10] != "A6040" || records[2][6] != "" || records[2][17] != "1" {
		t.Errorf("rows %q\nwant first %q", records[1:], want)
	}
}

func TestWriteStandings(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteStandings(&buf, []StandingRow{{Section: "B", Place: "3=", Pair: 12, Direction: "EW", Score: "101.5", Percentage: "52.86", Boards: 24, Penalties: "0", Names: "Ann Smith & Bob Jones"}}); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{StandingColumns, {"B", "3=", "12", "EW", "101.5", "52.86", "24", "0", "Ann Smith & Bob Jones"}}
	if len(records) != 2 || !slices.Equal(records[0], want[0]) || !slices.Equal(records[1], want[1]) {
		t.Errorf("records %q, want %q", records, want)
	}
}

// TestNamesAreNeverFormulas: a name a spreadsheet would run as a formula is
// written as text, while negative figures stay numbers.
func TestNamesAreNeverFormulas(t *testing.T) {
	var buf bytes.Buffer
	rows := []TravellerRow{{Section: "A", Board: 1, Table: 1, Round: 1, NS: 1, EW: 2, Contract: "4S", Declarer: "N", Tricks: "9", Score: "-50",
		NSPoints: "0", EWPoints: "2", NSNames: `=HYPERLINK("http://x","y")`, EWNames: "@SUM(A1)"},
		{Section: "A", Board: 1, Table: 2, Round: 1, NS: 3, EW: 4, Score: "-420", NSNames: "+1 Smith", EWNames: "Ann - Bob"}}
	if err := WriteTravellers(&buf, rows); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	got := [][]string{{records[1][10], records[1][15], records[1][16]}, {records[2][10], records[2][15], records[2][16]}}
	want := [][]string{{"-50", `'=HYPERLINK("http://x","y")`, "'@SUM(A1)"}, {"-420", "'+1 Smith", "Ann - Bob"}}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("row %d: score and names %q, want %q", i+1, got[i], want[i])
		}
	}
}
