package dealing_test

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/dealing"
)

// wbg2024File holds the 1,186 deals of the World Bridge Games 2024 as BigDeal
// dealt them: one deal a line, the hands of North, East, South and West.
const wbg2024File = "../../shared/fixtures/bigdeal-wbg2024/allpbn.actual"

// wbg2024Deals reads the deals of wbg2024File.
func wbg2024Deals(t testing.TB) []bridge.Deal {
	t.Helper()
	data, err := os.ReadFile(wbg2024File)
	if err != nil {
		t.Fatal(err)
	}
	var deals []bridge.Deal
	for line := range strings.Lines(string(data)) {
		deals = append(deals, pbnDeal(t, "N:"+line))
	}
	if len(deals) != 1186 {
		t.Fatalf("%s: read %d deals, want 1186", wbg2024File, len(deals))
	}
	return deals
}

// pbnDeal parses a deal the test knows to be good.
func pbnDeal(t testing.TB, s string) bridge.Deal {
	t.Helper()
	d, err := bridge.ParsePBNDeal(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// errUsedUp is the error of a dealList with no deals left.
var errUsedUp = errors.New("the list of deals is used up")

// dealList is a Source that deals the deals of a list in order, then fails.
type dealList struct {
	deals []bridge.Deal
	dealt int
}

func (l *dealList) Next() (bridge.Deal, error) {
	if l.dealt == len(l.deals) {
		return bridge.Deal{}, errUsedUp
	}
	l.dealt++
	return l.deals[l.dealt-1], nil
}

// law2 is the table of Law 2 for boards 1 to 16, as the Laws print it.
var law2 = [16]struct {
	dealer bridge.Seat
	vul    bridge.Vulnerability
}{
	{bridge.North, bridge.VulNone}, {bridge.East, bridge.VulNS}, {bridge.South, bridge.VulEW}, {bridge.West, bridge.VulBoth},
	{bridge.North, bridge.VulNS}, {bridge.East, bridge.VulEW}, {bridge.South, bridge.VulBoth}, {bridge.West, bridge.VulNone},
	{bridge.North, bridge.VulEW}, {bridge.East, bridge.VulBoth}, {bridge.South, bridge.VulNone}, {bridge.West, bridge.VulNS},
	{bridge.North, bridge.VulBoth}, {bridge.East, bridge.VulNone}, {bridge.South, bridge.VulNS}, {bridge.West, bridge.VulEW},
}

// TestSecondSessionSet deals boards 25 to 48: they are marked as boards 9 to 16
// and then 1 to 16 are, and hold the source's deals in order.
func TestSecondSessionSet(t *testing.T) {
	deals := wbg2024Deals(t)
	set, err := dealing.NewBoardSet(25, 48, 3, &dealList{deals: deals})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Boards) != 24 || set.Copies != 3 || set.First() != 25 || set.Last() != 48 {
		t.Fatalf("set of %d boards, %d to %d, %d copies; want 24 boards, 25 to 48, 3 copies",
			len(set.Boards), set.First(), set.Last(), set.Copies)
	}
	for i, b := range set.Boards {
		want := law2[(8+i)%16]
		if b.Number != 25+i || b.Dealer != want.dealer || b.Vulnerability != want.vul {
			t.Errorf("place %d: board %d dealt by %v, %v; want board %d dealt by %v, %v",
				i, b.Number, b.Dealer, b.Vulnerability, 25+i, want.dealer, want.vul)
		}
		if b.Deal != deals[i] {
			t.Errorf("board %d holds %v, want the source's deal %d, %v", b.Number, b.Deal, i+1, deals[i])
		}
		if err := b.Validate(); err != nil || b.Redeals != nil {
			t.Errorf("board %d: Validate = %v, redeals %v", b.Number, err, b.Redeals)
		}
	}
	b, ok := set.Board(25)
	if !ok || b.Dealer != bridge.North || b.Vulnerability != bridge.VulEW {
		t.Errorf("board 25 (%v): dealer %v, %v; want North, EW as on board 9", ok, b.Dealer, b.Vulnerability)
	}
	if b, ok := set.Board(48); !ok || b.Deal != deals[23] {
		t.Errorf("board 48 (%v) holds %v, want the 24th deal", ok, b.Deal)
	}
	for _, n := range []int{0, 24, 49} {
		if _, ok := set.Board(n); ok {
			t.Errorf("the set of boards 25 to 48 has a board %d", n)
		}
	}
}

func TestBoardSetLimits(t *testing.T) {
	deals := wbg2024Deals(t)
	set, err := dealing.NewBoardSet(1, dealing.MaxBoards, dealing.MaxCopies, &dealList{deals: deals})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Boards) != dealing.MaxBoards || set.Copies != dealing.MaxCopies {
		t.Errorf("%d boards in %d copies, want %d in %d", len(set.Boards), set.Copies, dealing.MaxBoards, dealing.MaxCopies)
	}
	top, err := dealing.NewBoardSet(math.MaxInt-2, math.MaxInt, 1, &dealList{deals: deals})
	if err != nil || len(top.Boards) != 3 || top.Last() != math.MaxInt {
		t.Errorf("the three highest board numbers: %d boards ending at %d, %v", len(top.Boards), top.Last(), err)
	}
	one, err := dealing.NewBoardSet(7, 7, 1, &dealList{deals: deals})
	if err != nil || len(one.Boards) != 1 || one.Boards[0].Number != 7 || one.Boards[0].Dealer != bridge.South {
		t.Errorf("a set of board 7 only: %+v, %v", one, err)
	}
}

func TestBoardSetErrors(t *testing.T) {
	deals := wbg2024Deals(t)
	twoDeals := func() dealing.Source { return &dealList{deals: deals[:2]} }
	tests := []struct {
		name                string
		first, last, copies int
		src                 dealing.Source
		want                []string
	}{
		{"board 0", 0, 16, 1, twoDeals(), []string{"first board 0", "start at 1"}},
		{"negative board", -3, 16, 1, twoDeals(), []string{"first board -3"}},
		{"last before first", 25, 24, 1, twoDeals(), []string{"last board 24 comes before first board 25"}},
		{"too many boards", 1, dealing.MaxBoards + 1, 1, twoDeals(), []string{"boards 1 to 129 are 129 boards", "128"}},
		{"no copies", 1, 2, 0, twoDeals(), []string{"0 copies"}},
		{"negative copies", 1, 2, -2, twoDeals(), []string{"-2 copies"}},
		{"too many copies", 1, 2, dealing.MaxCopies + 1, twoDeals(), []string{"101 copies", "100"}},
		{"no source", 1, 2, 1, nil, []string{"no source of deals"}},
		{"source runs dry", 25, 28, 1, twoDeals(), []string{"board 27", "source of deals failed", errUsedUp.Error()}},
		{"bad deal", 25, 28, 1, &dealList{deals: []bridge.Deal{deals[0], {}}}, []string{"board 26", "bad deal", "North holds 0 cards"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set, err := dealing.NewBoardSet(tt.first, tt.last, tt.copies, tt.src)
			wantError(t, err, append([]string{"dealing: board set: "}, tt.want...)...)
			if set.Boards != nil || set.Copies != 0 {
				t.Errorf("a failed set holds %+v", set)
			}
		})
	}
	_, err := dealing.NewBoardSet(1, 3, 1, twoDeals())
	if !errors.Is(err, errUsedUp) {
		t.Errorf("error %v does not wrap the source's error", err)
	}
}

// wantError fails t unless err is an error whose text contains every one of parts.
func wantError(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("got no error, want one containing %q", parts)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q does not contain %q", err, p)
		}
	}
}

func BenchmarkNewBoardSet(b *testing.B) {
	deals := wbg2024Deals(b)
	for b.Loop() {
		if _, err := dealing.NewBoardSet(1, 36, 4, &dealList{deals: deals}); err != nil {
			b.Fatal(err)
		}
	}
}
