package movement

import (
	"fmt"
	"strings"
	"testing"
)

// The movements the reference (movements.md §1.1 and §1.3) writes out,
// verbatim: "NS-EW sSet" for every table of every round.
const (
	referenceMitchell5 = `
| 1 | 1-1 s1 | 2-2 s2 | 3-3 s3 | 4-4 s4 | 5-5 s5 |
| 2 | 1-5 s2 | 2-1 s3 | 3-2 s4 | 4-3 s5 | 5-4 s1 |
| 3 | 1-4 s3 | 2-5 s4 | 3-1 s5 | 4-2 s1 | 5-3 s2 |
| 4 | 1-3 s4 | 2-4 s5 | 3-5 s1 | 4-1 s2 | 5-2 s3 |
| 5 | 1-2 s5 | 2-3 s1 | 3-4 s2 | 4-5 s3 | 5-1 s4 |`
	referenceHowell4 = `
| 1 | 8-1 s1 | 6-3 s4 | 7-2 s6 | 4-5 s7 |
| 2 | 8-2 s2 | 7-4 s5 | 1-3 s7 | 5-6 s1 |
| 3 | 8-3 s3 | 1-5 s6 | 2-4 s1 | 6-7 s2 |
| 4 | 8-4 s4 | 2-6 s7 | 3-5 s2 | 7-1 s3 |
| 5 | 8-5 s5 | 3-7 s1 | 4-6 s3 | 1-2 s4 |
| 6 | 8-6 s6 | 4-1 s2 | 5-7 s4 | 2-3 s5 |
| 7 | 8-7 s7 | 5-2 s3 | 6-1 s5 | 3-4 s6 |`
)

// referenceMovement reads a table in the reference's notation. ewFrom is
// added to every East-West pair: a Mitchell's East-West pair e is pair
// tables+e in Director's numbering, a Howell's keeps its number.
func referenceMovement(t testing.TB, name, table string, ewFrom int) Movement {
	t.Helper()
	m := Movement{Name: name}
	for _, line := range strings.Split(strings.TrimSpace(table), "\n") {
		cells := strings.Split(strings.Trim(line, "| "), "|")
		var round int
		if _, err := fmt.Sscanf(cells[0], "%d", &round); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		for i, cell := range cells[1:] {
			s := Seating{Round: round, Table: i + 1}
			if _, err := fmt.Sscanf(strings.TrimSpace(cell), "%d-%d s%d", &s.NS, &s.EW, &s.Set); err != nil {
				t.Fatalf("%q: %v", cell, err)
			}
			s.EW += ewFrom
			m.Seatings = append(m.Seatings, s)
			m.Tables, m.Rounds, m.Sets = max(m.Tables, s.Table), max(m.Rounds, round), max(m.Sets, s.Set)
		}
	}
	return m
}

// mitchell5 is the five-table Mitchell of the reference: North-South pairs
// 1-5 stay, East-West pairs 6-10 move up a table and the boards down one.
func mitchell5(t testing.TB) Movement {
	m := referenceMovement(t, "Mitchell, 5 tables", referenceMitchell5, 5)
	m.TwoWinners = true
	m.Stationary = []int{1, 2, 3, 4, 5}
	return m
}

// howell4 is the four-table Howell of the reference: pair 8 stays at
// table 1 North-South.
func howell4(t testing.TB) Movement {
	m := referenceMovement(t, "Howell, 4 tables", referenceHowell4, 0)
	m.Stationary = []int{8}
	return m
}

func TestReferenceMovementsAreValid(t *testing.T) {
	for _, m := range []Movement{mitchell5(t), howell4(t)} {
		if err := Check(m); err != nil {
			t.Errorf("%s: %v", m.Name, err)
		}
		if len(m.Seatings) != m.Tables*m.Rounds {
			t.Errorf("%s: %d seatings, want %d", m.Name, len(m.Seatings), m.Tables*m.Rounds)
		}
	}
}
