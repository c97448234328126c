package scoring

import (
	"errors"
	"fmt"
)

// BoardPair is one board of a team match, played at two tables. In the open room
// the home team sits NS; in the closed room the away team sits NS (the boards are
// swapped between the rooms), so the home team scores OpenNS at one table and
// -ClosedNS at the other.
type BoardPair struct {
	Board    int
	OpenNS   int // NS score in the open room: the home team's pair
	ClosedNS int // NS score in the closed room: the away team's pair
	// Assigned, when set, replaces the two scores: no result could be obtained and
	// the Director gave each team an artificial adjusted score in IMPs.
	Assigned *AssignedIMPs
}

// AssignedIMPs are the artificial adjusted scores of the two teams on a board. They
// need not balance: both teams may be in no way at fault (Law 12C2).
type AssignedIMPs struct {
	Home, Away int
}

// Aggregate returns the home team's net total on the board, OpenNS - ClosedNS.
func (b BoardPair) Aggregate() int { return b.OpenNS - b.ClosedNS }

// IMPs returns the IMPs of the home and of the away team on the board.
func (b BoardPair) IMPs() (home, away int) {
	if b.Assigned != nil {
		return b.Assigned.Home, b.Assigned.Away
	}
	home = IMPs(b.Aggregate())
	return home, -home
}

// Match is a team match between a home and an away team over some boards.
type Match struct {
	Home, Away string
	Boards     []BoardPair
}

// validate reports a match that cannot be scored.
func (m Match) validate() error {
	switch {
	case m.Home == "" || m.Away == "":
		return errors.New("scoring: match without a home or an away team")
	case m.Home == m.Away:
		return fmt.Errorf("scoring: team %q plays itself", m.Home)
	case len(m.Boards) == 0:
		return fmt.Errorf("scoring: match %s v %s has no boards", m.Home, m.Away)
	}
	seen := make(map[int]bool, len(m.Boards))
	for _, b := range m.Boards {
		if seen[b.Board] {
			return fmt.Errorf("scoring: match %s v %s lists board %d twice", m.Home, m.Away, b.Board)
		}
		seen[b.Board] = true
	}
	return nil
}

// BoardScore is what each team of a match scored on one board: IMPs in a match
// scored by IMPs, points (2, 1 or 0) in a point-a-board match.
type BoardScore struct {
	Board      int
	Home, Away int
}

// MatchResult is a scored match.
type MatchResult struct {
	Home, Away string
	Boards     []BoardScore
	// HomeMargin and AwayMargin are each team's net IMPs over the match (the sum of
	// its board IMPs), equal and opposite unless artificial scores did not balance;
	// in a point-a-board match they are each team's net points.
	HomeMargin, AwayMargin int
	// HomeScore and AwayScore are the match score: victory points, or the board
	// points of a point-a-board match.
	HomeScore, AwayScore float64
}

// ScoreIMPMatch scores a match by IMPs and converts each team's margin to victory
// points on scale; the match length is the number of boards. When artificial scores
// do not balance, each team's VPs come from its own margin.
func ScoreIMPMatch(m Match, scale VPScale) (MatchResult, error) {
	if err := m.validate(); err != nil {
		return MatchResult{}, err
	}
	r := MatchResult{Home: m.Home, Away: m.Away, Boards: make([]BoardScore, len(m.Boards))}
	for i, b := range m.Boards {
		home, away := b.IMPs()
		r.Boards[i] = BoardScore{Board: b.Board, Home: home, Away: away}
		r.HomeMargin += home
		r.AwayMargin += away
	}
	var err error
	if r.HomeScore, err = scale.VP(r.HomeMargin, len(m.Boards)); err != nil {
		return MatchResult{}, err
	}
	if r.AwayScore, err = scale.VP(r.AwayMargin, len(m.Boards)); err != nil {
		return MatchResult{}, err
	}
	return r, nil
}

// ArtificialTeamIMPs returns the IMPs of the artificial adjusted scores given to
// the two teams of a board on which no result could be obtained. Law 12C2 says who
// gets what: average plus to a team in no way at fault, average to one partly at
// fault, average minus to one directly at fault. Law 12C2(b) values them at IMP
// play: average plus is +3 IMPs, average 0 and average minus −3, unless varied
// with the regulating authority's approval (the profile's ImpAveragePlus and
// ImpAverageMinus). This was Law 86A in 2007; 2017 moved it to 12C2(b)
// (checked: "2017 Laws of Duplicate Bridge – summary of significant changes",
// docslib.org, quoting 12C2(b)). Averaging two scores that do not balance in a
// knockout match (2007 Law 86B) is for the caller.
func ArtificialTeamIMPs(home, away Adjustment, p Profile) (AssignedIMPs, error) {
	h, err := p.teamIMPs(home)
	if err != nil {
		return AssignedIMPs{}, err
	}
	a, err := p.teamIMPs(away)
	return AssignedIMPs{Home: h, Away: a}, err
}

// teamIMPs returns the IMPs an artificial adjusted score is worth in a team match.
func (p Profile) teamIMPs(a Adjustment) (int, error) {
	switch a {
	case AveragePlus:
		return p.ImpAveragePlus, nil
	case Average:
		return 0, nil
	case AverageMinus:
		return p.ImpAverageMinus, nil
	}
	return 0, fmt.Errorf("scoring: %v is not an artificial adjusted score", a)
}
