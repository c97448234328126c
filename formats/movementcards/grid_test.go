package movementcards

import (
	"slices"
	"strings"
	"testing"

	"github.com/bridge-director/director/movement"
	"github.com/bridge-director/director/movement/movementtest"
)

// halfTableMitchell is the reference Mitchell with East-West pair 10
// absent: the North-South pair due to meet it sits out.
func halfTableMitchell(t *testing.T) movement.Movement {
	m := movementtest.Mitchell5(t)
	m.Name = "Mitchell, 4½ tables"
	for i, s := range m.Seatings {
		if s.EW == 10 {
			m.Seatings[i].EW = movement.None
		}
	}
	return m
}

func TestCardsSayWhoSitsOutAndWhereBoardsRest(t *testing.T) {
	// Three tables and six pairs: the last set is played at all three.
	threeTables, err := movement.Howell(6, movement.HowellOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const none = movement.None
	absentPair := movement.Movement{Name: "Two tables", Tables: 2, Rounds: 3, Sets: 3, Seatings: []movement.Seating{
		{Round: 1, Table: 1, NS: 1, EW: 2, Set: 1}, {Round: 1, Table: 2, NS: 3, EW: none, Set: 2},
		{Round: 2, Table: 1, NS: 1, EW: 3, Set: 2}, {Round: 2, Table: 2, NS: none, EW: none, Set: none},
		{Round: 3, Table: 1, NS: 1, EW: none, Set: 1}, {Round: 3, Table: 2, NS: 3, EW: 2, Set: 3},
	}}
	for _, tc := range []struct {
		name        string
		m           movement.Movement
		kind        movement.CardKind
		tableOrPair int
		round       int
		want        []string
	}{
		// Table 5 of the half-table Mitchell: NS 5 would meet pair 10.
		{"half table, table card", halfTableMitchell(t), movement.TableCard, 5, 1, []string{"1", "5", "–", "17-20", "stay", "", "table 4", "NS sit out"}},
		{"half table, guide card", halfTableMitchell(t), movement.GuideCard, 6, 5, []string{"5", "5", "EW", "5", "13-16"}},
		{"half table, pair before a sit-out", halfTableMitchell(t), movement.GuideCard, 9, 4, []string{"4", "2", "EW", "2", "17-20"}},
		{"pair at no table next", absentPair, movement.TableCard, 1, 1, []string{"1", "1", "2", "1-2", "stay", "sit out, then table 2 EW", "relay, then table 1", ""}},
		{"empty table", absentPair, movement.TableCard, 2, 2, []string{"2", "–", "–", "–", "", "", "", "no play"}},
		{"guide card at no table", absentPair, movement.GuideCard, 2, 2, []string{"2", "–", "sit out", "", ""}},
		{"relay", movementtest.Howell4(t), movement.TableCard, 2, 1, []string{"1", "6", "3", "10-12", "table 4 EW", "table 3 EW", "relay 2 rounds, then table 1"}},
		{"shared set", threeTables, movement.TableCard, 1, 5, []string{"5", "6", "1", "13-15", "–", "–", "–", "share boards with tables 2 and 3"}},
		{"shared set, guide card", threeTables, movement.GuideCard, 1, 5, []string{"5", "1", "EW", "6", "13-15", "share boards with tables 2 and 3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			layout := movement.Layout{BoardsPerSet: 4}
			if tc.m.Name == "Two tables" {
				layout.BoardsPerSet = 2
			}
			if strings.HasPrefix(tc.name, "relay") || strings.HasPrefix(tc.name, "shared") {
				layout.BoardsPerSet = 3
			}
			cards := movement.TableCards(tc.m, layout)
			if tc.kind == movement.GuideCard {
				cards = movement.GuideCards(tc.m, layout)
			}
			k := slices.IndexFunc(cards, func(c movement.Card) bool { return c.Table == tc.tableOrPair || c.Entrant == tc.tableOrPair })
			if k < 0 {
				t.Fatalf("no card for %d", tc.tableOrPair)
			}
			_, rows := cardGrid(cards[k])
			if got := rows[tc.round-1]; !slices.Equal(got, tc.want) {
				t.Errorf("%s, round %d shows %q, want %q", cards[k].Title, tc.round, got, tc.want)
			}
		})
	}
}
