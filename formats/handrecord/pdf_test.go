package handrecord

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bridge-director/director/bridge"

	"github.com/bridge-director/director/formats/pdfdoc/pdftest"
)

// writePDF writes records with opt and fails the test on an error.
func writePDF(t testing.TB, records []Record, opt Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WritePDF(&buf, records, opt); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pageObject matches a page object (and not the /Pages tree).
var pageObject = regexp.MustCompile(`/Type /Page\b[^s]`)

func TestPDFPagesHoldTheirBoards(t *testing.T) {
	records := fixtureRecords(t)
	for _, tc := range []struct {
		perPage   int
		size      PageSize
		pages     int
		mediaBox  string
		handStats bool
	}{
		{perPage: 0, size: A4, pages: 6, mediaBox: "[0 0 595.28 841.89]"},
		{perPage: 1, size: Letter, pages: 24, mediaBox: "[0 0 612.00 792.00]"},
		{perPage: 2, size: A4, pages: 12, mediaBox: "[0 0 595.28 841.89]"},
		{perPage: 4, size: Letter, pages: 6, mediaBox: "[0 0 612.00 792.00]", handStats: true},
		{perPage: 6, size: A4, pages: 4, mediaBox: "[0 0 595.28 841.89]", handStats: true},
	} {
		t.Run(fmt.Sprintf("%d per %s page", tc.perPage, tc.size), func(t *testing.T) {
			opt := Options{Title: "Wednesday AM Pairs", BoardsPerPage: tc.perPage, PageSize: tc.size, HandStats: tc.handStats}
			pdf := writePDF(t, records, opt)
			if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
				t.Fatalf("output starts %q, want %%PDF-", pdf[:min(len(pdf), 8)])
			}
			if n := len(pageObject.FindAll(pdf, -1)); n != tc.pages {
				t.Errorf("%d page objects, want %d", n, tc.pages)
			}
			if !bytes.Contains(pdf, []byte("/MediaBox "+tc.mediaBox)) {
				t.Errorf("no page has the media box %s", tc.mediaBox)
			}
			if n := bytes.Count(pdf, []byte("/FontFile2 ")); n != 2 {
				t.Errorf("%d embedded fonts, want 2 (Go Regular and Go Bold)", n)
			}
			pages := pdftest.Pages(t, pdf)
			if len(pages) != tc.pages {
				t.Fatalf("%d page content streams, want %d", len(pages), tc.pages)
			}
			perPage := max(tc.perPage, 1)
			if tc.perPage == 0 {
				perPage = 4
			}
			for i, r := range records {
				page := pages[i/perPage]
				for _, want := range boardTexts(r.Board) {
					if !strings.Contains(page, pdftest.Shown(want)) {
						t.Errorf("page %d does not show %q of board %d", i/perPage+1, want, r.Board.Number)
					}
				}
				if got := strings.Contains(page, pdftest.Shown("Shape")); got != tc.handStats {
					t.Errorf("page %d shows the shape table: %v, want %v", i/perPage+1, got, tc.handStats)
				}
			}
			for i, page := range pages {
				if want := fmt.Sprintf("Page %d of %d", i+1, tc.pages); !strings.Contains(page, pdftest.Shown(want)) {
					t.Errorf("page %d does not show %q", i+1, want)
				}
			}
		})
	}
}

// boardTexts lists text a board's diagram shows: its number, dealer and
// vulnerability and every suit of every hand after its symbol.
func boardTexts(b bridge.Board) []string {
	texts := []string{strconv.Itoa(b.Number), "Dealer: " + b.Dealer.Name(), "Vul: " + b.Vulnerability.Marked()}
	for _, h := range b.Deal {
		for _, s := range handSuits {
			texts = append(texts, s.Symbol(), " "+suitText(h, s))
		}
	}
	return texts
}

func TestPDFShowsRedSuitsAndHCP(t *testing.T) {
	r := fixtureRecords(t)[0] // N A98.J92.A75.Q852, E 532.86.K632.KJT7, S KQ4.AKT73.JT.A93, W JT76.Q54.Q984.64
	page := pdftest.Pages(t, writePDF(t, []Record{r}, Options{}))[0]
	for _, hcp := range []string{"11", "7", "17", "5"} {
		if !strings.Contains(page, pdftest.Shown(hcp)) {
			t.Errorf("the compass does not show %s points", hcp)
		}
	}
	const red = "0.784 0.000 0.000 rg"
	for _, tc := range []struct {
		symbol string
		red    bool
	}{{"♠", false}, {"♥", true}, {"♦", true}, {"♣", false}} {
		i := strings.Index(page, pdftest.Shown(tc.symbol))
		if i < 0 {
			t.Fatalf("no %s shown", tc.symbol)
		}
		line := page[strings.LastIndex(page[:i], "\n")+1 : i]
		if got := strings.Contains(line, red); got != tc.red {
			t.Errorf("%s is shown after %q: red %v, want %v", tc.symbol, line, got, tc.red)
		}
	}
}

func TestPDFDoubleDummy(t *testing.T) {
	r := fixtureRecords(t)[0]
	dd := *r.DoubleDummy
	dd.Par = "Par +420: 4♥ by N"
	for _, tc := range []struct {
		name   string
		dd     *DoubleDummy
		shows  []string
		misses []string
	}{
		// North takes 9, 8, 10, 7 and 9 tricks in NT, spades, hearts, diamonds, clubs.
		{name: "analysed", dd: &dd, shows: []string{"NT", "3", "2", "4", "1", "–", "Par +420: 4", " by N"}},
		{name: "no par", dd: r.DoubleDummy, shows: []string{"NT", "4"}, misses: []string{"Par "}},
		{name: "reserved", dd: nil, misses: []string{"NT", "Par "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r.DoubleDummy = tc.dd
			page := pdftest.Pages(t, writePDF(t, []Record{r}, Options{}))[0]
			for _, s := range tc.shows {
				if !strings.Contains(page, pdftest.Shown(s)) {
					t.Errorf("page does not show %q", s)
				}
			}
			for _, s := range tc.misses {
				if strings.Contains(page, pdftest.Shown(s)) {
					t.Errorf("page shows %q", s)
				}
			}
		})
	}
}

func TestPDFMetadataAndReproducibility(t *testing.T) {
	records := fixtureRecords(t)[:5]
	opt := Options{Title: "Wednesday AM Pairs", Subtitle: "9 April 2025"}
	first := writePDF(t, records, opt)
	if !bytes.Equal(first, writePDF(t, records, opt)) {
		t.Error("two PDFs of the same records differ")
	}
	for _, want := range []string{
		"/Title (\xfe\xff" + pdftest.String("Wednesday AM Pairs") + ")",
		"/Subject (\xfe\xff" + pdftest.String("9 April 2025") + ")",
		"/Creator (\xfe\xff" + pdftest.String("Director") + ")",
		"/CreationDate (D:20000101000000)",
	} {
		if !bytes.Contains(first, []byte(want)) {
			t.Errorf("metadata lacks %q", want)
		}
	}
	opt.Created = time.Date(2025, time.April, 9, 13, 30, 0, 0, time.FixedZone("BST", 3600))
	if dated := writePDF(t, records, opt); !bytes.Contains(dated, []byte("/CreationDate (D:20250409123000)")) {
		t.Error("the creation date is not the one given, in UTC")
	}
}

func TestPDFShrinksLongSuitsToFit(t *testing.T) {
	deal, err := bridge.ParsePBNDeal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	if err != nil {
		t.Fatal(err)
	}
	page := pdftest.Pages(t, writePDF(t, []Record{{Board: bridge.NewBoard(1, deal)}}, Options{HandStats: true}))[0]
	// North's spades are shown first, at the hand size; South's diamonds
	// last, in a column the shape table narrows, so they must be shrunk.
	suit := pdftest.Shown(" AKQJT98765432")
	north, south := fontSizeAt(t, page, strings.Index(page, suit)), fontSizeAt(t, page, strings.LastIndex(page, suit))
	if south >= 0.8*north {
		t.Errorf("South's 13 diamonds are set at %.2f points, North's 13 spades at %.2f: want them shrunk to fit", south, north)
	}
}

// fontSizeAt returns the font size in force at offset i of a content stream.
func fontSizeAt(t *testing.T, content string, i int) float64 {
	t.Helper()
	sizes := regexp.MustCompile(`/F\w+ ([\d.]+) Tf`).FindAllStringSubmatch(content[:max(i, 0)], -1)
	if i < 0 || len(sizes) == 0 {
		t.Fatal("no font set before the text")
	}
	size, err := strconv.ParseFloat(sizes[len(sizes)-1][1], 64)
	if err != nil {
		t.Fatal(err)
	}
	return size
}

func BenchmarkWritePDF36Boards(b *testing.B) {
	records := fixtureRecords(b)
	for i := range 12 {
		r := records[i]
		r.Board = bridge.NewBoard(25+i, r.Board.Deal)
		records = append(records, r)
	}
	opt := Options{Title: "Wednesday AM Pairs"}
	b.ReportAllocs()
	for b.Loop() {
		if err := WritePDF(io.Discard, records, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPDFPagesCarryTheEventAndEveryBoardsAnalysis: 25 boards at four a page
// print as seven pages, none with a lone board; every page heads with the
// event, the venue and the date, and every board shows its makeable
// contracts and its par line.
func TestPDFPagesCarryTheEventAndEveryBoardsAnalysis(t *testing.T) {
	records := fixtureRecords(t)
	records = append(records, records[0])
	records[24].Board = bridge.NewBoard(25, records[0].Board.Deal)
	for i := range records {
		dd := *records[i].DoubleDummy
		dd.Par = fmt.Sprintf("Par +%d0: 3NT by S", i+1)
		records[i].DoubleDummy = &dd
	}
	opt := Options{Title: "Wednesday AM Pairs", Venue: "Welwyn Garden City Bridge Club", Date: wednesday}
	pages := pdftest.Pages(t, writePDF(t, records, opt))
	sizes := []int{4, 4, 4, 4, 3, 3, 3}
	if len(pages) != len(sizes) {
		t.Fatalf("%d pages, want %d", len(pages), len(sizes))
	}
	next := 0
	for i, page := range pages {
		for _, want := range []string{"Wednesday AM Pairs", "Welwyn Garden City Bridge Club · Wednesday 9 April 2025"} {
			if !strings.Contains(page, pdftest.Shown(want)) {
				t.Errorf("page %d does not show %q", i+1, want)
			}
		}
		if n := strings.Count(page, pdftest.Shown("Board")); n != sizes[i] {
			t.Errorf("page %d shows %d boards, want %d", i+1, n, sizes[i])
		}
		if n := strings.Count(page, pdftest.Shown("NT")); n != sizes[i] {
			t.Errorf("page %d shows %d makeable-contract tables, want %d", i+1, n, sizes[i])
		}
		for range sizes[i] {
			if r := records[next]; !strings.Contains(page, pdftest.Shown(r.DoubleDummy.Par)) {
				t.Errorf("page %d does not show board %d's par line %q", i+1, r.Board.Number, r.DoubleDummy.Par)
			}
			next++
		}
	}
}
