package lin

import (
	"fmt"
	"io"
	"net/url"
	"strings"
)

// Pair is one key|value pair of a record.
type Pair struct {
	Key, Value string
}

// Record is a LIN record: its pairs in the order written.
type Record struct {
	Pairs []Pair
	// Line is where the record was read, or 0 for a record made in code.
	Line int
}

// Value returns the value of the first pair with key.
func (r Record) Value(key string) (string, bool) {
	for _, p := range r.Pairs {
		if p.Key == key {
			return p.Value, true
		}
	}
	return "", false
}

// Values returns the values of every pair with key, in order: the calls of "mb"
// or the cards of "pc".
func (r Record) Values(key string) []string {
	var out []string
	for _, p := range r.Pairs {
		if p.Key == key {
			out = append(out, p.Value)
		}
	}
	return out
}

// ParseRecord reads a record: pairs "key|value|" with keys that are not empty.
// The last value may lack its closing pipe.
func ParseRecord(line string) (Record, error) {
	r, err := parseRecord(line, verbatim)
	if err != nil {
		return Record{}, fmt.Errorf("lin: %w", err)
	}
	return r, nil
}

// ParseEncodedRecord reads a record whose keys and values are percent-encoded, as
// results services embed LIN ("ah|Board%201").
func ParseEncodedRecord(line string) (Record, error) {
	r, err := parseRecord(line, url.PathUnescape)
	if err != nil {
		return Record{}, fmt.Errorf("lin: %w", err)
	}
	return r, nil
}

// verbatim is the decoding of plain LIN: none.
func verbatim(s string) (string, error) { return s, nil }

// parseRecord splits line into pairs and decodes each key and value.
func parseRecord(line string, decode func(string) (string, error)) (Record, error) {
	fields := strings.Split(strings.TrimRight(line, "\r\n"), "|")
	if len(fields)%2 == 1 {
		if last := fields[len(fields)-1]; strings.TrimSpace(last) != "" {
			return Record{}, fmt.Errorf("key %q at the end has no value", last)
		}
		fields = fields[:len(fields)-1]
	}
	var r Record
	for i := 0; i < len(fields); i += 2 {
		key, err := decode(fields[i])
		if err == nil && key == "" {
			err = fmt.Errorf("empty key")
		}
		if err != nil {
			return Record{}, fmt.Errorf("pair %d (%q|%q): %v", i/2+1, fields[i], fields[i+1], err)
		}
		value, err := decode(fields[i+1])
		if err != nil {
			return Record{}, fmt.Errorf("pair %d (%q|%q): %v", i/2+1, fields[i], fields[i+1], err)
		}
		r.Pairs = append(r.Pairs, Pair{Key: key, Value: value})
	}
	return r, nil
}

// Read reads LIN records, one per line, skipping empty lines. Lines end with CR
// LF, LF or a lone CR. An error names the line.
func Read(rd io.Reader) ([]Record, error) {
	data, err := io.ReadAll(rd)
	if err != nil {
		return nil, fmt.Errorf("lin: %w", err)
	}
	text := strings.ReplaceAll(strings.ReplaceAll(string(data), "\r\n", "\n"), "\r", "\n")
	var out []Record
	for i, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		r, err := parseRecord(line, verbatim)
		if err != nil {
			return nil, fmt.Errorf("lin: line %d: %w", i+1, err)
		}
		r.Line = i + 1
		out = append(out, r)
	}
	return out, nil
}

// Text returns the record as a line without its line end: "key|value|" for each
// pair. It fails on a key that is empty and on a pipe or line break in a key or
// value, and on a record without pairs, which could not be read back.
func (r Record) Text() (string, error) {
	text, err := r.text()
	if err != nil {
		return "", fmt.Errorf("lin: %w", err)
	}
	return text, nil
}

// text is Text with errors that do not name the package.
func (r Record) text() (string, error) {
	if len(r.Pairs) == 0 {
		return "", fmt.Errorf("a record without pairs")
	}
	var b strings.Builder
	for i, p := range r.Pairs {
		if p.Key == "" || strings.ContainsAny(p.Key, "|\r\n") || strings.ContainsAny(p.Value, "|\r\n") {
			return "", fmt.Errorf("pair %d (%q|%q): a key must not be empty, and neither key nor value may hold | or a line break", i+1, p.Key, p.Value)
		}
		b.WriteString(p.Key + "|" + p.Value + "|")
	}
	return b.String(), nil
}

// Write writes records, one per line, each ended by CR LF as BBO's Windows
// programs write them.
func Write(w io.Writer, records []Record) error {
	var b strings.Builder
	for i, r := range records {
		text, err := r.text()
		if err != nil {
			return fmt.Errorf("lin: record %d: %w", i+1, err)
		}
		b.WriteString(text + "\r\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
