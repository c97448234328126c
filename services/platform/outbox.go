package platform

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
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
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/known/anypb"
)

// The outbox carries a change that must reach another service: the service
// writes the call to make (Enqueue) in the same transaction as the change,
// and the store's Outbox delivers it, in order, until the peer answers. A
// crash between the two services' writes therefore neither loses the call
// (it is on disk with the change) nor doubles it (each call carries a
// request_id fixed when it was written, and the peer answers a redelivery
// from its idempotency records).

var outboxBucket = "outbox"

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
	// Err is the peer's refusal, when it refused for good.
	Err error
}

// Enqueue writes m in tx as the next record of its peer's outbox and
// returns its key. The request_id it sets is derived from m.Origin, Subject
// and Label, so it is the same on every delivery and differs between
// changes (a random one when the change had no request_id).
func Enqueue(tx *bbolt.Tx, m OutboxMessage) (OutboxKey, error) {
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
	return OutboxKey{m.Peer, seq}, b.Put(Uint64Key(seq), rec)
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
func OutboxPending(tx *bbolt.Tx, subject string) bool {
	root := tx.Bucket([]byte(outboxBucket))
	if root == nil {
		return false
	}
	found := false
	root.ForEachBucket(func(peer []byte) error {
		root.Bucket(peer).ForEach(func(_, v []byte) error {
			if m, err := decodeOutboxRecord(v); err == nil && m.Subject == subject {
				found = true
			}
			return nil
		})
		return nil
	})
	return found
}

// Outbox delivers a store's pending records, one goroutine per store, from
// NewOutbox (so records a crash left behind go out after restart) to Close.
type Outbox struct {
	store   *Store
	service string
	settle  func(tx *bbolt.Tx, d Delivery) error
	logger  *slog.Logger

	mu      sync.Mutex
	conns   map[string]grpc.ClientConnInterface
	failed  map[string]int // attempts that failed, by peer
	changed chan struct{}  // closed (and replaced) after each attempt
	wake    chan struct{}
	ctx     context.Context
	cancel  context.CancelFunc
	done    chan struct{}
}

// Backoff between attempts to reach a peer that failed for a while.
const (
	outboxMinBackoff = 100 * time.Millisecond
	outboxMaxBackoff = 30 * time.Second
	outboxCallLimit  = 10 * time.Second
)

// NewOutbox starts delivering store's records as service. settle records
// each outcome in the transaction that removes its record: what the peer
// answered, or why it refused for good.
func NewOutbox(store *Store, service string, settle func(tx *bbolt.Tx, d Delivery) error) *Outbox {
	ctx, cancel := context.WithCancel(context.Background())
	o := &Outbox{
		store: store, service: service, settle: settle, logger: slog.Default().With("service", service, "part", "outbox"),
		conns: map[string]grpc.ClientConnInterface{}, failed: map[string]int{}, changed: make(chan struct{}),
		wake: make(chan struct{}, 1), ctx: ctx, cancel: cancel, done: make(chan struct{}),
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
				backoff[peer] = min(max(2*backoff[peer], outboxMinBackoff), outboxMaxBackoff)
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
		var key []byte
		var rec []byte
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
		d := o.attempt(peer, key, rec)
		if d == nil {
			o.note(peer, true)
			return false
		}
		err := o.store.batch(func(tx *bbolt.Tx) error {
			if err := bucketAt(tx, outboxBucket, peer).Delete(key); err != nil {
				return err
			}
			return o.settle(tx, *d)
		})
		if err != nil {
			o.logger.Error("record the outcome of a delivery", "peer", peer, "record", binary.BigEndian.Uint64(key), "error", err)
			o.note(peer, true)
			return false
		}
		o.note(peer, false)
	}
	return true
}

// attempt makes the call of one record: the outcome to settle, or nil when
// it failed for now.
func (o *Outbox) attempt(peer string, key, rec []byte) *Delivery {
	m, err := decodeOutboxRecord(rec)
	if err != nil {
		// A damaged record would block its peer's queue for good: report it
		// and settle it as refused.
		o.logger.Error("damaged outbox record: dropped", "peer", peer, "record", binary.BigEndian.Uint64(key), "error", err)
		return &Delivery{OutboxMessage: m, Err: status.Errorf(codes.DataLoss, "outbox record %s/%d is damaged: %v", peer, binary.BigEndian.Uint64(key), err)}
	}
	resp, err := responseOf(m.Method)
	if err != nil {
		return &Delivery{OutboxMessage: m, Err: err}
	}
	o.mu.Lock()
	conn := o.conns[peer]
	o.mu.Unlock()
	ctx, cancel := context.WithTimeout(WithServiceIdentity(o.ctx, o.service, m.OnBehalfOf), outboxCallLimit)
	defer cancel()
	err = conn.Invoke(ctx, m.Method, m.Request, resp)
	switch {
	case err == nil:
		return &Delivery{OutboxMessage: m, Response: resp}
	case Transient(err) || status.Code(err) == codes.Canceled:
		if o.ctx.Err() == nil {
			o.logger.Warn("peer did not take a delivery; will retry", "peer", peer, "method", m.Method, "subject", m.Subject, "error", err)
		}
		return nil
	}
	return &Delivery{OutboxMessage: m, Err: err}
}

// Transient reports whether a peer's error may pass if the call is made
// again: the peer was down, slow, overloaded, or failed inside. Any other
// error is the peer's answer to this call.
func Transient(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.DeadlineExceeded, codes.ResourceExhausted, codes.Aborted, codes.Internal, codes.Unknown:
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
	service, name, ok := strings.Cut(strings.TrimPrefix(method, "/"), "/")
	if ok {
		if d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(service)); err == nil {
			if sd, isService := d.(protoreflect.ServiceDescriptor); isService {
				if md := sd.Methods().ByName(protoreflect.Name(name)); md != nil {
					if mt, err := protoregistry.GlobalTypes.FindMessageByName(md.Output().FullName()); err == nil {
						return mt.New().Interface(), nil
					}
				}
			}
		}
	}
	return nil, status.Errorf(codes.Unimplemented, "outbox: this Director does not know the method %s", method)
}

// An outbox record is protobuf wire format, so fields can be added:
//
//	1: method       string
//	2: request      google.protobuf.Any (its request_id set)
//	3: on_behalf_of string
//	4: subject      string
//	5: label        string
//	6: origin       string (the original request_id)
//	7: created_at   int64 Unix nanoseconds
//	8: peer         string

func encodeOutboxRecord(m OutboxMessage, now time.Time) ([]byte, error) {
	req, err := anypb.New(m.Request)
	if err != nil {
		return nil, status.Errorf(codes.Internal, "outbox: encode request: %v", err)
	}
	reqBytes, err := proto.MarshalOptions{Deterministic: true}.Marshal(req)
	if err != nil {
		return nil, status.Errorf(codes.Internal, "outbox: encode request: %v", err)
	}
	var b []byte
	str := func(n protowire.Number, s string) {
		b = protowire.AppendTag(b, n, protowire.BytesType)
		b = protowire.AppendString(b, s)
	}
	str(1, m.Method)
	b = protowire.AppendTag(b, 2, protowire.BytesType)
	b = protowire.AppendBytes(b, reqBytes)
	str(3, m.OnBehalfOf)
	str(4, m.Subject)
	str(5, m.Label)
	str(6, m.Origin)
	b = protowire.AppendTag(b, 7, protowire.VarintType)
	b = protowire.AppendVarint(b, uint64(now.UnixNano()))
	str(8, m.Peer)
	return encodeRecord(b), nil
}

func decodeOutboxRecord(rec []byte) (OutboxMessage, error) {
	var m OutboxMessage
	b, err := decodeRecord(rec)
	if err != nil {
		return m, err
	}
	var req *anypb.Any
	for len(b) > 0 {
		n, typ, l := protowire.ConsumeTag(b)
		if l < 0 {
			return m, protowire.ParseError(l)
		}
		b = b[l:]
		if typ == protowire.VarintType {
			_, l := protowire.ConsumeVarint(b)
			if l < 0 {
				return m, protowire.ParseError(l)
			}
			b = b[l:]
			continue
		}
		if typ != protowire.BytesType {
			l = protowire.ConsumeFieldValue(n, typ, b)
			if l < 0 {
				return m, protowire.ParseError(l)
			}
			b = b[l:]
			continue
		}
		v, l := protowire.ConsumeBytes(b)
		if l < 0 {
			return m, protowire.ParseError(l)
		}
		b = b[l:]
		switch n {
		case 1:
			m.Method = string(v)
		case 2:
			req = &anypb.Any{}
			if err := proto.Unmarshal(v, req); err != nil {
				return m, err
			}
		case 3:
			m.OnBehalfOf = string(v)
		case 4:
			m.Subject = string(v)
		case 5:
			m.Label = string(v)
		case 6:
			m.Origin = string(v)
		case 8:
			m.Peer = string(v)
		}
	}
	if req == nil || m.Method == "" {
		return m, errors.New("no method or request")
	}
	msg, err := req.UnmarshalNew()
	if err != nil {
		return m, fmt.Errorf("request: %w", err)
	}
	m.Request = msg
	return m, nil
}
