package scoring

import (
	"cmp"
	"math"
	"slices"
	"testing"
)

func TestRank(t *testing.T) {
	tests := []struct {
		name   string
		scores []float64
		higher bool
		want   []string
	}{
		{"higher is better", []float64{50, 60, 60, 40, 70}, true, []string{"4", "2=", "2=", "5", "1"}},
		{"lower is better", []float64{50, 60, 60, 40, 70}, false, []string{"2", "3=", "3=", "1", "5"}},
		{"all tied", []float64{1, 1, 1}, true, []string{"1=", "1=", "1="}},
		{"NaN last", []float64{math.NaN(), 2, math.NaN(), 3}, true, []string{"3=", "2", "3=", "1"}},
		{"empty", nil, true, []string{}},
	}
	for _, tt := range tests {
		places := Rank(tt.scores, tt.higher)
		got := make([]string, len(places))
		for i, p := range places {
			got[i] = p.String()
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestBestFirstOrdersAsCompareScores: the packed key the standings are
// sorted by orders and ties every pair of scores as compareScores does,
// NaN, infinities and both zeros among them.
func TestBestFirstOrdersAsCompareScores(t *testing.T) {
	values := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1e-300, -1e-300,
		0.01, -0.01, 48.25, 51.75, 100, -100, math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64}
	for _, a := range values {
		for _, b := range values {
			if got, want := cmp.Compare(bestFirst(a), bestFirst(b)), compareScores(a, b, true); got != want {
				t.Errorf("%v against %v: the key orders them %d, compareScores %d", a, b, got, want)
			}
		}
	}
}
