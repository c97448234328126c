package ddslist

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzRead checks that ReadList and ReadSol never panic, name the package in
// their errors and return only valid deals.
func FuzzRead(f *testing.F) {
	for _, name := range []string{"list1.txt", "thomas1.txt", "sol10.txt"} {
		data, err := os.ReadFile(filepath.Join(fixtures, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, read := range []func(*bytes.Reader) ([]Deal, error){
			func(r *bytes.Reader) ([]Deal, error) { return ReadList(r) },
			func(r *bytes.Reader) ([]Deal, error) { return ReadSol(r) },
		} {
			deals, err := read(bytes.NewReader(data))
			if err != nil {
				if !strings.HasPrefix(err.Error(), "ddslist: ") {
					t.Fatalf("error without the package name: %v", err)
				}
				continue
			}
			for _, d := range deals {
				if err := d.Deal.Validate(); err != nil {
					t.Fatalf("accepted an invalid deal: %v", err)
				}
				if err := d.Table.Validate(); err != nil {
					t.Fatalf("accepted an invalid double-dummy table: %v", err)
				}
			}
		}
	})
}
