package movement

import (
	"fmt"
	"slices"
	"testing"
)

// cardMovements are the movements whose cards must follow the schedule:
// the reference tables, every published Howell, and the generators' output.
func cardMovements(t *testing.T) []Movement {
	ms := []Movement{mitchell5(t), howell4(t)}
	for _, f := range loadPublishedHowells(t) {
		ms = append(ms, f.movement())
	}
	for tables := 3; tables <= 10; tables++ {
		for _, opts := range []MitchellOptions{
			{}, {HalfTable: true}, {Style: MitchellSkip}, {Style: MitchellRelayByeStand},
			{Style: MitchellRelayByeStand, HalfTable: true}, {Style: MitchellHesitation}, {ArrowSwitch: []int{2}},
		} {
			if m, err := Mitchell(tables, opts); err == nil {
				ms = append(ms, m)
			}
		}
	}
	for pairs := MinHowellPairs; pairs <= 16; pairs++ {
		m, err := Howell(pairs, HowellOptions{})
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return ms
}

// whereNext finds, by scanning the seatings, the first round after r in
// which entrant e sits at a table, and its seat there.
func whereNext(m Movement, e, r int) NextSeat {
	best := NextSeat{}
	for _, s := range m.Seatings {
		if s.Round <= r || best.Round != 0 && s.Round >= best.Round {
			continue
		}
		if s.NS == e || s.EW == e {
			best = NextSeat{Round: s.Round, Table: s.Table, NorthSouth: s.NS == e}
		}
	}
	return best
}

// boardsNext finds, by scanning the seatings, the tables that have set s
// in the first round after r in which any table has it.
func boardsNext(m Movement, s, r int) NextBoards {
	for next := r + 1; next <= m.Rounds; next++ {
		var tables []int
		for _, x := range m.Seatings {
			if x.Round == next && x.Set == s {
				tables = append(tables, x.Table)
			}
		}
		if len(tables) > 0 {
			slices.Sort(tables)
			return NextBoards{Round: next, Tables: tables}
		}
	}
	return NextBoards{}
}

func TestTableCardsSendPairsAndBoardsWhereTheyPlayNext(t *testing.T) {
	for _, m := range cardMovements(t) {
		t.Run(m.Name, func(t *testing.T) {
			cards := TableCards(m, Layout{BoardsPerSet: 2})
			if len(cards) != m.Tables {
				t.Fatalf("%d table cards, want %d", len(cards), m.Tables)
			}
			for i, c := range cards {
				if c.Kind != TableCard || c.Table != i+1 || c.Title != fmt.Sprintf("Table %d", i+1) || len(c.Rounds) != m.Rounds {
					t.Fatalf("card %d: %v %q for table %d with %d rounds, want table %d with %d", i+1, c.Kind, c.Title, c.Table, len(c.Rounds), i+1, m.Rounds)
				}
				for _, r := range c.Rounds {
					s, _ := m.At(r.Round, c.Table)
					low, high := s.Boards(2, 1)
					if r.NS != s.NS || r.EW != s.EW || r.Set != s.Set || r.LowBoard != low || r.HighBoard != high {
						t.Fatalf("table %d round %d shows %+v, want seating %v, boards %d-%d", c.Table, r.Round, r, s, low, high)
					}
					for _, p := range []struct {
						pair int
						got  NextSeat
					}{{r.NS, r.NSNext}, {r.EW, r.EWNext}} {
						if want := whereNext(m, p.pair, r.Round); p.pair != None && p.got != want {
							t.Errorf("table %d round %d: pair %d goes to %+v, but plays next at %+v", c.Table, r.Round, p.pair, p.got, want)
						}
					}
					if want := boardsNext(m, r.Set, r.Round); r.Set != None && !equalNextBoards(r.BoardsNext, want) {
						t.Errorf("table %d round %d: set %d goes to %+v, but is next at %+v", c.Table, r.Round, r.Set, r.BoardsNext, want)
					}
					if r.Round == m.Rounds && (r.NSNext != NextSeat{} || r.EWNext != NextSeat{} || r.BoardsNext.Round != 0) {
						t.Errorf("table %d: the last round sends pairs or boards on: %+v", c.Table, r)
					}
				}
			}
		})
	}
}

func equalNextBoards(a, b NextBoards) bool {
	return a.Round == b.Round && slices.Equal(a.Tables, b.Tables)
}

func TestGuideCardsFollowEveryMovingPair(t *testing.T) {
	for _, m := range cardMovements(t) {
		t.Run(m.Name, func(t *testing.T) {
			cards := GuideCards(m, Layout{BoardsPerSet: 3, FirstBoard: 1})
			var got []int
			for _, c := range cards {
				got = append(got, c.Entrant)
			}
			slices.Sort(got)
			var moving []int
			for _, e := range m.Entrants() {
				tables := map[int]bool{}
				for _, s := range m.Seatings {
					if s.NS == e || s.EW == e {
						tables[s.Table] = true
					}
				}
				if len(tables) > 1 {
					moving = append(moving, e)
				}
				if len(tables) > 1 && slices.Contains(m.Stationary, e) {
					t.Errorf("pair %d is listed as stationary but sits at %d tables", e, len(tables))
				}
			}
			if !slices.Equal(got, moving) {
				t.Fatalf("guide cards for pairs %v, want the pairs that change tables %v", got, moving)
			}
			for _, c := range cards {
				if len(c.Rounds) != m.Rounds {
					t.Fatalf("pair %d: %d rounds, want %d", c.Entrant, len(c.Rounds), m.Rounds)
				}
				for i, r := range c.Rounds {
					var want Seating
					for _, s := range m.Seatings {
						if s.Round == i+1 && (s.NS == c.Entrant || s.EW == c.Entrant) {
							want = s
						}
					}
					if r.Round != i+1 || r.Table != want.Table || r.NS != want.NS || r.EW != want.EW || r.Set != want.Set {
						t.Errorf("pair %d round %d: card shows %+v, want %v", c.Entrant, i+1, r, want)
					}
				}
				first := c.Rounds[0]
				if want := fmt.Sprintf("Start at table %d %s", first.Table, map[bool]string{true: "NS", false: "EW"}[first.NS == c.Entrant]); first.Table != 0 && c.Title != want {
					t.Errorf("pair %d: title %q, want %q", c.Entrant, c.Title, want)
				}
			}
		})
	}
}

func TestGuideCardsAreOrderedByStart(t *testing.T) {
	cards := GuideCards(howell4(t), Layout{BoardsPerSet: 3})
	var titles []string
	for _, c := range cards {
		titles = append(titles, fmt.Sprintf("%d:%s", c.Entrant, c.Title))
	}
	want := []string{"1:Start at table 1 EW", "6:Start at table 2 NS", "3:Start at table 2 EW", "7:Start at table 3 NS", "2:Start at table 3 EW", "4:Start at table 4 NS", "5:Start at table 4 EW"}
	if !slices.Equal(titles, want) {
		t.Errorf("guide cards %q, want %q", titles, want)
	}
}

func TestGuideCardOfALateStarter(t *testing.T) {
	m := Movement{Name: "Late pairs", Tables: 2, Rounds: 3, Sets: 3, Seatings: []Seating{
		{1, 1, 1, 2, 1}, {1, 2, None, None, None},
		{2, 1, 3, 1, 2}, {2, 2, 2, 4, 3},
		{3, 1, 4, 3, 1}, {3, 2, 1, 2, 2},
	}}
	var titles []string
	for _, c := range GuideCards(m, Layout{BoardsPerSet: 2}) {
		titles = append(titles, fmt.Sprintf("%d:%s", c.Entrant, c.Title))
	}
	// Pair 3 keeps table 1, but arrives in round 2: its card tells it where
	// to sit.
	if want := []string{"1:Start at table 1 NS", "2:Start at table 1 EW", "3:Start at table 1 NS in round 2", "4:Start at table 2 EW in round 2"}; !slices.Equal(titles, want) {
		t.Errorf("guide cards %q, want %q", titles, want)
	}
}
