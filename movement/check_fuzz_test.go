package movement

import (
	"errors"
	"slices"
	"testing"
)

// fuzzMovement reads a small movement from bytes: Rounds, Tables, Sets, a
// flags byte (bit 0 two winners, bit 1 one stationary pair, bits 2–3 the
// number of shares, bit 4 an enormous Sets, bit 5 teams), the stationary pair, the
// shares (round, set, table, table) and then seatings of five bytes
// (round, table, NS+1, EW+1, set). Values stay small so that valid and
// nearly valid movements are common; each can still fall out of range.
func fuzzMovement(data []byte) Movement {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return int(b)
	}
	m := Movement{Rounds: next() % 5, Tables: next() % 5, Sets: next() % 6}
	flags := next()
	m.TwoWinners = flags&1 != 0
	if flags&2 != 0 {
		m.Stationary = []int{next() % 8}
	}
	for range (flags >> 2) % 4 {
		m.Shares = append(m.Shares, Share{Round: next() % 5, Set: next() % 6, Tables: [2]int{next() % 5, next() % 5}})
	}
	if flags&16 != 0 {
		m.Sets = 1 << 50
	}
	m.Teams = flags&32 != 0
	for len(data) >= 5 {
		m.Seatings = append(m.Seatings, Seating{Round: next() % 5, Table: next() % 5,
			NS: next()%9 - 1, EW: next()%9 - 1, Set: next() % 6})
	}
	return m
}

// fuzzBytes writes a movement the way fuzzMovement reads it, for seeds.
func fuzzBytes(m Movement) []byte {
	flags := 0
	if m.TwoWinners {
		flags |= 1
	}
	if len(m.Stationary) > 0 {
		flags |= 2
	}
	flags |= len(m.Shares) << 2
	if m.Teams {
		flags |= 32
	}
	out := []byte{byte(m.Rounds), byte(m.Tables), byte(m.Sets), byte(flags)}
	if len(m.Stationary) > 0 {
		out = append(out, byte(m.Stationary[0]))
	}
	for _, s := range m.Shares {
		out = append(out, byte(s.Round), byte(s.Set), byte(s.Tables[0]), byte(s.Tables[1]))
	}
	for _, s := range m.Seatings {
		out = append(out, byte(s.Round), byte(s.Table), byte(s.NS+1), byte(s.EW+1), byte(s.Set))
	}
	return out
}

// validSlowly is an independent reading of the rules Check enforces, by
// brute force over every two seatings; it says only whether m is valid.
func validSlowly(m Movement) bool {
	if m.Rounds < 1 || m.Tables < 1 || m.Sets < 1 || len(m.Seatings) != m.Rounds*m.Tables {
		return false
	}
	plays := func(s Seating) bool { return s.NS != None && s.EW != None }
	shared := func(round, set, a, b int) bool {
		return slices.ContainsFunc(m.Shares, func(sh Share) bool {
			return sh.Round == round && sh.Set == set && (sh.Tables == [2]int{a, b} || sh.Tables == [2]int{b, a})
		})
	}
	for i, s := range m.Seatings {
		if s.Round < 1 || s.Round > m.Rounds || s.Table < 1 || s.Table > m.Tables ||
			s.Set < 0 || s.Set > m.Sets || s.NS < 0 || s.EW < 0 ||
			(s.NS != None && s.NS == s.EW) || (plays(s) && s.Set == None) {
			return false
		}
		for _, o := range m.Seatings[i+1:] {
			common := slices.ContainsFunc([]int{o.NS, o.EW}, func(e int) bool { return e != None && (e == s.NS || e == s.EW) })
			if m.Teams { // a team sits once in each direction
				common = s.NS != None && s.NS == o.NS || s.EW != None && s.EW == o.EW
			}
			bothPlay := plays(s) && plays(o)
			switch {
			case s.Round == o.Round && s.Table == o.Table,
				s.Round == o.Round && common,
				bothPlay && common && s.Set == o.Set,
				bothPlay && s.Round == o.Round && s.Set == o.Set && !m.Teams && !shared(s.Round, s.Set, s.Table, o.Table):
				return false
			}
		}
	}
	setAt := func(round, table int) int {
		for _, s := range m.Seatings {
			if s.Round == round && s.Table == table {
				return s.Set
			}
		}
		return -1
	}
	for _, sh := range m.Shares {
		if sh.Tables[0] == sh.Tables[1] || sh.Set < 1 || sh.Set > m.Sets ||
			setAt(sh.Round, sh.Tables[0]) != sh.Set || setAt(sh.Round, sh.Tables[1]) != sh.Set {
			return false
		}
	}
	for set := 1; set <= m.Sets; set++ {
		if !slices.ContainsFunc(m.Seatings, func(s Seating) bool { return plays(s) && s.Set == set }) {
			return false
		}
	}
	for _, e := range m.Stationary {
		if e == None {
			return false
		}
		for _, s := range m.Seatings {
			for _, o := range m.Seatings {
				if (s.NS == e || s.EW == e) && (o.NS == e || o.EW == e) && s.Table != o.Table {
					return false
				}
			}
		}
	}
	if m.TwoWinners {
		for _, s := range m.Seatings {
			for _, o := range m.Seatings {
				if s.NS != None && s.NS == o.EW {
					return false
				}
			}
		}
	}
	return true
}

func FuzzCheck(f *testing.F) {
	shared := twoTablesOneSet()
	shared.Shares = []Share{{Round: 1, Set: 1, Tables: [2]int{1, 2}}}
	stationary := threeTableMitchell()
	stationary.Stationary = []int{2}
	broken := threeTableMitchell()
	broken.Seatings[4].Set = 1
	match, _ := TeamsMovement([][]Match{{{1, 2}}, {{2, 1}}}, 4)
	for _, m := range []Movement{threeTableMitchell(), twoTablesOneSet(), shared, stationary, broken, match} {
		f.Add(fuzzBytes(m))
	}
	f.Add([]byte{})
	f.Add([]byte{1, 1, 1, 16, 1, 1, 2, 3, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		m := fuzzMovement(data)
		err := Check(m)
		var ce *CheckError
		if err != nil && (!errors.As(err, &ce) || ce.Reason == "") {
			t.Fatalf("Check returned %#v, want a *CheckError with a reason", err)
		}
		if slow := validSlowly(m); slow != (err == nil) {
			t.Fatalf("Check = %v but the slow check says valid = %v for %+v", err, slow, m)
		}
		Balance(m) // reads any movement without panicking
	})
}
