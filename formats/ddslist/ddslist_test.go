package ddslist

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// fixtures holds the DDS test hands (github.com/dds-bridge/dds, hands/).
var fixtures = filepath.Join("..", "..", "..", "shared", "fixtures", "dds")

func readList(t *testing.T, name string) []Deal {
	t.Helper()
	f, err := os.Open(filepath.Join(fixtures, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	deals, err := ReadList(f)
	if err != nil {
		t.Fatal(err)
	}
	return deals
}

func TestListFixturesAreConsistent(t *testing.T) {
	for name, count := range map[string]int{"list1.txt": 1, "list10.txt": 10, "list100.txt": 100, "list1000.txt": 1000, "largest.txt": 21, "thomas1.txt": 1, "thomas2.txt": 1} {
		t.Run(name, func(t *testing.T) {
			deals := readList(t, name)
			if len(deals) != count {
				t.Fatalf("%d deals, want %d", len(deals), count)
			}
			for _, d := range deals {
				if err := d.Deal.Validate(); err != nil {
					t.Fatalf("line %d: %v", d.Line, err)
				}
				// The player on lead sits after declarer, who plays the single test.
				declarer := d.Leader.RHO()
				tricks := d.Table[declarer][d.Trump]
				if d.Trace[0] != tricks {
					t.Errorf("line %d: TRACE starts at %d, TABLE gives %s %d in %s", d.Line, d.Trace[0], declarer, tricks, d.Trump)
				}
				best := 0
				for _, fc := range d.Future {
					best = max(best, fc.Tricks)
				}
				if best != 13-tricks {
					t.Errorf("line %d: the best lead takes %d tricks; TABLE leaves the defence %d", d.Line, best, 13-tricks)
				}
			}
		})
	}
}

func TestListFirstDeal(t *testing.T) {
	d := readList(t, "list10.txt")[0]
	want := bridge.Deal{}
	var err error
	if want, err = bridge.ParsePBNDeal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"); err != nil {
		t.Fatal(err)
	}
	if d.Deal != want || d.Dealer != bridge.North || d.Vulnerability != bridge.VulNone || d.Trump != bridge.StrainSpades || d.Leader != bridge.North {
		t.Errorf("deal %+v", d)
	}
	// TABLE 5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 6: S, H, D, C, NT by N, E, S, W.
	wantTable := bridge.DDTable{}
	for i, n := range []int{5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6} {
		wantTable[i%4][[]bridge.Strain{bridge.StrainSpades, bridge.StrainHearts, bridge.StrainDiamonds, bridge.StrainClubs, bridge.NoTrump}[i/4]] = n
	}
	if d.Table != wantTable || d.Table[bridge.East][bridge.StrainSpades] != 8 || d.Table[bridge.North][bridge.StrainClubs] != 7 {
		t.Errorf("table %v, want %v", d.Table, wantTable)
	}
	if d.Par != (Par{NSScore: -110, EWScore: 110, NSContracts: "EW 2S", EWContracts: "EW 2S"}) {
		t.Errorf("par %+v", d.Par)
	}
	if d.DealerPar.Score != -110 || !reflect.DeepEqual(d.DealerPar.Contracts, []string{"2S-EW"}) {
		t.Errorf("dealer par %+v", d.DealerPar)
	}
	if len(d.Future) != 9 || d.Future[0].Card != (bridge.Card{Suit: bridge.Diamonds, Rank: 5}) || d.Future[0].Tricks != 5 {
		t.Errorf("future %+v", d.Future)
	}
	if len(d.Play) != 45 || d.Play[0] != (bridge.Card{Suit: bridge.Clubs, Rank: bridge.Ten}) || len(d.Trace) != 46 {
		t.Errorf("play %v, trace %v", d.Play, d.Trace)
	}
}

func TestSolFixture(t *testing.T) {
	f, err := os.Open(filepath.Join(fixtures, "sol10.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	deals, err := ReadSol(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(deals) != 10 {
		t.Fatalf("%d deals, want 10", len(deals))
	}
	for _, d := range deals {
		if err := d.Deal.Validate(); err != nil {
			t.Errorf("line %d: %v", d.Line, err)
		}
	}
	// Line 1: West T5.K4.652.A98542, ... digits 6565 8888 8888 4343 3232.
	d := deals[0]
	west, _ := bridge.ParseHand("T5.K4.652.A98542")
	if d.Deal[bridge.West] != west {
		t.Errorf("West holds %v", d.Deal[bridge.West])
	}
	checks := []struct {
		seat   bridge.Seat
		strain bridge.Strain
		want   int
	}{
		{bridge.East, bridge.NoTrump, 13 - 6}, {bridge.North, bridge.NoTrump, 5},
		{bridge.West, bridge.StrainSpades, 13 - 8}, {bridge.South, bridge.StrainDiamonds, 3}, {bridge.North, bridge.StrainClubs, 2},
	}
	for _, c := range checks {
		if got := d.Table[c.seat][c.strain]; got != c.want {
			t.Errorf("%s in %s: %d, want %d", c.seat, c.strain, got, c.want)
		}
	}
}

func TestErrorsSayWhereAndWhat(t *testing.T) {
	const deal = `PBN 0 0 0 0 "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"`
	rest := "\nFUT 1 2 5 0 5\nTABLE 5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 6\nPAR \"NS -110\" \"EW 110\" \"NS:EW 2S\" \"EW:EW 2S\"\nPAR2 \"-110\" \"2S-EW\"\nPLAY 1 \"CT\"\nTRACE 2 8 8\n"
	tests := []struct {
		name, input, want string
	}{
		{"no header", "COUNT 1\n", `ddslist: line 1: want NUMBER and the count of deals, found "COUNT 1"`},
		{"wrong count", "NUMBER 2\n" + deal + rest, `ddslist: NUMBER 2 wants 14 lines after it, found 7`},
		{"bad vulnerability", "NUMBER 1\n" + strings.Replace(deal, "0 0 0 0", "0 4 0 0", 1) + rest, `ddslist: line 2: "4" is not a number from 0 to 3`},
		{"bad deal", "NUMBER 1\n" + strings.Replace(deal, "QJ6", "QJ", 1) + rest, `ddslist: line 2: bridge: deal`},
		{"lines out of order", "NUMBER 1\n" + deal + strings.Replace(rest, "TABLE", "TABLEAU", 1), `ddslist: line 4: want a TABLE line`},
		{"short table", "NUMBER 1\n" + deal + strings.Replace(rest, "TABLE 5 8", "TABLE 8", 1), `ddslist: line 4: want 20 numbers, found 19`},
		{"future count", "NUMBER 1\n" + deal + strings.Replace(rest, "FUT 1", "FUT 2", 1), `ddslist: line 3: count "2" does not match the 4 numbers after it`},
		{"trace length", "NUMBER 1\n" + deal + strings.Replace(rest, "TRACE 2 8 8", "TRACE 1 8", 1), `ddslist: line 8: 1 tricks for 1 cards played; want 2`},
		{"open string", "NUMBER 1\n" + deal + strings.Replace(rest, `"2S-EW"`, `"2S-EW`, 1), `ddslist: line 6: a string has no closing quote`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadList(strings.NewReader(tt.input))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %v\nwant  %s", err, tt.want)
			}
		})
	}
	if _, err := ReadList(strings.NewReader("NUMBER 1\n" + deal + rest)); err != nil {
		t.Errorf("the good deal of these cases fails: %v", err)
	}
	if _, err := ReadSol(strings.NewReader("\nT5.K4.652.A98542 K6.QJT976.QT7.Q6 432.A.AKJ93.JT73 AQJ987.8532.84.K:6565888888884343323e\n")); err == nil || !strings.HasPrefix(err.Error(), `ddslist: line 2: digit 20, 'e', is not a number of tricks 0 to d`) {
		t.Errorf("sol error %v", err)
	}
}
