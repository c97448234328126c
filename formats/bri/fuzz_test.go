package bri_test

import (
	"bytes"
	"os"
	"reflect"
	"testing"

	"github.com/bridge-director/director/formats/bri"
)

// FuzzRead checks that Read never panics, and that whatever it accepts is written
// back as a file that reads to the same boards.
func FuzzRead(f *testing.F) {
	data, err := os.ReadFile(golden)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add(data[:bri.RecordSize])
	f.Add(data[:bri.RecordSize+40])
	f.Add(append(bytes.Clone(data[:bri.PartSize]), bytes.Repeat([]byte{' '}, 50)...))
	f.Add([]byte("53"))
	f.Fuzz(func(t *testing.T, data []byte) {
		boards, err := bri.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := bri.Write(&buf, boards); err != nil {
			t.Fatalf("boards read from the file do not write: %v", err)
		}
		again, err := bri.Read(&buf)
		if err != nil {
			t.Fatalf("written file does not read: %v", err)
		}
		if !reflect.DeepEqual(again, boards) {
			t.Fatalf("round trip changed the boards:\n got %v\nwant %v", again, boards)
		}
	})
}
