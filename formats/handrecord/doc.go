// Package handrecord prints hand records: the sheets players take home after a
// session, showing every board's four hands.
//
// WritePDF and WriteHTML lay the same records out the way club sheets do: a grid
// of boards per page (1, 2, 4 or 6; 4 by default, two by two), each board in the
// compass layout with North at the top, West on the left, East on the right and
// South at the bottom. Each hand is four lines, spades first, with the suit symbol
// (hearts and diamonds in red), the ranks highest first, T for the ten and a dash
// for a void. The top left corner holds the board number, the dealer and the
// vulnerability ("Dealer: North", "Vul: N-S"); a small square in the middle holds
// the high-card points of each hand.
//
// The bottom left corner is kept for the double-dummy analysis: when a Record
// carries one, the corner shows the makeable contracts (the highest level each
// declarer makes in each strain) and the par line runs under the diagram;
// otherwise the corner is an empty box. Options.HandStats fills the bottom right
// corner with each hand's shape and losing-trick count.
//
// Long suits are set smaller to fit their column. The PDF embeds the Go fonts,
// which hold the suit symbols, and is reproducible: the same records and options
// give the same bytes. The HTML page is one self-contained file (inline CSS, no
// scripts, screen-reader names for the suit symbols) that prints one page of
// boards per sheet.
package handrecord
