package dealing

import (
	"fmt"
	"strings"

	"lukechampine.com/uint128"
)

// DealCount is D = 52!/(13!)⁴ = 53,644,737,765,488,792,839,237,440,000, the number of
// different deals. Every numbering scheme maps the deals one to one onto [0, D).
var DealCount = uint128.From64(binomial[52][13]).Mul64(binomial[39][13]).Mul64(binomial[26][13])

// Number is a deal number: an integer from 0 to D−1 (96 bits), where D is DealCount.
// A Number is always below D; NewNumber and ParseNumber refuse anything else.
//
// The API speaks of indexes, counted from 0, in every scheme. The published books
// and web pages count "pages" from 1: page = index + 1. Page and ParsePage convert.
type Number struct {
	v uint128.Uint128
}

// NewNumber returns u as a deal number, or an error when u is not below D.
func NewNumber(u uint128.Uint128) (Number, error) {
	if u.Cmp(DealCount) >= 0 {
		return Number{}, fmt.Errorf("dealing: deal number %s: not below the %s deals", u, DealCount)
	}
	return Number{u}, nil
}

// Uint128 returns n as an unsigned 128-bit integer.
func (n Number) Uint128() uint128.Uint128 { return n.v }

// String returns n in decimal, without separators: "203490".
func (n Number) String() string { return n.v.String() }

// Page returns n + 1 in decimal, the page number that published deal books print.
func (n Number) Page() string { return n.v.Add64(1).String() }

// ParseNumber reads a deal number (an index from 0) written in decimal digits, with
// optional surrounding space. It refuses signs, separators and values of D or more.
func ParseNumber(s string) (Number, error) {
	u, err := parseDecimal(s)
	if err != nil {
		return Number{}, fmt.Errorf("dealing: deal number %q: %s", s, err)
	}
	if u.Cmp(DealCount) >= 0 {
		return Number{}, fmt.Errorf("dealing: deal number %q: not below the %s deals", s, DealCount)
	}
	return Number{u}, nil
}

// ParsePage reads a page number, counted from 1 as published deal books count them,
// and returns the deal number page − 1.
func ParsePage(s string) (Number, error) {
	u, err := parseDecimal(s)
	switch {
	case err != nil:
		return Number{}, fmt.Errorf("dealing: page %q: %s", s, err)
	case u.IsZero():
		return Number{}, fmt.Errorf("dealing: page %q: pages are counted from 1", s)
	case u.Cmp(DealCount) > 0:
		return Number{}, fmt.Errorf("dealing: page %q: beyond the last page, %s", s, DealCount)
	}
	return Number{u.Sub64(1)}, nil
}

// maxDigits is the length of the longest decimal number parseDecimal reads: D has 29
// digits, and 30 digits cannot overflow 128 bits.
const maxDigits = 30

// parseDecimal reads a non-negative decimal integer of at most maxDigits digits.
// It returns what is wrong as the error text.
func parseDecimal(s string) (uint128.Uint128, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return uint128.Zero, fmt.Errorf("empty; want decimal digits")
	}
	if len(t) > maxDigits {
		return uint128.Zero, fmt.Errorf("%d characters is too long for a number below %s", len(t), DealCount)
	}
	var u uint128.Uint128
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c < '0' || c > '9' {
			return uint128.Zero, fmt.Errorf("%q at position %d is not a decimal digit", c, i+1)
		}
		u = u.Mul64(10).Add64(uint64(c - '0'))
	}
	return u, nil
}

// MarshalText writes n as String does.
func (n Number) MarshalText() ([]byte, error) { return []byte(n.String()), nil }

// UnmarshalText reads n as ParseNumber does.
func (n *Number) UnmarshalText(b []byte) error {
	v, err := ParseNumber(string(b))
	if err != nil {
		return err
	}
	*n = v
	return nil
}
