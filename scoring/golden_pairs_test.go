package scoring

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/usebio"
)

const fixtures = "../../shared/fixtures/scoring"

func readUSEBIO(t testing.TB, name string) *usebio.File {
	t.Helper()
	f, err := os.Open(filepath.Join(fixtures, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	file, err := usebio.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return file
}

// publishedLine is a traveller line of a published file with where it came from.
type publishedLine struct {
	section string
	board   int
	line    usebio.TravellerLine
}

// pairsLines returns the traveller lines of every section of a pairs file.
func pairsLines(t *testing.T, f *usebio.File) []publishedLine {
	t.Helper()
	var out []publishedLine
	for _, session := range f.Event.Sessions {
		for _, sec := range session.Sections {
			for _, b := range sec.Boards {
				board := mustInt(t, "BOARD_NUMBER", b.Number)
				for _, l := range b.Lines {
					out = append(out, publishedLine{section: sec.ID, board: board, line: l})
				}
			}
		}
	}
	return out
}

func mustInt(t testing.TB, element, text string) int {
	t.Helper()
	v, err := usebio.ParseInt(element, text)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// rescore recomputes the Law 77 score of a published line from its contract,
// declarer, tricks and the board's vulnerability. ok is false for lines without a
// contract (artificial scores).
func rescore(board int, l usebio.TravellerLine) (score int, ok bool, err error) {
	if l.Contract == "" {
		return 0, false, nil
	}
	c, err := bridge.ParseContract(l.Contract)
	if err != nil {
		return 0, false, err
	}
	if c.IsPassedOut() {
		return 0, true, nil
	}
	declarer, err := bridge.ParseSeat(l.PlayedBy)
	if err != nil {
		return 0, false, err
	}
	tricks, err := usebio.ParseInt("TRICKS", l.Tricks)
	if err != nil {
		return 0, false, err
	}
	score, err = Score(c, declarer, tricks, bridge.BoardVulnerability(board))
	return score, err == nil, err
}

// artificialCode reads a USEBIO artificial score such as "A6040": average plus to
// North-South and average minus to East-West.
func artificialCode(code string) (ns, ew Adjustment, err error) {
	byPercent := map[string]Adjustment{"60": AveragePlus, "50": Average, "40": AverageMinus}
	if len(code) == 5 && code[0] == 'A' {
		ns, nsOK := byPercent[code[1:3]]
		ew, ewOK := byPercent[code[3:5]]
		if nsOK && ewOK {
			return ns, ew, nil
		}
	}
	return 0, 0, fmt.Errorf("SCORE %q is not an artificial score code", code)
}

// resultOf builds the Result of a published line.
func resultOf(t *testing.T, p publishedLine) Result {
	t.Helper()
	r := Result{
		Section: p.section,
		Board:   p.board,
		NS:      mustInt(t, "NS_PAIR_NUMBER", p.line.NSPair),
		EW:      mustInt(t, "EW_PAIR_NUMBER", p.line.EWPair),
	}
	if strings.HasPrefix(p.line.Score, "A") {
		ns, ew, err := artificialCode(p.line.Score)
		if err != nil {
			t.Fatal(err)
		}
		r.Kind, r.NSAdjust, r.EWAdjust = Artificial, ns, ew
		return r
	}
	r.NSScore = mustInt(t, "SCORE", p.line.Score)
	return r
}

// samePublished reports whether got, written with the decimals of the published
// text, is what was published. got has at most 2 decimals.
func samePublished(t *testing.T, element, published string, got float64) bool {
	t.Helper()
	want, err := usebio.ParseFloat(element, published)
	if err != nil {
		t.Fatal(err)
	}
	decimals := 0
	if dot := strings.IndexByte(published, '.'); dot >= 0 {
		decimals = len(published) - dot - 1
	}
	return strconv.FormatFloat(got, 'f', decimals, 64) == strconv.FormatFloat(want, 'f', decimals, 64)
}

// TestGoldenPairs rescores five published matchpointed pairs events from their
// traveller lines and compares every score, matchpoint, percentage and place with
// what the scoring program published.
func TestGoldenPairs(t *testing.T) {
	noNeuberg := EBU
	noNeuberg.Neuberg = false
	tests := []struct {
		file        string
		acrossField bool
		profile     Profile
		percentages bool // whether the published percentages follow from the matchpoints
		lines       int
		pairs       int
		// unexplained are the published percentages that neither the sum of the
		// published matchpoints nor the exact sum reproduces: 0.01 above ours.
		unexplained map[string]string
	}{
		{"usebio_pairsscorer_mp_pairs_22b.xml", false, EBU, true, 242, 22, nil},
		{"usebio_ebuscore_2section_neuberg_18b.xml", true, EBU, true, 305, 35, nil},
		// PairsScorer's percentages for two pairs with Neuberg boards match the
		// exact sum of matchpoints (66.906 → 66.91 and 54.325 → 54.33) where the
		// other 30 match the sum of the published values (as EBUScore's 35 do) and
		// two of those do not match the exact sum (40.2649 published 40.27,
		// 47.9149 published 47.92): no one rule explains all 32.
		{"usebio_pairsscorer_2section_neuberg_avg_24b.xml", true, EBU, true, 335, 30,
			map[string]string{"A NS 5": "66.91", "A EW 15": "54.33"}},
		{"usebio_realbridge_mp_pairs_21b.xml", false, EBU, true, 168, 16, nil},
		// BriAn does not apply Neuberg, and its percentages include a handicap
		// element (HANDICAP), so only scores and matchpoints are compared.
		{"usebio_brian_mp_pairs_24b.xml", false, noNeuberg, false, 144, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f := readUSEBIO(t, tt.file)
			published := pairsLines(t, f)
			results := make([]Result, len(published))
			rescored := 0
			for i, p := range published {
				results[i] = resultOf(t, p)
				score, ok, err := rescore(p.board, p.line)
				if err != nil {
					t.Errorf("board %d NS %s: %v", p.board, p.line.NSPair, err)
					continue
				}
				if ok {
					rescored++
					if score != results[i].NSScore {
						t.Errorf("board %d NS %s: %s by %s taking %s scores %d, published %s",
							p.board, p.line.NSPair, p.line.Contract, p.line.PlayedBy, p.line.Tricks, score, p.line.Score)
					}
				}
			}
			opt := PairsOptions{Profile: tt.profile, AcrossField: tt.acrossField, TwoWinners: f.Event.WinnerType == "2"}
			got, err := ScorePairs(results, opt)
			if err != nil {
				t.Fatal(err)
			}
			matched := 0
			for i, p := range published {
				l := got.Lines[i]
				if samePublished(t, "NS_MATCH_POINTS", p.line.NSMatchPoints, l.NSMatchpoints) &&
					samePublished(t, "EW_MATCH_POINTS", p.line.EWMatchPoints, l.EWMatchpoints) {
					matched++
					continue
				}
				t.Errorf("section %s board %d NS %s EW %s score %s: matchpoints %.4f/%.4f, published %s/%s",
					p.section, p.board, p.line.NSPair, p.line.EWPair, p.line.Score,
					l.NSMatchpoints, l.EWMatchpoints, p.line.NSMatchPoints, p.line.EWMatchPoints)
			}
			if matched != tt.lines {
				t.Errorf("%d lines matched, want %d", matched, tt.lines)
			}
			pairsMatched := 0
			if tt.percentages {
				pairsMatched = comparePairs(t, f, got, opt, tt.unexplained)
			}
			if pairsMatched != tt.pairs {
				t.Errorf("%d pairs matched, want %d", pairsMatched, tt.pairs)
			}
			t.Logf("%s: %d contract lines rescored, %d/%d lines' matchpoints and %d pairs' percentages and places matched",
				tt.file, rescored, matched, len(published), pairsMatched)
		})
	}
}

// comparePairs compares each published pair's percentage and place with the
// standings and returns how many matched. The unexplained percentages, keyed by
// section, direction and pair, must be 0.01 above ours.
func comparePairs(t *testing.T, f *usebio.File, got PairsScore, opt PairsOptions, unexplained map[string]string) int {
	t.Helper()
	standings := map[string]PairStanding{}
	for _, p := range got.Pairs {
		standings[fmt.Sprintf("%s %s %d", p.Section, p.Direction, p.Pair)] = p
	}
	matched := 0
	for _, session := range f.Event.Sessions {
		for _, sec := range session.Sections {
			for _, pub := range sec.Participants.Pairs {
				direction := bridge.NorthSouth
				if opt.TwoWinners && pub.Direction == "EW" {
					direction = bridge.EastWest
				}
				key := fmt.Sprintf("%s %s %d", sec.ID, direction, mustInt(t, "PAIR_NUMBER", pub.Number))
				p, ok := standings[key]
				if !ok {
					t.Errorf("pair %s is not in the standings", key)
					continue
				}
				if want, ok := unexplained[key]; ok {
					if pub.Percentage != want || strconv.FormatFloat(p.Percentage+0.01, 'f', 2, 64) != want {
						t.Errorf("pair %s: %.2f%%, published %s%%: not the known difference", key, p.Percentage, pub.Percentage)
					}
					continue
				}
				if !samePublished(t, "PERCENTAGE", pub.Percentage, p.Percentage) || p.Place != pub.Place {
					t.Errorf("pair %s: %.2f%% place %s, published %s%% place %s", key, p.Percentage, p.Place, pub.Percentage, pub.Place)
					continue
				}
				matched++
			}
		}
	}
	return matched
}
