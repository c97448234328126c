package dealing

import (
	"strings"
	"testing"
)

func TestParseSQDErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"TN a\r\nTN b\r\nSN 1:16:A:b", "sqd line 2: TN: given twice"},
		{"SN 1:16:A", `sqd line 1: SN: want sessions:boards:file:description, found 3 fields`},
		{"# c\nSN 0:16:A:b", `sqd line 2: SN: number of sessions "0" is not a positive number`},
		{"SN 2:1-16,32-17:A#:b", `"32-17" is not a board range`},
		{"SN 2:?:A#:b", `boards "?" are decided when the session is made`},
		{"SN 2:16:1A#:b", `file name "1A#"`},
		{"SN 2:16:A#:b\nKH 12", `sqd line 2: KH: key hash "12" is not 64 hexadecimal digits`},
		{"TN x\nDX y", `sqd line 2: unknown line "DX y"`},
		{"TN x\n", "no phases"},
	} {
		if _, err := ParseSQD([]byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseSQD(%q) error = %v, want one containing %q", tc.in, err, tc.want)
		}
	}
}

func TestParseSQDPhases(t *testing.T) {
	sqd, err := ParseSQD([]byte("TN Club\nDI Friday's closing index\nSN 3:8,9-16:PAIRS##:Pairs #\nSN 1:24:FINAL:Final\n"))
	if err != nil {
		t.Fatal(err)
	}
	p := sqd.Phases[0]
	if sqd.Name != "Club" || sqd.DelayedInfo != "Friday's closing index" || sqd.Published || len(sqd.Phases) != 2 ||
		p.Sessions != 3 || len(p.Boards) != 2 || p.Boards[0] != (BoardRange{1, 8}) || p.Boards[1] != (BoardRange{9, 16}) ||
		sqd.Phases[1].Boards[0] != (BoardRange{1, 24}) {
		t.Errorf("ParseSQD = %+v", sqd)
	}
	keys, err := ParseSQK([]byte("1,1:ab\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sqd.Sessions(keys, false); err == nil || !strings.Contains(err.Error(), "not published") {
		t.Errorf("Sessions of an unpublished description: error = %v", err)
	}
}

func TestParseSQKErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "sqk: no keys"},
		{"1,1:abc\r\n1,1:abd\r\n", "sqk line 2: a second key for session 1,1"},
		{"1,1:abc\n\n2,1:x", `sqk line 2: "": want phase,session:key`},
		{"1:abc", `sqk line 1: "1:abc": want phase,session:key`},
		{"1,0:abc", `sqk line 1: "1,0": phase and session must be numbers from 1`},
		{"1,1:a b", `sqk line 1: session 1,1: key "a b" must be non-empty`},
	} {
		if _, err := ParseSQK([]byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseSQK(%q) error = %v, want one containing %q", tc.in, err, tc.want)
		}
	}
}

func TestSessionsNeedEveryKey(t *testing.T) {
	sqd, err := ParseSQD([]byte("TN T\nDI d\nDV 1\nSN 2:16:S#:s #\nKH 0000000000000000000000000000000000000000000000000000000000000000"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ keys, want string }{
		{"1,1:ab\r\n", "no key for session 1,2"},
		{"1,1:ab\r\n1,2:cd\r\n2,1:ef\r\n", "3 keys for 2 sessions"},
	} {
		keys, err := ParseSQK([]byte(tc.keys))
		if err != nil {
			t.Fatal(err)
		}
		sqd.KeyHash = keys.Hash()
		if _, err := sqd.Sessions(keys, false); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("keys %q: error = %v, want %q", tc.keys, err, tc.want)
		}
	}
}

func TestFillSessionNumber(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		session int
		want    string
	}{{"OPRR##", 7, "OPRR07"}, {"R16#", 2, "R162"}, {"Open #/17", 12, "Open 12/17"}, {"FINAL", 1, "FINAL"}, {"S###x", 5, "S005x"}, {"S#", 123, "S123"}} {
		if got := fillSessionNumber(tc.pattern, tc.session); got != tc.want {
			t.Errorf("fillSessionNumber(%q, %d) = %q, want %q", tc.pattern, tc.session, got, tc.want)
		}
	}
}
