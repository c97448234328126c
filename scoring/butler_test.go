package scoring

import (
	"slices"
	"strings"
	"testing"
)

func TestButlerDatum(t *testing.T) {
	cases := []struct {
		name   string
		scores []int
		opt    ButlerOptions
		want   int
	}{
		// Hemel example: 4×620 and 3×170, one top and one bottom dropped:
		// (3×620 + 2×170)/5 = 440.
		{"one top and one bottom dropped", []int{620, 620, 620, 620, 170, 170, 170}, ButlerOptions{Discard: 1}, 440},
		{"no discard: plain mean 427.14", []int{620, 620, 620, 620, 170, 170, 170}, ButlerOptions{}, 430},
		{"half away from zero", []int{440, 450}, ButlerOptions{}, 450},
		{"negative half away from zero", []int{-440, -450}, ButlerOptions{}, -450},
		{"negative half up", []int{-440, -450}, ButlerOptions{Rounding: RoundHalfUp}, -440},
		{"positive half up", []int{440, 450}, ButlerOptions{Rounding: RoundHalfUp}, 450},
		{"below half rounds down", []int{-100, -110, -110}, ButlerOptions{}, -110}, // -106.67
		{"10% of 20 drops 2 each way", []int{5000, 4000, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, -3000, -2000}, ButlerOptions{DiscardPercent: 10}, 100},
		{"10% of 9 drops none", []int{900, 0, 0, 0, 0, 0, 0, 0, 0}, ButlerOptions{DiscardPercent: 10}, 100},
		{"discards reduced to keep 3", []int{100, 200, 300, 400}, ButlerOptions{Discard: 2, MinKept: 3}, 250},
		{"discards reduced to keep 1", []int{100, 200, 300}, ButlerOptions{Discard: 5}, 200},
		{"huge discard on a single result", []int{-50}, ButlerOptions{Discard: 1 << 60}, -50},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ButlerDatum(c.scores, c.opt)
			if err != nil || got != c.want {
				t.Errorf("ButlerDatum(%v, %+v) = %d, %v; want %d", c.scores, c.opt, got, err, c.want)
			}
		})
	}
}

func TestButlerIMPsAgainstDatum(t *testing.T) {
	scores := []int{620, 620, 620, 620, 170, 170, 170}
	got, err := Butler(scores, ButlerOptions{Discard: 1})
	if err != nil {
		t.Fatal(err)
	}
	// Datum 440: 620 is +180 = 5 IMPs, 170 is -270 = -7 IMPs.
	want := []int{5, 5, 5, 5, -7, -7, -7}
	if !slices.Equal(got, want) {
		t.Errorf("Butler = %v, want %v", got, want)
	}
}

func TestButlerRejectsBadInput(t *testing.T) {
	cases := []struct {
		scores []int
		opt    ButlerOptions
		says   string
	}{
		{nil, ButlerOptions{}, "without results"},
		{[]int{1}, ButlerOptions{Discard: -1}, "negative"},
		{[]int{1}, ButlerOptions{DiscardPercent: 50}, "outside 0 to 50"},
		{[]int{1}, ButlerOptions{Discard: 1, DiscardPercent: 10}, "choose one"},
		{[]int{1}, ButlerOptions{MinKept: -2}, "MinKept"},
		{[]int{1}, ButlerOptions{Rounding: 9}, "rounding"},
	}
	for _, c := range cases {
		if _, err := Butler(c.scores, c.opt); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("Butler(%v, %+v) error = %v, want one saying %q", c.scores, c.opt, err, c.says)
		}
	}
}

func TestProfileButlerOptions(t *testing.T) {
	o := EBU.ButlerOptions()
	if o.Discard != EBU.ButlerDiscard || o.Rounding != EBU.ButlerRounding {
		t.Errorf("EBU.ButlerOptions() = %+v, want the profile's discard and rounding", o)
	}
}

func BenchmarkButler(b *testing.B) {
	scores := benchScores(5000)
	opt := ButlerOptions{DiscardPercent: 10, MinKept: 3}
	for b.Loop() {
		if _, err := Butler(scores, opt); err != nil {
			b.Fatal(err)
		}
	}
}
