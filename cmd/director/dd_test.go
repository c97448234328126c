package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/ddslist"
	"github.com/bridge-director/director/formats/pbn"
)

// list10 returns DDS's list10 deals, with their tables and par.
func list10(t *testing.T) []ddslist.Deal {
	t.Helper()
	deals, err := ddslist.ReadFile("../../../shared/fixtures/dds/list10.txt")
	if err != nil {
		t.Fatal(err)
	}
	return deals
}

// writeList10PBN writes list10's deals as a PBN file in dir, boards 1 to 10
// with DDS's dealer and vulnerability, board 1 with a wrong table to be
// replaced, and returns its path and what it holds.
func writeList10PBN(t *testing.T, dir string, deals []ddslist.Deal) (string, []byte) {
	t.Helper()
	games := make([]pbn.Game, len(deals))
	for i, d := range deals {
		games[i] = pbn.NewGame(bridge.Board{Number: i + 1, Dealer: d.Dealer, Vulnerability: d.Vulnerability, Deal: d.Deal})
		games[i].Set("Event", "DDS list10")
	}
	games[0].Set("DoubleDummyTricks", "00000000000000000000")
	games[0].Set("OptimumScore", "NS 2220")
	path := filepath.Join(dir, "list10.pbn")
	var buf bytes.Buffer
	if err := pbn.Write(&buf, games, pbn.Options{Creator: "DDS fixtures"}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, buf.Bytes()
}

// runDD runs the binary's dd command and returns its standard output, its
// standard error and its exit code.
func runDD(t *testing.T, stdin []byte, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"dd"}, args...)...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return stdout.String(), stderr.String(), 0
	case errors.As(err, &exit):
		return stdout.String(), stderr.String(), exit.ExitCode()
	}
	t.Fatalf("director dd: %v", err)
	return "", "", 0
}

// TestDDCommand solves list10 with the real binary, to a file, to standard
// output and in place, and checks every board's table against DDS's TABLE
// line and its par against DealerPar's.
func TestDDCommand(t *testing.T) {
	deals := list10(t)
	dir := t.TempDir()
	in, _ := writeList10PBN(t, dir, deals)
	out := filepath.Join(dir, "solved.pbn")
	stdout, stderr, code := runDD(t, nil, in, "-o", out)
	if code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("director dd %s -o %s: exit %d, stdout %q, stderr %q; want 0 and nothing printed off a terminal", in, out, code, stdout, stderr)
	}
	solved, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	file, err := pbn.Read(bytes.NewReader(solved))
	if err != nil {
		t.Fatal(err)
	}
	if len(file.Games) != len(deals) {
		t.Fatalf("%d boards written, want %d", len(file.Games), len(deals))
	}
	for i, g := range file.Games {
		d := deals[i]
		if b, err := g.Board(); err != nil || b.Deal != d.Deal || b.Number != i+1 {
			t.Errorf("board %d: read back as %+v, %v", i+1, b, err)
		}
		if ev, _ := g.Value("Event"); ev != "DDS list10" {
			t.Errorf("board %d: Event %q, want the file's own", i+1, ev)
		}
		if got, ok, err := g.DoubleDummyTricks(); !ok || err != nil || got != d.Table {
			t.Errorf("board %d (line %d of list10): DoubleDummyTricks %v, %v, %v; want DDS's %v", i+1, d.Line, got, ok, err, d.Table)
		}
		if got, ok, err := g.OptimumResultTable(); !ok || err != nil || got != d.Table {
			t.Errorf("board %d: OptimumResultTable %v, %v, %v; want DDS's %v", i+1, got, ok, err, d.Table)
		}
		p, ok, err := g.Par()
		if !ok || err != nil || p.Score != d.DealerPar.Score || len(p.Contracts) != len(d.DealerPar.Contracts) {
			t.Errorf("board %d: par %+v, %v, %v; want DealerPar's %d with %q", i+1, p, ok, err, d.DealerPar.Score, d.DealerPar.Contracts)
		}
		for _, name := range []string{"DoubleDummyTricks", "OptimumScore"} {
			if n := strings.Count(string(solved), "["+name+" "); n != len(deals) {
				t.Errorf("%d %s tags, want one a board", n, name)
			}
		}
	}

	// Standard input to standard output, and in place with the flags after
	// the file, give the same board (one, to keep the test short).
	one, oneText := writeList10PBN(t, t.TempDir(), deals[:1])
	stdout, stderr, code = runDD(t, oneText, "-")
	if code != 0 {
		t.Fatalf("director dd - < %s: exit %d, %s", one, code, stderr)
	}
	piped, err := pbn.Read(strings.NewReader(stdout))
	if err != nil || len(piped.Games) != 1 || !slices.Equal(tagTexts(piped.Games[0]), tagTexts(file.Games[0])) {
		t.Errorf("director dd - < %s wrote another board than -o (%v):\n%s", one, err, stdout)
	}
	if _, stderr, code := runDD(t, nil, one, "--in-place", "--workers", "1"); code != 0 {
		t.Fatalf("director dd %s --in-place: exit %d, %s", one, code, stderr)
	}
	if again, err := os.ReadFile(one); err != nil || string(again) != stdout {
		t.Errorf("the file solved in place differs from the one written to standard output (%v)", err)
	}
}

// tagTexts returns a game's tags as their text, wherever they were read.
func tagTexts(g pbn.Game) []string {
	var out []string
	for _, tag := range g.Tags {
		out = append(out, tag.Name+" "+tag.Value)
		for _, line := range tag.Data {
			out = append(out, line.Text)
		}
	}
	return out
}

// TestDDCommandRefusesBadInput: a file that cannot be solved, or a command
// line that does not say what to do, fails naming the problem and writes
// nothing.
func TestDDCommandRefusesBadInput(t *testing.T) {
	deals := list10(t)
	dir := t.TempDir()
	in, text := writeList10PBN(t, dir, deals)
	// Board 2's deal loses North's first card.
	deal := deals[1].Deal.PBN(bridge.North)
	broken := "N:" + deal[3:]
	bad := filepath.Join(dir, "bad.pbn")
	if err := os.WriteFile(bad, bytes.Replace(text, []byte(deal), []byte(broken), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.pbn")
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"a missing card", []string{bad, "-o", out}, []string{"dd: " + bad + ": board 2: pbn: line ", `tag "Deal"`, "12 cards"}},
		{"no such file", []string{filepath.Join(dir, "none.pbn"), "-o", out}, []string{"none.pbn: no such file"}},
		{"not PBN", []string{"-o", out, "-"}, []string{"dd: -: no boards in the file"}},
		{"no file", []string{"-o", out}, []string{"usage: director dd", "want one PBN file, found 0 arguments"}},
		{"two files", []string{in, bad}, []string{"want one PBN file, found 2 arguments"}},
		{"two outputs", []string{in, "-o", out, "--in-place"}, []string{"-o and --in-place both say where to write"}},
		{"in place on stdin", []string{"--in-place", "-"}, []string{"--in-place needs a file"}},
		{"negative workers", []string{in, "--workers", "-2", "-o", out}, []string{"--workers -2: want 0 (one per core) or more"}},
		{"unknown flag", []string{in, "--quiet"}, []string{"flag provided but not defined: -quiet"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := runDD(t, nil, tc.args...)
			if code == 0 || stdout != "" {
				t.Errorf("exit %d, stdout %q; want a failure and nothing written", code, stdout)
			}
			for _, want := range tc.want {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr %q does not say %q", stderr, want)
				}
			}
			if strings.Contains(stderr, "goroutine") {
				t.Errorf("director dd crashed:\n%s", stderr)
			}
			if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("%s was written (%v)", out, err)
			}
		})
	}
	if again, err := os.ReadFile(in); err != nil || !bytes.Equal(again, text) {
		t.Errorf("a refused command changed %s (%v)", in, err)
	}
}

// TestDDStopsWhenCancelled: a Ctrl-C (here a cancelled context) stops the
// solving, says how far it got and writes nothing.
func TestDDStopsWhenCancelled(t *testing.T) {
	dir := t.TempDir()
	in, _ := writeList10PBN(t, dir, list10(t))
	out := filepath.Join(dir, "out.pbn")
	stderr, err := os.Create(filepath.Join(dir, "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer stderr.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = dd(ctx, []string{in, "-o", out}, nil, nil, stderr)
	if err == nil || !strings.Contains(err.Error(), "dd: stopped after ") || !strings.Contains(err.Error(), " of 10 boards; nothing written") {
		t.Errorf("dd with a cancelled context: %v, want it stopped with nothing written", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s was written (%v)", out, err)
	}
}

func TestDDProgress(t *testing.T) {
	var line bytes.Buffer
	p := &ddProgress{w: &line, total: 3}
	p.show()
	for _, n := range []int{1, 3, 2} { // workers may report out of order
		p.done(n)
	}
	p.finish()
	if want := "\rsolving 0/3 boards\rsolving 1/3 boards\rsolving 3/3 boards\n"; line.String() != want {
		t.Errorf("progress %q, want %q", line.String(), want)
	}
	if p.count() != 3 {
		t.Errorf("count %d, want 3", p.count())
	}
}
