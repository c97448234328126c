package handrecord

import (
	"fmt"
	"io"

	"github.com/go-pdf/fpdf"

	"github.com/bridge-director/director/formats/pdfdoc"
)

// The page furniture, in millimetres and points.
const (
	pageMargin   = 10.0
	headerHeight = 14.0
	cellPadding  = 3.0
	titleSize    = 13.0
	subtitleSize = 9.0
	pageNoSize   = 8.0
	maxScale     = 1.6
)

// WritePDF writes the records as a PDF, opt.BoardsPerPage boards to a page, in
// the order given.
func WritePDF(w io.Writer, records []Record, opt Options) error {
	g, err := checkedGrid(records, opt)
	if err != nil {
		return err
	}
	doc := newPDF(opt)
	pages := g.pages(records)
	for i, page := range pages {
		doc.AddPage()
		drawHeader(doc, opt, i+1, len(pages))
		drawPage(doc, g, page, opt.HandStats)
	}
	if err := doc.Output(w); err != nil {
		return fmt.Errorf("handrecord: writing the PDF: %w", err)
	}
	return nil
}

// newPDF returns an empty document with the Go fonts and the metadata of opt.
func newPDF(opt Options) *fpdf.Fpdf {
	title := opt.Title
	if pdfdoc.Text(title) == "" {
		title = "Hand records"
	}
	doc := pdfdoc.New(opt.PageSize == Letter, pdfdoc.Meta{Title: title, Subject: opt.subtitle(), Created: opt.Created})
	doc.SetMargins(pageMargin, pageMargin, pageMargin)
	doc.SetAutoPageBreak(false, pageMargin)
	return doc
}

// drawHeader writes the title, the line of venue, date and subtitle, and the
// page number at the top of the current page, over a rule. A title too long for the line is set smaller.
func drawHeader(doc *fpdf.Fpdf, opt Options, page, pages int) {
	width, _ := doc.GetPageSize()
	right := width - pageMargin
	doc.SetFont(pdfdoc.Family, "", pageNoSize)
	number := fmt.Sprintf("Page %d of %d", page, pages)
	numberWidth := doc.GetStringWidth(number)
	doc.SetTextColor(0, 0, 0)
	doc.Text(right-numberWidth, pageMargin+4.5, number)
	onPage := pen{doc: doc, scale: 1}
	textWidth := right - pageMargin - numberWidth - 5
	onPage.text(pageMargin, pageMargin+4.5, "B", titleSize, segments(pdfdoc.Text(opt.Title)), textWidth)
	onPage.text(pageMargin, pageMargin+9.5, "", subtitleSize, segments(pdfdoc.Text(opt.subtitle())), textWidth)
	doc.SetDrawColor(0, 0, 0)
	doc.SetLineWidth(0.3)
	doc.Line(pageMargin, pageMargin+headerHeight-2, right, pageMargin+headerHeight-2)
}

// drawPage writes the boards of one page into the cells of g, row by row, with
// the shape tables when stats is set.
func drawPage(doc *fpdf.Fpdf, g grid, records []Record, stats bool) {
	width, height := doc.GetPageSize()
	top := pageMargin + headerHeight
	cellW := (width - 2*pageMargin) / float64(g.cols)
	cellH := (height - top - pageMargin) / float64(g.rows)
	scale := min(maxScale, (cellW-2*cellPadding)/boardWidth, (cellH-2*cellPadding)/boardHeight)
	for i, r := range records {
		x := pageMargin + float64(i%g.cols)*cellW
		y := top + float64(i/g.cols)*cellH
		doc.SetDrawColor(190, 190, 190)
		doc.SetLineWidth(0.2)
		doc.Rect(x, y, cellW, cellH, "D")
		left := x + (cellW-boardWidth*scale)/2
		drawBoard(doc, r, left, y+cellPadding, scale, stats)
	}
}
