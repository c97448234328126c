package rulings

import (
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/scoring"
)

func TestStandardProceduralPenaltyByProfile(t *testing.T) {
	tests := []struct {
		profile scoring.Profile
		unit    PenaltyUnit
		want    float64 // 0: no standard, an error
	}{
		{scoring.EBU, PercentOfTop, 25},
		{scoring.EBU, IMPs, 3},
		{scoring.EBU, VPs, 0},
		{scoring.ACBL, PercentOfTop, 25},
		{scoring.ACBL, IMPs, 0},
		{scoring.WBF, PercentOfTop, 10},
		{scoring.WBF, IMPs, 3},
	}
	for _, tt := range tests {
		pp, err := StandardProceduralPenalty(bridge.EastWest, SlowPlay, tt.unit, tt.profile)
		if tt.want == 0 {
			if err == nil || !strings.Contains(err.Error(), "give the amount") {
				t.Errorf("%s in %v: err = %v, want no standard", tt.profile.Name, tt.unit, err)
			}
			continue
		}
		if err != nil || pp.Amount != tt.want || pp.Unit != tt.unit || pp.Side != bridge.EastWest || pp.Law != "90B2" {
			t.Errorf("%s in %v = %+v, %v; want %v for EW under 90B2", tt.profile.Name, tt.unit, pp, err, tt.want)
		}
	}
	if _, err := StandardProceduralPenalty(bridge.NorthSouth, SlowPlay, IMPs, scoring.Profile{Name: "XYZ"}); err == nil {
		t.Error("unknown profile: no error")
	}
}

func TestNewProceduralPenalty(t *testing.T) {
	pp, err := NewProceduralPenalty(bridge.NorthSouth, ErrorRequiringAdjustment, 1, VPs)
	if err != nil || pp.Law != "90B7" || !strings.Contains(pp.Reason, "adjusted score") {
		t.Errorf("NewProceduralPenalty = %+v, %v; want a 90B7 penalty", pp, err)
	}
	if pp, _ := NewProceduralPenalty(bridge.NorthSouth, OtherOffence, 10, PercentOfTop); pp.Law != "90A" {
		t.Errorf("other offence cites %q, want 90A", pp.Law)
	}
	bad := []struct {
		side    bridge.Side
		o       Offence
		amount  float64
		u       PenaltyUnit
		wantErr string
	}{
		{2, SlowPlay, 3, IMPs, "side"},
		{bridge.NorthSouth, 42, 3, IMPs, "offence"},
		{bridge.NorthSouth, SlowPlay, 3, 0, "unit"},
		{bridge.NorthSouth, SlowPlay, 0, IMPs, "above 0"},
		{bridge.NorthSouth, SlowPlay, -3, IMPs, "above 0"},
		{bridge.NorthSouth, SlowPlay, 120, PercentOfTop, "at most 100"},
	}
	for _, b := range bad {
		if _, err := NewProceduralPenalty(b.side, b.o, b.amount, b.u); err == nil || !strings.Contains(err.Error(), b.wantErr) {
			t.Errorf("NewProceduralPenalty(%v, %v, %v, %v): err = %v, want %q", b.side, b.o, b.amount, b.u, err, b.wantErr)
		}
	}
}
