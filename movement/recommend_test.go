package movement

import (
	"math"
	"strings"
	"testing"
)

// checkRecommendations fails unless every recommendation is a valid
// movement that keeps the promises of its summary.
func checkRecommendations(t *testing.T, req Request, recs []Recommendation) {
	t.Helper()
	perBoard := 7.5
	if req.MinutesPerBoard > 0 {
		perBoard = req.MinutesPerBoard
	}
	for _, r := range recs {
		if err := Check(r.Movement); err != nil {
			t.Errorf("%s: Check: %v", r.Name, err)
		}
		if r.TotalBoards != r.Rounds*r.BoardsPerRound || r.Rounds != r.Movement.Rounds || r.Tables != r.Movement.Tables {
			t.Errorf("%s: %d tables, %d rounds × %d boards = %d boards does not add up", r.Name, r.Tables, r.Rounds, r.BoardsPerRound, r.TotalBoards)
		}
		if req.Minutes > 0 && float64(r.TotalBoards)*perBoard > 1.2*float64(req.Minutes) {
			t.Errorf("%s: %d boards do not fit in about %d minutes", r.Name, r.TotalBoards, req.Minutes)
		}
		inPlay, fewest := boardsInPlay(r.Movement)
		if float64(fewest) < 0.7*float64(inPlay) {
			t.Errorf("%s: a pair plays %d of %d sets, under 70%%", r.Name, fewest, inPlay)
		}
		seated := len(r.Movement.Entrants())
		if r.Sections == 1 && seated != req.Pairs {
			t.Errorf("%s: %d pairs seated for %d", r.Name, seated, req.Pairs)
		}
		if r.Why == "" {
			t.Errorf("%s: no reason given", r.Name)
		}
	}
}

func findRecommendation(recs []Recommendation, kind Kind, tables, rounds, boards int) int {
	for i, r := range recs {
		if r.Kind == kind && r.Tables == tables && r.Rounds == rounds && r.BoardsPerRound == boards {
			return i
		}
	}
	return -1
}

func TestRecommend(t *testing.T) {
	type want struct {
		kind                   Kind
		sections, tables       int
		rounds, boardsPerRound int
		sitOut                 bool
	}
	tests := []struct {
		name  string
		req   Request
		first want
		// also lists other movements that must be offered.
		also []want
	}{
		{
			name:  "13 pairs, 26 boards, about three hours",
			req:   Request{Pairs: 13, Boards: 26, Minutes: 180},
			first: want{KindHowell, 1, 7, 13, 2, true},
			also:  []want{{KindMitchell, 1, 7, 7, 4, true}},
		},
		{
			name:  "congress section of 30 pairs",
			req:   Request{Pairs: 30, Boards: 27, Minutes: 210},
			first: want{KindMitchell, 1, 15, 14, 2, false},
			also:  []want{{KindMitchell, 1, 15, 13, 2, false}},
		},
		{
			name:  "4 pairs",
			req:   Request{Pairs: 4, Boards: 24},
			first: want{KindHowell, 1, 2, 6, 4, false},
		},
		{
			name:  "60 pairs split into two sections",
			req:   Request{Pairs: 60, Boards: 26, Minutes: 200},
			first: want{KindMitchell, 2, 15, 13, 2, false},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, err := Recommend(tt.req)
			if err != nil {
				t.Fatal(err)
			}
			checkRecommendations(t, tt.req, recs)
			got := recs[0]
			if got.Kind != tt.first.kind || got.Sections != tt.first.sections || got.Tables != tt.first.tables ||
				got.Rounds != tt.first.rounds || got.BoardsPerRound != tt.first.boardsPerRound || got.SitOut != tt.first.sitOut {
				t.Errorf("first recommendation %s: %d sections of %d tables, %d rounds × %d boards, sit-out %v; want %+v (%s)",
					got.Name, got.Sections, got.Tables, got.Rounds, got.BoardsPerRound, got.SitOut, tt.first, got.Why)
			}
			for _, w := range tt.also {
				i := findRecommendation(recs, w.kind, w.tables, w.rounds, w.boardsPerRound)
				if i < 0 {
					t.Errorf("no %s of %d tables, %d rounds × %d boards offered", w.kind, w.tables, w.rounds, w.boardsPerRound)
				} else if recs[i].SitOut != w.sitOut {
					t.Errorf("%s: sit-out %v, want %v", recs[i].Name, recs[i].SitOut, w.sitOut)
				}
			}
		})
	}
}

func TestRecommendKeepsToTheTime(t *testing.T) {
	untimed := Request{Pairs: 16, Boards: 24, MinutesPerBoard: 6}
	timed := untimed
	timed.Minutes = 90
	long := func(recs []Recommendation) int {
		n := 0
		for _, r := range recs {
			if float64(r.TotalBoards)*6 > 1.2*90 {
				n++
			}
		}
		return n
	}
	all, err := Recommend(untimed)
	if err != nil {
		t.Fatal(err)
	}
	if long(all) == 0 {
		t.Fatal("without a time limit no movement runs past 108 minutes: the case proves nothing")
	}
	recs, err := Recommend(timed)
	if err != nil {
		t.Fatal(err)
	}
	checkRecommendations(t, timed, recs)
	if n := long(recs); n != 0 {
		t.Errorf("%d recommendations run past 108 minutes of a 90-minute session", n)
	}
}

func TestRecommendSplitsLargeFields(t *testing.T) {
	recs, err := Recommend(Request{Pairs: 60, Boards: 26, Minutes: 200})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Sections == 1 {
			t.Errorf("%s seats 60 pairs in one section: %s", r.Name, r.Why)
		}
		if r.Tables > 15 {
			t.Errorf("%s: sections of %d tables", r.Name, r.Tables)
		}
	}
}

func TestRecommendRejectsImpossibleRequests(t *testing.T) {
	tests := []struct {
		name string
		req  Request
		want string
	}{
		{"one pair", Request{Pairs: 1}, "1 pairs: the smallest movement seats 4"},
		{"no pairs", Request{}, "0 pairs"},
		{"negative boards", Request{Pairs: 10, Boards: -2}, "-2 boards"},
		{"negative time", Request{Pairs: 10, Minutes: -5}, "-5 minutes"},
		{"no time to play", Request{Pairs: 20, Minutes: 10}, "no movement seats 20 pairs in 10 minutes"},
		{"minutes a board not a number", Request{Pairs: 20, MinutesPerBoard: math.NaN()}, "NaN minutes a board"},
		{"more than 26 sections of 15 tables", Request{Pairs: 26*30 + 2}, "no movement Director builds seats 782 pairs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, err := Recommend(tt.req)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one saying %q", err, tt.want)
			}
			if len(recs) != 0 {
				t.Errorf("%d recommendations for an impossible request", len(recs))
			}
		})
	}
}

// FuzzRecommend feeds requests as a client might send them: every answer
// is a reason or movements that keep their promises.
func FuzzRecommend(f *testing.F) {
	f.Add(int16(13), int16(26), int16(180), 7.5)
	f.Add(int16(60), int16(0), int16(0), 0.0)
	f.Add(int16(-4), int16(-1), int16(30), -1.0)
	f.Fuzz(func(t *testing.T, pairs, boards, minutes int16, perBoard float64) {
		req := Request{Pairs: int(pairs), Boards: int(boards), Minutes: int(minutes), MinutesPerBoard: perBoard}
		recs, err := Recommend(req)
		if err != nil {
			if len(recs) != 0 {
				t.Fatalf("%+v: recommendations with error %v", req, err)
			}
			return
		}
		checkRecommendations(t, req, recs)
	})
}
