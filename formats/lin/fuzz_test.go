package lin

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// FuzzRead checks that Read never panics, that its errors name the package, and
// that records read and written back read the same.
func FuzzRead(f *testing.F) {
	for _, name := range []string{"two_boards.lin", "realbridge_encoded.lin"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("qx|o5|md|3SKQ4HAK1073DJTCA93,SJT76HQ54DQ984C64,SA98HJ92DA75CQ852|sv|b|pn|a,b,c,d|mb|1N|"))
	f.Add([]byte("ah|Board 9|md|SA|\r\n\r\nx|y"))
	f.Fuzz(func(t *testing.T, data []byte) {
		records, err := Read(bytes.NewReader(data))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "lin: ") {
				t.Fatalf("error without the package name: %v", err)
			}
			return
		}
		for _, r := range records {
			r.Board()
			r.Players()
			ParseEncodedRecord(string(data))
		}
		var out bytes.Buffer
		if err := Write(&out, records); err != nil {
			t.Fatalf("what was read cannot be written: %v", err)
		}
		back, err := Read(&out)
		if err != nil {
			t.Fatalf("what was written cannot be read: %v", err)
		}
		if len(back) != len(records) {
			t.Fatalf("%d records back, %d written", len(back), len(records))
		}
		for i := range records {
			if !reflect.DeepEqual(back[i].Pairs, records[i].Pairs) {
				t.Fatalf("record %d: %q read back as %q", i+1, records[i].Pairs, back[i].Pairs)
			}
		}
	})
}
