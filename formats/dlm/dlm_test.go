package dlm_test

import (
	"bytes"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/dlm"

	"github.com/bridge-director/director/formats/internal/goldenboards"
)

// Golden 4-board DLM files rendered by hand from the layout, with CRLF line ends.
// From board=1, To board=4, Duplicates=0, so the header checksum is 0^1^4 = 5,
// XOR 1 for Status=Show: 4 in four.dlm, 5 in four_sealed.dlm (whose headline
// "Øresund Bridge Club" is written in Windows-1252, Ø as byte 0xD8).
//
// Board 1 gives North the spades, East the hearts, South the diamonds and West the
// clubs: that is also the dummy record of boards 5 to 99, aaaaaabffffffkkkkkklpppppp.
// Its checksum: the six a's, f's, k's and p's cancel out in pairs, leaving
// 'b' ^ 'l' = 0x62 ^ 0x6C = 0x0E = 14, and 1 ^ 14 = 15: "Board 01=…015".
//
// Board 2 deals card n (AS=1 … 2C=52) to seat (n-1) mod 4, so its pairs are
// (North, East) = 'b' and (South, West) = 'a'+4·2+3 = 'l', thirteen times each:
// blblblblblblblblblblblblbl. Checksum: thirteen 'b' ^ 'l' = 14 (odd count), and
// 2 ^ 14 = 12: "Board 02=…012".
//
// Boards 3 and 4 are boards 1 and 2 of a Bridgewebs session. Board 3's spades are
// A N, K S, Q S, J W, T W, 9 N, 8 N, 7 W, 6 W, 5 E, 4 S, 3 E, 2 E, so its record
// starts c (N,S) l (S,W) m (W,N) d (N,W) n (W,E) j (S,E).
const (
	golden       = "testdata/four.dlm"
	goldenSealed = "testdata/four_sealed.dlm"
)

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func write(t *testing.T, boards []bridge.Board, opts ...dlm.Option) string {
	t.Helper()
	var buf strings.Builder
	if err := dlm.Write(&buf, boards, opts...); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func read(t *testing.T, text string) []bridge.Board {
	t.Helper()
	boards, err := dlm.Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return boards
}

func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		path string
		opts []dlm.Option
	}{
		{golden, []dlm.Option{dlm.Headline("Director golden set")}},
		{goldenSealed, []dlm.Option{dlm.Headline("Øresund Bridge Club"), dlm.Sealed()}},
	} {
		t.Run(tc.path, func(t *testing.T) {
			want := readFile(t, tc.path)
			if got := write(t, goldenboards.Boards(t, 1), tc.opts...); got != want {
				t.Errorf("Write:\n got %q\nwant %q", got, want)
			}
			if got, want := read(t, want), goldenboards.Boards(t, 1); !reflect.DeepEqual(got, want) {
				t.Errorf("Read:\n got %v\nwant %v", got, want)
			}
		})
	}
}

func TestBoardRange(t *testing.T) {
	for _, first := range []int{10, 96} {
		boards := goldenboards.Boards(t, first)
		text := write(t, boards)
		last := first + 3
		for _, line := range []string{
			fmt.Sprintf("From board=%d\r\n", first),
			fmt.Sprintf("To board=%d\r\n", last),
			fmt.Sprintf("Checksum=%d\r\n", first^last^1),
			"Board 01=aaaaaabffffffkkkkkklpppppp015\r\n",
			fmt.Sprintf("Board %02d=aaaaaabffffffkkkkkklpppppp%03d\r\n", first-1, (first-1)^14),
			fmt.Sprintf("Board %02d=aaaaaabffffffkkkkkklpppppp%03d\r\n", first, first^14),
			fmt.Sprintf("Board %02d=blblblblblblblblblblblblbl%03d\r\n", first+1, (first+1)^14),
			"Duplicates 99=0\r\n",
		} {
			if !strings.Contains(text, line) {
				t.Errorf("boards %d-%d: no line %q", first, last, line)
			}
		}
		if n := strings.Count(text, "\r\nBoard "); n != 99 {
			t.Errorf("boards %d-%d: %d Board lines, want 99", first, last, n)
		}
		if got := read(t, text); !reflect.DeepEqual(got, boards) {
			t.Errorf("boards %d-%d read back as %v", first, last, got)
		}
	}
}

func TestReadAcceptsLFBlankLinesAndAnyKeyOrder(t *testing.T) {
	text := strings.ReplaceAll(readFile(t, golden), "\r\n", "\n")
	text = strings.Replace(text, "Checksum=4\n", "", 1) + "\nChecksum=4"
	// A board outside the set needs a good checksum, not a deal.
	text = strings.Replace(text, "Board 50=aaaaaabffffffkkkkkklpppppp060", "Board 50=aaaaaaaaaaaaaaaaaaaaaaaaaa050", 1)
	if got, want := read(t, text), goldenboards.Boards(t, 1); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
}

func TestReadErrors(t *testing.T) {
	text := readFile(t, golden)
	replace := func(old, new string) string {
		if !strings.Contains(text, old) {
			t.Fatalf("golden file has no %q", old)
		}
		return strings.Replace(text, old, new, 1)
	}
	for _, tc := range []struct {
		name string
		text string
		want string
	}{
		{"empty", "", "dlm: the file is empty"},
		{"no section", replace("[Document]", "[Board]"), `dlm: line 1: "[Board]", want [Document]`},
		{"not key=value", replace("PrintOuts=0", "PrintOuts 0"), `dlm: line 8: "PrintOuts 0" is not a key=value line`},
		{"unknown key", replace("PrintOuts=0", "Colour=0"), `dlm: line 8: unknown key "Colour"`},
		{"board 100", replace("Board 99=", "Board 100="), `dlm: line 208: unknown key "Board 100"`},
		{"board 00", replace("Duplicates 01=", "Duplicates 00="), `dlm: line 11: unknown key "Duplicates 00"`},
		{"key twice", replace("Board 07=", "Board 06="), "dlm: line 24 (Board 06): the key was already given on line 22"},
		{"Duplicates line twice", replace("Board 57=", "Duplicates 57="), "dlm: line 124 (Duplicates 57): the key was already given on line 123"},
		{"missing board line", replace("Board 57=aaaaaabffffffkkkkkklpppppp055\r\n", ""), `dlm: no "Board 57" line`},
		{"missing headline", replace("Headline=Director golden set\r\n", ""), `dlm: no "Headline" line`},
		{"status", replace("Status=Show", "Status=show"), `dlm: line 3 (Status): "show", want Show or Sealed`},
		{"duplicates", replace("Duplicates=0", "Duplicates=none"), `dlm: line 4 (Duplicates): "none" is not a whole number`},
		{"negative", replace("Next board to duplimate=0", "Next board to duplimate=-1"), `dlm: line 7 (Next board to duplimate): "-1" is not a whole number`},
		{"space", replace("From board=1", "From board= 1"), `dlm: line 5 (From board): " 1" is not a whole number`},
		{"from 0", replace("From board=1", "From board=0"), "dlm: line 5 (From board): 0 is not a board of a DLM file (1 to 99)"},
		{"to 100", replace("To board=4", "To board=100"), "dlm: line 6 (To board): 100 is not a board from 1 to 99"},
		{"to below from", replace("From board=1", "From board=5"), "dlm: line 6 (To board): 4 is not a board from 5 to 99"},
		{"crypto key", replace("Crypto key=0", "Crypto key=7"), "dlm: line 9 (Crypto key): 7: encrypted records cannot be read"},
		{"header checksum", replace("Checksum=4", "Checksum=5"), "dlm: line 10 (Checksum): 5, want 4"},
		{"board checksum", replace("Board 01=aaaaaabffffffkkkkkklpppppp015", "Board 01=aaaaaabffffffkkkkkklpppppp123"), "dlm: line 12 (Board 01): checksum 123, want 15"},
		{"dummy checksum", replace("Board 05=aaaaaabffffffkkkkkklpppppp011", "Board 05=aaaaaabffffffkkkkkklpppppp117"), "dlm: line 20 (Board 05): checksum 117, want 11"},
		{"checksum digits", replace("lpppppp011", "lpppppp0x1"), `dlm: line 20 (Board 05): checksum "0x1" is not 3 digits`},
		{"letter", replace("Board 02=blbl", "Board 02=qlbl"), `dlm: line 14 (Board 02): letter 1 'q' is not a record letter (a to p)`},
		{"upper case", replace("Board 02=blbl", "Board 02=Blbl"), `dlm: line 14 (Board 02): letter 1 'B' is not a record letter (a to p)`},
		{"record length", replace("Board 02=blbl", "Board 02=bl"), `dlm: line 14 (Board 02): "blblblblblblblblblblblbl012" is 27 characters, want 26 letters and a 3-digit checksum`},
		{"13 cards", replace("Board 02=blblblblblblblblblblblblbl012", "Board 02=aaaaaaaaaaaaaaaaaaaaaaaaaa002"), "dlm: line 14 (Board 02): North holds 52 cards"},
		{"duplicates value", replace("Duplicates 03=0", "Duplicates 03="), `dlm: line 15 (Duplicates 03): "" is not a whole number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			boards, err := dlm.Read(strings.NewReader(tc.text))
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
		opts   []dlm.Option
		want   string
	}{
		{"no boards", nil, nil, "dlm: no boards to write"},
		{"board 100", goldenboards.Boards(t, 97), nil, "dlm: board 100: a DLM file holds boards 1 to 99 only"},
		{"two-line headline", goldenboards.Boards(t, 1), []dlm.Option{dlm.Headline("Club\r\nPairs")}, `dlm: headline "Club\r\nPairs": a headline is one line`},
		{"suit symbol", goldenboards.Boards(t, 1), []dlm.Option{dlm.Headline("♠ Club")}, `dlm: headline "♠ Club": Windows-1252 cannot encode it`},
		{"gap", append(goldenboards.Boards(t, 1), goldenboards.Boards(t, 10)...), nil, "dlm: board 10 follows board 4: the boards of a set must be consecutive"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := dlm.Write(&buf, tc.boards, tc.opts...)
			if err == nil || err.Error() != tc.want {
				t.Errorf("got %v\nwant %s", err, tc.want)
			}
			if buf.Len() != 0 {
				t.Errorf("wrote %d bytes before failing", buf.Len())
			}
		})
	}
}
