package dlm

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// headerKeys are the keys of the [Document] section other than the per-board ones.
var headerKeys = []string{"Headline", "Status", "Duplicates", "From board", "To board",
	"Next board to duplimate", "PrintOuts", "Crypto key", "Checksum"}

// entry is the value of a key and the line (from 1) that gave it.
type entry struct {
	line  int
	key   string
	value string
}

// errorf returns an error that names the line and key of e.
func (e entry) errorf(format string, args ...any) error {
	return fmt.Errorf("dlm: line %d (%s): %s", e.line, e.key, fmt.Sprintf(format, args...))
}

// document holds the entries of a file by key.
type document map[string]entry

// Read reads a DLM file and returns its boards From board to To board, marked by
// Law 2.
func Read(r io.Reader) ([]bridge.Board, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("dlm: %w", err)
	}
	doc, err := parseLines(string(data))
	if err != nil {
		return nil, err
	}
	from, to, err := doc.header()
	if err != nil {
		return nil, err
	}
	boards := make([]bridge.Board, 0, to-from+1)
	for n := 1; n <= maxBoard; n++ {
		if _, err := doc.number(fmt.Sprintf("Duplicates %02d", n)); err != nil {
			return nil, err
		}
		deal, err := doc.board(n, from <= n && n <= to)
		if err != nil {
			return nil, err
		}
		if from <= n && n <= to {
			boards = append(boards, bridge.NewBoard(n, deal))
		}
	}
	return boards, nil
}

// parseLines splits the file into its entries, checking the section header and
// that every key is known and given once.
func parseLines(text string) (document, error) {
	if text == "" {
		return nil, errors.New("dlm: the file is empty")
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if first := strings.TrimSuffix(lines[0], "\r"); first != "[Document]" {
		return nil, fmt.Errorf("dlm: line 1: %q, want [Document]", first)
	}
	doc := document{}
	for i, raw := range lines[1:] {
		content := strings.TrimSuffix(raw, "\r")
		if content == "" {
			continue
		}
		line := i + 2
		key, value, ok := strings.Cut(content, "=")
		if !ok {
			return nil, fmt.Errorf("dlm: line %d: %q is not a key=value line", line, content)
		}
		if !knownKey(key) {
			return nil, fmt.Errorf("dlm: line %d: unknown key %q", line, key)
		}
		if earlier, dup := doc[key]; dup {
			return nil, fmt.Errorf("dlm: line %d (%s): the key was already given on line %d", line, key, earlier.line)
		}
		doc[key] = entry{line: line, key: key, value: value}
	}
	return doc, nil
}

// knownKey reports whether key belongs in a DLM file.
func knownKey(key string) bool {
	for _, prefix := range []string{"Duplicates ", "Board "} {
		if n, ok := strings.CutPrefix(key, prefix); ok && len(n) == 2 && n != "00" && isDigits(n) {
			return true
		}
	}
	for _, k := range headerKeys {
		if key == k {
			return true
		}
	}
	return false
}

// get returns the entry of key, or an error if the file lacks it.
func (d document) get(key string) (entry, error) {
	e, ok := d[key]
	if !ok {
		return e, fmt.Errorf("dlm: no %q line", key)
	}
	return e, nil
}

// number returns the whole number that key gives.
func (d document) number(key string) (int, error) {
	e, err := d.get(key)
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(e.value)
	if err != nil || !isDigits(e.value) {
		return 0, e.errorf("%q is not a whole number", e.value)
	}
	return n, nil
}

// header checks the header keys and returns the board range.
func (d document) header() (from, to int, err error) {
	if _, err := d.get("Headline"); err != nil {
		return 0, 0, err
	}
	status, err := d.get("Status")
	if err != nil {
		return 0, 0, err
	}
	if status.value != "Show" && status.value != "Sealed" {
		return 0, 0, status.errorf("%q, want Show or Sealed", status.value)
	}
	values := map[string]int{}
	for _, key := range headerKeys[2:] {
		if values[key], err = d.number(key); err != nil {
			return 0, 0, err
		}
	}
	from, to = values["From board"], values["To board"]
	switch {
	case from < 1 || from > maxBoard:
		return 0, 0, d["From board"].errorf("%d is not a board of a DLM file (1 to %d)", from, maxBoard)
	case to < from || to > maxBoard:
		return 0, 0, d["To board"].errorf("%d is not a board from %d to %d", to, from, maxBoard)
	case values["Crypto key"] != 0:
		return 0, 0, d["Crypto key"].errorf("%d: encrypted records cannot be read", values["Crypto key"])
	}
	want := values["Duplicates"] ^ from ^ to
	if status.value == "Show" {
		want ^= 1
	}
	if got := values["Checksum"]; got != want {
		return 0, 0, d["Checksum"].errorf("%d, want %d", got, want)
	}
	return from, to, nil
}

// board checks the record of board n and, when inSet, returns its deal.
func (d document) board(n int, inSet bool) (bridge.Deal, error) {
	e, err := d.get(fmt.Sprintf("Board %02d", n))
	if err != nil {
		return bridge.Deal{}, err
	}
	if len(e.value) != recordLetters+3 {
		return bridge.Deal{}, e.errorf("%q is %d characters, want %d letters and a 3-digit checksum", e.value, len(e.value), recordLetters)
	}
	letters, digits := e.value[:recordLetters], e.value[recordLetters:]
	if err := checkLetters(letters); err != nil {
		return bridge.Deal{}, e.errorf("%v", err)
	}
	if !isDigits(digits) {
		return bridge.Deal{}, e.errorf("checksum %q is not 3 digits", digits)
	}
	if got, _ := strconv.Atoi(digits); got != checksum(n, letters) {
		return bridge.Deal{}, e.errorf("checksum %d, want %d", got, checksum(n, letters))
	}
	if !inSet {
		return bridge.Deal{}, nil
	}
	deal, err := decodeRecord(letters)
	if err != nil {
		return deal, e.errorf("%v", err)
	}
	return deal, nil
}

// isDigits reports whether s is one or more ASCII digits.
func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
