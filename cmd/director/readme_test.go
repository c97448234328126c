package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
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
	script := walkthrough(t, string(readme))
	s := startDirector(t, t.TempDir())
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
	cmd.Env = append(os.Environ(), "DIRECTOR="+s.base)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the walkthrough failed: %v\n%s\n--- director:\n%s", err, out, s.logs)
	}
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

// walkthrough returns the shell block that follows the walkthrough marker.
func walkthrough(t *testing.T, readme string) string {
	t.Helper()
	_, after, ok := strings.Cut(readme, "<!-- walkthrough:")
	if !ok {
		t.Fatal("README.md has no walkthrough marker")
	}
	_, block, ok := strings.Cut(after, "```sh\n")
	if !ok {
		t.Fatal("no ```sh block after the walkthrough marker")
	}
	script, _, ok := strings.Cut(block, "```")
	if !ok {
		t.Fatal("the walkthrough block is not closed")
	}
	return script
}
