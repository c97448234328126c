package platform

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"go.etcd.io/bbolt"
)

// TestCommitterIsolatesAFailedWrite sends many writes at once, some failing:
// each failure gets its own error and writes nothing, and every other write
// lands, however the committer grouped them.
func TestCommitterIsolatesAFailedWrite(t *testing.T) {
	s, err := OpenStore(filepath.Join(t.TempDir(), "commit.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const writes = 200
	errs := make([]error, writes)
	var wg sync.WaitGroup
	for i := range writes {
		wg.Go(func() {
			errs[i] = s.batch(func(tx *bbolt.Tx) error {
				b, err := tx.CreateBucketIfNotExists([]byte("boards"))
				if err != nil {
					return err
				}
				if err := b.Put([]byte(fmt.Sprint(i)), []byte("played")); err != nil {
					return err
				}
				if i%7 == 0 {
					return fmt.Errorf("write %d refused", i)
				}
				return nil
			})
		})
	}
	wg.Wait()
	err = s.View(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte("boards"))
		for i := range writes {
			stored := b.Get([]byte(fmt.Sprint(i))) != nil
			if i%7 == 0 {
				if errs[i] == nil || errs[i].Error() != fmt.Sprintf("write %d refused", i) || stored {
					t.Errorf("write %d: err %v, stored %v; want its own error and nothing stored", i, errs[i], stored)
				}
			} else if errs[i] != nil || !stored {
				t.Errorf("write %d: err %v, stored %v; want it stored", i, errs[i], stored)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestCommitterRaisesAPanicInItsCaller checks that a write that panics
// panics in the goroutine that sent it, and the store keeps committing.
func TestCommitterRaisesAPanicInItsCaller(t *testing.T) {
	s, err := OpenStore(filepath.Join(t.TempDir(), "commit.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	func() {
		defer func() {
			r := recover()
			if r == nil || !strings.Contains(fmt.Sprint(r), "board 13 exploded") {
				t.Errorf("recovered %v, want the write's panic", r)
			}
		}()
		s.batch(func(tx *bbolt.Tx) error { panic("board 13 exploded") })
	}()
	sentinel := errors.New("still committing")
	if err := s.batch(func(tx *bbolt.Tx) error { return sentinel }); err != sentinel {
		t.Errorf("after a panic: %v, want the next write to run", err)
	}
}
