package handrecord

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bridge-director/director/bridge"
)

// writers are the two outputs, which validate alike.
var writers = []struct {
	name  string
	write func(io.Writer, []Record, Options) error
}{{"PDF", WritePDF}, {"HTML", WriteHTML}}

func TestBadInputIsRefused(t *testing.T) {
	good := fixtureRecords(t)[:2]
	shortDeal := good[0]
	shortDeal.Board.Deal[bridge.North] = shortDeal.Board.Deal[bridge.North].Remove(bridge.Card{Suit: bridge.Spades, Rank: bridge.Ace})
	badNumber := good[0]
	badNumber.Board.Number = 0
	tooManyTricks := good[1]
	tooManyTricks.DoubleDummy = &DoubleDummy{}
	tooManyTricks.DoubleDummy.Tricks[bridge.West][bridge.NoTrump] = 14
	unknownTricks := good[1]
	unknownTricks.DoubleDummy = &DoubleDummy{}
	unknownTricks.DoubleDummy.Tricks[bridge.East][bridge.StrainClubs] = bridge.DDUnknown
	for _, tc := range []struct {
		name    string
		records []Record
		opt     Options
		want    string
	}{
		{"5 per page", good, Options{BoardsPerPage: 5}, "5 boards per page is not a layout (want 1, 2, 4 or 6)"},
		{"3 per page", good, Options{BoardsPerPage: 3}, "3 boards per page"},
		{"negative per page", good, Options{BoardsPerPage: -4}, "-4 boards per page"},
		{"unknown page size", good, Options{PageSize: 7}, "page size PageSize(7) is unknown (want A4 or Letter)"},
		{"no boards", nil, Options{}, "no boards to print"},
		{"empty board list", []Record{}, Options{}, "no boards to print"},
		{"short deal", []Record{good[0], shortDeal}, Options{}, "record 2: board 1: bridge: deal: North holds 12 cards; the ♠A is missing"},
		{"board 0", []Record{badNumber}, Options{}, "record 1: bridge: board 0: board numbers start at 1"},
		{"14 tricks", []Record{good[0], tooManyTricks}, Options{}, "record 2: board 2: bridge: double-dummy table: West declaring NT takes 14 tricks (want 0 to 13)"},
		{"unknown tricks", []Record{unknownTricks}, Options{}, "East declaring C is unknown (want 0 to 13 tricks)"},
	} {
		for _, w := range writers {
			t.Run(tc.name+" "+w.name, func(t *testing.T) {
				var buf bytes.Buffer
				err := w.write(&buf, tc.records, tc.opt)
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("error %v, want one containing %q", err, tc.want)
				}
				if buf.Len() != 0 {
					t.Errorf("wrote %d bytes before refusing", buf.Len())
				}
			})
		}
	}
}

func TestPagesSplitRecordsInOrder(t *testing.T) {
	records := fixtureRecords(t)
	records = append(records, records[0]) // 25 boards
	records[24].Board.Number = 25
	for _, tc := range []struct {
		perPage, boards int
		sizes           []int
	}{
		{1, 3, []int{1, 1, 1}},
		{2, 3, []int{2, 1}},
		{4, 3, []int{3}},
		{6, 3, []int{3}},
		// Spread evenly: never a page of 1 after full pages.
		{4, 5, []int{3, 2}},
		{4, 25, []int{4, 4, 4, 4, 3, 3, 3}},
		{6, 7, []int{4, 3}},
		{6, 25, []int{5, 5, 5, 5, 5}},
		{4, 24, []int{4, 4, 4, 4, 4, 4}},
	} {
		pages := grids[tc.perPage].pages(records[:tc.boards])
		var sizes []int
		next := 0
		for _, page := range pages {
			sizes = append(sizes, len(page))
			for _, r := range page {
				if r.Board.Number != records[next].Board.Number {
					t.Errorf("%d per page: board %d printed where board %d belongs", tc.perPage, r.Board.Number, records[next].Board.Number)
				}
				next++
			}
		}
		if !slices.Equal(sizes, tc.sizes) || next != tc.boards {
			t.Errorf("%d boards at %d per page: pages of %v boards, want %v", tc.boards, tc.perPage, sizes, tc.sizes)
		}
	}
}

func TestSubtitleLine(t *testing.T) {
	for _, tc := range []struct {
		opt  Options
		want string
	}{
		{Options{}, ""},
		{Options{Subtitle: "Boards 1 to 24"}, "Boards 1 to 24"},
		{Options{Venue: "Welwyn Garden City Bridge Club", Date: time.Date(2025, time.April, 9, 19, 30, 0, 0, time.UTC), Subtitle: "Boards 1 to 24"},
			"Welwyn Garden City Bridge Club · Wednesday 9 April 2025 · Boards 1 to 24"},
		{Options{Venue: " \t", Date: time.Date(2026, time.December, 1, 0, 0, 0, 0, time.UTC)}, "Tuesday 1 December 2026"},
	} {
		if got := tc.opt.subtitle(); got != tc.want {
			t.Errorf("%+v: subtitle %q, want %q", tc.opt, got, tc.want)
		}
	}
}
