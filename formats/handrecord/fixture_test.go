package handrecord

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/pbn"
)

// fixturePBN is a real 24-board session exported by Bridgewebs, with the deals
// and their double-dummy tricks.
const fixturePBN = "../../../shared/fixtures/scoring/pbn_bridgewebs_hands_scoretable_24b.pbn"

// fixtureRecords reads the boards of fixturePBN with their double-dummy tricks.
func fixtureRecords(t testing.TB) []Record {
	t.Helper()
	f, err := os.Open(fixturePBN)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var records []Record
	number := 0
	scan := bufio.NewScanner(f)
	for scan.Scan() {
		tag, value, ok := pbnTag(scan.Text())
		if !ok {
			continue
		}
		switch tag {
		case "Board":
			if number, err = strconv.Atoi(value); err != nil {
				t.Fatalf("board number %q: %v", value, err)
			}
		case "Deal":
			deal, err := bridge.ParsePBNDeal(value)
			if err != nil {
				t.Fatalf("board %d: %v", number, err)
			}
			records = append(records, Record{Board: bridge.NewBoard(number, deal)})
		case "DoubleDummyTricks":
			tricks, err := pbn.ParseDoubleDummyTricks(value)
			if err != nil {
				t.Fatalf("board %d: DoubleDummyTricks %q: %v", number, value, err)
			}
			records[len(records)-1].DoubleDummy = &DoubleDummy{Tricks: tricks}
		}
	}
	if err := scan.Err(); err != nil {
		t.Fatal(err)
	}
	if len(records) != 24 {
		t.Fatalf("read %d boards from %s, want 24", len(records), fixturePBN)
	}
	return records
}

// pbnTag splits a PBN tag line `[Name "value"]`.
func pbnTag(line string) (tag, value string, ok bool) {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "[") || !strings.HasSuffix(line, `"]`) {
		return "", "", false
	}
	tag, value, ok = strings.Cut(line[1:len(line)-2], ` "`)
	return tag, value, ok
}
