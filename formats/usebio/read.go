package usebio

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/encoding/charmap"
)

// fileXML and the types below it catch the levels that real files leave out:
// PARTICIPANTS, BOARD and MATCH written straight under EVENT or SESSION.
type fileXML struct {
	XMLName xml.Name `xml:"USEBIO"`
	Version string   `xml:"Version,attr"`
	Club    Club     `xml:"CLUB"`
	Event   eventXML `xml:"EVENT"`
}

type eventXML struct {
	Event
	Sessions []sessionXML `xml:"SESSION"`
	Section
}

type sessionXML struct {
	Session
	Sections []Section `xml:"SECTION"`
	Section
}

// Read decodes a USEBIO 1.x document. It fails on XML that is not well formed, on a
// root element other than USEBIO, on a version other than 1.x and on a character
// set other than ISO-8859-1, Windows-1252 or UTF-8.
func Read(r io.Reader) (*File, error) {
	d := xml.NewDecoder(r)
	d.CharsetReader = charsetReader
	var raw fileXML
	if err := d.Decode(&raw); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, errors.New("usebio: no USEBIO element in the input")
		}
		return nil, fmt.Errorf("usebio: %w", err)
	}
	if !strings.HasPrefix(raw.Version, "1.") {
		return nil, fmt.Errorf("usebio: USEBIO Version %q: want 1.0 to 1.3", raw.Version)
	}
	f := &File{Version: raw.Version, Club: raw.Club, Event: raw.Event.Event}
	f.Event.Sessions = raw.Event.sessions()
	return f, nil
}

// sessions returns the sessions of the event, with a session of empty ID for
// sections written straight under EVENT.
func (e eventXML) sessions() []Session {
	var out []Session
	if !e.Section.empty() {
		out = append(out, Session{Sections: []Section{e.Section}})
	}
	for _, s := range e.Sessions {
		out = append(out, s.session())
	}
	return out
}

// session returns the session with a section of empty ID for participants, boards
// and matches written straight under SESSION.
func (s sessionXML) session() Session {
	out := s.Session
	if !s.Section.empty() {
		out.Sections = append(out.Sections, s.Section)
	}
	out.Sections = append(out.Sections, s.Sections...)
	return out
}

func (s Section) empty() bool {
	return len(s.Participants.Pairs) == 0 && len(s.Participants.Teams) == 0 &&
		len(s.Boards) == 0 && len(s.Matches) == 0
}

// charsetReader decodes the character sets that USEBIO files declare.
func charsetReader(label string, input io.Reader) (io.Reader, error) {
	switch strings.ToLower(label) {
	case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1":
		return charmap.ISO8859_1.NewDecoder().Reader(input), nil
	case "windows-1252", "cp1252":
		return charmap.Windows1252.NewDecoder().Reader(input), nil
	case "utf-8", "utf8":
		return input, nil
	}
	return nil, fmt.Errorf("character set %q is not supported (want ISO-8859-1, Windows-1252 or UTF-8)", label)
}
