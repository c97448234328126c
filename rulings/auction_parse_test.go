package rulings

import (
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestParseAuctionReadsSpellings(t *testing.T) {
	tests := []struct {
		dealer bridge.Seat
		in     string
		want   string
	}{
		{bridge.North, "", ""},
		{bridge.North, "1S P 2H X XX P P P", "1S PASS 2H X XX PASS PASS PASS"},
		{bridge.East, "1s, pass, 2nt,dbl  rdbl\tp\np", "1S PASS 2NT X XX PASS PASS"},
		{bridge.West, "P P 1♠ 2♥", "PASS PASS 1S 2H"},
	}
	for _, tt := range tests {
		a, err := ParseAuction(tt.dealer, tt.in)
		if err != nil {
			t.Errorf("ParseAuction(%v, %q): %v", tt.dealer, tt.in, err)
			continue
		}
		if a.String() != tt.want {
			t.Errorf("ParseAuction(%v, %q) = %q, want %q", tt.dealer, tt.in, a, tt.want)
		}
		again, err := ParseAuction(tt.dealer, a.String())
		if err != nil || again.String() != a.String() {
			t.Errorf("%q does not read back: %q, %v", a, again, err)
		}
	}
}

func TestParseAuctionErrors(t *testing.T) {
	tests := []struct {
		dealer bridge.Seat
		in     string
		want   []string // all in the error
	}{
		{bridge.North, "1S 1H", []string{"call 2 (1H by East)", "1H is insufficient over 1S", "Law 18D"}},
		{bridge.North, "1S P X", []string{"call 3 (X by South)", "cannot double partner's bid", "Law 19A1"}},
		{bridge.South, "P XX", []string{"call 2 (XX by West)", "no bid to redouble", "Law 19B1"}},
		{bridge.North, "1S X XX XX", []string{"call 4 (XX by West)", "already redoubled", "Law 19B1"}},
		{bridge.North, "1S P P P P", []string{"call 5 (PASS by North)", "auction has ended", "Law 22A"}},
		{bridge.West, "P P P P 1C", []string{"call 5 (1C by West)", "auction has ended"}},
		{bridge.North, "1S 8NT", []string{"call 2 by East", `"8NT"`, "level 8 is outside 1 to 7"}},
		{bridge.North, "1S 2H bogus", []string{"call 3 by South", `"bogus"`}},
		{bridge.North, "1S 2Z", []string{"call 2 by East", `"2Z"`, "unknown strain"}},
		{bridge.Seat(4), "1S", []string{"dealer", "not a seat"}},
	}
	for _, tt := range tests {
		a, err := ParseAuction(tt.dealer, tt.in)
		if err == nil {
			t.Errorf("ParseAuction(%v, %q) = %q, want an error", tt.dealer, tt.in, a)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("ParseAuction(%v, %q) error %q does not say %q", tt.dealer, tt.in, err, w)
			}
		}
	}
}

// A bid of more than seven is what a player said, and Law 38 rules on it:
// the offending call reads it; anything else reads as bridge.ParseCall.
func TestParseOffendingCall(t *testing.T) {
	tests := []struct {
		in   string
		want bridge.Call
		err  string
	}{
		{in: "1S", want: bridge.Bid(1, bridge.StrainSpades)},
		{in: "x", want: bridge.Double},
		{in: "8C", want: bridge.Bid(8, bridge.StrainClubs)},
		{in: " 9nt ", want: bridge.Bid(9, bridge.NoTrump)},
		{in: "12♥", want: bridge.Bid(12, bridge.StrainHearts)},
		{in: "0S", err: "level 0"},
		{in: "100C", err: "level 100"},
		{in: "8", err: `"8"`},
		{in: "8Z", err: `"8Z"`},
		{in: "8CX", err: `"8CX"`},
		{in: "", err: "call"},
	}
	for _, tt := range tests {
		got, err := ParseOffendingCall(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseOffendingCall(%q) = %v, %v; want an error with %q", tt.in, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseOffendingCall(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

// FuzzParseOffendingCall: whatever it reads is a valid call or a bid of 8
// to 99 in a real strain, it writes back to what it read, and it reads
// every call bridge.ParseCall reads the same way.
func FuzzParseOffendingCall(f *testing.F) {
	for _, s := range []string{"1S", "8C", "99NT", "P", "xx", "7♠", "8", "0C", "８C"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseOffendingCall(s)
		if want, werr := bridge.ParseCall(s); werr == nil && (err != nil || c != want) {
			t.Fatalf("ParseOffendingCall(%q) = %v, %v; bridge.ParseCall reads %v", s, c, err, want)
		}
		if err != nil {
			return
		}
		if c.IsBid() && c.Level > 7 {
			if c.Level > 99 || !c.Strain.Valid() {
				t.Fatalf("ParseOffendingCall(%q) = %+v", s, c)
			}
		} else if verr := c.Validate(); verr != nil {
			t.Fatalf("ParseOffendingCall(%q) = %v: %v", s, c, verr)
		}
		if back, err := ParseOffendingCall(c.String()); err != nil || back != c {
			t.Fatalf("ParseOffendingCall(%q) = %v, read back from %q as %v, %v", s, c, c.String(), back, err)
		}
	})
}
