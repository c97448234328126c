package scoring

import (
	"slices"
	"strings"
	"testing"
)

func TestScorePABMatch(t *testing.T) {
	m := Match{Home: "1", Away: "2", Boards: []BoardPair{
		{Board: 1, OpenNS: 450, ClosedNS: 420},  // +30
		{Board: 2, OpenNS: -100, ClosedNS: -90}, // -10
		{Board: 3, OpenNS: 620, ClosedNS: 620},  // 0
		{Board: 4, Assigned: &AssignedIMPs{3, -3}},
	}}
	cases := []struct {
		opt        PABOptions
		points     []float64
		home, away float64
	}{
		{PABOptions{}, []float64{2, 0, 1, 2}, 5, 3},
		{PABOptions{TieMargin: 10}, []float64{2, 1, 1, 2}, 6, 2},
	}
	for _, c := range cases {
		r, err := ScorePABMatch(m, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		var got []float64
		for _, b := range r.Boards {
			got = append(got, b.Home)
			if b.Home+b.Away != 2 {
				t.Errorf("board %d: %v + %v points, want 2 in all", b.Board, b.Home, b.Away)
			}
		}
		if !slices.Equal(got, c.points) || r.HomeScore != c.home || r.AwayScore != c.away {
			t.Errorf("tie margin %d: points %v, score %v-%v; want %v, %v-%v", c.opt.TieMargin, got, r.HomeScore, r.AwayScore, c.points, c.home, c.away)
		}
	}
	if _, err := ScorePABMatch(m, PABOptions{TieMargin: -1}); err == nil || !strings.Contains(err.Error(), "negative") {
		t.Errorf("negative tie margin: error %v", err)
	}
	if EBU.PABOptions().TieMargin != EBU.PointABoardTieMargin {
		t.Error("EBU.PABOptions does not carry the profile's tie margin")
	}
}
