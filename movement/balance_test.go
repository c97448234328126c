package movement

import (
	"maps"
	"math"
	"testing"
)

// In the three-table Mitchell every set is played at three tables (h = 2).
// Two North-South pairs (or two East-West pairs) hold the same cards at
// different tables on all three sets: 3 comparisons, Manning +3. A
// North-South and an East-West pair meet on one set (+2) and sit in
// opposite directions elsewhere on the other two (−2): Manning 0.
func TestBalanceOfThreeTableMitchell(t *testing.T) {
	r := Balance(threeTableMitchell())
	want := []struct {
		name string
		got  Summary
		hist map[int]int
	}{
		{"meetings", r.Meetings, map[int]int{0: 6, 1: 9}},
		{"comparisons", r.Comparisons, map[int]int{0: 9, 3: 6}},
		{"Manning", r.Manning, map[int]int{0: 9, 3: 6}},
	}
	for _, w := range want {
		if !maps.Equal(w.got.Histogram, w.hist) {
			t.Errorf("%s histogram = %v, want %v", w.name, w.got.Histogram, w.hist)
		}
	}
	if r.Manning.Min != 0 || r.Manning.Max != 3 || r.Manning.Spread != 3 {
		t.Errorf("Manning min/max/spread = %d/%d/%d, want 0/3/3", r.Manning.Min, r.Manning.Max, r.Manning.Spread)
	}
	// Mean 18/15 = 1.2; variance (6·1.8² + 9·1.2²)/15 = 2.16.
	if math.Abs(r.Manning.Mean-1.2) > 1e-9 || math.Abs(r.Manning.SD-math.Sqrt(2.16)) > 1e-9 {
		t.Errorf("Manning mean/SD = %v/%v, want 1.2/%v", r.Manning.Mean, r.Manning.SD, math.Sqrt(2.16))
	}
	if math.Abs(r.Qf-40) > 1e-9 { // 100·1.44/(1.44+2.16)
		t.Errorf("Qf = %v, want 40", r.Qf)
	}
	if p, ok := r.Pair(5, 2); !ok || p != (PairBalance{A: 2, B: 5, Meetings: 1, Comparisons: 0, Manning: 0}) {
		t.Errorf("Pair(5, 2) = %+v, %v", p, ok)
	}
	if _, ok := r.Pair(2, 9); ok {
		t.Error("Pair(2, 9) found a pair that does not play")
	}
}

// An arrow switch in round 3 of the three-table Mitchell (5 v 1 at table 1
// on set 3, 6 v 2 at table 2 on set 1, 4 v 3 at table 3 on set 2) moves
// pairs into the other field for a round.
func TestBalanceCountsDirectionAfterArrowSwitch(t *testing.T) {
	m := threeTableMitchell()
	for i := range m.Seatings {
		if s := &m.Seatings[i]; s.Round == 3 {
			s.NS, s.EW = s.EW, s.NS
		}
	}
	r := Balance(m)
	tests := []struct {
		a, b int
		want PairBalance
	}{
		// Set 1: 1 NS, 2 EW (−1); set 2: both NS (+1); set 3: 2 NS, 1 EW (−1).
		{1, 2, PairBalance{A: 1, B: 2, Meetings: 0, Comparisons: 1, Manning: -1}},
		// Set 1: both NS (+1); set 2: 1 v 6, a meeting (+2); set 3: both EW (+1).
		{1, 6, PairBalance{A: 1, B: 6, Meetings: 1, Comparisons: 2, Manning: 4}},
	}
	for _, tt := range tests {
		if got, _ := r.Pair(tt.a, tt.b); got != tt.want {
			t.Errorf("Pair(%d, %d) = %+v, want %+v", tt.a, tt.b, got, tt.want)
		}
	}
}

// A sit-out table plays no boards: its set counts neither as played by
// the pair sitting out nor as a table that set is played at.
func TestBalanceIgnoresSitOutTables(t *testing.T) {
	m := Movement{Tables: 2, Rounds: 1, Sets: 1, Seatings: []Seating{{1, 1, 1, 2, 1}, {1, 2, 3, None, 1}}}
	r := Balance(m)
	if len(r.Entrants) != 3 || len(r.Pairs) != 3 {
		t.Fatalf("entrants %v, pairs %d; want 3 and 3", r.Entrants, len(r.Pairs))
	}
	if !maps.Equal(r.Manning.Histogram, map[int]int{0: 3}) || !maps.Equal(r.Meetings.Histogram, map[int]int{0: 2, 1: 1}) {
		t.Errorf("Manning %v, meetings %v", r.Manning.Histogram, r.Meetings.Histogram)
	}
	if r.SharedSetRounds != 0 || r.Qf != 100 {
		t.Errorf("shared rounds %d, Qf %v; want 0 and 100", r.SharedSetRounds, r.Qf)
	}
}

func TestBalanceOfNothing(t *testing.T) {
	r := Balance(Movement{})
	if len(r.Pairs) != 0 || len(r.Manning.Histogram) != 0 || r.Manning.SD != 0 {
		t.Errorf("Balance of an empty movement = %+v", r)
	}
}

func TestAtLeastAsBalancedAs(t *testing.T) {
	even := Report{Manning: Summary{SD: 0}}
	uneven := Report{Manning: Summary{SD: 1.5}}
	if !even.AtLeastAsBalancedAs(uneven) || uneven.AtLeastAsBalancedAs(even) {
		t.Error("SD 0 and 1.5 not ordered")
	}
	if !uneven.AtLeastAsBalancedAs(uneven) {
		t.Error("a report is not as balanced as itself")
	}
}
