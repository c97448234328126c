package pdfdoc

import (
	"bytes"
	"testing"
	"time"
)

func TestText(t *testing.T) {
	for in, want := range map[string]string{
		"Tuesday ♠ pairs": "Tuesday ♠ pairs",
		"tab\there":       "tab here",
		"club 🂡":          "club \uFFFD",
		"bad \xff byte":   "bad \uFFFD byte",
	} {
		if got := Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNewIsDeterministicAndSaysWhatItIs(t *testing.T) {
	write := func(m Meta) []byte {
		doc := New(false, m)
		doc.AddPage()
		doc.SetFont(Family, "B", 12)
		doc.Cell(40, 10, "Board 1 ♠♥♦♣")
		var buf bytes.Buffer
		if err := doc.Output(&buf); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	m := Meta{Title: "Hand records", Subject: "Boards 1 to 24"}
	a, b := write(m), write(m)
	if !bytes.Equal(a, b) {
		t.Error("the same document gave different bytes")
	}
	if !bytes.Contains(a, []byte("/CreationDate (D:20000101000000")) || !bytes.Contains(a, []byte("/Creator")) {
		t.Errorf("metadata missing: %q", a[len(a)-600:])
	}
	m.Created = time.Date(2026, 11, 24, 19, 0, 0, 0, time.UTC)
	if c := write(m); !bytes.Contains(c, []byte("/CreationDate (D:20261124190000")) {
		t.Error("the given creation date was not recorded")
	}
	if w, _ := New(true, m).GetPageSize(); w < 215 || w > 216 {
		t.Errorf("a Letter page is %.1f mm wide, want 215.9", w)
	}
	if w, _ := New(false, m).GetPageSize(); w < 209.9 || w > 210.1 {
		t.Errorf("an A4 page is %.1f mm wide, want 210", w)
	}
}
