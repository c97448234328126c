package bridge_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestHandStatistics(t *testing.T) {
	tests := []struct {
		hand     string
		shape    [4]int
		shapeStr string
		pattern  [4]int
		patStr   string
		losers   int
		controls int
	}{
		// Spades AKQ 0 losers; JT9, 876 and 543 (of 5432) 3 each.
		{"AKQ.JT9.876.5432", [4]int{3, 3, 3, 4}, "3-3-3-4", [4]int{4, 3, 3, 3}, "4333", 9, 3},
		{"AKQJT98765432...", [4]int{13, 0, 0, 0}, "13-0-0-0", [4]int{13, 0, 0, 0}, "13-0-0-0", 0, 3},
		// Singleton A 0, singleton K 1, singleton Q 1, JT9 of ten clubs 3.
		{"A.K.Q.JT98765432", [4]int{1, 1, 1, 10}, "1-1-1-10", [4]int{10, 1, 1, 1}, "10-1-1-1", 5, 3},
		// AK 0, Kx 1, Qx 2, AQx of seven clubs 1.
		{"AK.K7.Q5.AQ65432", [4]int{2, 2, 2, 7}, "2-2-2-7", [4]int{7, 2, 2, 2}, "7222", 4, 6},
		// AQ doubleton 1 and KQ doubleton 1 (the queen of a doubleton is no
		// cover), Qxx 2, JT9 3.
		{"AQ.KQ.Q32.JT9876", [4]int{2, 2, 3, 6}, "2-2-3-6", [4]int{6, 3, 2, 2}, "6322", 7, 3},
		// KQJ of four 1, AKT of four 1, singleton 7 1, 543 of four 3.
		{"KQJ2.AKT9.7.5432", [4]int{4, 4, 1, 4}, "4-4-1-4", [4]int{4, 4, 4, 1}, "4441", 6, 4},
		// AJ9 of seven 2, KQ4 of five 1, a void 0, singleton 2 1.
		{"AJ98765.KQ432..2", [4]int{7, 5, 0, 1}, "7-5-0-1", [4]int{7, 5, 1, 0}, "7510", 4, 3},
		{"T98.T98.T987.T98", [4]int{3, 3, 4, 3}, "3-3-4-3", [4]int{4, 3, 3, 3}, "4333", 12, 0},
		{"AKQJ.AKQJ.AKQJ.A", [4]int{4, 4, 4, 1}, "4-4-4-1", [4]int{4, 4, 4, 1}, "4441", 0, 11},
		// Singleton K 1; AKQ, AK and singleton A none.
		{"K.AKQJT9876.AK.A", [4]int{1, 9, 2, 1}, "1-9-2-1", [4]int{9, 2, 1, 1}, "9211", 1, 9},
		// A hand short of cards, as found in a fouled board, still counts.
		{"A.KQ..", [4]int{1, 2, 0, 0}, "1-2-0-0", [4]int{2, 1, 0, 0}, "2100", 1, 3},
		{"...", [4]int{}, "0-0-0-0", [4]int{}, "0000", 0, 0},
	}
	for _, tt := range tests {
		h, err := bridge.ParseHand(tt.hand)
		if err != nil {
			t.Fatal(err)
		}
		if got := h.Shape(); got != tt.shape {
			t.Errorf("%s: Shape = %v, want %v", tt.hand, got, tt.shape)
		}
		if got := h.ShapeString(); got != tt.shapeStr {
			t.Errorf("%s: ShapeString = %q, want %q", tt.hand, got, tt.shapeStr)
		}
		if got := h.Pattern(); got != tt.pattern {
			t.Errorf("%s: Pattern = %v, want %v", tt.hand, got, tt.pattern)
		}
		if got := h.PatternString(); got != tt.patStr {
			t.Errorf("%s: PatternString = %q, want %q", tt.hand, got, tt.patStr)
		}
		if got := h.LosingTricks(); got != tt.losers {
			t.Errorf("%s: LosingTricks = %d, want %d", tt.hand, got, tt.losers)
		}
		if got := h.Controls(); got != tt.controls {
			t.Errorf("%s: Controls = %d, want %d", tt.hand, got, tt.controls)
		}
	}
}

// TestHandStatisticsOfRandomDeals checks what holds for every deal: each hand's
// shape adds to 13, each suit is shared out 13 cards in all, the pattern is the
// shape sorted, a hand has 0 to 12 losers, and the deal holds 12 controls.
func TestHandStatisticsOfRandomDeals(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 13))
	for range 2000 {
		d := randomDeal(r)
		var suitTotals [4]int
		controls := 0
		for _, h := range d {
			shape := h.Shape()
			sum := 0
			for i, n := range shape {
				sum += n
				suitTotals[i] += n
			}
			if sum != 13 {
				t.Fatalf("%v: shape %v adds to %d, want 13", h, shape, sum)
			}
			sorted := shape
			slices.Sort(sorted[:])
			slices.Reverse(sorted[:])
			if p := h.Pattern(); p != sorted {
				t.Fatalf("%v: pattern %v, want shape %v sorted longest first", h, p, shape)
			}
			if l := h.LosingTricks(); l < 0 || l > 12 {
				t.Fatalf("%v: %d losers, want 0 to 12", h, l)
			}
			controls += h.Controls()
		}
		if suitTotals != [4]int{13, 13, 13, 13} {
			t.Fatalf("%v: suit lengths add to %v, want 13 in each suit", d, suitTotals)
		}
		if controls != 12 {
			t.Fatalf("%v: %d controls, want 12", d, controls)
		}
	}
}

func BenchmarkHandStatistics(b *testing.B) {
	d := randomDeal(rand.New(rand.NewPCG(1, 2)))
	total := 0
	for b.Loop() {
		for _, h := range d {
			total += h.Shape()[0] + h.Pattern()[0] + h.LosingTricks() + h.Controls()
		}
	}
	if total == 0 {
		b.Fatal("no statistics counted")
	}
}
