// Package pdfdoc starts the PDF documents Director prints (hand records,
// table and guide cards): the Go fonts, which have the suit symbols,
// registered as Family; the document's metadata; and a fixed creation date
// unless one is given, so that the same input always gives the same bytes.
package pdfdoc

import (
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Family is the font family New registers, regular and bold ("B").
const Family = "Go"

// FixedCreated is the creation date recorded when none is given.
var FixedCreated = time.Date(2000, time.January, 1, 0, 0, 0, 0, time.UTC)

// Meta is what a document says of itself.
type Meta struct {
	Title, Subject string
	// Created is the creation date to record; zero records FixedCreated.
	Created time.Time
}

// New returns an empty portrait document in millimetres on A4, or US Letter
// when letter is set, with the fonts and metadata registered.
func New(letter bool, m Meta) *fpdf.Fpdf {
	size := "A4"
	if letter {
		size = "Letter"
	}
	doc := fpdf.New("P", "mm", size, "")
	doc.AddUTF8FontFromBytes(Family, "", goregular.TTF)
	doc.AddUTF8FontFromBytes(Family, "B", gobold.TTF)
	doc.SetTitle(Text(m.Title), true)
	if m.Subject != "" {
		doc.SetSubject(Text(m.Subject), true)
	}
	doc.SetCreator("Director", true)
	created := m.Created
	if created.IsZero() {
		created = FixedCreated
	}
	doc.SetCreationDate(created.UTC())
	doc.SetModificationDate(created.UTC())
	doc.SetCatalogSort(true)
	return doc
}

// Text returns s as the fonts can print it: control characters become
// spaces, and invalid UTF-8 and the characters beyond the Basic Multilingual
// Plane (emoji, for one), which fpdf cannot encode, become U+FFFD.
func Text(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r < ' ' || r == 0x7f:
			return ' '
		case r > 0xFFFF:
			return '\uFFFD'
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}
