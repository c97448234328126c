package doubledummy

import (
	"context"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// benchmarkFile solves the first n deals of a DDS file (all when n is 0) per
// iteration on one Solver and reports the time and search nodes per deal,
// so that later changes can be compared by their node counts too.
func benchmarkFile(b *testing.B, name string, n int) {
	deals := readList(b, name)
	if n > 0 && n < len(deals) {
		deals = deals[:n]
	}
	s := NewSolver()
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

func BenchmarkList10(b *testing.B)  { benchmarkFile(b, "list10.txt", 0) }
func BenchmarkList100(b *testing.B) { benchmarkLong(b, "list100.txt") }
func BenchmarkLargest(b *testing.B) { benchmarkLong(b, "largest.txt") }
func BenchmarkThomas1(b *testing.B) { benchmarkLong(b, "thomas1.txt") }
func BenchmarkThomas2(b *testing.B) { benchmarkLong(b, "thomas2.txt") }

// benchmarkLong runs benchmarkFile over a whole file with -dd.long.
func benchmarkLong(b *testing.B, name string) {
	if !*longRuns {
		b.Skip("takes minutes: run with -dd.long")
	}
	benchmarkFile(b, name, 0)
}

// BenchmarkSession36 solves a session's 36 boards (the first 36 deals of
// list100) with Tables on two workers, as the dealing service does when a
// set is released.
func BenchmarkSession36(b *testing.B) {
	list := readList(b, "list100.txt")[:36]
	deals := make([]bridge.Deal, len(list))
	for i, d := range list {
		deals[i] = d.Deal
	}
	for b.Loop() {
		if _, err := Tables(context.Background(), deals, 2, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/session")
}
