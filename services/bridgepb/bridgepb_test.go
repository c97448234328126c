package bridgepb

import (
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
