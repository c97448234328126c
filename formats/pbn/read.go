package pbn

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Read reads a PBN file in import or export format. It fails on the first thing it
// cannot read, and the error names the line (and column) and what is wrong.
func Read(r io.Reader) (*File, error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("pbn: %w", err)
	}
	text, err := decode(raw)
	if err != nil {
		return nil, err
	}
	// Lines end with CR LF, LF or a lone CR.
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	var p parser
	for i, line := range strings.Split(text, "\n") {
		if err := p.line(i+1, line); err != nil {
			return nil, err
		}
	}
	if p.commentLine > 0 {
		return nil, fmt.Errorf("pbn: line %d: comment opened with { is never closed", p.commentLine)
	}
	p.endGame()
	return &p.file, nil
}

// parser holds the state of Read between lines.
type parser struct {
	file File
	game Game
	// commentLine is the line where an open { comment started, or 0.
	commentLine int
}

// line reads line n of the file.
func (p *parser) line(n int, s string) error {
	if p.commentLine == 0 {
		if strings.HasPrefix(s, "%") {
			if len(p.file.Games) == 0 && len(p.game.Tags) == 0 {
				p.file.Directives = append(p.file.Directives, s[1:])
			}
			return nil
		}
		if strings.TrimSpace(s) == "" {
			p.endGame()
			return nil
		}
	}
	pieces, err := p.scan(n, s)
	if err != nil {
		return err
	}
	for _, piece := range pieces {
		if err := p.add(n, piece); err != nil {
			return err
		}
	}
	return nil
}

// piece is a tag pair or a run of section data found on a line.
type piece struct {
	tag    *Tag
	data   string
	column int
}

// scan splits line n into tag pairs and data, dropping comments. It keeps track of
// { comments that continue on the next line.
func (p *parser) scan(n int, s string) ([]piece, error) {
	var pieces []piece
	var data strings.Builder
	dataColumn := 0
	flush := func() {
		if text := strings.TrimSpace(data.String()); text != "" {
			pieces = append(pieces, piece{data: text, column: dataColumn})
		}
		data.Reset()
		dataColumn = 0
	}
	for i := 0; i < len(s); {
		if p.commentLine > 0 {
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				break
			}
			p.commentLine = 0
			i += end + 1
			data.WriteByte(' ')
			continue
		}
		switch c := s[i]; c {
		case '{':
			p.commentLine = n
			i++
		case ';':
			i = len(s)
		case '[':
			flush()
			t, end, err := scanTag(n, s, i)
			if err != nil {
				return nil, err
			}
			pieces = append(pieces, piece{tag: &t, column: i + 1})
			i = end
		case '"':
			end, err := stringEnd(n, s, i)
			if err != nil {
				return nil, err
			}
			if dataColumn == 0 {
				dataColumn = i + 1
			}
			data.WriteString(s[i:end])
			i = end
		default:
			if dataColumn == 0 && c != ' ' && c != '\t' {
				dataColumn = i + 1
			}
			data.WriteByte(c)
			i++
		}
	}
	flush()
	return pieces, nil
}

// add puts a piece found on line n into the current game.
func (p *parser) add(n int, pc piece) error {
	if pc.tag == nil {
		last := len(p.game.Tags) - 1
		if last < 0 {
			return fmt.Errorf("pbn: line %d, column %d: %q is neither a tag pair nor the data of one", n, pc.column, pc.data)
		}
		p.game.Tags[last].Data = append(p.game.Tags[last].Data, Line{Number: n, Text: pc.data})
		return nil
	}
	t := *pc.tag
	if t.Value == "#" {
		if err := p.inherit(&t); err != nil {
			return err
		}
	}
	p.game.Tags = append(p.game.Tags, t)
	return nil
}

// inherit gives t the value of the same tag in the previous game.
func (p *parser) inherit(t *Tag) error {
	if len(p.file.Games) == 0 {
		return t.errorf(`"#" inherits the value of the previous game, but this is the first game`)
	}
	prev, ok := p.file.Games[len(p.file.Games)-1].Value(t.Name)
	if !ok {
		return t.errorf(`"#" inherits the value of the previous game, which has no %s tag`, t.Name)
	}
	t.Value, t.Inherited = prev, true
	return nil
}

// endGame closes the current game, if it has any tag.
func (p *parser) endGame() {
	if len(p.game.Tags) > 0 {
		p.file.Games = append(p.file.Games, p.game)
	}
	p.game = Game{}
}

// scanTag reads the tag pair that starts with the [ at s[i] on line n and returns
// it with the index just after its ].
func scanTag(n int, s string, i int) (Tag, int, error) {
	at := func(j int, format string, args ...any) error {
		return fmt.Errorf("pbn: line %d, column %d: tag pair: %s", n, j+1, fmt.Sprintf(format, args...))
	}
	j := skipBlanks(s, i+1)
	start := j
	for j < len(s) && isNameByte(s[j]) {
		j++
	}
	name := s[start:j]
	if name == "" {
		return Tag{}, 0, at(start, "want a tag name (letters, digits and _) after [, found %s", found(s, start))
	}
	j = skipBlanks(s, j)
	if j >= len(s) || s[j] != '"' {
		return Tag{}, 0, at(j, "tag %q: want the value in double quotes, found %s", name, found(s, j))
	}
	end, err := stringEnd(n, s, j)
	if err != nil {
		return Tag{}, 0, err
	}
	value := unquote(s[j+1 : end-1])
	j = skipBlanks(s, end)
	if j >= len(s) || s[j] != ']' {
		return Tag{}, 0, at(j, "tag %q: want ] after the value, found %s", name, found(s, j))
	}
	return Tag{Name: name, Value: value, Line: n}, j + 1, nil
}

// stringEnd returns the index just after the closing quote of the string that
// starts with the quote at s[i] on line n.
func stringEnd(n int, s string, i int) (int, error) {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			if j+1 < len(s) && (s[j+1] == '"' || s[j+1] == '\\') {
				j++
			}
		case '"':
			return j + 1, nil
		}
	}
	return 0, fmt.Errorf("pbn: line %d, column %d: string has no closing quote on its line", n, i+1)
}

// unquote resolves the escapes \" and \\ of a string's content. Any other
// backslash stands for itself, as in the table header "Result\2R".
func unquote(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// quote writes s as a string that unquote reads back: quotes are escaped, and so
// is a backslash that would otherwise start an escape or end the string.
func quote(s string) string {
	var b bytes.Buffer
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '"':
			b.WriteString(`\"`)
		case s[i] == '\\' && (i+1 == len(s) || s[i+1] == '"' || s[i+1] == '\\'):
			b.WriteString(`\\`)
		default:
			b.WriteByte(s[i])
		}
	}
	b.WriteByte('"')
	return b.String()
}

func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

func isNameByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z'
}

// found describes what is at s[i] for an error message.
func found(s string, i int) string {
	if i >= len(s) {
		return "the end of the line"
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return fmt.Sprintf("%q", r)
}
