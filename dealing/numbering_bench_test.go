package dealing

import (
	"math/rand/v2"
	"testing"

	"github.com/bridge-director/director/bridge"
)

func BenchmarkEncode(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	deals := make([]bridge.Deal, 1024)
	for i := range deals {
		deals[i] = randomDeal(r)
	}
	for _, s := range allSchemes {
		b.Run(s.String(), func(b *testing.B) {
			i := 0
			for b.Loop() {
				if _, err := Encode(deals[i%len(deals)], s); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "conversions/s")
		})
	}
}

func BenchmarkDecode(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	numbers := make([]Number, 1024)
	for i := range numbers {
		numbers[i] = randomNumber(b, r)
	}
	for _, s := range allSchemes {
		b.Run(s.String(), func(b *testing.B) {
			i := 0
			for b.Loop() {
				if _, err := Decode(numbers[i%len(numbers)], s); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "conversions/s")
		})
	}
}
