package doubledummy

import (
	"context"
	"testing"
)

// benchmarkFile solves the first n deals of a DDS file per iteration and
// reports the time and search nodes per deal.
func benchmarkFile(b *testing.B, name string, n int) {
	deals := readList(b, name)
	if n > 0 && n < len(deals) {
		deals = deals[:n]
	}
	s := NewSolver()
	b.ResetTimer()
	for b.Loop() {
		for _, d := range deals {
			if _, err := s.Table(context.Background(), d.Deal); err != nil {
				b.Fatal(err)
			}
		}
	}
	per := float64(b.N * len(deals))
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/per, "ms/deal")
	b.ReportMetric(float64(s.Nodes())/per, "nodes/deal")
}

func BenchmarkList10First3(b *testing.B) { benchmarkFile(b, "list10.txt", 3) }
func BenchmarkList100(b *testing.B)      { benchmarkFile(b, "list100.txt", 0) }
