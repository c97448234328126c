package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bridge-director/director/formats/pbn"
)

// TestREADMEWalkthrough runs the README's club-night script against the real
// binary, so that what a newcomer copies works.
func TestREADMEWalkthrough(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("the walkthrough uses curl, which this machine lacks")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := walkthroughs(t, string(readme))
	if len(blocks) != 10 {
		t.Fatalf("the README has %d walkthroughs, want the club night, the ruling, the penalty card, the claim, the movement, the players, the dealing, the results files, the table and director dd", len(blocks))
	}
	s := startDirector(t, t.TempDir())
	work := t.TempDir()
	run := func(script string) []byte {
		t.Helper()
		cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
		cmd.Env = append(os.Environ(), "DIRECTOR="+s.base, "PATH="+filepath.Dir(binary)+string(os.PathListSeparator)+os.Getenv("PATH"))
		cmd.Dir = work
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("the walkthrough failed: %v\n%s\n--- director:\n%s", err, out, s.logs)
		}
		return out
	}
	checkClubNight(t, run(blocks[0]))
	checkRuling(t, run(blocks[1]))
	checkPenaltyCard(t, run(blocks[2]))
	checkClaim(t, run(blocks[3]))
	checkMovement(t, run(blocks[4]), work)
	checkPlayers(t, run(blocks[5]))
	checkDealing(t, run(blocks[6]), work)
	checkResultFiles(t, run(blocks[7]), work)
	checkTable(t, run(blocks[8]))
	checkDD(t, run(blocks[9]), work)
}

// checkDD checks that director dd gave each of the 24 boards the dealing
// walkthrough wrote a complete table, the same in both table tags, and a
// par, and printed board 1's.
func checkDD(t *testing.T, out []byte, dir string) {
	t.Helper()
	for _, want := range []string{`(?m)^\[Board "1"\]`, `(?m)^\[DoubleDummyTricks "[0-9a-d]{20}"\]`, `(?m)^\[OptimumScore "(NS|EW) \d+"\]`, `(?m)^\[ParContract "`} {
		if !regexp.MustCompile(want).Match(out) {
			t.Errorf("the director dd walkthrough printed no %s:\n%s", want, out)
		}
	}
	f, err := os.Open(filepath.Join(dir, "tuesday-dd.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	file, err := pbn.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(file.Games) != 24 {
		t.Fatalf("tuesday-dd.pbn has %d boards, want 24", len(file.Games))
	}
	for i, g := range file.Games {
		tricks, ok, err := g.DoubleDummyTricks()
		if !ok || err != nil || tricks.Validate() != nil {
			t.Errorf("board %d: DoubleDummyTricks %v, %v, %v", i+1, tricks, ok, err)
		}
		if rows, ok, err := g.OptimumResultTable(); !ok || err != nil || rows != tricks {
			t.Errorf("board %d: OptimumResultTable %v, %v, %v; want %v", i+1, rows, ok, err, tricks)
		}
		if _, ok, err := g.Par(); !ok || err != nil {
			t.Errorf("board %d: no par read back (%v)", i+1, err)
		}
	}
}

// checkTable checks that table 1's device learnt its table and round, was
// refused the traveller before playing, had its result confirmed, and then
// read the traveller and the deal; and that pair 4's code was told its
// table of round 2 and refused at another.
func checkTable(t *testing.T, out []byte) {
	t.Helper()
	for _, want := range []string{`"pair":\s*"events/table-night/sessions/1/sections/A/entrants/4"`, `"table":\s*"events/table-night/sessions/1/sections/A/tables/2"`, `(?m)^403\n(.|\n)*^403$`, `"table":\s*"events/table-night/sessions/1/sections/A/tables/1"`, `"round_time":\s*"900s"`,
		`(?m)^403$`, `"side":\s*"SIDE_EAST_WEST"`, `"contract":\s*"3NT"[^}]*"lead":\s*"C7"`, `"ns_score":\s*400`, `"west":\s*\{"cards":\s*"K743`} {
		if !regexp.MustCompile(want).Match(out) {
			t.Errorf("the table walkthrough printed no %s:\n%s", want, out)
		}
	}
}

// checkPlayers checks the import's counts, the search, the swapped seats
// at table 1 and the names in the standings.
func checkPlayers(t *testing.T, out []byte) {
	t.Helper()
	for _, want := range []string{`"added":\s*4`, `"display_name":\s*"Maria Wiśniewska"`,
		`"seat":\s*"SEAT_NORTH",\s*"entrant":\s*1,\s*"member_number":\s*"1002",\s*"name":\s*"Piotr Nowak"`,
		`"names":\s*\[\s*"Anna Kowalska",\s*"Piotr Nowak"\s*\]`, `"names":\s*\[\s*"Maria Wiśniewska",\s*"Kari Nordmann"\s*\]`} {
		if !regexp.MustCompile(want).Match(out) {
			t.Errorf("the players walkthrough printed no %s:\n%s", want, out)
		}
	}
}

// checkResultFiles checks the club night's downloads, the deals in its PBN
// file, and that its USEBIO imports back with nothing differing.
func checkResultFiles(t *testing.T, out []byte, dir string) {
	t.Helper()
	for file, start := range map[string]string{"club-night.xml": "<?xml", "club-night.pbn": "% PBN 2.1", "travellers.csv": "Section,Board,", "standings.csv": "Section,Place,"} {
		body, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil || !strings.HasPrefix(string(body), start) {
			t.Errorf("%s: %v, starts %.16q; want it to start %q", file, err, body, start)
		}
	}
	if pbnFile, _ := os.ReadFile(filepath.Join(dir, "club-night.pbn")); !regexp.MustCompile(`\[Deal "N:[^?]`).Match(pbnFile) {
		t.Errorf("club-night.pbn has no deals:\n%s", pbnFile)
	}
	if !regexp.MustCompile(`"compared":\s*\d+`).Match(out) || regexp.MustCompile(`"differences":\s*\[\s*\{`).Match(out) {
		t.Errorf("the club night imported back is not compared, or differs:\n%s", out)
	}
}

// checkRuling checks that the ruling asked its question, ruled with the
// laws, and that its assigned score replaced the table's result.
func checkRuling(t *testing.T, out []byte) {
	t.Helper()
	for _, want := range []string{`"law":\s*"25A2"`, `"27B1\(a\)"`, `"state":\s*"STATE_APPLIED"`, `"action":\s*"ACTION_CORRECTED"`, `"ns_score":\s*-110`} {
		if !regexp.MustCompile(want).Match(out) {
			t.Errorf("the ruling walkthrough printed no %s:\n%s", want, out)
		}
	}
}

// checkPenaltyCard checks that the exposed ♠K was ruled a major penalty
// card with declarer's choice before South's lead, and that declarer was
// offered it again when South was next to lead, and required a spade.
func checkPenaltyCard(t *testing.T, out []byte) {
	t.Helper()
	rulings := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(rulings) != 2 {
		t.Fatalf("the penalty card walkthrough printed %d answers, want 2:\n%s", len(rulings), out)
	}
	for i, wants := range [][]string{
		{`"chooser":\s*"SEAT_WEST",\s*"choice":\s*\{"id":\s*"require-S"`, `"id":\s*"prohibit-S"`, `"law":\s*"50D2\(b\)"`, `"50B"`, `"50D1\(a\)"`,
			`"text":\s*"♠K, a card of honour rank, is a major penalty card \(Law 50B\)"`},
		{`"chooser":\s*"SEAT_WEST",\s*"choice":\s*\{"id":\s*"require-S"`, `"laws":\s*\[[^]]*"50D2\(a\)"`, `"text":\s*"must lead a spade"`},
	} {
		for _, want := range wants {
			if !regexp.MustCompile(want).MatchString(rulings[i]) {
				t.Errorf("the penalty card walkthrough's ruling %d has no %s:\n%s", i+1, want, rulings[i])
			}
		}
	}
	if strings.Contains(rulings[1], "is a major penalty card") {
		t.Errorf("the ♠K, picked up when declarer required a spade, is still a penalty card:\n%s", rulings[1])
	}
}

// checkClaim checks that the claim's ruling gave the solver's figures,
// asked whether the claim was doubted, and then awarded the tricks.
func checkClaim(t *testing.T, out []byte) {
	t.Helper()
	for _, want := range []string{`could take 6 of the 10 tricks left double dummy`, `"id":\s*"agreed"`, `"state":\s*"STATE_RULED"`,
		`North-South are awarded 9 tricks in all, East-West 4`, `"70A"`} {
		if !regexp.MustCompile(want).Match(out) {
			t.Errorf("the claim walkthrough printed no %s:\n%s", want, out)
		}
	}
}

// checkMovement checks the recommendation, the files and the late pair's
// path of the movement walkthrough.
func checkMovement(t *testing.T, out []byte, dir string) {
	t.Helper()
	if !regexp.MustCompile(`^\{"recommendations":\s*\[\{"name":\s*"Howell, 13 pairs, 7 tables, 2 boards a round"`).Match(out) {
		t.Errorf("the first recommendation for 13 pairs is not the 7-table Howell:\n%s", out)
	}
	if csv, err := os.ReadFile(filepath.Join(dir, "rounddata.csv")); err != nil || strings.Count(string(csv), "\n") != 1+13*7 {
		t.Errorf("rounddata.csv: %v, %d lines; want a header and 13 rounds of 7 tables", err, strings.Count(string(csv), "\n"))
	}
	if pdf, err := os.ReadFile(filepath.Join(dir, "cards.pdf")); err != nil || !strings.HasPrefix(string(pdf), "%PDF-") {
		t.Errorf("cards.pdf: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	var path struct {
		Stops []struct {
			Round    int `json:"round"`
			Table    int `json:"table"`
			LowBoard int `json:"low_board"`
		} `json:"stops"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &path); err != nil || len(path.Stops) != 13 {
		t.Fatalf("the late pair's path: %v\n%s", err, out)
	}
	for _, stop := range path.Stops {
		if (stop.Round >= 3) != (stop.Table != 0 && stop.LowBoard != 0) {
			t.Errorf("the late pair from round 3 is at table %d on board %d in round %d", stop.Table, stop.LowBoard, stop.Round)
		}
	}
}

// checkClubNight checks what the club-night walkthrough printed.
func checkClubNight(t *testing.T, out []byte) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	var got standings
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &got); err != nil {
		t.Fatalf("the walkthrough's last answer is not the standings: %v\n%s", err, out)
	}
	if len(got.Standings) != 6 {
		t.Fatalf("%d pairs in the standings, want 6:\n%s", len(got.Standings), out)
	}
	// Every pair played six boards; the percentages of each direction of a
	// Mitchell average 50.
	var sum [2]float64
	for _, st := range got.Standings {
		if st.BoardsPlayed != 6 {
			t.Errorf("pair %d played %d boards, want 6", st.Pair, st.BoardsPlayed)
		}
		sum[st.Pair/4] += st.Percentage
	}
	for i, total := range sum {
		if total < 149.9 || total > 150.1 {
			t.Errorf("direction %d: percentages add up to %.2f, want 150", i, total)
		}
	}
	if !regexp.MustCompile(`"ns_score":\s*800\b`).Match(out) {
		t.Errorf("the corrected 4HX three down (+800) is not in the traveller:\n%s", out)
	}
}

// checkDealing checks the files and the verification of the dealing
// walkthrough.
func checkDealing(t *testing.T, out []byte, dir string) {
	t.Helper()
	for file, start := range map[string]string{"tuesday.dup": "", "tuesday.pbn": "% PBN 2.1", "tuesday.pdf": "%PDF-", "tuesday.html": "<!DOCTYPE html>"} {
		body, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil || len(body) == 0 || !strings.HasPrefix(string(body), start) {
			t.Errorf("%s: %v, starts %.12q; want it to start %q", file, err, body, start)
		}
	}
	if dupFile, _ := os.ReadFile(filepath.Join(dir, "tuesday.dup")); len(dupFile) != 24*156 {
		t.Errorf("tuesday.dup has %d bytes, want 24 boards of 156", len(dupFile))
	}
	if !regexp.MustCompile(`"matches":\s*true`).Match(out) {
		t.Errorf("the set does not verify from its keys:\n%s", out)
	}
}

// walkthroughs returns the shell blocks that follow the walkthrough markers.
func walkthroughs(t *testing.T, readme string) []string {
	t.Helper()
	var blocks []string
	parts := strings.Split(readme, "<!-- walkthrough:")
	for _, after := range parts[1:] {
		_, block, ok := strings.Cut(after, "```sh\n")
		if !ok {
			t.Fatal("no ```sh block after a walkthrough marker")
		}
		script, _, ok := strings.Cut(block, "```")
		if !ok {
			t.Fatal("a walkthrough block is not closed")
		}
		blocks = append(blocks, script)
	}
	return blocks
}
