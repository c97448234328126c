package scoring

import (
	"math"
	"strings"
	"testing"
)

func TestWBF2013ComputedValues(t *testing.T) {
	// Values listed in reference/scoring.md §2.6.
	cases := []struct {
		boards int
		margin float64
		want   float64
	}{
		{16, 0, 10}, {16, 1, 10.31}, {16, 5, 11.48}, {16, 10, 12.80}, {16, 20, 15.00}, {16, 30, 16.73},
		{16, 60, 20}, {16, 59, 19.92}, {16, 200, 20}, // 59: 10 + 10·(1 − τ^2.95)/(1 − τ³) = 19.925
		{8, 1, 10.44}, {8, 10, 13.78}, {8, 20, 16.46},
		{12, 10, 13.18}, {24, 10, 12.33}, {32, 10, 12.05}, {3, 2, 11.38},
		// A fractional margin goes into the formula as it is: 1.5 IMPs over 16
		// boards is 10 + 10·(1 − τ^0.075)/(1 − τ³) = 10 + 10·0.035447/0.763932
		// = 10.464.
		{16, 1.5, 10.46},
	}
	for _, c := range cases {
		won, err := WBF2013{}.VP(c.margin, c.boards)
		if err != nil || won != c.want {
			t.Errorf("WBF2013 %d boards, margin %v: %v, %v; want %v", c.boards, c.margin, won, err, c.want)
		}
		lost, err := WBF2013{}.VP(-c.margin, c.boards)
		// The loser's VPs are published to two decimals too: exactly 20 minus the winner's.
		if wantLost := math.Round((20-c.want)*100) / 100; err != nil || lost != wantLost {
			t.Errorf("WBF2013 %d boards, margin %v: %v, %v; want %v", c.boards, -c.margin, lost, err, wantLost)
		}
	}
}

func TestWBF2013RejectsEmptyMatch(t *testing.T) {
	if _, err := (WBF2013{}).VP(3, 0); err == nil || !strings.Contains(err.Error(), "0 boards") {
		t.Errorf("VP over 0 boards: error %v, want one naming 0 boards", err)
	}
}

func TestEBUDiscrete20(t *testing.T) {
	// A fractional margin reads against the steps as it is: 2.5 has reached
	// the step at 2 (12) and not the one at 3; 20.99 not the one at 21.
	want := map[float64]float64{0: 10, 1: 11, 2: 12, 2.5: 12, 3: 13, 4: 13, 5: 14, 6: 14, 7: 15, 8: 15, 9: 16, 10: 16,
		11: 17, 13: 17, 14: 18, 16: 18, 17: 19, 20: 19, 20.99: 19, 21: 20, 60: 20, math.MaxFloat64: 20}
	for margin, vp := range want {
		got, err := EBUDiscrete20.VP(margin, 3)
		if err != nil || got != vp {
			t.Errorf("EBUDiscrete20 margin %v: %v, %v; want %v", margin, got, err, vp)
		}
		got, err = EBUDiscrete20.VP(-margin, 3)
		if err != nil || got != 20-vp {
			t.Errorf("EBUDiscrete20 margin %v: %v, %v; want %v", -margin, got, err, 20-vp)
		}
	}
	if _, err := EBUDiscrete20.VP(5, 7); err == nil || !strings.Contains(err.Error(), "7-board") {
		t.Errorf("EBUDiscrete20 over 7 boards: error %v, want one naming 7-board matches", err)
	}
}

func TestLookupVPScale(t *testing.T) {
	for _, name := range []string{"WBF2013", "wbf2013", "EBUDiscrete20"} {
		if _, err := LookupVPScale(name); err != nil {
			t.Errorf("LookupVPScale(%q): %v", name, err)
		}
	}
	if _, err := LookupVPScale("ACBL30"); err == nil || !strings.Contains(err.Error(), `"ACBL30"`) {
		t.Errorf("LookupVPScale(ACBL30) error = %v, want one quoting the name", err)
	}
	for _, p := range []Profile{WBF, ACBL, EBU} {
		if _, err := p.VictoryPoints(); err != nil {
			t.Errorf("profile %s: %v", p.Name, err)
		}
	}
}

func FuzzVP(f *testing.F) {
	for _, seed := range []struct {
		a, b   float64
		boards int
	}{{0, 1, 16}, {-5, 5, 3}, {59, 60, 16}, {-math.MaxFloat64, math.Inf(1), 3}, {20, 21, 3}, {2.5, 2.75, 3}} {
		f.Add(seed.a, seed.b, seed.boards)
	}
	scales := map[string]VPScale{"WBF2013": WBF2013{}, "EBUDiscrete20": EBUDiscrete20}
	f.Fuzz(func(t *testing.T, a, b float64, boards int) {
		if math.IsNaN(a) || math.IsNaN(b) {
			for name, scale := range scales {
				if _, err := scale.VP(math.NaN(), boards); err == nil {
					t.Errorf("%s over %d boards: a margin that is not a number converted without error", name, boards)
				}
			}
			return
		}
		if a > b {
			a, b = b, a
		}
		for name, scale := range scales {
			va, errA := scale.VP(a, boards)
			vb, errB := scale.VP(b, boards)
			if (errA == nil) != (errB == nil) {
				t.Fatalf("%s over %d boards: margin %v gives error %v, margin %v gives %v", name, boards, a, errA, b, errB)
			}
			if errA != nil {
				continue
			}
			if va > vb {
				t.Errorf("%s over %d boards: margin %v gives %v VP, more than margin %v's %v", name, boards, a, va, b, vb)
			}
			if vb < 0 || vb > 20 || math.IsNaN(vb) {
				t.Errorf("%s over %d boards: margin %v gives %v VP, outside 0 to 20", name, boards, b, vb)
			}
		}
	})
}
