package movement

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// completeHowell returns the complete Howell for pairs, failing the test on error.
func completeHowell(t testing.TB, pairs int) Movement {
	t.Helper()
	m, err := Howell(pairs, HowellOptions{})
	if err != nil {
		t.Fatalf("Howell(%d): %v", pairs, err)
	}
	return m
}

func TestHowellIsValidAtEverySize(t *testing.T) {
	for pairs := MinHowellPairs; pairs <= MaxHowellPairs; pairs++ {
		t.Run(fmt.Sprint(pairs), func(t *testing.T) {
			m := completeHowell(t, pairs)
			if err := Check(m); err != nil {
				t.Fatalf("Check: %v", err)
			}
			tables := (pairs + 1) / 2
			rounds := 2*tables - 1
			meet := 1
			if tables == 2 {
				rounds, meet = 6, 2 // four pairs meet twice over six sets
			}
			if m.Tables != tables || m.Rounds != rounds || m.Sets != rounds {
				t.Errorf("tables, rounds, sets = %d, %d, %d, want %d, %d, %d", m.Tables, m.Rounds, m.Sets, tables, rounds, rounds)
			}
			r := Balance(m)
			if want := map[int]int{meet: pairs * (pairs - 1) / 2}; !maps.Equal(r.Meetings.Histogram, want) {
				t.Errorf("meetings = %v, want %v", r.Meetings.Histogram, want)
			}
			// Every pair plays every set once; with a phantom, every set
			// but the one it sits out.
			for _, p := range m.Entrants() {
				sets := map[int]int{}
				for _, at := range m.Path(p) {
					if at.Opponent != None {
						sets[at.Set]++
					}
				}
				want := m.Sets - pairs%2
				if len(sets) != want || slices.Max(slices.Collect(maps.Values(sets))) != 1 {
					t.Errorf("pair %d plays %d sets (%v), want %d once each", p, len(sets), sets, want)
				}
			}
			if pairs%2 == 0 && !slices.Equal(m.Stationary, []int{pairs}) {
				t.Errorf("stationary = %v, want [%d]", m.Stationary, pairs)
			}
			if pairs%2 == 1 && len(m.Stationary) != 0 {
				t.Errorf("stationary = %v, want none: the phantom takes the stationary seat", m.Stationary)
			}
		})
	}
}

// The phantom of an odd field is the stationary pair of the field one
// larger: table 1 is the sit-out table in every round and plays no boards.
func TestHowellPhantomSitsAtTableOne(t *testing.T) {
	for _, pairs := range []int{5, 7, 13, 29} {
		m := completeHowell(t, pairs)
		for _, s := range m.Seatings {
			sitOut := s.NS == None || s.EW == None
			if sitOut != (s.Table == 1) {
				t.Errorf("%d pairs: %v: the sit-out must be table 1 exactly", pairs, s)
			}
			if s.Table == 1 && (s.NS != None || s.Set != None) {
				t.Errorf("%d pairs: %v: the phantom sits North-South and the table plays no set", pairs, s)
			}
		}
		if even := completeHowell(t, pairs+1); pairs != 29 {
			for i, s := range m.Seatings {
				e := even.Seatings[i]
				if s.Table != 1 && s != e {
					t.Errorf("%d pairs: %v differs from %v in the %d-pair Howell", pairs, s, e, pairs+1)
				}
			}
		}
	}
}

func TestHowellThreeTablesShareTheLastSet(t *testing.T) {
	tests := []struct {
		pairs  int
		shares []Share
	}{
		{6, []Share{{5, 5, [2]int{1, 2}}, {5, 5, [2]int{1, 3}}, {5, 5, [2]int{2, 3}}}},
		{5, []Share{{5, 5, [2]int{2, 3}}}}, // table 1 sits out
	}
	for _, tt := range tests {
		m := completeHowell(t, tt.pairs)
		if !slices.Equal(m.Shares, tt.shares) {
			t.Errorf("%d pairs: shares = %v, want %v", tt.pairs, m.Shares, tt.shares)
		}
		if r := Balance(m); r.SharedSetRounds != 1 {
			t.Errorf("%d pairs: %d rounds share a set, want 1", tt.pairs, r.SharedSetRounds)
		}
	}
	for pairs := 7; pairs <= MaxHowellPairs; pairs++ {
		if m := completeHowell(t, pairs); len(m.Shares) != 0 {
			t.Errorf("%d pairs: shares %v, want none", pairs, m.Shares)
		}
	}
}

// howellBalance lists the comparison counts each Howell reaches, as
// documented in howell_tables.go.
var howellBalance = map[int][]int{
	4: {2}, 5: {0, 1, 2}, 6: {1, 2, 3}, 7: {2}, 8: {3}, 9: {2, 3, 4}, 10: {3, 4, 5},
	11: {4}, 12: {5}, 13: {5}, 14: {5, 6, 7}, 15: {5, 6, 7}, 16: {7},
	17: {7}, 18: {7, 8, 9}, 19: {8}, 20: {9}, 21: {8, 9, 10}, 22: {9, 10, 11},
	23: {10}, 24: {11}, 25: {10, 11, 12}, 26: {11, 12, 13}, 27: {11, 12, 13},
	28: {11, 13, 15}, 29: {13}, 30: {13, 14, 15},
}

func TestHowellBalanceReached(t *testing.T) {
	for pairs := MinHowellPairs; pairs <= MaxHowellPairs; pairs++ {
		r := Balance(completeHowell(t, pairs))
		if got := r.Comparisons.Values(); !slices.Equal(got, howellBalance[pairs]) {
			t.Errorf("%d pairs: comparisons %v, want the values %v", pairs, r.Comparisons.Histogram, howellBalance[pairs])
		}
		t.Logf("%2d pairs: comparisons %v, Manning SD %.3f, Qf %.2f", pairs, r.Comparisons.Histogram, r.Manning.SD, r.Qf)
	}
}

// Ours must be at least as well balanced as every published table of the
// same size, and better than the published ones that are not perfect where
// a better one exists.
func TestHowellAtLeastAsBalancedAsPublished(t *testing.T) {
	strictlyBetter := map[string]bool{
		"sywhub_howell_11pairs": true, "sywhub_howell_12pairs": true,
		"sywhub_howell_13pairs": true, "sywhub_howell_14pairs": true,
	}
	for _, f := range loadPublishedHowells(t) {
		t.Run(f.Name, func(t *testing.T) {
			published := f.movement()
			ours := Balance(completeHowell(t, len(published.Entrants())))
			theirs := Balance(published)
			if !ours.AtLeastAsBalancedAs(theirs) {
				t.Errorf("ours: Manning SD %.3f %v, published %.3f %v", ours.Manning.SD, ours.Comparisons.Histogram, theirs.Manning.SD, theirs.Comparisons.Histogram)
			}
			if strictlyBetter[f.Name] && theirs.AtLeastAsBalancedAs(ours) {
				t.Errorf("ours (SD %.3f) is no better than the published %.3f", ours.Manning.SD, theirs.Manning.SD)
			}
		})
	}
}

// The worked 4-table Howell of the reference (§1.3), as published: a valid,
// perfectly balanced Howell, and the one Director's search finds.
func TestWorkedFourTableHowell(t *testing.T) {
	rows := `
8-1 s1 | 6-3 s4 | 7-2 s6 | 4-5 s7
8-2 s2 | 7-4 s5 | 1-3 s7 | 5-6 s1
8-3 s3 | 1-5 s6 | 2-4 s1 | 6-7 s2
8-4 s4 | 2-6 s7 | 3-5 s2 | 7-1 s3
8-5 s5 | 3-7 s1 | 4-6 s3 | 1-2 s4
8-6 s6 | 4-1 s2 | 5-7 s4 | 2-3 s5
8-7 s7 | 5-2 s3 | 6-1 s5 | 3-4 s6`
	worked := Movement{Tables: 4, Rounds: 7, Sets: 7, Stationary: []int{8}}
	for r, line := range strings.Split(strings.TrimSpace(rows), "\n") {
		for t0, cell := range strings.Split(line, "|") {
			s := Seating{Round: r + 1, Table: t0 + 1}
			if _, err := fmt.Sscanf(strings.TrimSpace(cell), "%d-%d s%d", &s.NS, &s.EW, &s.Set); err != nil {
				t.Fatalf("row %d table %d %q: %v", r+1, t0+1, cell, err)
			}
			worked.Seatings = append(worked.Seatings, s)
		}
	}
	if err := Check(worked); err != nil {
		t.Fatalf("Check: %v", err)
	}
	r := Balance(worked)
	if want := map[int]int{3: 28}; !maps.Equal(r.Comparisons.Histogram, want) {
		t.Errorf("comparisons = %v, want %v", r.Comparisons.Histogram, want)
	}
	if ours := completeHowell(t, 8); !slices.Equal(ours.Seatings, worked.Seatings) {
		t.Errorf("Howell(8) differs from the worked example:\n%v\n%v", ours.Seatings, worked.Seatings)
	}
}

// TestPartialHowell: a partial Howell that no design of as many sets as
// rounds plays is made of rounds of the complete one, chosen at least as
// well as its first rounds.
func TestPartialHowell(t *testing.T) {
	tests := []struct{ pairs, rounds int }{
		{4, 3}, {5, 3}, {8, 5}, {7, 5}, {16, 9}, {15, 9},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d pairs %d rounds", tt.pairs, tt.rounds), func(t *testing.T) {
			size := [2]int{(tt.pairs + 1) / 2, tt.rounds}
			if _, ok := partialHowells[size]; ok || listedPartialHowells[size] != nil {
				t.Fatal("a design of as many sets as rounds plays this partial Howell: the case proves nothing")
			}
			m, err := Howell(tt.pairs, HowellOptions{Rounds: tt.rounds})
			if err != nil {
				t.Fatal(err)
			}
			if err := Check(m); err != nil {
				t.Fatalf("Check: %v", err)
			}
			if m.Rounds != tt.rounds || m.Tables != (tt.pairs+1)/2 {
				t.Errorf("rounds %d tables %d, want %d and %d", m.Rounds, m.Tables, tt.rounds, (tt.pairs+1)/2)
			}
			complete := completeHowell(t, tt.pairs)
			r := Balance(m)
			if most := slices.Max(r.Meetings.Values()); most > slices.Max(Balance(complete).Meetings.Values()) {
				t.Errorf("pairs meet up to %d times", most)
			}
			first := make([]int, tt.rounds)
			for i := range first {
				first[i] = i + 1
			}
			chosen, window := rateRounds(complete, pickHowellRounds(complete, tt.rounds)), rateRounds(complete, first)
			if window.betterThan(chosen) {
				t.Errorf("chosen rounds: %+v, first %d rounds %+v", chosen, tt.rounds, window)
			}
			if chosen.lonelySets == window.lonelySets && !r.AtLeastAsBalancedAs(Balance(keepRounds(complete, first))) {
				t.Errorf("chosen rounds: Manning SD %.3f, first %d rounds %.3f", r.Manning.SD, tt.rounds, window.manningSD)
			}
			t.Logf("%s: %+v (first rounds %+v), meetings %v, sets %d; %s", m.Name, chosen, window, r.Meetings.Histogram, m.Sets, m.Notes[len(m.Notes)-1])
		})
	}
}

// TestPartialHowellUsesOnlyTheBoardsItPlays: cut short to fewer rounds, a
// Howell plays one set a round, every set at as many tables as pairs play
// it, and every pair plays every set but the one it may sit out, with the
// pairs beyond the rounds stationary in a cyclic design; pairs meet at most
// once.
func TestPartialHowellUsesOnlyTheBoardsItPlays(t *testing.T) {
	designs := 0
	for pairs := MinHowellPairs; pairs <= MaxHowellPairs; pairs++ {
		tables := (pairs + 1) / 2
		for rounds := tables + 1; rounds <= 2*tables-2; rounds++ {
			_, cyclic := partialHowells[[2]int{tables, rounds}]
			if _, listed := listedPartialHowells[[2]int{tables, rounds}]; !cyclic && !listed {
				continue
			}
			designs++
			m, err := Howell(pairs, HowellOptions{Rounds: rounds})
			if err != nil {
				t.Fatal(err)
			}
			if err := Check(m); err != nil {
				t.Fatalf("%d pairs, %d rounds: Check: %v", pairs, rounds, err)
			}
			if m.Sets != rounds || m.Rounds != rounds || m.Tables != tables {
				t.Errorf("%s: %d sets, %d rounds at %d tables, want one set a round", m.Name, m.Sets, m.Rounds, m.Tables)
			}
			for _, e := range m.Entrants() {
				if played := len(m.Path(e)); played < rounds-pairs%2 {
					t.Errorf("%s: pair %d plays %d of the %d sets", m.Name, e, played, rounds)
				}
			}
			if most := slices.Max(Balance(m).Meetings.Values()); most > 1 {
				t.Errorf("%s: pairs meet up to %d times", m.Name, most)
			}
			// A cyclic design keeps the pairs beyond the rounds at their
			// tables; a listed one those that happen to stay.
			if want := 2*tables - rounds - pairs%2; cyclic && len(m.Stationary) != want {
				t.Errorf("%s: stationary pairs %v, want %d", m.Name, m.Stationary, want)
			}
		}
	}
	if designs < 2*70 {
		t.Errorf("%d partial Howells of as many sets as rounds, want them for most sizes", designs)
	}
}

func TestHowellCompleteRoundsAreNotPartial(t *testing.T) {
	full, err := Howell(10, HowellOptions{Rounds: 9})
	if err != nil {
		t.Fatal(err)
	}
	if want := completeHowell(t, 10); full.Name != want.Name || !slices.Equal(full.Seatings, want.Seatings) {
		t.Errorf("Rounds 9 of 10 pairs gives %q, want the complete %q", full.Name, want.Name)
	}
}

func TestHowellRejects(t *testing.T) {
	tests := []struct {
		pairs int
		opts  HowellOptions
		want  string
	}{
		{3, HowellOptions{}, "3 pairs"},
		{31, HowellOptions{}, "31 pairs"},
		{0, HowellOptions{}, "0 pairs"},
		{10, HowellOptions{Rounds: -1}, "-1 rounds"},
		{10, HowellOptions{Rounds: 10}, "the complete Howell has 9"},
	}
	for _, tt := range tests {
		_, err := Howell(tt.pairs, tt.opts)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Howell(%d, %+v) = %v, want an error naming %q", tt.pairs, tt.opts, err, tt.want)
		}
	}
}

func BenchmarkHowell(b *testing.B) {
	for _, bc := range []struct {
		name          string
		pairs, rounds int
	}{
		{"30pairs/complete", 30, 0},
		{"30pairs/three-quarter", 30, 22},
		{"16pairs/three-quarter", 16, 11},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Howell(bc.pairs, HowellOptions{Rounds: bc.rounds}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
