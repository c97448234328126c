package platform

import (
	"encoding/binary"
	"errors"
	"fmt"
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
// Director, and fails after a timeout when another process holds the file.
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
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{Timeout: o.openTimeout})
	if errors.Is(err, berrors.ErrTimeout) {
		return nil, fmt.Errorf("another Director holds %s (waited %s for its lock)", path, o.openTimeout)
	}
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
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
