package handrecord

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
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
			records[len(records)-1].DoubleDummy = pbnDoubleDummy(t, value)
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

// pbnDoubleDummy reads a PBN DoubleDummyTricks value: 20 hexadecimal digits, the
// tricks of declarers North, South, East and West in no trumps, spades, hearts,
// diamonds and clubs.
func pbnDoubleDummy(t testing.TB, value string) *DoubleDummy {
	t.Helper()
	if len(value) != 20 {
		t.Fatalf("DoubleDummyTricks %q: want 20 digits", value)
	}
	seats := [4]bridge.Seat{bridge.North, bridge.South, bridge.East, bridge.West}
	strains := [5]bridge.Strain{bridge.NoTrump, bridge.StrainSpades, bridge.StrainHearts, bridge.StrainDiamonds, bridge.StrainClubs}
	var dd DoubleDummy
	for i, c := range value {
		n, err := strconv.ParseInt(string(c), 16, 8)
		if err != nil {
			t.Fatalf("DoubleDummyTricks %q: %v", value, err)
		}
		dd.Tricks[seats[i/5]][strains[i%5]] = int(n)
	}
	return &dd
}
