package rulings

import (
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/scoring"
)

func TestArtificialScoresByResponsibility(t *testing.T) {
	tests := []struct {
		ns, ew         Responsibility
		wantNS, wantEW scoring.Adjustment
	}{
		{DirectlyAtFault, NotAtFault, scoring.AverageMinus, scoring.AveragePlus},
		{NotAtFault, DirectlyAtFault, scoring.AveragePlus, scoring.AverageMinus},
		{PartlyAtFault, PartlyAtFault, scoring.Average, scoring.Average},
		{NotAtFault, NotAtFault, scoring.AveragePlus, scoring.AveragePlus}, // director's error (Law 82C)
		{DirectlyAtFault, DirectlyAtFault, scoring.AverageMinus, scoring.AverageMinus},
		{PartlyAtFault, NotAtFault, scoring.Average, scoring.AveragePlus},
	}
	for _, tt := range tests {
		ns, ew, err := ArtificialScores(tt.ns, tt.ew)
		if err != nil || ns != tt.wantNS || ew != tt.wantEW {
			t.Errorf("ArtificialScores(%v, %v) = %v, %v, %v; want %v, %v", tt.ns, tt.ew, ns, ew, err, tt.wantNS, tt.wantEW)
		}
	}
	if _, _, err := ArtificialScores(0, NotAtFault); err == nil || !strings.Contains(err.Error(), "North-South") {
		t.Errorf("unknown NS responsibility: err = %v, want one naming North-South", err)
	}
	if _, _, err := ArtificialScores(NotAtFault, 9); err == nil || !strings.Contains(err.Error(), "East-West") {
		t.Errorf("unknown EW responsibility: err = %v, want one naming East-West", err)
	}
}

var (
	fourSpades  = bridge.Contract{Level: 4, Strain: bridge.StrainSpades}
	threeNT     = bridge.Contract{Level: 3, Strain: bridge.NoTrump}
	fourSpadesS = func(tricks int) Outcome { return PlayedOutcome(fourSpades, bridge.South, tricks) }
)

func TestWeightedValidation(t *testing.T) {
	tests := []struct {
		name    string
		parts   []WeightedOutcome
		wantErr string
	}{
		{"two thirds and a third", []WeightedOutcome{{2.0 / 3, fourSpadesS(10)}, {1.0 / 3, fourSpadesS(9)}}, ""},
		{"three parts", []WeightedOutcome{{0.5, fourSpadesS(10)}, {0.3, fourSpadesS(11)}, {0.2, ScoreOutcome(-100)}}, ""},
		{"one part", []WeightedOutcome{{1, fourSpadesS(10)}}, "two or more"},
		{"sum below 1", []WeightedOutcome{{0.5, fourSpadesS(10)}, {0.4, fourSpadesS(9)}}, "add up to 0.9"},
		{"zero weight", []WeightedOutcome{{0, fourSpadesS(10)}, {1, fourSpadesS(9)}}, "between 0 and 1"},
		{"negative weight", []WeightedOutcome{{-0.5, fourSpadesS(10)}, {1.5, fourSpadesS(9)}}, "between 0 and 1"},
		{"same outcome twice", []WeightedOutcome{{0.5, fourSpadesS(10)}, {0.5, fourSpadesS(10)}}, "twice"},
		{"fourteen tricks", []WeightedOutcome{{0.5, fourSpadesS(14)}, {0.5, fourSpadesS(9)}}, "0 to 13"},
		{"bad declarer", []WeightedOutcome{{0.5, PlayedOutcome(fourSpades, 7, 10)}, {0.5, fourSpadesS(9)}}, "not a seat"},
		{"odd score", []WeightedOutcome{{0.5, ScoreOutcome(425)}, {0.5, fourSpadesS(9)}}, "multiple of 10"},
		{"bad contract", []WeightedOutcome{{0.5, PlayedOutcome(bridge.Contract{Level: 8, Strain: bridge.StrainSpades}, bridge.South, 10)}, {0.5, fourSpadesS(9)}}, "outcome 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := Weighted(tt.parts...)
			if tt.wantErr == "" {
				if err != nil || a.Kind != WeightedScore || a.Law != "12C1(c)" || len(a.Parts) != len(tt.parts) {
					t.Fatalf("Weighted = %+v, %v; want a 12C1(c) weighted score", a, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Weighted error = %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestAdjustedScoreToScoringResult(t *testing.T) {
	line := scoring.Result{Section: "A", Board: 5, NS: 3, EW: 7}
	artificial, _ := Artificial(DirectlyAtFault, NotAtFault)
	assigned, _ := Assigned(fourSpadesS(10))
	weighted, _ := Weighted(WeightedOutcome{0.6, fourSpadesS(10)}, WeightedOutcome{0.4, PlayedOutcome(threeNT, bridge.North, 8)})
	split, _ := Split(fourSpadesS(10), fourSpadesS(9))
	passed, _ := Assigned(PlayedOutcome(bridge.PassedOut, 0, 0))
	// Board 5: North-South vulnerable.
	vul := bridge.BoardVulnerability(5)
	tests := []struct {
		name string
		a    AdjustedScore
		want scoring.Result
	}{
		{"artificial", artificial, scoring.Result{Section: "A", Board: 5, NS: 3, EW: 7, Kind: scoring.Artificial, NSAdjust: scoring.AverageMinus, EWAdjust: scoring.AveragePlus}},
		{"assigned", assigned, scoring.Result{Section: "A", Board: 5, NS: 3, EW: 7, Kind: scoring.Played, NSScore: 620}},
		{"passed out", passed, scoring.Result{Section: "A", Board: 5, NS: 3, EW: 7, Kind: scoring.Played, NSScore: 0}},
		{"split", split, scoring.Result{Section: "A", Board: 5, NS: 3, EW: 7, Kind: scoring.Split, NSScore: 620, EWScore: -100}},
		{"weighted", weighted, scoring.Result{Section: "A", Board: 5, NS: 3, EW: 7, Kind: scoring.Weighted, Weights: []scoring.WeightedScore{{Weight: 60, NSScore: 620}, {Weight: 40, NSScore: -100}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.a.ScoringResult(line, vul)
			if err != nil {
				t.Fatal(err)
			}
			if got.Kind != tt.want.Kind || got.NSScore != tt.want.NSScore || got.EWScore != tt.want.EWScore ||
				got.NSAdjust != tt.want.NSAdjust || got.EWAdjust != tt.want.EWAdjust || len(got.Weights) != len(tt.want.Weights) ||
				got.Section != "A" || got.Board != 5 || got.NS != 3 || got.EW != 7 {
				t.Fatalf("ScoringResult = %+v, want %+v", got, tt.want)
			}
			for i := range got.Weights {
				if d := got.Weights[i].Weight - tt.want.Weights[i].Weight; d > 1e-9 || d < -1e-9 || got.Weights[i].NSScore != tt.want.Weights[i].NSScore {
					t.Fatalf("weight %d = %+v, want %+v", i, got.Weights[i], tt.want.Weights[i])
				}
			}
		})
	}
}

// An adjusted score the rulings engine writes is one the scoring service
// scores: a weighted score at one table of three is matchpointed by its weights.
func TestWeightedScoreIsScoredByScoringService(t *testing.T) {
	vul := bridge.BoardVulnerability(1) // none vulnerable
	weighted, err := Weighted(WeightedOutcome{0.5, fourSpadesS(10)}, WeightedOutcome{0.5, fourSpadesS(9)})
	if err != nil {
		t.Fatal(err)
	}
	adjusted, err := weighted.ScoringResult(scoring.Result{Board: 1, NS: 1, EW: 4}, vul)
	if err != nil {
		t.Fatal(err)
	}
	results := []scoring.Result{
		adjusted,
		{Board: 1, NS: 2, EW: 5, Kind: scoring.Played, NSScore: 420},
		{Board: 1, NS: 3, EW: 6, Kind: scoring.Played, NSScore: -50},
	}
	score, err := scoring.ScorePairs(results, scoring.PairsOptions{Profile: scoring.EBU})
	if err != nil {
		t.Fatal(err)
	}
	// Half of 420 (ties 420: 1, beats −50: 2 → 3) and half of −50 (ties −50: 1 → 1) = 2 of a top of 4.
	if got := score.Lines[0].NSMatchpoints; got != 2 {
		t.Errorf("weighted line scores %v matchpoints, want 2", got)
	}
}

func TestSplitRejectsEqualOutcomes(t *testing.T) {
	if _, err := Split(fourSpadesS(10), fourSpadesS(10)); err == nil || !strings.Contains(err.Error(), "assigned") {
		t.Errorf("Split of one outcome: err = %v, want advice to assign", err)
	}
	if _, err := Split(fourSpadesS(10), ScoreOutcome(3)); err == nil || !strings.Contains(err.Error(), "East-West") {
		t.Errorf("Split with a bad EW score: err = %v, want one naming East-West", err)
	}
}
