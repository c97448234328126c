package platform

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"go.etcd.io/bbolt"
)

// StoreCheck is what CheckStore found in one store file.
type StoreCheck struct {
	File          string // the file's base name, e.g. "scoring.db"
	SchemaVersion int
	Buckets       int  // buckets walked, nested ones included
	Records       int  // values verified
	Checksums     bool // false: the store predates checksums, so none were verified
	// Problems each name the file, and the bucket and key where they apply.
	Problems []string
}

// CheckStore opens the store at path read-only, runs bbolt's consistency
// check on it (every page reachable or free, none twice, keys in order) and
// verifies the checksum of every record. It returns an error only when the
// file cannot be checked at all: damaged past opening, or held by a running
// Director (bbolt lets a reader in only when no writer holds the file).
func CheckStore(path string, timeout time.Duration) (StoreCheck, error) {
	c := StoreCheck{File: filepath.Base(path)}
	db, err := openBolt(path, true, timeout)
	if err != nil {
		return c, err
	}
	defer db.Close()
	c.metaPages(path, db.Info().PageSize)
	err = db.View(func(tx *bbolt.Tx) error {
		if meta := tx.Bucket([]byte(metaBucket)); meta != nil {
			v, err := readSchemaVersion(meta)
			if err != nil {
				c.problem("%v", err)
			}
			c.SchemaVersion = int(v)
			c.Checksums = bytes.Equal(meta.Get(recordFormatKey), recordFormatChecksums)
		} else {
			c.problem("no meta bucket: this is not a Director store")
		}
		// The walk goes first: bbolt's check follows the same pages
		// without guarding against a page number that points outside
		// the file, which would end the process.
		if !c.walk(tx) {
			c.problem("bbolt consistency check skipped: its pages cannot be followed")
			return nil
		}
		for err := range tx.Check() {
			c.problem("bbolt consistency check: %v", err)
		}
		return nil
	})
	return c, err
}

// metaPages reports a damaged meta page. bbolt keeps two and opens a store
// at the newer of those that are whole, so one damaged page goes unnoticed
// otherwise; if it was the newer one, the last transaction is lost. The
// layout is bbolt's (format version 2): after the 16-byte page header, the
// meta's fields up to the transaction id, then their FNV-64a hash, in the
// machine's byte order.
func (c *StoreCheck) metaPages(path string, pageSize int) {
	f, err := os.Open(path)
	if err != nil {
		c.problem("%v", err)
		return
	}
	defer f.Close()
	for page := range 2 {
		meta := make([]byte, 64)
		if _, err := f.ReadAt(meta, int64(page*pageSize+16)); err != nil {
			c.problem("meta page %d: %v", page, err)
			continue
		}
		h := fnv.New64a()
		h.Write(meta[:56])
		if h.Sum64() != binary.NativeEndian.Uint64(meta[56:]) {
			c.problem("meta page %d is damaged: bbolt opened the store at the other one, and the last transaction may be lost", page)
		}
	}
}

func (c *StoreCheck) problem(format string, args ...any) {
	c.Problems = append(c.Problems, c.File+": "+fmt.Sprintf(format, args...))
}

// walk verifies every record in every bucket but meta, and reports whether
// it could read them all. A damaged page can make bbolt panic or read
// outside the file; both are reported instead of ending the check.
func (c *StoreCheck) walk(tx *bbolt.Tx) (ok bool) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			c.problem("reading the records failed (%v): the file is damaged", r)
			ok = false
		}
	}()
	tx.ForEach(func(name []byte, b *bbolt.Bucket) error {
		if string(name) != metaBucket {
			c.walkBucket(string(name), b)
		}
		return nil
	})
	return true
}

func (c *StoreCheck) walkBucket(path string, b *bbolt.Bucket) {
	c.Buckets++
	b.ForEach(func(k, v []byte) error {
		if v == nil {
			c.walkBucket(path+"/"+string(k), b.Bucket(k))
			return nil
		}
		c.Records++
		if !c.Checksums {
			return nil
		}
		if _, err := decodeRecord(v); err != nil {
			c.problem("the record at %s key %s is damaged: %v", path, KeyString(k), err)
		}
		return nil
	})
}
