package pdftest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bridge-director/director/formats/pdfdoc"
)

func TestPagesAndShown(t *testing.T) {
	doc := pdfdoc.New(false, pdfdoc.Meta{Title: "t"})
	for _, text := range []string{"Board 1 ♠", "Board 2 (♥)"} {
		doc.AddPage()
		doc.SetFont(pdfdoc.Family, "", 12)
		doc.Cell(40, 10, text)
	}
	var buf bytes.Buffer
	if err := doc.Output(&buf); err != nil {
		t.Fatal(err)
	}
	pages := Pages(t, buf.Bytes())
	if len(pages) != 2 {
		t.Fatalf("%d pages, want 2", len(pages))
	}
	if !strings.Contains(pages[0], Shown("Board 1 ♠")) || strings.Contains(pages[0], Shown("Board 2 (♥)")) || !strings.Contains(pages[1], Shown("Board 2 (♥)")) {
		t.Errorf("each page does not show its own text:\n%q\n%q", pages[0], pages[1])
	}
}
