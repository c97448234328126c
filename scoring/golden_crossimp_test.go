package scoring

import (
	"math"
	"strings"
	"testing"

	"github.com/bridge-director/director/formats/usebio"
)

// onlySection reads a USEBIO oracle and returns its only section.
func onlySection(t *testing.T, name string) usebio.Section {
	t.Helper()
	file := readUSEBIO(t, name)
	if len(file.Event.Sessions) != 1 || len(file.Event.Sessions[0].Sections) != 1 {
		t.Fatalf("%s: want one session with one section", name)
	}
	return file.Event.Sessions[0].Sections[0]
}

// publishedScore returns the published NS score of a traveller line after
// checking it against Law 77 (rescore). rescored is false when the line cannot be
// re-scored (a garbled contract such as "42"); its published score is still used.
func publishedScore(t *testing.T, board int, l usebio.TravellerLine) (score int, rescored bool) {
	t.Helper()
	score = mustInt(t, "SCORE", l.Score)
	got, ok, err := rescore(board, l)
	switch {
	case err != nil:
		t.Logf("board %d, %s v %s: %q by %q, %q tricks not re-scored: %v", board, l.NSPair, l.EWPair, l.Contract, l.PlayedBy, l.Tricks, err)
		return score, false
	case ok && got != score:
		t.Errorf("board %d, %s v %s: %s by %s, %s tricks scores %d, published %d", board, l.NSPair, l.EWPair, l.Contract, l.PlayedBy, l.Tricks, got, score)
	}
	return score, ok
}

// publishedNumber reads a published decimal, failing the test on bad text.
func publishedNumber(t *testing.T, element, text string) float64 {
	t.Helper()
	v, err := usebio.ParseFloat(element, text)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// sameTo2dp reports whether our value, rounded to 2 decimals, is the published one.
func sameTo2dp(ours, published float64) bool {
	return math.Abs(math.Round(ours*100)/100-published) < 0.001
}

// pianolaUnexplained lists the pairs whose published TOTAL_SCORE the travellers do
// not give, with the difference (published minus ours, factored) in sevenths. The
// test checks that these are the only ones and that the published totals, unlike
// any set of totals drawn from travellers, do not cancel out: Pianola added
// something to them (a penalty or an adjustment) that the file does not carry.
var pianolaUnexplained = map[string]float64{
	"16": -18.0 / 7, // 16 boards: 262/7 × 24/16 = 56.14 from the travellers, 53.57 published
	"17": -48.0 / 7, // 24 boards: 197/7 = 28.14 from the travellers, 21.29 published
}

func TestGoldenPianolaCrossIMPPairs(t *testing.T) {
	sec := onlySection(t, "usebio_pianola_cross_imp_pairs_24b.xml")
	var boards []IMPBoard
	rescored, garbled := 0, 0
	for _, b := range sec.Boards {
		n := mustInt(t, "BOARD_NUMBER", b.Number)
		board := IMPBoard{Board: n}
		for _, l := range b.Lines {
			score, ok := publishedScore(t, n, l)
			if ok {
				rescored++
			} else {
				garbled++
			}
			board.Lines = append(board.Lines, IMPLine{NS: l.NSPair, EW: l.EWPair, Score: score})
		}
		boards = append(boards, board)
	}
	res, err := ScoreIMPPairs(boards, IMPPairsOptions{Method: CrossIMPScoring, Boards: 24})
	if err != nil {
		t.Fatal(err)
	}

	lineValues := 0
	for i, b := range sec.Boards {
		for j, l := range b.Lines {
			ns := res.Boards[i][j]
			for _, c := range []struct {
				element, text string
				ours          float64
			}{{"NS_CROSS_IMP_POINTS", l.NSCrossIMPs, ns}, {"EW_CROSS_IMP_POINTS", l.EWCrossIMPs, -ns}} {
				if published := publishedNumber(t, c.element, c.text); !sameTo2dp(c.ours, published) {
					t.Errorf("board %s, %s v %s: %s %.4f, published %v", b.Number, l.NSPair, l.EWPair, c.element, c.ours, published)
				}
				lineValues++
			}
		}
	}

	ours := map[string]IMPPairTotal{}
	for _, p := range res.Pairs {
		ours[p.Pair] = p
	}
	totals, places, unexplained := 0, 0, 0
	publishedSum := 0.0
	for _, p := range sec.Participants.Pairs {
		got, ok := ours[p.Number]
		if !ok {
			t.Errorf("pair %s is published but played no board", p.Number)
			continue
		}
		published := publishedNumber(t, "TOTAL_SCORE", p.TotalScore)
		publishedSum += published * float64(got.Played) / 24
		if diff, known := pianolaUnexplained[p.Number]; known {
			if math.Abs(got.Total+diff-published) > 0.01 {
				t.Errorf("pair %s: total %v, published %v: the known difference %.4f no longer holds", p.Number, got.Total, published, diff)
			}
			unexplained++
		} else if got.Total != published {
			t.Errorf("pair %s: total %v over %d boards, published %v", p.Number, got.Total, got.Played, published)
		} else {
			totals++
		}
		if got.Place.String() != strings.TrimSpace(p.Place) {
			t.Errorf("pair %s: place %v, published %s", p.Number, got.Place, p.Place)
		}
		places++
	}
	// The unexplained differences add up to -60/7 before factoring, and so does the
	// published field.
	if math.Abs(publishedSum-(-60.0/7)) > 0.02 {
		t.Errorf("published totals, unfactored, add up to %.3f; expected -60/7 = -8.571", publishedSum)
	}
	if rescored != 191 || garbled != 1 || lineValues != 384 || totals != 15 || unexplained != 2 || places != 17 {
		t.Errorf("checked %d Law 77 scores (%d garbled), %d cross-IMP values, %d totals (%d unexplained), %d places; want 191 (1), 384, 15 (2), 17",
			rescored, garbled, lineValues, totals, unexplained, places)
	}
	t.Logf("Pianola: %d Law 77 scores (%d garbled contract skipped), %d cross-IMP values, %d of 17 totals (%d unexplained), %d places matched",
		rescored, garbled, lineValues, totals, unexplained, places)
}
