package usebio

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestWriteReadsBack writes every published file and reads it back: the same
// clubs, events, sessions, sections, participants, boards and matches.
func TestWriteReadsBack(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(fixtures, "*.xml"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			f := readFixture(t, filepath.Base(p))
			var buf bytes.Buffer
			if err := Write(&buf, f); err != nil {
				t.Fatal(err)
			}
			back, err := Read(&buf)
			if err != nil {
				t.Fatalf("Read of what Write wrote: %v", err)
			}
			if !reflect.DeepEqual(back, f) {
				t.Errorf("read back %+v\nwant %+v", countFile(back), countFile(f))
			}
		})
	}
}

func TestWriteShape(t *testing.T) {
	f := &File{Club: Club{Name: "Café <&> Club"}, Event: Event{Type: "MP_PAIRS", Sessions: []Session{{ID: "1", Sections: []Section{{ID: "A",
		Participants: Participants{Pairs: []Pair{{Number: "1", Percentage: "55.00", Place: "1",
			Players: []Player{{Name: "Ann Smith", NationalID: "12345"}}}}}}}}}}}
	var buf bytes.Buffer
	if err := Write(&buf, f); err != nil {
		t.Fatal(err)
	}
	doc := buf.String()
	for _, want := range []string{`<?xml version="1.0" encoding="UTF-8"?>`, `<USEBIO Version="1.3">`, `<CLUB_NAME>Café &lt;&amp;&gt; Club</CLUB_NAME>`,
		`<SESSION SESSION_ID="1">`, `<SECTION SECTION_ID="A">`, `<NATIONAL_ID_NUMBER>12345</NATIONAL_ID_NUMBER>`} {
		if !strings.Contains(doc, want) {
			t.Errorf("document lacks %s:\n%s", want, doc)
		}
	}
	for _, absent := range []string{"<MASTER_POINTS>", "<HANDICAP>", "<DIRECTION>", "RATEABLE"} {
		if strings.Contains(doc, absent) {
			t.Errorf("document has the empty %s:\n%s", absent, doc)
		}
	}
	f.Version = "2.0"
	if err := Write(&buf, f); err == nil || !strings.Contains(err.Error(), `Version "2.0"`) {
		t.Errorf("Write of version 2.0: %v", err)
	}
}
