package usebio

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// The writer's tree: every session under EVENT and every section under its
// SESSION, the full form of the DTD, which Read takes back as it is.
type fileOut struct {
	XMLName xml.Name `xml:"USEBIO"`
	Version string   `xml:"Version,attr"`
	Club    Club     `xml:"CLUB"`
	Event   eventOut `xml:"EVENT"`
}

type eventOut struct {
	Event
	Sessions []sessionOut `xml:"SESSION"`
}

type sessionOut struct {
	Session
	Sections []Section `xml:"SECTION"`
}

// MarshalXML leaves out a MASTER_POINTS element that would be empty.
func (m MasterPoints) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	if m == (MasterPoints{}) {
		return nil
	}
	type plain MasterPoints
	return e.EncodeElement(plain(m), start)
}

// Write writes f as a USEBIO document in UTF-8, with every session under EVENT
// and every section under its SESSION, leaving out elements whose text is
// empty. The version is f.Version, "1.3" when empty; it must be a 1.x version.
// Read reads what Write writes back to the same File, with sessions and
// sections of empty ID written as SESSION and SECTION elements without the
// attribute.
func Write(w io.Writer, f *File) error {
	version := f.Version
	if version == "" {
		version = "1.3"
	}
	if !strings.HasPrefix(version, "1.") {
		return fmt.Errorf("usebio: USEBIO Version %q: want 1.0 to 1.3", version)
	}
	out := fileOut{Version: version, Club: f.Club, Event: eventOut{Event: f.Event}}
	for _, s := range f.Event.Sessions {
		out.Event.Sessions = append(out.Event.Sessions, sessionOut{Session: s, Sections: s.Sections})
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	e := xml.NewEncoder(w)
	e.Indent("", " ")
	if err := e.Encode(out); err != nil {
		return fmt.Errorf("usebio: %w", err)
	}
	_, err := io.WriteString(w, "\n")
	return err
}
