package scoringservice

import (
	"os"
	"path/filepath"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// FuzzReadImport checks that any file is taken or refused with
// InvalidArgument, never a panic, both when it is read and converted and
// when what it holds is checked.
func FuzzReadImport(f *testing.F) {
	paths, err := filepath.Glob(filepath.Join(fixtures, "*.*"))
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data[:min(len(data), 4000)])
	}
	f.Add([]byte(`<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD><SESSION SESSION_ID="1"><SECTION SECTION_ID="A">` +
		`<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>3NTx</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>9</TRICKS><SCORE>550</SCORE></TRAVELLER_LINE></BOARD></SECTION></SESSION></EVENT></USEBIO>`))
	f.Add([]byte(`<USEBIO Version="1.2"><EVENT EVENT_TYPE="TEAMS"><BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD><MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD><SESSION><MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>` +
		`<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><DIRECTION>NS</DIRECTION><SCORE>A6040</SCORE></TRAVELLER_LINE><TRAVELLER_LINE><DIRECTION>EW</DIRECTION><CONTRACT>PASS</CONTRACT></TRAVELLER_LINE></BOARD></MATCH></SESSION></EVENT></USEBIO>`))
	f.Add([]byte("[Board \"1\"]\n[ScoreTable \"Section;PairId_NS;PairId_EW;Contract;Declarer;Result;Lead;Score_NS;Score_EW\"]\nA 1 2 4S N 10 HK 420 -\nA 3 4 A A A - - -\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		im, err := readImport(0, data)
		if err == nil {
			err = im.check()
		}
		if err != nil && status.Code(err) != codes.InvalidArgument {
			t.Fatalf("refused with %v, want InvalidArgument: %v", status.Code(err), err)
		}
	})
}
