package bridge_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// checkParsed is the property every parser keeps: an error quotes the input, and
// an accepted value is valid and reads back from its String form unchanged.
func checkParsed[T comparable](t *testing.T, input string, v T, err error, valid func(T) bool, parse func(string) (T, error)) {
	t.Helper()
	if err != nil {
		if !strings.HasPrefix(err.Error(), "bridge: ") || !strings.Contains(err.Error(), strconv.Quote(input)) {
			t.Fatalf("error for %q does not name the input: %v", input, err)
		}
		return
	}
	if !valid(v) {
		t.Fatalf("%q parsed as the invalid %v", input, v)
	}
	text := fmt.Sprint(v)
	back, err := parse(text)
	if err != nil || back != v {
		t.Fatalf("%q parsed as %v, which reads back as %v, %v", input, v, back, err)
	}
}

func FuzzParseContract(f *testing.F) {
	for _, s := range []string{"4S", "3NTxx", "4♠X", "4H*", "4 S x", "Passed out", "AP", "8S", "4Z", "", "0", "7N**"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := bridge.ParseContract(s)
		valid := func(c bridge.Contract) bool { return c.Validate() == nil }
		checkParsed(t, s, c, err, valid, bridge.ParseContract)
		if err == nil {
			if back, err := bridge.ParseContract(c.Symbol()); err != nil || back != c {
				t.Fatalf("%v reads back from %q as %v, %v", c, c.Symbol(), back, err)
			}
		}
	})
}

func FuzzParseCall(f *testing.F) {
	for _, s := range []string{"1S", "1♠", "3nt", "P", "Pass", "X", "Dbl", "XX", "Rdbl", "8C", "1SX", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := bridge.ParseCall(s)
		valid := func(c bridge.Call) bool { return c.Validate() == nil }
		checkParsed(t, s, c, err, valid, bridge.ParseCall)
		if err == nil {
			if back, err := bridge.ParseCall(c.Symbol()); err != nil || back != c {
				t.Fatalf("%v reads back from %q as %v, %v", c, c.Symbol(), back, err)
			}
		}
	})
}

func FuzzParseCard(f *testing.F) {
	for _, s := range []string{"SA", "sa", "♠A", "AS", "D10", "10d", "DT", "SS", "", "♤"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := bridge.ParseCard(s)
		checkParsed(t, s, c, err, bridge.Card.Valid, bridge.ParseCard)
		if err == nil && bridge.CardFromIndex(c.Index()) != c {
			t.Fatalf("%v has index %d, which is card %v", c, c.Index(), bridge.CardFromIndex(c.Index()))
		}
	})
}

func FuzzParseHand(f *testing.F) {
	for _, s := range []string{"AKQ.JT9.876.5432", "...", "akq.j109.876.2345", "-", "AKA...", "A.B.C.D", ".87.AK874.AT8753"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := bridge.ParseHand(s)
		valid := func(h bridge.Hand) bool { return h&^bridge.FullDeck == 0 }
		checkParsed(t, s, h, err, valid, bridge.ParseHand)
		if err == nil && h.Len() != len(h.Cards()) {
			t.Fatalf("%v: Len %d, but %d cards", h, h.Len(), len(h.Cards()))
		}
	})
}

func FuzzParsePBNDeal(f *testing.F) {
	for _, s := range []string{
		sampleDeal,
		"E:J943.KQ64.532.J9 AKT5.A9532.9.K62 .87.AK874.AT8753 Q8762.JT.QJT6.Q4",
		"S:98.QJ9842.T97.A5 AT.AT75.KQ2.KQ32 KQJ765432..J5.94 .K63.A8643.JT876",
		"N:- - - -", "N:...", "", "x:",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := bridge.ParsePBNDeal(s)
		valid := func(d bridge.Deal) bool { return d.Validate() == nil }
		checkParsed(t, s, d, err, valid, bridge.ParsePBNDeal)
	})
}

// FuzzParseWords fuzzes the parsers of single words: suits, ranks, seats, strains
// and vulnerabilities.
func FuzzParseWords(f *testing.F) {
	for _, s := range []string{"S", "♠", "♡", "T", "10", "north", "NT", "n", "N-S", "Love", "-", "All", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		suit, err := bridge.ParseSuit(s)
		checkParsed(t, s, suit, err, bridge.Suit.Valid, bridge.ParseSuit)
		rank, err := bridge.ParseRank(s)
		checkParsed(t, s, rank, err, bridge.Rank.Valid, bridge.ParseRank)
		seat, err := bridge.ParseSeat(s)
		checkParsed(t, s, seat, err, bridge.Seat.Valid, bridge.ParseSeat)
		strain, err := bridge.ParseStrain(s)
		checkParsed(t, s, strain, err, bridge.Strain.Valid, bridge.ParseStrain)
		vul, err := bridge.ParseVulnerability(s)
		checkParsed(t, s, vul, err, bridge.Vulnerability.Valid, bridge.ParseVulnerability)
	})
}
