package platform

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"path/filepath"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// Mutate runs one write and returns only once it is on disk (fsync on
// commit), so a service may answer its client as soon as Mutate returns.
//
// When requestID is not empty, the write is idempotent: the first successful
// call stores resp under (method, requestID) in the same transaction as the
// write, and a later call with the same request (compared with its
// request_id field cleared) gets that stored response in resp without fn
// running. A later call that reuses the request ID for a different request
// gets AlreadyExists.
//
// fn makes the change and fills resp. Concurrent calls are committed
// together (see committer), so fn may run more than once: it must touch only
// tx and resp, and do everything else after Mutate returns. resp is reset
// before each run. An error from fn rolls back everything fn wrote and is
// returned unchanged.
func (s *Store) Mutate(ctx context.Context, method, requestID string, req, resp proto.Message, fn func(tx *bbolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return status.FromContextError(err).Err()
	}
	if requestID == "" {
		return s.batch(func(tx *bbolt.Tx) error {
			if resp != nil {
				proto.Reset(resp)
			}
			return fn(tx)
		})
	}
	if method == "" || req == nil || resp == nil {
		return status.Error(codes.Internal, "idempotent write needs a method, a request and a response")
	}
	fp, err := fingerprint(req)
	if err != nil {
		return err
	}
	// Answer retries without joining a write batch: an error from inside a
	// batch makes the rest of the batch run again.
	var replayed bool
	viewErr := s.View(func(tx *bbolt.Tx) error {
		var err error
		replayed, err = replay(tx, method, requestID, fp, resp)
		return err
	})
	if viewErr != nil || replayed {
		return viewErr
	}
	return s.batch(func(tx *bbolt.Tx) error {
		// A retry may have arrived while the first attempt was in flight.
		replayed, err := replay(tx, method, requestID, fp, resp)
		if err != nil || replayed {
			return err
		}
		proto.Reset(resp)
		if err := fn(tx); err != nil {
			return err
		}
		return s.putRecord(tx, method, requestID, fp, resp)
	})
}

// batch runs fn in a group commit and returns fn's error unchanged; other
// errors (the disk, the file) are Internal.
func (s *Store) batch(fn func(tx *bbolt.Tx) error) error {
	return s.commits.do(fn)
}

// fingerprint hashes the deterministic encoding of req without its
// request_id, so that a retry matches the first attempt.
func fingerprint(req proto.Message) ([]byte, error) {
	clone := proto.Clone(req)
	m := clone.ProtoReflect()
	if fd := requestIDField(m.Descriptor()); fd != nil {
		m.Clear(fd)
	}
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(clone)
	if err != nil {
		return nil, status.Errorf(codes.Internal, "fingerprint request: %v", err)
	}
	sum := sha256.Sum256(b)
	return sum[:], nil
}

const recordHeaderLen = 8 + sha256.Size

// replay fills resp from the stored record of (method, requestID) and reports
// whether there was one.
func replay(tx *bbolt.Tx, method, requestID string, fp []byte, resp proto.Message) (bool, error) {
	b := bucketAt(tx, idempotencyBucket, method)
	if b == nil {
		return false, nil
	}
	v := b.Get([]byte(requestID))
	if v == nil {
		return false, nil
	}
	rec, err := decodeRecord(v)
	if err != nil {
		return false, status.Errorf(codes.DataLoss, "%s: the idempotency record %s %q is damaged (%v); run director check", filepath.Base(tx.DB().Path()), method, requestID, err)
	}
	if len(rec) < recordHeaderLen {
		return false, status.Errorf(codes.DataLoss, "idempotency record %s %q is %d bytes, shorter than its header", method, requestID, len(rec))
	}
	if !bytes.Equal(rec[8:recordHeaderLen], fp) {
		return false, AlreadyExists(fmt.Sprintf("request_id %s was already used for a different request", requestID), nil)
	}
	proto.Reset(resp)
	if err := proto.Unmarshal(rec[recordHeaderLen:], resp); err != nil {
		return false, status.Errorf(codes.DataLoss, "idempotency record %s %q: %v", method, requestID, err)
	}
	return true, nil
}

func (s *Store) putRecord(tx *bbolt.Tx, method, requestID string, fp []byte, resp proto.Message) error {
	body, err := proto.Marshal(resp)
	if err != nil {
		return status.Errorf(codes.Internal, "encode response of %s: %v", method, err)
	}
	b, err := createBucketAt(tx, idempotencyBucket, method)
	if err != nil {
		return err
	}
	rec := make([]byte, 0, recordHeaderLen+len(body))
	rec = binary.BigEndian.AppendUint64(rec, uint64(s.now().UnixNano()))
	rec = append(rec, fp...)
	rec = append(rec, body...)
	return b.Put([]byte(requestID), encodeRecord(rec))
}

// SweepIdempotency deletes the idempotency records created before olderThan
// and the damaged ones (no retry can be answered from them), and returns how
// many it deleted. A request retried after its record is swept runs again.
func (s *Store) SweepIdempotency(olderThan time.Time) (int, error) {
	cutoff := olderThan.UnixNano()
	deleted := 0
	err := s.db.Update(func(tx *bbolt.Tx) error {
		root := tx.Bucket([]byte(idempotencyBucket))
		return root.ForEachBucket(func(method []byte) error {
			b := root.Bucket(method)
			var old [][]byte
			err := b.ForEach(func(k, v []byte) error {
				rec, err := decodeRecord(v)
				if err != nil || len(rec) < 8 || int64(binary.BigEndian.Uint64(rec)) < cutoff {
					old = append(old, bytes.Clone(k))
				}
				return nil
			})
			if err != nil {
				return err
			}
			for _, k := range old {
				if err := b.Delete(k); err != nil {
					return err
				}
			}
			deleted += len(old)
			return nil
		})
	})
	if err != nil {
		return 0, fmt.Errorf("sweep idempotency records: %w", err)
	}
	return deleted, nil
}
