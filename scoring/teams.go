package scoring

import (
	"errors"
	"fmt"
	"math/big"
)

// BoardPair is one board of a team match, played at two tables. In the open room
// the home team sits NS; in the closed room the away team sits NS (the boards are
// swapped between the rooms), so the home team scores OpenNS at one table and
// -ClosedNS at the other.
type BoardPair struct {
	Board    int
	OpenNS   int // NS score in the open room: the home team's pair
	ClosedNS int // NS score in the closed room: the away team's pair
	// OpenAdjusted and ClosedAdjusted, when set, replace OpenNS or ClosedNS: the
	// Director assigned a weighted or split score at that table (Law 12C1(c),
	// (e)). Each team is IMPed on what its own pairs were given: the home team
	// on the open room's North-South outcomes against the closed room's
	// East-West ones, the away team on the closed room's North-South outcomes
	// against the open room's East-West ones, each outcome IMPed on its own
	// and the IMPs weighted. Split scores need not balance.
	OpenAdjusted, ClosedAdjusted *SideScores
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

// adjusted reports whether a table of the board has a weighted or split
// score.
func (b BoardPair) adjusted() bool { return b.OpenAdjusted != nil || b.ClosedAdjusted != nil }

// imps returns the exact IMPs of the home and of the away team on the board.
func (b BoardPair) imps() (home, away *big.Rat, err error) {
	if a := b.Assigned; a != nil {
		return big.NewRat(int64(a.Home), 1), big.NewRat(int64(a.Away), 1), nil
	}
	openNS, openEW, err := tableOutcomes(b.OpenNS, b.OpenAdjusted)
	if err != nil {
		return nil, nil, fmt.Errorf("scoring: board %d, open room: %w", b.Board, err)
	}
	closedNS, closedEW, err := tableOutcomes(b.ClosedNS, b.ClosedAdjusted)
	if err != nil {
		return nil, nil, fmt.Errorf("scoring: board %d, closed room: %w", b.Board, err)
	}
	return expectedIMPs(openNS, closedEW), expectedIMPs(closedNS, openEW), nil
}

// tableOutcomes returns what each side of a table is scored on: its
// North-South score, or the assigned outcomes when adjusted is set.
func tableOutcomes(nsScore int, adjusted *SideScores) (ns, ew []outcome, err error) {
	if adjusted == nil {
		return single(nsScore), single(nsScore), nil
	}
	if err := adjusted.validate(); err != nil {
		return nil, nil, err
	}
	return outcomesOf(adjusted.NS), outcomesOf(adjusted.EW), nil
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
// scored by IMPs (to 2 decimals, whole unless a weighted score made them
// fractional), points (2, 1 or 0) in a point-a-board match.
type BoardScore struct {
	Board      int
	Home, Away float64
}

// MatchResult is a scored match.
type MatchResult struct {
	Home, Away string
	Boards     []BoardScore
	// HomeMargin and AwayMargin are each team's net IMPs over the match (the sum of
	// its exact board IMPs, to 2 decimals), equal and opposite unless artificial
	// or split scores did not balance; in a point-a-board match they are each
	// team's net points.
	HomeMargin, AwayMargin float64
	// HomeScore and AwayScore are the match score: victory points, or the board
	// points of a point-a-board match.
	HomeScore, AwayScore float64
}

// ScoreIMPMatch scores a match by IMPs and converts each team's margin to victory
// points on scale; the match length is the number of boards. When artificial or
// split scores do not balance, each team's VPs come from its own margin, so the
// two need not add up to the scale's total. A margin made fractional by a
// weighted score is converted as it is, unrounded: the WBF's continuous scale
// takes it into its formula (the WBF's report tabulates whole margins only),
// a discrete scale reads it against its steps.
func ScoreIMPMatch(m Match, scale VPScale) (MatchResult, error) {
	if err := m.validate(); err != nil {
		return MatchResult{}, err
	}
	r := MatchResult{Home: m.Home, Away: m.Away, Boards: make([]BoardScore, len(m.Boards))}
	homeSum, awaySum := new(big.Rat), new(big.Rat)
	for i, b := range m.Boards {
		home, away, err := b.imps()
		if err != nil {
			return MatchResult{}, err
		}
		r.Boards[i] = BoardScore{Board: b.Board, Home: impPoints(home), Away: impPoints(away)}
		homeSum.Add(homeSum, home)
		awaySum.Add(awaySum, away)
	}
	r.HomeMargin, r.AwayMargin = impPoints(homeSum), impPoints(awaySum)
	var err error
	if r.HomeScore, err = scale.VP(ratFloat(homeSum), len(m.Boards)); err != nil {
		return MatchResult{}, err
	}
	if r.AwayScore, err = scale.VP(ratFloat(awaySum), len(m.Boards)); err != nil {
		return MatchResult{}, err
	}
	return r, nil
}

// ratFloat is the float64 nearest r.
func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
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
