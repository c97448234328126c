package movementcards

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bridge-director/director/formats/pdfdoc/pdftest"
	"github.com/bridge-director/director/movement"
	"github.com/bridge-director/director/movement/movementtest"
)

// cardsPDF writes cards with opt and fails the test on an error.
func cardsPDF(t testing.TB, cards []movement.Card, opt Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WritePDF(&buf, cards, opt); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestCardsPDFPagesHoldTheirCards(t *testing.T) {
	m := movementtest.Mitchell5(t)
	layout := movement.Layout{BoardsPerSet: 4, Section: "A", Title: "Wednesday Pairs"}
	cards := allCards(m, layout)
	for _, tc := range []struct {
		perPage, cards, pages int
		letter                bool
		mediaBox              string
	}{
		{0, 10, 5, false, "[0 0 595.28 841.89]"},
		{2, 5, 3, true, "[0 0 612.00 792.00]"},
		{1, 10, 10, false, "[0 0 595.28 841.89]"},
	} {
		t.Run(fmt.Sprintf("%d cards, %d a page", tc.cards, tc.perPage), func(t *testing.T) {
			pdf := cardsPDF(t, cards[:tc.cards], Options{CardsPerPage: tc.perPage, Letter: tc.letter})
			if !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.Contains(pdf, []byte("/MediaBox "+tc.mediaBox)) {
				t.Fatalf("not a PDF with the media box %s", tc.mediaBox)
			}
			if n := bytes.Count(pdf, []byte("/FontFile2 ")); n != 2 {
				t.Errorf("%d embedded fonts, want 2 (Go Regular and Go Bold)", n)
			}
			pages := pdftest.Pages(t, pdf)
			if len(pages) != tc.pages {
				t.Fatalf("%d pages, want %d", len(pages), tc.pages)
			}
			perPage := max(tc.perPage, 1)
			if tc.perPage == 0 {
				perPage = 2
			}
			for i, c := range cards[:tc.cards] {
				page := pages[i/perPage]
				_, rows := cardGrid(c)
				texts := []string{c.Title, c.Heading, "Round"}
				for _, row := range rows {
					texts = append(texts, row...)
				}
				for _, text := range texts {
					if text != "" && !strings.Contains(page, pdftest.Shown(text)) {
						t.Errorf("page %d does not show %q of %s", i/perPage+1, text, c.Title)
					}
				}
			}
			if cut := strings.Contains(pages[0], "[8.50 5.67] 0.00 d"); cut != (perPage == 2) {
				t.Errorf("first page has a dashed cut line: %v, want %v", cut, perPage == 2)
			}
		})
	}
}

func TestCardsPDFShowsPairsAndNotes(t *testing.T) {
	m := movementtest.Howell4(t)
	m.Notes = []string{"Boards that rest go on the relay table between tables 2 and 3."}
	pages := pdftest.Pages(t, cardsPDF(t, movement.GuideCards(m, movement.Layout{BoardsPerSet: 3}), Options{CardsPerPage: 1}))
	for _, want := range []string{"Start at table 1 EW", "Pair 1", "Sit", "Against", "19-21", "Note: Boards that rest go on the relay table between tables 2 and 3."} {
		if !strings.Contains(pages[0], pdftest.Shown(want)) {
			t.Errorf("the first guide card does not show %q", want)
		}
	}
}

func TestCardsPDFIsReproducible(t *testing.T) {
	m := movementtest.Howell4(t)
	cards := movement.TableCards(m, movement.Layout{BoardsPerSet: 3, Title: "Friday movement.Howell"})
	first := cardsPDF(t, cards, Options{})
	if !bytes.Equal(first, cardsPDF(t, cards, Options{})) {
		t.Error("two PDFs of the same cards differ")
	}
	for _, want := range []string{"/CreationDate (D:20000101000000)", "/Title (\xfe\xff\x00F\x00r\x00i"} {
		if !bytes.Contains(first, []byte(want)) {
			t.Errorf("metadata lacks %q", want)
		}
	}
	dated := cardsPDF(t, cards, Options{Created: time.Date(2025, time.May, 7, 19, 0, 0, 0, time.FixedZone("BST", 3600))})
	if !bytes.Contains(dated, []byte("/CreationDate (D:20250507180000)")) {
		t.Error("the creation date is not the one given, in UTC")
	}
}

func TestCardsPDFSetsLongMovementsSmaller(t *testing.T) {
	long, err := movement.Howell(28, movement.HowellOptions{})
	if err != nil {
		t.Fatal(err)
	}
	layout := movement.Layout{BoardsPerSet: 2}
	short := cardsPDF(t, movement.TableCards(movementtest.Mitchell5(t), layout)[:1], Options{})
	tall := cardsPDF(t, movement.TableCards(long, layout)[:1], Options{})
	small, big := rowTextSize(t, pdftest.Pages(t, tall)[0]), rowTextSize(t, pdftest.Pages(t, short)[0])
	if big < 14 || small >= big || small < 6 {
		t.Errorf("rows are set at %.1f points for 5 rounds and %.1f for %d: want large type, smaller for more rounds, still readable", big, small, long.Rounds)
	}
}

// rowTextSize returns the size of the type the first round is set in.
func rowTextSize(t *testing.T, page string) float64 {
	t.Helper()
	i := strings.Index(page, "(\x00s\x00t\x00a\x00y)")
	sizes := regexp.MustCompile(`/F\w+ ([\d.]+) Tf`).FindAllStringSubmatch(page[:max(i, 0)], -1)
	if i < 0 || len(sizes) == 0 {
		t.Fatal("no round shown")
	}
	size, err := strconv.ParseFloat(sizes[len(sizes)-1][1], 64)
	if err != nil {
		t.Fatal(err)
	}
	return size
}

func TestCardsPDFGivesLongMovementsAPageACard(t *testing.T) {
	for _, tc := range []struct {
		pairs, pages int
	}{{12, 3}, {14, 4}, {16, 8}, {28, 14}} {
		m, err := movement.Howell(tc.pairs, movement.HowellOptions{})
		if err != nil {
			t.Fatal(err)
		}
		cards := movement.TableCards(m, movement.Layout{BoardsPerSet: 2})
		if n := len(pdftest.Pages(t, cardsPDF(t, cards, Options{}))); n != tc.pages {
			t.Errorf("%d pairs, %d rounds: %d cards on %d pages, want %d", tc.pairs, m.Rounds, len(cards), n, tc.pages)
		}
	}
}

func TestCardsPDFRefusesOtherLayouts(t *testing.T) {
	err := WritePDF(io.Discard, movement.TableCards(movementtest.Mitchell5(t), movement.Layout{BoardsPerSet: 2}), Options{CardsPerPage: 4})
	if err == nil || !strings.Contains(err.Error(), "4 cards per page is not a layout") {
		t.Errorf("error %v, want one naming 4 cards per page", err)
	}
}

func BenchmarkWritePDF(b *testing.B) {
	m, err := movement.Howell(14, movement.HowellOptions{})
	if err != nil {
		b.Fatal(err)
	}
	layout := movement.Layout{BoardsPerSet: 2}
	cards := allCards(m, layout)
	b.ReportAllocs()
	for b.Loop() {
		if err := WritePDF(io.Discard, cards, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
