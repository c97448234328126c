// Package resultcsv writes a session's travellers and standings as CSV
// (RFC 4180, as encoding/csv writes it) for spreadsheets and the club
// programs that take comma-separated results. Each file starts with a
// header row naming its columns (TravellerColumns, StandingColumns); figures
// are written as the caller formats them, and an empty cell is a figure the
// row does not have. Names are what people typed, so a name a spreadsheet
// would take for a formula (one starting with =, +, -, @, a tab or a
// carriage return) is written after an apostrophe, which a spreadsheet shows
// as text; figures, which Director writes itself, are written as they are.
package resultcsv

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// TravellerColumns is the header row of a travellers file.
var TravellerColumns = []string{"Section", "Board", "Table", "Round", "NSPair", "EWPair", "Contract", "Declarer", "Tricks", "Lead",
	"NSScore", "NSPoints", "EWPoints", "NSPercentage", "EWPercentage", "NSNames", "EWNames", "FouledGroup"}

// StandingColumns is the header row of a standings file.
var StandingColumns = []string{"Section", "Place", "Pair", "Direction", "Score", "Percentage", "Boards", "Penalties", "Names"}

// TravellerRow is one result on a board. Score is North-South's score, or
// an artificial score's code such as "A6040". FouledGroup is, for a fouled
// board (Law 87), the changed form of the board the table played, 1, 2 ...,
// whose results are scored apart; 0, an empty cell, is the board in its
// correct form.
type TravellerRow struct {
	Section                     string
	Board, Table, Round, NS, EW int
	Contract, Declarer, Tricks  string
	Lead, Score                 string
	NSPoints, EWPoints          string
	NSPercentage, EWPercentage  string
	NSNames, EWNames            string
	FouledGroup                 int
}

// StandingRow is one pair's or team's place.
type StandingRow struct {
	Section, Place    string
	Pair              int
	Direction         string // "NS" or "EW" when they are ranked apart
	Score, Percentage string
	Boards            int
	Penalties, Names  string
}

// WriteTravellers writes the header row and a row for every line.
func WriteTravellers(w io.Writer, rows []TravellerRow) error {
	records := make([][]string, len(rows))
	for i, r := range rows {
		records[i] = []string{r.Section, strconv.Itoa(r.Board), strconv.Itoa(r.Table), strconv.Itoa(r.Round), strconv.Itoa(r.NS), strconv.Itoa(r.EW),
			r.Contract, r.Declarer, r.Tricks, r.Lead, r.Score, r.NSPoints, r.EWPoints, r.NSPercentage, r.EWPercentage, asText(r.NSNames), asText(r.EWNames), ""}
		if r.FouledGroup != 0 {
			records[i][len(records[i])-1] = strconv.Itoa(r.FouledGroup)
		}
	}
	return write(w, TravellerColumns, records)
}

// WriteStandings writes the header row and a row for every standing.
func WriteStandings(w io.Writer, rows []StandingRow) error {
	records := make([][]string, len(rows))
	for i, r := range rows {
		records[i] = []string{r.Section, r.Place, strconv.Itoa(r.Pair), r.Direction, r.Score, r.Percentage, strconv.Itoa(r.Boards), r.Penalties, asText(r.Names)}
	}
	return write(w, StandingColumns, records)
}

// asText keeps a spreadsheet from reading a name as a formula.
func asText(name string) string {
	if name != "" && strings.ContainsRune("=+-@\t\r", rune(name[0])) {
		return "'" + name
	}
	return name
}

func write(w io.Writer, header []string, records [][]string) error {
	out := csv.NewWriter(w)
	out.Write(header)
	out.WriteAll(records) // flushes
	if err := out.Error(); err != nil {
		return fmt.Errorf("resultcsv: %w", err)
	}
	return nil
}
