package platform

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// Mutate runs one write and returns only once it is on disk (fsync on
// commit), so a service may answer its client as soon as Mutate returns.
//
// When requestID is not empty, the write is idempotent: the first successful
// call stores resp under (method, event, caller, requestID) in the same
// transaction as the write, and a later call with the same request
// (compared with its request_id field cleared) gets that stored response in
// resp without fn running. A later call that reuses the request ID for a
// different request gets AlreadyExists. The caller and the event are those
// the replay interceptor put in ctx (empty without it): the same request ID
// from another caller, or for another event, is another request. The
// interceptor answers most retries before the handler runs; Mutate answers
// those that race the first attempt.
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
	sc := scopeOf(ctx)
	fp, looked, err := sc.fingerprint(req)
	if err != nil {
		return err
	}
	key := sc.recordKey(requestID)
	// Answer retries without joining a write batch: an error from inside a
	// batch makes the rest of the batch run again. The replay interceptor
	// has looked already for most requests.
	if !looked {
		var replayed bool
		viewErr := s.View(func(tx *bbolt.Tx) error {
			var err error
			replayed, err = replay(tx, method, key, fp, resp)
			return err
		})
		if viewErr != nil || replayed {
			return viewErr
		}
	}
	return s.batch(func(tx *bbolt.Tx) error {
		// A retry may have arrived while the first attempt was in flight.
		replayed, err := replay(tx, method, key, fp, resp)
		if err != nil || replayed {
			return err
		}
		proto.Reset(resp)
		if err := fn(tx); err != nil {
			return err
		}
		return s.putRecord(tx, method, key, fp, resp)
	})
}

// Reanswer replaces the answer kept for a request already made (requestID
// in ctx's scope) with resp, for a change whose outcome completes after its
// write (a ruling delivered to scoring), so that a retry is answered what
// the first caller was told. It does nothing without a request ID.
func (s *Store) Reanswer(ctx context.Context, method, requestID string, req, resp proto.Message) error {
	if requestID == "" {
		return nil
	}
	sc := scopeOf(ctx)
	fp, _, err := sc.fingerprint(req)
	if err != nil {
		return err
	}
	key := sc.recordKey(requestID)
	return s.batch(func(tx *bbolt.Tx) error { return s.putRecord(tx, method, key, fp, resp) })
}

// idempotencyScope is whose request IDs a call's are: its caller's (see
// Principal.idempotencyCaller, "" for an anonymous call) in the event its
// request names ("" for none). The replay interceptor also leaves in it the
// request it looked up and that request's fingerprint, so that Mutate
// neither hashes the request again nor looks a second time for an answer
// the interceptor found none of.
type idempotencyScope struct {
	caller, event string
	looked        proto.Message // the request the interceptor looked up; nil if none
	fp            []byte        // the fingerprint of looked
}

type idempotencyScopeKey struct{}

func scopeOf(ctx context.Context) idempotencyScope {
	sc, _ := ctx.Value(idempotencyScopeKey{}).(idempotencyScope)
	return sc
}

// fingerprint is the fingerprint of req, and whether the interceptor has
// looked up req's answer already.
func (sc idempotencyScope) fingerprint(req proto.Message) ([]byte, bool, error) {
	if sc.looked != nil && sc.looked == req {
		return sc.fp, true, nil
	}
	fp, err := fingerprint(req)
	return fp, false, err
}

// recordKey is the key of the answer to requestID in the scope:
// <event> 0x00 <caller> 0x00 <request_id>. Neither a request ID nor a
// caller's name holds a 0x00 byte, so a key reads back from its end.
func (sc idempotencyScope) recordKey(requestID string) []byte {
	return []byte(sc.event + "\x00" + sc.caller + "\x00" + requestID)
}

// MethodStores maps every method of the services' policies to the store of
// the service that owns it, for the replay interceptor.
func MethodStores(services ...Service) map[string]*Store {
	stores := map[string]*Store{}
	for _, s := range services {
		for method := range s.Policy() {
			stores[method] = s.Store()
		}
	}
	return stores
}

// replayUnary answers a request that carries a request_id already answered,
// in the caller's scope, with the stored answer before the handler runs (so
// that a retried change is not refused by a check of the state it made), and
// puts the scope in the context for Mutate. Methods without a store run as
// they are.
func replayUnary(policy Policy, stores map[string]*Store) grpc.UnaryServerInterceptor {
	responses := responseTypes(stores)
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		store, m := stores[info.FullMethod], asMessage(req)
		if store == nil || m == nil {
			return handler(ctx, req)
		}
		var sc idempotencyScope
		if p, ok := PrincipalFrom(ctx); ok {
			sc.caller = p.idempotencyCaller()
		}
		sc.event = eventOfRequest(policy[info.FullMethod], req)
		id, respType := requestIDOf(m), responses[info.FullMethod]
		if id == "" || respType == nil {
			return handler(context.WithValue(ctx, idempotencyScopeKey{}, sc), req)
		}
		fp, err := fingerprint(m)
		if err != nil {
			return nil, err
		}
		resp := respType.New().Interface()
		var replayed bool
		err = store.View(func(tx *bbolt.Tx) error {
			replayed, err = replay(tx, info.FullMethod, sc.recordKey(id), fp, resp)
			return err
		})
		if err != nil || replayed {
			return resp, err
		}
		sc.looked, sc.fp = m, fp
		return handler(context.WithValue(ctx, idempotencyScopeKey{}, sc), req)
	}
}

func asMessage(req any) proto.Message {
	m, _ := req.(proto.Message)
	return m
}

// requestIDOf returns the request_id of m, "" when it has none.
func requestIDOf(m proto.Message) string {
	r := m.ProtoReflect()
	if fd := requestIDField(r.Descriptor()); fd != nil {
		return r.Get(fd).String()
	}
	return ""
}

// responseTypes finds the response type of each gRPC method of stores once,
// leaving out those whose descriptor is not registered.
func responseTypes(stores map[string]*Store) map[string]protoreflect.MessageType {
	types := map[string]protoreflect.MessageType{}
	for method := range stores {
		if mt := responseType(method); mt != nil {
			types[method] = mt
		}
	}
	return types
}

// responseType is the response type of the gRPC method ("/pkg.Service/
// Method"), or nil when its descriptor is not registered.
func responseType(method string) protoreflect.MessageType {
	service, name, ok := strings.Cut(strings.TrimPrefix(method, "/"), "/")
	if !ok {
		return nil
	}
	d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(service))
	sd, isService := d.(protoreflect.ServiceDescriptor)
	if err != nil || !isService || sd.Methods().ByName(protoreflect.Name(name)) == nil {
		return nil
	}
	mt, err := protoregistry.GlobalTypes.FindMessageByName(sd.Methods().ByName(protoreflect.Name(name)).Output().FullName())
	if err != nil {
		return nil
	}
	return mt
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

// replay fills resp from the stored record of (method, key) and reports
// whether there was one.
func replay(tx *bbolt.Tx, method string, key, fp []byte, resp proto.Message) (bool, error) {
	b := bucketAt(tx, idempotencyBucket, method)
	if b == nil {
		return false, nil
	}
	v := b.Get(key)
	if v == nil {
		return false, nil
	}
	requestID := key[bytes.LastIndexByte(key, 0)+1:]
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

func (s *Store) putRecord(tx *bbolt.Tx, method string, key, fp []byte, resp proto.Message) error {
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
	return b.Put(key, encodeRecord(rec))
}

// SweepIdempotency deletes the idempotency records created before olderThan
// and the damaged ones (no retry can be answered from them), and returns how
// many it deleted. A request retried after its record is swept runs again.
// It goes through the group committer a chunk at a time (sweepChunkSize
// records looked at per transaction), so the writes of the services wait for one
// chunk at most, never for a week's records.
func (s *Store) SweepIdempotency(olderThan time.Time) (int, error) {
	deleted := 0
	var from sweepPos
	for {
		var n int
		var next sweepPos
		err := s.batch(func(tx *bbolt.Tx) error {
			var err error
			n, next, err = sweepChunk(tx, olderThan.UnixNano(), from, sweepChunkSize)
			return err
		})
		if err != nil {
			return deleted, fmt.Errorf("sweep idempotency records: %w", err)
		}
		deleted += n
		if next.method == nil {
			return deleted, nil
		}
		from = next
	}
}

// sweepChunkSize is how many records one transaction of a sweep looks at,
// so that a sweep holds the writer for a short while at a time (about a
// millisecond per chunk, its commit included: BenchmarkSweepChunk).
const sweepChunkSize = 1000

// sweepPos is where a sweep goes on: at key (the first not yet looked at)
// in the records of method; the zero value is the start.
type sweepPos struct{ method, key []byte }

// sweepChunk looks at up to limit idempotency records from from on, deletes
// those created before cutoff and the damaged ones, and returns how many it
// deleted and where the next chunk starts (the zero position when no
// record is left to look at).
func sweepChunk(tx *bbolt.Tx, cutoff int64, from sweepPos, limit int) (int, sweepPos, error) {
	root := tx.Bucket([]byte(idempotencyBucket))
	if root == nil {
		return 0, sweepPos{}, nil
	}
	type doomed struct {
		b   *bbolt.Bucket
		key []byte
	}
	var old []doomed
	var next sweepPos
	seen := 0
	methods := root.Cursor()
	method, v := methods.First()
	if from.method != nil {
		method, v = methods.Seek(from.method)
	}
walk:
	for ; method != nil; method, v = methods.Next() {
		if v != nil {
			continue // not a method's bucket
		}
		b := root.Bucket(method)
		c := b.Cursor()
		k, rec := c.First()
		if from.method != nil && bytes.Equal(method, from.method) {
			k, rec = c.Seek(from.key)
		}
		for ; k != nil; k, rec = c.Next() {
			if seen == limit {
				next = sweepPos{method: bytes.Clone(method), key: bytes.Clone(k)}
				break walk
			}
			seen++
			payload, err := decodeRecord(rec)
			if err != nil || len(payload) < 8 || int64(binary.BigEndian.Uint64(payload)) < cutoff {
				old = append(old, doomed{b, bytes.Clone(k)})
			}
		}
	}
	for _, d := range old {
		if err := d.b.Delete(d.key); err != nil {
			return 0, sweepPos{}, err
		}
	}
	return len(old), next, nil
}
