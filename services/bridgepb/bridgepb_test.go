package bridgepb

import (
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

func TestEnumsRoundTrip(t *testing.T) {
	for _, s := range bridge.Seats {
		if got, ok := SeatFrom(Seat(s)); !ok || got != s {
			t.Errorf("seat %v came back as %v, %v", s, got, ok)
		}
	}
	if Seat(bridge.North) != typev1.Seat_SEAT_NORTH || Seat(bridge.West) != typev1.Seat_SEAT_WEST {
		t.Error("seats do not map to their enum names")
	}
	for _, bad := range []typev1.Seat{typev1.Seat_SEAT_UNSPECIFIED, 5, -1} {
		if _, ok := SeatFrom(bad); ok {
			t.Errorf("SeatFrom(%v) accepted", bad)
		}
	}
	if Side(bridge.EastWest) != typev1.Side_SIDE_EAST_WEST {
		t.Error("East-West does not map to SIDE_EAST_WEST")
	}
	for _, s := range []bridge.Side{bridge.NorthSouth, bridge.EastWest} {
		if got, ok := SideFrom(Side(s)); !ok || got != s {
			t.Errorf("side %v came back as %v, %v", s, got, ok)
		}
	}
	if _, ok := SideFrom(typev1.Side_SIDE_UNSPECIFIED); ok {
		t.Error("SideFrom(SIDE_UNSPECIFIED) accepted")
	}
	for v := bridge.VulNone; v <= bridge.VulBoth; v++ {
		if got, ok := VulnerabilityFrom(Vulnerability(v)); !ok || got != v {
			t.Errorf("vulnerability %v came back as %v, %v", v, got, ok)
		}
	}
	if Vulnerability(bridge.VulNS) != typev1.Vulnerability_VULNERABILITY_NORTH_SOUTH {
		t.Error("NS does not map to VULNERABILITY_NORTH_SOUTH")
	}
}

func TestBoardRoundTrip(t *testing.T) {
	d, err := bridge.ParsePBNDeal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
	if err != nil {
		t.Fatal(err)
	}
	b := bridge.NewBoard(14, d)
	m := Board(b)
	if m.GetDeal().GetNorth().GetHcp() != 37 || m.GetDeal().GetWest().GetShape() != "1-4-4-4" || m.GetDealer() != typev1.Seat_SEAT_EAST {
		t.Errorf("board message %v: want North 37 HCP, West 1-4-4-4, East dealing", m)
	}
	back, err := BoardFrom(m)
	if err != nil || back != b {
		t.Errorf("round trip: %+v, %v; want %+v", back, err, b)
	}
	m.Deal.Pbn = "N:AKQJ.AKQ.AKQ.AKQ"
	if _, err := BoardFrom(m); err == nil {
		t.Error("a board with one hand was accepted")
	}
}

// TestDDTableRoundTrip converts the table DDS gives the first deal of its
// list10 and back: the rows come North, South, East, West, and a row
// missing, doubled or out of range is refused.
func TestDDTableRoundTrip(t *testing.T) {
	// TABLE 5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 6: by strain (spades,
	// hearts, diamonds, clubs, no trumps), then declarer (N, E, S, W).
	ns, ew := [5]int{7, 5, 6, 5, 6}, [5]int{5, 7, 6, 8, 6}
	table := bridge.DDTable{bridge.North: ns, bridge.East: ew, bridge.South: ns, bridge.West: ew}
	m := DDTable(table)
	if back, err := DDTableFrom(m); err != nil || back != table {
		t.Errorf("%v round trips to %v, %v", table, back, err)
	}
	if r := m.GetDeclarers(); len(r) != 4 || r[0].GetDeclarer() != typev1.Seat_SEAT_NORTH || r[1].GetDeclarer() != typev1.Seat_SEAT_SOUTH ||
		r[0].GetSpades() != 5 || r[0].GetClubs() != 7 || r[3].GetDeclarer() != typev1.Seat_SEAT_WEST || r[3].GetSpades() != 8 {
		t.Errorf("rows %v: want North (5 in spades, 7 in clubs), South, East, West (8 in spades)", r)
	}
	m.Declarers[1].Declarer = typev1.Seat_SEAT_NORTH
	if _, err := DDTableFrom(m); err == nil || !strings.Contains(err.Error(), "row 2") {
		t.Errorf("North's row twice: %v, want an error naming row 2", err)
	}
	m = DDTable(table)
	m.Declarers[2].Hearts = 14
	if _, err := DDTableFrom(m); err == nil || !strings.Contains(err.Error(), "East declaring H takes 14") {
		t.Errorf("14 tricks: %v", err)
	}
	m = DDTable(table)
	m.Declarers = m.Declarers[:3]
	if _, err := DDTableFrom(m); err == nil || !strings.Contains(err.Error(), "West") {
		t.Errorf("no row for West: %v", err)
	}
}
