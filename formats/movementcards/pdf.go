package movementcards

import (
	"fmt"
	"io"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/bridge-director/director/formats/pdfdoc"
	"github.com/bridge-director/director/movement"
)

// Options says how to print cards as a PDF. The zero Options prints
// two cards to an A4 page.
type Options struct {
	// CardsPerPage is 1 (a card fills a page) or 2 (a card fills half a
	// page, to be cut along the dashed line). 0 chooses: two, unless a card
	// has so many rounds that half a page would set them in small type
	// (more than about 13).
	CardsPerPage int
	// Letter prints on US Letter paper instead of A4.
	Letter bool
	// Created is the creation date recorded in the PDF. The zero time
	// records 1 January 2000, so that the same cards give the same bytes.
	Created time.Time
}

// The card furniture, in millimetres and points.
const (
	cardPadding    = 8.0
	cardCellPad    = 2.5
	cardHeadSize   = 11.0
	cardNoteSize   = 11.0
	cardNoteLine   = 5.0
	cardMaxRow     = 14.0
	cardMinHalfRow = 7.0
	cardMaxText    = 22.0
	cardRowToPoint = 0.6 * 72 / 25.4 // type size, in points, for a row height in millimetres
)

// WritePDF writes cards as a PDF, in the order given, one or two to a
// portrait page. Each card is set in type as large as its rounds and its
// width allow (at most 22 points), with the title in large bold type, every
// other round shaded, and the notes at the foot. The same cards and options
// give the same bytes.
func WritePDF(w io.Writer, cards []movement.Card, opt Options) error {
	if opt.CardsPerPage < 0 || opt.CardsPerPage > 2 {
		return fmt.Errorf("movementcards: %d cards per page is not a layout (want 1 or 2, or 0 to choose)", opt.CardsPerPage)
	}
	if err := checkCards(cards); err != nil {
		return err
	}
	doc := newCardsPDF(opt, cards)
	width, height := doc.GetPageSize()
	perPage := opt.CardsPerPage
	if perPage == 0 {
		perPage = 2
		for _, c := range cards {
			if frameCard(doc, c, 0, 0, width, height/2).rowHeight(c) < cardMinHalfRow {
				perPage = 1
			}
		}
	}
	cardHeight := height / float64(perPage)
	for i, c := range cards {
		slot := i % perPage
		if slot == 0 {
			doc.AddPage()
			if perPage == 2 {
				drawCutLine(doc, cardHeight, width)
			}
		}
		drawCard(doc, c, frameCard(doc, c, 0, float64(slot)*cardHeight, width, cardHeight))
	}
	if err := doc.Output(w); err != nil {
		return fmt.Errorf("movementcards: writing the card PDF: %w", err)
	}
	return nil
}

// newCardsPDF returns an empty portrait document with the Go fonts, titled
// after the first card's heading.
func newCardsPDF(opt Options, cards []movement.Card) *fpdf.Fpdf {
	title := "Movement cards"
	if h := pdfdoc.Text(cards[0].Heading); h != "" {
		title = h
	}
	doc := pdfdoc.New(opt.Letter, pdfdoc.Meta{Title: title, Created: opt.Created})
	doc.SetMargins(0, 0, 0)
	doc.SetAutoPageBreak(false, 0)
	doc.SetCellMargin(cardCellPad)
	return doc
}

// drawCutLine draws the dashed line across the page at y.
func drawCutLine(doc *fpdf.Fpdf, y, width float64) {
	doc.SetDrawColor(150, 150, 150)
	doc.SetLineWidth(0.2)
	doc.SetDashPattern([]float64{3, 2}, 0)
	doc.Line(0, y, width, y)
	doc.SetDashPattern(nil, 0)
}

// cardFrame is where the parts of a card go in its box.
type cardFrame struct {
	left, right, top float64
	// titleSize is the size of the title, in points, and baseline the
	// baseline of the title line.
	titleSize, baseline float64
	// notes are the lines of the notes, which end at bottom.
	notes  []string
	bottom float64
}

// frameCard lays card c out in the box at (x, y) of size w × h.
func frameCard(doc *fpdf.Fpdf, c movement.Card, x, y, w, h float64) cardFrame {
	f := cardFrame{left: x + cardPadding, right: x + w - cardPadding, top: y + cardPadding, titleSize: min(34.0, h/6)}
	f.baseline = f.top + 6 + f.titleSize*0.42
	doc.SetFont(pdfdoc.Family, "", cardNoteSize)
	for _, n := range c.Notes {
		f.notes = append(f.notes, doc.SplitText(pdfdoc.Text("Note: "+n), f.right-f.left)...)
	}
	f.bottom = y + h - cardPadding
	return f
}

// gridTop and gridBottom bound the grid of rounds.
func (f cardFrame) gridTop() float64 { return f.baseline + 7 }
func (f cardFrame) gridBottom() float64 {
	return f.bottom - float64(len(f.notes))*cardNoteLine - 2
}

// rowHeight is the height of a grid row of card c in f, before the limit of
// cardMaxRow.
func (f cardFrame) rowHeight(c movement.Card) float64 {
	return (f.gridBottom() - f.gridTop()) / float64(len(c.Rounds)+1)
}

// drawCard draws card c in frame f: the heading, the title (and the pair
// of a guide card) over a rule, the grid of rounds, and the notes at the
// foot.
func drawCard(doc *fpdf.Fpdf, c movement.Card, f cardFrame) {
	doc.SetTextColor(90, 90, 90)
	doc.SetFont(pdfdoc.Family, "", cardHeadSize)
	doc.Text(f.left, f.top+4, fitText(doc, pdfdoc.Text(c.Heading), f.right-f.left))
	doc.SetTextColor(0, 0, 0)
	titleWidth := f.right - f.left
	if sub := cardSubtitle(c); sub != "" {
		doc.SetFont(pdfdoc.Family, "B", f.titleSize*0.7)
		titleWidth -= doc.GetStringWidth(sub) + 8
		doc.Text(f.right-doc.GetStringWidth(sub), f.baseline, sub)
	}
	title := pdfdoc.Text(c.Title)
	fitSize(doc, "B", f.titleSize, title, titleWidth)
	doc.Text(f.left, f.baseline, title)
	doc.SetDrawColor(0, 0, 0)
	doc.SetLineWidth(0.5)
	doc.Line(f.left, f.baseline+3, f.right, f.baseline+3)
	doc.SetFont(pdfdoc.Family, "", cardNoteSize)
	for i, line := range f.notes {
		doc.Text(f.left+1, f.gridBottom()+2+float64(i+1)*cardNoteLine-1.2, line)
	}
	drawGrid(doc, c, f.left, f.gridTop(), f.right-f.left, f.gridBottom()-f.gridTop())
}

// fitText shortens s with an ellipsis until it fits width in the current
// font.
func fitText(doc *fpdf.Fpdf, s string, width float64) string {
	runes := []rune(s)
	for len(runes) > 0 && doc.GetStringWidth(s) > width {
		runes = runes[:len(runes)-1]
		s = string(runes) + "…"
	}
	return s
}

// fitSize sets the font to style at size, or smaller so that s fits width.
func fitSize(doc *fpdf.Fpdf, style string, size float64, s string, width float64) {
	doc.SetFont(pdfdoc.Family, style, size)
	if w := doc.GetStringWidth(s); w > width {
		doc.SetFont(pdfdoc.Family, style, size*width/w)
	}
}
