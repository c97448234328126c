package dlm_test

import (
	"bytes"
	"os"
	"reflect"
	"testing"

	"github.com/bridge-director/director/formats/dlm"
)

// FuzzRead checks that Read never panics, and that whatever it accepts is written
// back as a file that reads to the same boards.
//
// A DLM file is about 6 KB, and the fuzzer spends up to a minute minimizing each new
// input of that size, so run it with a short minimizing time:
//
//	go test -run=^$ -fuzz=FuzzRead -fuzztime=20s -fuzzminimizetime=2s ./formats/dlm
func FuzzRead(f *testing.F) {
	for _, path := range []string{golden, goldenSealed} {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")))
	}
	f.Add([]byte("[Document]\nBoard 01=blblblblblblblblblblblblbl013\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		boards, err := dlm.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := dlm.Write(&buf, boards); err != nil {
			t.Fatalf("boards read from the file do not write: %v", err)
		}
		again, err := dlm.Read(&buf)
		if err != nil {
			t.Fatalf("written file does not read: %v", err)
		}
		if !reflect.DeepEqual(again, boards) {
			t.Fatalf("round trip changed the boards:\n got %v\nwant %v", again, boards)
		}
	})
}
