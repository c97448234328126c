package platform

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Store is one service's bbolt file, opened with its schema up to date.
type Store struct {
	db        *bbolt.DB
	commits   *committer
	path      string
	now       func() time.Time
	stopSweep chan struct{}
	swept     chan struct{}
	closeOnce sync.Once
	closeErr  error
	// watches wakes the watchers of the change feed (feed.go).
	watches watches
}

// StoreOption changes how OpenStore opens a store.
type StoreOption func(*storeOptions)

type storeOptions struct {
	openTimeout time.Duration
	maxBatch    int
	retention   time.Duration
	sweepEvery  time.Duration
	now         func() time.Time
}

// WithOpenTimeout sets how long OpenStore waits for another process to
// release the file (default 2s).
func WithOpenTimeout(d time.Duration) StoreOption {
	return func(o *storeOptions) { o.openTimeout = d }
}

// WithMaxBatch caps how many concurrent writes Mutate commits in one
// transaction (default 1000).
func WithMaxBatch(n int) StoreOption {
	return func(o *storeOptions) { o.maxBatch = n }
}

// WithRetention sets how long the answers kept for retries by request_id are
// kept (default a week), and how often the old ones are deleted (default
// hourly). A request retried after that runs again; a result resent by a
// terminal still gets the stored result, by its slot.
func WithRetention(keep, sweepEvery time.Duration) StoreOption {
	return func(o *storeOptions) { o.retention, o.sweepEvery = keep, sweepEvery }
}

// WithClock sets the clock that stamps idempotency records (default time.Now).
func WithClock(now func() time.Time) StoreOption {
	return func(o *storeOptions) { o.now = now }
}

var (
	metaBucket        = "meta"
	schemaVersionKey  = []byte("schema_version")
	idempotencyBucket = "idempotency"
)

// OpenStore opens (creating it and its directory if needed) the bbolt file at
// path and applies the migrations it has not seen yet. Migrations must be
// numbered 1..n in order. OpenStore refuses a file written by a newer
// Director and a file that is empty, cut short or not a store at all, saying
// which and what to do, and fails after a timeout when another process holds
// the file.
func OpenStore(path string, migrations []Migration, opts ...StoreOption) (*Store, error) {
	o := storeOptions{openTimeout: 2 * time.Second, maxBatch: 1000, retention: 7 * 24 * time.Hour, sweepEvery: time.Hour, now: time.Now}
	for _, opt := range opts {
		opt(&o)
	}
	if err := checkMigrations(migrations); err != nil {
		return nil, err
	}
	if o.maxBatch < 1 {
		return nil, fmt.Errorf("a batch of %d writes: want at least 1", o.maxBatch)
	}
	if o.retention <= 0 || o.sweepEvery <= 0 {
		return nil, fmt.Errorf("keeping answers %s and sweeping every %s: both must be positive", o.retention, o.sweepEvery)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("create directory for store: %w", err)
	}
	db, err := openBolt(path, false, o.openTimeout)
	if err != nil {
		return nil, err
	}
	warnDamagedMeta(path, db)
	removeStaleBackups(path)
	s := &Store{db: db, path: path, now: o.now}
	if err := s.migrate(migrations); err != nil {
		db.Close()
		return nil, err
	}
	s.commits = startCommitter(db, o.maxBatch)
	s.stopSweep, s.swept = make(chan struct{}), make(chan struct{})
	go s.sweep(o.retention, o.sweepEvery)
	return s, nil
}

// warnDamagedMeta logs a damaged meta page of the store at path: bbolt
// opens the store at the other one, so it serves, but its last transaction
// may be lost, which only the director can tell.
func warnDamagedMeta(path string, db *bbolt.DB) {
	c := StoreCheck{File: filepath.Base(path)}
	c.metaPages(path, db.Info().PageSize)
	for _, p := range c.Problems {
		slog.Warn(p + "; if the last change made before Director stopped is missing, restore the store from a backup")
	}
}

// ErrStoreHeld is the error of opening a store that another process (a
// running Director) holds.
var ErrStoreHeld = errors.New("another Director holds the store")

// openBolt opens the bbolt file at path, refusing a damaged one. With
// readOnly it takes a shared lock (writers wait) and never creates the file;
// otherwise it creates a missing file and takes the lock for itself.
//
// bbolt maps the file into memory and trusts its meta page about how long
// the file is: touching a page past the end of a truncated file kills the
// process with SIGBUS, and bbolt opened for writing reads its free list at
// once. So the file is first opened read-only, which reads only the two meta
// pages, and its length compared with the end of the last transaction before
// any other page is touched.
func openBolt(path string, readOnly bool, timeout time.Duration) (*bbolt.DB, error) {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !readOnly:
		if err := createBolt(path, timeout); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, fmt.Errorf("open store: %w", err)
	case info.Size() == 0:
		return nil, damagedStore(path, "it is empty (0 bytes), so the data it held is gone")
	}
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{ReadOnly: true, Timeout: timeout})
	if err != nil {
		return nil, openError(path, timeout, err)
	}
	if err := checkLength(db, path); err != nil || readOnly {
		if err != nil {
			db.Close()
		}
		return db, err
	}
	if err := db.Close(); err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	db, err = bbolt.Open(path, 0o600, &bbolt.Options{Timeout: timeout})
	if err != nil {
		return nil, openError(path, timeout, err)
	}
	return db, nil
}

// checkLength refuses a file shorter than its last transaction says it is.
// It reads only the meta page.
func checkLength(db *bbolt.DB, path string) error {
	var want int64
	db.View(func(tx *bbolt.Tx) error {
		want = tx.Size()
		return nil
	})
	info, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("open store: %w", err)
	}
	if info.Size() < want {
		return damagedStore(path, fmt.Sprintf("it is %d bytes long, but its last transaction ends at byte %d: the file was cut short (a full disk, or an incomplete copy)", info.Size(), want))
	}
	return nil
}

// createBolt makes a new, empty store at path, whole or not at all: bbolt
// writes the first pages of a new file after creating it, and a crash in
// between would leave an empty file, which openBolt refuses.
func createBolt(path string, timeout time.Duration) error {
	tmp := path + ".new"
	if err := os.Remove(tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("create store %s: %w", path, err)
	}
	db, err := bbolt.Open(tmp, 0o600, &bbolt.Options{Timeout: timeout})
	if err != nil {
		return fmt.Errorf("create store %s: %w", path, err)
	}
	if err := db.Close(); err != nil {
		return fmt.Errorf("create store %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("create store %s: %w", path, err)
	}
	dir, err := os.Open(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("create store %s: %w", path, err)
	}
	defer dir.Close()
	if err := dir.Sync(); err != nil {
		return fmt.Errorf("create store %s: sync directory: %w", path, err)
	}
	return nil
}

// openError explains why bbolt could not open the file at path.
func openError(path string, timeout time.Duration, err error) error {
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return fmt.Errorf("%w %s (waited %s for its lock)", ErrStoreHeld, path, timeout)
	case errors.Is(err, berrors.ErrInvalid):
		return damagedStore(path, "it is not a bbolt store: its meta pages are missing or overwritten")
	case errors.Is(err, berrors.ErrChecksum):
		return damagedStore(path, "both of its meta pages fail their checksum")
	case errors.Is(err, berrors.ErrVersionMismatch):
		return damagedStore(path, "its meta pages carry a bbolt format version this Director cannot read")
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("open store: %w", err)
	}
	return damagedStore(path, fmt.Sprintf("bbolt cannot read it (%v)", err))
}

// damagedStore says that the store at path cannot be opened, why, and what
// to do.
func damagedStore(path, why string) error {
	return fmt.Errorf("store %s is damaged: %s. Restore it from a backup, or move it aside to start this service with no data", path, why)
}

// sweep deletes old idempotency records every interval until Close.
func (s *Store) sweep(keep, every time.Duration) {
	defer close(s.swept)
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			// A failed sweep leaves the records for the next one.
			s.SweepIdempotency(s.now().Add(-keep))
		case <-s.stopSweep:
			return
		}
	}
}

// Close commits the writes under way and closes the file; later writes are
// Unavailable. Closing again does nothing.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		close(s.stopSweep)
		<-s.swept
		s.commits.close()
		s.closeErr = s.db.Close()
	})
	return s.closeErr
}

// View runs fn in a read-only transaction. Byte slices read in fn are valid
// only until fn returns; copy what you keep.
func (s *Store) View(fn func(tx *bbolt.Tx) error) error {
	return s.db.View(fn)
}

// Uint64Key encodes n as 8 bytes big-endian, so that a cursor walks numeric
// keys in order.
func Uint64Key(n uint64) []byte {
	return binary.BigEndian.AppendUint64(nil, n)
}

// bucketAt returns the bucket at the nested path of names, or nil if one of
// them does not exist.
func bucketAt(tx *bbolt.Tx, names ...string) *bbolt.Bucket {
	if len(names) == 0 {
		return nil
	}
	b := tx.Bucket([]byte(names[0]))
	for _, name := range names[1:] {
		if b == nil {
			return nil
		}
		b = b.Bucket([]byte(name))
	}
	return b
}

// createBucketAt returns the bucket at the nested path of names, creating the
// buckets that do not exist yet. tx must be writable.
func createBucketAt(tx *bbolt.Tx, names ...string) (*bbolt.Bucket, error) {
	if len(names) == 0 {
		return nil, errors.New("create bucket: empty path")
	}
	b, err := tx.CreateBucketIfNotExists([]byte(names[0]))
	for _, name := range names[1:] {
		if err != nil {
			break
		}
		b, err = b.CreateBucketIfNotExists([]byte(name))
	}
	if err != nil {
		return nil, fmt.Errorf("create bucket %q: %w", names, err)
	}
	return b, nil
}
