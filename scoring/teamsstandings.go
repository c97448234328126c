package scoring

// TeamStanding is a team's line in the standings of a teams event.
type TeamStanding struct {
	Team string
	// Score is the sum of the team's match scores (victory points, or board points
	// point-a-board), to 2 decimals.
	Score float64
	// Margin is the team's net IMPs (net board points point-a-board) over all its
	// matches, a common tie-break, to 2 decimals.
	Margin      float64
	Matches     int
	WinsOrDraws int // matches in which the team scored at least as much as its opponents
	Place       Place
}

// TeamStandings totals the match results of each team and ranks the teams by
// score. Teams are listed in the order they first appear. Equal scores share a
// place: how ties are broken (head to head, IMP quotient) is for the conditions of
// contest (Law 78D), and the caller applies it.
func TeamStandings(results []MatchResult) []TeamStanding {
	var out []TeamStanding
	index := map[string]int{}
	add := func(team string, score, against, margin float64) {
		i, ok := index[team]
		if !ok {
			i = len(out)
			index[team] = i
			out = append(out, TeamStanding{Team: team})
		}
		s := &out[i]
		s.Score += score
		s.Margin += margin
		s.Matches++
		if score >= against {
			s.WinsOrDraws++
		}
	}
	for _, r := range results {
		add(r.Home, r.HomeScore, r.AwayScore, r.HomeMargin)
		add(r.Away, r.AwayScore, r.HomeScore, r.AwayMargin)
	}
	scores := make([]float64, len(out))
	for i := range out {
		out[i].Score, out[i].Margin = round2(out[i].Score), round2(out[i].Margin)
		scores[i] = out[i].Score
	}
	for i, p := range Rank(scores, true) {
		out[i].Place = p
	}
	return out
}
