// Package goldenboards holds the four boards that the golden files of the
// duplicating-machine formats (BRI, DGE, DUP, DLM) are written from, for
// their tests: one suit to each seat, the cards dealt round the table, and
// boards 1 and 2 of a Bridgewebs session.
package goldenboards

import (
	"testing"

	"github.com/bridge-director/director/bridge"
)

// Deals are the four deals, in PBN.
var Deals = [4]string{
	"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
	"N:AT62.J73.Q84.K95 K95.AT62.J73.Q84 Q84.K95.AT62.J73 J73.Q84.K95.AT62",
	"N:A98.J92.A75.Q852 532.86.K632.KJT7 KQ4.AKT73.JT.A93 JT76.Q54.Q984.64",
	"E:J943.KQ64.532.J9 AKT5.A9532.9.K62 .87.AK874.AT8753 Q8762.JT.QJT6.Q4",
}

// Boards returns the four deals as boards first to first+3, marked by Law 2.
func Boards(t testing.TB, first int) []bridge.Board {
	t.Helper()
	var boards []bridge.Board
	for i, s := range Deals {
		d, err := bridge.ParsePBNDeal(s)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, bridge.NewBoard(first+i, d))
	}
	return boards
}
