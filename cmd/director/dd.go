package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/term"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/dealing/doubledummy"
	"github.com/bridge-director/director/dealing/par"
	"github.com/bridge-director/director/formats/pbn"
)

// ddUsage is what "director dd -h" prints above the flags.
const ddUsage = `usage: director dd [-o FILE | --in-place] [--workers N] FILE.pbn

Solves every deal of a PBN file double dummy and writes the file again with
each board's table and par (DoubleDummyTricks, OptimumResultTable,
OptimumScore, ParContract), replacing any it had, in the PBN 2.1 export
format. FILE.pbn "-" reads standard input. The output goes to standard output
unless -o or --in-place says otherwise; nothing is written unless every deal
is solved. Par is DDS's DealerPar: the dealer bids first.
`

// dd runs "director dd": see ddUsage.
func dd(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer, stderr *os.File) error {
	fs := flag.NewFlagSet("director dd", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), ddUsage)
		fs.PrintDefaults()
	}
	out := fs.String("o", "", "write the file with the tables to `FILE` in place of standard output")
	inPlace := fs.Bool("in-place", false, "replace FILE.pbn by the file with the tables")
	workers := fs.Int("workers", 0, "deals solved at once; 0 means one per core")
	files, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	switch {
	case len(files) != 1:
		fs.Usage()
		return fmt.Errorf("dd: want one PBN file, found %d arguments", len(files))
	case *out != "" && *inPlace:
		return errors.New("dd: -o and --in-place both say where to write; give one")
	case *inPlace && files[0] == "-":
		return errors.New("dd: --in-place needs a file, not standard input")
	case *workers < 0:
		return fmt.Errorf("dd: --workers %d: want 0 (one per core) or more", *workers)
	}
	name := files[0]
	file, err := readPBN(name, stdin)
	if err != nil {
		return err
	}
	boards, err := fileBoards(name, file)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	deals := make([]bridge.Deal, len(boards))
	for i, b := range boards {
		deals[i] = b.Deal
	}
	report := progress(stderr, len(deals))
	tables, err := doubledummy.Tables(ctx, deals, *workers, report.done)
	report.finish()
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("dd: stopped after %d of %d boards; nothing written", report.count(), len(deals))
		}
		return fmt.Errorf("dd: %s: %w", name, err)
	}
	for i, b := range boards {
		p, err := par.DealerPar(tables[i], b.Dealer, b.Vulnerability)
		if err != nil {
			return fmt.Errorf("dd: %s: board %d: %w", name, b.Number, err)
		}
		file.Games[i].SetDoubleDummy(tables[i], p)
	}
	var buf bytes.Buffer
	if err := pbn.Write(&buf, file.Games, pbn.Options{Creator: "Director", UTF8: needsUTF8(file)}); err != nil {
		return fmt.Errorf("dd: %w", err)
	}
	switch {
	case *inPlace:
		return replaceFile(name, buf.Bytes())
	case *out != "":
		return replaceFile(*out, buf.Bytes())
	}
	_, err = stdout.Write(buf.Bytes())
	return err
}

// parseInterspersed parses flags that come before, between or after the
// other arguments, as "director dd FILE.pbn -o out.pbn" writes them, and
// returns the other arguments.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return rest, nil
		}
		if parsed := len(args) - fs.NArg(); parsed > 0 && args[parsed-1] == "--" {
			return append(rest, fs.Args()...), nil
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// readPBN reads the PBN file called name, or stdin when name is "-".
func readPBN(name string, stdin io.Reader) (*pbn.File, error) {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("dd: %w", err)
		}
		defer f.Close()
		r = f
	}
	file, err := pbn.Read(r)
	if err != nil {
		return nil, fmt.Errorf("dd: %s: %w", name, err)
	}
	if len(file.Games) == 0 {
		return nil, fmt.Errorf("dd: %s: no boards in the file", name)
	}
	return file, nil
}

// fileBoards returns the board of every game of the file, or an error naming
// the first game without a complete deal.
func fileBoards(name string, file *pbn.File) ([]bridge.Board, error) {
	boards := make([]bridge.Board, len(file.Games))
	for i, g := range file.Games {
		b, err := g.Board()
		if err != nil {
			which := fmt.Sprintf("game %d", i+1)
			if n, ok := g.Value("Board"); ok {
				which = "board " + n
			}
			return nil, fmt.Errorf("dd: %s: %s: %w", name, which, err)
		}
		boards[i] = b
	}
	return boards, nil
}

// needsUTF8 reports whether the file must be written as UTF-8: it said it
// is, or it holds a character ISO-8859-1 has not.
func needsUTF8(file *pbn.File) bool {
	for _, d := range file.Directives {
		if strings.Contains(strings.ToUpper(strings.ReplaceAll(d, " ", "")), "CHARSET=UTF-8") {
			return true
		}
	}
	beyond := func(s string) bool { return strings.ContainsFunc(s, func(r rune) bool { return r > 0xFF }) }
	for _, g := range file.Games {
		for _, t := range g.Tags {
			if beyond(t.Value) {
				return true
			}
			for _, line := range t.Data {
				if beyond(line.Text) {
					return true
				}
			}
		}
	}
	return false
}

// replaceFile writes data to a new file beside path and renames it over
// path, so that path holds the old file or the new one, never part of one.
func replaceFile(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("dd: %w", err)
	}
	defer os.Remove(tmp.Name())
	if info, err := os.Stat(path); err == nil {
		if err := tmp.Chmod(info.Mode().Perm()); err != nil {
			tmp.Close()
			return fmt.Errorf("dd: %w", err)
		}
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("dd: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("dd: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("dd: %w", err)
	}
	return nil
}

// ddProgress shows "solving 12/36 boards" on a terminal, rewriting the line
// as deals are solved; elsewhere it only counts.
type ddProgress struct {
	mu       sync.Mutex
	w        io.Writer // nil when stderr is not a terminal
	n, total int
}

// progress returns the progress of solving total deals, shown on stderr when
// it is a terminal.
func progress(stderr *os.File, total int) *ddProgress {
	p := &ddProgress{total: total}
	if term.IsTerminal(int(stderr.Fd())) {
		p.w = stderr
		p.show()
	}
	return p
}

// done takes the count of deals solved.
func (p *ddProgress) done(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n > p.n {
		p.n = n
		p.show()
	}
}

// show rewrites the line; the caller holds mu or is alone.
func (p *ddProgress) show() {
	if p.w != nil {
		fmt.Fprintf(p.w, "\rsolving %d/%d boards", p.n, p.total)
	}
}

// count returns the deals solved so far.
func (p *ddProgress) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.n
}

// finish ends the progress line.
func (p *ddProgress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.w != nil {
		fmt.Fprintln(p.w)
	}
}
