package web

import (
	"fmt"
	"slices"
	"strings"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
)

// teamsView is what a team event's standings page adds (on its first page;
// nothing on the others): the matches of each round, and the
// victory-point table, a row for each team with what it scored in each
// round and against whom.
type teamsView struct {
	Margin, Score string // the units: "IMPs" and "VPs", or "Net" and "Points" for point-a-board
	Rounds        []matchRound
	RoundNumbers  []int32
	Table         []teamRow
}

type matchRound struct {
	Round   int32
	Matches []*scoringv1.TeamMatch
}

// teamRow is one team's line of the victory-point table.
type teamRow struct {
	Section   string
	Team      int32
	Names     string
	Cells     []teamCell // one for each of RoundNumbers
	Total     float64    // after Penalties; the round cells are before them
	Penalties float64
}

// teamCell is what a team scored in a round ("" Opponent for a round it
// has no scored match in).
type teamCell struct {
	Opponent string
	Score    string
}

func newTeamsView(form scoringv1.Form, standings []*scoringv1.Standing, matches []*scoringv1.TeamMatch) *teamsView {
	v := &teamsView{Margin: "IMPs", Score: "VPs"}
	if form == scoringv1.Form_FORM_TEAMS_POINT_A_BOARD {
		v.Margin, v.Score = "Net", "Points"
	}
	for _, m := range matches {
		if n := len(v.Rounds); n == 0 || v.Rounds[n-1].Round != m.Round {
			v.Rounds = append(v.Rounds, matchRound{Round: m.Round})
			v.RoundNumbers = append(v.RoundNumbers, m.Round)
		}
		v.Rounds[len(v.Rounds)-1].Matches = append(v.Rounds[len(v.Rounds)-1].Matches, m)
	}
	if len(matches) == 0 {
		return v
	}
	for _, st := range standings {
		row := teamRow{Section: st.Section, Team: st.Pair, Names: strings.Join(st.Names, " & "), Total: st.Score, Penalties: st.Penalties,
			Cells: make([]teamCell, len(v.RoundNumbers))}
		for _, m := range matches {
			if m.Section != st.Section || (m.Home != st.Pair && m.Away != st.Pair) {
				continue
			}
			opponent, score := m.Away, m.HomeScore
			if m.Away == st.Pair {
				opponent, score = m.Home, m.AwayScore
			}
			row.Cells[slices.Index(v.RoundNumbers, m.Round)] = teamCell{Opponent: fmt.Sprintf("%s%d", m.Section, opponent), Score: points(score)}
		}
		v.Table = append(v.Table, row)
	}
	return v
}
