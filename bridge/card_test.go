package bridge_test

import (
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// wantError fails t unless err is an error whose text contains every one of parts.
func wantError(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("got no error, want one containing %q", parts)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q does not contain %q", err, p)
		}
	}
}

func TestParseSuit(t *testing.T) {
	tests := []struct {
		in   string
		want bridge.Suit
	}{
		{"C", bridge.Clubs}, {"d", bridge.Diamonds}, {"H", bridge.Hearts}, {"s", bridge.Spades},
		{"♣", bridge.Clubs}, {"♦", bridge.Diamonds}, {"♥", bridge.Hearts}, {"♠", bridge.Spades},
		{"♧", bridge.Clubs}, {"♢", bridge.Diamonds}, {"♡", bridge.Hearts}, {"♤", bridge.Spades},
	}
	for _, tt := range tests {
		got, err := bridge.ParseSuit(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseSuit(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	// "ſ" (long s) and "ｓ" (full-width s) are not the letter S.
	for _, bad := range []string{"", "X", "N", "NT", "CC", "♣♣", "clubs", "ſ", "ｓ"} {
		_, err := bridge.ParseSuit(bad)
		wantError(t, err, "bridge: suit", `"`+bad+`"`)
	}
}

func TestSuitStrings(t *testing.T) {
	tests := []struct {
		suit           bridge.Suit
		letter, symbol string
		strain         bridge.Strain
	}{
		{bridge.Clubs, "C", "♣", bridge.StrainClubs},
		{bridge.Diamonds, "D", "♦", bridge.StrainDiamonds},
		{bridge.Hearts, "H", "♥", bridge.StrainHearts},
		{bridge.Spades, "S", "♠", bridge.StrainSpades},
		{bridge.Suit(4), "Suit(4)", "Suit(4)", bridge.Strain(4)},
	}
	for _, tt := range tests {
		if got := tt.suit.String(); got != tt.letter {
			t.Errorf("String() = %q, want %q", got, tt.letter)
		}
		if got := tt.suit.Symbol(); got != tt.symbol {
			t.Errorf("Symbol() = %q, want %q", got, tt.symbol)
		}
		if tt.suit.Valid() && tt.suit.Strain() != tt.strain {
			t.Errorf("%v.Strain() = %v, want %v", tt.suit, tt.suit.Strain(), tt.strain)
		}
	}
}

func TestParseRank(t *testing.T) {
	tests := []struct {
		in   string
		want bridge.Rank
	}{
		{"2", bridge.Two}, {"9", bridge.Nine}, {"T", bridge.Ten}, {"t", bridge.Ten}, {"10", bridge.Ten},
		{"J", bridge.Jack}, {"q", bridge.Queen}, {"K", bridge.King}, {"a", bridge.Ace},
	}
	for _, tt := range tests {
		got, err := bridge.ParseRank(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseRank(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "1", "0", "11", "X", "AK", "ace", "01"} {
		_, err := bridge.ParseRank(bad)
		wantError(t, err, "bridge: rank", `"`+bad+`"`)
	}
	if got := bridge.Rank(1).String(); got != "Rank(1)" {
		t.Errorf("Rank(1).String() = %q", got)
	}
}

func TestParseCard(t *testing.T) {
	tests := []struct {
		in   string
		want bridge.Card
	}{
		{"SA", bridge.Card{Suit: bridge.Spades, Rank: bridge.Ace}},
		{"sa", bridge.Card{Suit: bridge.Spades, Rank: bridge.Ace}},
		{"♠A", bridge.Card{Suit: bridge.Spades, Rank: bridge.Ace}},
		{"AS", bridge.Card{Suit: bridge.Spades, Rank: bridge.Ace}},
		{"a♤", bridge.Card{Suit: bridge.Spades, Rank: bridge.Ace}},
		{"D10", bridge.Card{Suit: bridge.Diamonds, Rank: bridge.Ten}},
		{"DT", bridge.Card{Suit: bridge.Diamonds, Rank: bridge.Ten}},
		{"10d", bridge.Card{Suit: bridge.Diamonds, Rank: bridge.Ten}},
		{"TD", bridge.Card{Suit: bridge.Diamonds, Rank: bridge.Ten}},
		{"C2", bridge.Card{Suit: bridge.Clubs, Rank: bridge.Two}},
		{"♥q", bridge.Card{Suit: bridge.Hearts, Rank: bridge.Queen}},
		{" HK ", bridge.Card{Suit: bridge.Hearts, Rank: bridge.King}},
	}
	for _, tt := range tests {
		got, err := bridge.ParseCard(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseCard(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	bad := []struct{ in, problem string }{
		{"", "want a suit and a rank"},
		{"S", "want a suit and a rank"},
		{"A", "want a suit and a rank"},
		{"AK", "want a suit and a rank"},
		{"SZ", `unknown rank "Z"`},
		{"S1", `unknown rank "1"`},
		{"SAK", `unknown rank "AK"`},
		{"SS", `unknown rank "S"`},
		{"♠", "want a suit and a rank"},
	}
	for _, tt := range bad {
		_, err := bridge.ParseCard(tt.in)
		wantError(t, err, `bridge: card "`+tt.in+`"`, tt.problem)
	}
}

func TestCardIndex(t *testing.T) {
	if got := (bridge.Card{Suit: bridge.Clubs, Rank: bridge.Two}).Index(); got != 0 {
		t.Errorf("C2 index = %d, want 0", got)
	}
	if got := (bridge.Card{Suit: bridge.Spades, Rank: bridge.Ace}).Index(); got != 51 {
		t.Errorf("SA index = %d, want 51", got)
	}
	if got := (bridge.Card{Suit: bridge.Diamonds, Rank: bridge.Two}).Index(); got != 13 {
		t.Errorf("D2 index = %d, want 13", got)
	}
	seen := map[bridge.Card]bool{}
	for i := range 52 {
		c := bridge.CardFromIndex(i)
		if !c.Valid() || c.Index() != i || seen[c] {
			t.Errorf("CardFromIndex(%d) = %v (index %d, seen %v)", i, c, c.Index(), seen[c])
		}
		seen[c] = true
		back, err := bridge.ParseCard(c.String())
		if err != nil || back != c {
			t.Errorf("ParseCard(%q) = %v, %v; want %v", c.String(), back, err, c)
		}
		back, err = bridge.ParseCard(c.Symbol())
		if err != nil || back != c {
			t.Errorf("ParseCard(%q) = %v, %v; want %v", c.Symbol(), back, err, c)
		}
	}
	for _, i := range []int{-1, 52, 1000} {
		if c := bridge.CardFromIndex(i); c.Valid() {
			t.Errorf("CardFromIndex(%d) = %v, want an invalid card", i, c)
		}
	}
	if got := (bridge.Card{Suit: bridge.Spades, Rank: 15}).Index(); got != -1 {
		t.Errorf("index of an invalid card = %d, want -1", got)
	}
}
