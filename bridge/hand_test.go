package bridge_test

import (
	"slices"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// card parses a card in a test that knows it is good.
func card(t testing.TB, s string) bridge.Card {
	t.Helper()
	c, err := bridge.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// handOf builds a hand from cards written like "SA".
func handOf(t testing.TB, cards ...string) bridge.Hand {
	t.Helper()
	var h bridge.Hand
	for _, s := range cards {
		h = h.Add(card(t, s))
	}
	return h
}

func TestHandSet(t *testing.T) {
	var h bridge.Hand
	sa, c2 := card(t, "SA"), card(t, "C2")
	if h.Has(sa) || h.Len() != 0 {
		t.Fatal("the empty hand is not empty")
	}
	h = h.Add(sa).Add(c2).Add(sa)
	if !h.Has(sa) || !h.Has(c2) || h.Has(card(t, "SK")) || h.Len() != 2 {
		t.Errorf("hand %v: has SA %v, C2 %v, SK %v, len %d", h, h.Has(sa), h.Has(c2), h.Has(card(t, "SK")), h.Len())
	}
	if h != bridge.Hand(1<<51|1) {
		t.Errorf("SA and C2 are bits %b, want bits 51 and 0", uint64(h))
	}
	if h = h.Remove(sa); h.Has(sa) || h.Len() != 1 {
		t.Errorf("after removing SA: %v", h)
	}
	invalid := bridge.Card{Suit: bridge.Spades, Rank: 1}
	if h.Add(invalid) != h || h.Has(invalid) {
		t.Error("an invalid card changed the hand")
	}
	if bridge.FullDeck.Len() != 52 || bridge.FullDeck.HCP() != 40 {
		t.Errorf("full deck: %d cards, %d HCP", bridge.FullDeck.Len(), bridge.FullDeck.HCP())
	}
}

func TestHandContents(t *testing.T) {
	h, err := bridge.ParseHand("AKQ.JT9.876.5432")
	if err != nil {
		t.Fatal(err)
	}
	var want []bridge.Card
	for _, s := range []string{"SA", "SK", "SQ", "HJ", "HT", "H9", "D8", "D7", "D6", "C5", "C4", "C3", "C2"} {
		want = append(want, card(t, s))
	}
	if got := h.Cards(); !slices.Equal(got, want) {
		t.Errorf("Cards() = %v, want %v", got, want)
	}
	if got := h.Suit(bridge.Hearts); !slices.Equal(got, []bridge.Rank{bridge.Jack, bridge.Ten, bridge.Nine}) {
		t.Errorf("Suit(Hearts) = %v", got)
	}
	if h.SuitLen(bridge.Clubs) != 4 || h.SuitLen(bridge.Spades) != 3 || h.Len() != 13 {
		t.Errorf("suit lengths: clubs %d, spades %d, total %d", h.SuitLen(bridge.Clubs), h.SuitLen(bridge.Spades), h.Len())
	}
	if got := bridge.Hand(0).Suit(bridge.Spades); len(got) != 0 {
		t.Errorf("empty hand has spades %v", got)
	}
}

func TestHandHCP(t *testing.T) {
	tests := []struct {
		hand string
		hcp  int
	}{
		{"AKQ.JT9.876.5432", 10},
		{"...", 0},
		{"AKQJ.AKQJ.AKQJ.A", 34},
		{"T98.T98.T987.T98", 0},
		{"J.Q.K.A", 10},
	}
	for _, tt := range tests {
		h, err := bridge.ParseHand(tt.hand)
		if err != nil {
			t.Fatal(err)
		}
		if got := h.HCP(); got != tt.hcp {
			t.Errorf("HCP(%s) = %d, want %d", tt.hand, got, tt.hcp)
		}
	}
}

func TestParseHand(t *testing.T) {
	tests := []struct {
		in   string
		want bridge.Hand
		text string
	}{
		{"AKQ.JT9.876.5432", handOf(t, "SA", "SK", "SQ", "HJ", "HT", "H9", "D8", "D7", "D6", "C5", "C4", "C3", "C2"), "AKQ.JT9.876.5432"},
		{"akq.j109.687.2345", handOf(t, "SA", "SK", "SQ", "HJ", "HT", "H9", "D8", "D7", "D6", "C5", "C4", "C3", "C2"), "AKQ.JT9.876.5432"},
		{"...", 0, "..."},
		{".87.AK874.AT8753", handOf(t, "H8", "H7", "DA", "DK", "D8", "D7", "D4", "CA", "CT", "C8", "C7", "C5", "C3"), ".87.AK874.AT8753"},
		{" AKQJT98765432... ", handOf(t, "SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7", "S6", "S5", "S4", "S3", "S2"), "AKQJT98765432..."},
	}
	for _, tt := range tests {
		got, err := bridge.ParseHand(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseHand(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
		if got.String() != tt.text {
			t.Errorf("ParseHand(%q).String() = %q, want %q", tt.in, got.String(), tt.text)
		}
	}
	bad := []struct{ in, problem string }{
		{"", "want 4 suits separated by dots (spades.hearts.diamonds.clubs), found 1"},
		{"AKQ.JT9.876", "found 3"},
		{"AKQ.JT9.876.5432.", "found 5"},
		{"-", `"-" stands for an unknown hand`},
		{"AKQ.JT9.876.543X", `unknown rank "X" in clubs`},
		{"AKQ.J1.876.5432", `unknown rank "1" in hearts`},
		{"A♠.JT9.876.5432", `unknown rank "♠" in spades`},
		{"AKA.JT9.876.5432", "the ♠A appears twice"},
		{"AKQ.T10.876.5432", "the ♥T appears twice"},
	}
	for _, tt := range bad {
		_, err := bridge.ParseHand(tt.in)
		wantError(t, err, `bridge: hand "`+tt.in+`": `, tt.problem)
	}
}
