package platform

import (
	"context"
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/dynamicpb"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// quickLimits pace a test's outbox at a millisecond between attempts.
var quickLimits = outboxLimits{minBackoff: time.Millisecond, maxBackoff: time.Millisecond, callLimit: 10 * time.Second, attempts: 3, maxAge: 24 * time.Hour}

// testOutbox is an outbox over a real store that keeps what it settles.
type testOutbox struct {
	*Outbox
	store *Store
	logs  *logBuffer

	mu      sync.Mutex
	settled []Delivery
}

func newTestOutbox(t *testing.T, limits outboxLimits) *testOutbox {
	t.Helper()
	o := &testOutbox{store: openTestStore(t, filepath.Join(t.TempDir(), "rulings.db"), nil), logs: &logBuffer{}}
	o.Outbox = newOutbox(o.store, "rulings", func(tx *bbolt.Tx, d Delivery) error {
		o.mu.Lock()
		defer o.mu.Unlock()
		o.settled = append(o.settled, d)
		return nil
	}, limits, o.logs.logger())
	t.Cleanup(o.Close)
	return o
}

// enqueue writes one record per method to peer "scoring", on behalf of
// head-director, each about the subject "call <i>".
func (o *testOutbox) enqueue(t *testing.T, methods ...string) []OutboxKey {
	t.Helper()
	var keys []OutboxKey
	err := o.store.Mutate(context.Background(), "", "", nil, nil, func(tx *bbolt.Tx) error {
		keys = keys[:0]
		for i, method := range methods {
			k, err := Enqueue(tx, OutboxMessage{
				Peer: "scoring", Method: "/" + testService + "/" + method, OnBehalfOf: "head-director",
				Subject: "call " + string(rune('1'+i)), Label: "penalty",
				Request: newRequest(t, `{"parent":"events/club-night","title":"adjusted score"}`),
			})
			if err != nil {
				return err
			}
			keys = append(keys, k)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// deliveries returns what was settled so far.
func (o *testOutbox) deliveries() []Delivery {
	o.mu.Lock()
	defer o.mu.Unlock()
	return slices.Clone(o.settled)
}

func (o *testOutbox) pending(subject string) bool {
	var p bool
	o.store.View(func(tx *bbolt.Tx) error { p = OutboxPending(tx, subject); return nil })
	return p
}

// internalPeer serves testServiceDesc with the production interceptors and
// auth over the in-process connection, where a service's identity is
// believed.
func internalPeer(t *testing.T, auth *Authenticator) *InProcess {
	t.Helper()
	conn := NewInProcess((&logBuffer{}).logger(), auth, testPolicy, nil)
	conn.RegisterService(&testServiceDesc, struct{}{})
	return conn
}

// TestOutboxGivesUpOnARecordThePeerKeepsFailing: the peer panics on the
// first record every time (Internal). After the limit of attempts it is
// settled as refused with that error, and the record behind it goes on.
func TestOutboxGivesUpOnARecordThePeerKeepsFailing(t *testing.T) {
	peer, _ := startTestServer(t, testAuthenticator(t))
	o := newTestOutbox(t, quickLimits)
	keys := o.enqueue(t, "Panic", "Public")
	o.Connect("scoring", peer)
	for !o.Await(context.Background(), keys...) {
	}
	got := o.deliveries()
	if len(got) != 2 || got[0].Subject != "call 1" || got[1].Subject != "call 2" {
		t.Fatalf("settled %+v: want both records, in order", got)
	}
	if st := status.Convert(got[0].Err); st.Code() != codes.Internal || !strings.Contains(st.Message(), "failed 3 times") {
		t.Errorf("the failing record settled with %v: want its Internal error, failed 3 times", got[0].Err)
	}
	if _, answered := got[1].Response.(*wrapperspb.StringValue); got[1].Err != nil || !answered {
		t.Errorf("the record behind it settled with %v: want the peer's answer", got[1].Err)
	}
	if n := len(o.logs.lines(t, "peer failed to process a delivery; will retry")); n != 2 {
		t.Errorf("%d retries logged, want 2", n)
	}
	gaveUp := o.logs.lines(t, "peer keeps failing to process a delivery: given up and settled as refused; the records behind it go on")
	if len(gaveUp) != 1 || gaveUp[0]["level"] != "ERROR" {
		t.Errorf("giving up logged %v: want one ERROR", gaveUp)
	}
	if o.pending("call 1") || o.pending("call 2") {
		t.Error("settled records are still pending")
	}
}

// TestOutboxGivesUpOnAnOldRecordAtOnce: a record older than the maximum
// age that the peer fails to process is refused at its first failure.
func TestOutboxGivesUpOnAnOldRecordAtOnce(t *testing.T) {
	peer, _ := startTestServer(t, testAuthenticator(t))
	limits := quickLimits
	limits.attempts, limits.maxAge = 1000, time.Nanosecond
	o := newTestOutbox(t, limits)
	keys := o.enqueue(t, "Panic")
	o.Connect("scoring", peer)
	for !o.Await(context.Background(), keys...) {
	}
	if got := o.deliveries(); len(got) != 1 || !strings.Contains(status.Convert(got[0].Err).Message(), "failed 1 times") {
		t.Errorf("settled %+v: want the old record refused at its first failure", got)
	}
}

// TestOutboxRetriesAPeerThatRefusesTheService: over a connection without a
// client certificate the peer does not believe the service's identity and
// answers Unauthenticated. The record is not refused: it waits, each
// attempt logged at ERROR, and goes out once the peer believes the service.
func TestOutboxRetriesAPeerThatRefusesTheService(t *testing.T) {
	auth := testAuthenticator(t)
	outside, _ := startTestServer(t, auth)
	o := newTestOutbox(t, quickLimits)
	keys := o.enqueue(t, "Score")
	o.Connect("scoring", outside)
	for range 2 * quickLimits.attempts {
		if o.Await(context.Background(), keys...) {
			t.Fatal("settled a record the peer refused for want of the service's identity")
		}
	}
	if got := o.deliveries(); len(got) != 0 || !o.pending("call 1") {
		t.Fatalf("settled %+v: want the record still waiting", got)
	}
	refused := o.logs.lines(t, "the peer does not accept this service's identity; will retry. Between processes, services prove "+
		"themselves with client certificates: give every process --tls-cert, --tls-key, --tls-client-ca and --peer-ca")
	if len(refused) < 2*quickLimits.attempts || refused[0]["level"] != "ERROR" || !strings.Contains(refused[0]["error"].(string), "Unauthenticated") {
		t.Errorf("logged %v: want an ERROR for each attempt", refused)
	}

	o.Connect("scoring", internalPeer(t, auth))
	for !o.Await(context.Background(), keys...) {
	}
	got := o.deliveries()
	if len(got) != 1 {
		t.Fatalf("settled %+v: want the one record", got)
	}
	if answer, _ := got[0].Response.(*wrapperspb.StringValue); got[0].Err != nil || answer.GetValue() != "head-director" {
		t.Errorf("settled %+v: want the peer's answer to the service on behalf of head-director", got)
	}
}

// TestOutboxRetriesADownPeerWithoutLimit: a peer that cannot be reached is
// tried again and again, far past the limit of attempts for a record that
// fails inside the peer.
func TestOutboxRetriesADownPeerWithoutLimit(t *testing.T) {
	o := newTestOutbox(t, quickLimits)
	keys := o.enqueue(t, "Public")
	o.Connect("scoring", unreachablePeer(t))
	for range 4 * quickLimits.attempts {
		if o.Await(context.Background(), keys...) {
			t.Fatal("settled a record for a peer that is down")
		}
	}
	if got := o.deliveries(); len(got) != 0 || !o.pending("call 1") {
		t.Errorf("settled %+v: want the record still waiting", got)
	}
}

// unreachablePeer is a connection whose every dial fails.
func unreachablePeer(t *testing.T) *grpc.ClientConn {
	t.Helper()
	conn, err := grpc.NewClient("passthrough:///down",
		grpc.WithContextDialer(func(context.Context, string) (net.Conn, error) { return nil, errors.New("scoring is down") }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// TestOutboxPendingReadsTheSubjectIndex: a subject is pending while one of
// its records waits, for any peer, and not once they are settled; a
// subject that begins like another is another; a damaged record leaves no
// entry behind.
func TestOutboxPendingReadsTheSubjectIndex(t *testing.T) {
	o := newTestOutbox(t, quickLimits)
	write := func(peer, subject string) OutboxKey {
		t.Helper()
		var k OutboxKey
		err := o.store.Mutate(context.Background(), "", "", nil, nil, func(tx *bbolt.Tx) error {
			var err error
			k, err = Enqueue(tx, OutboxMessage{Peer: peer, Method: "/" + testService + "/Public", Subject: subject, Label: "score",
				Request: newRequest(t, `{"parent":"events/club-night"}`)})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	score := write("scoring", "calls/10")
	movement := write("movement", "calls/2")
	damaged := write("scoring", "calls/3")
	if !o.pending("calls/10") || !o.pending("calls/2") || !o.pending("calls/3") {
		t.Fatal("a waiting record's subject is not pending")
	}
	if o.pending("calls/1") || o.pending("calls") {
		t.Error("a subject that begins another's is pending")
	}
	err := o.store.Mutate(context.Background(), "", "", nil, nil, func(tx *bbolt.Tx) error {
		return bucketAt(tx, outboxBucket, "scoring").Put(Uint64Key(damaged.Seq), encodeRecord([]byte{0x0a, 0xff}))
	})
	if err != nil {
		t.Fatal(err)
	}
	o.Connect("scoring", internalPeer(t, testAuthenticator(t)))
	for !o.Await(context.Background(), score, damaged) {
	}
	if o.pending("calls/10") || o.pending("calls/3") {
		t.Error("settled records (one of them damaged) are still pending")
	}
	if !o.pending("calls/2") {
		t.Error("the record waiting for movement is no longer pending")
	}
	o.Connect("movement", internalPeer(t, testAuthenticator(t)))
	for !o.Await(context.Background(), movement) {
	}
	if o.pending("calls/2") {
		t.Error("calls/2 is pending after its delivery")
	}
	o.store.View(func(tx *bbolt.Tx) error {
		if n := tx.Bucket([]byte(outboxSubjectsBucket)).Stats().KeyN; n != 0 {
			t.Errorf("%d index entries left with no record waiting", n)
		}
		return nil
	})
}

// BenchmarkOutboxPending asks about one subject with 10,000 records
// waiting: the answer reads the index, not the records.
func BenchmarkOutboxPending(b *testing.B) {
	s := openTestStore(b, filepath.Join(b.TempDir(), "rulings.db"), nil)
	req := dynamicpb.NewMessage(requestDesc)
	err := s.Mutate(context.Background(), "", "", nil, nil, func(tx *bbolt.Tx) error {
		for i := range 10000 {
			if _, err := Enqueue(tx, OutboxMessage{Peer: "scoring", Method: "/" + testService + "/Public", Subject: fmt.Sprintf("calls/%d", i), Label: "score", Request: req}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	s.View(func(tx *bbolt.Tx) error {
		for i := range b.N {
			if !OutboxPending(tx, fmt.Sprintf("calls/%d", i%10000)) {
				b.Fatal("not pending")
			}
		}
		return nil
	})
}
