package pbn

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// FuzzRead checks that Read never panics, that its errors name the package, and
// that whatever it reads and Write writes reads back the same.
func FuzzRead(f *testing.F) {
	data, err := os.ReadFile(bridgewebs)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data[:2000])
	for _, name := range []string{"export_two_boards.pbn", "export_dealer_first_utf8_lf.pbn"} {
		golden, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(golden)
	}
	f.Add([]byte("[Event \"a\\\"b\"]\n[Board \"1\"] {x\n\ny} ; z\n1S Pass\n\n[Event \"#\"]\n"))
	f.Add([]byte("[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW\"]\n1 2 3NT S 9 400 - 8.5 3.5\n3 4 Pass - - 0 - 6 6\n"))
	f.Add([]byte("[TotalScoreTable \"Rank\\2R;PairId\\2R;Direction;TotalScoreMP;TotalPercentage;Names;NrBoards\"]\n1= 5 \"N-S\" 305 69.32 \"A B - C D\" 22\n"))
	f.Add([]byte("%Content-type: text/x-pbn; charset=UTF-8\n[T \"A\\2R;B\"]\n\"x y\" 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Read(bytes.NewReader(data))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "pbn: ") {
				t.Fatalf("error without the package name: %v", err)
			}
			return
		}
		for _, g := range file.Games {
			// The typed views may fail, but must not panic.
			g.Board()
			g.Result()
			g.DoubleDummyTricks()
			g.OptimumResultTable()
			g.Par()
			checkScoreTablesReadBack(t, g)
			for _, tag := range g.Tags {
				if table, err := tag.Table(); err == nil {
					again, err := table.Tag(tag.Name).Table()
					if err != nil || len(again.Rows) != len(table.Rows) || !sameTags(Game{Tags: []Tag{table.Tag("T")}}, Game{Tags: []Tag{again.Tag("T")}}) {
						t.Fatalf("table %q does not read back: %v", tag.Name, err)
					}
				}
			}
		}
		opt := Options{UTF8: true}
		var out bytes.Buffer
		if err := Write(&out, file.Games, opt); err != nil {
			t.Fatalf("what was read cannot be written: %v", err)
		}
		back, err := Read(bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatalf("what was written cannot be read: %v\n%s", err, out.Bytes())
		}
		if len(back.Games) != len(file.Games) {
			t.Fatalf("%d games back, %d written", len(back.Games), len(file.Games))
		}
		for i, g := range file.Games {
			if want := (Game{Tags: exportTags(g, opt)}); !sameTags(back.Games[i], want) {
				t.Fatalf("game %d:\ngot  %q\nwant %q", i+1, tagsOf(back.Games[i]), tagsOf(want))
			}
		}
	})
}

// checkScoreTablesReadBack checks that the score tables of g that read are
// written so that they read back the same.
func checkScoreTablesReadBack(t *testing.T, g Game) {
	t.Helper()
	if lines, ok, err := g.ScoreTable(); ok && err == nil {
		for _, points := range []Points{Matchpoints, IMPs} {
			back, _, err := (Game{Tags: []Tag{ScoreTableTag(lines, points)}}).ScoreTable()
			if err != nil || !slices.Equal(back, lines) {
				t.Fatalf("ScoreTable does not read back (%v):\ngot  %+v\nwant %+v", err, back, lines)
			}
		}
	}
	if lines, ok, err := g.TotalScoreTable(); ok && err == nil {
		for _, points := range []Points{Matchpoints, IMPs, VictoryPoints} {
			back, _, err := (Game{Tags: []Tag{TotalScoreTableTag(lines, points)}}).TotalScoreTable()
			if err != nil || !slices.Equal(back, lines) {
				t.Fatalf("TotalScoreTable does not read back (%v):\ngot  %+v\nwant %+v", err, back, lines)
			}
		}
	}
}
