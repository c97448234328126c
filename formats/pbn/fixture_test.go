package pbn

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// bridgewebs is a PBN 2.1 export by Bridgewebs of a 24-board club pairs event,
// with double-dummy tables and score tables.
var bridgewebs = filepath.Join("..", "..", "..", "shared", "fixtures", "scoring", "pbn_bridgewebs_hands_scoretable_24b.pbn")

func readFile(t *testing.T, path string) *File {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestBridgewebsFixture(t *testing.T) {
	f := readFile(t, bridgewebs)
	if len(f.Directives) != 5 || f.Directives[0] != " PBN 2.1" || f.Directives[1] != " EXPORT" {
		t.Errorf("directives %q", f.Directives)
	}
	if len(f.Games) != 24 {
		t.Fatalf("%d games, want 24", len(f.Games))
	}
	rows, passedOut, artificial := 0, 0, 0
	for i, g := range f.Games {
		b, err := g.Board()
		if err != nil {
			t.Fatal(err)
		}
		// The club plays boards marked by Law 2.
		law2 := bridge.NewBoard(i+1, b.Deal)
		if b != law2 {
			t.Errorf("board %d: dealer %v, %v; Law 2 says %v, %v", i+1, b.Dealer, b.Vulnerability, law2.Dealer, law2.Vulnerability)
		}
		dd, ok, err := g.DoubleDummyTricks()
		if !ok || err != nil {
			t.Fatalf("board %d: DoubleDummyTricks %v, %v", b.Number, ok, err)
		}
		opt, ok, err := g.OptimumResultTable()
		if !ok || err != nil {
			t.Fatalf("board %d: OptimumResultTable %v, %v", b.Number, ok, err)
		}
		if dd != opt {
			t.Errorf("board %d: DoubleDummyTricks %v and OptimumResultTable %v disagree", b.Number, dd, opt)
		}
		if _, known, err := g.Result(); known || err != nil {
			t.Errorf("board %d: the Contract tag is \"?\", yet Result says %v, %v", b.Number, known, err)
		}
		scores, ok, err := g.Table("ScoreTable")
		if !ok || err != nil || len(scores.Rows) != 6 {
			t.Fatalf("board %d: ScoreTable %v, %v, %d rows", b.Number, ok, err, len(scores.Rows))
		}
		for _, rec := range scores.Records() {
			switch rec["Contract"] {
			case "PO": // passed out: declarer and result "-"
				passedOut++
				continue
			case "A": // an artificial adjusted score
				artificial++
				continue
			}
			if _, err := ParseResult(rec["Contract"], rec["Declarer"], rec["Result"]); err != nil {
				t.Errorf("board %d: row %v: %v", b.Number, rec, err)
			}
			rows++
		}
	}
	if rows != 141 || passedOut != 2 || artificial != 1 {
		t.Errorf("%d played rows, %d passed out, %d artificial; want 141, 2 and 1 (24 boards × 6 tables)", rows, passedOut, artificial)
	}
	first, _, _ := f.Games[0].Table("ScoreTable")
	if rec := first.Records()[1]; rec["PairId_NS"] != "10" || rec["PairId_EW"] != "2" || rec["Contract"] != "2NT" || rec["Declarer"] != "S" || rec["Result"] != "9" {
		t.Errorf("board 1, second row %v; want 10 v 2, 2NT by S making 9", rec)
	}
	dd, _, _ := f.Games[1].DoubleDummyTricks()
	if dd[bridge.East][bridge.StrainDiamonds] != 9 || dd[bridge.North][bridge.StrainSpades] != 9 || dd[bridge.West][bridge.StrainHearts] != 4 {
		t.Errorf("board 2 double-dummy table %v", dd)
	}
}

// TestRoundTripFixtures writes what was read and reads it again: the games come
// back as the export format orders them, and their boards and tables unchanged.
func TestRoundTripFixtures(t *testing.T) {
	latin1, utf8 := Options{}, Options{LF: true, UTF8: true, DealFromDealer: true}
	for path, options := range map[string][]Options{
		bridgewebs: {latin1, utf8},
		filepath.Join("testdata", "export_two_boards.pbn"):           {latin1, utf8},
		filepath.Join("testdata", "export_dealer_first_utf8_lf.pbn"): {utf8},
	} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			f := readFile(t, path)
			for _, opt := range options {
				var out bytes.Buffer
				if err := Write(&out, f.Games, opt); err != nil {
					t.Fatal(err)
				}
				back, err := Read(&out)
				if err != nil {
					t.Fatal(err)
				}
				if len(back.Games) != len(f.Games) {
					t.Fatalf("%d games back, %d written", len(back.Games), len(f.Games))
				}
				for i, g := range f.Games {
					if want := (Game{Tags: exportTags(g, opt)}); !sameTags(back.Games[i], want) {
						t.Errorf("game %d:\ngot  %q\nwant %q", i+1, tagsOf(back.Games[i]), tagsOf(want))
					}
					b1, err1 := g.Board()
					b2, err2 := back.Games[i].Board()
					if b1 != b2 || err1 != nil || err2 != nil {
						t.Errorf("game %d: board %+v, %v read back as %+v, %v", i+1, b1, err1, b2, err2)
					}
				}
			}
		})
	}
}

func TestGoldenReadsBackAsBuilt(t *testing.T) {
	f := readFile(t, filepath.Join("testdata", "export_two_boards.pbn"))
	for i, g := range twoBoards(t) {
		if want := (Game{Tags: exportTags(g, Options{})}); !sameTags(f.Games[i], want) {
			t.Errorf("game %d:\ngot  %q\nwant %q", i+1, tagsOf(f.Games[i]), tagsOf(want))
		}
	}
	if west, _ := f.Games[0].Value("West"); west != "José Núñez" {
		t.Errorf("West %q: the ISO-8859-1 name did not come back", west)
	}
}
