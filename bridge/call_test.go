package bridge_test

import (
	"testing"

	"github.com/bridge-director/director/bridge"
)

// allBids returns the 35 bids in rank order, 1C to 7NT.
func allBids() []bridge.Call {
	var bids []bridge.Call
	for level := 1; level <= 7; level++ {
		for _, s := range bridge.Strains {
			bids = append(bids, bridge.Bid(level, s))
		}
	}
	return bids
}

func TestParseCall(t *testing.T) {
	tests := []struct {
		in   string
		want bridge.Call
	}{
		{"1S", bridge.Bid(1, bridge.StrainSpades)},
		{"1s", bridge.Bid(1, bridge.StrainSpades)},
		{"1♠", bridge.Bid(1, bridge.StrainSpades)},
		{"3NT", bridge.Bid(3, bridge.NoTrump)},
		{"3n", bridge.Bid(3, bridge.NoTrump)},
		{"7 nt", bridge.Bid(7, bridge.NoTrump)},
		{"2♢", bridge.Bid(2, bridge.StrainDiamonds)},
		{"P", bridge.Pass},
		{"p", bridge.Pass},
		{"Pass", bridge.Pass},
		{"PASS", bridge.Pass},
		{"NB", bridge.Pass},
		{"X", bridge.Double},
		{"x", bridge.Double},
		{"Dbl", bridge.Double},
		{"double", bridge.Double},
		{"XX", bridge.Redouble},
		{"xx", bridge.Redouble},
		{"Rdbl", bridge.Redouble},
		{"Redouble", bridge.Redouble},
	}
	for _, tt := range tests {
		got, err := bridge.ParseCall(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseCall(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	bad := []struct{ in, problem string }{
		{"", "no level"},
		{"8S", "level 8 is outside 1 to 7"},
		{"0C", "level 0 is outside 1 to 7"},
		{"1Z", `unknown strain "Z"`},
		{"1", "no strain after level 1"},
		{"1SX", `unexpected "X" after 1S`},
		{"XXX", "no level"},
		{"AP", "no level"},
	}
	for _, tt := range bad {
		_, err := bridge.ParseCall(tt.in)
		wantError(t, err, `bridge: call "`+tt.in+`": `+tt.problem)
	}
}

func TestCallStrings(t *testing.T) {
	tests := []struct {
		c            bridge.Call
		text, symbol string
	}{
		{bridge.Bid(1, bridge.StrainClubs), "1C", "1♣"},
		{bridge.Bid(3, bridge.NoTrump), "3NT", "3NT"},
		{bridge.Bid(4, bridge.StrainHearts), "4H", "4♥"},
		{bridge.Pass, "PASS", "Pass"},
		{bridge.Double, "X", "X"},
		{bridge.Redouble, "XX", "XX"},
	}
	for _, tt := range tests {
		if tt.c.String() != tt.text || tt.c.Symbol() != tt.symbol {
			t.Errorf("%#v prints %q %q, want %q %q", tt.c, tt.c.String(), tt.c.Symbol(), tt.text, tt.symbol)
		}
	}
}

func TestCallRoundTrip(t *testing.T) {
	calls := append(allBids(), bridge.Pass, bridge.Double, bridge.Redouble)
	for _, c := range calls {
		if err := c.Validate(); err != nil {
			t.Errorf("Validate(%v) = %v", c, err)
		}
		for _, s := range []string{c.String(), c.Symbol()} {
			back, err := bridge.ParseCall(s)
			if err != nil || back != c {
				t.Errorf("ParseCall(%q) = %v, %v; want %v", s, back, err, c)
			}
		}
	}
}

func TestCallLess(t *testing.T) {
	bids := allBids()
	if len(bids) != 35 {
		t.Fatalf("%d bids, want 35", len(bids))
	}
	for i, a := range bids {
		for j, b := range bids {
			if got := a.Less(b); got != (i < j) {
				t.Errorf("%v.Less(%v) = %v, want %v", a, b, got, i < j)
			}
		}
		for _, other := range []bridge.Call{bridge.Pass, bridge.Double, bridge.Redouble} {
			if a.Less(other) || other.Less(a) {
				t.Errorf("%v and %v are ordered, but only bids have an order", a, other)
			}
		}
	}
}

func TestCallValidate(t *testing.T) {
	if bridge.Pass.IsBid() || !bridge.Bid(1, bridge.StrainClubs).IsBid() {
		t.Error("IsBid is wrong for a pass or 1C")
	}
	bad := []struct {
		c       bridge.Call
		problem string
	}{
		{bridge.Call{}, "unknown kind of call"},
		{bridge.Call{Kind: 9}, "unknown kind of call"},
		{bridge.Bid(0, bridge.StrainClubs), "level 0 is outside 1 to 7"},
		{bridge.Bid(8, bridge.NoTrump), "level 8 is outside 1 to 7"},
		{bridge.Bid(1, 7), "unknown strain Strain(7)"},
		{bridge.Call{Kind: bridge.CallDouble, Level: 1}, "only a bid has a level and a strain"},
		{bridge.Call{Kind: bridge.CallPass, Strain: bridge.NoTrump}, "only a bid has a level and a strain"},
	}
	for _, tt := range bad {
		wantError(t, tt.c.Validate(), "bridge: call ", tt.problem)
	}
}
