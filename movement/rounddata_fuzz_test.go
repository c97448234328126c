package movement

import (
	"bytes"
	"io"
	"reflect"
	"testing"
)

// FuzzReadRoundDataCSV reads arbitrary text as RoundData. Whatever it
// accepts must write back and read again unchanged, and the movement of its
// first section, when there is one, must print as cards.
func FuzzReadRoundDataCSV(f *testing.F) {
	var mitchell bytes.Buffer
	if err := WriteRoundDataCSV(&mitchell, RoundData("A", mitchell5(f), 3, 1)); err != nil {
		f.Fatal(err)
	}
	f.Add(mitchell.String())
	f.Add("Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard\n")
	f.Add("Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard\nA,1,1,1,1,1,4\nA,2,1,2,2,5,8\nA,1,2,1,2,5,8\nA,2,2,2,1,1,4\n")
	f.Add("round,table,nspair,ewpair,lowboard,highboard,section,remarks\n1,1,8,1,1,2,B,x\n1,2,0,3,3,4,B,\"a, b\"\n")
	f.Add("Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard\nA,1,1,1,2,4,1\n")
	f.Add("Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard,South,West\n")
	f.Add("\"unterminated\n")
	f.Fuzz(func(t *testing.T, in string) {
		rows, err := ReadRoundDataCSV(bytes.NewReader([]byte(in)))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := WriteRoundDataCSV(&out, rows); err != nil {
			t.Fatalf("rows read cannot be written: %v", err)
		}
		again, err := ReadRoundDataCSV(&out)
		if err != nil {
			t.Fatalf("written rows cannot be read: %v\n%s", err, out.String())
		}
		if len(rows) == 0 && len(again) == 0 {
			return
		}
		if !reflect.DeepEqual(again, rows) {
			t.Fatalf("read back %+v, want %+v", again, rows)
		}
		m, err := MovementFromRoundData(rows, rows[0].Section)
		if err != nil {
			return
		}
		cards := append(TableCards(m, Layout{BoardsPerSet: 2}), GuideCards(m, Layout{BoardsPerSet: 2})...)
		if err := WriteCardsText(io.Discard, cards); err != nil {
			t.Fatalf("cards of an imported movement: %v", err)
		}
	})
}
