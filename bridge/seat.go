package bridge

import (
	"fmt"
	"strings"
)

// Seat is a compass position at the table, numbered clockwise from North.
type Seat uint8

// The seats in clockwise order.
const (
	North Seat = iota
	East
	South
	West
)

// Seats lists the seats clockwise from North.
var Seats = [4]Seat{North, East, South, West}

var seatNames = [4]string{"North", "East", "South", "West"}

// Valid reports whether s is one of the four seats.
func (s Seat) Valid() bool { return s <= West }

// String returns the seat letter: "N", "E", "S" or "W".
func (s Seat) String() string {
	if !s.Valid() {
		return fmt.Sprintf("Seat(%d)", uint8(s))
	}
	return seatNames[s][:1]
}

// Name returns the seat's name: "North", "East", "South" or "West".
func (s Seat) Name() string {
	if !s.Valid() {
		return s.String()
	}
	return seatNames[s]
}

// Partner returns the seat opposite s.
func (s Seat) Partner() Seat { return (s + 2) % 4 }

// LHO returns the left-hand opponent of s, the next seat clockwise.
func (s Seat) LHO() Seat { return (s + 1) % 4 }

// RHO returns the right-hand opponent of s, the previous seat clockwise.
func (s Seat) RHO() Seat { return (s + 3) % 4 }

// Side returns the partnership s belongs to.
func (s Seat) Side() Side { return Side(s % 2) }

// ParseSeat reads a seat letter or name in any case: "N", "north", "North".
func ParseSeat(s string) (Seat, error) {
	t := upperASCII(strings.TrimSpace(s))
	for i, name := range seatNames {
		if t == strings.ToUpper(name) || t == name[:1] {
			return Seat(i), nil
		}
	}
	return 0, parseError("seat", s, "not a seat (want N, E, S, W or the name)")
}

// MarshalText writes the seat letter.
func (s Seat) MarshalText() ([]byte, error) { return marshalText("seat", s, s.Valid()) }

// UnmarshalText reads a seat as ParseSeat does.
func (s *Seat) UnmarshalText(b []byte) error { return unmarshalText(s, b, ParseSeat) }

// Side is a partnership: North-South or East-West.
type Side uint8

// The two sides.
const (
	NorthSouth Side = iota
	EastWest
)

// String returns "NS" or "EW".
func (s Side) String() string {
	switch s {
	case NorthSouth:
		return "NS"
	case EastWest:
		return "EW"
	}
	return fmt.Sprintf("Side(%d)", uint8(s))
}

// Opponents returns the other side.
func (s Side) Opponents() Side { return 1 - s%2 }

// Seats returns the two seats of the side, North or East first.
func (s Side) Seats() [2]Seat { return [2]Seat{Seat(s % 2), Seat(s%2 + 2)} }
