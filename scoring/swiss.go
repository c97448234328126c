package scoring

import (
	"cmp"
	"slices"
)

// SwissTotal is a team's total in a Swiss before a round is paired.
type SwissTotal struct {
	Team int
	// Score is the team's match scores (victory points) less its
	// penalties, and Margin its net IMPs over its matches of the rounds
	// counted, to 2 decimals.
	Score, Margin float64
	Matches       int
}

// SwissTotals totals the scored matches of a section's rounds before round
// before for the teams listed, less what penalties take from each team
// (keyed by team number), and ranks them as a Swiss is paired: by score,
// then net IMPs, then team number (the seeding). A team with no match
// scored yet (a bye) is listed with nothing.
func SwissTotals(matches []MatchScore, penalties map[int]float64, section string, before int, teams []int) []SwissTotal {
	totals := make(map[int]*SwissTotal, len(teams))
	out := make([]SwissTotal, len(teams))
	for i, t := range teams {
		out[i].Team = t
		totals[t] = &out[i]
	}
	for _, m := range matches {
		if m.Section != section || m.Round >= before {
			continue
		}
		if h := totals[m.Home]; h != nil {
			h.Score += m.HomeScore
			h.Margin += m.HomeMargin
			h.Matches++
		}
		if a := totals[m.Away]; a != nil {
			a.Score += m.AwayScore
			a.Margin += m.AwayMargin
			a.Matches++
		}
	}
	for i := range out {
		out[i].Score, out[i].Margin = round2(out[i].Score-penalties[out[i].Team]), round2(out[i].Margin)
	}
	slices.SortStableFunc(out, func(a, b SwissTotal) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(b.Margin, a.Margin), cmp.Compare(a.Team, b.Team))
	})
	return out
}
