package platform

import (
	"encoding/binary"
	"fmt"

	"go.etcd.io/bbolt"
)

// Migration changes the layout of a store from schema version Version-1 to
// Version. Apply runs in its own write transaction, which also records the
// new version, so a migration is applied entirely or not at all.
type Migration struct {
	Version int
	Name    string
	Apply   func(tx *bbolt.Tx) error
}

func checkMigrations(migrations []Migration) error {
	for i, m := range migrations {
		if m.Version != i+1 {
			return fmt.Errorf("migration %q is numbered %d at position %d; migrations must be numbered 1..n in order without gaps", m.Name, m.Version, i+1)
		}
		if m.Name == "" || m.Apply == nil {
			return fmt.Errorf("migration %d needs a name and an Apply function", m.Version)
		}
	}
	return nil
}

// migrate creates the buckets platform owns, refuses a file from a newer
// Director, and applies the pending migrations one transaction each.
func (s *Store) migrate(migrations []Migration) error {
	var version uint64
	err := s.db.Update(func(tx *bbolt.Tx) error {
		meta, err := createBucketAt(tx, metaBucket)
		if err != nil {
			return err
		}
		if _, err := createBucketAt(tx, idempotencyBucket); err != nil {
			return err
		}
		version, err = readSchemaVersion(meta)
		return err
	})
	if err != nil {
		return fmt.Errorf("store %s: %w", s.path, err)
	}
	if version > uint64(len(migrations)) {
		return fmt.Errorf("store %s has schema version %d, but this Director knows versions up to %d: it was written by a newer Director", s.path, version, len(migrations))
	}
	for _, m := range migrations[version:] {
		err := s.db.Update(func(tx *bbolt.Tx) error {
			if err := m.Apply(tx); err != nil {
				return err
			}
			return tx.Bucket([]byte(metaBucket)).Put(schemaVersionKey, Uint64Key(uint64(m.Version)))
		})
		if err != nil {
			return fmt.Errorf("store %s: migration %d (%s): %w", s.path, m.Version, m.Name, err)
		}
	}
	return nil
}

// SchemaVersion returns the number of the last migration applied to the store.
func (s *Store) SchemaVersion() (int, error) {
	var version uint64
	err := s.View(func(tx *bbolt.Tx) error {
		var err error
		version, err = readSchemaVersion(tx.Bucket([]byte(metaBucket)))
		return err
	})
	return int(version), err
}

func readSchemaVersion(meta *bbolt.Bucket) (uint64, error) {
	v := meta.Get(schemaVersionKey)
	switch len(v) {
	case 0:
		return 0, nil
	case 8:
		return binary.BigEndian.Uint64(v), nil
	default:
		return 0, fmt.Errorf("meta/schema_version holds %d bytes, want 8", len(v))
	}
}
