package movementcards

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridge-director/director/movement"
	"github.com/bridge-director/director/movement/movementtest"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden card files under testdata")

func TestTextGolden(t *testing.T) {
	for _, tc := range []struct {
		file   string
		m      movement.Movement
		layout movement.Layout
	}{
		{"mitchell5.txt", movementtest.Mitchell5(t), movement.Layout{BoardsPerSet: 4, Section: "A", Title: "Wednesday Pairs"}},
		{"howell4.txt", movementtest.Howell4(t), movement.Layout{BoardsPerSet: 3, FirstBoard: 1, Title: "Friday Howell"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteText(&buf, allCards(tc.m, tc.layout)); err != nil {
				t.Fatal(err)
			}
			got := buf.String()
			path := filepath.Join("testdata", tc.file)
			if *updateGolden {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("cards differ from %s (go test -run TestTextGolden -update rewrites it):\n%s", path, got)
			}
		})
	}
}

func TestWritersRefuseWhatTheyCannotPrint(t *testing.T) {
	m := movementtest.Mitchell5(t)
	for _, tc := range []struct {
		name  string
		cards []movement.Card
		want  string
	}{
		{"no cards", nil, "no cards to print"},
		{"no boards per set", movement.TableCards(m, movement.Layout{}), `card "Table 1", round 1: set 1 is boards 1 to 0`},
		{"negative first board", movement.TableCards(m, movement.Layout{BoardsPerSet: 2, FirstBoard: -4}), "FirstBoard at least 1"},
		{"no kind", []movement.Card{{Title: "Table 9"}}, `card "Table 9" is of no known kind`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			textErr := WriteText(&bytes.Buffer{}, tc.cards)
			pdfErr := WritePDF(&bytes.Buffer{}, tc.cards, Options{})
			for _, err := range []error{textErr, pdfErr} {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %v, want one containing %q", err, tc.want)
				}
			}
		})
	}
}

// allCards returns the table cards and then the guide cards of m.
func allCards(m movement.Movement, layout movement.Layout) []movement.Card {
	return append(movement.TableCards(m, layout), movement.GuideCards(m, layout)...)
}
