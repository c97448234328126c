// Package handrecord prints hand records: the sheets players take home after a
// session, showing every board's four hands.
//
// WritePDF and WriteHTML lay the same records out the way club sheets do: a grid
// of boards per page (1, 2, 4 or 6; 4 by default, two by two), the boards spread
// evenly over the fewest pages that hold them so that no page but a lone one is
// half empty (25 boards at four a page: four pages of 4, three of 3), each page
// headed by the event (Options.Title) over its venue, date and subtitle, and
// each board in the compass layout with North at the top, West on the left, East on the right and
// South at the bottom. Each hand is four lines, spades first, with the suit symbol
// (hearts and diamonds in red), the ranks highest first, T for the ten and a dash
// for a void. The top left corner holds the board number, the dealer and the
// vulnerability ("Dealer: North", "Vul: N-S"); a small square in the middle holds
// the high-card points of each hand.
//
// The bottom left corner is kept for the double-dummy analysis: when a Record
// carries one, the corner shows the makeable contracts (the highest level each
// declarer makes in each strain, from the 20 cells of its bridge.DDTable) and
// the par line ("Par +620: 4♠ by N") runs under the diagram; otherwise the
// corner is an empty box. Options.HandStats fills the bottom right
// corner with each hand's shape and losing-trick count.
//
// Long suits are set smaller to fit their column. The PDF embeds the Go fonts,
// which hold the suit symbols, and is reproducible: the same records and options
// give the same bytes. The HTML page is one self-contained file (inline CSS, no
// scripts, screen-reader names for the suit symbols). On a screen narrower than
// 40em (a phone) it shows one board a row, the makeable contracts across the
// board under the diagram, and lets a long suit wrap rather than be cut; it
// fits a 360-pixel screen. Printed, it puts each page of boards on a sheet of
// its own with the header repeated atop it, and never splits a board.
package handrecord
