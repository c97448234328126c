package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/bridge-director/director/services/platform"
)

// check runs "director check [--data dir]": it checks every store (*.db) in
// the data directory without changing it, prints what it checked and every
// problem, and fails when there is one. Director must be stopped: bbolt lets
// a reader in only when no writer holds the file.
func check(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("director check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dataDir := "data"
	if v, ok := os.LookupEnv("DIRECTOR_DATA"); ok {
		dataDir = v
	}
	fs.StringVar(&dataDir, "data", dataDir, "directory of the services' bbolt files ($DIRECTOR_DATA)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("check: unexpected argument %q", fs.Arg(0))
	}
	paths, err := filepath.Glob(filepath.Join(dataDir, "*.db"))
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return fmt.Errorf("check: no stores (*.db) in %s", dataDir)
	}
	problems, damaged, held := 0, 0, false
	for _, path := range paths {
		c, err := platform.CheckStore(path, time.Second)
		if err != nil {
			fmt.Fprintf(stdout, "%s: cannot be checked: %v\n", c.File, err)
			held = held || errors.Is(err, platform.ErrStoreHeld)
			problems++
			damaged++
			continue
		}
		verified := "every checksum verified"
		if len(c.Problems) > 0 {
			verified = "every checksum checked"
		}
		if !c.Checksums {
			verified = "no checksums yet (Director adds them when it next starts)"
		}
		what := fmt.Sprintf("schema version %d; bbolt consistency check; %d records in %d buckets, %s", c.SchemaVersion, c.Records, c.Buckets, verified)
		if len(c.Problems) == 0 {
			fmt.Fprintf(stdout, "%s: ok (%s)\n", c.File, what)
			continue
		}
		fmt.Fprintf(stdout, "%s: %s (%s)\n", c.File, count(len(c.Problems), "problem"), what)
		for _, p := range c.Problems {
			fmt.Fprintln(stdout, "  "+p)
		}
		problems += len(c.Problems)
		damaged++
	}
	// Each store may be whole while the directory is not: a restore cut
	// short holds some stores of a backup and some from before.
	if err := unfinishedRestore(dataDir); err != nil {
		fmt.Fprintln(stdout, err)
		return fmt.Errorf("check: the data directory is in the middle of a restore: %w", err)
	}
	switch {
	case held:
		return fmt.Errorf("check: %s in %d of %d stores; stop Director before checking its stores", count(problems, "problem"), damaged, len(paths))
	case problems > 0:
		return fmt.Errorf("check: %s in %d of %d stores", count(problems, "problem"), damaged, len(paths))
	}
	return nil
}

// count says "1 problem" or "3 problems".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
