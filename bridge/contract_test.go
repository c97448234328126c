package bridge_test

import (
	"testing"

	"github.com/bridge-director/director/bridge"
)

// allContracts returns every contract: the 105 that can be bid, doubled or
// redoubled, and a passed-out board.
func allContracts() []bridge.Contract {
	all := []bridge.Contract{bridge.PassedOut}
	for level := 1; level <= 7; level++ {
		for _, s := range bridge.Strains {
			for d := bridge.Undoubled; d <= bridge.Redoubled; d++ {
				all = append(all, bridge.Contract{Level: level, Strain: s, Doubling: d})
			}
		}
	}
	return all
}

func TestParseContract(t *testing.T) {
	c := func(level int, s bridge.Strain, d bridge.Doubling) bridge.Contract {
		return bridge.Contract{Level: level, Strain: s, Doubling: d}
	}
	tests := []struct {
		in   string
		want bridge.Contract
	}{
		{"4S", c(4, bridge.StrainSpades, bridge.Undoubled)},
		{"4s", c(4, bridge.StrainSpades, bridge.Undoubled)},
		{"4♠X", c(4, bridge.StrainSpades, bridge.Doubled)},
		{"4♤x", c(4, bridge.StrainSpades, bridge.Doubled)},
		{"3NTxx", c(3, bridge.NoTrump, bridge.Redoubled)},
		{"3NTX", c(3, bridge.NoTrump, bridge.Doubled)},
		{"3N", c(3, bridge.NoTrump, bridge.Undoubled)},
		{"3nx", c(3, bridge.NoTrump, bridge.Doubled)},
		{"4HX", c(4, bridge.StrainHearts, bridge.Doubled)},
		{"4H*", c(4, bridge.StrainHearts, bridge.Doubled)},
		{"4H**", c(4, bridge.StrainHearts, bridge.Redoubled)},
		{"4 S x", c(4, bridge.StrainSpades, bridge.Doubled)},
		{" 1 c ", c(1, bridge.StrainClubs, bridge.Undoubled)},
		{"7D", c(7, bridge.StrainDiamonds, bridge.Undoubled)},
		{"6HXX", c(6, bridge.StrainHearts, bridge.Redoubled)},
		{"2♦", c(2, bridge.StrainDiamonds, bridge.Undoubled)},
		{"PASS", bridge.PassedOut},
		{"pass", bridge.PassedOut},
		{"Passed out", bridge.PassedOut},
		{"AP", bridge.PassedOut},
		{"PO", bridge.PassedOut},
	}
	for _, tt := range tests {
		got, err := bridge.ParseContract(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseContract(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	bad := []struct{ in, problem string }{
		{"8S", "level 8 is outside 1 to 7"},
		{"0NT", "level 0 is outside 1 to 7"},
		{"10H", "level 10 is outside 1 to 7"},
		{"99999999999999999999S", "level 99999999999999999999 is outside 1 to 7"},
		{"4Z", `unknown strain "Z"`},
		{"4", "no strain after level 4"},
		{"S", "no level"},
		{"", "no level"},
		{"-4S", "no level"},
		{"4SXXX", `unexpected "XXX" after 4S`},
		{"4S=", `unexpected "=" after 4S`},
		{"4S+1", `unexpected "+1" after 4S`},
		{"4NTT", `unexpected "T" after 4NT`},
		{"4H*X", `unexpected "*X" after 4H`},
		{"A", "no level"},
		{"4♠♠", `unexpected "♠" after 4S`},
		{"4ſ", `unknown strain "ſ"`},
	}
	for _, tt := range bad {
		_, err := bridge.ParseContract(tt.in)
		wantError(t, err, `bridge: contract "`+tt.in+`": `+tt.problem)
	}
}

func TestContractStrings(t *testing.T) {
	tests := []struct {
		c              bridge.Contract
		text, symbol   string
		tricksRequired int
	}{
		{bridge.Contract{Level: 4, Strain: bridge.StrainSpades}, "4S", "4♠", 10},
		{bridge.Contract{Level: 3, Strain: bridge.NoTrump, Doubling: bridge.Doubled}, "3NTX", "3NTx", 9},
		{bridge.Contract{Level: 6, Strain: bridge.StrainHearts, Doubling: bridge.Redoubled}, "6HXX", "6♥xx", 12},
		{bridge.Contract{Level: 1, Strain: bridge.StrainClubs}, "1C", "1♣", 7},
		{bridge.PassedOut, "PASS", "PASS", 0},
	}
	for _, tt := range tests {
		if tt.c.String() != tt.text || tt.c.Symbol() != tt.symbol || tt.c.TricksNeeded() != tt.tricksRequired {
			t.Errorf("%#v prints %q %q needs %d; want %q %q %d", tt.c, tt.c.String(), tt.c.Symbol(),
				tt.c.TricksNeeded(), tt.text, tt.symbol, tt.tricksRequired)
		}
	}
}

func TestContractRoundTrip(t *testing.T) {
	all := allContracts()
	if len(all) != 106 {
		t.Fatalf("%d contracts, want 106", len(all))
	}
	seen := map[string]bool{}
	for _, c := range all {
		if err := c.Validate(); err != nil {
			t.Errorf("Validate(%v) = %v", c, err)
		}
		if seen[c.String()] {
			t.Errorf("two contracts print as %q", c.String())
		}
		seen[c.String()] = true
		for _, s := range []string{c.String(), c.Symbol()} {
			back, err := bridge.ParseContract(s)
			if err != nil || back != c {
				t.Errorf("ParseContract(%q) = %v, %v; want %v", s, back, err, c)
			}
		}
	}
}

func TestContractValidate(t *testing.T) {
	bad := []struct {
		c       bridge.Contract
		problem string
	}{
		{bridge.Contract{Level: 8, Strain: bridge.StrainSpades}, "level 8 is outside 1 to 7"},
		{bridge.Contract{Level: -1}, "level -1 is outside 1 to 7"},
		{bridge.Contract{Level: 0, Strain: bridge.StrainHearts}, "a passed-out board has no strain or doubling"},
		{bridge.Contract{Level: 0, Doubling: bridge.Doubled}, "a passed-out board has no strain or doubling"},
		{bridge.Contract{Level: 2, Strain: 5}, "unknown strain Strain(5)"},
		{bridge.Contract{Level: 2, Doubling: 3}, "unknown doubling Doubling(3)"},
	}
	for _, tt := range bad {
		wantError(t, tt.c.Validate(), "bridge: contract ", tt.problem)
	}
}

func TestDoublingString(t *testing.T) {
	tests := map[bridge.Doubling]string{
		bridge.Undoubled: "Undoubled", bridge.Doubled: "Doubled", bridge.Redoubled: "Redoubled", 3: "Doubling(3)",
	}
	for d, want := range tests {
		if got := d.String(); got != want {
			t.Errorf("Doubling(%d).String() = %q, want %q", uint8(d), got, want)
		}
		if d.Valid() != (d <= bridge.Redoubled) {
			t.Errorf("Doubling(%d).Valid() = %v", uint8(d), d.Valid())
		}
	}
}
