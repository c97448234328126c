package pbn

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/dealing/par"
)

// contract is a par contract for the tests.
func contract(level int, strain bridge.Strain, doubling bridge.Doubling, result int, declarers ...bridge.Seat) par.Contract {
	return par.Contract{Contract: bridge.Contract{Level: level, Strain: strain, Doubling: doubling}, Declarers: declarers, Result: result}
}

func TestOptimumScore(t *testing.T) {
	for _, tc := range []struct {
		score int
		value string
	}{{620, "NS 620"}, {-100, "EW 100"}, {0, "NS 0"}, {-1520, "EW 1520"}} {
		if got := OptimumScoreOf(tc.score); got != tc.value {
			t.Errorf("OptimumScoreOf(%d) = %q, want %q", tc.score, got, tc.value)
		}
	}
	// What scoring and dealing programs write: Ruter and Bridgewebs "NS 450",
	// a side's own view of either sign, and a contract with the score from
	// North-South's view.
	for value, want := range map[string]int{
		"NS 450": 450, "EW 100": -100, "EW -1100": 1100, "NS -300": -300, "ns 0": 0, " NS  620 ": 620,
		"NS 7N; +1520": 1520, "EW 4S; -620": -620, "EW 2C; -90": -90,
	} {
		if got, err := ParseOptimumScore(value); err != nil || got != want {
			t.Errorf("ParseOptimumScore(%q) = %d, %v; want %d", value, got, err, want)
		}
	}
	for value, want := range map[string]string{
		"620":      "does not start with NS or EW",
		"N 620":    "does not start with NS or EW",
		"NS":       `"" is not a score in points`,
		"NS 4S":    `"4S" is not a score in points`,
		"EW 99999": "is not a score in points",
		"":         "does not start with NS or EW",
	} {
		if _, err := ParseOptimumScore(value); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseOptimumScore(%q): %v, want an error saying %q", value, err, want)
		}
	}
}

func TestParContract(t *testing.T) {
	n, e, s, w := bridge.North, bridge.East, bridge.South, bridge.West
	for _, tc := range []struct {
		contracts []par.Contract
		value     string
	}{
		// The par of list10's first three deals, as DDS's DealerPar gives
		// them: "2S-EW", "4S*-EW-1", "5H*-NS-2".
		{[]par.Contract{contract(2, bridge.StrainSpades, bridge.Undoubled, 0, e, w)}, "EW 2S"},
		{[]par.Contract{contract(4, bridge.StrainSpades, bridge.Doubled, -1, e, w)}, "EW 4Sx-1"},
		{[]par.Contract{contract(5, bridge.StrainHearts, bridge.Doubled, -2, n, s)}, "NS 5Hx-2"},
		{[]par.Contract{contract(3, bridge.NoTrump, bridge.Undoubled, 1, w)}, "W 3N+1"},
		{[]par.Contract{contract(5, bridge.StrainClubs, bridge.Undoubled, 0, n, s), contract(5, bridge.StrainDiamonds, bridge.Undoubled, 0, n)}, "NS 5C; N 5D"},
		{nil, "Pass"},
	} {
		if got := ParContractOf(tc.contracts); got != tc.value {
			t.Errorf("ParContractOf(%v) = %q, want %q", tc.contracts, got, tc.value)
		}
		if got, err := ParseParContract(tc.value); err != nil || !reflect.DeepEqual(got, tc.contracts) {
			t.Errorf("ParseParContract(%q) = %v, %v; want %v", tc.value, got, err, tc.contracts)
		}
	}
	// Other programs' spellings.
	for value, want := range map[string][]par.Contract{
		"EW 6DX-5":      {contract(6, bridge.StrainDiamonds, bridge.Doubled, -5, e, w)},
		"SN 3NT":        {contract(3, bridge.NoTrump, bridge.Undoubled, 0, n, s)},
		"ns 4s, ew 5cx": {contract(4, bridge.StrainSpades, bridge.Undoubled, 0, n, s), contract(5, bridge.StrainClubs, bridge.Doubled, 0, e, w)},
		"NS Pass":       nil,
		"pass":          nil,
		"NS 4S; ":       {contract(4, bridge.StrainSpades, bridge.Undoubled, 0, n, s)},
	} {
		if got, err := ParseParContract(value); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("ParseParContract(%q) = %v, %v; want %v", value, got, err, want)
		}
	}
	for value, want := range map[string]string{
		"":             "no par contract",
		"4S":           "want who declares and the contract",
		"NE 4S":        `declarers "NE": want NS, EW or one seat`,
		"NN 4S":        `declarers "NN"`,
		"NS 8S":        `"8S" is not a contract`,
		"NS 4S+4":      `result "+4": want overtricks or undertricks`,
		"NS 4S+0":      `result "+0"`,
		"EW 1Cx-8":     `result "-8"`,
		"NS 4S; Pass":  "a deal passed out has no other par contract",
		"NS 4S; NS 4X": `contract 2, "NS 4X"`,
	} {
		if _, err := ParseParContract(value); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseParContract(%q): %v, want an error saying %q", value, err, want)
		}
	}
}

// TestSetDoubleDummyReadsBack writes a game with its table and par over older
// ones, and reads the four tags back the same.
func TestSetDoubleDummyReadsBack(t *testing.T) {
	board := bridge.NewBoard(2, mustDeal(t, board2Deal))
	dd, err := ParseDoubleDummyTricks("79844798444359843498")
	if err != nil {
		t.Fatal(err)
	}
	p := par.Par{Score: -110, Contracts: []par.Contract{contract(2, bridge.StrainDiamonds, bridge.Undoubled, 0, bridge.East)}}
	g := NewGame(board)
	g.SetDoubleDummy(bridge.UnknownDDTable(), par.Par{Score: 50})
	g.Set("Annotator", "Director")
	g.SetDoubleDummy(dd, p)
	var out bytes.Buffer
	if err := Write(&out, []Game{g}, Options{}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"[DoubleDummyTricks ", "[OptimumResultTable ", "[OptimumScore ", "[ParContract "} {
		if n := strings.Count(out.String(), name); n != 1 {
			t.Errorf("%d %s tags, want 1:\n%s", n, name, out.String())
		}
	}
	for _, want := range []string{`[DoubleDummyTricks "79844798444359843498"]`, `[OptimumScore "EW 110"]`, `[ParContract "E 2D"]`, "\r\nS NT  7\r\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
	back := mustRead(t, out.String()).Games[0]
	if got, ok, err := back.DoubleDummyTricks(); !ok || err != nil || got != dd {
		t.Errorf("DoubleDummyTricks read back as %v, %v, %v; want %v", got, ok, err, dd)
	}
	if got, ok, err := back.OptimumResultTable(); !ok || err != nil || got != dd {
		t.Errorf("OptimumResultTable read back as %v, %v, %v; want %v", got, ok, err, dd)
	}
	if got, ok, err := back.Par(); !ok || err != nil || !reflect.DeepEqual(got, p) {
		t.Errorf("Par read back as %+v, %v, %v; want %+v", got, ok, err, p)
	}
}

func TestGamePar(t *testing.T) {
	for _, tc := range []struct {
		tags []Tag
		ok   bool
		want par.Par
		err  string
	}{
		{nil, false, par.Par{}, ""},
		{[]Tag{{Name: "OptimumScore", Value: "NS 140"}}, true, par.Par{Score: 140}, ""},
		{[]Tag{{Name: "ParContract", Value: "NS 2S", Line: 9}}, true, par.Par{}, `pbn: line 9: tag "ParContract": a par contract without an OptimumScore tag`},
		{[]Tag{{Name: "OptimumScore", Value: "NS x", Line: 4}}, true, par.Par{}, `pbn: line 4: tag "OptimumScore": "NS x": "x" is not a score`},
		{[]Tag{{Name: "OptimumScore", Value: "NS 110"}, {Name: "ParContract", Value: "NS 9S", Line: 7}}, true, par.Par{}, `pbn: line 7: tag "ParContract": "NS 9S"`},
	} {
		got, ok, err := Game{Tags: tc.tags}.Par()
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Par of %v = %+v, %v, %v; want %+v, %v, an error saying %q", tc.tags, got, ok, err, tc.want, tc.ok, tc.err)
		}
	}
}

// FuzzParTags checks that the OptimumScore and ParContract readers never
// panic, that their errors are not empty, and that what they read is written
// so that it reads back the same.
func FuzzParTags(f *testing.F) {
	for _, seed := range []string{"NS 620", "EW -1100", "EW 4S; -620", "NS 4S", "EW 4Sx-1", "NS 5C; N 5D", "Pass", "W 3N+1", "ns 4s, ew 5cxx", "NS 7NTXX+0", "N 1C-7"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, value string) {
		if score, err := ParseOptimumScore(value); err == nil {
			if back, err := ParseOptimumScore(OptimumScoreOf(score)); err != nil || back != score {
				t.Errorf("score %d of %q reads back as %d, %v", score, value, back, err)
			}
		} else if err.Error() == "" {
			t.Error("an empty error")
		}
		contracts, err := ParseParContract(value)
		if err != nil {
			if err.Error() == "" {
				t.Error("an empty error")
			}
			return
		}
		written := ParContractOf(contracts)
		if back, err := ParseParContract(written); err != nil || !reflect.DeepEqual(back, contracts) {
			t.Errorf("%q read as %v, written %q, reads back as %v, %v", value, contracts, written, back, err)
		}
		g := Game{Tags: []Tag{{Name: "ParContract", Value: written}}}
		if err := checkTag(g.Tags[0], Options{}); err != nil {
			t.Errorf("ParContract %q cannot be written: %v", written, err)
		}
	})
}
