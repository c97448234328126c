package par

import "testing"

// The par of each of list100's deals, one call per deal.
func BenchmarkDealerPar(b *testing.B) {
	deals := readFixture(b, "list100.txt")
	for i := 0; b.Loop(); i++ {
		d := deals[i%len(deals)]
		if _, err := DealerPar(d.Table, d.Dealer, d.Vulnerability); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSidesPar(b *testing.B) {
	deals := readFixture(b, "list100.txt")
	for i := 0; b.Loop(); i++ {
		d := deals[i%len(deals)]
		if _, _, err := SidesPar(d.Table, d.Vulnerability); err != nil {
			b.Fatal(err)
		}
	}
}
