package dge_test

import (
	"bytes"
	"os"
	"reflect"
	"testing"

	"github.com/bridge-director/director/formats/dge"
)

// FuzzRead checks that Read never panics, and that whatever it accepts is written
// back as a file that reads to the same boards.
func FuzzRead(f *testing.F) {
	data, err := os.ReadFile(golden)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add(data[:dge.RecordSize])
	f.Add(data[:dge.PartSize])
	f.Add([]byte("\x06AKQ\x03\x04\x05"))
	f.Fuzz(func(t *testing.T, data []byte) {
		boards, err := dge.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := dge.Write(&buf, boards); err != nil {
			t.Fatalf("boards read from the file do not write: %v", err)
		}
		again, err := dge.Read(&buf)
		if err != nil {
			t.Fatalf("written file does not read: %v", err)
		}
		if !reflect.DeepEqual(again, boards) {
			t.Fatalf("round trip changed the boards:\n got %v\nwant %v", again, boards)
		}
	})
}
