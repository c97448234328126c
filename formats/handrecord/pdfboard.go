package handrecord

import (
	"strconv"

	"github.com/bridge-director/director/bridge"
	"github.com/go-pdf/fpdf"

	"github.com/bridge-director/director/formats/pdfdoc"
)

// The layout of one board at scale 1, in millimetres from its top left corner,
// and its font sizes in points. drawPage scales it to fit the cell.
const (
	boardWidth   = 80.0
	sideWidth    = 31.0 // the columns of West and East
	compassSide  = 16.0
	columnGap    = 2.0
	lineHeight   = 4.6
	rowGap       = 1.5
	handHeight   = 4 * lineHeight
	cornerWidth  = sideWidth - columnGap // the tables under West and East
	cornerHeight = 5*cornerRow + 1
	cornerRow    = 3.4
	seatColumn   = 4.0
	parHeight    = 5.0 // the par line, under the whole diagram
	boardHeight  = 2*(handHeight+rowGap) + handHeight + parHeight

	handSize   = 10.0
	numberSize = 20.0
	labelSize  = 8.0
	hcpSize    = 9.0
	tableSize  = 7.0
	parSize    = 8.0
)

// The column widths of the corner tables.
var (
	makeableColumns = []float64{seatColumn, 4.8, 4.8, 4.8, 4.8, 4.8}
	statsColumns    = []float64{seatColumn, 15, 9}
)

// red is the colour of hearts and diamonds.
var red = [3]int{200, 0, 0}

// pen draws on doc in board coordinates: millimetres at scale 1 from the
// board's top left corner.
type pen struct {
	doc         *fpdf.Fpdf
	x, y, scale float64
}

// text writes segs with the left end of its baseline at (dx, dy), in the given
// style and size, shrunk to fit maxWidth.
func (p pen) text(dx, dy float64, style string, size float64, segs []segment, maxWidth float64) {
	p.doc.SetFont(pdfdoc.Family, style, size*p.scale)
	if width := p.width(segs); width > maxWidth*p.scale {
		p.doc.SetFont(pdfdoc.Family, style, size*p.scale*maxWidth*p.scale/width)
	}
	p.write(p.x+dx*p.scale, p.y+dy*p.scale, segs)
}

// centred writes segs with the middle of its baseline at (dx, dy).
func (p pen) centred(dx, dy float64, style string, size float64, segs []segment) {
	p.doc.SetFont(pdfdoc.Family, style, size*p.scale)
	p.write(p.x+dx*p.scale-p.width(segs)/2, p.y+dy*p.scale, segs)
}

// write writes segs in the current font with the left end of its baseline at
// (x, y) on the page. Red suit symbols are red, the rest black.
func (p pen) write(x, y float64, segs []segment) {
	for _, g := range segs {
		if g.Red() {
			p.doc.SetTextColor(red[0], red[1], red[2])
		} else {
			p.doc.SetTextColor(0, 0, 0)
		}
		p.doc.Text(x, y, g.Text)
		x += p.doc.GetStringWidth(g.Text)
	}
}

// width returns the width of segs in the current font, in page millimetres.
func (p pen) width(segs []segment) float64 {
	w := 0.0
	for _, g := range segs {
		w += p.doc.GetStringWidth(g.Text)
	}
	return w
}

// rect draws a rectangle, "D" for its outline, "F" filled, "FD" both.
func (p pen) rect(dx, dy, w, h float64, style string) {
	p.doc.Rect(p.x+dx*p.scale, p.y+dy*p.scale, w*p.scale, h*p.scale, style)
}

// line draws a line between two points.
func (p pen) line(dx1, dy1, dx2, dy2 float64) {
	p.doc.Line(p.x+dx1*p.scale, p.y+dy1*p.scale, p.x+dx2*p.scale, p.y+dy2*p.scale)
}

// drawBoard draws r with its top left corner at (x, y), scaled by scale, with
// the shape table when stats is set.
func drawBoard(doc *fpdf.Fpdf, r Record, x, y, scale float64, stats bool) {
	p := pen{doc: doc, x: x, y: y, scale: scale}
	b := r.Board
	middle := handHeight + rowGap
	bottom := 2 * middle
	eastX := sideWidth + compassSide + columnGap
	southWidth := boardWidth - sideWidth
	if stats {
		southWidth -= cornerWidth + columnGap
		drawTable(p, boardWidth-cornerWidth, bottom, statsColumns, statsTable(b.Deal))
	}
	drawDesignation(p, b)
	drawHand(p, sideWidth, 0, boardWidth-sideWidth, b.Deal[bridge.North])
	drawHand(p, 0, middle, sideWidth-columnGap, b.Deal[bridge.West])
	drawHand(p, eastX, middle, boardWidth-eastX, b.Deal[bridge.East])
	drawHand(p, sideWidth, bottom, southWidth, b.Deal[bridge.South])
	drawCompass(p, sideWidth, middle+(handHeight-compassSide)/2, b.Deal)
	drawDoubleDummy(p, 0, bottom, r.DoubleDummy)
}

// drawDesignation writes the board number, the dealer and the vulnerability in
// the top left corner.
func drawDesignation(p pen, b bridge.Board) {
	p.text(0, 3, "", labelSize, segments("Board"), sideWidth)
	p.text(0, 10.5, "B", numberSize, segments(strconv.Itoa(b.Number)), sideWidth)
	p.text(0, 14.5, "", labelSize, segments("Dealer: "+b.Dealer.Name()), sideWidth)
	p.text(0, 18, "", labelSize, segments("Vul: "+b.Vulnerability.Marked()), sideWidth)
}

// drawHand writes h as four lines, spades first, within width.
func drawHand(p pen, dx, dy, width float64, h bridge.Hand) {
	for i, s := range handSuits {
		baseline := dy + float64(i)*lineHeight + 0.75*lineHeight
		p.text(dx, baseline, "", handSize, segments(s.Symbol()+" "+suitText(h, s)), width)
	}
}

// drawCompass draws the square in the middle of the diagram with the high-card
// points of each hand on its side of the table.
func drawCompass(p pen, dx, dy float64, d bridge.Deal) {
	p.doc.SetDrawColor(0, 0, 0)
	p.doc.SetFillColor(238, 238, 238)
	p.doc.SetLineWidth(0.25 * p.scale)
	p.rect(dx, dy, compassSide, compassSide, "FD")
	centre := compassSide / 2
	hcp := func(s bridge.Seat) []segment { return segments(strconv.Itoa(d[s].HCP())) }
	p.centred(dx+centre, dy+4, "B", hcpSize, hcp(bridge.North))
	p.centred(dx+centre, dy+compassSide-1.6, "B", hcpSize, hcp(bridge.South))
	p.centred(dx+3, dy+centre+1.2, "B", hcpSize, hcp(bridge.West))
	p.centred(dx+compassSide-3, dy+centre+1.2, "B", hcpSize, hcp(bridge.East))
}

// drawDoubleDummy draws the makeable contracts table with its top left corner at
// (dx, dy) and the par line under the diagram, or an empty box in place of the
// table when dd is nil.
func drawDoubleDummy(p pen, dx, dy float64, dd *DoubleDummy) {
	if dd == nil {
		p.doc.SetDrawColor(170, 170, 170)
		p.doc.SetLineWidth(0.15 * p.scale)
		p.rect(dx, dy, cornerWidth, cornerHeight, "D")
		return
	}
	drawTable(p, dx, dy, makeableColumns, makeableTable(dd))
	if dd.Par != "" {
		p.text(dx, dy+handHeight+parHeight-1, "", parSize, segments(pdfdoc.Text(dd.Par)), boardWidth)
	}
}

// drawTable draws t in a box with its top left corner at (dx, dy), the columns
// as wide as widths says, the header row and column in bold and a rule under
// each row.
func drawTable(p pen, dx, dy float64, widths []float64, t table) {
	p.doc.SetDrawColor(170, 170, 170)
	p.doc.SetLineWidth(0.15 * p.scale)
	p.rect(dx, dy, cornerWidth, cornerHeight, "D")
	for i, row := range t.Rows {
		top := dy + 0.5 + float64(i)*cornerRow
		if i > 0 {
			p.line(dx+0.5, top, dx+cornerWidth-0.5, top)
		}
		x := dx + 0.5
		for j, cell := range row {
			style := ""
			if i == 0 || j == 0 {
				style = "B"
			}
			p.centred(x+widths[j]/2, top+cornerRow-0.8, style, tableSize, segments(cell))
			x += widths[j]
		}
	}
}
