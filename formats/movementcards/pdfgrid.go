package movementcards

import (
	"github.com/go-pdf/fpdf"

	"github.com/bridge-director/director/formats/pdfdoc"
	"github.com/bridge-director/director/movement"
)

// drawGrid draws the rounds of card c as a table in the box at (x, y) of
// size w × h: a shaded header row, then a row a round, every other one
// shaded. Rows are as tall as the box allows up to cardMaxRow, the type as
// large as the rows and the width allow; a table of small type is widened
// by at most half, not spread over the whole box.
func drawGrid(doc *fpdf.Fpdf, c movement.Card, x, y, w, h float64) {
	columns, rows := cardGrid(c)
	rowHeight := min(cardMaxRow, h/float64(len(rows)+1))
	size := min(cardMaxText, rowHeight*cardRowToPoint)
	widths, total := gridWidths(doc, columns, rows, size)
	padding := 2 * cardCellPad * float64(len(columns))
	if total > w {
		size *= (w - padding) / (total - padding)
		widths, total = gridWidths(doc, columns, rows, size)
	}
	w = min(w, 1.5*total)
	for i := range widths {
		widths[i] += (w - total) / float64(len(widths))
	}
	doc.SetFont(pdfdoc.Family, "B", size)
	doc.SetFillColor(220, 220, 220)
	header := make([]string, len(columns))
	for i, col := range columns {
		header[i] = col.header
	}
	drawRow(doc, columns, header, widths, x, y, rowHeight, true)
	doc.SetFont(pdfdoc.Family, "", size)
	doc.SetFillColor(242, 242, 242)
	for i, row := range rows {
		drawRow(doc, columns, row, widths, x, y+float64(i+1)*rowHeight, rowHeight, i%2 == 1)
	}
	doc.SetDrawColor(0, 0, 0)
	doc.SetLineWidth(0.3)
	doc.Rect(x, y, w, rowHeight*float64(len(rows)+1), "D")
	doc.Line(x, y+rowHeight, x+w, y+rowHeight)
}

// gridWidths returns the width each column needs at the given size, with
// its padding, and their sum.
func gridWidths(doc *fpdf.Fpdf, columns []cardColumn, rows [][]string, size float64) ([]float64, float64) {
	widths := make([]float64, len(columns))
	doc.SetFont(pdfdoc.Family, "B", size)
	for i, col := range columns {
		widths[i] = doc.GetStringWidth(col.header)
	}
	doc.SetFont(pdfdoc.Family, "", size)
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], doc.GetStringWidth(pdfdoc.Text(cell)))
		}
	}
	total := 0.0
	for i := range widths {
		widths[i] += 2 * cardCellPad
		total += widths[i]
	}
	return widths, total
}

// drawRow draws one row of cells from (x, y), shaded when fill is set.
func drawRow(doc *fpdf.Fpdf, columns []cardColumn, cells []string, widths []float64, x, y, height float64, fill bool) {
	for i, col := range columns {
		align := "CM"
		if col.wide {
			align = "LM"
		}
		doc.SetXY(x, y)
		doc.CellFormat(widths[i], height, pdfdoc.Text(cells[i]), "", 0, align, fill, 0, "")
		x += widths[i]
	}
}
