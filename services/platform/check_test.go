package platform

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.etcd.io/bbolt"
)

func TestCheckStoreOfACleanStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dealing.db")
	s := openTestStore(t, path, eventsMigrations)
	putTitles(t, s, "club-night", "county-pairs")
	s.Close()

	c, err := CheckStore(path, time.Second)
	if err != nil || len(c.Problems) != 0 {
		t.Fatalf("CheckStore = %+v, %v; want no problems", c, err)
	}
	// events and idempotency, with their records.
	if c.File != "dealing.db" || c.SchemaVersion != 2 || !c.Checksums || c.Records != 2 || c.Buckets != 2 {
		t.Errorf("CheckStore = %+v", c)
	}
}

func TestCheckStoreNamesTheDamagedRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dealing.db")
	s := openTestStore(t, path, eventsMigrations)
	putTitles(t, s, "club-night", "county-pairs", "spring-teams")
	s.Close()
	damageValue(t, path, "events", []byte("county-pairs"))

	c, err := CheckStore(path, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Problems) != 1 || !strings.HasPrefix(c.Problems[0], `dealing.db: the record at events key "county-pairs" is damaged: checksum`) {
		t.Errorf("problems %q, want the damaged record named", c.Problems)
	}
	if c.Records != 3 {
		t.Errorf("verified %d records, want all 3", c.Records)
	}
}

func TestCheckStoreOfAStoreWithoutChecksumsVerifiesNoRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "movement.db")
	s := openTestStore(t, path, sectionMigrations)
	s.Close()
	c, err := CheckStore(path, time.Second)
	if err != nil || c.Checksums || len(c.Problems) != 0 || c.Records != 1 {
		t.Errorf("CheckStore = %+v, %v; want the raw value counted, not taken for a damaged record", c, err)
	}
}

// firstPage returns the number and size of the first page of type typ in the
// closed store at path.
func firstPage(t *testing.T, path, typ string) (int, int) {
	t.Helper()
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{ReadOnly: true, PreLoadFreelist: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	found := 0
	db.View(func(tx *bbolt.Tx) error {
		for id := 2; found == 0; id++ {
			p, err := tx.Page(id)
			if err != nil || p == nil {
				t.Fatalf("no %s page found: %v", typ, err)
			}
			if p.Type == typ {
				found = id
			}
		}
		return nil
	})
	return found, db.Info().PageSize
}

func writeAt(t *testing.T, path string, b []byte, offset int) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt(b, int64(offset)); err != nil {
		t.Fatal(err)
	}
}

func TestCheckStoreReportsADamagedPage(t *testing.T) {
	path, _ := filledStore(t)
	// Zero a leaf page of the results, as a lost write would.
	leaf, pageSize := firstPage(t, path, "leaf")
	writeAt(t, path, make([]byte, pageSize), leaf*pageSize)

	c, err := CheckStore(path, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Problems) == 0 || !strings.Contains(strings.Join(c.Problems, "\n"), fmt.Sprintf("Page expected to be: %d", leaf)) {
		t.Errorf("problems %q, want the zeroed page %d reported", c.Problems, leaf)
	}
}

// TestCheckStoreChild is the child of TestCheckStoreSurvivesAPagePointingOutsideTheFile.
func TestCheckStoreChild(t *testing.T) {
	path := os.Getenv("DIRECTOR_TEST_CHECK")
	if path == "" {
		t.Skip("run by TestCheckStoreSurvivesAPagePointingOutsideTheFile")
	}
	c, err := CheckStore(path, time.Second)
	fmt.Printf("checked: %q, %v\n", c.Problems, err)
}

func TestCheckStoreSurvivesAPagePointingOutsideTheFile(t *testing.T) {
	path, _ := filledStore(t)
	// The first child of the results' branch page: 4 GB into a file of a few pages.
	branch, pageSize := firstPage(t, path, "branch")
	writeAt(t, path, binary.LittleEndian.AppendUint64(nil, 1<<20), branch*pageSize+16+8)

	cmd := exec.Command(os.Args[0], "-test.run=^TestCheckStoreChild$")
	cmd.Env = append(os.Environ(), "DIRECTOR_TEST_CHECK="+path)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "reading the records failed") || !strings.Contains(string(out), "bbolt consistency check skipped") {
		t.Errorf("checking a page that points outside the file: %v\n%s", err, out)
	}
}

func TestCheckStoreReportsOneDamagedMetaPage(t *testing.T) {
	for _, page := range []int{0, 1} {
		path, _ := filledStore(t)
		flipByte(t, path, int64(page)*pageSize+16+40)
		c, err := CheckStore(path, time.Second)
		want := fmt.Sprintf("scoring.db: meta page %d is damaged: bbolt opened the store at the other one", page)
		if err != nil || len(c.Problems) != 1 || !strings.HasPrefix(c.Problems[0], want) {
			t.Errorf("meta page %d flipped: %q, %v; want %q", page, c.Problems, err, want)
		}
	}
}

func TestCheckStoreRefusesAStoreInUse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scoring.db")
	openTestStore(t, path, eventsMigrations)
	if _, err := CheckStore(path, 50*time.Millisecond); !errors.Is(err, ErrStoreHeld) {
		t.Errorf("CheckStore of a store in use: %v, want ErrStoreHeld", err)
	}
}

func TestCheckStoreOfADamagedFile(t *testing.T) {
	path, size := filledStore(t)
	truncate(t, path, size/2)
	if _, err := CheckStore(path, time.Second); err == nil || !strings.Contains(err.Error(), "was cut short") {
		t.Errorf("CheckStore of a truncated file: %v", err)
	}
	if _, err := CheckStore(filepath.Join(t.TempDir(), "none.db"), time.Second); err == nil {
		t.Error("CheckStore of a missing file: no error")
	}
}
