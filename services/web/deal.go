package web

import (
	"strconv"
	"strings"

	"github.com/bridge-director/director/bridge"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/bridgepb"
)

// dealView is a board's deal as the traveller draws it: the four hands
// around the board's number, dealer and vulnerability, then what double
// dummy finds.
type dealView struct {
	North, East, South, West handView
	DoubleDummy              [][]string // a header row of strains, then a row per declarer; nil before analysis
	Par                      string
}

// handView is one hand: its seat, its four suits (spades first) and its
// high-card points.
type handView struct {
	Seat  string
	Suits []suitView
	HCP   int
}

// suitView is one suit of a hand: its symbol, its name for a screen reader
// (and, by its initial, its colour), and its cards from the top ("—" for a
// void).
type suitView struct {
	Symbol, Name, Cards string
}

// newDealView draws board with its analysis (nil before one), or reports
// false when the board's deal cannot be read.
func newDealView(board *typev1.Board, analysis *dealingv1.BoardAnalysis) (*dealView, bool) {
	b, err := bridgepb.BoardFrom(board)
	if err != nil {
		return nil, false
	}
	v := &dealView{
		North: newHandView(bridge.North, b.Deal[bridge.North]), East: newHandView(bridge.East, b.Deal[bridge.East]),
		South: newHandView(bridge.South, b.Deal[bridge.South]), West: newHandView(bridge.West, b.Deal[bridge.West]),
	}
	if analysis != nil {
		if t, err := bridgepb.DDTableFrom(analysis.GetDoubleDummy()); err == nil {
			v.DoubleDummy = makeableRows(t)
		}
		v.Par = analysis.GetPar().GetText()
	}
	return v, true
}

// suitNames are the suits' names, clubs first as bridge numbers them.
var suitNames = [4]string{"clubs", "diamonds", "hearts", "spades"}

func newHandView(seat bridge.Seat, h bridge.Hand) handView {
	v := handView{Seat: seat.Name(), HCP: h.HCP()}
	for s := bridge.Spades; ; s-- {
		var cards []string
		for _, r := range h.Suit(s) {
			cards = append(cards, rankText(r))
		}
		line := strings.Join(cards, " ")
		if line == "" {
			line = "—"
		}
		v.Suits = append(v.Suits, suitView{Symbol: s.Symbol(), Name: suitNames[s], Cards: line})
		if s == bridge.Clubs {
			return v
		}
	}
}

// rankText is a rank as players read it: "10" rather than PBN's "T".
func rankText(r bridge.Rank) string {
	if r == bridge.Ten {
		return "10"
	}
	return r.String()
}

// makeableRows is the double-dummy table as a hand record prints it: the
// highest level each declarer makes in each strain, "–" for none; a header
// row of strains, then North, South, East and West.
func makeableRows(t bridge.DDTable) [][]string {
	header := []string{""}
	for _, strain := range bridge.DDStrains {
		header = append(header, strain.Symbol())
	}
	rows := [][]string{header}
	for _, seat := range bridge.DDSeats {
		row := []string{seat.String()}
		for _, strain := range bridge.DDStrains {
			tricks, _ := t.Tricks(seat, strain)
			level := "–"
			if tricks >= 7 {
				level = strconv.Itoa(tricks - 6)
			}
			row = append(row, level)
		}
		rows = append(rows, row)
	}
	return rows
}
