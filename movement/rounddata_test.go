package movement

import (
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestRoundDataOfTheReferenceMitchell(t *testing.T) {
	rows := RoundData("A", mitchell5(t), 4, 1)
	if len(rows) != 25 {
		t.Fatalf("%d rows, want 25", len(rows))
	}
	for _, want := range []RoundDataRow{
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

func TestRoundDataOfSitOutsAndIdleTables(t *testing.T) {
	m := Movement{Tables: 2, Rounds: 1, Sets: 1, Seatings: []Seating{
		{Round: 1, Table: 2, NS: None, EW: None, Set: None},
		{Round: 1, Table: 1, NS: 3, EW: None, Set: 1},
	}}
	want := []RoundDataRow{{"B", 1, 1, 3, 0, 17, 19}, {"B", 2, 1, 0, 0, 0, 0}}
	if got := RoundData("B", m, 3, 17); !reflect.DeepEqual(got, want) {
		t.Errorf("rows %+v, want %+v", got, want)
	}
}

func TestWriteRoundDataCSV(t *testing.T) {
	var buf bytes.Buffer
	rows := []RoundDataRow{{"A", 1, 1, 1, 6, 1, 4}, {"A, main", 2, 1, 2, 0, 5, 8}}
	if err := WriteRoundDataCSV(&buf, rows); err != nil {
		t.Fatal(err)
	}
	want := "Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard\nA,1,1,1,6,1,4\n\"A, main\",2,1,2,0,5,8\n"
	if buf.String() != want {
		t.Errorf("wrote\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestWriteRoundDataCSVRefusesBadRows(t *testing.T) {
	for _, tc := range []struct {
		row  RoundDataRow
		want string
	}{
		{RoundDataRow{"A", 0, 1, 1, 2, 1, 4}, "row 2, column Table: 0 is below 1"},
		{RoundDataRow{"A", 1, 1, -1, 2, 1, 4}, "row 2, column NSPair"},
		{RoundDataRow{"A", 1, 1, 1, 2, 5, 4}, "row 2, column HighBoard: HighBoard 4 is below LowBoard 5"},
		{RoundDataRow{"A", 1, 1, 1, 2, 0, 4}, "row 2, column HighBoard"},
		{RoundDataRow{"A", 1, 10000, 1, 2, 1, 4}, "row 2, column Round: 10000 is above 9999"},
	} {
		err := WriteRoundDataCSV(&bytes.Buffer{}, []RoundDataRow{{"A", 1, 1, 1, 2, 1, 4}, tc.row})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one containing %q", tc.row, err, tc.want)
		}
	}
}

// roundTrip writes the RoundData of m as CSV, reads it back and imports it.
func roundTrip(t *testing.T, m Movement, boardsPerSet, first int) ([]RoundDataRow, Movement) {
	t.Helper()
	rows := RoundData("A", m, boardsPerSet, first)
	var buf bytes.Buffer
	if err := WriteRoundDataCSV(&buf, rows); err != nil {
		t.Fatal(err)
	}
	read, err := ReadRoundDataCSV(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(read, rows) {
		t.Fatalf("read back %+v, want %+v", read, rows)
	}
	back, err := MovementFromRoundData(read, "A")
	if err != nil {
		t.Fatal(err)
	}
	return rows, back
}

func TestRoundDataRoundTripsTheReferenceMovements(t *testing.T) {
	for _, m := range []Movement{mitchell5(t), howell4(t)} {
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
	for _, f := range loadPublishedHowells(t) {
		t.Run(f.Name, func(t *testing.T) {
			m := f.movement()
			_, back := roundTrip(t, m, 2, 1)
			m.Sort()
			if !reflect.DeepEqual(back.Seatings, m.Seatings) {
				t.Fatalf("seatings changed: %v, want %v", back.Seatings, m.Seatings)
			}
			if len(back.Shares) != shareCount(m) {
				t.Errorf("%d shares %v, want %d", len(back.Shares), back.Shares, shareCount(m))
			}
			if err := Check(back); err != nil {
				t.Errorf("imported movement fails the check: %v", err)
			}
			if back.TwoWinners {
				t.Error("a Howell is imported as a two-winner movement")
			}
		})
	}
}

// shareCount counts, by brute force, the pairs of tables playing one set
// in a round with two pairs at each.
func shareCount(m Movement) int {
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

func TestMovementFromRoundDataRenumbersBridgemateMitchells(t *testing.T) {
	// Bridgemate numbers each direction of a two-winner Mitchell from 1.
	var rows []RoundDataRow
	for _, s := range mitchell5(t).Seatings {
		low, high := Boards(s.Set, 2, 1)
		rows = append(rows, RoundDataRow{"C", s.Table, s.Round, s.NS, s.EW - 5, low, high})
	}
	rows = append(rows, RoundDataRow{"D", 1, 1, 1, 1, 1, 2})
	m, err := MovementFromRoundData(rows, "C")
	if err != nil {
		t.Fatal(err)
	}
	if want := mitchell5(t); !reflect.DeepEqual(m.Seatings, want.Seatings) {
		t.Errorf("seatings %v, want %v", m.Seatings, want.Seatings)
	}
	if !m.TwoWinners || !slices.Equal(m.Stationary, []int{1, 2, 3, 4, 5}) {
		t.Errorf("two winners %v, stationary %v: want true, 1-5", m.TwoWinners, m.Stationary)
	}
	if len(m.Notes) != 1 || !strings.Contains(m.Notes[0], "numbered from 6") {
		t.Errorf("notes %q: want one saying East-West pairs are numbered from 6", m.Notes)
	}
	if err := Check(m); err != nil {
		t.Error(err)
	}
}

func TestMovementFromRoundDataNumbersSetsFromTheFirstBoard(t *testing.T) {
	rows := []RoundDataRow{
		{"A", 1, 1, 1, 2, 25, 27}, {"A", 2, 1, 3, 4, 28, 30},
		{"A", 1, 2, 1, 3, 28, 30}, {"A", 2, 2, 4, 2, 31, 33},
		{"A", 1, 3, 1, 4, 31, 33}, {"A", 2, 3, 2, 3, 25, 27},
	}
	m, err := MovementFromRoundData(rows, "A")
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
	if got := RoundData("A", m, 3, 25); !reflect.DeepEqual(got, rows) {
		t.Errorf("RoundData gives %v back, want %v", got, rows)
	}
}

func TestMovementFromRoundDataRefusesWhatSetsCannotDescribe(t *testing.T) {
	base := []RoundDataRow{{"A", 1, 1, 1, 2, 1, 4}, {"A", 2, 1, 3, 4, 5, 8}}
	for _, tc := range []struct {
		name string
		row  RoundDataRow
		want string
	}{
		{"sizes differ", RoundDataRow{"A", 1, 2, 1, 3, 9, 11}, "boards 9-11, 3 boards, but other sets hold 4"},
		{"ranges overlap", RoundDataRow{"A", 1, 2, 1, 3, 3, 6}, "boards 1-4 and 3-6 overlap"},
		{"gap", RoundDataRow{"A", 1, 2, 1, 3, 13, 16}, "boards 9-12 are in no row"},
		{"table twice", RoundDataRow{"A", 2, 1, 1, 3, 1, 4}, "table 2 twice in round 1"},
		{"bad row", RoundDataRow{"A", 1, 2, 1, 3, 4, 1}, "row 3, column HighBoard"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := MovementFromRoundData(append(slices.Clone(base), tc.row), "A")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
	for _, tc := range []struct {
		rows    []RoundDataRow
		section string
		want    string
	}{
		{base, "B", `no rows for section "B" (it has ["A"])`},
		{[]RoundDataRow{{"A", 1, 1, 1, 2, 0, 0}}, "A", "no row has boards"},
	} {
		if _, err := MovementFromRoundData(tc.rows, tc.section); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("section %q of %v: error %v, want one containing %q", tc.section, tc.rows, err, tc.want)
		}
	}
}

func TestReadRoundDataCSVReadsColumnsByName(t *testing.T) {
	in := "\uFEFFhighboard, LowBoard ,Round,Table,Remarks,EWPair,NSPair,SECTION\n" +
		" 4 ,1,2,3,first,6, 1 , A \n" +
		"8,5,2,4,\"quoted, text\",0,2,A\n"
	rows, err := ReadRoundDataCSV(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []RoundDataRow{{"A", 3, 2, 1, 6, 1, 4}, {"A", 4, 2, 2, 0, 5, 8}}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("rows %+v, want %+v", rows, want)
	}
}

func TestReadRoundDataCSVNamesLineAndColumn(t *testing.T) {
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
			_, err := ReadRoundDataCSV(strings.NewReader(tc.in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func BenchmarkRoundDataCSVRoundTrip(b *testing.B) {
	m, err := Howell(28, HowellOptions{})
	if err != nil {
		b.Fatal(err)
	}
	var csv bytes.Buffer
	if err := WriteRoundDataCSV(&csv, RoundData("A", m, 2, 1)); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		rows, err := ReadRoundDataCSV(bytes.NewReader(csv.Bytes()))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := MovementFromRoundData(rows, "A"); err != nil {
			b.Fatal(err)
		}
	}
}
