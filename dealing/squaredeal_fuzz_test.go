package dealing

import (
	"os"
	"strings"
	"testing"
)

func FuzzParseSQD(f *testing.F) {
	if b, err := os.ReadFile(wbg2024 + "WBG2024.sqd"); err == nil {
		f.Add(string(b))
	}
	for _, s := range []string{"", "TN x\nSN 1:16:A:b\n", "SN 2:1-8,9-16:R##:Round #\nKH 00\n", "SN 0:1:A:b", "SN 1:?:A:b", "SN 1:5-3:A:b", "XX y", "SN 1:1-9999999999:A:b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sqd, err := ParseSQD([]byte(s))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "dealing: sqd") {
				t.Errorf("error %q does not say it is about the sqd file", err)
			}
			return
		}
		for _, p := range sqd.Phases {
			if p.Sessions < 1 || len(p.Boards) == 0 {
				t.Fatalf("phase %+v accepted", p)
			}
			for _, r := range p.Boards {
				if r.First < 1 || r.Last < r.First {
					t.Fatalf("board range %v accepted", r)
				}
			}
		}
	})
}

func FuzzParseSQK(f *testing.F) {
	if b, err := os.ReadFile(wbg2024 + "WBG2024.sqk"); err == nil {
		f.Add(string(b))
	}
	for _, s := range []string{"", "1,1:abc\r\n", "1,1:abc\n1,1:abd\n", "1:abc", "0,1:x", "1,1:", "1,1:a b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		keys, err := ParseSQK([]byte(s))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "dealing: sqk") {
				t.Errorf("error %q does not say it is about the sqk file", err)
			}
			return
		}
		lines := strings.Count(strings.TrimSuffix(s, "\n"), "\n") + 1
		if keys.Len() != lines {
			t.Errorf("%d keys from %d lines", keys.Len(), lines)
		}
	})
}
