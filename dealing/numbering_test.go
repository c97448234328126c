package dealing

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
	"lukechampine.com/uint128"
)

var allSchemes = []Scheme{BigDeal, Pavlicek, Andrews}

// mustDeal parses a PBN deal for a test.
func mustDeal(t testing.TB, pbn string) bridge.Deal {
	t.Helper()
	d, err := bridge.ParsePBNDeal(pbn)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// mustNumber parses a deal number for a test.
func mustNumber(t testing.TB, s string) Number {
	t.Helper()
	n, err := ParseNumber(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// randomDeal deals from a seeded shuffle, for property tests.
func randomDeal(r *rand.Rand) bridge.Deal {
	var d bridge.Deal
	for i, c := range r.Perm(52) {
		d[i/13] = d[i/13].Add(bridge.CardFromIndex(c))
	}
	return d
}

// randomNumber draws a number below D, for property tests.
func randomNumber(t testing.TB, r *rand.Rand) Number {
	for {
		n, err := NewNumber(uint128.New(r.Uint64(), r.Uint64()>>32))
		if err == nil {
			return n
		}
	}
}

func TestDealCount(t *testing.T) {
	if got, want := DealCount.String(), "53644737765488792839237440000"; got != want {
		t.Errorf("DealCount = %s, want %s", got, want)
	}
	if DealCount.Hi != 0xAD55E315 || DealCount.Lo != 0x634DDA658BF49200 {
		t.Errorf("DealCount = %#x %#x, want 0xAD55E315 634DDA658BF49200", DealCount.Hi, DealCount.Lo)
	}
}

func TestBinomialTable(t *testing.T) {
	for _, tc := range []struct {
		n, k int
		want uint64
	}{{52, 13, 635013559600}, {39, 13, 8122425444}, {26, 13, 10400600}, {13, 13, 1}, {12, 13, 0}, {5, 2, 10}, {0, 0, 1}} {
		if got := binomial[tc.n][tc.k]; got != tc.want {
			t.Errorf("C(%d,%d) = %d, want %d", tc.n, tc.k, got, tc.want)
		}
	}
}

func TestPublishedNumbers(t *testing.T) {
	first := mustDeal(t, "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	last := mustDeal(t, "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432...")
	// Index 1 in the two hand-by-hand schemes: South gives up the ♦2 for the ♣A.
	second := mustDeal(t, "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT9876543.A ..2.KQJT98765432")
	for _, tc := range []struct {
		name   string
		deal   bridge.Deal
		scheme Scheme
		number string
	}{
		{"first BigDeal", first, BigDeal, "0"},
		{"first Pavlicek", first, Pavlicek, "0"},
		{"first Andrews", first, Andrews, "0"},
		{"last BigDeal", last, BigDeal, "53644737765488792839237439999"},
		{"last Pavlicek", last, Pavlicek, "53644737765488792839237439999"},
		{"last Andrews", last, Andrews, "53644737765488792839237439999"},
		{"second BigDeal", second, BigDeal, "1"},
		{"second Andrews", second, Andrews, "1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, err := Encode(tc.deal, tc.scheme)
			if err != nil || n.String() != tc.number {
				t.Errorf("Encode = %v, %v; want %s", n, err, tc.number)
			}
			d, err := Decode(mustNumber(t, tc.number), tc.scheme)
			if err != nil || d != tc.deal {
				t.Errorf("Decode(%s) = %v, %v; want %v", tc.number, d, err, tc.deal)
			}
		})
	}
}

// Pavlicek page 10 (index 9) has BigDeal Gödel number 9 and Andrews index 203,490.
func TestSchemesDisagree(t *testing.T) {
	page10, err := ParsePage("10")
	if err != nil {
		t.Fatal(err)
	}
	d, err := Decode(page10, Pavlicek)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		scheme Scheme
		want   string
	}{{BigDeal, "9"}, {Andrews, "203490"}, {Pavlicek, "9"}} {
		if n, err := Encode(d, tc.scheme); err != nil || n.String() != tc.want {
			t.Errorf("%s number of Pavlicek page 10 (%v) = %v, %v; want %s", tc.scheme, d, n, err, tc.want)
		}
	}
}

func TestRoundTripRandomDeals(t *testing.T) {
	r := rand.New(rand.NewPCG(2024, 11))
	for range 2000 {
		d := randomDeal(r)
		for _, s := range allSchemes {
			n, err := Encode(d, s)
			if err != nil {
				t.Fatalf("Encode(%v, %s): %v", d, s, err)
			}
			back, err := Decode(n, s)
			if err != nil || back != d {
				t.Fatalf("%s: %v encodes to %s, which decodes to %v, %v", s, d, n, back, err)
			}
		}
	}
}

func TestRoundTripRandomNumbers(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 52))
	for range 2000 {
		n := randomNumber(t, r)
		for _, s := range allSchemes {
			d, err := Decode(n, s)
			if err != nil {
				t.Fatalf("Decode(%s, %s): %v", n, s, err)
			}
			if err := d.Validate(); err != nil {
				t.Fatalf("Decode(%s, %s) = %v: %v", n, s, d, err)
			}
			back, err := Encode(d, s)
			if err != nil || back != n {
				t.Fatalf("%s: %s decodes to %v, which encodes to %s, %v", s, n, d, back, err)
			}
		}
	}
}

func TestEncodeErrors(t *testing.T) {
	valid := mustDeal(t, "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	short := valid
	short[bridge.West] = short[bridge.West].Remove(bridge.Card{Suit: bridge.Clubs, Rank: bridge.Two})
	for _, tc := range []struct {
		name   string
		deal   bridge.Deal
		scheme Scheme
		want   string
	}{
		{"no scheme", valid, 0, "unknown numbering scheme 0"},
		{"scheme 9", valid, 9, "unknown numbering scheme 9"},
		{"short deal", short, BigDeal, "West holds 12 cards"},
		{"empty deal", bridge.Deal{}, Pavlicek, "North holds 0 cards"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Encode(tc.deal, tc.scheme); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Encode error = %v, want one containing %q", err, tc.want)
			}
		})
	}
	if _, err := Decode(Number{}, 4); err == nil || !strings.Contains(err.Error(), "unknown numbering scheme 4") {
		t.Errorf("Decode with scheme 4: error = %v", err)
	}
}

func TestSchemeString(t *testing.T) {
	for s, want := range map[Scheme]string{BigDeal: "BigDeal", Pavlicek: "Pavlicek", Andrews: "Andrews", 0: "Scheme(0)", 7: "Scheme(7)"} {
		if got := s.String(); got != want {
			t.Errorf("Scheme(%d).String() = %q, want %q", uint8(s), got, want)
		}
	}
}

func TestParseNumber(t *testing.T) {
	for _, tc := range []struct {
		in, want, err string
	}{
		{in: "0", want: "0"},
		{in: " 203490\n", want: "203490"},
		{in: "000042", want: "42"},
		{in: "53644737765488792839237439999", want: "53644737765488792839237439999"},
		{in: "53644737765488792839237440000", err: `deal number "53644737765488792839237440000": not below the 53644737765488792839237440000 deals`},
		{in: "999999999999999999999999999999", err: "not below"},
		{in: "9999999999999999999999999999999", err: "31 characters is too long"},
		{in: "", err: `deal number "": empty`},
		{in: "-1", err: `'-' at position 1 is not a decimal digit`},
		{in: "203,490", err: `',' at position 4 is not a decimal digit`},
		{in: "12 3", err: `' ' at position 3`},
	} {
		n, err := ParseNumber(tc.in)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("ParseNumber(%q) error = %v, want one containing %q", tc.in, err, tc.err)
		case tc.err == "" && (err != nil || n.String() != tc.want):
			t.Errorf("ParseNumber(%q) = %v, %v; want %s", tc.in, n, err, tc.want)
		}
	}
}

func TestPages(t *testing.T) {
	for _, tc := range []struct {
		page, index, err string
	}{
		{page: "1", index: "0"},
		{page: "10", index: "9"},
		{page: "53644737765488792839237440000", index: "53644737765488792839237439999"},
		{page: "0", err: "pages are counted from 1"},
		{page: "53644737765488792839237440001", err: "beyond the last page"},
		{page: "x", err: `page "x": 'x' at position 1`},
	} {
		n, err := ParsePage(tc.page)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParsePage(%q) error = %v, want one containing %q", tc.page, err, tc.err)
			}
			continue
		}
		if err != nil || n.String() != tc.index || n.Page() != tc.page {
			t.Errorf("ParsePage(%q) = index %v page %v, %v; want index %s", tc.page, n, n.Page(), err, tc.index)
		}
	}
}

func TestNewNumber(t *testing.T) {
	if n, err := NewNumber(DealCount.Sub64(1)); err != nil || n.Uint128() != DealCount.Sub64(1) {
		t.Errorf("NewNumber(D-1) = %v, %v", n, err)
	}
	for _, u := range []uint128.Uint128{DealCount, DealCount.Add64(1), uint128.Max} {
		if _, err := NewNumber(u); err == nil || !strings.Contains(err.Error(), "not below") {
			t.Errorf("NewNumber(%s) error = %v, want not below D", u, err)
		}
	}
}

func TestNumberText(t *testing.T) {
	n := mustNumber(t, "123456789012345678901234567")
	b, err := n.MarshalText()
	if err != nil || string(b) != "123456789012345678901234567" {
		t.Fatalf("MarshalText = %q, %v", b, err)
	}
	var back Number
	if err := back.UnmarshalText(b); err != nil || back != n {
		t.Errorf("UnmarshalText = %v, %v; want %v", back, err, n)
	}
	if err := back.UnmarshalText([]byte("x")); err == nil || back != n {
		t.Errorf("UnmarshalText(x) = %v and changed the number to %v", err, back)
	}
}
