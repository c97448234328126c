package scoring

import (
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// TestDeclarerScore checks the worked examples of reference/scoring.md §1 and the
// corners of the Law 77 table.
func TestDeclarerScore(t *testing.T) {
	tests := []struct {
		contract string
		vul      bool
		tricks   int
		want     int
	}{
		{"3NT", false, 9, 400},
		{"3NT", true, 10, 630},
		{"1NT", false, 7, 90},
		{"2S", false, 9, 140},
		{"4H", true, 10, 620},
		{"1CX", false, 7, 140},
		{"1CX", false, 8, 240},
		{"2HX", false, 8, 470},
		{"2HX", true, 8, 670},
		{"1NTXX", false, 7, 560},
		{"6S", false, 12, 980},
		{"7NT", true, 13, 2220},
		{"4SX", true, 7, -800},
		{"4SX", false, 7, -500},
		{"4SX", false, 6, -800},
		{"7NTXX", true, 13, 2980},
		{"7NTXX", true, 0, -7600},
		{"7NTX", false, 0, -3500},
		{"5D", false, 11, 400},
		{"5D", true, 13, 640},
		{"4S", false, 6, -200},
		{"4S", true, 6, -400},
		{"1CXX", true, 9, 1030}, // 80 + 50 + 100 + 2 × 400
		{"3HXX", true, 8, -400},
		{"6C", true, 12, 1370},
		{"PASS", false, 0, 0},
	}
	for _, tt := range tests {
		c, err := bridge.ParseContract(tt.contract)
		if err != nil {
			t.Fatal(err)
		}
		got, err := DeclarerScore(c, tt.tricks, tt.vul)
		if err != nil || got != tt.want {
			t.Errorf("DeclarerScore(%s, %d tricks, vul %v) = %d, %v; want %d", tt.contract, tt.tricks, tt.vul, got, err, tt.want)
		}
	}
}

// TestScoreSides checks the sign and the vulnerability of the declaring side.
func TestScoreSides(t *testing.T) {
	fourSpades := bridge.Contract{Level: 4, Strain: bridge.StrainSpades}
	tests := []struct {
		declarer bridge.Seat
		vul      bridge.Vulnerability
		tricks   int
		want     int
	}{
		{bridge.North, bridge.VulNone, 10, 420},
		{bridge.South, bridge.VulNS, 10, 620},
		{bridge.East, bridge.VulNS, 10, -420},
		{bridge.West, bridge.VulEW, 10, -620},
		{bridge.West, bridge.VulBoth, 9, 100},
		{bridge.North, bridge.VulEW, 9, -50},
	}
	for _, tt := range tests {
		got, err := Score(fourSpades, tt.declarer, tt.tricks, tt.vul)
		if err != nil || got != tt.want {
			t.Errorf("Score(4S by %v, %v, %d) = %d, %v; want %d", tt.declarer, tt.vul, tt.tricks, got, err, tt.want)
		}
	}
	if got, err := Score(bridge.PassedOut, bridge.Seat(9), 99, bridge.VulBoth); got != 0 || err != nil {
		t.Errorf("passed out = %d, %v; want 0", got, err)
	}
}

func TestScoreErrors(t *testing.T) {
	ok := bridge.Contract{Level: 3, Strain: bridge.NoTrump}
	tests := []struct {
		name     string
		c        bridge.Contract
		declarer bridge.Seat
		tricks   int
		vul      bridge.Vulnerability
		want     string
	}{
		{"14 tricks", ok, bridge.North, 14, bridge.VulNone, "14 tricks"},
		{"negative tricks", ok, bridge.North, -1, bridge.VulNone, "-1 tricks"},
		{"level 8", bridge.Contract{Level: 8}, bridge.North, 9, bridge.VulNone, "level 8"},
		{"strain", bridge.Contract{Level: 1, Strain: 9}, bridge.North, 9, bridge.VulNone, "strain"},
		{"doubling", bridge.Contract{Level: 1, Doubling: 3}, bridge.North, 9, bridge.VulNone, "doubling"},
		{"declarer", ok, bridge.Seat(4), 9, bridge.VulNone, "declarer"},
		{"vulnerability", ok, bridge.North, 9, bridge.Vulnerability(4), "vulnerability"},
	}
	for _, tt := range tests {
		_, err := Score(tt.c, tt.declarer, tt.tricks, tt.vul)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want it to mention %q", tt.name, err, tt.want)
		}
	}
}

// FuzzScore checks that Score never panics, and that what it returns has the sign
// the result deserves and stays within the largest scores of the table.
func FuzzScore(f *testing.F) {
	f.Add(3, uint8(4), uint8(0), uint8(2), 9, uint8(0))
	f.Add(7, uint8(4), uint8(2), uint8(1), 0, uint8(3))
	f.Add(0, uint8(0), uint8(0), uint8(0), 0, uint8(0))
	f.Add(9, uint8(7), uint8(5), uint8(9), 20, uint8(8))
	f.Fuzz(func(t *testing.T, level int, strain, doubling, declarer uint8, tricks int, vul uint8) {
		c := bridge.Contract{Level: level, Strain: bridge.Strain(strain), Doubling: bridge.Doubling(doubling)}
		score, err := Score(c, bridge.Seat(declarer), tricks, bridge.Vulnerability(vul))
		if err != nil {
			return
		}
		if score < -7600 || score > 7600 {
			t.Fatalf("score %d is outside the table", score)
		}
		if c.IsPassedOut() {
			if score != 0 {
				t.Fatalf("passed out scores %d", score)
			}
			return
		}
		declarerScore := score
		if bridge.Seat(declarer).Side() == bridge.EastWest {
			declarerScore = -score
		}
		if made := tricks >= c.TricksNeeded(); made != (declarerScore > 0) {
			t.Fatalf("%v with %d tricks scores %d for declarer", c, tricks, declarerScore)
		}
	})
}
