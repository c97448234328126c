package pbn

import (
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// board2 is board 2 of the Bridgewebs fixture, dealt by East.
const board2Deal = "N:Q8762.JT.QJT6.Q4 J943.KQ64.532.J9 AKT5.A9532.9.K62 .87.AK874.AT8753"

func TestBoardReadsAnyFirstSeatAndEveryVulnerabilitySpelling(t *testing.T) {
	want, err := bridge.ParsePBNDeal(board2Deal)
	if err != nil {
		t.Fatal(err)
	}
	for _, deal := range []string{
		board2Deal,
		"E:J943.KQ64.532.J9 AKT5.A9532.9.K62 .87.AK874.AT8753 Q8762.JT.QJT6.Q4",
		"S:AKT5.A9532.9.K62 .87.AK874.AT8753 Q8762.JT.QJT6.Q4 J943.KQ64.532.J9",
		"W:.87.AK874.AT8753 Q8762.JT.QJT6.Q4 J943.KQ64.532.J9 AKT5.A9532.9.K62",
	} {
		for vul, v := range map[string]bridge.Vulnerability{
			"None": bridge.VulNone, "Love": bridge.VulNone, "-": bridge.VulNone,
			"NS": bridge.VulNS, "EW": bridge.VulEW, "All": bridge.VulBoth, "Both": bridge.VulBoth,
		} {
			g := Game{Tags: []Tag{{Name: "Board", Value: "7"}, {Name: "Dealer", Value: "W"}, {Name: "Vulnerable", Value: vul}, {Name: "Deal", Value: deal}}}
			b, err := g.Board()
			if err != nil {
				t.Fatal(err)
			}
			if b != (bridge.Board{Number: 7, Dealer: bridge.West, Vulnerability: v, Deal: want}) {
				t.Errorf("deal %q, Vulnerable %q: got %+v", deal, vul, b)
			}
		}
	}
}

func TestBoardTakesLawTwoForAbsentOrUnknownMarkings(t *testing.T) {
	for _, tags := range [][]Tag{
		{{Name: "Board", Value: "14"}, {Name: "Deal", Value: board2Deal}},
		{{Name: "Board", Value: "14"}, {Name: "Dealer", Value: "?"}, {Name: "Vulnerable", Value: ""}, {Name: "Deal", Value: board2Deal}},
	} {
		b, err := Game{Tags: tags}.Board()
		if err != nil {
			t.Fatal(err)
		}
		if b.Dealer != bridge.East || b.Vulnerability != bridge.VulNone {
			t.Errorf("board 14 read as dealer %v, %v; Law 2 says East, None", b.Dealer, b.Vulnerability)
		}
	}
}

func TestBoardErrors(t *testing.T) {
	deal := Tag{Name: "Deal", Value: board2Deal, Line: 9}
	tests := []struct {
		name string
		tags []Tag
		want string
	}{
		{"no Board tag", []Tag{{Name: "Event", Value: "x", Line: 4}, deal}, `pbn: game at line 4: no Board tag`},
		{"board zero", []Tag{{Name: "Board", Value: "0", Line: 5}, deal}, `pbn: line 5: tag "Board": "0" is not a board number`},
		{"bad dealer", []Tag{{Name: "Board", Value: "1"}, {Name: "Dealer", Value: "X", Line: 6}, deal}, `pbn: line 6: tag "Dealer": bridge: seat "X"`},
		{"bad vulnerability", []Tag{{Name: "Board", Value: "1"}, {Name: "Vulnerable", Value: "Some", Line: 7}, deal}, `pbn: line 7: tag "Vulnerable": bridge: vulnerability "Some"`},
		{"no deal", []Tag{{Name: "Board", Value: "3", Line: 2}}, `pbn: game at line 2: board 3 has no Deal tag`},
		{"short deal", []Tag{{Name: "Board", Value: "1"}, {Name: "Deal", Value: "N:AKQ... - - -", Line: 12}}, `pbn: line 12: tag "Deal": bridge: deal`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Game{Tags: tt.tags}.Board()
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %v\nwant  %s", err, tt.want)
			}
		})
	}
}

func TestResult(t *testing.T) {
	tests := []struct {
		contract, declarer, result string
		want                       Result
		known                      bool
	}{
		{"4H", "S", "9", Result{Contract: bridge.Contract{Level: 4, Strain: bridge.StrainHearts}, Declarer: bridge.South, Tricks: 9}, true},
		{"3D*", "E", "7", Result{Contract: bridge.Contract{Level: 3, Strain: bridge.StrainDiamonds, Doubling: bridge.Doubled}, Declarer: bridge.East, Tricks: 7}, true},
		{"6NTXX", "^W", "13", Result{Contract: bridge.Contract{Level: 6, Strain: bridge.NoTrump, Doubling: bridge.Redoubled}, Declarer: bridge.West, Tricks: 13}, true},
		{"Pass", "", "", Result{}, true},
		{"?", "?", "?", Result{}, false},
		{"", "", "", Result{}, false},
	}
	for _, tt := range tests {
		g := Game{Tags: []Tag{{Name: "Declarer", Value: tt.declarer}, {Name: "Contract", Value: tt.contract}, {Name: "Result", Value: tt.result}}}
		got, known, err := g.Result()
		if err != nil || got != tt.want || known != tt.known {
			t.Errorf("%s by %s making %s: got %+v, %v, %v; want %+v, %v", tt.contract, tt.declarer, tt.result, got, known, err, tt.want, tt.known)
		}
	}
	for _, bad := range [][3]string{{"8S", "N", "9"}, {"4S", "X", "9"}, {"4S", "N", "14"}, {"4S", "N", "?"}} {
		g := Game{Tags: []Tag{{Name: "Contract", Value: bad[0], Line: 3}, {Name: "Declarer", Value: bad[1]}, {Name: "Result", Value: bad[2]}}}
		if _, _, err := g.Result(); err == nil || !strings.HasPrefix(err.Error(), `pbn: line 3: tag "Contract": with Declarer`) {
			t.Errorf("%q: error %v", bad, err)
		}
	}
}

func TestDoubleDummyTricks(t *testing.T) {
	tt, err := ParseDoubleDummyTricks("98a79989794536445364")
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		seat   bridge.Seat
		strain bridge.Strain
		want   int
	}{
		{bridge.North, bridge.NoTrump, 9}, {bridge.North, bridge.StrainHearts, 10}, {bridge.North, bridge.StrainClubs, 9},
		{bridge.South, bridge.StrainHearts, 9}, {bridge.East, bridge.StrainSpades, 5}, {bridge.West, bridge.StrainDiamonds, 6},
	}
	for _, c := range checks {
		if got := tt[c.seat][c.strain]; got != c.want {
			t.Errorf("%s in %s: %d tricks, want %d", c.seat, c.strain, got, c.want)
		}
	}
	if back := FormatDoubleDummyTricks(tt); back != "98a79989794536445364" {
		t.Errorf("written back as %q", back)
	}
	partial, err := ParseDoubleDummyTricks("*DA79989794536445364")
	if err != nil || partial[bridge.North][bridge.NoTrump] != bridge.DDUnknown || partial[bridge.North][bridge.StrainSpades] != 13 {
		t.Errorf("unknown cell and upper case: %v, %v", partial, err)
	}
	for _, bad := range []string{"98a7998979453644536", "e8a79989794536445364", "98a79989794536445x64"} {
		if _, err := ParseDoubleDummyTricks(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestOptimumResultTableAgreesWithDoubleDummyTricksBothWays(t *testing.T) {
	tt, err := ParseDoubleDummyTricks("8591275912584ab584aa")
	if err != nil {
		t.Fatal(err)
	}
	g := Game{Tags: []Tag{OptimumResultTableOf(tt).Tag("OptimumResultTable")}}
	back, ok, err := g.OptimumResultTable()
	if !ok || err != nil || back != tt {
		t.Errorf("OptimumResultTable read back as %v, %v, %v; want %v", back, ok, err, tt)
	}
	dup := g.Tags[0]
	dup.Data = append(dup.Data, Line{Number: 30, Text: "N NT 3"})
	if _, _, err := (Game{Tags: []Tag{dup}}).OptimumResultTable(); err == nil || !strings.Contains(err.Error(), "line 30") || !strings.Contains(err.Error(), "a second row for North in NT") {
		t.Errorf("duplicate row: %v", err)
	}
}

func TestTables(t *testing.T) {
	f := mustRead(t, "[ScoreTable \"Table\\2R;PairId_NS\\2R;Contract\\4L;Names_NS\\20L\"]\n 1  4 3NT  \"A. Smith - B. Jones\"\n12 10 Pass \"\"\n")
	table, ok, err := f.Games[0].Table("ScoreTable")
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	wantCols := []Column{{"Table", 2, 'R'}, {"PairId_NS", 2, 'R'}, {"Contract", 4, 'L'}, {"Names_NS", 20, 'L'}}
	if len(table.Columns) != 4 || table.Columns[0] != wantCols[0] || table.Columns[3] != wantCols[3] {
		t.Errorf("columns %v, want %v", table.Columns, wantCols)
	}
	recs := table.Records()
	if len(recs) != 2 || recs[0]["Names_NS"] != "A. Smith - B. Jones" || recs[1]["Contract"] != "Pass" || recs[1]["Names_NS"] != "" || recs[1]["Table"] != "12" {
		t.Errorf("records %q", recs)
	}
	if table.Header() != `Table\2R;PairId_NS\2R;Contract\4L;Names_NS\20L` {
		t.Errorf("header %q", table.Header())
	}
	if _, ok, _ := f.Games[0].Table("TotalScoreTable"); ok {
		t.Error("a table the game lacks was found")
	}
}

func TestTableErrors(t *testing.T) {
	tests := []struct {
		header string
		rows   string
		want   string
	}{
		{`Rank\2R;PairId\2X`, "", `pbn: line 1: tag "T": column 2 "PairId\\2X": want \ then a width 1 to 255 and L or R`},
		{`Rank;;Names`, "", `pbn: line 1: tag "T": column 2 "": no column name`},
		{`Rank\0R`, "", `want \ then a width 1 to 255`},
		{`Rank\2R;PairId\2R`, "1 2\n1 2 3", `pbn: line 3: tag "T": row has 3 fields, the header names 2 columns: "1 2 3"`},
	}
	for _, tt := range tests {
		f := mustRead(t, "[T \""+tt.header+"\"]\n"+tt.rows)
		_, _, err := f.Games[0].Table("T")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v\nwant %s", tt.header, err, tt.want)
		}
	}
}
