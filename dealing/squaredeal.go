package dealing

import (
	"encoding/hex"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// SquareDeal is a tournament as a SquareDeal description file (.sqd) announces it.
// SquareDeal makes dealing verifiable: before the event the organiser publishes the
// description, which holds KH, the SHA-256 of a secret key file (.sqk) with one
// random key per session, and DI, a description of a value nobody knows yet (a stock
// index at a future date). When the value is known it is added as DV, and each
// session's boards are dealt with BigDeal from its key and the value. After the
// event the key file is published, and anyone can check that it matches KH and deals
// the boards that were played. The organiser could not choose the boards, because
// the keys were fixed before DV was known, nor could anyone else predict them.
type SquareDeal struct {
	Name         string   // TN: the name of the tournament
	DelayedInfo  string   // DI: what the delayed value will be
	DelayedValue string   // DV: the delayed value; empty until it is known
	Phases       []Phase  // SN lines, numbered from 1 in this order
	KeyHash      [32]byte // KH: SHA-256 of the key file
	Published    bool     // whether the description has a KH line
}

// Phase is one stage of the tournament: a number of sessions that share a file
// name pattern, a description and board numbers.
type Phase struct {
	Sessions int
	// Boards lists board ranges that the sessions use in turn: session s plays
	// Boards[(s−1) mod len(Boards)], as "1-16,17-32" alternates between two sets.
	Boards []BoardRange
	// File is the file name of a session, where a run of # signs stands for the
	// session number padded with zeros to that width ("OPRR##" → "OPRR07").
	File string
	// Description describes a session, with # signs as in File.
	Description string
}

// BoardRange is the board numbers from First to Last.
type BoardRange struct {
	First, Last int
}

// Len returns the number of boards in r.
func (r BoardRange) Len() int { return r.Last - r.First + 1 }

// String writes r as SquareDeal does: "17-32".
func (r BoardRange) String() string { return fmt.Sprintf("%d-%d", r.First, r.Last) }

// sqdLine reads one line of a description file into t.
type sqdLine func(t *SquareDeal, value string) error

var sqdKeywords = map[string]sqdLine{
	"TN": func(t *SquareDeal, v string) error { return setOnce(&t.Name, v) },
	"DI": func(t *SquareDeal, v string) error { return setOnce(&t.DelayedInfo, v) },
	"DV": func(t *SquareDeal, v string) error { return setOnce(&t.DelayedValue, v) },
	"SN": func(t *SquareDeal, v string) error {
		p, err := parsePhase(v)
		t.Phases = append(t.Phases, p)
		return err
	},
	"KH": func(t *SquareDeal, v string) error {
		b, err := hex.DecodeString(v)
		switch {
		case t.Published:
			return fmt.Errorf("a second key hash")
		case err != nil || len(b) != len(t.KeyHash):
			return fmt.Errorf("key hash %q is not 64 hexadecimal digits", v)
		}
		copy(t.KeyHash[:], b)
		t.Published = true
		return nil
	},
}

// setOnce sets a text field that a description may give only once.
func setOnce(field *string, value string) error {
	switch {
	case *field != "":
		return fmt.Errorf("given twice")
	case value == "":
		return fmt.Errorf("empty")
	}
	*field = value
	return nil
}

// ParseSQD reads a SquareDeal description file: comment lines starting with #,
// blank lines, and lines "KEYWORD value" for the keywords TN, DI, DV, SN and KH,
// with LF or CRLF line ends. Errors name the line and what is wrong with it.
func ParseSQD(data []byte) (*SquareDeal, error) {
	t := &SquareDeal{}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, " \t\r")
		if line == "" || line[0] == '#' {
			continue
		}
		keyword, value, _ := strings.Cut(line, " ")
		read, ok := sqdKeywords[keyword]
		if !ok {
			return nil, fmt.Errorf("dealing: sqd line %d: unknown line %q; want TN, DI, DV, SN or KH", i+1, line)
		}
		if err := read(t, strings.TrimLeft(value, " ")); err != nil {
			return nil, fmt.Errorf("dealing: sqd line %d: %s: %w", i+1, keyword, err)
		}
	}
	if len(t.Phases) == 0 {
		return nil, fmt.Errorf("dealing: sqd: no phases (SN lines)")
	}
	return t, nil
}

// fileNamePattern is what SquareDeal accepts as a file name pattern.
var fileNamePattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_\-]*(#+[A-Za-z0-9_\-]*)?$`)

// parsePhase reads the value of an SN line: sessions:boards:file:description.
func parsePhase(v string) (Phase, error) {
	fields := strings.SplitN(v, ":", 4)
	if len(fields) != 4 {
		return Phase{}, fmt.Errorf("want sessions:boards:file:description, found %d fields in %q", len(fields), v)
	}
	sessions, err := strconv.Atoi(fields[0])
	if err != nil || sessions < 1 {
		return Phase{}, fmt.Errorf("number of sessions %q is not a positive number", fields[0])
	}
	boards, err := parseBoardRanges(fields[1])
	if err != nil {
		return Phase{}, err
	}
	if !fileNamePattern.MatchString(fields[2]) {
		return Phase{}, fmt.Errorf("file name %q: want a letter, then letters, digits, _ or -, with one run of # for the session number", fields[2])
	}
	return Phase{Sessions: sessions, Boards: boards, File: fields[2], Description: fields[3]}, nil
}

// parseBoardRanges reads a comma-separated list of board ranges "1-16" or counts
// "16" (boards 1 to 16).
func parseBoardRanges(s string) ([]BoardRange, error) {
	if s == "?" {
		return nil, fmt.Errorf("boards %q are decided when the session is made; the description does not say which", s)
	}
	var ranges []BoardRange
	for _, part := range strings.Split(s, ",") {
		first, last, isRange := strings.Cut(part, "-")
		if !isRange {
			first, last = "1", part
		}
		lo, errLo := strconv.Atoi(first)
		hi, errHi := strconv.Atoi(last)
		if errLo != nil || errHi != nil || lo < 1 || hi < lo || hi > maxBoard {
			return nil, fmt.Errorf("boards %q: %q is not a board range like 1-16 (boards 1 to %d, not decreasing)", s, part, maxBoard)
		}
		ranges = append(ranges, BoardRange{lo, hi})
	}
	return ranges, nil
}

// maxBoard is the highest board number BigDeal deals (bigdealx).
const maxBoard = 1_000_000_000

// fillSessionNumber replaces the first run of # signs in pattern by the session
// number, padded with zeros to the width of the run.
func fillSessionNumber(pattern string, session int) string {
	start := strings.IndexByte(pattern, '#')
	if start < 0 {
		return pattern
	}
	end := start
	for end < len(pattern) && pattern[end] == '#' {
		end++
	}
	return fmt.Sprintf("%s%0*d%s", pattern[:start], end-start, session, pattern[end:])
}
