package scoringservice

import (
	"cmp"
	"slices"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/scoring"
)

// pabTop is the top of a board point-a-board: ScorePABMatch gives 2 points a
// board.
const pabTop = 2

// standingKey names a pair's standing: its section, its number and, in a
// two-winner event, its direction.
type standingKey struct {
	section   string
	direction typev1.Side
	pair      int32
}

func keyOf(st *scoringv1.Standing) standingKey {
	return standingKey{st.GetSection(), st.GetDirection(), st.GetPair()}
}

// applyPenalties deducts the penalties that stand against the field's pairs
// or teams from their standings and ranks the field again. A penalty against
// a pair with no standing yet waits until it has one.
func (f *field) applyPenalties(penalties []*scoringv1.Penalty) {
	for _, st := range f.standings {
		var deduction float64
		for _, p := range penalties {
			if p.GetSection() == st.GetSection() && p.GetPair() == st.GetPair() &&
				(p.GetDirection() == typev1.Side_SIDE_UNSPECIFIED || p.GetDirection() == st.GetDirection()) {
				deduction += f.penaltyPoints(p)
			}
		}
		if deduction > 0 {
			f.deduct(st, round2(deduction))
		}
	}
	f.rank()
}

// penaltyPoints is a penalty in the unit the field is scored in.
func (f *field) penaltyPoints(p *scoringv1.Penalty) float64 {
	if p.GetUnit() == scoringv1.PenaltyUnit_PENALTY_UNIT_PERCENT_OF_TOP {
		return scoring.PercentOfTop(p.GetAmount(), f.boardTop(p.GetSection()))
	}
	return p.GetAmount()
}

// boardTop is the top of a full board in a section's field: the largest top
// of its boards (all sections' when they are scored across the field).
func (f *field) boardTop(section string) float64 {
	if f.event.GetForm() == scoringv1.Form_FORM_TEAMS_POINT_A_BOARD {
		return pabTop
	}
	var top float64
	for s, boards := range f.top {
		if s == section || f.event.GetAcrossField() {
			for _, t := range boards {
				top = max(top, t)
			}
		}
	}
	return top
}

// deduct takes deduction from a standing's score and, on matchpoints, works
// out its percentage again.
func (f *field) deduct(st *scoringv1.Standing, deduction float64) {
	st.Penalties = deduction
	if f.event.GetForm() == scoringv1.Form_FORM_MATCHPOINTS {
		st.Percentage = scoring.PenalizedPercentage(st.GetScore(), deduction, f.tops[keyOf(st)])
	}
	st.Score = round2(st.GetScore() - deduction)
}

// rank places the standings as the scoring library does, on what is left
// after penalties: matchpoint pairs by percentage within their section (or
// across the field) and direction, IMP pairs and teams by score over the
// whole field. It sorts them by ranking group, place, section (in the order
// the results name them) and number.
func (f *field) rank() {
	matchpoints := f.event.GetForm() == scoringv1.Form_FORM_MATCHPOINTS
	group := func(st *scoringv1.Standing) standingKey {
		if !matchpoints {
			return standingKey{}
		}
		g := standingKey{section: st.GetSection(), direction: st.GetDirection()}
		if f.event.GetAcrossField() {
			g.section = ""
		}
		return g
	}
	members := map[standingKey][]*scoringv1.Standing{}
	groupOrder := map[standingKey]int{}
	for _, st := range f.standings {
		g := group(st)
		if _, ok := groupOrder[g]; !ok {
			groupOrder[g] = len(groupOrder)
		}
		members[g] = append(members[g], st)
	}
	for _, sts := range members {
		values := make([]float64, len(sts))
		for i, st := range sts {
			values[i] = st.GetScore()
			if matchpoints {
				values[i] = st.GetPercentage()
			}
		}
		for i, place := range scoring.Rank(values, true) {
			sts[i].Rank, sts[i].Place = int32(place.Rank), place.String()
		}
	}
	sectionOrder := map[string]int{}
	for _, r := range f.results {
		if _, ok := sectionOrder[r.GetSection()]; !ok {
			sectionOrder[r.GetSection()] = len(sectionOrder)
		}
	}
	slices.SortFunc(f.standings, func(a, b *scoringv1.Standing) int {
		return cmp.Or(
			cmp.Compare(groupOrder[group(a)], groupOrder[group(b)]),
			cmp.Compare(a.GetRank(), b.GetRank()),
			cmp.Compare(sectionOrder[a.GetSection()], sectionOrder[b.GetSection()]),
			cmp.Compare(a.GetPair(), b.GetPair()),
		)
	})
}
