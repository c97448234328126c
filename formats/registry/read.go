package registry

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxField is the most bytes of a national id, a name or a club.
const MaxField = 100

// Player is one player of the registry.
type Player struct {
	NationalID string
	Name       string
	Club       string
}

// The columns of the file, as the header names them.
const (
	columnID   = "national_id"
	columnName = "name"
	columnClub = "club"
)

// ReadCSV reads the players of a registry file in the order of its lines.
func ReadCSV(r io.Reader) ([]Player, error) {
	in := csv.NewReader(r)
	in.ReuseRecord = true
	in.FieldsPerRecord = -1 // a short line gets its own error below
	header, err := in.Read()
	if errors.Is(err, io.EOF) {
		return nil, errors.New("registry: the file is empty: the first line names the columns national_id,name,club")
	}
	if err != nil {
		return nil, fmt.Errorf("registry: %w", err)
	}
	at, err := readHeader(in, header)
	if err != nil {
		return nil, err
	}
	var players []Player
	lineOf := map[string]int{}
	for {
		record, err := in.Read()
		if errors.Is(err, io.EOF) {
			return players, nil
		}
		if err != nil {
			return nil, fmt.Errorf("registry: %w", err)
		}
		line, _ := in.FieldPos(0)
		p, err := readPlayer(in, record, at)
		if err != nil {
			return nil, err
		}
		if first, ok := lineOf[p.NationalID]; ok {
			l, c := in.FieldPos(at[columnID])
			return nil, fmt.Errorf("registry: line %d, column %d (%s): national id %q is given on line %d too", l, c, columnID, p.NationalID, first)
		}
		lineOf[p.NationalID] = line
		players = append(players, p)
	}
}

// readHeader finds the columns in the header line.
func readHeader(in *csv.Reader, header []string) (map[string]int, error) {
	at := map[string]int{}
	for i, h := range header {
		if i == 0 {
			h = strings.TrimPrefix(h, "\uFEFF")
		}
		name := strings.ToLower(strings.TrimSpace(h))
		if !utf8.ValidString(name) {
			l, c := in.FieldPos(i)
			return nil, fmt.Errorf("registry: line %d, column %d: the header is not UTF-8 text", l, c)
		}
		switch name {
		case columnID, columnName, columnClub:
			if _, ok := at[name]; ok {
				l, c := in.FieldPos(i)
				return nil, fmt.Errorf("registry: line %d, column %d: the header names column %s twice", l, c, name)
			}
			at[name] = i
		}
	}
	for _, need := range []string{columnID, columnName} {
		if _, ok := at[need]; !ok {
			return nil, fmt.Errorf("registry: line 1: the header has no column %s; it names national_id, name and, if you like, club (got %q)", need, strings.Join(header, ","))
		}
	}
	return at, nil
}

// readPlayer reads one line's player.
func readPlayer(in *csv.Reader, record []string, at map[string]int) (Player, error) {
	field := func(column string) (string, error) {
		i, ok := at[column]
		if !ok {
			return "", nil
		}
		if i >= len(record) {
			line, _ := in.FieldPos(0)
			return "", fmt.Errorf("registry: line %d: %d columns, and column %s is column %d", line, len(record), column, i+1)
		}
		v := strings.TrimSpace(record[i])
		l, c := in.FieldPos(i)
		switch {
		case !utf8.ValidString(v):
			return "", fmt.Errorf("registry: line %d, column %d (%s): not UTF-8 text: save the file as UTF-8", l, c, column)
		case len(v) > MaxField:
			return "", fmt.Errorf("registry: line %d, column %d (%s): %d bytes, and a field is at most %d", l, c, column, len(v), MaxField)
		case v == "" && column != columnClub:
			return "", fmt.Errorf("registry: line %d, column %d (%s): empty; every player has a %s", l, c, column, column)
		case column == columnID && !ValidID(v):
			return "", fmt.Errorf("registry: line %d, column %d (%s): %q is not a national id: use letters, digits, '-', '_' and '.'", l, c, column, v)
		case column != columnID && strings.ContainsFunc(v, unicode.IsControl):
			return "", fmt.Errorf("registry: line %d, column %d (%s): a control character in %q", l, c, column, v)
		}
		return v, nil
	}
	var p Player
	var err error
	if p.NationalID, err = field(columnID); err != nil {
		return Player{}, err
	}
	if p.Name, err = field(columnName); err != nil {
		return Player{}, err
	}
	if p.Club, err = field(columnClub); err != nil {
		return Player{}, err
	}
	return p, nil
}

// ValidID reports whether id can be a national id: 1 to MaxField bytes of
// ASCII letters, digits, '-', '_' and '.'.
func ValidID(id string) bool {
	if id == "" || len(id) > MaxField {
		return false
	}
	for i := range len(id) {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}
