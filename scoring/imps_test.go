package scoring

import (
	"math"
	"testing"
)

func TestIMPsLaw78BTable(t *testing.T) {
	// Each step of the Law 78B table at its lower and upper end.
	steps := []struct{ from, to, imps int }{
		{0, 10, 0}, {20, 40, 1}, {50, 80, 2}, {90, 120, 3}, {130, 160, 4}, {170, 210, 5},
		{220, 260, 6}, {270, 310, 7}, {320, 360, 8}, {370, 420, 9}, {430, 490, 10},
		{500, 590, 11}, {600, 740, 12}, {750, 890, 13}, {900, 1090, 14}, {1100, 1290, 15},
		{1300, 1490, 16}, {1500, 1740, 17}, {1750, 1990, 18}, {2000, 2240, 19},
		{2250, 2490, 20}, {2500, 2990, 21}, {3000, 3490, 22}, {3500, 3990, 23}, {4000, 7600, 24},
	}
	for _, s := range steps {
		for _, d := range []int{s.from, s.to} {
			if got := IMPs(d); got != s.imps {
				t.Errorf("IMPs(%d) = %d, want %d", d, got, s.imps)
			}
			if got := IMPs(-d); got != -s.imps {
				t.Errorf("IMPs(%d) = %d, want %d", -d, got, -s.imps)
			}
		}
	}
}

func TestIMPsRawDifferencesBetweenThresholds(t *testing.T) {
	// Against a datum or an average the difference need not be a multiple of 10;
	// the thresholds apply as "at least".
	cases := map[int]int{15: 0, 19: 0, 45: 1, 49: 1, 425: 9, 429: 9, 3999: 23, -15: 0, -45: -1,
		math.MaxInt: 24, math.MinInt: -24}
	for d, want := range cases {
		if got := IMPs(d); got != want {
			t.Errorf("IMPs(%d) = %d, want %d", d, got, want)
		}
	}
}

func FuzzIMPs(f *testing.F) {
	for _, seed := range [][2]int{{0, 10}, {-20, 20}, {430, 420}, {-7600, 7600}, {math.MinInt, math.MaxInt}, {3995, 4000}} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, a, b int) {
		if a > b {
			a, b = b, a
		}
		ia, ib := IMPs(a), IMPs(b)
		if ia > ib {
			t.Errorf("IMPs(%d) = %d > IMPs(%d) = %d: a bigger difference gave fewer IMPs", a, ia, b, ib)
		}
		if ib < -MaxIMPs || ib > MaxIMPs {
			t.Errorf("IMPs(%d) = %d is outside ±24", b, ib)
		}
		if a > math.MinInt && IMPs(-a) != -ia {
			t.Errorf("IMPs(%d) = %d but IMPs(%d) = %d: sign not preserved", a, ia, -a, IMPs(-a))
		}
	})
}
