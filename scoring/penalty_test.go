package scoring

import "testing"

func TestPercentOfTop(t *testing.T) {
	cases := []struct {
		percent, top, want float64
	}{
		{25, 12, 3},      // EBU's standard quarter of a top, 7-table field on the 2/1 scale
		{10, 10, 1},      // WBF's 10%, 6 results a board
		{25, 7, 1.75},    // a 1/½ field of 8 results
		{33, 7, 2.31},    // 2.31 exactly
		{100, 4, 4},      // a whole top
		{10, 11.5, 1.15}, // not rounded to 1.1 or 1.2
	}
	for _, c := range cases {
		if got := PercentOfTop(c.percent, c.top); got != c.want {
			t.Errorf("PercentOfTop(%v, %v) = %v, want %v", c.percent, c.top, got, c.want)
		}
	}
}

func TestPenalizedPercentage(t *testing.T) {
	cases := []struct {
		name                        string
		matchpoints, deduction, top float64
		want                        float64
	}{
		// 3 boards with a top of 4: 7 of 12 is 58.33%; 25% of a top off leaves 6.
		{"quarter top", 7, 1, 12, 50},
		{"no penalty", 7, 0, 12, 58.33},
		// 61 of 96 less 3 is 58/96 = 60.416..., rounded half up.
		{"half up", 61, 3, 96, 60.42},
		// 1/½ scale: 2.5 of 4.5 less 0.5 is 44.444...
		{"half tops", 2.5, 0.5, 4.5, 44.44},
		{"more than the total", 1, 2, 4, -25},
		{"no boards", 0, 3, 0, 0},
	}
	for _, c := range cases {
		if got := PenalizedPercentage(c.matchpoints, c.deduction, c.top); got != c.want {
			t.Errorf("%s: PenalizedPercentage(%v, %v, %v) = %v, want %v", c.name, c.matchpoints, c.deduction, c.top, got, c.want)
		}
	}
}
