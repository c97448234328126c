package par

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/scoring"
)

// table builds a double-dummy table from the tricks of N, E, S and W in each
// strain, clubs first.
func table(rows map[bridge.Strain][4]int) bridge.DDTable {
	var t bridge.DDTable
	for strain, tricks := range rows {
		for seat, n := range tricks {
			t[seat][strain] = n
		}
	}
	return t
}

// withSuits6 has every seat take six tricks in every suit.
func withSuits6(nt [4]int) bridge.DDTable {
	return table(map[bridge.Strain][4]int{
		bridge.StrainClubs: {6, 6, 6, 6}, bridge.StrainDiamonds: {6, 6, 6, 6},
		bridge.StrainHearts: {6, 6, 6, 6}, bridge.StrainSpades: {6, 6, 6, 6}, bridge.NoTrump: nt,
	})
}

func TestPassedOut(t *testing.T) {
	tab := withSuits6([4]int{6, 5, 6, 6})
	for _, dealer := range bridge.Seats {
		p, err := DealerPar(tab, dealer, bridge.VulBoth)
		if err != nil {
			t.Fatal(err)
		}
		if p.Score != 0 || p.Contracts != nil || !slices.Equal(p.DealerParText(), []string{"pass"}) || p.String() != "Par 0: passed out" {
			t.Errorf("dealer %v: %+v %q %q, want passed out", dealer, p, p.DealerParText(), p)
		}
	}
	ns, ew, err := SidesPar(tab, bridge.VulNone)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []Par{ns, ew} {
		if p.Score != 0 || p.Contracts != nil || p.SidesParText() != "" {
			t.Errorf("SidesPar %+v %q, want passed out", p, p.SidesParText())
		}
	}
}

// Both sides make 1NT and nothing else: the first seat after the dealer who
// makes it, the dealer included, bids it, and the other side has no sacrifice
// cheap enough.
func TestBothSidesMake1NT(t *testing.T) {
	tab := withSuits6([4]int{7, 7, 7, 7})
	for _, vul := range []bridge.Vulnerability{bridge.VulNone, bridge.VulNS, bridge.VulEW, bridge.VulBoth} {
		for _, dealer := range bridge.Seats {
			p, err := DealerPar(tab, dealer, vul)
			if err != nil {
				t.Fatal(err)
			}
			seats := dealer.Side().Seats()
			want := Par{90, []Contract{{bridge.Contract{Level: 1, Strain: bridge.NoTrump}, seats[:], 0}}}
			if dealer.Side() == bridge.EastWest {
				want.Score = -90
			}
			if !reflect.DeepEqual(p, want) {
				t.Errorf("dealer %v, %v: %v, want %v", dealer, vul, p, want)
			}
		}
		ns, ew, err := SidesPar(tab, vul)
		if err != nil {
			t.Fatal(err)
		}
		if ns.String() != "Par +90: 1NT by N-S" || ew.String() != "Par −90: 1NT by E-W" {
			t.Errorf("%v: SidesPar %q and %q, want 1NT by the side that starts", vul, ns, ew)
		}
	}
}

// thomas2's table: each side makes 1NT, and one suit by one seat; who starts
// the bidding takes the plus score.
func TestTheStartMatters(t *testing.T) {
	tab := readFixture(t, "thomas2.txt")[0].Table
	for _, dealer := range bridge.Seats {
		p, err := DealerPar(tab, dealer, bridge.VulEW)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"1N-NS"}
		if dealer.Side() == bridge.EastWest {
			want = []string{"1N-EW"}
		}
		if !slices.Equal(p.DealerParText(), want) {
			t.Errorf("dealer %v: %q, want %q", dealer, p.DealerParText(), want)
		}
	}
	ns, ew, err := SidesPar(tab, bridge.VulEW)
	if err != nil {
		t.Fatal(err)
	}
	if ns.Score != 90 || ew.Score != -90 {
		t.Errorf("SidesPar scores %d and %d, want +90 with North-South starting and -90 with East-West", ns.Score, ew.Score)
	}
}

func TestInvalidInput(t *testing.T) {
	complete := withSuits6([4]int{7, 7, 7, 7})
	unknown := complete
	unknown[bridge.West][bridge.StrainHearts] = bridge.DDUnknown
	tooMany := complete
	tooMany[bridge.South][bridge.NoTrump] = 14
	for _, c := range []struct {
		name   string
		t      bridge.DDTable
		dealer bridge.Seat
		vul    bridge.Vulnerability
		want   string
	}{
		{"unknown cell", unknown, bridge.North, bridge.VulNone, "West declaring H is unknown"},
		{"14 tricks", tooMany, bridge.North, bridge.VulNone, "South declaring NT takes 14 tricks"},
		{"dealer", complete, bridge.Seat(4), bridge.VulNone, "dealer Seat(4) is not a seat"},
		{"vulnerability", complete, bridge.North, bridge.Vulnerability(4), "vulnerability Vulnerability(4) is not one of None, NS, EW, All"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := DealerPar(c.t, c.dealer, c.vul); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("DealerPar: %v, want an error saying %q", err, c.want)
			}
			if c.dealer.Valid() {
				if _, _, err := SidesPar(c.t, c.vul); err == nil || !strings.Contains(err.Error(), c.want) {
					t.Errorf("SidesPar: %v, want an error saying %q", err, c.want)
				}
			}
		})
	}
}

// The hand-record text of par, on the fixture records that show each form.
func TestString(t *testing.T) {
	want := map[string]string{
		"4S*-EW-1": "Par +100: 4♠× by E-W, down 1",
		"4N-W+1":   "Par −660: 4NT+1 by W",
		"2S-N":     "Par +110: 2♠ by N",
		"7N-NS":    "Par +2220: 7NT by N-S",
	}
	seen := map[string]bool{}
	for _, name := range fixtureFiles {
		for _, d := range readFixture(t, name) {
			text := strings.Join(d.DealerPar.Contracts, " ")
			if _, ok := want[text]; !ok || seen[text] {
				continue
			}
			seen[text] = true
			p, err := DealerPar(d.Table, d.Dealer, d.Vulnerability)
			if err != nil {
				t.Fatal(err)
			}
			if p.String() != want[text] {
				t.Errorf("line %d: %q, want %q", d.Line, p, want[text])
			}
		}
	}
	if len(seen) != len(want) {
		t.Errorf("found %d of the %d records", len(seen), len(want))
	}
	p := Par{-600, []Contract{
		{bridge.Contract{Level: 5, Strain: bridge.StrainClubs}, []bridge.Seat{bridge.East, bridge.West}, 0},
		{bridge.Contract{Level: 3, Strain: bridge.NoTrump}, []bridge.Seat{bridge.East, bridge.West}, 0},
	}}
	if got := p.String(); got != "Par −600: 5♣ by E-W; 3NT by E-W" {
		t.Errorf("two contracts: %q", got)
	}
}

// Every par contract of every fixture record scores the par with the tricks
// the table gives its declarers.
func TestParContractsScoreThePar(t *testing.T) {
	for _, name := range fixtureFiles {
		for _, d := range readFixture(t, name) {
			dealer, err := DealerPar(d.Table, d.Dealer, d.Vulnerability)
			if err != nil {
				t.Fatal(err)
			}
			ns, ew, err := SidesPar(d.Table, d.Vulnerability)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range []Par{dealer, ns, ew} {
				if err := scoresThePar(p, d.Table, d.Vulnerability); err != nil {
					t.Errorf("%s line %d: %v: %s", name, d.Line, p, err)
				}
			}
		}
	}
}

// scoresThePar reports a par contract of p that does not score p.Score with
// the tricks the table gives its declarers, or that lists the wrong declarers.
func scoresThePar(p Par, t bridge.DDTable, vul bridge.Vulnerability) error {
	for _, c := range p.Contracts {
		if len(c.Declarers) == 0 || len(c.Declarers) > 2 || c.Declarers[0].Side() != c.Declarers[len(c.Declarers)-1].Side() {
			return fmt.Errorf("%v: declarers %v", c.Contract, c.Declarers)
		}
		for _, seat := range c.Declarers {
			tricks := t[seat][c.Contract.Strain]
			if tricks != c.Contract.TricksNeeded()+c.Result {
				return fmt.Errorf("%v by %v: %d tricks, result %+d", c.Contract, seat, tricks, c.Result)
			}
			if score, err := scoring.Score(c.Contract, seat, tricks, vul); err != nil || score != p.Score {
				return fmt.Errorf("%v by %v with %d tricks scores %d (%v)", c.Contract, seat, tricks, score, err)
			}
		}
	}
	return nil
}
