package pbn

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestScoreTableOfBridgewebs reads the traveller of every board of the
// Bridgewebs export: pair numbers, contract, declarer and tricks, no scores.
func TestScoreTableOfBridgewebs(t *testing.T) {
	f, err := os.Open(bridgewebs)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	file, err := Read(f)
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, g := range file.Games {
		lines, ok, err := g.ScoreTable()
		if !ok || err != nil {
			t.Fatalf("board %v: ScoreTable ok %v, %v", g.valueOr("Board", "?"), ok, err)
		}
		rows += len(lines)
		checkScoreTablesReadBack(t, g)
	}
	first, _, _ := file.Games[0].ScoreTable()
	want := ScoreLine{NS: 1, EW: 8, Contract: "4H", Declarer: "S", Result: "9"}
	if first[0] != want || rows != 144 {
		t.Errorf("first line %+v, %d rows; want %+v, 144", first[0], rows, want)
	}
}

func TestScoreTablesReadBack(t *testing.T) {
	lines := []ScoreLine{
		{Section: "A", NS: 1, EW: 2, Contract: "4HX", Declarer: "S", Result: "9", Lead: "D10", Score: "-200", NSPoints: "2.5", EWPoints: "9.5", NamesNS: "Ann Smith - Bob Jones", NamesEW: "Cy"},
		{Section: "A", NS: 3, EW: 4, Contract: "Pass", Score: "0", NSPoints: "6", EWPoints: "6"},
		{Section: "A", NS: 5, EW: 6, Score: "A6040", NSPoints: "7.2", EWPoints: "4.8"},
	}
	tag := ScoreTableTag(lines, Matchpoints)
	if !strings.Contains(tag.Data[0].Text, `"Ann Smith - Bob Jones"`) || !strings.Contains(tag.Data[0].Text, "D10      -    200") {
		t.Errorf("first row %q", tag.Data[0].Text)
	}
	back, ok, err := (Game{Tags: []Tag{tag}}).ScoreTable()
	if !ok || err != nil || !slices.Equal(back, lines) {
		t.Errorf("read back %+v, %v\nwant %+v", back, err, lines)
	}
	totals := []TotalScoreLine{{Rank: "1", Section: "A", Pair: 3, Direction: "NS", Score: "12.5", Percentage: "62.50", Names: "Ann - Bob", Boards: 2}, {Rank: "2=", Pair: 1, Boards: 2}}
	backTotals, ok, err := (Game{Tags: []Tag{TotalScoreTableTag(totals, IMPs)}}).TotalScoreTable()
	if !ok || err != nil || !slices.Equal(backTotals, totals) {
		t.Errorf("totals read back %+v, %v\nwant %+v", backTotals, err, totals)
	}
}

func TestScoreTableErrors(t *testing.T) {
	tests := []struct{ value, row, want string }{
		{"PairId_NS;Contract", "1 4S", "no PairId_EW column"},
		{"PairId_NS;PairId_EW", "x 2", `row 1: PairId_NS "x" is not a pair number`},
		{"PairId_NS;PairId_EW;Score_NS;Score_EW", "1 2 420 50", `Score_NS "420" and Score_EW "50"`},
		{"PairId_NS;PairId_EW;Score_NS;Score_EW", "1 2 - x", `Score_EW "x" is not a score`},
	}
	for _, tt := range tests {
		g := Game{Tags: []Tag{{Name: "ScoreTable", Value: tt.value, Data: []Line{{Number: 7, Text: tt.row}}}}}
		if _, _, err := g.ScoreTable(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s / %s: error %v, want %q", tt.value, tt.row, err, tt.want)
		}
	}
	g := Game{Tags: []Tag{{Name: "TotalScoreTable", Value: "Rank;PairId;NrBoards", Data: []Line{{Number: 3, Text: "1 2 many"}}}}}
	if _, _, err := g.TotalScoreTable(); err == nil || !strings.Contains(err.Error(), `line 3: tag "TotalScoreTable": row 1: NrBoards "many"`) {
		t.Errorf("TotalScoreTable error %v", err)
	}
}
