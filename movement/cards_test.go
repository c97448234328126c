package movement

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden card files under testdata")

// cardsText returns the table cards and then the guide cards of m as text.
func cardsText(t *testing.T, m Movement, layout Layout) string {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteCardsText(&buf, append(TableCards(m, layout), GuideCards(m, layout)...)); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func TestCardsTextGolden(t *testing.T) {
	for _, tc := range []struct {
		file   string
		m      Movement
		layout Layout
	}{
		{"cards_mitchell5.txt", mitchell5(t), Layout{BoardsPerSet: 4, Section: "A", Title: "Wednesday Pairs"}},
		{"cards_howell4.txt", howell4(t), Layout{BoardsPerSet: 3, FirstBoard: 1, Title: "Friday Howell"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			got := cardsText(t, tc.m, tc.layout)
			path := filepath.Join("testdata", tc.file)
			if *updateGolden {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("cards differ from %s (go test -run TestCardsTextGolden -update rewrites it):\n%s", path, got)
			}
		})
	}
}

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
					low, high := setBoards(s.Set, 2, 1)
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

// halfTableMitchell is the reference Mitchell with East-West pair 10
// absent: the North-South pair due to meet it sits out.
func halfTableMitchell(t *testing.T) Movement {
	m := mitchell5(t)
	m.Name = "Mitchell, 4½ tables"
	for i, s := range m.Seatings {
		if s.EW == 10 {
			m.Seatings[i].EW = None
		}
	}
	return m
}

func TestCardsSayWhoSitsOutAndWhereBoardsRest(t *testing.T) {
	published := loadPublishedHowells(t)
	i := slices.IndexFunc(published, func(f publishedHowell) bool { return f.Name == "bridgette_howell_6pairs" })
	if i < 0 {
		t.Fatal("no bridgette_howell_6pairs fixture")
	}
	absentPair := Movement{Name: "Two tables", Tables: 2, Rounds: 3, Sets: 3, Seatings: []Seating{
		{1, 1, 1, 2, 1}, {1, 2, 3, None, 2},
		{2, 1, 1, 3, 2}, {2, 2, None, None, None},
		{3, 1, 1, None, 1}, {3, 2, 3, 2, 3},
	}}
	for _, tc := range []struct {
		name        string
		m           Movement
		kind        CardKind
		tableOrPair int
		round       int
		want        []string
	}{
		// Table 5 of the half-table Mitchell: NS 5 would meet pair 10.
		{"half table, table card", halfTableMitchell(t), TableCard, 5, 1, []string{"1", "5", "–", "17-20", "stay", "", "table 4", "NS sit out"}},
		{"half table, guide card", halfTableMitchell(t), GuideCard, 6, 5, []string{"5", "5", "EW", "5", "13-16"}},
		{"half table, pair before a sit-out", halfTableMitchell(t), GuideCard, 9, 4, []string{"4", "2", "EW", "2", "17-20"}},
		{"pair at no table next", absentPair, TableCard, 1, 1, []string{"1", "1", "2", "1-2", "stay", "sit out, then table 2 EW", "relay, then table 1", ""}},
		{"empty table", absentPair, TableCard, 2, 2, []string{"2", "–", "–", "–", "", "", "", "no play"}},
		{"guide card at no table", absentPair, GuideCard, 2, 2, []string{"2", "–", "sit out", "", ""}},
		{"relay", howell4(t), TableCard, 2, 1, []string{"1", "6", "3", "10-12", "table 4 EW", "table 3 EW", "relay 2 rounds, then table 1"}},
		{"shared set", published[i].movement(), TableCard, 1, 5, []string{"5", "1", "6", "13-15", "–", "–", "–", "share boards with tables 2 and 3"}},
		{"shared set, guide card", published[i].movement(), GuideCard, 6, 5, []string{"5", "1", "EW", "1", "13-15", "share boards with tables 2 and 3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			layout := Layout{BoardsPerSet: 4}
			if tc.m.Name == "Two tables" {
				layout.BoardsPerSet = 2
			}
			if strings.HasPrefix(tc.name, "relay") || strings.HasPrefix(tc.name, "shared") {
				layout.BoardsPerSet = 3
			}
			cards := TableCards(tc.m, layout)
			if tc.kind == GuideCard {
				cards = GuideCards(tc.m, layout)
			}
			k := slices.IndexFunc(cards, func(c Card) bool { return c.Table == tc.tableOrPair || c.Entrant == tc.tableOrPair })
			if k < 0 {
				t.Fatalf("no card for %d", tc.tableOrPair)
			}
			_, rows := cardGrid(cards[k])
			if got := rows[tc.round-1]; !slices.Equal(got, tc.want) {
				t.Errorf("%s, round %d shows %q, want %q", cards[k].Title, tc.round, got, tc.want)
			}
		})
	}
}

func TestCardWritersRefuseWhatTheyCannotPrint(t *testing.T) {
	m := mitchell5(t)
	for _, tc := range []struct {
		name  string
		cards []Card
		want  string
	}{
		{"no cards", nil, "no cards to print"},
		{"no boards per set", TableCards(m, Layout{}), `card "Table 1", round 1: set 1 is boards 1 to 0`},
		{"negative first board", TableCards(m, Layout{BoardsPerSet: 2, FirstBoard: -4}), "FirstBoard at least 1"},
		{"no kind", []Card{{Title: "Table 9"}}, `card "Table 9" is of no known kind`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			textErr := WriteCardsText(&bytes.Buffer{}, tc.cards)
			pdfErr := WriteCardsPDF(&bytes.Buffer{}, tc.cards, CardOptions{})
			for _, err := range []error{textErr, pdfErr} {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %v, want one containing %q", err, tc.want)
				}
			}
		})
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
	// Pair 3 keeps table 1: no guide card.
	if want := []string{"1:Start at table 1 NS", "2:Start at table 1 EW", "4:Start at table 2 EW in round 2"}; !slices.Equal(titles, want) {
		t.Errorf("guide cards %q, want %q", titles, want)
	}
}
