package dup_test

import (
	"bytes"
	"os"
	"reflect"
	"testing"

	"github.com/bridge-director/director/formats/dup"
)

// FuzzRead checks that Read never panics, and that whatever it accepts is written
// back as a file that reads to the same boards.
func FuzzRead(f *testing.F) {
	for _, path := range []string{golden, goldenBlind} {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:dup.RecordSize])
	}
	f.Add([]byte("YN1  0 1  "))
	f.Fuzz(func(t *testing.T, data []byte) {
		boards, err := dup.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := dup.Write(&buf, boards); err != nil {
			t.Fatalf("boards read from the file do not write: %v", err)
		}
		again, err := dup.Read(&buf)
		if err != nil {
			t.Fatalf("written file does not read: %v", err)
		}
		if !reflect.DeepEqual(again, boards) {
			t.Fatalf("round trip changed the boards:\n got %v\nwant %v", again, boards)
		}
	})
}
