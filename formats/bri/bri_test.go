package bri_test

import (
	"bytes"
	"os"
	"reflect"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/bri"

	"github.com/bridge-director/director/formats/internal/goldenboards"
)

// golden is a 4-board BRI file rendered by hand from the layout. Board 1 gives each
// seat one suit, so its record reads 01 02 … 39 (North the spades 01-13, East the
// hearts 14-26, South the diamonds 27-39). Board 2 deals the cards round the table,
// card n to seat (n-1) mod 4, so North's record starts 01 05 09 13 17 and so on.
// Boards 3 and 4 are boards 1 and 2 of a Bridgewebs session; board 3's North holds
// A98.J92.A75.Q852: ♠A=01 ♠9=06 ♠8=07 ♥J=17 ♥9=19 ♥2=26 ♦A=27 ♦7=34 ♦5=36 ♣Q=42
// ♣8=46 ♣5=49 ♣2=52.
const golden = "testdata/four.bri"

func readGolden(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestWriteMatchesGolden(t *testing.T) {
	want := readGolden(t)
	// The file carries no numbers: boards 1-4 and boards 17-20 give the same bytes.
	for _, first := range []int{1, 17} {
		var buf bytes.Buffer
		if err := bri.Write(&buf, goldenboards.Boards(t, first)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("boards from %d:\n got %q\nwant %q", first, buf.Bytes(), want)
		}
	}
}

func TestReadGolden(t *testing.T) {
	data := readGolden(t)
	for _, tc := range []struct {
		opts  []bri.Option
		first int
	}{
		{nil, 1},
		{[]bri.Option{bri.FirstBoard(9)}, 9},
	} {
		got, err := bri.Read(bytes.NewReader(data), tc.opts...)
		if err != nil {
			t.Fatal(err)
		}
		if want := goldenboards.Boards(t, tc.first); !reflect.DeepEqual(got, want) {
			t.Errorf("from board %d:\n got %v\nwant %v", tc.first, got, want)
		}
	}
}

func TestReadAcceptsOtherFillerAndCardOrder(t *testing.T) {
	data := readGolden(t)[:bri.RecordSize]
	// North's cards in descending order, filler all NULs.
	var rec []byte
	for i := 12; i >= 0; i-- {
		rec = append(rec, data[2*i:2*i+2]...)
	}
	rec = append(rec, data[26:bri.PartSize]...)
	rec = append(rec, make([]byte, bri.RecordSize-bri.PartSize)...)
	got, err := bri.Read(bytes.NewReader(rec))
	if err != nil {
		t.Fatal(err)
	}
	if want := goldenboards.Boards(t, 1)[:1]; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestReadErrors(t *testing.T) {
	golden := readGolden(t)
	// patch returns the golden file with b written at offset at.
	patch := func(at int, b string) []byte {
		data := bytes.Clone(golden)
		copy(data[at:], b)
		return data
	}
	for _, tc := range []struct {
		name string
		data []byte
		opts []bri.Option
		want string
	}{
		{"empty", nil, nil, "bri: the file is empty"},
		{"truncated", golden[:300], nil, "bri: board 3 (bytes 256-383): the file ends after 44 of its 128 bytes"},
		{"truncated after renumbering", golden[:200], []bri.Option{bri.FirstBoard(5)}, "bri: board 6 (bytes 128-255): the file ends after 72 of its 128 bytes"},
		{"card 53", patch(256+6, "53"), nil, `bri: board 3 (bytes 256-383): North's card 4 "53" is not a card number (01 to 52)`},
		{"card 00", patch(128+26+4, "00"), nil, `bri: board 2 (bytes 128-255): East's card 3 "00" is not a card number (01 to 52)`},
		{"not digits", patch(384+52, "4x"), nil, `bri: board 4 (bytes 384-511): South's card 1 "4x" is not two digits`},
		{"space in a number", patch(0, " 1"), nil, `bri: board 1 (bytes 0-127): North's card 1 " 1" is not two digits`},
		{"duplicated card", patch(26, "01"), nil, `bri: board 1 (bytes 0-127): East's card 1 "01", the ♠A, is already North's`},
		{"filler", patch(128+100, "A"), nil, `bri: board 2 (bytes 128-255): byte 100 of the record is 'A': the filler after the cards holds only spaces and NULs`},
		{"first board 0", golden, []bri.Option{bri.FirstBoard(0)}, "bri: first board 0: board numbers start at 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			boards, err := bri.Read(bytes.NewReader(tc.data), tc.opts...)
			if err == nil || err.Error() != tc.want {
				t.Errorf("got %v, %v\nwant error %s", boards, err, tc.want)
			}
		})
	}
}

func TestWriteErrors(t *testing.T) {
	four := goldenboards.Boards(t, 1)
	short := goldenboards.Boards(t, 1)
	short[1].Deal[bridge.North] = short[1].Deal[bridge.North].Remove(bridge.Card{Suit: bridge.Spades, Rank: bridge.Ace})
	remarked := goldenboards.Boards(t, 1)
	remarked[2].Vulnerability = bridge.VulBoth
	for _, tc := range []struct {
		name   string
		boards []bridge.Board
		want   string
	}{
		{"no boards", nil, "bri: no boards to write"},
		{"gap", []bridge.Board{four[0], four[2]}, "bri: board 3 follows board 1: the boards of a set must be consecutive"},
		{"board 0", goldenboards.Boards(t, 0), "bri: bridge: board 0: board numbers start at 1"},
		{"12 cards", short, "bri: board 2: bridge: deal: North holds 12 cards; the ♠A is missing"},
		{"not Law 2", remarked, "bri: board 3 is marked dealer S, vulnerability All; the file carries no markings, so they must be Law 2's: dealer S, vulnerability EW"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := bri.Write(&buf, tc.boards)
			if err == nil || err.Error() != tc.want {
				t.Errorf("got %v\nwant %s", err, tc.want)
			}
			if buf.Len() != 0 {
				t.Errorf("wrote %d bytes before failing", buf.Len())
			}
		})
	}
}

func TestCardNumbers(t *testing.T) {
	for _, tc := range []struct {
		card string
		n    int
	}{{"SA", 1}, {"SK", 2}, {"S2", 13}, {"HA", 14}, {"H2", 26}, {"DA", 27}, {"D2", 39}, {"CA", 40}, {"C2", 52}} {
		c, err := bridge.ParseCard(tc.card)
		if err != nil {
			t.Fatal(err)
		}
		if got := bri.CardNumber(c); got != tc.n {
			t.Errorf("CardNumber(%s) = %d, want %d", tc.card, got, tc.n)
		}
	}
	var all bridge.Hand
	for n := 1; n <= 52; n++ {
		c, ok := bri.NumberedCard(n)
		if !ok || bri.CardNumber(c) != n {
			t.Errorf("NumberedCard(%d) = %v, %v; its number is %d", n, c, ok, bri.CardNumber(c))
		}
		all = all.Add(c)
	}
	if all != bridge.FullDeck {
		t.Errorf("cards 1 to 52 make %v, not the whole deck", all)
	}
	for _, n := range []int{0, 53, -1} {
		if c, ok := bri.NumberedCard(n); ok {
			t.Errorf("NumberedCard(%d) = %v, want no card", n, c)
		}
	}
	if n := bri.CardNumber(bridge.Card{}); n != 0 {
		t.Errorf("CardNumber of the zero card = %d, want 0", n)
	}
}
