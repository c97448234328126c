package movement

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The worked five-table Mitchell of the reference (§1.1), entries "NS-EW sN"
// with East-West pair e numbered 5+e here.
func TestMitchellFiveTablesMatchesReference(t *testing.T) {
	reference := [5][5][2]int{ // [round][table] = {EW as printed, set}
		{{1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}},
		{{5, 2}, {1, 3}, {2, 4}, {3, 5}, {4, 1}},
		{{4, 3}, {5, 4}, {1, 5}, {2, 1}, {3, 2}},
		{{3, 4}, {4, 5}, {5, 1}, {1, 2}, {2, 3}},
		{{2, 5}, {3, 1}, {4, 2}, {5, 3}, {1, 4}},
	}
	m, err := Mitchell(5, MitchellOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Rounds != 5 || m.Sets != 5 || len(m.Seatings) != 25 || !m.TwoWinners || len(m.Shares) != 0 {
		t.Fatalf("%d rounds, %d sets, %d seatings, two winners %v, %d shares", m.Rounds, m.Sets, len(m.Seatings), m.TwoWinners, len(m.Shares))
	}
	for r, row := range reference {
		for tb, want := range row {
			got, _ := m.At(r+1, tb+1)
			if got != (Seating{r + 1, tb + 1, tb + 1, 5 + want[0], want[1]}) {
				t.Errorf("round %d table %d: %v, want %d-%d s%d", r+1, tb+1, got, tb+1, want[0], want[1])
			}
		}
	}
}

// mitchellCase is one movement of the walk over every size and option.
type mitchellCase struct {
	tables int
	opts   MitchellOptions
}

func (c mitchellCase) String() string {
	return fmt.Sprintf("%d tables %+v", c.tables, c.opts)
}

// everyMitchell lists every style that applies to every size from 3 to 30
// tables, full and half, shortened, and with arrow switches.
func everyMitchell() []mitchellCase {
	var out []mitchellCase
	for n := 3; n <= 30; n++ {
		styles := []MitchellStyle{MitchellStandard, MitchellHesitation}
		if n%2 == 0 {
			styles = []MitchellStyle{MitchellStandard, MitchellSkip, MitchellRelayByeStand}
		}
		for _, style := range styles {
			skip := style == MitchellSkip || (style == MitchellStandard && n%2 == 0)
			variants := []MitchellOptions{
				{Style: style},
				{Style: style, Rounds: 2},
				{Style: style, ArrowSwitch: []int{2}},
				{Style: style, ArrowSwitch: []int{1, 3}, Rounds: 3},
				{Style: style, HalfTable: true},
				{Style: style, HalfTable: true, ArrowSwitch: []int{2}},
			}
			if skip {
				variants = append(variants[:4], MitchellOptions{Style: style, Rounds: n}) // the revenge round
			}
			for _, v := range variants {
				out = append(out, mitchellCase{n, v})
			}
		}
	}
	return out
}

func TestEveryMitchellPassesCheck(t *testing.T) {
	cases := everyMitchell()
	if len(cases) < 28*5 {
		t.Fatalf("only %d movements", len(cases))
	}
	for _, c := range cases {
		m, err := Mitchell(c.tables, c.opts)
		if err != nil {
			t.Errorf("%v: %v", c, err)
			continue
		}
		if err := Check(m); err != nil {
			t.Errorf("%v: Check: %v", c, err)
		}
		if want := len(c.opts.ArrowSwitch) == 0 && c.opts.Style != MitchellHesitation; m.TwoWinners != want {
			t.Errorf("%v: TwoWinners = %v", c, m.TwoWinners)
		}
		if c.opts.Rounds != 0 && m.Rounds != c.opts.Rounds {
			t.Errorf("%v: %d rounds", c, m.Rounds)
		}
		testSitOuts(t, c, m)
		testArrowSwitch(t, c, m)
	}
}

// A half table leaves exactly one table a round with an empty seat; a
// full field none.
func testSitOuts(t *testing.T, c mitchellCase, m Movement) {
	t.Helper()
	want := 0
	if c.opts.HalfTable {
		want = 1
	}
	for r := 1; r <= m.Rounds; r++ {
		sitOuts := 0
		for _, s := range m.Round(r) {
			if !s.playing() {
				sitOuts++
			}
		}
		if sitOuts != want {
			t.Errorf("%v: round %d has %d sit-outs, want %d", c, r, sitOuts, want)
		}
	}
	if got := len(m.Entrants()); got != 2*c.tables-want {
		t.Errorf("%v: %d pairs, want %d", c, got, 2*c.tables-want)
	}
}

// Switched rounds are the unswitched movement with North-South and
// East-West exchanged at every table, other rounds unchanged.
func testArrowSwitch(t *testing.T, c mitchellCase, m Movement) {
	t.Helper()
	if len(c.opts.ArrowSwitch) == 0 {
		return
	}
	plain := c.opts
	plain.ArrowSwitch = nil
	p, err := Mitchell(c.tables, plain)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range m.Seatings {
		want := p.Seatings[i]
		if slices.Contains(c.opts.ArrowSwitch, s.Round) {
			want.NS, want.EW = want.EW, want.NS
		}
		if s != want {
			t.Errorf("%v: %v, want %v", c, s, want)
			return
		}
	}
}

// Every East-West pair meets a North-South pair at most once, never its
// own field; in a full odd Mitchell and in a relay and bye-stand Mitchell
// every East-West pair meets every North-South pair (n rounds), in a skip
// Mitchell n−1 of them.
func TestMitchellMeetings(t *testing.T) {
	for n := 3; n <= 30; n++ {
		opts := []MitchellOptions{{Style: MitchellStandard}}
		if n%2 == 0 {
			opts = append(opts, MitchellOptions{Style: MitchellRelayByeStand})
		}
		for _, o := range opts {
			m, err := Mitchell(n, o)
			if err != nil {
				t.Fatal(err)
			}
			wantRounds := n
			if n%2 == 0 && o.Style == MitchellStandard {
				wantRounds = n - 1
			}
			if m.Rounds != wantRounds {
				t.Errorf("%s: %d rounds, want %d", m.Name, m.Rounds, wantRounds)
			}
			r := Balance(m)
			for _, p := range r.Pairs {
				sameField := (p.A <= n) == (p.B <= n)
				if p.Meetings > 1 || (sameField && p.Meetings != 0) {
					t.Fatalf("%s: pairs %d and %d meet %d times", m.Name, p.A, p.B, p.Meetings)
				}
			}
			if got := r.Meetings.Histogram[1]; got != n*m.Rounds {
				t.Errorf("%s: %d pairs of pairs meet, want %d", m.Name, got, n*m.Rounds)
			}
		}
	}
}

// The skip formula, checked as movement: from one round to the next every
// East-West pair moves up one table (n to 1), two at the skip after round
// n/2, and every set moves down one table (1 to n).
func TestSkipMitchellMoves(t *testing.T) {
	for n := 4; n <= 30; n += 2 {
		m, err := Mitchell(n, MitchellOptions{Style: MitchellSkip, Rounds: n})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(m.Notes, func(s string) bool { return strings.Contains(s, fmt.Sprintf("skip after round %d", n/2)) }) {
			t.Errorf("%d tables: no skip note in %q", n, m.Notes)
		}
		for r := 1; r < m.Rounds; r++ {
			step := 1
			if r == n/2 {
				step = 2
			}
			for tb := 1; tb <= n; tb++ {
				now, _ := m.At(r, tb)
				next, _ := m.At(r+1, (tb-1+step)%n+1)
				if next.EW != now.EW {
					t.Fatalf("%d tables, round %d: EW %d at table %d, next round table %d holds %d", n, r, now.EW, tb, (tb-1+step)%n+1, next.EW)
				}
				down, _ := m.At(r+1, (tb-2+n)%n+1)
				if down.Set != now.Set {
					t.Fatalf("%d tables, round %d: set %d at table %d did not move down", n, r, now.Set, tb)
				}
			}
		}
		// Round n is the revenge round against round 1's opponents.
		for tb := 1; tb <= n; tb++ {
			first, _ := m.At(1, tb)
			last, _ := m.At(n, tb)
			if first.EW != last.EW {
				t.Errorf("%d tables: round %d at table %d is not a revenge round", n, n, tb)
			}
		}
	}
}

// The relay and bye-stand Mitchell: tables 1 and n share their set every
// round, the set on the bye-stand (played nowhere) comes to table n/2 next
// round, and table n/2+1's set goes to the bye-stand.
func TestRelayByeStandMitchellMoves(t *testing.T) {
	for n := 4; n <= 30; n += 2 {
		m, err := Mitchell(n, MitchellOptions{Style: MitchellRelayByeStand})
		if err != nil {
			t.Fatal(err)
		}
		if m.Rounds != n || m.Sets != n || len(m.Shares) != n {
			t.Fatalf("%s: %d rounds, %d sets, %d shares", m.Name, m.Rounds, m.Sets, len(m.Shares))
		}
		for r := 1; r <= n; r++ {
			sh := m.Shares[r-1]
			t1, _ := m.At(r, 1)
			if sh.Round != r || sh.Tables != [2]int{1, n} || sh.Set != t1.Set {
				t.Errorf("%s: share %+v in round %d, table 1 plays set %d", m.Name, sh, r, t1.Set)
			}
			if r == n {
				break
			}
			onStand := byeStandSet(m, r)
			if next, _ := m.At(r+1, n/2); next.Set != onStand {
				t.Errorf("%s round %d: set %d on the bye-stand, table %d plays %d next", m.Name, r, onStand, n/2, next.Set)
			}
			if from, _ := m.At(r, n/2+1); byeStandSet(m, r+1) != from.Set {
				t.Errorf("%s round %d: table %d's set %d is not on the bye-stand next", m.Name, r, n/2+1, from.Set)
			}
		}
		// Half table: table n has no North-South pair and nothing is shared.
		h, err := Mitchell(n, MitchellOptions{Style: MitchellRelayByeStand, HalfTable: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(h.Shares) != 0 || slices.Contains(h.Stationary, n) {
			t.Errorf("%s: shares %v, stationary %v", h.Name, h.Shares, h.Stationary)
		}
		for r := 1; r <= h.Rounds; r++ {
			if s, _ := h.At(r, n); s.NS != None {
				t.Errorf("%s: round %d table %d has NS %d", h.Name, r, n, s.NS)
			}
		}
	}
}

// byeStandSet returns the one set no table holds in round r.
func byeStandSet(m Movement, r int) int {
	held := map[int]bool{}
	for _, s := range m.Round(r) {
		held[s.Set] = true
	}
	for set := 1; set <= m.Sets; set++ {
		if !held[set] {
			return set
		}
	}
	return None
}

// The hesitation Mitchell: the East-West pair of table 1 sits North-South
// there next round, the North-South pair of table 1 goes to table 2
// East-West; North-South pairs 2..n stay; every pair plays every round and
// each stationary pair meets every moving pair once.
func TestHesitationMitchellMoves(t *testing.T) {
	for n := 3; n <= 29; n += 2 {
		m, err := Mitchell(n, MitchellOptions{Style: MitchellHesitation})
		if err != nil {
			t.Fatal(err)
		}
		if m.Rounds != n+1 || m.Sets != n+1 || m.TwoWinners || len(m.Stationary) != n-1 || m.Stationary[0] != 2 {
			t.Fatalf("%s: %d rounds, %d sets, two winners %v, stationary %v", m.Name, m.Rounds, m.Sets, m.TwoWinners, m.Stationary)
		}
		for r := 1; r < m.Rounds; r++ {
			t1, _ := m.At(r, 1)
			next1, _ := m.At(r+1, 1)
			next2, _ := m.At(r+1, 2)
			if next1.NS != t1.EW || next2.EW != t1.NS {
				t.Fatalf("%s round %d: table 1 %v, next round table 1 %v, table 2 %v", m.Name, r, t1, next1, next2)
			}
		}
		r := Balance(m)
		moving := []int{1}
		for p := n + 1; p <= 2*n; p++ {
			moving = append(moving, p)
		}
		for ns := 2; ns <= n; ns++ {
			for _, mv := range moving {
				if p, _ := r.Pair(ns, mv); p.Meetings != 1 {
					t.Fatalf("%s: stationary %d and moving %d meet %d times", m.Name, ns, mv, p.Meetings)
				}
			}
		}
	}
}

func TestMitchellRejectsBadOptions(t *testing.T) {
	tests := []struct {
		tables int
		opts   MitchellOptions
		want   string
	}{
		{2, MitchellOptions{}, "mitchell: 2 tables, want 3 to 100"},
		{101, MitchellOptions{}, "mitchell: 101 tables, want 3 to 100"},
		{5, MitchellOptions{Style: MitchellSkip}, "mitchell: a skip is for an even number of tables, not 5"},
		{7, MitchellOptions{Style: MitchellRelayByeStand}, "mitchell: a relay and bye-stand is for an even number of tables, not 7"},
		{6, MitchellOptions{Style: MitchellHesitation}, "mitchell: a hesitation Mitchell needs an odd number of tables, not 6: take a skip or a relay and bye-stand"},
		{6, MitchellOptions{HalfTable: true}, "mitchell: a half table with an even number of tables takes the relay and bye-stand, not a skip (the pair sitting out first would sit out again)"},
		{5, MitchellOptions{Style: 9}, "mitchell: unknown style 9"},
		{5, MitchellOptions{Rounds: 6}, "mitchell: 6 rounds, want 2 to 5 for this movement"},
		{6, MitchellOptions{Rounds: 7}, "mitchell: 7 rounds, want 2 to 6 for this movement"},
		{5, MitchellOptions{Rounds: -1}, "mitchell: -1 rounds, want 2 to 5 for this movement"},
		{5, MitchellOptions{Rounds: 1}, "mitchell: 1 rounds, want 2 to 5 for this movement"},
		{5, MitchellOptions{ArrowSwitch: []int{6}}, "mitchell: arrow switch in round 6: want distinct rounds 1 to 5"},
		{5, MitchellOptions{ArrowSwitch: []int{2, 2}}, "mitchell: arrow switch in round 2: want distinct rounds 1 to 5"},
	}
	for _, tt := range tests {
		_, err := Mitchell(tt.tables, tt.opts)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Mitchell(%d, %+v) = %v, want %q", tt.tables, tt.opts, err, tt.want)
		}
	}
}

func TestMitchellSections(t *testing.T) {
	secs, err := MitchellSections(3, 7, MitchellOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(secs) != 3 {
		t.Fatalf("%d sections", len(secs))
	}
	for i, s := range secs {
		letter := string(rune('A' + i))
		if !strings.HasSuffix(s.Name, "section "+letter) {
			t.Errorf("section %d named %q", i, s.Name)
		}
		if err := Check(s); err != nil {
			t.Errorf("%s: %v", s.Name, err)
		}
		if !slices.Equal(s.Seatings, secs[0].Seatings) {
			t.Errorf("%s: seatings differ from section A", s.Name)
		}
	}
	secs[1].Seatings[0].NS = 99
	if secs[0].Seatings[0].NS == 99 {
		t.Error("sections share their seatings slice")
	}
	for _, n := range []int{0, 27} {
		if _, err := MitchellSections(n, 7, MitchellOptions{}); err == nil {
			t.Errorf("MitchellSections(%d, …) accepted", n)
		}
	}
	if _, err := MitchellSections(2, 2, MitchellOptions{}); err == nil {
		t.Error("MitchellSections accepted 2 tables")
	}
}

func BenchmarkMitchell30(b *testing.B) {
	for b.Loop() {
		if _, err := Mitchell(30, MitchellOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
