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
		if r.Kind == KindSwiss {
			checkSwiss(t, req, r)
			continue
		}
		if err := Check(r.Movement); err != nil {
			t.Errorf("%s: Check: %v", r.Name, err)
		}
		if r.TotalBoards != r.Rounds*r.BoardsPerRound || r.Rounds != r.Movement.Rounds || r.Tables != r.Movement.Tables {
			t.Errorf("%s: %d tables, %d rounds × %d boards = %d boards does not add up", r.Name, r.Tables, r.Rounds, r.BoardsPerRound, r.TotalBoards)
		}
		if req.Minutes > 0 && float64(r.TotalBoards)*perBoard > 1.2*float64(req.Minutes) {
			t.Errorf("%s: %d boards do not fit in about %d minutes", r.Name, r.TotalBoards, req.Minutes)
		}
		if r.Movement.Teams != req.Teams || (r.Kind == KindTeamsRoundRobin) != req.Teams {
			t.Errorf("%s: a %s movement for teams %v", r.Name, r.Kind, req.Teams)
		}
		inPlay, fewest := boardsInPlay(r.Movement)
		if !req.Teams && float64(fewest) < 0.7*float64(inPlay) {
			t.Errorf("%s: a pair plays %d of %d sets, under 70%%", r.Name, fewest, inPlay)
		}
		seated := len(r.Movement.Entrants())
		if r.Sections == 1 && seated != req.Entrants {
			t.Errorf("%s: %d pairs seated for %d", r.Name, seated, req.Entrants)
		}
		if r.Why == "" {
			t.Errorf("%s: no reason given", r.Name)
		}
	}
}

// checkSwiss fails unless a Swiss recommendation adds up, fits the time,
// has no movement made in advance, and plays fewer rounds than a round
// robin of the field.
func checkSwiss(t *testing.T, req Request, r Recommendation) {
	t.Helper()
	perBoard := 7.5
	if req.MinutesPerBoard > 0 {
		perBoard = req.MinutesPerBoard
	}
	cycle := req.Entrants - 1 + req.Entrants%2
	switch {
	case r.TotalBoards != r.Rounds*r.BoardsPerRound:
		t.Errorf("%s: %d rounds × %d boards is not %d boards", r.Name, r.Rounds, r.BoardsPerRound, r.TotalBoards)
	case req.Minutes > 0 && float64(r.TotalBoards)*perBoard > 1.2*float64(req.Minutes):
		t.Errorf("%s: %d boards do not fit in about %d minutes", r.Name, r.TotalBoards, req.Minutes)
	case r.Rounds < 3 || r.Rounds >= cycle:
		t.Errorf("%s: %d rounds for a field whose round robin takes %d", r.Name, r.Rounds, cycle)
	case r.BoardsPerRound < 4 || r.BoardsPerRound > 8:
		t.Errorf("%s: matches of %d boards", r.Name, r.BoardsPerRound)
	case r.Movement.Rounds != 0 || len(r.Movement.Seatings) != 0:
		t.Errorf("%s: a Swiss is paired round by round, but it holds a movement of %d rounds", r.Name, r.Movement.Rounds)
	case r.Whole || r.SitOut != (req.Entrants%2 == 1) || r.Why == "":
		t.Errorf("%s: whole %v, sit-out %v, why %q", r.Name, r.Whole, r.SitOut, r.Why)
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
			req:   Request{Entrants: 13, Boards: 26, Minutes: 180},
			first: want{KindHowell, 1, 7, 13, 2, true},
			also:  []want{{KindMitchell, 1, 7, 7, 4, true}},
		},
		{
			name:  "congress section of 30 pairs",
			req:   Request{Entrants: 30, Boards: 27, Minutes: 210},
			first: want{KindMitchell, 1, 15, 14, 2, false},
			also:  []want{{KindMitchell, 1, 15, 13, 2, false}},
		},
		{
			name:  "4 pairs",
			req:   Request{Entrants: 4, Boards: 24},
			first: want{KindHowell, 1, 2, 6, 4, false},
		},
		{
			// Three sections play a skip Mitchell whole (27 boards); two
			// of fifteen tables would cut theirs short to 13 of 15 rounds.
			name:  "60 pairs split into sections",
			req:   Request{Entrants: 60, Boards: 26, Minutes: 200},
			first: want{KindMitchell, 3, 10, 9, 3, false},
			also:  []want{{KindMitchell, 2, 15, 13, 2, false}},
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
	untimed := Request{Entrants: 16, Boards: 24, MinutesPerBoard: 6}
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
	recs, err := Recommend(Request{Entrants: 60, Boards: 26, Minutes: 200})
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
		{"one pair", Request{Entrants: 1}, "1 pairs: the smallest movement seats 4"},
		{"no pairs", Request{}, "0 pairs"},
		{"negative boards", Request{Entrants: 10, Boards: -2}, "-2 boards"},
		{"negative time", Request{Entrants: 10, Minutes: -5}, "-5 minutes"},
		{"no time to play", Request{Entrants: 20, Minutes: 10}, "no movement seats 20 pairs in 10 minutes"},
		{"minutes a board not a number", Request{Entrants: 20, MinutesPerBoard: math.NaN()}, "NaN minutes a board"},
		{"more pairs than a Swiss pairs", Request{Entrants: 2001}, "no movement Director builds seats 2001 pairs"},
		{"one team", Request{Entrants: 1, Teams: true}, "1 teams: a team movement seats 2 to 100"},
		{"no time for a match", Request{Entrants: 8, Teams: true, Minutes: 20}, "no movement seats 8 teams in 20 minutes"},
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
	f.Add(int16(13), int16(26), int16(180), 7.5, false)
	f.Add(int16(60), int16(0), int16(0), 0.0, false)
	f.Add(int16(-4), int16(-1), int16(30), -1.0, false)
	f.Add(int16(2), int16(24), int16(180), 7.5, true)
	f.Fuzz(func(t *testing.T, pairs, boards, minutes int16, perBoard float64, teams bool) {
		req := Request{Entrants: int(pairs), Boards: int(boards), Minutes: int(minutes), MinutesPerBoard: perBoard, Teams: teams}
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

// TestRecommendKeepsAFieldInOneSection: a field one section seats plays
// in one; 14 pairs play a 7-table movement without a sit-out, never two
// 7-pair sections with a sit-out each.
func TestRecommendKeepsAFieldInOneSection(t *testing.T) {
	req := Request{Entrants: 14, Boards: 26, Minutes: 180}
	recs, err := Recommend(req)
	if err != nil {
		t.Fatal(err)
	}
	checkRecommendations(t, req, recs)
	for i, r := range recs[:2] {
		if r.Sections != 1 || r.Tables != 7 || r.SitOut {
			t.Errorf("recommendation %d: %s (%s), want a 7-table movement with no sit-out", i+1, r.Name, r.Why)
		}
	}
	for pairs := MinHowellPairs; pairs <= 2*sectionMaxTables; pairs++ {
		recs, err := Recommend(Request{Entrants: pairs, Boards: 26})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			if r.Sections > 1 {
				t.Errorf("%d pairs: %s splits into %d sections (%s)", pairs, r.Name, r.Sections, r.Why)
			}
		}
	}
}

// offered names a movement Recommend may offer.
type offered struct {
	kind                           Kind
	tables, rounds, boardsPerRound int
}

// TestRecommendPlaysWholeFirst: a movement played whole that gives every
// pair the boards asked for comes before one cut short, even one nearer
// the board count.
func TestRecommendPlaysWholeFirst(t *testing.T) {
	for _, c := range []struct {
		req          Request
		whole, short offered
	}{
		// The 7-table Mitchell of 28 boards before 12 rounds of the Howell.
		{Request{Entrants: 14, Boards: 26, Minutes: 180}, offered{kind: KindMitchell, tables: 7, rounds: 7, boardsPerRound: 4}, offered{kind: KindHowell, tables: 7, rounds: 12, boardsPerRound: 2}},
		// The whole Howell of 26 boards before 12 of its rounds, 24 boards.
		{Request{Entrants: 14, Boards: 24, Minutes: 180}, offered{kind: KindHowell, tables: 7, rounds: 13, boardsPerRound: 2}, offered{kind: KindHowell, tables: 7, rounds: 12, boardsPerRound: 2}},
		// Ten pairs: the whole Howell of 27 boards, not 8 of its rounds for
		// 24; the whole Mitchell of 20 boards is a round short.
		{Request{Entrants: 10, Boards: 24, Minutes: 180}, offered{kind: KindHowell, tables: 5, rounds: 9, boardsPerRound: 3}, offered{kind: KindHowell, tables: 5, rounds: 8, boardsPerRound: 3}},
		// Two sections of 17 pairs, each with a sit-out, do not count as
		// whole: the one 17-table Mitchell, cut short, is not behind them.
		{Request{Entrants: 34, Boards: 26, Minutes: 180}, offered{kind: KindMitchell, tables: 17, rounds: 13, boardsPerRound: 2}, offered{kind: KindMitchell, tables: 9, rounds: 9, boardsPerRound: 3}},
	} {
		recs, err := Recommend(c.req)
		if err != nil {
			t.Fatal(err)
		}
		checkRecommendations(t, c.req, recs)
		whole := findRecommendation(recs, c.whole.kind, c.whole.tables, c.whole.rounds, c.whole.boardsPerRound)
		short := findRecommendation(recs, c.short.kind, c.short.tables, c.short.rounds, c.short.boardsPerRound)
		if whole < 0 || short < 0 || whole > short {
			t.Errorf("%+v: %+v at %d, %+v at %d: want the first before the second", c.req, c.whole, whole, c.short, short)
		}
		for i := 1; i < len(recs); i++ {
			if recs[i].Whole && !recs[i-1].Whole {
				t.Errorf("%+v: %s, played whole, after %s", c.req, recs[i].Name, recs[i-1].Name)
			}
		}
		for _, r := range recs {
			if r.Whole && (strings.Contains(r.Why, "cut short") || r.Sections > 1 && r.SitOut ||
				r.TotalBoards <= c.req.Boards-r.BoardsPerRound || r.TotalBoards > c.req.Boards+r.BoardsPerRound) {
				t.Errorf("%+v: %s counts as whole: %s", c.req, r.Name, r.Why)
			}
		}
	}
}

// TestRecommendTeamMovements: teams are recommended team movements: two
// teams a match in segments, a few a round robin, many a round robin cut
// short; every match of a round plays the round's boards.
func TestRecommendTeamMovements(t *testing.T) {
	for _, c := range []struct {
		req                            Request
		name                           string
		tables, rounds, boardsPerRound int
		whole                          bool
	}{
		{Request{Entrants: 2, Teams: true, Boards: 24, Minutes: 180}, "Match, 2 teams, 3 segments of 8 boards", 2, 3, 8, true},
		{Request{Entrants: 6, Teams: true, Boards: 26, Minutes: 180}, "Round robin, 6 teams, 5 matches of 5 boards", 6, 5, 5, true},
		{Request{Entrants: 12, Teams: true, Boards: 24, Minutes: 180}, "Swiss teams, 12 teams, 4 matches of 6 boards", 12, 4, 6, false},
	} {
		recs, err := Recommend(c.req)
		if err != nil {
			t.Fatal(err)
		}
		checkRecommendations(t, c.req, recs)
		got := recs[0]
		if got.Name != c.name || got.Tables != c.tables || got.Rounds != c.rounds || got.BoardsPerRound != c.boardsPerRound || got.Whole != c.whole {
			t.Errorf("%+v: first %s (%d tables, %d × %d boards, whole %v), want %s", c.req, got.Name, got.Tables, got.Rounds, got.BoardsPerRound, got.Whole, c.name)
		}
		for _, r := range recs {
			if r.Kind != KindSwiss && r.Movement.Sets != r.Rounds {
				t.Errorf("%s: %d sets in %d rounds, want the matches of a round to share one", r.Name, r.Movement.Sets, r.Rounds)
			}
		}
	}
}

// TestTeamCandidatesSayWhyNot: a round robin that cannot be built is an
// error, not an empty list that reads as "nothing fits"; one that can is
// built at every match length Recommend tries.
func TestTeamCandidatesSayWhyNot(t *testing.T) {
	if c, err := teamCandidates(1, 8); err == nil {
		t.Errorf("teamCandidates(1, 8) = %d candidates, no error; want the round robin's error", len(c))
	}
	cs, err := teamCandidates(6, 5)
	if err != nil || len(cs) == 0 {
		t.Fatalf("teamCandidates(6, 5) = %d candidates, %v", len(cs), err)
	}
	for _, c := range cs {
		for b := minMatchBoards; b <= maxMatchBoards; b++ {
			if m := c.movement(b); m.Rounds != c.rounds || len(m.Seatings) == 0 {
				t.Errorf("%d rounds of %d boards: movement of %d rounds, %d seatings", c.rounds, b, m.Rounds, len(m.Seatings))
			}
		}
	}
}

// TestRecommendSwiss: where no movement played whole fits, a Swiss is
// recommended, paired round by round on the scores: for teams first, ahead
// of a round robin cut short; for pairs after the Howells and Mitchells,
// or alone when none fits. Where a round robin or a movement is played
// whole, no Swiss is offered.
func TestRecommendSwiss(t *testing.T) {
	for _, c := range []struct {
		name  string
		req   Request
		at    int    // where the Swiss comes; -1 for none
		swiss string // its name
		then  Kind   // the kind after it, for teams
	}{
		{"12 teams, 6 rounds' time: Swiss before the round robin cut short", Request{Entrants: 12, Teams: true, Boards: 24, Minutes: 180},
			0, "Swiss teams, 12 teams, 4 matches of 6 boards", KindTeamsRoundRobin},
		{"60 teams: only a Swiss", Request{Entrants: 60, Teams: true, Boards: 24}, 0, "Swiss teams, 60 teams, 4 matches of 6 boards", ""},
		{"an odd field of teams has a bye", Request{Entrants: 31, Teams: true, Boards: 42}, 0, "Swiss teams, 31 teams, 7 matches of 6 boards", ""},
		{"6 teams play their round robin", Request{Entrants: 6, Teams: true, Boards: 26, Minutes: 180}, -1, "", ""},
		{"4 teams: too few for a Swiss", Request{Entrants: 4, Teams: true, Boards: 12, Minutes: 90}, -1, "", ""},
		{"14 pairs play a movement whole", Request{Entrants: 14, Boards: 26, Minutes: 200}, -1, "", ""},
		{"782 pairs: more than 26 sections, a Swiss pairs", Request{Entrants: 26*30 + 2}, 0, "Swiss pairs, 782 pairs, 5 rounds of 5 boards", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			recs, err := Recommend(c.req)
			if err != nil {
				t.Fatal(err)
			}
			checkRecommendations(t, c.req, recs)
			at := -1
			for i, r := range recs {
				if r.Kind == KindSwiss {
					if at >= 0 {
						t.Errorf("two Swiss recommendations")
					}
					at = i
				}
			}
			if at != c.at {
				t.Fatalf("Swiss at %d of %d recommendations, want %d", at, len(recs), c.at)
			}
			if at < 0 {
				return
			}
			if r := recs[at]; r.Name != c.swiss || !strings.Contains(r.Why, "paired on the scores so far") {
				t.Errorf("Swiss %q (%s), want %q", r.Name, r.Why, c.swiss)
			}
			if c.then != "" && (len(recs) < 2 || recs[1].Kind != c.then) {
				t.Errorf("after the Swiss: %v, want a %s", recs[1:], c.then)
			}
		})
	}
	// Pairs whose Mitchell can only be cut short: the Swiss pairs comes
	// after it.
	req := Request{Entrants: 30, Boards: 24, Minutes: 180}
	recs, err := Recommend(req)
	if err != nil {
		t.Fatal(err)
	}
	checkRecommendations(t, req, recs)
	if last := recs[len(recs)-1]; len(recs) < 2 || last.Kind != KindSwiss || recs[0].Kind == KindSwiss {
		t.Errorf("30 pairs in 180 minutes: %d recommendations, last %s; want the Swiss last, after the Mitchell", len(recs), last.Name)
	}
}
