package rulings

import (
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestParseDesignation(t *testing.T) {
	tests := []struct {
		in   string
		want Designation
	}{
		{"low", Designation{Kind: DesignateLow}},
		{"Small", Designation{Kind: DesignateLow}},
		{"high heart", Designation{Kind: DesignateHigh, Suit: bridge.Hearts, HasSuit: true}},
		{"play the top", Designation{Kind: DesignateHigh}},
		{"win", Designation{Kind: DesignateWin}},
		{"spade", Designation{Kind: DesignateSuit, Suit: bridge.Spades, HasSuit: true}},
		{"♦", Designation{Kind: DesignateSuit, Suit: bridge.Diamonds, HasSuit: true}},
		{"queen", Designation{Kind: DesignateRank, Rank: bridge.Queen}},
		{"10", Designation{Kind: DesignateRank, Rank: bridge.Ten}},
		{"SQ", Designation{Kind: DesignateCard, Suit: bridge.Spades, HasSuit: true, Rank: bridge.Queen}},
		{"queen of spades", Designation{Kind: DesignateCard, Suit: bridge.Spades, HasSuit: true, Rank: bridge.Queen}},
		{"play anything", Designation{Kind: DesignateAnything}},
	}
	for _, tc := range tests {
		got, err := ParseDesignation(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseDesignation(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "play", "banana", "low high", "anything spade", "queen king", "SQ HK", "spade heart"} {
		if _, err := ParseDesignation(bad); err == nil {
			t.Errorf("ParseDesignation(%q) read a designation", bad)
		}
	}
}

func FuzzParseDesignation(f *testing.F) {
	for _, s := range []string{"low", "high heart", "win", "spade", "queen of spades", "SQ", "10", "play anything", "", "♠", "ace ace"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDesignation(s)
		if err != nil {
			if !strings.Contains(err.Error(), "designation") {
				t.Errorf("error %q does not say what it reads", err)
			}
			return
		}
		if d.Kind < DesignateHigh || d.Kind > DesignateAnything {
			t.Errorf("%q read as kind %d", s, d.Kind)
		}
		if d.HasSuit && !d.Suit.Valid() || (d.Kind == DesignateRank || d.Kind == DesignateCard) && !d.Rank.Valid() {
			t.Errorf("%q read as %+v", s, d)
		}
	})
}

func TestIncompleteDesignation(t *testing.T) {
	say := func(words string) PlayIrregularity {
		return PlayIrregularity{Kind: IncompleteDesignation, Offender: bridge.South, Designation: words}
	}
	plain := Answers{"incontrovertible": "no"}
	// West leads ♦T; dummy holds ♠AKQ2 ♥543 ♦A32 ♣K54.
	const westLeads = "DT"
	// Dummy won trick 1 with ♦A and is on lead.
	const dummyLeads = "DT DA D4 D6"
	runPlayCases(t, []playCase{
		{name: "asks whether the intention is incontrovertible", plays: westLeads, irr: say("low"), wantQuestion: "incontrovertible"},
		{name: "incontrovertible intention", plays: westLeads, irr: say("low"), ans: Answers{"incontrovertible": "yes"}, wantLaws: []string{"46B"}},
		{name: "46B1(c) low", plays: westLeads, irr: say("low"), ans: plain, wantLaws: []string{"46B1(c)"}, wantSummary: "♦2 is played"},
		{name: "46B1(a) high", plays: westLeads, irr: say("high"), ans: plain, wantLaws: []string{"46B1(a)"}, wantSummary: "♦A is played"},
		{name: "46B1(b) win in second seat: the lowest card known to win", plays: westLeads, irr: say("win"), ans: plain,
			wantLaws: []string{"46B1(b)"}, wantSummary: "♦A is played"},
		{name: "46B1(b) win in fourth seat: the lowest card that wins, though not the master", plays: "DT D2 DQ D6 C7 C2 C3",
			irr: say("win"), ans: plain, wantLaws: []string{"46B1(b)"}, wantSummary: "♣K is played"},
		{name: "46B1(b) win when no card is known to win", plays: "DT DA D4 D6 C4 C7 CA C3 H6 H8",
			irr: say("win"), ans: plain, wantLaws: []string{"46A"}, wantSummary: "No card of dummy's is known to win"},
		{name: "46B4 a suit dummy may not play", plays: westLeads, irr: say("club"), ans: plain, wantLaws: []string{"46B4"}},
		{name: "46B3(b) a rank: dummy's only legal card of it", plays: westLeads, irr: say("three"), ans: plain,
			wantLaws: []string{"46B3(b)"}, wantSummary: "♦3 is played"},
		{name: "46B4 a card not in dummy", plays: westLeads, irr: say("DK"), ans: plain, wantLaws: []string{"46B4"}, wantSummary: "void"},
		{name: "45C4(a) a complete designation", plays: westLeads, irr: say("DA"), ans: plain, wantLaws: []string{"45C4(a)"}, wantSummary: "♦A is played"},
		{name: "46B5 play anything", plays: westLeads, irr: say("play anything"), ans: plain, wantLaws: []string{"46B5"}, wantSummary: "either defender"},
		{name: "46B2 a suit on a lead: the lowest", plays: dummyLeads, irr: say("spade"), ans: plain, wantLaws: []string{"46B2"}, wantSummary: "♠2 is played"},
		{name: "46B3(a) a rank on a lead continues dummy's winning suit", plays: dummyLeads, irr: say("three"), ans: plain,
			wantLaws: []string{"46B3(a)"}, wantSummary: "♦3 is played"},
		{name: "46B3(b) two cards of the rank: declarer designates", plays: dummyLeads, irr: say("king"), ans: plain,
			wantLaws: []string{"46B3(b)"}, wantSummary: "declarer designates"},
		{name: "46A low on a lead names no suit", plays: dummyLeads, irr: say("low"), ans: plain, wantLaws: []string{"46A"}},
		{name: "without the deal the rule is stated", noDeal: true, plays: westLeads, irr: say("low"), ans: plain,
			wantLaws: []string{"46B1(c)"}, wantSummary: "lowest diamond"},
	})
	s := playState(t, true, "")
	if _, err := RulePlay(s, say("low"), plain); err == nil {
		t.Error("a designation from dummy was ruled at West's turn")
	}
}
