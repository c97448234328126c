package handrecord

import (
	"reflect"
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestMakeableTable(t *testing.T) {
	// Board 1 of the fixture: DoubleDummyTricks "98a79989794536445364", North
	// and South take 9 and 9 in NT, 8 and 8 in spades, 10 and 9 in hearts, 7 and
	// 7 in diamonds, 9 and 9 in clubs; East-West at most 6.
	got := makeableTable(fixtureRecords(t)[0].DoubleDummy).Rows
	want := [][]string{
		{"", "NT", "♠", "♥", "♦", "♣"},
		{"N", "3", "2", "4", "1", "3"},
		{"S", "3", "2", "3", "1", "3"},
		{"E", "–", "–", "–", "–", "–"},
		{"W", "–", "–", "–", "–", "–"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("makeable contracts\n got %q\nwant %q", got, want)
	}
}

func TestMakeable(t *testing.T) {
	for tricks, want := range map[int]string{0: "–", 6: "–", 7: "1", 9: "3", 13: "7"} {
		if got := makeable(tricks); got != want {
			t.Errorf("makeable(%d) = %q, want %q", tricks, got, want)
		}
	}
}

func TestStatsTable(t *testing.T) {
	// Board 1: N A98.J92.A75.Q852, E 532.86.K632.KJT7, S KQ4.AKT73.JT.A93,
	// W JT76.Q54.Q984.64.
	got := statsTable(fixtureRecords(t)[0].Board.Deal).Rows
	want := [][]string{
		{"", "Shape", "LTC"},
		{"N", "3-3-3-4", "9"},
		{"S", "3-5-2-3", "6"},
		{"E", "3-2-4-4", "9"},
		{"W", "4-3-4-2", "9"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("shape table\n got %q\nwant %q", got, want)
	}
}

func TestSegments(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []segment
	}{
		{"", nil},
		{"Par: +420", []segment{{Text: "Par: +420"}}},
		{"♠ AKQ", []segment{{Text: "♠", IsSuit: true, Suit: bridge.Spades}, {Text: " AKQ"}}},
		{"4♥x by N", []segment{{Text: "4"}, {Text: "♥", IsSuit: true, Suit: bridge.Hearts}, {Text: "x by N"}}},
		{"♦♣", []segment{{Text: "♦", IsSuit: true, Suit: bridge.Diamonds}, {Text: "♣", IsSuit: true, Suit: bridge.Clubs}}},
		{"♡ hollow", []segment{{Text: "♡ hollow"}}},
	} {
		if got := segments(tc.text); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("segments(%q) = %+v, want %+v", tc.text, got, tc.want)
		}
	}
	if !(segment{IsSuit: true, Suit: bridge.Hearts}).Red() || (segment{IsSuit: true, Suit: bridge.Clubs}).Red() || (segment{Text: "♥"}).Red() {
		t.Error("Red: want hearts and diamonds symbols only")
	}
}

func TestSuitTextAndVulnerability(t *testing.T) {
	h, err := bridge.ParseHand("AKQJT98765432...")
	if err != nil {
		t.Fatal(err)
	}
	if got := suitText(h, bridge.Spades); got != "AKQJT98765432" {
		t.Errorf("13 spades read %q", got)
	}
	if got := suitText(h, bridge.Hearts); got != "—" {
		t.Errorf("a void reads %q, want —", got)
	}
	for v, want := range map[bridge.Vulnerability]string{bridge.VulNone: "None", bridge.VulNS: "N-S", bridge.VulEW: "E-W", bridge.VulBoth: "All"} {
		if got := v.Marked(); got != want {
			t.Errorf("vulnerability %s reads %q, want %q", v, got, want)
		}
	}
}
