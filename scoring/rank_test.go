package scoring

import (
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
