package bridge_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// bridgewebsFile is a PBN 2.1 export of a 24-board club session written by Bridgewebs.
const bridgewebsFile = "../../shared/fixtures/scoring/pbn_bridgewebs_hands_scoretable_24b.pbn"

// pbnGame is one game of a PBN file: its tags, and the rows of its score table.
type pbnGame struct {
	tags       map[string]string
	scoreTable [][]string
}

var pbnTag = regexp.MustCompile(`^\[(\w+) "(.*)"\]$`)

// readPBNGames reads the games of a PBN file, which are separated by empty lines.
// Lines after a ScoreTable tag up to the next tag are the table's rows.
func readPBNGames(t *testing.T, path string) []pbnGame {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var games []pbnGame
	game := pbnGame{tags: map[string]string{}}
	inScoreTable := false
	for line := range strings.Lines(string(data)) {
		line = strings.TrimRight(line, "\r\n")
		switch m := pbnTag.FindStringSubmatch(line); {
		case strings.HasPrefix(line, "%"):
		case line == "":
			if len(game.tags) > 0 {
				games = append(games, game)
			}
			game = pbnGame{tags: map[string]string{}}
			inScoreTable = false
		case m != nil:
			game.tags[m[1]] = m[2]
			inScoreTable = m[1] == "ScoreTable"
		case inScoreTable:
			game.scoreTable = append(game.scoreTable, strings.Fields(line))
		}
	}
	if len(game.tags) > 0 {
		games = append(games, game)
	}
	return games
}

func TestBridgewebsDeals(t *testing.T) {
	games := readPBNGames(t, bridgewebsFile)
	if len(games) != 24 {
		t.Fatalf("read %d games, want 24", len(games))
	}
	for _, g := range games {
		board, err := strconv.Atoi(g.tags["Board"])
		if err != nil {
			t.Fatalf("Board tag %q: %v", g.tags["Board"], err)
		}
		text := g.tags["Deal"]
		d, err := bridge.ParsePBNDeal(text)
		if err != nil {
			t.Errorf("board %d: %v", board, err)
			continue
		}
		if err := d.Validate(); err != nil {
			t.Errorf("board %d: %v", board, err)
		}
		first, err := bridge.ParseSeat(text[:1])
		if err != nil {
			t.Fatal(err)
		}
		if got := d.PBN(first); got != text {
			t.Errorf("board %d: deal writes back as %q, want %q", board, got, text)
		}
		dealer, err := bridge.ParseSeat(g.tags["Dealer"])
		if err != nil {
			t.Errorf("board %d: %v", board, err)
		}
		if want := bridge.BoardDealer(board); dealer != want {
			t.Errorf("board %d: file says dealer %v, Law 2 says %v", board, dealer, want)
		}
		if first != dealer {
			t.Errorf("board %d: deal starts at %v, dealer is %v", board, first, dealer)
		}
		vul, err := bridge.ParseVulnerability(g.tags["Vulnerable"])
		if err != nil {
			t.Errorf("board %d: %v", board, err)
		}
		if want := bridge.BoardVulnerability(board); vul != want {
			t.Errorf("board %d: file says vulnerability %v, Law 2 says %v", board, vul, want)
		}
	}
}

// TestBridgewebsContracts reads every contract of the score tables: Bridgewebs writes
// a double as "*", a passed-out board as "PO", and an artificial score with "A" in
// the contract and declarer columns.
func TestBridgewebsContracts(t *testing.T) {
	contracts, passedOut := 0, 0
	for _, g := range readPBNGames(t, bridgewebsFile) {
		for _, row := range g.scoreTable {
			if len(row) != 5 {
				t.Fatalf("board %s: score row %q has %d columns, want 5", g.tags["Board"], row, len(row))
			}
			text, declarer := row[2], row[3]
			if declarer == "A" {
				continue
			}
			c, err := bridge.ParseContract(text)
			if err != nil {
				t.Errorf("board %s: %v", g.tags["Board"], err)
				continue
			}
			if err := c.Validate(); err != nil {
				t.Errorf("board %s: %v", g.tags["Board"], err)
			}
			if want := strings.ReplaceAll(text, "*", "X"); c.String() != want && !c.IsPassedOut() {
				t.Errorf("board %s: contract %q writes back as %q, want %q", g.tags["Board"], text, c.String(), want)
			}
			if c.IsPassedOut() {
				passedOut++
				if declarer != "-" {
					t.Errorf("board %s: passed out with declarer %q", g.tags["Board"], declarer)
				}
			}
			contracts++
		}
	}
	if contracts != 143 || passedOut != 2 {
		t.Errorf("read %d contracts, %d of them passed out; want 143 and 2", contracts, passedOut)
	}
}
