package scoring

import (
	"cmp"
	"fmt"
	"slices"
)

// A teams session is results between teams: each table's result names its
// teams as pairs are named. A match is the two teams that meet in a round;
// each of its boards is played at two tables, once with each team
// North-South. The lower-numbered team is the home team: its North-South
// score is the open room's, its opponents' the closed room's.

// matchKey names a match: its section, round and two teams, home first.
type matchKey struct {
	section    string
	round      int
	home, away int
}

// MatchScore is a match of a team session as it stands: its section, round
// and teams (home first), the boards scored so far (played at both
// tables), each team's net IMPs (net points, point-a-board) and its match
// score, victory points or board points, before any penalty.
type MatchScore struct {
	Section                string
	Round                  int
	Home, Away             int
	Boards                 int
	HomeMargin, AwayMargin float64
	HomeScore, AwayScore   float64
}

// teamBoard is one board of a match: the index of its result at each
// table, -1 while that table has not reported.
type teamBoard struct {
	board        int
	open, closed int
}

// teamMatches assembles the matches of the results, in the order of their
// first result, or says why they cannot be: a team with two results
// North-South on one board of a round.
func teamMatches(results []Result) ([]matchKey, map[matchKey][]*teamBoard, error) {
	matches := map[matchKey][]*teamBoard{}
	var order []matchKey
	for i, r := range results {
		if r.Kind == NotPlayed {
			continue
		}
		k := matchKey{r.Section, r.Round, min(r.NS, r.EW), max(r.NS, r.EW)}
		if matches[k] == nil {
			order = append(order, k)
		}
		j := slices.IndexFunc(matches[k], func(b *teamBoard) bool { return b.board == r.Board })
		if j < 0 {
			matches[k] = append(matches[k], &teamBoard{board: r.Board, open: -1, closed: -1})
			j = len(matches[k]) - 1
		}
		b := matches[k][j]
		at := &b.closed
		if r.NS == k.home {
			at = &b.open
		}
		if *at >= 0 {
			o := results[*at]
			return nil, nil, fmt.Errorf("team %d has two results North-South on board %d in round %d: at table %d and at table %d",
				r.NS, r.Board, r.Round, o.Table, r.Table)
		}
		*at = i
	}
	return order, matches, nil
}

// scoreTeams scores every match whose boards have been played at both
// tables, by IMPs and victory points or point-a-board, and returns the
// penalties that stand with those in IMPs converted to victory points.
func scoreTeams(s Settings, results []Result, penalties []Penalty, out *SessionScore) ([]Penalty, error) {
	scoreMatch := func(m Match) (MatchResult, error) { return ScorePABMatch(m, s.Profile.PABOptions()) }
	var scale VPScale
	if s.Form == TeamsVictoryPoints {
		var err error
		if scale, err = s.Profile.VictoryPoints(); err != nil {
			return nil, err
		}
		scoreMatch = func(m Match) (MatchResult, error) { return ScoreIMPMatch(m, scale) }
	}
	order, matches, err := teamMatches(results)
	if err != nil {
		return nil, err
	}
	out.Lines = make([]Line, len(results))
	for i, r := range results {
		out.Lines[i].Result = r
	}
	var scored []MatchResult
	var scoredKeys []matchKey
	boards := map[string]int{}
	for _, k := range order {
		m := Match{Home: pairName(k.section, k.home), Away: pairName(k.section, k.away)}
		var both []*teamBoard
		for _, b := range matches[k] {
			if b.open < 0 || b.closed < 0 {
				continue // the other table has not reported yet
			}
			bp, err := boardPair(s.Profile, b.board, results[b.open], results[b.closed])
			if err != nil {
				return nil, err
			}
			m.Boards = append(m.Boards, bp)
			both = append(both, b)
		}
		if len(m.Boards) == 0 {
			continue
		}
		res, err := scoreMatch(m)
		if err != nil {
			return nil, err
		}
		for i, b := range both {
			home, away := res.Boards[i].Home, res.Boards[i].Away
			out.Lines[b.open].NSPoints, out.Lines[b.open].EWPoints = home, away
			out.Lines[b.closed].NSPoints, out.Lines[b.closed].EWPoints = away, home
		}
		scored = append(scored, res)
		scoredKeys = append(scoredKeys, k)
		out.Matches = append(out.Matches, MatchScore{Section: k.section, Round: k.round, Home: k.home, Away: k.away, Boards: len(m.Boards),
			HomeMargin: res.HomeMargin, AwayMargin: res.AwayMargin, HomeScore: res.HomeScore, AwayScore: res.AwayScore})
		boards[m.Home] += len(m.Boards)
		boards[m.Away] += len(m.Boards)
	}
	teams := map[string]matchKey{}
	for _, k := range order {
		teams[pairName(k.section, k.home)] = matchKey{section: k.section, home: k.home}
		teams[pairName(k.section, k.away)] = matchKey{section: k.section, home: k.away}
	}
	for _, t := range TeamStandings(scored) {
		team := teams[t.Team]
		out.Standings = append(out.Standings, Standing{Section: team.section, Pair: team.home, Score: t.Score, Boards: boards[t.Team]})
	}
	slices.SortStableFunc(out.Standings, func(a, b Standing) int {
		return cmp.Or(CompareSections(a.Section, b.Section), cmp.Compare(a.Pair, b.Pair))
	})
	slices.SortFunc(out.Matches, func(a, b MatchScore) int {
		return cmp.Or(cmp.Compare(a.Round, b.Round), CompareSections(a.Section, b.Section), cmp.Compare(a.Home, b.Home))
	})
	if scale == nil { // point-a-board: no IMPs to take
		return slices.DeleteFunc(slices.Clone(penalties), func(p Penalty) bool { return p.IMPs }), nil
	}
	return impPenaltiesAsVPs(s.Profile.IMPPenalties, scale, scoredKeys, scored, penalties)
}

// impPenaltiesAsVPs returns the penalties with each one in IMPs replaced by
// the victory points it takes from its team's match of its round (Law 90;
// how, method says), and left out while that match is not scored.
func impPenaltiesAsVPs(method IMPPenaltyMethod, scale VPScale, keys []matchKey, scored []MatchResult, penalties []Penalty) ([]Penalty, error) {
	out := make([]Penalty, 0, len(penalties))
	for _, p := range penalties {
		if !p.IMPs {
			out = append(out, p)
			continue
		}
		i := slices.IndexFunc(keys, func(k matchKey) bool {
			return k.section == p.Section && k.round == p.Round && (k.home == p.Pair || k.away == p.Pair)
		})
		if i < 0 {
			continue // the match is not scored yet
		}
		res, boards := scored[i], len(scored[i].Boards)
		score, margin := res.HomeScore, res.HomeMargin
		if keys[i].away == p.Pair {
			score, margin = res.AwayScore, res.AwayMargin
		}
		var left float64
		var err error
		switch method {
		case PenaltyFromMargin:
			left, err = scale.VP(margin-p.Amount, boards)
		case PenaltyOnScale:
			var won, draw float64
			if won, err = scale.VP(p.Amount, boards); err == nil {
				draw, err = scale.VP(0, boards)
			}
			left = score - (won - draw)
		default:
			err = fmt.Errorf("scoring: IMP penalty method %v is unknown", method)
		}
		if err != nil {
			return nil, err
		}
		p.IMPs, p.Amount = false, round2(score-left)
		out = append(out, p)
	}
	return out, nil
}

// boardPair turns the two tables of a board into the match's board: two
// North-South scores, the outcomes of a weighted or split score at either
// table, or artificial IMPs when either table was given an artificial
// adjusted score. Played, passed-out and assigned results carry their
// North-South score. The home team sits North-South in the open room and
// East-West in the closed room. A fouled board the two tables played in
// different forms (Law 87B) has nothing to compare: it is average to both
// teams, 0 IMPs each (see fouled.go), unless a table was given an
// artificial score.
func boardPair(p Profile, board int, open, closed Result) (BoardPair, error) {
	bp := BoardPair{Board: board, OpenNS: open.NSScore, ClosedNS: closed.NSScore,
		OpenAdjusted: open.sideScores(), ClosedAdjusted: closed.sideScores()}
	tables := []Result{open, closed}
	if len(byForm([]int{0, 1}, func(i int) int { return tables[i].FouledGroup })) > 1 {
		bp.OpenNS, bp.ClosedNS, bp.OpenAdjusted, bp.ClosedAdjusted = 0, 0, nil, nil
		bp.Assigned = &AssignedIMPs{}
	}
	for i, r := range tables {
		if r.Kind != Artificial {
			continue
		}
		home, away := r.NSAdjust, r.EWAdjust
		if i == 1 {
			home, away = away, home
		}
		imps, err := ArtificialTeamIMPs(home, away, p)
		if err != nil {
			return bp, err
		}
		bp.Assigned = &imps
	}
	return bp, nil
}
