package par

import (
	"testing"

	"github.com/bridge-director/director/bridge"
)

// FuzzPar feeds both par functions any table, seat and vulnerability: cells
// from -1 to 14 (DDUnknown and 14 must be refused), seats and vulnerabilities
// one past the last. Nothing may panic; a table that is refused names why; on a
// valid one, every par contract is played by the side the score's sign says
// (plus for North-South: North-South make it or East-West sacrifice) and
// scores the par.
func FuzzPar(f *testing.F) {
	for _, d := range readFixture(f, "list10.txt") {
		f.Add(cells(d.Table), uint8(d.Dealer), uint8(d.Vulnerability))
	}
	f.Add(cells(withSuits6([4]int{7, 7, 7, 7})), uint8(bridge.East), uint8(bridge.VulBoth))
	f.Add(cells(withSuits6([4]int{6, 6, 6, 6})), uint8(bridge.South), uint8(bridge.VulNone))
	f.Add(make([]byte, 20), uint8(4), uint8(4))
	f.Fuzz(func(t *testing.T, data []byte, dealer, vul uint8) {
		var tab bridge.DDTable
		valid := dealer <= 3 && vul <= 3
		for i := range 20 {
			var b byte
			if i < len(data) {
				b = data[i]
			}
			tab[i/5][i%5] = int(b%16) - 1
			valid = valid && tab[i/5][i%5] >= 0 && tab[i/5][i%5] <= 13
		}
		p, err := DealerPar(tab, bridge.Seat(dealer), bridge.Vulnerability(vul))
		ns, ew, sidesErr := SidesPar(tab, bridge.Vulnerability(vul))
		if !valid {
			if err == nil || err.Error() == "" {
				t.Fatalf("DealerPar accepted %v, dealer %d, vulnerability %d", tab, dealer, vul)
			}
			if (vul > 3 || tab.Validate() != nil) && sidesErr == nil {
				t.Fatalf("SidesPar accepted %v, vulnerability %d", tab, vul)
			}
			return
		}
		if err != nil || sidesErr != nil {
			t.Fatalf("%v, dealer %d, vulnerability %d: %v, %v", tab, dealer, vul, err, sidesErr)
		}
		for _, p := range []Par{p, ns, ew} {
			checkSides(t, p)
			if err := scoresThePar(p, tab, bridge.Vulnerability(vul)); err != nil {
				t.Fatalf("%v, dealer %d, vulnerability %d: %v: %v", tab, dealer, vul, p, err)
			}
		}
	})
}

// checkSides fails t when a par contract is played by the wrong side for the
// sign of the score.
func checkSides(t *testing.T, p Par) {
	t.Helper()
	if p.Score == 0 && len(p.Contracts) > 0 {
		t.Fatalf("%v: contracts for a score of 0", p)
	}
	for _, c := range p.Contracts {
		plus := bridge.NorthSouth
		if c.Contract.Doubling == bridge.Doubled {
			plus = bridge.EastWest
		}
		if (p.Score > 0) != (c.Declarers[0].Side() == plus) {
			t.Fatalf("%v: score %d, but %v is played by %v", p, p.Score, c.Contract, c.Declarers)
		}
	}
}

// cells returns t's 20 cells as the fuzz input writes them.
func cells(t bridge.DDTable) []byte {
	out := make([]byte, 0, 20)
	for _, row := range t {
		for _, n := range row {
			out = append(out, byte(n+1))
		}
	}
	return out
}
