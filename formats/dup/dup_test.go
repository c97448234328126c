package dup_test

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/dup"

	"github.com/bridge-director/director/formats/internal/goldenboards"
)

// Golden 4-board DUP files rendered by hand from the layout: each record is the
// board's BRI card part (78 bytes), its DGE hands part (68 bytes) and the trailer
// "YN1  0 4  ": random hands Y, backwards counting N, lowest board "1  ", copies
// "0 ", highest board "4  ". The blind file has 68 spaces for board 1's hands and
// asks for 3 copies ("YN1  3 4  ").
const (
	golden      = "testdata/four.dup"
	goldenBlind = "testdata/four_blind_3copies.dup"
)

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func write(t *testing.T, boards []bridge.Board, opts ...dup.Option) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := dup.Write(&buf, boards, opts...); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		path string
		opts []dup.Option
	}{
		{golden, nil},
		{goldenBlind, []dup.Option{dup.Blind(), dup.Copies(3)}},
	} {
		t.Run(tc.path, func(t *testing.T) {
			want := readFile(t, tc.path)
			if got := write(t, goldenboards.Boards(t, 1), tc.opts...); !bytes.Equal(got, want) {
				t.Errorf("Write:\n got %q\nwant %q", got, want)
			}
			boards, err := dup.Read(bytes.NewReader(want))
			if err != nil {
				t.Fatal(err)
			}
			if want := goldenboards.Boards(t, 1); !reflect.DeepEqual(boards, want) {
				t.Errorf("Read:\n got %v\nwant %v", boards, want)
			}
		})
	}
}

func TestTrailerCarriesTheBoardRange(t *testing.T) {
	for _, tc := range []struct {
		first   int
		opts    []dup.Option
		trailer string
	}{
		{5, nil, "YN5  0 8  "},
		{29, []dup.Option{dup.Copies(12)}, "YN29 1232 "},
		{120, []dup.Option{dup.Copies(99)}, "YN12099123"},
		{996, nil, "YN9960 999"},
	} {
		boards := goldenboards.Boards(t, tc.first)
		data := write(t, boards, tc.opts...)
		for i := range boards {
			if got := string(data[(i+1)*dup.RecordSize-10 : (i+1)*dup.RecordSize]); got != tc.trailer {
				t.Errorf("boards from %d, record %d: trailer %q, want %q", tc.first, i+1, got, tc.trailer)
			}
		}
		got, err := dup.Read(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, boards) {
			t.Errorf("boards from %d read back as\n%v\nwant %v", tc.first, got, boards)
		}
	}
}

// setTrailers returns data with every record's trailer replaced by trailer.
func setTrailers(data []byte, trailer string) []byte {
	data = bytes.Clone(data)
	for end := dup.RecordSize; end <= len(data); end += dup.RecordSize {
		copy(data[end-10:end], trailer)
	}
	return data
}

func TestReadAcceptsOtherTrailers(t *testing.T) {
	data := readFile(t, golden)
	// Big Deal writes the highest board as two digits; a machine may count backwards.
	for _, trailer := range []string{"YN1  0 04 ", "NY1  1 4  ", "YN01 0 4  ", "YN  1 04  "} {
		boards, err := dup.Read(bytes.NewReader(setTrailers(data, trailer)))
		if err != nil {
			t.Errorf("trailer %q: %v", trailer, err)
			continue
		}
		if want := goldenboards.Boards(t, 1); !reflect.DeepEqual(boards, want) {
			t.Errorf("trailer %q: got %v", trailer, boards)
		}
	}
}

func TestReadErrors(t *testing.T) {
	data := readFile(t, golden)
	patch := func(at int, b string) []byte {
		data := bytes.Clone(data)
		copy(data[at:], b)
		return data
	}
	swapped := bytes.Clone(data) // boards 1 and 2 swap their DGE parts
	copy(swapped[78:146], data[156+78:156+146])
	copy(swapped[156+78:156+146], data[78:146])
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "dup: the file is empty"},
		{"short", data[:100], "dup: the file ends after 100 bytes, within its first 156-byte record"},
		{"truncated", data[:400], "dup: board 3 (bytes 312-467): the file ends after 88 of its 156 bytes"},
		{"a BRI file", readFile(t, "../bri/testdata/four.bri"), `dup: the first record (bytes 0-155): trailer "3741454902": random hands is '3', want Y or N`},
		{"random flag", setTrailers(data, "XN1  0 4  "), `dup: the first record (bytes 0-155): trailer "XN1  0 4  ": random hands is 'X', want Y or N`},
		{"backwards flag", setTrailers(data, "Yn1  0 4  "), `dup: the first record (bytes 0-155): trailer "Yn1  0 4  ": backwards counting is 'n', want Y or N`},
		{"lowest", setTrailers(data, "YN1x 0 4  "), `dup: the first record (bytes 0-155): trailer "YN1x 0 4  ": lowest board "1x " is not a number`},
		{"lowest 0", setTrailers(data, "YN0  0 3  "), `dup: the first record (bytes 0-155): trailer "YN0  0 3  ": lowest board 0: board numbers start at 1`},
		{"copies", setTrailers(data, "YN1  -14  "), `dup: the first record (bytes 0-155): trailer "YN1  -14  ": copies "-1" is not a number`},
		{"highest blank", setTrailers(data, "YN1  0    "), `dup: the first record (bytes 0-155): trailer "YN1  0    ": highest board "   " is not a number`},
		{"highest below lowest", setTrailers(data, "YN5  0 4  "), `dup: the first record (bytes 0-155): trailer "YN5  0 4  ": highest board 4 is below lowest board 5`},
		{"range too long", setTrailers(data, "YN1  0 5  "), "dup: the trailer says boards 1 to 5, 5 records, but the file holds 4"},
		{"range too short", setTrailers(data, "YN2  0 4  "), "dup: the trailer says boards 2 to 4, 3 records, but the file holds 4"},
		{"trailers differ", patch(3*156-2, "5"), `dup: board 3 (bytes 312-467): trailer "YN1  0 45 " differs from the first record's "YN1  0 4  "`},
		{"BRI card number", patch(156, "99"), `dup: board 2 (bytes 156-311): BRI part: North's card 1 "99" is not a card number (01 to 52)`},
		{"BRI card twice", patch(312+76, "01"), `dup: board 3 (bytes 312-467): BRI part: South's card 13 "01", the ♠A, is already North's`},
		{"DGE rank", patch(468+78+1, "1"), `dup: board 4 (bytes 468-623): DGE part: North's spades: byte 1: '1' is not a rank (AKQJT98765432)`},
		{"blind after board 1", patch(156+78, strings.Repeat(" ", 68)), `dup: board 2 (bytes 156-311): DGE part: North's spades: byte 0 is ' ', want the suit byte 0x06`},
		{"DGE shows another deal", swapped, "dup: board 1 (bytes 0-155): the DGE part shows " + goldenboards.Deals[1] + " but the BRI part holds " + goldenboards.Deals[0]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			boards, err := dup.Read(bytes.NewReader(tc.data))
			if err == nil || err.Error() != tc.want {
				t.Errorf("got %v, %v\nwant error %s", boards, err, tc.want)
			}
		})
	}
}

func TestWriteErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		boards []bridge.Board
		opts   []dup.Option
		want   string
	}{
		{"no boards", nil, nil, "dup: no boards to write"},
		{"board 1000", goldenboards.Boards(t, 997), nil, "dup: board 1000: the trailer holds board numbers up to 999"},
		{"100 copies", goldenboards.Boards(t, 1), []dup.Option{dup.Copies(100)}, "dup: 100 copies: the trailer holds 0 to 99"},
		{"negative copies", goldenboards.Boards(t, 1), []dup.Option{dup.Copies(-1)}, "dup: -1 copies: the trailer holds 0 to 99"},
		{"gap", append(goldenboards.Boards(t, 1), goldenboards.Boards(t, 6)...), nil, "dup: board 6 follows board 4: the boards of a set must be consecutive"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := dup.Write(&buf, tc.boards, tc.opts...)
			if err == nil || err.Error() != tc.want {
				t.Errorf("got %v\nwant %s", err, tc.want)
			}
			if buf.Len() != 0 {
				t.Errorf("wrote %d bytes before failing", buf.Len())
			}
		})
	}
}
