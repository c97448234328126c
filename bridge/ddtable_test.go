package bridge_test

import (
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// board1 is the double-dummy table of board 1 of the Bridgewebs session in
// ../shared/fixtures/scoring (DoubleDummyTricks "98a79989794536445364"), in
// the order of DDSeats and DDStrains: North, then South, East and West, each
// in NT, spades, hearts, diamonds and clubs.
var board1 = [4][5]int{{9, 8, 10, 7, 9}, {9, 8, 9, 7, 9}, {4, 5, 3, 6, 4}, {4, 5, 3, 6, 4}}

func board1Table() bridge.DDTable {
	var t bridge.DDTable
	for i, seat := range bridge.DDSeats {
		for j, strain := range bridge.DDStrains {
			t[seat][strain] = board1[i][j]
		}
	}
	return t
}

func TestDDTableIsIndexedBySeatAndStrain(t *testing.T) {
	tt := board1Table()
	for _, c := range []struct {
		seat   bridge.Seat
		strain bridge.Strain
		want   int
	}{
		{bridge.North, bridge.NoTrump, 9}, {bridge.North, bridge.StrainHearts, 10}, {bridge.South, bridge.StrainHearts, 9},
		{bridge.East, bridge.StrainSpades, 5}, {bridge.West, bridge.StrainDiamonds, 6}, {bridge.West, bridge.StrainClubs, 4},
	} {
		got, ok := tt.Tricks(c.seat, c.strain)
		if !ok || got != c.want || tt[c.seat][c.strain] != c.want {
			t.Errorf("%s in %s: Tricks %d, %v, cell %d; want %d", c.seat, c.strain, got, ok, tt[c.seat][c.strain], c.want)
		}
	}
	// The array's own order: North is row 0, no trumps column 4.
	if tt[0][4] != 9 || tt[3][0] != 4 || tt[1][3] != 5 {
		t.Errorf("rows %v: want North first and no trumps last", tt)
	}
	if err := tt.Validate(); err != nil {
		t.Errorf("a complete table: %v", err)
	}
}

func TestDDOrderListsEveryCellOnce(t *testing.T) {
	seats, strains := map[bridge.Seat]bool{}, map[bridge.Strain]bool{}
	for _, s := range bridge.DDSeats {
		seats[s] = true
	}
	for _, s := range bridge.DDStrains {
		strains[s] = true
	}
	if len(seats) != 4 || len(strains) != 5 || bridge.DDSeats[1] != bridge.South || bridge.DDStrains[0] != bridge.NoTrump {
		t.Errorf("order %v %v: want N, S, E, W and NT, S, H, D, C", bridge.DDSeats, bridge.DDStrains)
	}
}

func TestDDTableUnknownAndBadCells(t *testing.T) {
	unknown := bridge.UnknownDDTable()
	for _, seat := range bridge.Seats {
		for _, strain := range bridge.Strains {
			if n, ok := unknown.Tricks(seat, strain); ok || n != bridge.DDUnknown {
				t.Fatalf("%s in %s: %d, %v; want DDUnknown", seat, strain, n, ok)
			}
		}
	}
	if _, ok := board1Table().Tricks(bridge.Seat(4), bridge.NoTrump); ok {
		t.Error("seat 4 has tricks")
	}
	if _, ok := board1Table().Tricks(bridge.North, bridge.Strain(5)); ok {
		t.Error("strain 5 has tricks")
	}
	for _, c := range []struct {
		seat   bridge.Seat
		strain bridge.Strain
		tricks int
		want   string
	}{
		{bridge.West, bridge.NoTrump, 14, "bridge: double-dummy table: West declaring NT takes 14 tricks (want 0 to 13)"},
		{bridge.East, bridge.StrainClubs, -2, "East declaring C takes -2 tricks"},
		{bridge.South, bridge.StrainSpades, bridge.DDUnknown, "South declaring S is unknown (want 0 to 13 tricks)"},
	} {
		tt := board1Table()
		tt[c.seat][c.strain] = c.tricks
		if err := tt.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s in %s with %d: error %v, want %q", c.seat, c.strain, c.tricks, err, c.want)
		}
	}
	if err := unknown.Validate(); err == nil || !strings.Contains(err.Error(), "North declaring NT is unknown") {
		t.Errorf("an unknown table: error %v, want the first cell, North in NT, named", err)
	}
}
