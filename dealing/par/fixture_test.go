package par

import (
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/bridge-director/director/formats/ddslist"
)

// fixtures holds DDS's test hands (github.com/dds-bridge/dds, hands/), each
// with the PAR line of DDS's Par and the PAR2 line of its DealerPar.
var fixtures = filepath.Join("..", "..", "..", "shared", "fixtures", "dds")

func readFixture(t testing.TB, name string) []ddslist.Deal {
	t.Helper()
	deals, err := ddslist.ReadFile(filepath.Join(fixtures, name))
	if err != nil {
		t.Fatal(err)
	}
	return deals
}

var fixtureFiles = []string{"list1.txt", "list10.txt", "list100.txt", "list1000.txt", "largest.txt", "thomas1.txt", "thomas2.txt"}

func TestDealerParMatchesDDS(t *testing.T) {
	for _, name := range fixtureFiles {
		t.Run(name, func(t *testing.T) {
			for _, d := range readFixture(t, name) {
				p, err := DealerPar(d.Table, d.Dealer, d.Vulnerability)
				if err != nil {
					t.Fatalf("line %d: %v", d.Line, err)
				}
				if got := p.DealerParText(); p.Score != d.DealerPar.Score || !slices.Equal(got, d.DealerPar.Contracts) {
					t.Errorf("line %d (dealer %v, %v): DealerPar %d %q, DDS %d %q", d.Line, d.Dealer, d.Vulnerability, p.Score, got, d.DealerPar.Score, d.DealerPar.Contracts)
				}
			}
		})
	}
}

func TestSidesParMatchesDDS(t *testing.T) {
	for _, name := range fixtureFiles {
		t.Run(name, func(t *testing.T) {
			for _, d := range readFixture(t, name) {
				ns, ew, err := SidesPar(d.Table, d.Vulnerability)
				if err != nil {
					t.Fatalf("line %d: %v", d.Line, err)
				}
				// DDS gives each start's score from the starting side's view.
				got := ddslist.Par{NSScore: ns.Score, EWScore: -ew.Score, NSContracts: ns.SidesParText(), EWContracts: ew.SidesParText()}
				if got != d.Par {
					t.Errorf("line %d (%v): Par %s, DDS %s", d.Line, d.Vulnerability, parLine(got), parLine(d.Par))
				}
			}
		})
	}
}

// parLine writes p as DDS's PAR line does.
func parLine(p ddslist.Par) string {
	return strconv.Quote("NS "+strconv.Itoa(p.NSScore)) + " " + strconv.Quote("EW "+strconv.Itoa(p.EWScore)) + " " +
		strconv.Quote("NS:"+p.NSContracts) + " " + strconv.Quote("EW:"+p.EWContracts)
}
