package scoringservice

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/scoring"
)

// A teams event stores each table's result like a pairs event, with team
// numbers for pair numbers. A match is the two teams that meet in a round;
// each of its boards is played at two tables, once with each team North-South.
// The lower-numbered team is the home team: its North-South score is the open
// room's, its opponents' the closed room's.

// matchKey names a match: a round and its two teams, home first.
type matchKey struct {
	section    string
	round      int32
	home, away int32
}

// teamBoard is one board of a match: the result index at each table.
type teamBoard struct {
	board        int32
	open, closed int // result index with the home (open) or away (closed) team North-South; -1 if not in
}

// teams scores every match whose boards have been played at both tables, by
// IMPs and victory points or point-a-board, and ranks the teams.
func (f *field) teams() error {
	profile := profileOf(f.event)
	scoreMatch := func(m scoring.Match) (scoring.MatchResult, error) {
		return scoring.ScorePABMatch(m, profile.PABOptions())
	}
	if f.event.GetForm() == scoringv1.Form_FORM_TEAMS_VP {
		scale, err := profile.VictoryPoints()
		if err != nil {
			return err
		}
		scoreMatch = func(m scoring.Match) (scoring.MatchResult, error) { return scoring.ScoreIMPMatch(m, scale) }
	}
	matches := map[matchKey][]*teamBoard{}
	var order []matchKey
	f.lines = make([]*scoringv1.TravellerLine, len(f.results))
	for i, r := range f.results {
		f.lines[i] = &scoringv1.TravellerLine{Result: r}
		if _, ok := r.Outcome.(*scoringv1.Result_NotPlayed); ok {
			continue
		}
		k := matchKey{r.GetSection(), r.GetRound(), min(r.GetNsPair(), r.GetEwPair()), max(r.GetNsPair(), r.GetEwPair())}
		if matches[k] == nil {
			order = append(order, k)
		}
		j := slices.IndexFunc(matches[k], func(b *teamBoard) bool { return b.board == r.GetBoard() })
		if j < 0 {
			matches[k] = append(matches[k], &teamBoard{board: r.GetBoard(), open: -1, closed: -1})
			j = len(matches[k]) - 1
		}
		b := matches[k][j]
		at := &b.closed
		if r.GetNsPair() == k.home {
			at = &b.open
		}
		if *at >= 0 {
			return fmt.Errorf("team %d has two results North-South on board %d in round %d: %s and %s", r.GetNsPair(), r.GetBoard(), r.GetRound(), f.results[*at].GetName(), r.GetName())
		}
		*at = i
	}
	var scored []scoring.MatchResult
	boards := map[string]int32{}
	for _, k := range order {
		m := scoring.Match{Home: pairKey(k.section, k.home), Away: pairKey(k.section, k.away)}
		var both []*teamBoard
		for _, b := range matches[k] {
			if b.open < 0 || b.closed < 0 {
				continue // the other table has not reported yet
			}
			bp, err := f.boardPair(b, profile)
			if err != nil {
				return err
			}
			m.Boards = append(m.Boards, bp)
			both = append(both, b)
		}
		if len(m.Boards) == 0 {
			continue
		}
		res, err := scoreMatch(m)
		if err != nil {
			return err
		}
		for i, b := range both {
			home, away := float64(res.Boards[i].Home), float64(res.Boards[i].Away)
			f.lines[b.open].NsPoints, f.lines[b.open].EwPoints = home, away
			f.lines[b.closed].NsPoints, f.lines[b.closed].EwPoints = away, home
		}
		scored = append(scored, res)
		boards[m.Home] += int32(len(m.Boards))
		boards[m.Away] += int32(len(m.Boards))
	}
	for _, t := range scoring.TeamStandings(scored) {
		section, number := splitPairKey(t.Team)
		f.standings = append(f.standings, &scoringv1.Standing{
			Section: section, Pair: number, Score: t.Score, BoardsPlayed: boards[t.Team],
			Rank: int32(t.Place.Rank), Place: t.Place.String(),
		})
	}
	slices.SortStableFunc(f.standings, func(a, b *scoringv1.Standing) int { return cmp.Compare(a.GetRank(), b.GetRank()) })
	return nil
}

// boardPair turns the two tables of a board into the match's board: two
// North-South scores, or artificial IMPs when either table was given an
// artificial adjusted score.
func (f *field) boardPair(b *teamBoard, profile scoring.Profile) (scoring.BoardPair, error) {
	open, closed := f.results[b.open], f.results[b.closed]
	bp := scoring.BoardPair{Board: int(b.board), OpenNS: int(open.GetNsScore()), ClosedNS: int(closed.GetNsScore())}
	// Played, passed-out and assigned results carry their North-South score
	// (checkForm lets in no weighted or split score). An artificial score at
	// either table gives the board artificial IMPs; the home team sits
	// North-South in the open room and East-West in the closed room.
	for _, r := range []*scoringv1.Result{open, closed} {
		a := r.GetArtificial()
		if a == nil {
			continue
		}
		home, away := a.GetNorthSouth(), a.GetEastWest()
		if r == closed {
			home, away = away, home
		}
		imps, err := scoring.ArtificialTeamIMPs(adjustmentOf(home), adjustmentOf(away), profile)
		if err != nil {
			return bp, err
		}
		bp.Assigned = &imps
	}
	return bp, nil
}

// itoa formats a pair or team number.
func itoa(n int32) string { return strconv.Itoa(int(n)) }
