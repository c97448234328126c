package rounddata

import (
	"bytes"
	"io"
	"reflect"
	"testing"

	"github.com/bridge-director/director/formats/movementcards"
	"github.com/bridge-director/director/movement"
	"github.com/bridge-director/director/movement/movementtest"
)

// FuzzReadCSV reads arbitrary text as RoundData. Whatever it
// accepts must write back and read again unchanged, and the movement of its
// first section, when there is one, must print as cards.
func FuzzReadCSV(f *testing.F) {
	var mitchell bytes.Buffer
	if err := WriteCSV(&mitchell, Rows("A", movementtest.Mitchell5(f), 3, 1)); err != nil {
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
		rows, err := ReadCSV(bytes.NewReader([]byte(in)))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := WriteCSV(&out, rows); err != nil {
			t.Fatalf("rows read cannot be written: %v", err)
		}
		again, err := ReadCSV(&out)
		if err != nil {
			t.Fatalf("written rows cannot be read: %v\n%s", err, out.String())
		}
		if len(rows) == 0 && len(again) == 0 {
			return
		}
		if !reflect.DeepEqual(again, rows) {
			t.Fatalf("read back %+v, want %+v", again, rows)
		}
		m, err := Movement(rows, rows[0].Section)
		if err != nil {
			return
		}
		cards := append(movement.TableCards(m, movement.Layout{BoardsPerSet: 2}), movement.GuideCards(m, movement.Layout{BoardsPerSet: 2})...)
		if err := movementcards.WriteText(io.Discard, cards); err != nil {
			t.Fatalf("cards of an imported movement: %v", err)
		}
	})
}
