package scoring

import "testing"

func TestProfileByName(t *testing.T) {
	for _, name := range []string{"WBF", "acbl", " Ebu "} {
		p, err := ProfileByName(name)
		if err != nil {
			t.Fatalf("ProfileByName(%q): %v", name, err)
		}
		if p.AveragePlus != 60 || p.Average != 50 || p.AverageMinus != 40 || !p.Neuberg {
			t.Errorf("%s: averages %v/%v/%v, Neuberg %v", p.Name, p.AveragePlus, p.Average, p.AverageMinus, p.Neuberg)
		}
	}
	if acbl, _ := ProfileByName("ACBL"); acbl.MatchpointScale != OnePerBeat {
		t.Errorf("ACBL scale %v, want 1/½/0", acbl.MatchpointScale)
	}
	if ebu, _ := ProfileByName("EBU"); ebu.MatchpointScale != TwoPerBeat || ebu.ImpAveragePlus != 3 || ebu.ImpAverageMinus != -3 {
		t.Errorf("EBU: %+v", ebu)
	}
	if _, err := ProfileByName("FFB"); err == nil {
		t.Error("ProfileByName(FFB) did not fail")
	}
}

// TestAdjustmentPercentage checks Law 12C2: average plus rises to a higher session
// percentage and average minus falls to a lower one, where the profile says so.
func TestAdjustmentPercentage(t *testing.T) {
	fixed := EBU
	fixed.SessionPercentageForAveragePlus, fixed.SessionPercentageForAverageMinus = false, false
	tests := []struct {
		profile Profile
		adjust  Adjustment
		other   float64
		ok      bool
		want    float64
	}{
		{EBU, AveragePlus, 65, true, 65},
		{EBU, AveragePlus, 55, true, 60},
		{EBU, AveragePlus, 65, false, 60},
		{EBU, AverageMinus, 35, true, 35},
		{EBU, AverageMinus, 45, true, 40},
		{EBU, Average, 70, true, 50},
		{fixed, AveragePlus, 65, true, 60},
		{fixed, AverageMinus, 35, true, 40},
	}
	for _, tt := range tests {
		others := total{} // no other boards
		if tt.ok {
			others = total{hundredths: int64(tt.other * 100), top: 100, boards: 1}
		}
		if got := tt.profile.percentage(tt.adjust, others); got != tt.want {
			t.Errorf("%v with %v%% (%v), session rule %v: %v%%, want %v%%", tt.adjust, tt.other, tt.ok,
				tt.profile.SessionPercentageForAveragePlus, got, tt.want)
		}
	}
}
