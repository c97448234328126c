package platform

import (
	"cmp"
	"context"
	"crypto/rand"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/types/known/wrapperspb"

	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// The state of a store of a venue's or a federation's Director (package
// github.com/bridge-director/director/services/venues carries it over
// NATS): bucket "venue" holds the store's incarnation, a random id made
// once with the store, so that a venue whose store is made again numbers
// its records from 1 under a new one and the federation, which applied
// the old one's, tells them apart; and, in sub-buckets the service names,
// the cursors of its relays and the marks of what it applied.
var (
	venueBucket    = []byte("venue")
	incarnationKey = []byte("incarnation")
)

// CreateVenueBucket makes, in tx, bucket "venue" with the sub-buckets
// named, and the store's incarnation if it has none: a service's migration
// to a store of venues.
func CreateVenueBucket(tx *bbolt.Tx, subBuckets ...[]byte) error {
	v, err := tx.CreateBucketIfNotExists(venueBucket)
	if err != nil {
		return err
	}
	for _, b := range subBuckets {
		if _, err := v.CreateBucketIfNotExists(b); err != nil {
			return err
		}
	}
	if v.Get(incarnationKey) != nil {
		return nil
	}
	return putIncarnation(v)
}

// putIncarnation gives bucket "venue" v a new incarnation.
func putIncarnation(v *bbolt.Bucket) error {
	return PutMessage(v, incarnationKey, wrapperspb.String(strings.ToLower(rand.Text()[:16])))
}

// VenueBucket is, in tx, sub-bucket sub of bucket "venue".
func VenueBucket(tx *bbolt.Tx, sub []byte) *bbolt.Bucket {
	return tx.Bucket(venueBucket).Bucket(sub)
}

// Incarnation is the id of the store's incarnation (CreateVenueBucket).
func (s *Store) Incarnation() (string, error) {
	v := &wrapperspb.StringValue{}
	err := s.View(func(tx *bbolt.Tx) error {
		ok, err := GetMessage(tx.Bucket(venueBucket), "venue", incarnationKey, v)
		if err == nil && !ok {
			err = fmt.Errorf("%s has no incarnation", filepath.Base(s.path))
		}
		return err
	})
	return v.GetValue(), err
}

// VenueCursor is the cursor kept at key in sub-bucket sub of bucket
// "venue": how far a relay's records were acknowledged.
func (s *Store) VenueCursor(sub []byte, key string) (uint64, error) {
	v := &wrapperspb.UInt64Value{}
	err := s.View(func(tx *bbolt.Tx) error {
		_, err := GetMessage(VenueBucket(tx, sub), "venue/"+string(sub), []byte(key), v)
		return err
	})
	return v.GetValue(), err
}

// SetVenueCursor moves the cursor kept at key in sub-bucket sub of bucket
// "venue" to seq; a cursor never goes back.
func (s *Store) SetVenueCursor(ctx context.Context, sub []byte, key string, seq uint64) error {
	return s.Mutate(ctx, "", "", nil, nil, func(tx *bbolt.Tx) error {
		b := VenueBucket(tx, sub)
		v := &wrapperspb.UInt64Value{}
		if _, err := GetMessage(b, "venue/"+string(sub), []byte(key), v); err != nil {
			return err
		}
		if seq <= v.GetValue() {
			return nil
		}
		return PutMessage(b, []byte(key), wrapperspb.UInt64(seq))
	})
}

// BySequence is a copy of changes in the order of their sequence numbers.
func BySequence(changes []*typev1.Change) []*typev1.Change {
	changes = slices.Clone(changes)
	slices.SortFunc(changes, func(a, b *typev1.Change) int { return cmp.Compare(a.GetSequence(), b.GetSequence()) })
	return changes
}

// ApplyInOrder applies records of a queue exactly once and in order, in
// one transaction with their mark, the last applied, kept at key in
// sub-bucket marks of bucket "venue": of the records numbered seqs (in
// order), those at or below the mark are skipped, the next ones applied
// with apply (given the record's index) while each follows the one
// before, and a record past the next is a gap that waits. It returns the
// mark.
func (s *Store) ApplyInOrder(ctx context.Context, marks []byte, key string, seqs []uint64, apply func(tx *bbolt.Tx, i int) error) (uint64, error) {
	var mark uint64
	err := s.Mutate(ctx, "", "", nil, nil, func(tx *bbolt.Tx) error {
		b := VenueBucket(tx, marks)
		v := &wrapperspb.UInt64Value{}
		if _, err := GetMessage(b, "venue/"+string(marks), []byte(key), v); err != nil {
			return err
		}
		mark = v.GetValue()
		for i, seq := range seqs {
			if seq <= mark {
				continue
			}
			if seq != mark+1 {
				break
			}
			if err := apply(tx, i); err != nil {
				return err
			}
			mark = seq
		}
		return PutMessage(b, []byte(key), wrapperspb.UInt64(mark))
	})
	return mark, err
}

// Sequences lists the sequence numbers of changes.
func Sequences(changes []*typev1.Change) []uint64 {
	out := make([]uint64, len(changes))
	for i, c := range changes {
		out[i] = c.GetSequence()
	}
	return out
}

// RenewIncarnation gives the store in the file at path, a copy restored
// from a backup and not yet in use, a new incarnation and sends its relays
// back to the start (every sub-bucket of bucket "venue" whose name begins
// with "relayed" holds a relay's cursors), and reports whether it is a
// store of venues at all. A venue restored from a backup would otherwise
// number new records as records it had relayed after the backup, which
// the federation takes for those and skips; under a new incarnation it
// sends its records again from the first, which the federation applies
// once and which change nothing it holds already. What the store applied
// of others (its marks) stays.
func RenewIncarnation(path string) (bool, error) {
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{Timeout: time.Second})
	if err != nil {
		return false, err
	}
	defer db.Close()
	renewed := false
	err = db.Update(func(tx *bbolt.Tx) error {
		v := tx.Bucket(venueBucket)
		if v == nil {
			return nil
		}
		var relays [][]byte
		err := v.ForEachBucket(func(name []byte) error {
			if strings.HasPrefix(string(name), "relayed") {
				relays = append(relays, slices.Clone(name))
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, name := range relays {
			if err := v.DeleteBucket(name); err != nil {
				return err
			}
			if _, err := v.CreateBucket(name); err != nil {
				return err
			}
		}
		renewed = true
		return putIncarnation(v)
	})
	return renewed, err
}
