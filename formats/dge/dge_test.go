package dge_test

import (
	"bytes"
	"os"
	"reflect"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/dge"

	"github.com/bridge-director/director/formats/internal/goldenboards"
)

// golden is a 4-board DGE file rendered by hand from the layout. Board 1 gives each
// seat one suit, so its hands read
//
//	06 "AKQJT98765432" 03 04 05   North
//	06 03 "AKQJT98765432" 04 05   East
//	06 03 04 "AKQJT98765432" 05   South
//	06 03 04 05 "AKQJT98765432"   West
//
// then 60 NULs. Board 2 deals card n (AS=1 … 2C=52) to seat (n-1) mod 4; boards 3
// and 4 are boards 1 and 2 of a Bridgewebs session.
const golden = "testdata/four.dge"

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
	for _, first := range []int{1, 33} {
		var buf bytes.Buffer
		if err := dge.Write(&buf, goldenboards.Boards(t, first)); err != nil {
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
		opts  []dge.Option
		first int
	}{
		{nil, 1},
		{[]dge.Option{dge.FirstBoard(14)}, 14},
	} {
		got, err := dge.Read(bytes.NewReader(data), tc.opts...)
		if err != nil {
			t.Fatal(err)
		}
		if want := goldenboards.Boards(t, tc.first); !reflect.DeepEqual(got, want) {
			t.Errorf("from board %d:\n got %v\nwant %v", tc.first, got, want)
		}
	}
}

func TestReadAcceptsUnsortedRanksAndSpaceFiller(t *testing.T) {
	rec := bytes.Clone(readGolden(t)[:dge.RecordSize])
	copy(rec[1:], "23456789TJQKA") // North's spades from the two up
	copy(rec[dge.PartSize:], bytes.Repeat([]byte{' '}, 10))
	got, err := dge.Read(bytes.NewReader(rec))
	if err != nil {
		t.Fatal(err)
	}
	if want := goldenboards.Boards(t, 1)[:1]; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestReadErrors(t *testing.T) {
	golden := readGolden(t)
	patch := func(at int, b string) []byte {
		data := bytes.Clone(golden)
		copy(data[at:], b)
		return data
	}
	// Board 1 with the ♠2 moved from North to East: same length, wrong counts.
	moved := patch(0, "\x06AKQJT9876543\x03\x04\x05"+"\x062\x03AKQJT98765432\x04\x05")
	for _, tc := range []struct {
		name string
		data []byte
		opts []dge.Option
		want string
	}{
		{"empty", nil, nil, "dge: the file is empty"},
		{"truncated", golden[:130], nil, "dge: board 2 (bytes 128-255): the file ends after 2 of its 128 bytes"},
		{"not a rank", patch(1, "X"), nil, `dge: board 1 (bytes 0-127): North's spades: byte 1: 'X' is not a rank (AKQJT98765432)`},
		{"lower case rank", patch(128+3, "t"), nil, `dge: board 2 (bytes 128-255): North's spades: byte 3: 't' is not a rank (AKQJT98765432)`},
		{"card twice", patch(14, "A"), nil, `dge: board 1 (bytes 0-127): North's spades: the ♠A is already North's`},
		{"spade byte twice", patch(18, "\x06"), nil, `dge: board 1 (bytes 0-127): East's hearts: byte 18 is '\x06', want the suit byte 0x03`},
		{"suits out of order", patch(14, "\x04\x03"), nil, `dge: board 1 (bytes 0-127): North's hearts: byte 14 is '\x04', want the suit byte 0x03`},
		{"12 cards", moved, nil, "dge: board 1 (bytes 0-127): North holds 12 cards"},
		{"blank hands", patch(256, string(bytes.Repeat([]byte{' '}, dge.PartSize))), nil, `dge: board 3 (bytes 256-383): North's spades: byte 0 is ' ', want the suit byte 0x06`},
		{"filler", patch(384+127, "x"), nil, `dge: board 4 (bytes 384-511): byte 127 of the record is 'x': the filler after the hands holds only NULs and spaces`},
		{"first board -1", golden, []dge.Option{dge.FirstBoard(-1)}, "dge: first board -1: board numbers start at 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			boards, err := dge.Read(bytes.NewReader(tc.data), tc.opts...)
			if err == nil || err.Error() != tc.want {
				t.Errorf("got %v, %v\nwant error %s", boards, err, tc.want)
			}
		})
	}
}

func TestWriteErrors(t *testing.T) {
	four := goldenboards.Boards(t, 1)
	twice := goldenboards.Boards(t, 1)
	twice[0].Deal[bridge.East] = twice[0].Deal[bridge.East].Add(bridge.Card{Suit: bridge.Spades, Rank: bridge.Ace})
	for _, tc := range []struct {
		name   string
		boards []bridge.Board
		want   string
	}{
		{"no boards", nil, "dge: no boards to write"},
		{"backwards", []bridge.Board{four[1], four[0]}, "dge: board 1 follows board 2: the boards of a set must be consecutive"},
		{"card in two hands", twice, "dge: board 1: bridge: deal: East holds 14 cards; the ♠A is held by North and East"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := dge.Write(&buf, tc.boards)
			if err == nil || err.Error() != tc.want {
				t.Errorf("got %v\nwant %s", err, tc.want)
			}
			if buf.Len() != 0 {
				t.Errorf("wrote %d bytes before failing", buf.Len())
			}
		})
	}
}
