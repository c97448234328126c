package lin

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

func mustDeal(t *testing.T, s string) bridge.Deal {
	t.Helper()
	d, err := bridge.ParsePBNDeal(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// goldenBoards are the boards of testdata/two_boards.lin and their players.
func goldenBoards(t *testing.T) ([]bridge.Board, [][4]string) {
	return []bridge.Board{
			bridge.NewBoard(1, mustDeal(t, "N:A98.J92.A75.Q852 532.86.K632.KJT7 KQ4.AKT73.JT.A93 JT76.Q54.Q984.64")),
			bridge.NewBoard(2, mustDeal(t, "N:Q8762.JT.QJT6.Q4 J943.KQ64.532.J9 AKT5.A9532.9.K62 .87.AK874.AT8753")),
		}, [][4]string{
			{},
			{bridge.North: "Cy", bridge.East: "Di", bridge.South: "Ann", bridge.West: "Bob"},
		}
}

func TestWriteGolden(t *testing.T) {
	boards, players := goldenBoards(t)
	var records []Record
	for i, b := range boards {
		r, err := NewRecord(b, players[i])
		if err != nil {
			t.Fatal(err)
		}
		records = append(records, r)
	}
	var out bytes.Buffer
	if err := Write(&out, records); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "two_boards.lin"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("got\n%s\nwant\n%s", out.Bytes(), want)
	}
}

func TestReadGolden(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "two_boards.lin"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	records, err := Read(f)
	if err != nil {
		t.Fatal(err)
	}
	boards, players := goldenBoards(t)
	if len(records) != len(boards) {
		t.Fatalf("%d records, want %d", len(records), len(boards))
	}
	for i, r := range records {
		if b, err := r.Board(); err != nil || b != boards[i] {
			t.Errorf("record %d: %+v, %v; want %+v", i+1, b, err, boards[i])
		}
		names, ok, err := r.Players()
		if err != nil || ok != (i == 1) || names != players[i] {
			t.Errorf("record %d: players %q, %v, %v", i+1, names, ok, err)
		}
	}
}

func TestRoundTripAllBoardMarkings(t *testing.T) {
	deal := mustDeal(t, "N:Q8762.JT.QJT6.Q4 J943.KQ64.532.J9 AKT5.A9532.9.K62 .87.AK874.AT8753")
	var records []Record
	var boards []bridge.Board
	for n := 1; n <= 16; n++ { // every dealer and vulnerability of Law 2
		b := bridge.NewBoard(n, bridge.Deal{deal[n%4], deal[(n+1)%4], deal[(n+2)%4], deal[(n+3)%4]})
		r, err := NewRecord(b, [4]string{"N" + strconv.Itoa(n), "E", "S", "W"})
		if err != nil {
			t.Fatal(err)
		}
		boards, records = append(boards, b), append(records, r)
	}
	var out bytes.Buffer
	if err := Write(&out, records); err != nil {
		t.Fatal(err)
	}
	back, err := Read(&out)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range back {
		if b, err := r.Board(); err != nil || b != boards[i] {
			t.Errorf("board %d read back as %+v, %v", i+1, b, err)
		}
		if !reflect.DeepEqual(r.Pairs, records[i].Pairs) {
			t.Errorf("board %d pairs %q, want %q", i+1, r.Pairs, records[i].Pairs)
		}
	}
}

func TestReadTolerance(t *testing.T) {
	want := mustDeal(t, "N:A98.J92.A75.Q852 532.86.K632.KJT7 KQ4.AKT73.JT.A93 JT76.Q54.Q984.64")
	tests := []struct {
		name, line string
		dealer     bridge.Seat
		vul        bridge.Vulnerability
		number     int
	}{
		{"East left out", "qx|o5|md|3SKQ4HAKT73DJTCA93,SJT76HQ54DQ984C64,SA98HJ92DA75CQ852|sv|b|", bridge.North, bridge.VulBoth, 5},
		{"East empty, suits in any order and case", "ah|Board 9|md|2hakt73SKQ4dJTcA93,SJT76HQ54DQ984C64,SA98HJ92DA75CQ852,|sv|e", bridge.West, bridge.VulEW, 9},
		{"10 for the ten, sv o", "qx|c3|md|1SKQ4HAK1073DJ10CA93,SJ1076HQ54DQ984C64,SA98HJ92DA75CQ852,S532H86DK632CKJ107|sv|o|", bridge.South, bridge.VulNone, 3},
		{"no dealer digit nor sv: Law 2", "qx|o6|md|SKQ4HAKT73DJTCA93,SJT76HQ54DQ984C64,SA98HJ92DA75CQ852,|", bridge.East, bridge.VulEW, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := ParseRecord(tt.line)
			if err != nil {
				t.Fatal(err)
			}
			b, err := r.Board()
			if err != nil {
				t.Fatal(err)
			}
			if b != (bridge.Board{Number: tt.number, Dealer: tt.dealer, Vulnerability: tt.vul, Deal: want}) {
				t.Errorf("got %+v", b)
			}
		})
	}
}

func TestOtherPairsAreKeptInOrder(t *testing.T) {
	r, err := ParseRecord("pn|a,b,c,d|st||md|3SKQ4HAKT73DJTCA93,SJT76HQ54DQ984C64,SA98HJ92DA75CQ852,|mb|1N|an|15-17|mb|p|mb|p|mb|p|pc|HK|pc|H3|mc|8|zz|35.71%|pg||")
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Values("mb"); !reflect.DeepEqual(got, []string{"1N", "p", "p", "p"}) {
		t.Errorf("mb %q", got)
	}
	if got := r.Values("pc"); !reflect.DeepEqual(got, []string{"HK", "H3"}) {
		t.Errorf("pc %q", got)
	}
	if v, _ := r.Value("mc"); v != "8" {
		t.Errorf("mc %q", v)
	}
	keys := make([]string, len(r.Pairs))
	for i, p := range r.Pairs {
		keys[i] = p.Key
	}
	if want := "pn st md mb an mb mb mb pc pc mc zz pg"; strings.Join(keys, " ") != want {
		t.Errorf("keys %q, want %q", keys, want)
	}
	text, err := r.Text()
	if err != nil || text != "pn|a,b,c,d|st||md|3SKQ4HAKT73DJTCA93,SJT76HQ54DQ984C64,SA98HJ92DA75CQ852,|mb|1N|an|15-17|mb|p|mb|p|mb|p|pc|HK|pc|H3|mc|8|zz|35.71%|pg||" {
		t.Errorf("written back as %q, %v", text, err)
	}
}

func TestErrorsSayWhereAndWhat(t *testing.T) {
	tests := []struct {
		name, input, want string
	}{
		{"dangling key", "qx|o1|md", `lin: line 1: key "md" at the end has no value`},
		{"empty key", "qx|o1||x|", `lin: line 1: pair 2 (""|"x"): empty key`},
		{"no board number", "\nmd|3SA|", `lin: line 2: no board number`},
		{"no deal", "ah|Board 4|sv|0|", `lin: line 1: board 4: no md pair`},
		{"bad rank", "ah|Board 4|md|3SKQX,,,|", `lin: line 1: board 4: md "SKQX,,,": the hand of South: unknown character "X"`},
		{"rank before suit", "ah|Board 4|md|3KQ,,,|", `the hand of South: rank K before any suit letter`},
		{"two hands", "ah|Board 4|md|3SAK,SQ|", `want the hands of South, West, North and East separated by commas, found 2`},
		{"short hands", "ah|Board 4|md|3SAK,SQ,SJ,|", `board 4: md "SAK,SQ,SJ,": bridge: deal: North holds 1 cards`},
		{"bad vulnerability", "ah|Board 4|md|3SKQ4HAKT73DJTCA93,SJT76HQ54DQ984C64,SA98HJ92DA75CQ852,|sv|x|", `board 4: sv "x": want 0 or o (none), n, e or b (both)`},
		{"bad players", "ah|Board 4|pn|a,b|", `lin: line 1: pn "a,b": want the names of South, West, North and East`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			records, err := Read(strings.NewReader(tt.input))
			if err == nil {
				if _, err = records[0].Board(); strings.Contains(tt.name, "players") {
					_, _, err = records[0].Players()
				}
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v\nwant  %s", err, tt.want)
			}
		})
	}
	if _, err := (Record{Pairs: []Pair{{"pn", "a|b"}}}).Text(); err == nil {
		t.Error("a pipe in a value was written")
	}
	if _, err := NewRecord(bridge.NewBoard(1, mustDeal(t, "N:A98.J92.A75.Q852 532.86.K632.KJT7 KQ4.AKT73.JT.A93 JT76.Q54.Q984.64")), [4]string{"Smith, J"}); err == nil {
		t.Error("a comma in a name was written")
	}
}

// realbridge is a USEBIO file by RealBridge whose traveller lines carry the
// board's LIN, percent-encoded.
var realbridge = filepath.Join("..", "..", "..", "shared", "fixtures", "scoring", "usebio_realbridge_mp_pairs_21b.xml")

func TestRealBridgeLIN(t *testing.T) {
	data, err := os.ReadFile(realbridge)
	if err != nil {
		t.Fatal(err)
	}
	boardRE := regexp.MustCompile(`<BOARD_NUMBER>(\d+)</BOARD_NUMBER>`)
	linRE := regexp.MustCompile(`<LIN_DATA>([^<]*)</LIN_DATA>`)
	deals := map[int]bridge.Deal{}
	lines := 0
	for _, chunk := range strings.Split(string(data), "<BOARD>")[1:] {
		m := boardRE.FindStringSubmatch(chunk)
		if m == nil {
			t.Fatal("a BOARD without BOARD_NUMBER")
		}
		number, _ := strconv.Atoi(m[1])
		for _, lin := range linRE.FindAllStringSubmatch(chunk, -1) {
			r, err := ParseEncodedRecord(lin[1])
			if err != nil {
				t.Fatal(err)
			}
			b, err := r.Board()
			if err != nil {
				t.Fatalf("board %d: %v", number, err)
			}
			if law2 := bridge.NewBoard(number, b.Deal); b != law2 {
				t.Errorf("board %d: LIN says board %d, %v deals, %v; want %v, %v", number, b.Number, b.Dealer, b.Vulnerability, law2.Dealer, law2.Vulnerability)
			}
			if first, seen := deals[number]; seen && first != b.Deal {
				t.Errorf("board %d: two tables have different deals", number)
			}
			deals[number] = b.Deal
			if calls, cards := len(r.Values("mb")), len(r.Values("pc")); calls < 4 || cards > 52 {
				t.Errorf("board %d: %d calls and %d cards", number, calls, cards)
			}
			lines++
		}
	}
	if len(deals) != 21 || lines != 168 {
		t.Errorf("%d boards and %d lines, want 21 and 168", len(deals), lines)
	}
}

func TestRealBridgeExtract(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "realbridge_encoded.lin"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var numbers []int
	for sc.Scan() {
		r, err := ParseEncodedRecord(sc.Text())
		if err != nil {
			t.Fatal(err)
		}
		b, err := r.Board()
		if err != nil {
			t.Fatal(err)
		}
		names, _, err := r.Players()
		if err != nil || names[bridge.South] != "Player 1" || names[bridge.East] != "Player 4" {
			t.Errorf("board %d: players %q, %v", b.Number, names, err)
		}
		if claim, _ := r.Value("mc"); claim == "" && len(r.Values("pc")) != 52 {
			t.Errorf("board %d: neither a claim nor 52 cards", b.Number)
		}
		numbers = append(numbers, b.Number)
	}
	if !reflect.DeepEqual(numbers, []int{1, 2, 3, 13}) {
		t.Errorf("boards %v, want 1, 2, 3 and 13", numbers)
	}
}
