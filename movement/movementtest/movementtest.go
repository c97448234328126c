// Package movementtest gives the tests of the packages that print and
// exchange movements (formats/movementcards, formats/rounddata) the two
// movements ../shared/reference/movements.md writes out in full: the
// five-table Mitchell of §1.1 and the four-table Howell of §1.3.
//
// Mitchell and Howell build them (movement's own tests hold the two to the
// reference's tables); here they carry the reference's names and none of
// the instructions the generators add, as the reference shows them.
package movementtest

import (
	"testing"

	"github.com/bridge-director/director/movement"
)

// Mitchell5 is the five-table Mitchell: North-South pairs 1-5 stay,
// East-West pairs 6-10 move up a table and the boards down one.
func Mitchell5(t testing.TB) movement.Movement {
	t.Helper()
	m, err := movement.Mitchell(5, movement.MitchellOptions{})
	return reference(t, m, err, "Mitchell, 5 tables")
}

// Howell4 is the four-table Howell of eight pairs: pair 8 stays at table 1
// North-South.
func Howell4(t testing.TB) movement.Movement {
	t.Helper()
	m, err := movement.Howell(8, movement.HowellOptions{})
	return reference(t, m, err, "Howell, 4 tables")
}

// reference names m as the reference does and drops its notes, failing the
// test when m could not be built.
func reference(t testing.TB, m movement.Movement, err error, name string) movement.Movement {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	m.Name, m.Notes = name, nil
	return m
}
