package registry

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzReadCSV reads arbitrary text as a registry. What it accepts must be
// players with valid, unique ids, UTF-8 names and clubs within the limits,
// and a registry compared with itself must be unchanged.
func FuzzReadCSV(f *testing.F) {
	f.Add(federation(3))
	f.Add("\uFEFFName,National_ID,email,Club\nAnna, 10234 ,a@b,Warszawa\n\"O'Brien, Seán\",E-77.1,,\n")
	f.Add("national_id,name\n1,Anna\n1,Bob\n")
	f.Add("national_id,name\n1,\"Anna\n")
	f.Add("national_id,name,club\n1,Ann\xe9,\n")
	f.Fuzz(func(t *testing.T, in string) {
		players, err := ReadCSV(strings.NewReader(in))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "registry: ") {
				t.Fatalf("error %q does not say it is the registry's", err)
			}
			return
		}
		seen := map[string]bool{}
		for _, p := range players {
			if !ValidID(p.NationalID) || seen[p.NationalID] {
				t.Fatalf("accepted id %q (seen before: %v)", p.NationalID, seen[p.NationalID])
			}
			seen[p.NationalID] = true
			if p.Name == "" || !utf8.ValidString(p.Name+p.Club) || len(p.Name) > MaxField || len(p.Club) > MaxField {
				t.Fatalf("accepted player %+v", p)
			}
		}
		if c := Compare(players, players); c.Unchanged != len(players) {
			t.Fatalf("a registry compared with itself: %+v", c)
		}
	})
}
