package rounddata

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteCSV writes rows as CSV under the header line
// Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard, empty seats as pair
// 0. A row with a table or round below 1, a negative number or a board range
// that is not one returns an error naming the row and the column.
func WriteCSV(w io.Writer, rows []Row) error {
	out := csv.NewWriter(w)
	if err := out.Write(columns); err != nil {
		return fmt.Errorf("rounddata: writing the CSV: %w", err)
	}
	for i, r := range rows {
		if column, err := r.check(); err != nil {
			return fmt.Errorf("rounddata: row %d, column %s: %w", i+1, column, err)
		}
		record := []string{r.Section}
		for _, n := range []int{r.Table, r.Round, r.NSPair, r.EWPair, r.LowBoard, r.HighBoard} {
			record = append(record, strconv.Itoa(n))
		}
		if err := out.Write(record); err != nil {
			return fmt.Errorf("rounddata: writing the CSV: %w", err)
		}
	}
	out.Flush()
	if err := out.Error(); err != nil {
		return fmt.Errorf("rounddata: writing the CSV: %w", err)
	}
	return nil
}

// ReadCSV reads a RoundData table written as CSV. The first line
// names the columns: the seven Bridgemate columns, in any order and any
// letter case; other columns are ignored, except South and West, which mark
// an individual movement and are refused. Numbers may be padded with
// spaces. An error names the line and the column of the first thing wrong:
// a number that is not one, a table or round below 1, a negative pair or
// board, a board range that is not one, or a table given twice for the same
// round of a section.
func ReadCSV(r io.Reader) ([]Row, error) {
	in := csv.NewReader(r)
	in.ReuseRecord = true
	header, err := in.Read()
	if errors.Is(err, io.EOF) {
		return nil, errors.New("rounddata: no header line")
	}
	if err != nil {
		return nil, fmt.Errorf("rounddata: %w", err)
	}
	at, err := readHeader(header)
	if err != nil {
		return nil, fmt.Errorf("rounddata: line 1: %w", err)
	}
	type place struct {
		section      string
		table, round int
	}
	firstLine := map[place]int{}
	var rows []Row
	for {
		record, err := in.Read()
		if errors.Is(err, io.EOF) {
			return rows, nil
		}
		if err != nil {
			return nil, fmt.Errorf("rounddata: %w", err)
		}
		line, _ := in.FieldPos(0)
		row, err := parseRecord(record, at)
		if err != nil {
			return nil, fmt.Errorf("rounddata: line %d, %w", line, err)
		}
		p := place{row.Section, row.Table, row.Round}
		if first, ok := firstLine[p]; ok {
			return nil, fmt.Errorf("rounddata: line %d, column Table: section %q has table %d in round %d already on line %d", line, row.Section, row.Table, row.Round, first)
		}
		firstLine[p] = line
		rows = append(rows, row)
	}
}

// readHeader returns the position of each RoundData column in header.
func readHeader(header []string) (map[string]int, error) {
	at := map[string]int{}
	for i, name := range header {
		name = strings.TrimSpace(strings.TrimPrefix(name, "\uFEFF"))
		if strings.EqualFold(name, "South") || strings.EqualFold(name, "West") {
			return nil, fmt.Errorf("column %d is %s: individual movements are not supported", i+1, name)
		}
		for _, c := range columns {
			if !strings.EqualFold(c, name) {
				continue
			}
			if _, dup := at[c]; dup {
				return nil, fmt.Errorf("column %s appears twice", c)
			}
			at[c] = i
		}
	}
	for _, c := range columns {
		if _, ok := at[c]; !ok {
			return nil, fmt.Errorf("no column %s (want %s)", c, strings.Join(columns, ","))
		}
	}
	return at, nil
}

// parseRecord reads one record whose columns are at the positions
// given; an error starts with the column it concerns.
func parseRecord(record []string, at map[string]int) (Row, error) {
	row := Row{Section: strings.TrimSpace(record[at["Section"]])}
	for _, f := range []struct {
		column string
		to     *int
	}{
		{"Table", &row.Table}, {"Round", &row.Round},
		{"NSPair", &row.NSPair}, {"EWPair", &row.EWPair},
		{"LowBoard", &row.LowBoard}, {"HighBoard", &row.HighBoard},
	} {
		text := strings.TrimSpace(record[at[f.column]])
		n, err := strconv.Atoi(text)
		if err != nil {
			return Row{}, fmt.Errorf("column %s: %q is not a whole number", f.column, text)
		}
		*f.to = n
	}
	if column, err := row.check(); err != nil {
		return Row{}, fmt.Errorf("column %s: %w", column, err)
	}
	return row, nil
}
