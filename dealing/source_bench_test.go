package dealing

import "testing"

// benchmarkSource deals b.N boards and reports deals per second.
func benchmarkSource(b *testing.B, src Source) {
	for b.Loop() {
		if _, err := src.Next(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "deals/s")
}

// Goal: 5 million deals a second on one core.
func BenchmarkSecure(b *testing.B) { benchmarkSource(b, NewSecure()) }

// Goal: 270,000 BigDeal-compatible deals a second, ten times BigDeal itself.
func BenchmarkKeyed(b *testing.B) { benchmarkSource(b, NewKeyed("benchmark", []byte("entropy"))) }
