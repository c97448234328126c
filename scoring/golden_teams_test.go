package scoring

import (
	"math"
	"strings"
	"testing"

	"github.com/bridge-director/director/formats/usebio"
)

// teamMatch turns a published MATCH into a Match seen from TEAM: the line where
// TEAM sat NS is the open room, the other the closed room.
func teamMatch(t *testing.T, m usebio.Match) (Match, int) {
	t.Helper()
	match := Match{Home: m.Team, Away: m.OpposingTeam}
	rescored := 0
	for _, b := range m.Boards {
		n := mustInt(t, "BOARD_NUMBER", b.Number)
		pair := BoardPair{Board: n}
		rooms := 0
		for _, l := range b.Lines {
			score, ok := publishedScore(t, n, l)
			if ok {
				rescored++
			}
			switch l.Direction {
			case "NS":
				pair.OpenNS = score
				rooms |= 1
			case "EW":
				pair.ClosedNS = score
				rooms |= 2
			}
		}
		if rooms != 3 {
			t.Fatalf("match %s v %s board %d: want one NS and one EW line", m.Team, m.OpposingTeam, n)
		}
		match.Boards = append(match.Boards, pair)
	}
	return match, rescored
}

// checkStandings compares our standings with the published TEAM elements and
// returns how many values matched.
func checkStandings(t *testing.T, results []MatchResult, teams []usebio.Team) int {
	t.Helper()
	ours := map[string]TeamStanding{}
	for _, s := range TeamStandings(results) {
		ours[s.Team] = s
	}
	matched := 0
	for _, team := range teams {
		s, ok := ours[team.ID]
		if !ok {
			t.Errorf("team %s played no match", team.ID)
			continue
		}
		if want := publishedNumber(t, "TOTAL_SCORE", team.TotalScore); s.Score != want {
			t.Errorf("team %s: total %v, published %v", team.ID, s.Score, want)
		} else {
			matched++
		}
		if want := mustInt(t, "WINS_OR_DRAWS", team.WinsOrDraws); s.WinsOrDraws != want {
			t.Errorf("team %s: %d wins or draws, published %d", team.ID, s.WinsOrDraws, want)
		} else {
			matched++
		}
		if want := strings.TrimSpace(team.Place); s.Place.String() != want {
			t.Errorf("team %s: place %v, published %s", team.ID, s.Place, want)
		} else {
			matched++
		}
	}
	return matched
}

// checkTeamCrossIMPs scores every board across the field (all tables of all
// matches that played it) and compares each line's NS and EW cross-IMPs and each
// team pair's PAIR_IMPS. It returns the values matched and the PAIR_IMPS absent
// from the file.
func checkTeamCrossIMPs(t *testing.T, sec usebio.Section, opt IMPPairsOptions) (lines, pairs, absent int) {
	t.Helper()
	type ref struct{ match, board, line int }
	byBoard := map[int]*IMPBoard{}
	var order []int
	refs := map[int][]ref{}
	for mi, m := range sec.Matches {
		for bi, b := range m.Boards {
			n := mustInt(t, "BOARD_NUMBER", b.Number)
			if byBoard[n] == nil {
				byBoard[n] = &IMPBoard{Board: n}
				order = append(order, n)
			}
			for li, l := range b.Lines {
				byBoard[n].Lines = append(byBoard[n].Lines, IMPLine{NS: l.NSPair, EW: l.EWPair, Score: mustInt(t, "SCORE", l.Score)})
				refs[n] = append(refs[n], ref{mi, bi, li})
			}
		}
	}
	boards := make([]IMPBoard, len(order))
	for i, n := range order {
		boards[i] = *byBoard[n]
	}
	res, err := ScoreIMPPairs(boards, opt)
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range order {
		for j, r := range refs[n] {
			l := sec.Matches[r.match].Boards[r.board].Lines[r.line]
			ns := res.Boards[i][j]
			if published := publishedNumber(t, "NS_CROSS_IMP_POINTS", l.NSCrossIMPs); !sameTo2dp(ns, published) {
				t.Errorf("board %d, %s v %s: NS cross-IMPs %.4f, published %v", n, l.NSPair, l.EWPair, ns, published)
			}
			if published := publishedNumber(t, "EW_CROSS_IMP_POINTS", l.EWCrossIMPs); !sameTo2dp(-ns, published) {
				t.Errorf("board %d, %s v %s: EW cross-IMPs %.4f, published %v", n, l.NSPair, l.EWPair, -ns, published)
			}
			lines += 2
		}
	}
	ours := map[string]float64{}
	for _, p := range res.Pairs {
		ours[p.Pair] = p.Total
	}
	for _, team := range sec.Participants.Teams {
		for _, p := range team.Pairs {
			if strings.TrimSpace(p.PairIMPs) == "" {
				// TeamsScorer leaves PAIR_IMPS out for one pair; nothing to compare.
				t.Logf("pair %s: no PAIR_IMPS published (ours %v)", p.Number, ours[p.Number])
				absent++
				continue
			}
			if published := publishedNumber(t, "PAIR_IMPS", p.PairIMPs); ours[p.Number] != published {
				t.Errorf("pair %s: %v cross-IMPs, published %v", p.Number, ours[p.Number], published)
			}
			pairs++
		}
	}
	return lines, pairs, absent
}

func TestGoldenTeamsScorerIMPsToVPs(t *testing.T) {
	sec := onlySection(t, "usebio_teamsscorer_teams_imp_vp_24b.xml")
	scale, err := LookupVPScale("EBUDiscrete20")
	if err != nil {
		t.Fatal(err)
	}
	var results []MatchResult
	rescored, boardIMPs, vps := 0, 0, 0
	for _, m := range sec.Matches {
		match, n := teamMatch(t, m)
		rescored += n
		r, err := ScoreIMPMatch(match, scale)
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range m.Boards {
			if want := mustInt(t, "IMPS", b.IMPs); r.Boards[i].Home != float64(want) {
				t.Errorf("match %s v %s board %s: %v IMPs, published %d", m.Team, m.OpposingTeam, b.Number, r.Boards[i].Home, want)
			}
			boardIMPs++
		}
		if home, away := publishedNumber(t, "TEAM_SCORE", m.TeamScore), publishedNumber(t, "OPPOSING_TEAM_SCORE", m.OpposingTeamScore); r.HomeScore != home || r.AwayScore != away {
			t.Errorf("match %s v %s, margin %v: %v-%v VPs, published %v-%v", m.Team, m.OpposingTeam, r.HomeMargin, r.HomeScore, r.AwayScore, home, away)
		}
		vps += 2
		results = append(results, r)
	}
	standings := checkStandings(t, results, sec.Participants.Teams)
	lines, pairs, absent := checkTeamCrossIMPs(t, sec, IMPPairsOptions{Method: CrossIMPScoring, Boards: 24, RoundBoards: true})
	if rescored != 240 || boardIMPs != 120 || vps != 80 || standings != 30 || lines != 480 || pairs != 19 || absent != 1 {
		t.Errorf("checked %d Law 77 scores, %d board IMPs, %d VPs, %d standings values, %d cross-IMP values, %d PAIR_IMPS (%d absent); want 240, 120, 80, 30, 480, 19 (1)",
			rescored, boardIMPs, vps, standings, lines, pairs, absent)
	}
	t.Logf("TeamsScorer: %d Law 77 scores, %d board IMPs, %d match VPs, %d standings values (total, wins or draws, place), %d cross-IMP values, %d PAIR_IMPS (%d absent) matched",
		rescored, boardIMPs, vps, standings, lines, pairs, absent)
}

func TestGoldenWBF2013IsNotTheTeamsScorerScale(t *testing.T) {
	// The oracle's 2-IMP win over 3 boards is 12-8; the continuous scale gives
	// 11.38, so the discrete table is needed to reproduce the file.
	got, err := WBF2013{}.VP(2, 3)
	if err != nil || math.Abs(got-11.38) > 1e-9 {
		t.Errorf("WBF2013 2 IMPs over 3 boards = %v, %v; want 11.38", got, err)
	}
}

func TestGoldenEBUScoreTeamsPointABoard(t *testing.T) {
	sec := onlySection(t, "usebio_ebuscoreteams_point_a_board_42b.xml")
	var results []MatchResult
	rescored, points, matchScores, closeWins := 0, 0, 0, 0
	for _, m := range sec.Matches {
		match, n := teamMatch(t, m)
		rescored += n
		r, err := ScorePABMatch(match, EBU.PABOptions())
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range m.Boards {
			home, away := mustInt(t, "TEAM_POINTS", b.TeamPoints), mustInt(t, "OPPOSING_TEAM_POINTS", b.OpposingTeamPoints)
			if r.Boards[i].Home != float64(home) || r.Boards[i].Away != float64(away) {
				t.Errorf("match %s v %s board %s: aggregate %d gives %v-%v, published %d-%d",
					m.Team, m.OpposingTeam, b.Number, match.Boards[i].Aggregate(), r.Boards[i].Home, r.Boards[i].Away, home, away)
			}
			if agg := match.Boards[i].Aggregate(); agg == 10 || agg == -10 {
				closeWins++
			}
			points += 2
		}
		if home, away := publishedNumber(t, "TEAM_SCORE", m.TeamScore), publishedNumber(t, "OPPOSING_TEAM_SCORE", m.OpposingTeamScore); r.HomeScore != home || r.AwayScore != away {
			t.Errorf("match %s v %s: %v-%v, published %v-%v", m.Team, m.OpposingTeam, r.HomeScore, r.AwayScore, home, away)
		}
		matchScores += 2
		results = append(results, r)
	}
	if closeWins == 0 {
		t.Error("no board won by exactly 10 points: the file does not show that 10 wins")
	}
	standings := checkStandings(t, results, sec.Participants.Teams)
	lines, pairs, absent := checkTeamCrossIMPs(t, sec, IMPPairsOptions{Method: CrossIMPScoring, Boards: 42, RoundBoards: true})
	if rescored != 336 || points != 336 || matchScores != 56 || standings != 24 || lines != 672 || pairs != 16 || absent != 0 {
		t.Errorf("checked %d Law 77 scores, %d board points, %d match scores, %d standings values, %d cross-IMP values, %d PAIR_IMPS; want 336, 336, 56, 24, 672, 16",
			rescored, points, matchScores, standings, lines, pairs)
	}
	t.Logf("EBUScoreTeams: %d Law 77 scores, %d board points (%d boards decided by 10 points), %d match scores, %d standings values, %d cross-IMP values, %d PAIR_IMPS matched",
		rescored, points, closeWins, matchScores, standings, lines, pairs)
}
