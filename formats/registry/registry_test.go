package registry

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestReadCSV(t *testing.T) {
	in := "\uFEFFName,National_ID,email,Club\n" +
		"Anna Kowalska, 10234 ,anna@example.org,Warszawa BC\n" +
		"\"O'Brien, Seán\",E-77.1,,\n"
	got, err := ReadCSV(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Player{{"10234", "Anna Kowalska", "Warszawa BC"}, {"E-77.1", "O'Brien, Seán", ""}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

func TestReadCSVErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "the file is empty"},
		{"id,name\n", "no column national_id"},
		{"national_id,club\n", "no column name"},
		{"national_id,name,Name\n", "line 1, column 18: the header names column name twice"},
		{"national_id,name\n1,Anna\n2\n", "line 3: 1 columns, and column name is column 2"},
		{"national_id,name\n1,Anna\n,Bob\n", "line 3, column 1 (national_id): empty"},
		{"national_id,name\n1,Anna\n2,\n", "line 3, column 3 (name): empty"},
		{"national_id,name\n12 34,Anna\n", `line 2, column 1 (national_id): "12 34" is not a national id`},
		{"national_id,name\n1,Ann\xe9\n", "line 2, column 3 (name): not UTF-8 text"},
		{"national_id,name,club\n1,Anna,\"a\x01\"\n", "line 2, column 8 (club): a control character"},
		{"national_id,name\n1,Anna\n2,Bob\n1,Carl\n", `line 4, column 1 (national_id): national id "1" is given on line 2 too`},
		{"national_id,name\n1,\"Anna\n", "line 2, column 9: extraneous or missing \" in quoted-field"},
		{"national_id,name\n1," + strings.Repeat("x", MaxField+1) + "\n", "101 bytes, and a field is at most 100"},
	} {
		_, err := ReadCSV(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadCSV(%q): %v, want an error with %q", c.in, err, c.want)
		}
	}
}

func TestCompare(t *testing.T) {
	held := []Player{{"1", "Anna", "Warszawa"}, {"2", "Bob", "Leeds"}, {"3", "Carl", ""}, {"4", "Dora", ""}}
	file := []Player{{"5", "Eve", ""}, {"2", "Bob", "York"}, {"1", "Anna", "Warszawa"}, {"3", "Karl", ""}}
	got := Compare(held, file)
	want := Changes{
		Added:     []Player{{"5", "Eve", ""}},
		Changed:   []Player{{"2", "Bob", "York"}, {"3", "Karl", ""}},
		Unchanged: 1,
		Missing:   []string{"4"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	if again := Compare(file, file); again.Unchanged != len(file) || len(again.Added)+len(again.Changed)+len(again.Missing) != 0 {
		t.Errorf("a file compared with itself: %+v, want everything unchanged", again)
	}
}

// federation writes a registry of n players as a national federation's
// would look: numeric ids, names and clubs.
func federation(n int) string {
	var b strings.Builder
	b.WriteString("national_id,name,club\n")
	for i := range n {
		fmt.Fprintf(&b, "%d,Player %d Surname-%d,Bridge Club %d\n", 100000+i, i, i%977, i%500)
	}
	return b.String()
}

// BenchmarkReadAndCompare reads a registry of 50,000 players and compares
// it with the registry held, in which a thousand names differ.
func BenchmarkReadAndCompare(b *testing.B) {
	file := federation(50000)
	held, err := ReadCSV(strings.NewReader(file))
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < len(held); i += 50 {
		held[i].Name += " (old)"
	}
	b.SetBytes(int64(len(file)))
	for b.Loop() {
		players, err := ReadCSV(strings.NewReader(file))
		if err != nil {
			b.Fatal(err)
		}
		if c := Compare(held, players); len(c.Changed) != 1000 {
			b.Fatalf("%d changed, want 1000", len(c.Changed))
		}
	}
}
