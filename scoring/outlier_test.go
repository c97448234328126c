package scoring

import (
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

func entry(t *testing.T, contract string, ns int) Entry {
	t.Helper()
	c, err := bridge.ParseContract(contract)
	if err != nil {
		t.Fatal(err)
	}
	return Entry{Contract: c, NSScore: ns}
}

// TestOutlying flags the entries a director would look at twice on a
// vulnerable board where the field bid game in spades, and passes the
// ordinary spread of a field.
func TestOutlying(t *testing.T) {
	field := []Entry{entry(t, "4S", 620), entry(t, "4S", 650), entry(t, "4SX", -200), entry(t, "3S", 170)}
	for _, tc := range []struct {
		name  string
		e     Entry
		wants []string
	}{
		{"a game one over", entry(t, "4S", 650), nil},
		{"a part score", entry(t, "2S", 140), nil},
		{"a doubled sacrifice", entry(t, "5DX", -500), nil},
		{"a grand slam keyed for a game", entry(t, "7S", -500), []string{"contract 7♠ is 3 or more levels"}},
		{"game made for the wrong side", entry(t, "4S", -620), []string{"North-South score -620 is more than 1000 from the median 395"}},
		{"passed out", entry(t, "P", 0), []string{"contract PASS is 3 or more levels"}},
	} {
		got := Outlying(tc.e, field)
		if len(got) != len(tc.wants) {
			t.Errorf("%s: %q, want %d reasons", tc.name, got, len(tc.wants))
			continue
		}
		for i, want := range tc.wants {
			if !strings.Contains(got[i], want) {
				t.Errorf("%s: %q, want %q", tc.name, got[i], want)
			}
		}
	}
	if got := Outlying(entry(t, "7S", -500), field[:2]); got != nil {
		t.Errorf("two other results are no field: %q", got)
	}
}
