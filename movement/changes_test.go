package movement

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// made is a movement a test makes with a generator that must not fail.
func made(m Movement, err error) Movement {
	if err != nil {
		panic(err)
	}
	return m
}

// sameRounds fails unless got seats rounds 1..to-1 as want does.
func sameRounds(t *testing.T, got, want Movement, to int) {
	t.Helper()
	for r := 1; r < to; r++ {
		if g, w := got.Round(r), want.Round(r); !slices.Equal(g, w) {
			t.Fatalf("round %d, played before the change, became %v; was %v", r, g, w)
		}
	}
}

// TestAddLateTakesTheEmptySeats: a late pair takes the phantom's seat of
// every round from its first, with the boards the full field plays there
// (and the relay its table then shares); the rounds before are kept and
// the movement it came from is unchanged. It gets a guide card saying
// where to sit, and the footnotes say the sit-out ends when it comes.
func TestAddLateTakesTheEmptySeats(t *testing.T) {
	for _, c := range []struct {
		name       string
		m, full    Movement
		late, from int
	}{
		// Thirteen pairs: the Howell's sit-out table has no boards.
		{"Howell", made(Howell(13, HowellOptions{})), made(Howell(14, HowellOptions{})), 14, 3},
		{"Howell cut short", made(Howell(13, HowellOptions{Rounds: 11})), made(Howell(14, HowellOptions{Rounds: 11})), 14, 4},
		// A Mitchell a pair short: East-West pair 14 is missing, and the
		// table where its opponents sit out keeps the set it would play.
		{"Mitchell", made(Mitchell(7, MitchellOptions{HalfTable: true})), Movement{}, 14, 5},
		// Eight tables a pair short: table 8 has no North-South pair, so
		// tables 1 and 8 share the relay only once the late pair sits there.
		{"relay Mitchell", made(Mitchell(8, MitchellOptions{Style: MitchellRelayByeStand, HalfTable: true})), made(Mitchell(8, MitchellOptions{Style: MitchellRelayByeStand})), 8, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := slices.Clone(c.m.Seatings)
			got, err := c.m.AddLate(c.late, c.from, c.full)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(c.m.Seatings, before) {
				t.Fatal("AddLate changed the movement it was given")
			}
			sameRounds(t, got, c.m, c.from)
			path := got.Path(c.late)
			if len(path) != c.m.Rounds-c.from+1 || path[0].Round != c.from {
				t.Fatalf("pair %d's path %v: want every round from %d", c.late, path, c.from)
			}
			for _, p := range path {
				old, _ := c.m.At(p.Round, p.Table)
				want := old.Set
				if want == None {
					full, _ := c.full.At(p.Round, p.Table)
					want = full.Set
				}
				if p.Opponent == None || p.Set != want || (old.NS != None && old.EW != None) {
					t.Errorf("round %d: pair %d at table %d against %d on set %d; want the empty seat, against the pair that sat out, on set %d", p.Round, c.late, p.Table, p.Opponent, p.Set, want)
				}
			}
			cards := GuideCards(got, Layout{BoardsPerSet: 2})
			if !slices.ContainsFunc(cards, func(card Card) bool {
				return card.Entrant == c.late && strings.HasSuffix(card.Title, fmt.Sprintf(" in round %d", c.from))
			}) {
				t.Errorf("no guide card tells pair %d where to sit in round %d", c.late, c.from)
			}
			var late bool
			for _, n := range got.RoundNotes {
				if n.SitOut && (n.To == 0 || n.To >= c.from) {
					t.Errorf("footnote %q: nobody sits out for want of a pair from round %d", n, c.from)
				}
				late = late || n.From == c.from && strings.HasPrefix(n.Text, fmt.Sprintf("pair %d, arriving late, sits ", c.late))
			}
			until := fmt.Sprintf("rounds 1–%d: ", c.from-1)
			if c.from == 2 {
				until = "round 1: "
			}
			if !late || !slices.ContainsFunc(got.Footnotes(), func(s string) bool { return strings.HasPrefix(s, until) }) {
				t.Errorf("footnotes %q: want the sit-out until round %d and the late pair from then", got.Footnotes(), c.from-1)
			}
			if shares := len(got.Shares) > len(c.m.Shares); shares != slices.Contains(got.Footnotes(), fmt.Sprintf("from round %d: tables 1 and 8 share their set, exchanging boards during the round", c.from)) {
				t.Errorf("footnotes %q: want the relay the late pair's table joins said when there is one (%v)", got.Footnotes(), shares)
			}
		})
	}
}

func TestAddLateRefusesWhatCannotBeSeated(t *testing.T) {
	howell := made(Howell(13, HowellOptions{}))
	full := made(Howell(14, HowellOptions{}))
	mitchell := made(Mitchell(7, MitchellOptions{}))
	for _, c := range []struct {
		name       string
		m, full    Movement
		late, from int
		want       string
	}{
		{"already plays", howell, full, 13, 2, "entrant 13 already plays"},
		{"no number", howell, full, 0, 2, "numbered from 1"},
		{"round 0", howell, full, 14, 0, "round 0 is outside the movement's rounds 1 to 13"},
		{"after the last round", howell, full, 14, 14, "round 14 is outside"},
		{"no sit-out", mitchell, full, 15, 2, "round 2 has 0 empty seats"},
		{"full field without boards there", howell, howell, 14, 2, "seats no two pairs with boards at table 1 in round 2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.m.AddLate(c.late, c.from, c.full)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("AddLate(%d, %d): %v, want an error saying %q", c.late, c.from, err, c.want)
			}
		})
	}
}

// TestWithdrawEmptiesTheSeats: a pair that leaves after round 5 is seated
// nowhere from round 6, its opponents sit out at their table with its
// boards, and rounds 1 to 5 are kept.
func TestWithdrawEmptiesTheSeats(t *testing.T) {
	m := made(Howell(14, HowellOptions{}))
	got, err := m.Withdraw(5, 6)
	if err != nil {
		t.Fatal(err)
	}
	sameRounds(t, got, m, 6)
	for _, p := range m.Path(5) {
		now, _ := got.At(p.Round, p.Table)
		switch {
		case p.Round < 6:
			continue
		case now.NS == 5 || now.EW == 5:
			t.Errorf("round %d: pair 5 still seated: %v", p.Round, now)
		case now.NS != p.Opponent && now.EW != p.Opponent || now.Set != p.Set:
			t.Errorf("round %d: %v; want pair %d sitting out with set %d", p.Round, now, p.Opponent, p.Set)
		}
	}
	for _, c := range []struct {
		entrant, from int
		want          string
	}{
		{15, 6, "entrant 15 does not play"},
		{None, 6, "entrant 0 does not play"},
		{5, 14, "round 14 is outside"},
	} {
		if _, err := m.Withdraw(c.entrant, c.from); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Withdraw(%d, %d): %v, want an error saying %q", c.entrant, c.from, err, c.want)
		}
	}
}

// TestReplacementPairTakesTheWithdrawnSeats: a pair leaves after round 3
// and another arrives for round 5: it takes the seats left empty and the
// boards there, without asking the full field.
func TestReplacementPairTakesTheWithdrawnSeats(t *testing.T) {
	m := made(Mitchell(7, MitchellOptions{}))
	gone, err := m.Withdraw(9, 4)
	if err != nil {
		t.Fatal(err)
	}
	got, err := gone.AddLate(15, 5, Movement{})
	if err != nil {
		t.Fatal(err)
	}
	sameRounds(t, got, gone, 5)
	for _, p := range m.Path(9) {
		if p.Round < 5 {
			continue
		}
		if now, _ := got.At(p.Round, p.Table); now.EW != 15 || now.Set != p.Set {
			t.Errorf("round %d table %d: %v; want pair 15 in pair 9's seat on set %d", p.Round, p.Table, now, p.Set)
		}
	}
	// The footnotes follow: the withdrawal's sit-out held in round 4 only.
	for _, want := range []string{"round 4: pair 9 has withdrawn: the pair due to meet it sits out",
		"from round 5: pair 15, arriving late, sits East-West at table 6 first, then moves as its guide card shows"} {
		if !slices.Contains(got.Footnotes(), want) {
			t.Errorf("footnotes %q, want %q", got.Footnotes(), want)
		}
	}
}

// TestChangeFromARound: the director arrow-switches the last four rounds
// of a Mitchell: rounds 1 to 3 stay as played, every pair plays its sets
// once, and the field has one winner from then on.
func TestChangeFromARound(t *testing.T) {
	m := made(Mitchell(7, MitchellOptions{}))
	switched := made(Mitchell(7, MitchellOptions{ArrowSwitch: []int{4, 5, 6, 7}}))
	got, err := m.ChangeFrom(4, switched)
	if err != nil {
		t.Fatal(err)
	}
	sameRounds(t, got, m, 4)
	for r := 4; r <= 7; r++ {
		if g, w := got.Round(r), switched.Round(r); !slices.Equal(g, w) {
			t.Fatalf("round %d: %v, want the new movement's %v", r, g, w)
		}
	}
	if got.TwoWinners || !slices.Equal(got.Stationary, m.Stationary) || got.Rounds != 7 {
		t.Errorf("two winners %v, stationary %v, %d rounds; want one winner, pairs 1-7 stationary, 7 rounds", got.TwoWinners, got.Stationary, got.Rounds)
	}
	// The footnotes say what each part of the movement does: the notes
	// both movements share hold throughout, the others for their rounds.
	notes := got.Footnotes()
	if !strings.Contains(got.Name, "from round 4") || !slices.Contains(notes, "rounds 1–3: played as "+m.Name) ||
		!slices.Contains(notes, "from round 4: arrow switch in round 4, 5, 6, 7: North-South pairs play the East-West cards") ||
		!slices.Equal(got.Notes, m.Notes) {
		t.Errorf("name %q, footnotes %q: want both to say what was played before round 4, and the arrow switch from round 4", got.Name, notes)
	}
	if again, err := m.ChangeFrom(1, switched); err != nil || !slices.Equal(again.Seatings, switched.Seatings) {
		t.Errorf("a change from round 1 is the new movement: %v", err)
	}
}

// TestChangeFromARoundWithAnotherTable: a table joins for round 3; the
// rounds before have it empty, and two winners are kept since nobody
// changes direction.
func TestChangeFromARoundWithAnotherTable(t *testing.T) {
	m := Movement{Name: "two tables", Tables: 2, Rounds: 2, Sets: 4, TwoWinners: true, Stationary: []int{1, 2}, Seatings: []Seating{
		{Round: 1, Table: 1, NS: 1, EW: 3, Set: 1}, {Round: 1, Table: 2, NS: 2, EW: 4, Set: 2},
		{Round: 2, Table: 1, NS: 1, EW: 4, Set: 3}, {Round: 2, Table: 2, NS: 2, EW: 3, Set: 4},
	}}
	next := Movement{Name: "three tables", Tables: 3, Rounds: 3, Sets: 5, TwoWinners: true, Stationary: []int{1, 2, 5}, Seatings: []Seating{
		{Round: 3, Table: 1, NS: 1, EW: 3, Set: 2}, {Round: 3, Table: 2, NS: 2, EW: 4, Set: 1}, {Round: 3, Table: 3, NS: 5, EW: 6, Set: 5},
	}}
	got, err := m.ChangeFrom(3, next)
	if err != nil {
		t.Fatal(err)
	}
	for r := 1; r <= 2; r++ {
		if empty, ok := got.At(r, 3); !ok || empty.NS != None || empty.EW != None || empty.Set != None {
			t.Errorf("round %d table 3: %v %v, want an empty table", r, empty, ok)
		}
	}
	if got.Tables != 3 || got.Sets != 5 || !got.TwoWinners || !slices.Equal(got.Stationary, []int{1, 2}) {
		t.Errorf("%d tables, %d sets, two winners %v, stationary %v; want 3, 5, true, [1 2]", got.Tables, got.Sets, got.TwoWinners, got.Stationary)
	}
}

func TestChangeFromARoundRefusesAReplay(t *testing.T) {
	m := made(Mitchell(7, MitchellOptions{}))
	howell := made(Howell(14, HowellOptions{}))
	_, err := m.ChangeFrom(4, howell)
	var ce *CheckError
	if !errors.As(err, &ce) || ce.Rule != RuleReplay || !strings.Contains(err.Error(), "changing the movement from round 4 would break the movement") {
		t.Errorf("Mitchell then Howell from round 4: %v; want a replayed set", err)
	}
	short := made(Mitchell(7, MitchellOptions{Rounds: 3}))
	for _, c := range []struct {
		from int
		next Movement
		want string
	}{
		{0, howell, "round 0: a movement of 7 rounds changes from round 1 to 8"},
		{9, howell, "round 9"},
		{4, short, "the new movement has 3 rounds, so it cannot take over in round 4"},
	} {
		if _, err := m.ChangeFrom(c.from, c.next); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ChangeFrom(%d): %v, want an error saying %q", c.from, err, c.want)
		}
	}
}

// TestNumberAsASection: the movement's pairs (or teams) take a section's
// numbers, lowest to lowest.
func TestNumberAsASection(t *testing.T) {
	m := made(Mitchell(3, MitchellOptions{}))
	got, err := m.NumberAs([]int{26, 21, 22, 23, 24, 25})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Entrants(), []int{21, 22, 23, 24, 25, 26}) || !slices.Equal(got.Stationary, []int{21, 22, 23}) {
		t.Errorf("entrants %v, stationary %v", got.Entrants(), got.Stationary)
	}
	if first, _ := got.At(1, 1); first.NS != 21 || first.EW != 24 {
		t.Errorf("round 1 table 1: %v, want 21 v 24", first)
	}
	if _, err := m.NumberAs([]int{1, 2, 3}); err == nil || !strings.Contains(err.Error(), "seats 6 pairs, the section has 3 entrants") {
		t.Errorf("three numbers for six pairs: %v", err)
	}
}

// TestLateTextForAnEntrantSeatedNowhere: the note for a late entrant the
// movement does not seat says so rather than failing.
func TestLateTextForAnEntrantSeatedNowhere(t *testing.T) {
	m, err := Mitchell(3, MitchellOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := lateText(m, 99), "pair 99, arriving late, sits out"; got != want {
		t.Errorf("lateText = %q, want %q", got, want)
	}
	if got := lateText(m, 1); !strings.Contains(got, "pair 1, arriving late, sits North-South at table 1") {
		t.Errorf("lateText for pair 1 = %q", got)
	}
}
