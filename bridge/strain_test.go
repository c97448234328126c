package bridge_test

import (
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestParseStrain(t *testing.T) {
	tests := []struct {
		in   string
		want bridge.Strain
	}{
		{"C", bridge.StrainClubs}, {"c", bridge.StrainClubs}, {"♣", bridge.StrainClubs},
		{"D", bridge.StrainDiamonds}, {"♢", bridge.StrainDiamonds},
		{"h", bridge.StrainHearts}, {"♥", bridge.StrainHearts},
		{"S", bridge.StrainSpades}, {"♠", bridge.StrainSpades},
		{"N", bridge.NoTrump}, {"NT", bridge.NoTrump}, {"nt", bridge.NoTrump}, {"Nt", bridge.NoTrump}, {"n", bridge.NoTrump},
	}
	for _, tt := range tests {
		got, err := bridge.ParseStrain(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseStrain(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "X", "NTT", "SS", "1S", "T"} {
		_, err := bridge.ParseStrain(bad)
		wantError(t, err, `bridge: strain "`+bad+`"`, "not a strain")
	}
}

func TestStrainStrings(t *testing.T) {
	tests := []struct {
		strain         bridge.Strain
		letter, symbol string
		suit           bridge.Suit
		isSuit         bool
	}{
		{bridge.StrainClubs, "C", "♣", bridge.Clubs, true},
		{bridge.StrainDiamonds, "D", "♦", bridge.Diamonds, true},
		{bridge.StrainHearts, "H", "♥", bridge.Hearts, true},
		{bridge.StrainSpades, "S", "♠", bridge.Spades, true},
		{bridge.NoTrump, "NT", "NT", 0, false},
	}
	for _, tt := range tests {
		if tt.strain.String() != tt.letter || tt.strain.Symbol() != tt.symbol {
			t.Errorf("strain %d prints %q %q, want %q %q", tt.strain, tt.strain.String(), tt.strain.Symbol(), tt.letter, tt.symbol)
		}
		suit, ok := tt.strain.Suit()
		if ok != tt.isSuit || (ok && suit != tt.suit) {
			t.Errorf("%v.Suit() = %v, %v; want %v, %v", tt.strain, suit, ok, tt.suit, tt.isSuit)
		}
		for _, s := range []string{tt.letter, tt.symbol} {
			if back, err := bridge.ParseStrain(s); err != nil || back != tt.strain {
				t.Errorf("ParseStrain(%q) = %v, %v; want %v", s, back, err, tt.strain)
			}
		}
	}
}
