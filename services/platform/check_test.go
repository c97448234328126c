package platform

import (
	"errors"
	"os"
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

func TestCheckStoreReportsADamagedPage(t *testing.T) {
	path, _ := filledStore(t)
	// Find a leaf page of the results, then zero it, as a lost write would.
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{ReadOnly: true, PreLoadFreelist: true})
	if err != nil {
		t.Fatal(err)
	}
	leaf := 0
	db.View(func(tx *bbolt.Tx) error {
		for id := 2; leaf == 0; id++ {
			p, err := tx.Page(id)
			if err != nil || p == nil {
				t.Fatalf("no leaf page found: %v", err)
			}
			if p.Type == "leaf" {
				leaf = id
			}
		}
		return nil
	})
	pageSize := db.Info().PageSize
	db.Close()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteAt(make([]byte, pageSize), int64(leaf*pageSize))
	f.Close()

	c, err := CheckStore(path, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Problems) == 0 || !strings.Contains(strings.Join(c.Problems, "\n"), "bbolt consistency check") {
		t.Errorf("problems %q, want bbolt's check to report the zeroed page %d", c.Problems, leaf)
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
