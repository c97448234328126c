package platform

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/anypb"
)

// The outbox carries a change that must reach another service: the service
// writes the call to make (Enqueue) in the same transaction as the change,
// and the store's Outbox delivers it, in order, until the peer answers. A
// crash between the two services' writes therefore neither loses the call
// (it is on disk with the change) nor doubles it (each call carries a
// request_id fixed when it was written, and the peer answers a redelivery
// from its idempotency records).

// The records wait in outbox/<peer>/<seq>; outbox_subjects/ indexes them by
// subject, so that OutboxPending reads a key or two, not every record.
var (
	outboxBucket         = "outbox"
	outboxSubjectsBucket = "outbox_subjects"
)

// OutboxMessage is one call to a peer that a change makes.
type OutboxMessage struct {
	// Peer is the service called ("scoring").
	Peer string
	// Method is the full gRPC method, e.g.
	// "/bridge.scoring.v1.ScoringService/ApplyPenalty".
	Method string
	// Request is the method's request; Enqueue sets its request_id.
	Request proto.Message
	// OnBehalfOf is the user who made the change: the call runs as this
	// service on their behalf.
	OnBehalfOf string
	// Subject is what the change was made to (a director call's name), and
	// Label which of its calls this is ("score"): the service settles the
	// outcome on them.
	Subject, Label string
	// Origin is the request_id of the request that made the change, if it
	// had one.
	Origin string
}

// OutboxKey names one pending record.
type OutboxKey struct {
	Peer string
	Seq  uint64
}

// Delivery is the outcome of one record, handed to the service's settle
// function in the transaction that removes the record.
type Delivery struct {
	OutboxMessage
	// Response is the peer's answer, when it accepted the call.
	Response proto.Message
	// Err is the peer's refusal, when it refused for good, or its last
	// error, when the outbox gave up on a record the peer kept failing to
	// process (see defaultOutboxLimits).
	Err error
}

// Enqueue writes m in tx as the next record of its peer's outbox and
// returns its key. The request_id it sets is derived from m.Origin, Subject
// and Label, so it is the same on every delivery and differs between
// changes (a random one when the change had no request_id).
func Enqueue(tx *bbolt.Tx, m OutboxMessage) (OutboxKey, error) {
	if strings.ContainsRune(m.Subject, 0) || strings.ContainsRune(m.Peer, 0) {
		return OutboxKey{}, status.Errorf(codes.Internal, "outbox: subject %q or peer %q holds a 0x00 byte", m.Subject, m.Peer)
	}
	req := proto.Clone(m.Request)
	fd := requestIDField(req.ProtoReflect().Descriptor())
	if fd == nil {
		return OutboxKey{}, status.Errorf(codes.Internal, "outbox: %s has no request_id", req.ProtoReflect().Descriptor().FullName())
	}
	id, err := outboxRequestID(m)
	if err != nil {
		return OutboxKey{}, err
	}
	req.ProtoReflect().Set(fd, protoreflect.ValueOfString(id))
	m.Request = req
	b, err := createBucketAt(tx, outboxBucket, m.Peer)
	if err != nil {
		return OutboxKey{}, err
	}
	seq, err := b.NextSequence()
	if err != nil {
		return OutboxKey{}, err
	}
	rec, err := encodeOutboxRecord(m, time.Now())
	if err != nil {
		return OutboxKey{}, err
	}
	key := OutboxKey{m.Peer, seq}
	if err := b.Put(Uint64Key(seq), rec); err != nil {
		return OutboxKey{}, err
	}
	subjects, err := outboxSubjects(tx)
	if err != nil {
		return OutboxKey{}, err
	}
	return key, subjects.Put(subjectKey(m.Subject, key), encodeRecord(nil))
}

// subjectKey is the key of a record in the subjects index:
// <subject> 0x00 <peer> 0x00 <seq u64 big-endian>. Neither a subject nor a
// peer holds a 0x00 byte (Enqueue refuses them), so the records of one
// subject are the keys that start with <subject> 0x00.
func subjectKey(subject string, k OutboxKey) []byte {
	b := append([]byte(subject), 0)
	b = append(b, k.Peer...)
	b = append(b, 0)
	return append(b, Uint64Key(k.Seq)...)
}

// outboxSubjects returns the subjects index for a write.
func outboxSubjects(tx *bbolt.Tx) (*bbolt.Bucket, error) {
	return tx.CreateBucketIfNotExists([]byte(outboxSubjectsBucket))
}

// removeOutboxRecord deletes the record k about subject, and its entry in
// the subjects index. The subject of a damaged record is not known: its
// entry, if it has one, is found by its end.
func removeOutboxRecord(tx *bbolt.Tx, k OutboxKey, subject string, damaged bool) error {
	if err := bucketAt(tx, outboxBucket, k.Peer).Delete(Uint64Key(k.Seq)); err != nil {
		return err
	}
	subjects, err := outboxSubjects(tx)
	if err != nil {
		return err
	}
	if !damaged {
		return subjects.Delete(subjectKey(subject, k))
	}
	end := subjectKey("", k)
	var entry []byte
	err = subjects.ForEach(func(key, _ []byte) error {
		if bytes.HasSuffix(key, end) {
			entry = bytes.Clone(key)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if entry == nil {
		return nil
	}
	return subjects.Delete(entry)
}

// outboxRequestID is "<label>-<32 hex digits>": within the request_id
// charset and far under its 128 characters, whatever the origin's length.
func outboxRequestID(m OutboxMessage) (string, error) {
	var sum []byte
	if m.Origin != "" {
		h := sha256.Sum256([]byte(m.Subject + "\x00" + m.Label + "\x00" + m.Origin))
		sum = h[:16]
	} else {
		sum = make([]byte, 16)
		if _, err := rand.Read(sum); err != nil {
			return "", status.Errorf(codes.Internal, "outbox: request id: %v", err)
		}
	}
	return m.Label + "-" + hex.EncodeToString(sum), nil
}

// OutboxPending reports whether a record about subject is still waiting.
// It reads the subjects index, which Enqueue keeps.
func OutboxPending(tx *bbolt.Tx, subject string) bool {
	subjects := tx.Bucket([]byte(outboxSubjectsBucket))
	if subjects == nil {
		return false
	}
	prefix := append([]byte(subject), 0)
	k, _ := subjects.Cursor().Seek(prefix)
	return k != nil && bytes.HasPrefix(k, prefix)
}

// Outbox delivers a store's pending records, one goroutine per store, from
// NewOutbox (so records a crash left behind go out after restart) to Close.
type Outbox struct {
	store   *Store
	service string
	settle  func(tx *bbolt.Tx, d Delivery) error
	logger  *slog.Logger
	limits  outboxLimits

	mu      sync.Mutex
	conns   map[string]grpc.ClientConnInterface
	failed  map[string]int // attempts that failed, by peer
	changed chan struct{}  // closed (and replaced) after each attempt
	wake    chan struct{}
	ctx     context.Context
	cancel  context.CancelFunc
	done    chan struct{}

	// broken counts, by peer, how often the record first in line failed
	// inside the peer; run's goroutine alone uses it.
	broken map[string]brokenRecord
}

type brokenRecord struct {
	seq      uint64
	failures int
}

// outboxLimits pace the deliveries and bound the attempts at a record that
// the peer fails to process.
type outboxLimits struct {
	minBackoff, maxBackoff time.Duration // between attempts to reach a peer that failed
	callLimit              time.Duration // for one call
	// A record that fails inside the peer (Internal, Unknown, Aborted)
	// this many times in a row, or that fails so when it is older than
	// maxAge, is settled as refused.
	attempts int
	maxAge   time.Duration
}

// Deliveries back off from 100 ms to 30 s between attempts, and one call
// may take 10 s. A record stands first in line, with every later record of
// its peer waiting behind it, so one the peer keeps failing to process is
// given up after 12 such failures: at the backoff's pace about two
// minutes, long enough for a peer's restart or a passing disk error, short
// enough that the rulings behind it reach the standings while the session is
// still being scored. The count starts again after a restart, which may be
// what cures it; a record older than a day is given up at its first such
// failure, so one that a peer fails in a crash loop does not block the
// queue for good. A peer that is down or busy (Unavailable,
// DeadlineExceeded, ResourceExhausted) or that does not accept this
// service's identity (Unauthenticated, PermissionDenied: its configuration
// is wrong, not the record) is retried without limit: the records wait for
// it to come back or to be fixed.
var defaultOutboxLimits = outboxLimits{
	minBackoff: 100 * time.Millisecond, maxBackoff: 30 * time.Second, callLimit: 10 * time.Second,
	attempts: 12, maxAge: 24 * time.Hour,
}

// NewOutbox starts delivering store's records as service. settle records
// each outcome in the transaction that removes its record: what the peer
// answered, or why it refused for good or was given up.
func NewOutbox(store *Store, service string, settle func(tx *bbolt.Tx, d Delivery) error) *Outbox {
	return newOutbox(store, service, settle, defaultOutboxLimits, slog.Default())
}

func newOutbox(store *Store, service string, settle func(tx *bbolt.Tx, d Delivery) error, limits outboxLimits, logger *slog.Logger) *Outbox {
	ctx, cancel := context.WithCancel(context.Background())
	o := &Outbox{
		store: store, service: service, settle: settle, logger: logger.With("service", service, "part", "outbox"), limits: limits,
		conns: map[string]grpc.ClientConnInterface{}, failed: map[string]int{}, changed: make(chan struct{}),
		wake: make(chan struct{}, 1), ctx: ctx, cancel: cancel, done: make(chan struct{}),
		broken: map[string]brokenRecord{},
	}
	go o.run()
	return o
}

// Connect gives the outbox its connection to peer and starts delivering
// what waits for it.
func (o *Outbox) Connect(peer string, conn grpc.ClientConnInterface) {
	o.mu.Lock()
	o.conns[peer] = conn
	o.mu.Unlock()
	o.Kick()
}

// Kick makes the deliverer look for records now.
func (o *Outbox) Kick() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// Close stops delivering; records not delivered stay for the next start.
func (o *Outbox) Close() {
	o.cancel()
	<-o.done
}

// Await has the records of keys delivered now, waits until they are, and
// reports whether they were. It gives up early, reporting false, when ctx
// ends, the outbox closes, or an attempt to reach one of their peers fails
// after Await began (the deliverer keeps trying; the caller need not wait
// for it).
func (o *Outbox) Await(ctx context.Context, keys ...OutboxKey) bool {
	o.mu.Lock()
	start := map[string]int{}
	for _, k := range keys {
		if o.conns[k.Peer] == nil {
			o.mu.Unlock()
			return false
		}
		start[k.Peer] = o.failed[k.Peer]
	}
	o.mu.Unlock()
	o.Kick()
	for {
		o.mu.Lock()
		changed := o.changed
		for peer, n := range start {
			if o.failed[peer] != n {
				o.mu.Unlock()
				return false
			}
		}
		o.mu.Unlock()
		waiting := false
		o.store.View(func(tx *bbolt.Tx) error {
			for _, k := range keys {
				if b := bucketAt(tx, outboxBucket, k.Peer); b != nil && b.Get(Uint64Key(k.Seq)) != nil {
					waiting = true
				}
			}
			return nil
		})
		if !waiting {
			return true
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return false
		case <-o.ctx.Done():
			return false
		}
	}
}

func (o *Outbox) run() {
	defer close(o.done)
	backoff := map[string]time.Duration{}
	for {
		retry := time.Duration(0)
		for _, peer := range o.peers() {
			if !o.deliverPeer(peer) {
				backoff[peer] = min(max(2*backoff[peer], o.limits.minBackoff), o.limits.maxBackoff)
				if retry == 0 || backoff[peer] < retry {
					retry = backoff[peer]
				}
			} else {
				delete(backoff, peer)
			}
		}
		var timer <-chan time.Time
		if retry > 0 {
			timer = time.After(retry)
		}
		select {
		case <-o.ctx.Done():
			return
		case <-o.wake:
		case <-timer:
		}
	}
}

// peers lists the connected peers.
func (o *Outbox) peers() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []string
	for p := range o.conns {
		out = append(out, p)
	}
	return out
}

// deliverPeer delivers peer's records in order until none is left (true) or
// an attempt fails for now (false: back off).
func (o *Outbox) deliverPeer(peer string) bool {
	for o.ctx.Err() == nil {
		var key, rec []byte
		o.store.View(func(tx *bbolt.Tx) error {
			if b := bucketAt(tx, outboxBucket, peer); b != nil {
				k, v := b.Cursor().First()
				key, rec = bytes.Clone(k), bytes.Clone(v)
			}
			return nil
		})
		if key == nil {
			return true
		}
		k := OutboxKey{peer, binary.BigEndian.Uint64(key)}
		m, created, err := decodeOutboxRecord(rec)
		damaged := err != nil
		var d *Delivery
		if damaged {
			// A damaged record would block its peer's queue for good:
			// report it and settle it as refused.
			o.logger.Error("damaged outbox record: dropped", "peer", peer, "record", k.Seq, "error", err)
			d = &Delivery{OutboxMessage: m, Err: status.Errorf(codes.DataLoss, "outbox record %s/%d is damaged: %v", peer, k.Seq, err)}
		} else if d = o.attempt(k, m, created); d == nil {
			o.note(peer, true)
			return false
		}
		err = o.store.batch(func(tx *bbolt.Tx) error {
			if err := removeOutboxRecord(tx, k, m.Subject, damaged); err != nil {
				return err
			}
			return o.settle(tx, *d)
		})
		if err != nil {
			o.logger.Error("record the outcome of a delivery", "peer", peer, "record", k.Seq, "error", err)
			o.note(peer, true)
			return false
		}
		delete(o.broken, peer)
		o.note(peer, false)
	}
	return true
}

// attempt makes the call of record k, m, written at created: the outcome
// to settle, or nil when it failed for now.
func (o *Outbox) attempt(k OutboxKey, m OutboxMessage, created time.Time) *Delivery {
	resp, err := responseOf(m.Method)
	if err != nil {
		return &Delivery{OutboxMessage: m, Err: err}
	}
	o.mu.Lock()
	conn := o.conns[k.Peer]
	o.mu.Unlock()
	ctx, cancel := context.WithTimeout(WithServiceIdentity(o.ctx, o.service, m.OnBehalfOf), o.limits.callLimit)
	defer cancel()
	err = conn.Invoke(ctx, m.Method, m.Request, resp)
	log := o.logger.With("peer", k.Peer, "record", k.Seq, "method", m.Method, "subject", m.Subject, "error", err)
	switch status.Code(err) {
	case codes.OK:
		return &Delivery{OutboxMessage: m, Response: resp}
	case codes.Unavailable, codes.DeadlineExceeded, codes.ResourceExhausted, codes.Canceled:
		if o.ctx.Err() == nil {
			log.Warn("peer is down or busy; will retry")
		}
		return nil
	case codes.Unauthenticated, codes.PermissionDenied:
		// The request was checked with the user's own credentials before
		// it was written, so the peer refuses the service, not the change.
		log.Error("the peer does not accept this service's identity; will retry. Between processes, services prove " +
			"themselves with client certificates: give every process --tls-cert, --tls-key, --tls-client-ca and --peer-ca")
		return nil
	case codes.Internal, codes.Unknown, codes.Aborted:
		b := o.broken[k.Peer]
		if b.seq != k.Seq {
			b = brokenRecord{seq: k.Seq}
		}
		b.failures++
		o.broken[k.Peer] = b
		age := time.Since(created)
		if b.failures < o.limits.attempts && age < o.limits.maxAge {
			log.Warn("peer failed to process a delivery; will retry", "failures", b.failures)
			return nil
		}
		log.Error("peer keeps failing to process a delivery: given up and settled as refused; the records behind it go on", "failures", b.failures, "age", age.Round(time.Second).String())
		st := status.Convert(err).Proto()
		st.Message = fmt.Sprintf("%s (failed %d times; given up)", st.GetMessage(), b.failures)
		return &Delivery{OutboxMessage: m, Err: status.ErrorProto(st)}
	}
	return &Delivery{OutboxMessage: m, Err: err}
}

// Unreachable reports whether a peer's error says only that it could not be
// reached or was too busy to answer (down, slow, overloaded), rather than
// anything about the call itself.
func Unreachable(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.DeadlineExceeded, codes.ResourceExhausted:
		return true
	}
	return false
}

// note tells those awaiting that an attempt to reach peer ended.
func (o *Outbox) note(peer string, failed bool) {
	o.mu.Lock()
	if failed {
		o.failed[peer]++
	}
	close(o.changed)
	o.changed = make(chan struct{})
	o.mu.Unlock()
}

// responseOf makes an empty response message of a full gRPC method.
func responseOf(method string) (proto.Message, error) {
	if mt := responseType(method); mt != nil {
		return mt.New().Interface(), nil
	}
	return nil, status.Errorf(codes.Unimplemented, "outbox: this Director does not know the method %s", method)
}

// outboxRecord is an outbox record's payload, as JSON: the request is its
// google.protobuf.Any in binary (base64 in the JSON), its request_id set.
type outboxRecord struct {
	Peer, Method, OnBehalfOf, Subject, Label, Origin string
	Request                                          []byte
	Created                                          int64 // Unix nanoseconds
}

func encodeOutboxRecord(m OutboxMessage, now time.Time) ([]byte, error) {
	req, err := anypb.New(m.Request)
	if err != nil {
		return nil, status.Errorf(codes.Internal, "outbox: encode request: %v", err)
	}
	reqBytes, err := proto.Marshal(req)
	if err != nil {
		return nil, status.Errorf(codes.Internal, "outbox: encode request: %v", err)
	}
	payload, err := json.Marshal(outboxRecord{Peer: m.Peer, Method: m.Method, OnBehalfOf: m.OnBehalfOf, Subject: m.Subject,
		Label: m.Label, Origin: m.Origin, Request: reqBytes, Created: now.UnixNano()})
	if err != nil {
		return nil, status.Errorf(codes.Internal, "outbox: encode record: %v", err)
	}
	return encodeRecord(payload), nil
}

// decodeOutboxRecord reads a record back, and when it was written.
func decodeOutboxRecord(rec []byte) (OutboxMessage, time.Time, error) {
	payload, err := decodeRecord(rec)
	if err != nil {
		return OutboxMessage{}, time.Time{}, err
	}
	var r outboxRecord
	if err := json.Unmarshal(payload, &r); err != nil {
		return OutboxMessage{}, time.Time{}, err
	}
	m := OutboxMessage{Peer: r.Peer, Method: r.Method, OnBehalfOf: r.OnBehalfOf, Subject: r.Subject, Label: r.Label, Origin: r.Origin}
	if m.Method == "" || len(r.Request) == 0 {
		return m, time.Time{}, errors.New("no method or request")
	}
	req := &anypb.Any{}
	if err := proto.Unmarshal(r.Request, req); err != nil {
		return m, time.Time{}, fmt.Errorf("request: %w", err)
	}
	if m.Request, err = req.UnmarshalNew(); err != nil {
		return m, time.Time{}, fmt.Errorf("request: %w", err)
	}
	return m, time.Unix(0, r.Created), nil
}
