package scoring

import (
	"math"
	"math/rand/v2"
	"testing"
)

// naiveCrossIMPs is the definition: each score IMPed against every other.
func naiveCrossIMPs(scores []int) []float64 {
	out := make([]float64, len(scores))
	for i, s := range scores {
		sum := 0
		for j, t := range scores {
			if i != j {
				sum += IMPs(s - t)
			}
		}
		if len(scores) > 1 {
			out[i] = float64(sum) / float64(len(scores)-1)
		}
	}
	return out
}

func TestCrossIMPsSmallBoards(t *testing.T) {
	cases := []struct {
		scores []int
		want   []float64
	}{
		{nil, []float64{}},
		{[]int{420}, []float64{0}},
		{[]int{420, -50}, []float64{10, -10}},
		// Pianola board 1: eight results, 7 comparisons each.
		{[]int{480, 980, 450, 450, 480, 480, 430, 510}, []float64{-8.0 / 7, 76.0 / 7, -15.0 / 7, -15.0 / 7, -8.0 / 7, -8.0 / 7, -21.0 / 7, -1.0 / 7}},
	}
	for _, c := range cases {
		got := CrossIMPs(c.scores)
		if len(got) != len(c.want) {
			t.Fatalf("CrossIMPs(%v) has %d values, want %d", c.scores, len(got), len(c.want))
		}
		for i := range got {
			if math.Abs(got[i]-c.want[i]) > 1e-12 {
				t.Errorf("CrossIMPs(%v)[%d] = %v, want %v", c.scores, i, got[i], c.want[i])
			}
		}
	}
}

func TestCrossIMPsMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n < 60; n++ {
		scores := make([]int, n)
		for i := range scores {
			scores[i] = 10 * (rng.IntN(1521) - 760) // -7600 to 7600, with repeats
		}
		got, want := CrossIMPs(scores), naiveCrossIMPs(scores)
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("n=%d: CrossIMPs[%d] = %v, want %v (scores %v)", n, i, got[i], want[i], scores)
			}
		}
	}
}

func TestCrossIMPsExtremeScoresDoNotOverflow(t *testing.T) {
	got := CrossIMPs([]int{math.MinInt, 0, math.MaxInt})
	want := []float64{-24, 0, 24}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("CrossIMPs(extremes)[%d] = %v, want %v", i, got[i], want[i])
		}
	}
}

// benchScores returns n NS scores spread like a big field: a few hundred distinct
// values, many repeated.
func benchScores(n int) []int {
	rng := rand.New(rand.NewPCG(7, 11))
	common := []int{-2210, -1470, -720, -660, -620, -500, -200, -100, -50, 50, 100, 110, 140, 170, 200, 420, 450, 480, 620, 650, 980, 1430}
	scores := make([]int, n)
	for i := range scores {
		if rng.IntN(4) == 0 {
			scores[i] = 10 * (rng.IntN(801) - 400)
		} else {
			scores[i] = common[rng.IntN(len(common))]
		}
	}
	return scores
}

func BenchmarkCrossIMPs(b *testing.B) {
	scores := benchScores(5000)
	for b.Loop() {
		CrossIMPs(scores)
	}
}
