package pbn

import (
	"fmt"
	"strconv"
	"strings"
)

// Column is a column of a table tag: its name, and the width and alignment the
// header asks for ("Result\2R": width 2, right-aligned). Width 0 and Align 0 mean
// the header gives none.
type Column struct {
	Name  string
	Width int
	Align byte // 'L', 'R' or 0
}

// Table is a table section such as ScoreTable, TotalScoreTable or
// OptimumResultTable: its columns and its rows, one value per column.
type Table struct {
	Columns []Column
	Rows    [][]string
}

// ParseColumns reads the value of a table tag: columns separated by semicolons,
// each a name with an optional \ width and alignment, as in
// "PairId_NS\4R;Contract\5L;Declarer".
func ParseColumns(header string) ([]Column, error) {
	var cols []Column
	for i, spec := range strings.Split(header, ";") {
		c, err := parseColumn(spec)
		if err != nil {
			return nil, fmt.Errorf("column %d %q: %w", i+1, spec, err)
		}
		cols = append(cols, c)
	}
	return cols, nil
}

// parseColumn reads one column of a table header.
func parseColumn(spec string) (Column, error) {
	name, format, hasFormat := strings.Cut(strings.TrimSpace(spec), `\`)
	c := Column{Name: name}
	for i := 0; i < len(name); i++ {
		if !isNameByte(name[i]) {
			return c, fmt.Errorf("a column name has letters, digits and _ only")
		}
	}
	if name == "" {
		return c, fmt.Errorf("no column name")
	}
	if !hasFormat {
		return c, nil
	}
	digits := strings.TrimRight(format, "LR")
	if len(format)-len(digits) > 1 {
		return c, fmt.Errorf(`want \ then a width and L or R, like \4R`)
	}
	if rest := format[len(digits):]; rest != "" {
		c.Align = rest[0]
	}
	w, err := strconv.Atoi(digits)
	if err != nil || w < 1 || w > 255 {
		return c, fmt.Errorf(`want \ then a width 1 to 255 and L or R, like \4R`)
	}
	c.Width = w
	return c, nil
}

// Header returns the table's columns as the value of its tag.
func (t Table) Header() string {
	specs := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		specs[i] = c.Name
		if c.Width > 0 {
			specs[i] += `\` + strconv.Itoa(c.Width)
		}
		if c.Align != 0 {
			specs[i] += string(c.Align)
		}
	}
	return strings.Join(specs, ";")
}

// Table reads the table in the tag called name. ok is false when the game has no
// such tag.
func (g Game) Table(name string) (t Table, ok bool, err error) {
	tag, ok := g.Tag(name)
	if !ok {
		return Table{}, false, nil
	}
	t, err = tag.Table()
	return t, true, err
}

// Table reads the tag as a table: its value names the columns and each data line
// is a row. A row must give a value for every column.
func (tag Tag) Table() (Table, error) {
	cols, err := ParseColumns(tag.Value)
	if err != nil {
		return Table{}, tag.errorf("%v", err)
	}
	t := Table{Columns: cols}
	for _, line := range tag.Data {
		fields, err := splitFields(line.Text)
		if err == nil && len(fields) != len(cols) {
			err = fmt.Errorf("row has %d fields, the header names %d columns", len(fields), len(cols))
		}
		if err != nil {
			return Table{}, Tag{Name: tag.Name, Line: line.Number}.errorf("%v: %q", err, line.Text)
		}
		t.Rows = append(t.Rows, fields)
	}
	return t, nil
}

// Records returns the rows as maps from column name to value.
func (t Table) Records() []map[string]string {
	out := make([]map[string]string, len(t.Rows))
	for i, row := range t.Rows {
		out[i] = make(map[string]string, len(t.Columns))
		for j, c := range t.Columns {
			out[i][c.Name] = row[j]
		}
	}
	return out
}

// Tag returns the tag pair called name that holds the table, its rows padded to
// the widths of the columns.
func (t Table) Tag(name string) Tag {
	tag := Tag{Name: name, Value: t.Header()}
	for _, row := range t.Rows {
		fields := make([]string, len(row))
		for j, v := range row {
			fields[j] = quoteField(v)
			if j < len(t.Columns) {
				fields[j] = pad(fields[j], t.Columns[j])
			}
		}
		tag.Data = append(tag.Data, Line{Text: strings.TrimSpace(strings.Join(fields, " "))})
	}
	return tag
}

// pad widens a field to the width of its column.
func pad(field string, c Column) string {
	n := c.Width - len([]rune(field))
	if n <= 0 {
		return field
	}
	if c.Align == 'R' {
		return strings.Repeat(" ", n) + field
	}
	return field + strings.Repeat(" ", n)
}

// splitFields splits a row on white space; a field in double quotes may hold white
// space, with \" and \\ as escapes.
func splitFields(text string) ([]string, error) {
	var fields []string
	for i := 0; i < len(text); {
		switch {
		case text[i] == ' ' || text[i] == '\t':
			i++
		case text[i] == '"':
			end, err := stringEnd(0, text, i)
			if err != nil {
				return nil, fmt.Errorf("a quoted field has no closing quote")
			}
			fields = append(fields, unquote(text[i+1:end-1]))
			i = end
		default:
			end := strings.IndexAny(text[i:], " \t")
			if end < 0 {
				end = len(text) - i
			}
			fields = append(fields, text[i:i+end])
			i += end
		}
	}
	return fields, nil
}

// quoteField returns v as a row field: quoted when it is empty or holds a
// character that would split it or start a comment, string or tag.
func quoteField(v string) string {
	if v == "" || strings.ContainsAny(v, " \t\"\\;{}[]%") {
		return quote(v)
	}
	return v
}
