package platform

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.etcd.io/bbolt"
)

// sectionMigrations creates a "sections" bucket (1) and then renames it to
// "events" (2), the kind of layout change a service makes.
var sectionMigrations = []Migration{
	{Version: 1, Name: "create sections", Apply: func(tx *bbolt.Tx) error {
		b, err := tx.CreateBucket([]byte("sections"))
		if err != nil {
			return err
		}
		return b.Put([]byte("events/club-night/sessions/1/sections/A"), []byte("7 tables"))
	}},
	{Version: 2, Name: "move sections under events", Apply: func(tx *bbolt.Tx) error {
		old := tx.Bucket([]byte("sections"))
		b, err := tx.CreateBucket([]byte("events"))
		if err != nil {
			return err
		}
		if err := old.ForEach(func(k, v []byte) error { return b.Put(k, v) }); err != nil {
			return err
		}
		return tx.DeleteBucket([]byte("sections"))
	}},
}

func openTestStore(t testing.TB, path string, migrations []Migration, opts ...StoreOption) *Store {
	t.Helper()
	s, err := OpenStore(path, migrations, opts...)
	if err != nil {
		t.Fatalf("OpenStore: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestOpenStoreCreatesDirectoryAndAppliesMigrations(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data", "nested", "scoring.db")
	s := openTestStore(t, path, sectionMigrations)

	if v, err := s.SchemaVersion(); err != nil || v != 2 {
		t.Fatalf("SchemaVersion = %d, %v; want 2", v, err)
	}
	err := s.View(func(tx *bbolt.Tx) error {
		if tx.Bucket([]byte("sections")) != nil {
			t.Error("migration 2 did not remove the sections bucket")
		}
		got := bucketAt(tx, "events").Get([]byte("events/club-night/sessions/1/sections/A"))
		if string(got) != "7 tables" {
			t.Errorf("migrated value = %q, want %q", got, "7 tables")
		}
		for _, name := range []string{"meta", "idempotency"} {
			if bucketAt(tx, name) == nil {
				t.Errorf("bucket %s missing", name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestOpenStoreRunsOnlyPendingMigrations(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scoring.db")
	s, err := OpenStore(path, sectionMigrations[:1])
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := s.SchemaVersion(); v != 1 {
		t.Fatalf("after one migration SchemaVersion = %d, want 1", v)
	}
	s.Close()

	// Migration 1 fails if run twice (CreateBucket on an existing bucket),
	// so reopening with both proves only migration 2 runs.
	s = openTestStore(t, path, sectionMigrations)
	if v, _ := s.SchemaVersion(); v != 2 {
		t.Fatalf("after reopening SchemaVersion = %d, want 2", v)
	}
}

func TestOpenStoreFailedMigrationLeavesVersion(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scoring.db")
	broken := append(sectionMigrations[:1:1], Migration{Version: 2, Name: "broken", Apply: func(tx *bbolt.Tx) error {
		if _, err := tx.CreateBucket([]byte("half-done")); err != nil {
			return err
		}
		return errors.New("disk says no")
	}})
	if _, err := OpenStore(path, broken); err == nil || !strings.Contains(err.Error(), "migration 2 (broken): disk says no") {
		t.Fatalf("OpenStore with failing migration: err = %v", err)
	}
	s := openTestStore(t, path, sectionMigrations[:1])
	if v, _ := s.SchemaVersion(); v != 1 {
		t.Errorf("SchemaVersion = %d after a failed migration 2, want 1", v)
	}
	s.View(func(tx *bbolt.Tx) error {
		if tx.Bucket([]byte("half-done")) != nil {
			t.Error("failed migration left its bucket behind")
		}
		return nil
	})
}

func TestOpenStoreRefusesNewerFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scoring.db")
	s, err := OpenStore(path, sectionMigrations)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()

	_, err = OpenStore(path, sectionMigrations[:1])
	if err == nil || !strings.Contains(err.Error(), "schema version 2") || !strings.Contains(err.Error(), "newer Director") {
		t.Fatalf("OpenStore of a newer file: err = %v, want a refusal naming version 2 and a newer Director", err)
	}
	// The refusal must release the file.
	openTestStore(t, path, sectionMigrations)
}

func TestOpenStoreRejectsBadMigrationLists(t *testing.T) {
	noop := func(*bbolt.Tx) error { return nil }
	tests := []struct {
		name       string
		migrations []Migration
		want       string
	}{
		{"gap", []Migration{{1, "a", noop}, {3, "c", noop}}, `migration "c" is numbered 3 at position 2`},
		{"starts at zero", []Migration{{0, "a", noop}}, `numbered 0 at position 1`},
		{"out of order", []Migration{{2, "b", noop}, {1, "a", noop}}, `numbered 2 at position 1`},
		{"no apply", []Migration{{1, "a", nil}}, "migration 1 needs a name and an Apply function"},
		{"no name", []Migration{{1, "", noop}}, "migration 1 needs a name and an Apply function"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "scoring.db")
			_, err := OpenStore(path, tt.migrations)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestOpenStoreTimesOutWhenFileIsHeld(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scoring.db")
	openTestStore(t, path, nil)

	_, err := OpenStore(path, nil, WithOpenTimeout(100*time.Millisecond))
	if !errors.Is(err, ErrStoreHeld) || !strings.Contains(err.Error(), "another Director holds the store "+path) {
		t.Fatalf("second OpenStore: err = %v, want \"another Director holds the store %s\"", err, path)
	}
}

func TestUint64KeySortsNumerically(t *testing.T) {
	nums := []uint64{0, 1, 9, 10, 255, 256, 1 << 32, 1<<64 - 1}
	for i := 1; i < len(nums); i++ {
		a, b := Uint64Key(nums[i-1]), Uint64Key(nums[i])
		if len(a) != 8 || bytes.Compare(a, b) >= 0 {
			t.Errorf("Uint64Key(%d) = %x does not sort before Uint64Key(%d) = %x", nums[i-1], a, nums[i], b)
		}
	}
}

func TestBucketPaths(t *testing.T) {
	s := openTestStore(t, filepath.Join(t.TempDir(), "movement.db"), nil)
	err := s.db.Update(func(tx *bbolt.Tx) error {
		b, err := createBucketAt(tx, "events", "events/club-night", "sessions")
		if err != nil {
			return err
		}
		if err := b.Put(Uint64Key(1), []byte("session 1")); err != nil {
			return err
		}
		if again, err := createBucketAt(tx, "events", "events/club-night", "sessions"); err != nil || again.Get(Uint64Key(1)) == nil {
			t.Errorf("CreateBucketAt on an existing path: bucket without the value, err %v", err)
		}
		if _, err := createBucketAt(tx); err == nil {
			t.Error("CreateBucketAt with no names: no error")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	s.View(func(tx *bbolt.Tx) error {
		if got := bucketAt(tx, "events", "events/club-night", "sessions").Get(Uint64Key(1)); string(got) != "session 1" {
			t.Errorf("BucketAt value = %q", got)
		}
		for _, path := range [][]string{{}, {"nothing"}, {"events", "events/other", "sessions"}} {
			if bucketAt(tx, path...) != nil {
				t.Errorf("bucketAt(%q) found a bucket", path)
			}
		}
		return nil
	})
}
