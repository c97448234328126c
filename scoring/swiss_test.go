package scoring

import (
	"slices"
	"testing"
)

func TestSwissTotalsRankByScoreThenIMPsThenTeam(t *testing.T) {
	matches := []MatchScore{
		{Section: "A", Round: 1, Home: 1, Away: 2, HomeScore: 15, AwayScore: 5, HomeMargin: 20, AwayMargin: -20},
		{Section: "A", Round: 1, Home: 3, Away: 4, HomeScore: 5, AwayScore: 15, HomeMargin: -12, AwayMargin: 12},
		{Section: "A", Round: 2, Home: 1, Away: 4, HomeScore: 10, AwayScore: 10, HomeMargin: 0, AwayMargin: 0},
		// Another section's match and a later round's do not count.
		{Section: "B", Round: 1, Home: 1, Away: 2, HomeScore: 20, AwayScore: 0},
		{Section: "A", Round: 3, Home: 2, Away: 3, HomeScore: 20, AwayScore: 0},
	}
	got := SwissTotals(matches, nil, "A", 3, []int{1, 2, 3, 4, 5})
	// 1 and 4 tie on victory points and 1 has more IMPs; 3 and 2 tie
	// and 3 has lost by less; 5 (a bye) has nothing yet.
	want := []SwissTotal{
		{Team: 1, Score: 25, Margin: 20, Matches: 2},
		{Team: 4, Score: 25, Margin: 12, Matches: 2},
		{Team: 3, Score: 5, Margin: -12, Matches: 1},
		{Team: 2, Score: 5, Margin: -20, Matches: 1},
		{Team: 5},
	}
	if !slices.Equal(got, want) {
		t.Errorf("totals\n%v\nwant\n%v", got, want)
	}
}

func TestSwissTotalsTakeThePenalties(t *testing.T) {
	matches := []MatchScore{
		{Section: "A", Round: 1, Home: 1, Away: 2, HomeScore: 12, AwayScore: 8, HomeMargin: 5, AwayMargin: -5},
	}
	// Team 1, fined 5 VPs for slow play, drops below team 2.
	got := SwissTotals(matches, map[int]float64{1: 5}, "A", 2, []int{1, 2})
	want := []SwissTotal{{Team: 2, Score: 8, Margin: -5, Matches: 1}, {Team: 1, Score: 7, Margin: 5, Matches: 1}}
	if !slices.Equal(got, want) {
		t.Errorf("totals %v, want %v", got, want)
	}
}
