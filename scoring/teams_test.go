package scoring

import (
	"slices"
	"strings"
	"testing"
)

func TestScoreIMPMatch(t *testing.T) {
	m := Match{Home: "1", Away: "3", Boards: []BoardPair{
		{Board: 1, OpenNS: -460, ClosedNS: -450}, // 10 difference: 0
		{Board: 2, OpenNS: -140, ClosedNS: -500}, // home +360: 8
		{Board: 3, OpenNS: 200, ClosedNS: 450},   // home -250: -6
	}}
	r, err := ScoreIMPMatch(m, EBUDiscrete20)
	if err != nil {
		t.Fatal(err)
	}
	want := []BoardScore{{1, 0, 0}, {2, 8, -8}, {3, -6, 6}}
	if !slices.Equal(r.Boards, want) || r.HomeMargin != 2 || r.AwayMargin != -2 || r.HomeScore != 12 || r.AwayScore != 8 {
		t.Errorf("ScoreIMPMatch = %+v, want boards %v, margins 2/-2, VPs 12-8", r, want)
	}
}

func TestScoreIMPMatchAssignedScoresNeedNotBalance(t *testing.T) {
	// Both teams in no way at fault on board 2: average plus to each.
	plus, err := ArtificialTeamIMPs(AveragePlus, AveragePlus, WBF)
	if err != nil {
		t.Fatal(err)
	}
	m := Match{Home: "A", Away: "B", Boards: []BoardPair{
		{Board: 1, OpenNS: 420, ClosedNS: 170}, // +250: 6
		{Board: 2, Assigned: &plus},
		{Board: 3, OpenNS: 100, ClosedNS: 100},
	}}
	r, err := ScoreIMPMatch(m, EBUDiscrete20)
	if err != nil {
		t.Fatal(err)
	}
	if r.HomeMargin != 9 || r.AwayMargin != -3 || r.HomeScore != 16 || r.AwayScore != 7 {
		t.Errorf("margins %v/%v VPs %v/%v, want 9/-3 and 16/7", r.HomeMargin, r.AwayMargin, r.HomeScore, r.AwayScore)
	}
}

func TestArtificialTeamIMPs(t *testing.T) {
	cases := []struct {
		home, away Adjustment
		want       AssignedIMPs
	}{
		{AveragePlus, AverageMinus, AssignedIMPs{3, -3}},
		{Average, Average, AssignedIMPs{0, 0}},
		{AverageMinus, Average, AssignedIMPs{-3, 0}},
		{AveragePlus, AveragePlus, AssignedIMPs{3, 3}},
	}
	for _, c := range cases {
		if got, err := ArtificialTeamIMPs(c.home, c.away, EBU); err != nil || got != c.want {
			t.Errorf("ArtificialTeamIMPs(%v, %v) = %+v, %v; want %+v", c.home, c.away, got, err, c.want)
		}
	}
	custom := EBU
	custom.ImpAveragePlus, custom.ImpAverageMinus = 2, -2
	if got, err := ArtificialTeamIMPs(AveragePlus, AverageMinus, custom); err != nil || got != (AssignedIMPs{2, -2}) {
		t.Errorf("with a ±2 profile: %+v, %v; want {2 -2}", got, err)
	}
	if _, err := ArtificialTeamIMPs(NoAdjustment, AveragePlus, EBU); err == nil || !strings.Contains(err.Error(), "none") {
		t.Errorf("NoAdjustment: error %v, want one naming it", err)
	}
}

func TestScoreIMPMatchRejectsBadMatches(t *testing.T) {
	board := []BoardPair{{Board: 1}}
	cases := []struct {
		m    Match
		says string
	}{
		{Match{Home: "", Away: "B", Boards: board}, "home or an away"},
		{Match{Home: "A", Away: "A", Boards: board}, "plays itself"},
		{Match{Home: "A", Away: "B"}, "no boards"},
		{Match{Home: "A", Away: "B", Boards: []BoardPair{{Board: 4}, {Board: 4}}}, "board 4 twice"},
	}
	for _, c := range cases {
		if _, err := ScoreIMPMatch(c.m, WBF2013{}); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("ScoreIMPMatch(%+v) error = %v, want one saying %q", c.m, err, c.says)
		}
	}
	if _, err := ScoreIMPMatch(Match{Home: "A", Away: "B", Boards: []BoardPair{{Board: 1}, {Board: 2}}}, EBUDiscrete20); err == nil {
		t.Error("a 2-board match on a 3-board discrete scale scored without error")
	}
}

func TestTeamStandings(t *testing.T) {
	results := []MatchResult{
		{Home: "A", Away: "B", HomeScore: 12.80, AwayScore: 7.20, HomeMargin: 10, AwayMargin: -10},
		{Home: "C", Away: "A", HomeScore: 10, AwayScore: 10},
		{Home: "B", Away: "C", HomeScore: 15.6, AwayScore: 4.4, HomeMargin: 21, AwayMargin: -21},
	}
	got := TeamStandings(results)
	want := []TeamStanding{
		{Team: "A", Score: 22.80, Margin: 10, Matches: 2, WinsOrDraws: 2, Place: Place{Rank: 1, Tied: true}},
		{Team: "B", Score: 22.80, Margin: 11, Matches: 2, WinsOrDraws: 1, Place: Place{Rank: 1, Tied: true}},
		{Team: "C", Score: 14.40, Margin: -21, Matches: 2, WinsOrDraws: 1, Place: Place{Rank: 3}},
	}
	if !slices.Equal(got, want) {
		t.Errorf("TeamStandings =\n%+v\nwant\n%+v", got, want)
	}
}

// A team session's matches are listed as they stand, by round: a board
// counts once both tables have played it, and a match with no such board
// is not listed yet.
func TestSessionMatches(t *testing.T) {
	results := []Result{
		// Round 1, teams 1 and 2: +420 against +170 is 6 IMPs to team 1
		// on board 1; board 2 is flat. The WBF's scale over 2 boards:
		// 14.39-5.61.
		{Section: "A", Table: 1, Round: 1, Board: 1, NS: 1, EW: 2, NSScore: 420},
		{Section: "A", Table: 2, Round: 1, Board: 1, NS: 2, EW: 1, NSScore: 170},
		{Section: "A", Table: 1, Round: 1, Board: 2, NS: 1, EW: 2, NSScore: 100},
		{Section: "A", Table: 2, Round: 1, Board: 2, NS: 2, EW: 1, NSScore: 100},
		// Teams 3 and 4: only one table has reported.
		{Section: "A", Table: 3, Round: 1, Board: 1, NS: 3, EW: 4, NSScore: 420},
		// Round 2, teams 1 and 3, whoever sat where: one down in both
		// rooms is a flat board, 10-10 over one board.
		{Section: "A", Table: 1, Round: 2, Board: 3, NS: 3, EW: 1, NSScore: -50},
		{Section: "A", Table: 2, Round: 2, Board: 3, NS: 1, EW: 3, NSScore: -50},
	}
	score, err := ScoreSession(Settings{Form: TeamsVictoryPoints, Profile: WBF}, results, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []MatchScore{
		{Section: "A", Round: 1, Home: 1, Away: 2, Boards: 2, HomeMargin: 6, AwayMargin: -6, HomeScore: 14.39, AwayScore: 5.61},
		{Section: "A", Round: 2, Home: 1, Away: 3, Boards: 1, HomeMargin: 0, AwayMargin: 0, HomeScore: 10, AwayScore: 10},
	}
	if !slices.Equal(score.Matches, want) {
		t.Errorf("matches %+v, want %+v", score.Matches, want)
	}
	field, err := NewField(Settings{Form: TeamsVictoryPoints, Profile: WBF})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		field.Set(r)
	}
	if got, _ := field.Matches(); !slices.Equal(got, want) {
		t.Errorf("the field's matches %+v, want %+v", got, want)
	}
	pairs, err := ScoreSession(Settings{Form: MatchpointPairs, Profile: WBF}, results[:2], nil)
	if err != nil || pairs.Matches != nil {
		t.Errorf("a pairs session lists matches %+v (%v)", pairs.Matches, err)
	}
}

// TestTeamMatchComparesOnlyOneForm: board 2 of the match between teams 1
// and 2 was fouled (Law 87): the open room played it in its correct form
// (group 0), the closed room in a changed form (group 1). Its +620 and
// −100 were not scored on the same cards: the board is average, 0 IMPs to
// each team, and the match is board 1's 6 IMPs alone, over two boards.
// Board 3, fouled too but played in the same changed form at both tables,
// compares as usual. At point-a-board the fouled board is a tie.
func TestTeamMatchComparesOnlyOneForm(t *testing.T) {
	results := []Result{
		{Section: "A", Table: 1, Round: 1, Board: 1, NS: 1, EW: 2, NSScore: 420},
		{Section: "A", Table: 2, Round: 1, Board: 1, NS: 2, EW: 1, NSScore: 170},
		{Section: "A", Table: 1, Round: 1, Board: 2, NS: 1, EW: 2, NSScore: 620},
		{Section: "A", Table: 2, Round: 1, Board: 2, NS: 2, EW: 1, NSScore: -100, FouledGroup: 1},
		{Section: "A", Table: 1, Round: 2, Board: 3, NS: 1, EW: 2, NSScore: 140, FouledGroup: 1},
		{Section: "A", Table: 2, Round: 2, Board: 3, NS: 2, EW: 1, NSScore: 110, FouledGroup: 1},
	}
	score, err := ScoreSession(Settings{Form: TeamsVictoryPoints, Profile: WBF}, results, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []MatchScore{
		{Section: "A", Round: 1, Home: 1, Away: 2, Boards: 2, HomeMargin: 6, AwayMargin: -6, HomeScore: 14.39, AwayScore: 5.61},
		{Section: "A", Round: 2, Home: 1, Away: 2, Boards: 1, HomeMargin: 1, AwayMargin: -1, HomeScore: 11.2, AwayScore: 8.8},
	}
	if !slices.Equal(score.Matches, want) {
		t.Errorf("matches %+v, want %+v", score.Matches, want)
	}
	field, err := NewField(Settings{Form: TeamsVictoryPoints, Profile: WBF})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		field.Set(r)
	}
	if got, _ := field.Matches(); !slices.Equal(got, want) {
		t.Errorf("the field's matches %+v, want %+v", got, want)
	}
	for _, l := range score.Lines {
		if l.Result.Board == 2 && (l.NSPoints != 0 || l.EWPoints != 0) {
			t.Errorf("table %d, fouled board 2: %v and %v IMPs, want 0 each", l.Result.Table, l.NSPoints, l.EWPoints)
		}
	}
	pab, err := ScoreSession(Settings{Form: TeamsPointABoard, Profile: WBF}, results[:4], nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(pab.Matches) != 1 || pab.Matches[0].HomeScore != 3 || pab.Matches[0].AwayScore != 1 {
		t.Errorf("point-a-board %+v, want 3-1: board 1 won by team 1, board 2 a tie", pab.Matches)
	}
}
