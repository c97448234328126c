package scoring

import "fmt"

// PABOptions sets how a point-a-board match is scored.
type PABOptions struct {
	// TieMargin is the largest difference in aggregate that still halves the board:
	// 0 (the default, as EBUScoreTeams scores: even 10 points wins the board) or,
	// in events that say so, 10.
	TieMargin int
}

// ScorePABMatch scores a match point-a-board: each board gives 2 points to the
// team with the better aggregate and 0 to the other, 1 each when the aggregates
// are within TieMargin of each other. The match score is the sum of the board
// points. A board with assigned scores gives 2 to the team assigned more IMPs, 1
// each when they were assigned the same.
func ScorePABMatch(m Match, opt PABOptions) (MatchResult, error) {
	if opt.TieMargin < 0 {
		return MatchResult{}, fmt.Errorf("scoring: point-a-board tie margin %d is negative", opt.TieMargin)
	}
	if err := m.validate(); err != nil {
		return MatchResult{}, err
	}
	r := MatchResult{Home: m.Home, Away: m.Away, Boards: make([]BoardScore, len(m.Boards))}
	for i, b := range m.Boards {
		if b.adjusted() {
			return MatchResult{}, fmt.Errorf("scoring: board %d: a point-a-board match takes no weighted or split scores", b.Board)
		}
		home := float64(pabPoints(b, opt.TieMargin))
		r.Boards[i] = BoardScore{Board: b.Board, Home: home, Away: 2 - home}
		r.HomeScore += home
		r.AwayScore += 2 - home
	}
	r.HomeMargin = r.HomeScore - r.AwayScore
	r.AwayMargin = -r.HomeMargin
	return r, nil
}

// pabPoints returns the home team's points on a board: 2, 1 or 0.
func pabPoints(b BoardPair, tieMargin int) int {
	diff := b.Aggregate()
	if b.Assigned != nil {
		diff, tieMargin = b.Assigned.Home-b.Assigned.Away, 0
	}
	switch {
	case diff > tieMargin:
		return 2
	case diff < -tieMargin:
		return 0
	}
	return 1
}

// PABOptions returns the point-a-board settings of the profile.
func (p Profile) PABOptions() PABOptions { return PABOptions{TieMargin: p.PointABoardTieMargin} }
