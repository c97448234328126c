package rounddata

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bridge-director/director/movement"
	"github.com/bridge-director/director/movement/movementtest"
)

func TestRowsOfTheReferenceMitchell(t *testing.T) {
	rows := Rows("A", movementtest.Mitchell5(t), 4, 1)
	if len(rows) != 25 {
		t.Fatalf("%d rows, want 25", len(rows))
	}
	for _, want := range []Row{
		{"A", 1, 1, 1, 6, 1, 4},
		{"A", 5, 1, 5, 10, 17, 20},
		{"A", 1, 2, 1, 10, 5, 8},  // 1-5 s2
		{"A", 4, 3, 4, 7, 1, 4},   // 4-2 s1
		{"A", 5, 5, 5, 6, 13, 16}, // 5-1 s4
	} {
		if !slices.Contains(rows, want) {
			t.Errorf("no row %+v", want)
		}
	}
	for i := 1; i < len(rows); i++ {
		a, b := rows[i-1], rows[i]
		if a.Round > b.Round || a.Round == b.Round && a.Table >= b.Table {
			t.Fatalf("row %d %+v comes before row %d %+v: want round, then table order", i, a, i+1, b)
		}
	}
}

func TestRowsOfSitOutsAndIdleTables(t *testing.T) {
	m := movement.Movement{Tables: 2, Rounds: 1, Sets: 1, Seatings: []movement.Seating{
		{Round: 1, Table: 2, NS: movement.None, EW: movement.None, Set: movement.None},
		{Round: 1, Table: 1, NS: 3, EW: movement.None, Set: 1},
	}}
	want := []Row{{"B", 1, 1, 3, 0, 17, 19}, {"B", 2, 1, 0, 0, 0, 0}}
	if got := Rows("B", m, 3, 17); !reflect.DeepEqual(got, want) {
		t.Errorf("rows %+v, want %+v", got, want)
	}
}

func TestWriteCSV(t *testing.T) {
	var buf bytes.Buffer
	rows := []Row{{"A", 1, 1, 1, 6, 1, 4}, {"A, main", 2, 1, 2, 0, 5, 8}}
	if err := WriteCSV(&buf, rows); err != nil {
		t.Fatal(err)
	}
	want := "Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard\nA,1,1,1,6,1,4\n\"A, main\",2,1,2,0,5,8\n"
	if buf.String() != want {
		t.Errorf("wrote\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestWriteCSVRefusesBadRows(t *testing.T) {
	for _, tc := range []struct {
		row  Row
		want string
	}{
		{Row{"A", 0, 1, 1, 2, 1, 4}, "row 2, column Table: 0 is below 1"},
		{Row{"A", 1, 1, -1, 2, 1, 4}, "row 2, column NSPair"},
		{Row{"A", 1, 1, 1, 2, 5, 4}, "row 2, column HighBoard: HighBoard 4 is below LowBoard 5"},
		{Row{"A", 1, 1, 1, 2, 0, 4}, "row 2, column HighBoard"},
		{Row{"A", 1, 10000, 1, 2, 1, 4}, "row 2, column Round: 10000 is above 9999"},
	} {
		err := WriteCSV(&bytes.Buffer{}, []Row{{"A", 1, 1, 1, 2, 1, 4}, tc.row})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one containing %q", tc.row, err, tc.want)
		}
	}
}

// roundTrip writes the RoundData of m as CSV, reads it back and imports it.
func roundTrip(t *testing.T, m movement.Movement, boardsPerSet, first int) ([]Row, movement.Movement) {
	t.Helper()
	rows := Rows("A", m, boardsPerSet, first)
	var buf bytes.Buffer
	if err := WriteCSV(&buf, rows); err != nil {
		t.Fatal(err)
	}
	read, err := ReadCSV(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(read, rows) {
		t.Fatalf("read back %+v, want %+v", read, rows)
	}
	back, err := Movement(read, "A")
	if err != nil {
		t.Fatal(err)
	}
	return rows, back
}

func TestRoundDataRoundTripsTheReferenceMovements(t *testing.T) {
	for _, m := range []movement.Movement{movementtest.Mitchell5(t), movementtest.Howell4(t)} {
		t.Run(m.Name, func(t *testing.T) {
			_, back := roundTrip(t, m, 3, 1)
			if !reflect.DeepEqual(back.Seatings, m.Seatings) {
				t.Errorf("seatings %v, want %v", back.Seatings, m.Seatings)
			}
			if back.Tables != m.Tables || back.Rounds != m.Rounds || back.Sets != m.Sets {
				t.Errorf("%d tables, %d rounds, %d sets, want %d, %d, %d", back.Tables, back.Rounds, back.Sets, m.Tables, m.Rounds, m.Sets)
			}
			if back.TwoWinners != m.TwoWinners || !slices.Equal(back.Stationary, m.Stationary) {
				t.Errorf("two winners %v, stationary %v; want %v, %v", back.TwoWinners, back.Stationary, m.TwoWinners, m.Stationary)
			}
			if len(back.Shares) != 0 || len(back.Notes) != 0 {
				t.Errorf("shares %v, notes %q: want none", back.Shares, back.Notes)
			}
		})
	}
}

func TestPublishedHowellsSurviveRoundDataAndPassCheck(t *testing.T) {
	for _, m := range publishedHowells(t) {
		t.Run(m.Name, func(t *testing.T) {
			_, back := roundTrip(t, m, 2, 1)
			m.Sort()
			if !reflect.DeepEqual(back.Seatings, m.Seatings) {
				t.Fatalf("seatings changed: %v, want %v", back.Seatings, m.Seatings)
			}
			if len(back.Shares) != shareCount(m) {
				t.Errorf("%d shares %v, want %d", len(back.Shares), back.Shares, shareCount(m))
			}
			if err := movement.Check(back); err != nil {
				t.Errorf("imported movement fails the check: %v", err)
			}
			if back.TwoWinners {
				t.Error("a Howell is imported as a two-winner movement")
			}
		})
	}
}

// publishedHowells reads the seatings of the Howells published in public
// repositories (../shared/fixtures/movements, rows of round, table, pairs
// and set), failing the test when there are none.
func publishedHowells(t *testing.T) []movement.Movement {
	t.Helper()
	paths, err := filepath.Glob("../../../shared/fixtures/movements/*/*_howell_*pairs.json")
	if err != nil || len(paths) < 16 {
		t.Fatalf("%d published Howells (%v), want 16", len(paths), err)
	}
	var out []movement.Movement
	for _, p := range paths {
		var f struct {
			Name string
			Rows []movement.Seating // the keys round, table, ns, ew and set
		}
		data, err := os.ReadFile(p)
		if err == nil {
			err = json.Unmarshal(data, &f)
		}
		if err != nil || len(f.Rows) == 0 {
			t.Fatalf("%s: %d rows, %v", p, len(f.Rows), err)
		}
		m := movement.Movement{Name: f.Name, Seatings: f.Rows}
		for _, s := range f.Rows {
			m.Tables, m.Rounds, m.Sets = max(m.Tables, s.Table), max(m.Rounds, s.Round), max(m.Sets, s.Set)
		}
		out = append(out, m)
	}
	return out
}

// shareCount counts, by brute force, the pairs of tables playing one set
// in a round with two pairs at each.
func shareCount(m movement.Movement) int {
	n := 0
	for _, a := range m.Seatings {
		for _, b := range m.Seatings {
			if a.Round == b.Round && a.Table < b.Table && a.Set == b.Set && a.NS*a.EW*b.NS*b.EW != 0 {
				n++
			}
		}
	}
	return n
}

func TestMovementRenumbersBridgemateMitchells(t *testing.T) {
	// Bridgemate numbers each direction of a two-winner Mitchell from 1.
	var rows []Row
	for _, s := range movementtest.Mitchell5(t).Seatings {
		low, high := movement.Boards(s.Set, 2, 1)
		rows = append(rows, Row{"C", s.Table, s.Round, s.NS, s.EW - 5, low, high})
	}
	rows = append(rows, Row{"D", 1, 1, 1, 1, 1, 2})
	m, err := Movement(rows, "C")
	if err != nil {
		t.Fatal(err)
	}
	if want := movementtest.Mitchell5(t); !reflect.DeepEqual(m.Seatings, want.Seatings) {
		t.Errorf("seatings %v, want %v", m.Seatings, want.Seatings)
	}
	if !m.TwoWinners || !slices.Equal(m.Stationary, []int{1, 2, 3, 4, 5}) {
		t.Errorf("two winners %v, stationary %v: want true, 1-5", m.TwoWinners, m.Stationary)
	}
	if len(m.Notes) != 1 || !strings.Contains(m.Notes[0], "numbered from 6") {
		t.Errorf("notes %q: want one saying East-West pairs are numbered from 6", m.Notes)
	}
	if err := movement.Check(m); err != nil {
		t.Error(err)
	}
}

func TestMovementNumbersSetsFromTheFirstBoard(t *testing.T) {
	rows := []Row{
		{"A", 1, 1, 1, 2, 25, 27}, {"A", 2, 1, 3, 4, 28, 30},
		{"A", 1, 2, 1, 3, 28, 30}, {"A", 2, 2, 4, 2, 31, 33},
		{"A", 1, 3, 1, 4, 31, 33}, {"A", 2, 3, 2, 3, 25, 27},
	}
	m, err := Movement(rows, "A")
	if err != nil {
		t.Fatal(err)
	}
	var sets []int
	for _, s := range m.Seatings {
		sets = append(sets, s.Set)
	}
	if want := []int{1, 2, 2, 3, 3, 1}; !slices.Equal(sets, want) || m.Sets != 3 {
		t.Errorf("sets %v of %d, want %v of 3", sets, m.Sets, want)
	}
	if got := Rows("A", m, 3, 25); !reflect.DeepEqual(got, rows) {
		t.Errorf("Rows gives %v back, want %v", got, rows)
	}
}

func TestMovementRefusesWhatSetsCannotDescribe(t *testing.T) {
	base := []Row{{"A", 1, 1, 1, 2, 1, 4}, {"A", 2, 1, 3, 4, 5, 8}}
	for _, tc := range []struct {
		name string
		row  Row
		want string
	}{
		{"sizes differ", Row{"A", 1, 2, 1, 3, 9, 11}, "boards 9-11, 3 boards, but other sets hold 4"},
		{"ranges overlap", Row{"A", 1, 2, 1, 3, 3, 6}, "boards 1-4 and 3-6 overlap"},
		{"gap", Row{"A", 1, 2, 1, 3, 13, 16}, "boards 9-12 are in no row"},
		{"table twice", Row{"A", 2, 1, 1, 3, 1, 4}, "table 2 twice in round 1"},
		{"bad row", Row{"A", 1, 2, 1, 3, 4, 1}, "row 3, column HighBoard"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Movement(append(slices.Clone(base), tc.row), "A")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
	for _, tc := range []struct {
		rows    []Row
		section string
		want    string
	}{
		{base, "B", `no rows for section "B" (the table has sections ["A"])`},
		{[]Row{{"A", 1, 1, 1, 2, 0, 0}}, "A", "no row has boards"},
	} {
		if _, err := Movement(tc.rows, tc.section); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("section %q of %v: error %v, want one containing %q", tc.section, tc.rows, err, tc.want)
		}
	}
}

func TestReadCSVReadsColumnsByName(t *testing.T) {
	in := "\uFEFFhighboard, LowBoard ,Round,Table,Remarks,EWPair,NSPair,SECTION\n" +
		" 4 ,1,2,3,first,6, 1 , A \n" +
		"8,5,2,4,\"quoted, text\",0,2,A\n"
	rows, err := ReadCSV(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Row{{"A", 3, 2, 1, 6, 1, 4}, {"A", 4, 2, 2, 0, 5, 8}}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("rows %+v, want %+v", rows, want)
	}
}

func TestReadCSVNamesLineAndColumn(t *testing.T) {
	const header = "Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard\n"
	for _, tc := range []struct {
		name, in, want string
	}{
		{"empty", "", "no header line"},
		{"missing column", "Section,Table,Round,NSPair,EWPair,LowBoard\n", "line 1: no column HighBoard"},
		{"column twice", "Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard,table\n", "line 1: column Table appears twice"},
		{"individual", header[:len(header)-1] + ",South,West\n", "line 1: column 8 is South: individual movements are not supported"},
		{"not a number", header + "A,1,1,1,2,1,4\nA,2,1,x,4,5,8\n", `line 3, column NSPair: "x" is not a whole number`},
		{"table 0", header + "A,0,1,1,2,1,4\n", "line 2, column Table: 0 is below 1"},
		{"negative pair", header + "A,1,1,1,-2,1,4\n", "line 2, column EWPair: -2 is below 0"},
		{"reversed boards", header + "A,1,1,1,2,4,1\n", "line 2, column HighBoard: HighBoard 1 is below LowBoard 4"},
		{"half a range", header + "A,1,1,1,2,0,4\n", "line 2, column HighBoard"},
		{"huge round", header + "A,1,123456,1,2,1,4\n", "line 2, column Round: 123456 is above 9999"},
		{"table twice", header + "A,1,1,1,2,1,4\nB,1,1,1,2,1,4\nA,1,1,3,4,5,8\n", "line 4, column Table: section \"A\" has table 1 in round 1 already on line 2"},
		{"short record", header + "A,1,1,1,2,1\n", "record on line 2: wrong number of fields"},
		{"bad quote", header + "A,1,1,\"1,2,1,4\n", "line 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadCSV(strings.NewReader(tc.in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func BenchmarkCSVRoundTrip(b *testing.B) {
	m, err := movement.Howell(28, movement.HowellOptions{})
	if err != nil {
		b.Fatal(err)
	}
	var csv bytes.Buffer
	if err := WriteCSV(&csv, Rows("A", m, 2, 1)); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		rows, err := ReadCSV(bytes.NewReader(csv.Bytes()))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Movement(rows, "A"); err != nil {
			b.Fatal(err)
		}
	}
}
