package movementcards

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/bridge-director/director/movement"
)

// cardColumn is a column of a card's grid.
type cardColumn struct {
	header string
	// wide columns hold words and are set flush left; the others hold
	// numbers and are centred.
	wide bool
}

// cardGrid returns the columns and the cells of a card, the words both the
// text and the PDF print. The note column appears only on a card that has a
// note.
func cardGrid(c movement.Card) ([]cardColumn, [][]string) {
	columns := []cardColumn{{"Round", false}, {"NS", false}, {"EW", false}, {"Boards", false}, {"NS next", true}, {"EW next", true}, {"Boards next", true}}
	if c.Kind == movement.GuideCard {
		columns = []cardColumn{{"Round", false}, {"Table", false}, {"Sit", false}, {"Against", false}, {"Boards", false}}
	}
	var rows [][]string
	noted := false
	for _, r := range c.Rounds {
		var row []string
		if c.Kind == movement.GuideCard {
			row = guideCells(r, c.Entrant)
		} else {
			row = tableCells(r)
		}
		note := roundNote(r, c.Kind)
		noted = noted || note != ""
		rows = append(rows, append(row, note))
	}
	if noted {
		return append(columns, cardColumn{"Note", true}), rows
	}
	for i := range rows {
		rows[i] = rows[i][:len(columns)]
	}
	return columns, rows
}

// cardSubtitle names whom a guide card is for: "Pair 8", "Team 3,
// North-South pair".
func cardSubtitle(c movement.Card) string {
	if c.Kind != movement.GuideCard {
		return ""
	}
	return c.Holder
}

// tableCells are a table card's cells for a round, without the note.
func tableCells(r movement.CardRound) []string {
	return []string{
		strconv.Itoa(r.Round), pairText(r.NS), pairText(r.EW), boardsText(r),
		seatText(r.NS, r.NSNext, r, true), seatText(r.EW, r.EWNext, r, false), boardsNextText(r),
	}
}

// guideCells are a guide card's cells for a round, without the note.
func guideCells(r movement.CardRound, entrant int) []string {
	if r.Table == 0 {
		return []string{strconv.Itoa(r.Round), "–", "sit out", "", ""}
	}
	sit, against := "NS", r.EW
	if r.NS != entrant {
		sit, against = "EW", r.NS
	}
	opponent := strconv.Itoa(against)
	if against == movement.None {
		opponent = "sit out"
	}
	return []string{strconv.Itoa(r.Round), strconv.Itoa(r.Table), sit, opponent, boardsText(r)}
}

// roundNote says what is unusual about a round: a sit-out at the table,
// boards shared with another table.
func roundNote(r movement.CardRound, kind movement.CardKind) string {
	switch {
	case len(r.SharedWith) > 0:
		return "share boards with " + movement.TablesText(r.SharedWith)
	case kind == movement.GuideCard:
		return ""
	case r.NS == movement.None && r.EW == movement.None:
		return "no play"
	case r.NS == movement.None:
		return "EW sit out"
	case r.EW == movement.None:
		return "NS sit out"
	}
	return ""
}

// pairText is a pair number, or a dash for an empty seat.
func pairText(p int) string {
	if p == movement.None {
		return "–"
	}
	return strconv.Itoa(p)
}

// boardsText is the board range of a round: "9-12", "7", or a dash.
func boardsText(r movement.CardRound) string {
	switch {
	case r.Set == movement.None:
		return "–"
	case r.LowBoard == r.HighBoard:
		return strconv.Itoa(r.LowBoard)
	}
	return fmt.Sprintf("%d-%d", r.LowBoard, r.HighBoard)
}

// seatText says where the pair in a seat goes after round r: "stay",
// "table 4 EW", "sit out, then table 2 NS".
func seatText(pair int, next movement.NextSeat, r movement.CardRound, northSouth bool) string {
	switch {
	case pair == movement.None:
		return ""
	case next.Round == 0:
		return "–"
	case next.Round == r.Round+1 && next.Table == r.Table && next.NorthSouth == northSouth:
		return "stay"
	}
	return movement.WaitText("sit out", next.Round-r.Round-1) + fmt.Sprintf("table %d %s", next.Table, directionText(next.NorthSouth))
}

// directionText returns "NS" or "EW".
func directionText(northSouth bool) string {
	if northSouth {
		return "NS"
	}
	return "EW"
}

// boardsNextText says where the boards go after round r: "table 2",
// "tables 1 and 6", "relay, then table 3".
func boardsNextText(r movement.CardRound) string {
	next := r.BoardsNext
	switch {
	case r.Set == movement.None:
		return ""
	case next.Round == 0:
		return "–"
	case next.Round == r.Round+1 && len(next.Tables) == 1 && next.Tables[0] == r.Table:
		return "stay"
	}
	return movement.WaitText("relay", next.Round-r.Round-1) + movement.TablesText(next.Tables)
}

// checkCards reports the first card that cannot be printed.
func checkCards(cards []movement.Card) error {
	if len(cards) == 0 {
		return errors.New("movementcards: no cards to print")
	}
	for _, c := range cards {
		if c.Kind != movement.TableCard && c.Kind != movement.GuideCard {
			return fmt.Errorf("movementcards: card %q is of no known kind (%d)", c.Title, c.Kind)
		}
		for _, r := range c.Rounds {
			if r.Set != movement.None && (r.LowBoard < 1 || r.HighBoard < r.LowBoard) {
				return fmt.Errorf("movementcards: card %q, round %d: set %d is boards %d to %d; movement.Layout.BoardsPerSet must be at least 1 and FirstBoard at least 1", c.Title, r.Round, r.Set, r.LowBoard, r.HighBoard)
			}
		}
	}
	return nil
}
