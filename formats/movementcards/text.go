package movementcards

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/bridge-director/director/movement"
)

// WriteText writes cards as plain text, one after another: the heading,
// the title underlined, a line for every round in aligned columns, and the
// notes. A card whose boards cannot be numbered (a movement.Layout without
// BoardsPerSet) is an error.
func WriteText(w io.Writer, cards []movement.Card) error {
	if err := checkCards(cards); err != nil {
		return err
	}
	out := bufio.NewWriter(w)
	for i, c := range cards {
		if i > 0 {
			fmt.Fprintln(out)
		}
		writeCardText(out, c)
	}
	if err := out.Flush(); err != nil {
		return fmt.Errorf("movementcards: writing cards: %w", err)
	}
	return nil
}

// writeCardText writes one card.
func writeCardText(out *bufio.Writer, c movement.Card) {
	if c.Heading != "" {
		fmt.Fprintln(out, c.Heading)
	}
	fmt.Fprintln(out, c.Title)
	fmt.Fprintln(out, strings.Repeat("=", utf8.RuneCountInString(c.Title)))
	if sub := cardSubtitle(c); sub != "" {
		fmt.Fprintln(out, sub)
	}
	columns, rows := cardGrid(c)
	widths := make([]int, len(columns))
	header := make([]string, len(columns))
	for i, col := range columns {
		header[i] = col.header
		widths[i] = utf8.RuneCountInString(col.header)
	}
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
	}
	for _, row := range append([][]string{header}, rows...) {
		var line strings.Builder
		for i, cell := range row {
			line.WriteString(cell)
			line.WriteString(strings.Repeat(" ", widths[i]-utf8.RuneCountInString(cell)+2))
		}
		fmt.Fprintln(out, strings.TrimRight(line.String(), " "))
	}
	for _, n := range c.Notes {
		fmt.Fprintln(out, "Note: "+n)
	}
}
