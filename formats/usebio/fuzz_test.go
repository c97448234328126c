package usebio

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// FuzzRead checks that Read never panics, accepts only USEBIO 1.x, and that
// what it reads Write writes so that Read reads it back the same.
func FuzzRead(f *testing.F) {
	paths, err := filepath.Glob(filepath.Join(fixtures, "*.xml"))
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data[:min(len(data), 1024)]) // whole files make minimizing crawl
	}
	f.Add([]byte(`<USEBIO Version="1.2"><EVENT><PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR></PARTICIPANTS></EVENT></USEBIO>`))
	f.Add([]byte(`<USEBIO Version="1.0"><EVENT><SESSION><BOARD><BOARD_NUMBER>1</BOARD_NUMBER></BOARD></SESSION></EVENT></USEBIO>`))
	f.Add([]byte(`<USEBIO Version="1.2"><EVENT EVENT_TYPE="TEAMS"><SESSION SESSION_ID="1"><PARTICIPANTS><TEAM TEAM_ID="1"><PAIR><PAIR_NUMBER>1-1-2</PAIR_NUMBER></PAIR></TEAM></PARTICIPANTS>` +
		`<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><IMPS>3</IMPS><TRAVELLER_LINE><DIRECTION>NS</DIRECTION><SCORE>420</SCORE></TRAVELLER_LINE></BOARD></MATCH></SESSION></EVENT></USEBIO>`))
	f.Add([]byte(`<?xml version="1.0" encoding="iso-8859-1"?><USEBIO Version="1.3"><EVENT><SESSION><SECTION SECTION_ID="A"><BOARD><TRAVELLER_LINE><SCORE>A5050</SCORE></TRAVELLER_LINE></BOARD></SECTION></SESSION></EVENT></USEBIO>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Read(bytes.NewReader(data))
		if err != nil {
			if file != nil {
				t.Fatal("Read returned a file and an error")
			}
			return
		}
		if !strings.HasPrefix(file.Version, "1.") {
			t.Fatalf("Read accepted version %q", file.Version)
		}
		var buf bytes.Buffer
		if err := Write(&buf, file); err != nil {
			t.Fatalf("Write of what Read read: %v", err)
		}
		back, err := Read(&buf)
		if err != nil {
			t.Fatalf("Read of what Write wrote: %v\n%s", err, buf.Bytes())
		}
		if !reflect.DeepEqual(back, file) {
			t.Fatalf("read back %+v, want %+v", back, file)
		}
	})
}
