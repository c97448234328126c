// Package bridgepb converts between the bridge vocabulary (package bridge)
// and its protobuf messages (bridge.type.v1), for every service.
package bridgepb

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// Seat converts a seat to its enum.
func Seat(s bridge.Seat) typev1.Seat { return typev1.Seat(int32(s) + 1) }

// SeatFrom converts an enum to a seat, reporting false for an unspecified or
// unknown value.
func SeatFrom(s typev1.Seat) (bridge.Seat, bool) {
	seat := bridge.Seat(s - 1)
	return seat, s > 0 && seat.Valid()
}

// Side converts a side to its enum.
func Side(s bridge.Side) typev1.Side { return typev1.Side(int32(s) + 1) }

// SideFrom converts an enum to a side, reporting false for an unspecified or
// unknown value.
func SideFrom(s typev1.Side) (bridge.Side, bool) {
	side := bridge.Side(s - 1)
	return side, s == typev1.Side_SIDE_NORTH_SOUTH || s == typev1.Side_SIDE_EAST_WEST
}

// Vulnerability converts a vulnerability to its enum.
func Vulnerability(v bridge.Vulnerability) typev1.Vulnerability {
	return typev1.Vulnerability(int32(v) + 1)
}

// VulnerabilityFrom converts an enum to a vulnerability, reporting false for
// an unspecified or unknown value.
func VulnerabilityFrom(v typev1.Vulnerability) (bridge.Vulnerability, bool) {
	vul := bridge.Vulnerability(v - 1)
	return vul, v > 0 && vul.Valid()
}

// Board converts a board, with what players read beside each hand.
func Board(b bridge.Board) *typev1.Board {
	return &typev1.Board{
		Number:        int32(b.Number),
		Dealer:        Seat(b.Dealer),
		Vulnerability: Vulnerability(b.Vulnerability),
		Deal:          Deal(b.Deal),
	}
}

// Deal converts a deal.
func Deal(d bridge.Deal) *typev1.Deal {
	hand := func(h bridge.Hand) *typev1.Hand {
		return &typev1.Hand{Cards: h.String(), Hcp: int32(h.HCP()), Shape: h.ShapeString()}
	}
	return &typev1.Deal{
		North: hand(d[bridge.North]), East: hand(d[bridge.East]),
		South: hand(d[bridge.South]), West: hand(d[bridge.West]),
		Pbn: d.PBN(bridge.North),
	}
}

// BoardFrom converts a board message back, checking it.
func BoardFrom(b *typev1.Board) (bridge.Board, error) {
	d, err := bridge.ParsePBNDeal(b.GetDeal().GetPbn())
	if err != nil {
		return bridge.Board{}, fmt.Errorf("board %d: %w", b.GetNumber(), err)
	}
	dealer, okDealer := SeatFrom(b.GetDealer())
	vul, okVul := VulnerabilityFrom(b.GetVulnerability())
	if !okDealer || !okVul {
		return bridge.Board{}, fmt.Errorf("board %d: dealer %v, vulnerability %v", b.GetNumber(), b.GetDealer(), b.GetVulnerability())
	}
	board := bridge.Board{Number: int(b.GetNumber()), Dealer: dealer, Vulnerability: vul, Deal: d}
	return board, board.Validate()
}

// DDTable converts a double-dummy table: a row per declarer, in the order of
// bridge.DDSeats.
func DDTable(t bridge.DDTable) *typev1.DoubleDummyTable {
	out := &typev1.DoubleDummyTable{}
	for _, seat := range bridge.DDSeats {
		row := t[seat]
		out.Declarers = append(out.Declarers, &typev1.DoubleDummyTricks{
			Declarer: Seat(seat),
			NoTrump:  int32(row[bridge.NoTrump]), Spades: int32(row[bridge.StrainSpades]), Hearts: int32(row[bridge.StrainHearts]),
			Diamonds: int32(row[bridge.StrainDiamonds]), Clubs: int32(row[bridge.StrainClubs]),
		})
	}
	return out
}

// DDTableFrom converts a double-dummy table message back, checking that it
// has one row for each declarer and 0 to 13 tricks in every cell.
func DDTableFrom(m *typev1.DoubleDummyTable) (bridge.DDTable, error) {
	t := bridge.UnknownDDTable()
	for i, row := range m.GetDeclarers() {
		seat, ok := SeatFrom(row.GetDeclarer())
		if !ok || t[seat][bridge.NoTrump] != bridge.DDUnknown {
			return t, fmt.Errorf("double-dummy table: row %d: declarer %v is not a seat without a row before", i+1, row.GetDeclarer())
		}
		t[seat][bridge.NoTrump], t[seat][bridge.StrainSpades], t[seat][bridge.StrainHearts] = int(row.GetNoTrump()), int(row.GetSpades()), int(row.GetHearts())
		t[seat][bridge.StrainDiamonds], t[seat][bridge.StrainClubs] = int(row.GetDiamonds()), int(row.GetClubs())
	}
	return t, t.Validate()
}
