package movement

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Layout says how cards number the boards and what heads them.
type Layout struct {
	// BoardsPerSet and FirstBoard turn set numbers into board numbers, as
	// Boards does; FirstBoard 0 means 1.
	BoardsPerSet, FirstBoard int
	// Section is the section letter or name printed on every card; empty
	// for an event of one section.
	Section string
	// Title names the event: "Wednesday Pairs".
	Title string
}

// Boards returns the boards of set s, or 0, 0 for None.
func (l Layout) Boards(s int) (low, high int) {
	if l.FirstBoard == 0 {
		l.FirstBoard = 1
	}
	if s == None {
		return 0, 0
	}
	return Boards(s, l.BoardsPerSet, l.FirstBoard)
}

// CardKind tells table cards from guide cards.
type CardKind uint8

// The kinds of card.
const (
	// TableCard stands on a table: who sits there each round, the boards,
	// and where the pairs and boards go next.
	TableCard CardKind = iota + 1
	// GuideCard goes with a moving pair: where it sits each round, whom it
	// meets and which boards it plays.
	GuideCard
)

// Card is one table card or guide card.
type Card struct {
	Kind CardKind
	// Heading names the event, the section and the movement.
	Heading string
	// Title is what the card is for: "Table 3", or the starting place of a
	// guide card, "Start at table 3 EW".
	Title string
	// Table is the table of a table card; Entrant the pair (or team) of a
	// guide card.
	Table, Entrant int
	// Holder names whom a guide card is for: "Pair 8", or in a teams
	// movement, where each of a team's pairs keeps its direction, "Team 3,
	// North-South pair".
	Holder string
	// Rounds holds every round of the movement, in order. A guide card's
	// round in which the pair is at no table has Table 0.
	Rounds []CardRound
	// Notes are the movement's footnotes (Movement.Footnotes), printed
	// under the rounds.
	Notes []string
}

// CardRound is one round on a card: the seating of a table, seen from the
// table or from the pair of a guide card.
type CardRound struct {
	Round, Table int
	// NS and EW are the pairs at the table, None for an empty seat.
	NS, EW int
	// Set is the board set at the table and LowBoard..HighBoard its boards;
	// None and 0, 0 when the table has no boards.
	Set, LowBoard, HighBoard int
	// SharedWith lists the other tables playing the same boards this round
	// (in a teams movement: the other room of the match).
	SharedWith []int
	// Teams is set when NS and EW are teams, each fielding a pair here.
	Teams bool
	// NSNext and EWNext say where the North-South and East-West pairs play
	// next; BoardsNext where the boards are played next.
	NSNext, EWNext NextSeat
	BoardsNext     NextBoards
}

// NextSeat is where a pair next sits at a table.
type NextSeat struct {
	// Round is the next round the pair sits at a table: the following
	// round, or a later one after sitting out; 0 when it plays no more.
	Round, Table int
	NorthSouth   bool
}

// NextBoards is where a board set is next at a table.
type NextBoards struct {
	// Round is the next round the set is at a table: the following round,
	// or a later one after resting on a relay or bye-stand; 0 when the set
	// is not played again.
	Round int
	// Tables are the tables that have the set in that round, in order.
	Tables []int
}

// TableCards returns a card for every table that has a seating in m, in
// table order.
func TableCards(m Movement, layout Layout) []Card {
	x := NewSchedule(m)
	var cards []Card
	for _, t := range x.tables {
		c := Card{Kind: TableCard, Heading: cardHeading(m, layout), Title: fmt.Sprintf("Table %d", t), Table: t, Notes: m.Footnotes()}
		for r := 1; r <= x.rounds; r++ {
			if s, ok := x.at[tableRound{t, r}]; ok {
				c.Rounds = append(c.Rounds, x.cardRound(s, layout))
			} else {
				c.Rounds = append(c.Rounds, CardRound{Round: r, Table: t})
			}
		}
		cards = append(cards, c)
	}
	return cards
}

// GuideCards returns a card for every pair of m that changes table during
// the session (a pair that only changes direction, in an arrow-switched
// round, follows its table card) or arrives after round 1, to be told
// where to sit, ordered by where the pairs start: by the first round they
// sit at a table, then by table, North-South first. In a teams movement
// each team's two pairs have a card each, the North-South pair following
// its team's North-South seats and the East-West pair the others.
func GuideCards(m Movement, layout Layout) []Card {
	x := NewSchedule(m)
	type guide struct {
		holder  string
		entrant int
		seats   []pairSeat
	}
	var guides []guide
	for _, e := range m.Entrants() {
		if !m.Teams {
			guides = append(guides, guide{fmt.Sprintf("Pair %d", e), e, x.seats[e]})
			continue
		}
		for _, northSouth := range []bool{true, false} {
			seats := slices.DeleteFunc(slices.Clone(x.seats[e]), func(s pairSeat) bool { return s.place.northSouth != northSouth })
			if len(seats) > 0 {
				guides = append(guides, guide{fmt.Sprintf("Team %d, %s pair", e, pairMover(northSouth)), e, seats})
			}
		}
	}
	slices.SortStableFunc(guides, func(a, b guide) int {
		sa, sb := a.seats[0], b.seats[0]
		return cmp.Or(cmp.Compare(sa.seating.Round, sb.seating.Round), cmp.Compare(sa.place.table, sb.place.table),
			cmp.Compare(northSouthFirst(sa.place.northSouth), northSouthFirst(sb.place.northSouth)))
	})
	var cards []Card
	for _, g := range guides {
		first := g.seats[0]
		if !slices.ContainsFunc(g.seats, func(s pairSeat) bool { return s.place.table != first.place.table }) && first.seating.Round == 1 {
			continue
		}
		c := Card{Kind: GuideCard, Heading: cardHeading(m, layout), Title: startTitle(first), Entrant: g.entrant, Holder: g.holder, Notes: m.Footnotes()}
		for r := 1; r <= x.rounds; r++ {
			i := slices.IndexFunc(g.seats, func(s pairSeat) bool { return s.seating.Round == r })
			if i < 0 {
				c.Rounds = append(c.Rounds, CardRound{Round: r})
			} else {
				c.Rounds = append(c.Rounds, x.cardRound(g.seats[i].seating, layout))
			}
		}
		cards = append(cards, c)
	}
	return cards
}

// northSouthFirst orders North-South before East-West.
func northSouthFirst(northSouth bool) int {
	if northSouth {
		return 0
	}
	return 1
}

// cardHeading joins the event title, the section and the movement name.
func cardHeading(m Movement, layout Layout) string {
	var parts []string
	if layout.Title != "" {
		parts = append(parts, layout.Title)
	}
	if layout.Section != "" {
		parts = append(parts, "Section "+layout.Section)
	}
	if m.Name != "" {
		parts = append(parts, m.Name)
	}
	return strings.Join(parts, " · ")
}

// startTitle names a guide card by the pair's first place.
func startTitle(first pairSeat) string {
	title := fmt.Sprintf("Start at table %d %s", first.place.table, directionName(first.place.northSouth))
	if first.seating.Round > 1 {
		title += fmt.Sprintf(" in round %d", first.seating.Round)
	}
	return title
}

// directionName returns "NS" or "EW".
func directionName(northSouth bool) string {
	if northSouth {
		return "NS"
	}
	return "EW"
}
