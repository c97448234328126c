package pbn

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/dealing/par"
)

func mustDeal(t *testing.T, s string) bridge.Deal {
	t.Helper()
	d, err := bridge.ParsePBNDeal(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// twoBoards builds the games of testdata/export_two_boards.pbn in code.
func twoBoards(t *testing.T) []Game {
	one := NewGame(bridge.NewBoard(1, mustDeal(t, "N:A98.J92.A75.Q852 532.86.K632.KJT7 KQ4.AKT73.JT.A93 JT76.Q54.Q984.64")))
	dd, err := ParseDoubleDummyTricks("98a79989794536445364")
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range []Tag{
		{Name: "Contract", Value: "4H"}, {Name: "Declarer", Value: "S"}, {Name: "Result", Value: "9"},
		{Name: "West", Value: "José Núñez"}, {Name: "Event", Value: "Wednesday Pairs"}, {Name: "Date", Value: "2025.04.09"},
	} {
		one.Tags = append([]Tag{tag}, one.Tags...) // out of order on purpose
	}
	// North makes ten tricks in hearts, South nine; East-West make nothing.
	one.SetDoubleDummy(dd, par.Par{Score: 420, Contracts: []par.Contract{{Contract: bridge.Contract{Level: 4, Strain: bridge.StrainHearts}, Declarers: []bridge.Seat{bridge.North}}}})
	one.Set("Annotator", `The "Director" team`)

	two := NewGame(bridge.NewBoard(2, mustDeal(t, board2Deal)))
	two.Set("Event", "Wednesday Pairs")
	two.Set("Date", "2025.04.09")
	two.Set("Contract", "Pass")
	scores := Table{
		Columns: []Column{{"PairId_NS", 2, 'R'}, {"PairId_EW", 2, 'R'}, {"Contract", 5, 'L'}, {"Declarer", 1, 'R'}, {"Result", 2, 'R'}, {"Names_EW", 0, 0}},
		Rows:    [][]string{{"1", "8", "4D", "E", "7", `A "B" C`}, {"10", "2", "Pass", "-", "-", ""}},
	}
	two.SetTag(scores.Tag("ScoreTable"))
	return []Game{one, two}
}

func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	want, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("Write differs from testdata/%s:\ngot:\n%s\nwant:\n%s", name, got, want)
	}
}

func TestWriteGoldenExport(t *testing.T) {
	var out bytes.Buffer
	if err := Write(&out, twoBoards(t), Options{Creator: "Director"}); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "export_two_boards.pbn", out.Bytes())
}

func TestWriteGoldenDealerFirstUTF8LF(t *testing.T) {
	g := NewGame(bridge.NewBoard(2, mustDeal(t, board2Deal)))
	g.Set("North", "Łukasz")
	var out bytes.Buffer
	if err := Write(&out, []Game{g}, Options{DealFromDealer: true, UTF8: true, LF: true}); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "export_dealer_first_utf8_lf.pbn", out.Bytes())
}

func TestWriteDealFirstSeat(t *testing.T) {
	g := NewGame(bridge.NewBoard(2, mustDeal(t, board2Deal)))
	for seat, prefix := range map[bridge.Seat]string{bridge.North: "N:Q8762", bridge.East: "E:J943", bridge.South: "S:AKT5", bridge.West: "W:.87"} {
		var out bytes.Buffer
		if err := Write(&out, []Game{g}, Options{DealFirst: seat}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), `[Deal "`+prefix) {
			t.Errorf("DealFirst %v: no Deal starting %q in\n%s", seat, prefix, out.String())
		}
	}
}

func TestWriteRefusesWhatWouldNotReadBack(t *testing.T) {
	tests := []struct {
		name string
		tag  Tag
		opt  Options
		want string
	}{
		{"bad name", Tag{Name: "Opening Lead", Value: "x"}, Options{}, `pbn: game 1: tag name "Opening Lead"`},
		{"line break", Tag{Name: "Event", Value: "a\nb"}, Options{}, `pbn: game 1: tag "Event": value "a\nb" has a line break`},
		{"hash", Tag{Name: "Event", Value: "#"}, Options{}, `would read as inherited`},
		{"comment in data", Tag{Name: "Auction", Value: "N", Data: []Line{{Text: "1S ; Pass"}}}, Options{}, `data line "1S ; Pass" would not read back as data`},
		{"data that is not a trimmed line", Tag{Name: "Auction", Value: "N", Data: []Line{{Text: " 1S"}}}, Options{}, `would not read back`},
		{"outside ISO-8859-1", Tag{Name: "West", Value: "Łukasz"}, Options{}, `tag "West": "Łukasz": 'Ł' is not in ISO-8859-1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := Write(&out, []Game{{Tags: []Tag{tt.tag}}}, tt.opt)
			if err == nil || !strings.Contains(err.Error(), tt.want) || out.Len() != 0 {
				t.Errorf("error %v (wrote %d bytes)\nwant %s", err, out.Len(), tt.want)
			}
		})
	}
}

// sameTags compares games by tag names, values and data text, not by the lines
// they were read from.
func sameTags(a, b Game) bool {
	return reflect.DeepEqual(tagsOf(a), tagsOf(b))
}

func TestRoundTripBoards(t *testing.T) {
	var games []Game
	var boards []bridge.Board
	deal := mustDeal(t, board2Deal)
	for n := 1; n <= 32; n++ {
		// A different deal per board: rotate the hands.
		d := bridge.Deal{deal[n%4], deal[(n+1)%4], deal[(n+2)%4], deal[(n+3)%4]}
		b := bridge.NewBoard(n, d)
		boards = append(boards, b)
		games = append(games, NewGame(b))
	}
	for _, opt := range []Options{{}, {LF: true, DealFromDealer: true}, {UTF8: true, DealFirst: bridge.West}} {
		var out bytes.Buffer
		if err := Write(&out, games, opt); err != nil {
			t.Fatal(err)
		}
		f := mustRead(t, out.String())
		if len(f.Games) != len(boards) {
			t.Fatalf("%+v: read %d games, wrote %d", opt, len(f.Games), len(boards))
		}
		for i, g := range f.Games {
			if got, err := g.Board(); err != nil || got != boards[i] {
				t.Errorf("%+v: board %d read back as %+v, %v", opt, i+1, got, err)
			}
			if got := tagsOf(g)[:15]; got[0] != "Event=?" || got[3] != "Board="+strconv.Itoa(i+1) {
				t.Errorf("%+v: mandatory tags %q", opt, got)
			}
		}
	}
}
