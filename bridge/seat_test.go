package bridge_test

import (
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestSeatRelations(t *testing.T) {
	tests := []struct {
		seat              bridge.Seat
		letter, name      string
		partner, lho, rho bridge.Seat
		side              bridge.Side
	}{
		{bridge.North, "N", "North", bridge.South, bridge.East, bridge.West, bridge.NorthSouth},
		{bridge.East, "E", "East", bridge.West, bridge.South, bridge.North, bridge.EastWest},
		{bridge.South, "S", "South", bridge.North, bridge.West, bridge.East, bridge.NorthSouth},
		{bridge.West, "W", "West", bridge.East, bridge.North, bridge.South, bridge.EastWest},
	}
	for _, tt := range tests {
		s := tt.seat
		if s.String() != tt.letter || s.Name() != tt.name {
			t.Errorf("seat %d: String %q Name %q, want %q %q", s, s.String(), s.Name(), tt.letter, tt.name)
		}
		if s.Partner() != tt.partner || s.LHO() != tt.lho || s.RHO() != tt.rho || s.Side() != tt.side {
			t.Errorf("%v: partner %v lho %v rho %v side %v; want %v %v %v %v",
				s, s.Partner(), s.LHO(), s.RHO(), s.Side(), tt.partner, tt.lho, tt.rho, tt.side)
		}
	}
}

func TestSide(t *testing.T) {
	if bridge.NorthSouth.String() != "NS" || bridge.EastWest.String() != "EW" {
		t.Errorf("sides print as %q and %q", bridge.NorthSouth, bridge.EastWest)
	}
	if bridge.NorthSouth.Opponents() != bridge.EastWest || bridge.EastWest.Opponents() != bridge.NorthSouth {
		t.Error("Opponents does not swap the sides")
	}
	if got := bridge.NorthSouth.Seats(); got != [2]bridge.Seat{bridge.North, bridge.South} {
		t.Errorf("NorthSouth.Seats() = %v", got)
	}
	if got := bridge.Side(2).String(); got != "Side(2)" {
		t.Errorf("Side(2).String() = %q", got)
	}
	if got := bridge.EastWest.Seats(); got != [2]bridge.Seat{bridge.East, bridge.West} {
		t.Errorf("EastWest.Seats() = %v", got)
	}
}

func TestInvalidSeat(t *testing.T) {
	s := bridge.Seat(4)
	if s.Valid() || s.String() != "Seat(4)" || s.Name() != "Seat(4)" {
		t.Errorf("Seat(4): valid %v, String %q, Name %q", s.Valid(), s.String(), s.Name())
	}
}

func TestParseSeat(t *testing.T) {
	tests := []struct {
		in   string
		want bridge.Seat
	}{
		{"N", bridge.North}, {"n", bridge.North}, {"north", bridge.North}, {"North", bridge.North}, {"NORTH", bridge.North},
		{"E", bridge.East}, {"east", bridge.East}, {"S", bridge.South}, {"South", bridge.South},
		{"w", bridge.West}, {" West ", bridge.West},
	}
	for _, tt := range tests {
		got, err := bridge.ParseSeat(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseSeat(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "X", "NS", "Nort", "northwest", "0", "ſouth"} {
		_, err := bridge.ParseSeat(bad)
		wantError(t, err, `bridge: seat "`+bad+`"`, "not a seat")
	}
}
