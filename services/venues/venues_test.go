package venues

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"

	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// The tests run the embedded NATS, the relay and the federation's
// consumers for real, over a feed and an applier on bbolt files of their
// own: the scoring service's, which are these over scoring.db, are tested
// in its package and end to end in cmd/director.

// boltFeed is a venue's feed of one event ("e") on a bbolt file.
type boltFeed struct {
	db      *bbolt.DB
	mu      sync.Mutex
	changed chan struct{}
}

func openFeed(t *testing.T) *boltFeed {
	t.Helper()
	db, err := bbolt.Open(filepath.Join(t.TempDir(), "feed.db"), 0o600, &bbolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	err = db.Update(func(tx *bbolt.Tx) error {
		for _, b := range []string{"feed", "cursor"} {
			if _, err := tx.CreateBucketIfNotExists([]byte(b)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return &boltFeed{db: db, changed: make(chan struct{})}
}

// add appends n records to the feed.
func (f *boltFeed) add(t *testing.T, n int) {
	t.Helper()
	err := f.db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte("feed"))
		for range n {
			seq, _ := b.NextSequence()
			data, err := proto.Marshal(&typev1.Change{Sequence: seq, Kind: typev1.ChangeKind_CHANGE_KIND_RESULT_SUBMITTED, Name: fmt.Sprintf("events/e/sessions/1/sections/A/tables/1/rounds/1/boards/%d", seq)})
			if err != nil {
				return err
			}
			if err := b.Put(binary.BigEndian.AppendUint64(nil, seq), data); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	close(f.changed)
	f.changed = make(chan struct{})
	f.mu.Unlock()
}

func (f *boltFeed) Incarnation() (string, error)  { return "inc1", nil }
func (f *boltFeed) FeedEvents() ([]string, error) { return []string{"e"}, nil }
func (f *boltFeed) FeedChanged() <-chan struct{} {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.changed
}

func (f *boltFeed) ChangesAfter(_ context.Context, _ string, after uint64) (out []*typev1.Change, last uint64, err error) {
	err = f.db.View(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte("feed"))
		last = b.Sequence()
		c := b.Cursor()
		for k, v := c.Seek(binary.BigEndian.AppendUint64(nil, after+1)); k != nil && len(out) < 1000; k, v = c.Next() {
			ch := &typev1.Change{}
			if err := proto.Unmarshal(v, ch); err != nil {
				return err
			}
			out = append(out, ch)
		}
		return nil
	})
	return out, last, err
}

func (f *boltFeed) Relayed(event string) (n uint64, err error) {
	err = f.db.View(func(tx *bbolt.Tx) error {
		if v := tx.Bucket([]byte("cursor")).Get([]byte(event)); v != nil {
			n = binary.BigEndian.Uint64(v)
		}
		return nil
	})
	return n, err
}

func (f *boltFeed) SetRelayed(_ context.Context, event string, seq uint64) error {
	return f.db.Update(func(tx *bbolt.Tx) error {
		return tx.Bucket([]byte("cursor")).Put([]byte(event), binary.BigEndian.AppendUint64(nil, seq))
	})
}

// boltApplier applies records on a bbolt file: each record's count of
// applications and the mark of its feed, in one transaction.
type boltApplier struct {
	db *bbolt.DB
	mu sync.Mutex
	// order is the sequences applied, in the order they were.
	order []uint64
}

func openApplier(t *testing.T) *boltApplier {
	t.Helper()
	db, err := bbolt.Open(filepath.Join(t.TempDir(), "federation.db"), 0o600, &bbolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return &boltApplier{db: db}
}

func (a *boltApplier) ApplyVenueChanges(_ context.Context, venue, incarnation, event string, changes []*typev1.Change) (mark uint64, err error) {
	key := []byte(venue + "/" + incarnation + "/" + event)
	err = a.db.Update(func(tx *bbolt.Tx) error {
		var order []uint64
		marks, err := tx.CreateBucketIfNotExists([]byte("marks"))
		if err != nil {
			return err
		}
		applied, err := tx.CreateBucketIfNotExists([]byte("applied"))
		if err != nil {
			return err
		}
		if v := marks.Get(key); v != nil {
			mark = binary.BigEndian.Uint64(v)
		}
		sorted := slices.Clone(changes)
		slices.SortFunc(sorted, func(x, y *typev1.Change) int { return int(x.GetSequence()) - int(y.GetSequence()) })
		for _, c := range sorted {
			if c.GetSequence() <= mark {
				continue
			}
			if c.GetSequence() != mark+1 {
				break
			}
			k := fmt.Appendf(nil, "%s/%d", key, c.GetSequence())
			var n uint64
			if v := applied.Get(k); v != nil {
				n = binary.BigEndian.Uint64(v)
			}
			if err := applied.Put(k, binary.BigEndian.AppendUint64(nil, n+1)); err != nil {
				return err
			}
			mark++
			order = append(order, mark)
		}
		// Noted before the commit makes the mark seen, so that a test
		// that waits for the mark finds the order too.
		a.mu.Lock()
		a.order = append(a.order, order...)
		a.mu.Unlock()
		return marks.Put(key, binary.BigEndian.AppendUint64(nil, mark))
	})
	return mark, err
}

func (a *boltApplier) VenueHeard(context.Context, string, string, string, uint64) error { return nil }

// counts reads how many times each record of a feed was applied, and its
// mark.
func (a *boltApplier) counts(t *testing.T, feed string) (map[uint64]uint64, uint64) {
	t.Helper()
	got := map[uint64]uint64{}
	var mark uint64
	err := a.db.View(func(tx *bbolt.Tx) error {
		if b := tx.Bucket([]byte("marks")); b != nil {
			if v := b.Get([]byte(feed)); v != nil {
				mark = binary.BigEndian.Uint64(v)
			}
		}
		b := tx.Bucket([]byte("applied"))
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			var seq uint64
			if _, err := fmt.Sscanf(string(k[len(feed)+1:]), "%d", &seq); err != nil {
				return err
			}
			got[seq] = binary.BigEndian.Uint64(v)
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return got, mark
}

// waitMark waits until the applier's mark of feed reaches n.
func (a *boltApplier) waitMark(t *testing.T, feed string, n uint64, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		_, mark := a.counts(t, feed)
		if mark >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %s the mark of %s is %d, want %d", within, feed, mark, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

var testVenues = []Venue{{ID: "north", Password: "n-pw"}, {ID: "south", Password: "s-pw"}}

func startHub(t *testing.T, listen, dir string) *Hub {
	t.Helper()
	h, err := StartHub(HubConfig{Listen: listen, StoreDir: dir, Venues: testVenues})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Shutdown)
	return h
}

// runFederation runs the federation's consumers over hub until the test
// ends.
func runFederation(t *testing.T, h *Hub, a Applier) {
	t.Helper()
	runFederationWith(t, h, a)
}

func runFederationWith(t *testing.T, h *Hub, a Applier, opts ...nats.Option) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	f := &Federation{URL: h.ClientURL(), User: FederationUser, Password: h.Password(), Venues: []string{"north", "south"}, Applier: a, Options: opts}
	done := make(chan struct{})
	go func() { defer close(done); f.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
}

func runRelay(t *testing.T, url string, feed Feed) {
	t.Helper()
	runRelayWith(t, url, feed)
}

func runRelayWith(t *testing.T, url string, feed Feed, opts ...nats.Option) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r := &Relay{Venue: "north", URL: url, User: "north", Password: "n-pw", Feed: feed, Heartbeat: 200 * time.Millisecond, Options: opts}
	done := make(chan struct{})
	go func() { defer close(done); r.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
}

func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func TestRelayWaitsForTheFederationAndLosesNothing(t *testing.T) {
	addr := freePort(t)
	feed := openFeed(t)
	feed.add(t, 300)
	// The federation is not up: the records wait in the feed.
	runRelay(t, "nats://"+addr, feed)
	time.Sleep(500 * time.Millisecond)
	if n, _ := feed.Relayed("e"); n != 0 {
		t.Fatalf("the cursor moved to %d with no federation to acknowledge", n)
	}
	hub := startHub(t, addr, t.TempDir())
	a := openApplier(t)
	runFederation(t, hub, a)
	a.waitMark(t, "north/inc1/e", 300, 20*time.Second)
	feed.add(t, 200)
	a.waitMark(t, "north/inc1/e", 500, 10*time.Second)
	got, _ := a.counts(t, "north/inc1/e")
	for seq := uint64(1); seq <= 500; seq++ {
		if got[seq] != 1 {
			t.Errorf("record %d applied %d times", seq, got[seq])
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for n, _ := feed.Relayed("e"); n != 500; n, _ = feed.Relayed("e") {
		if time.Now().After(deadline) {
			t.Fatalf("the relay's cursor is %d, want 500", n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// publish publishes record seq of north's feed of e as the venue, with
// msgID as its Nats-Msg-Id.
func publish(t *testing.T, js jetstream.JetStream, seq uint64, msgID string) {
	t.Helper()
	c := &typev1.Change{Sequence: seq, Kind: typev1.ChangeKind_CHANGE_KIND_RESULT_SUBMITTED, Name: "events/e/sessions/1/sections/A/tables/1/rounds/1/boards/1"}
	r := &Relay{Venue: "north"}
	m, err := r.message("inc1", "e", c, seq)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := js.PublishMsg(ctx, m, jetstream.WithMsgID(msgID)); err != nil {
		t.Fatalf("publishing record %d: %v", seq, err)
	}
}

func venueConn(t *testing.T, h *Hub, v Venue) (*nats.Conn, jetstream.JetStream) {
	t.Helper()
	nc, err := nats.Connect(h.ClientURL(), nats.UserInfo(v.ID, v.Password), nats.CustomInboxPrefix(InboxPrefix(v.ID)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return nc, js
}

func TestFederationAppliesOnceWhateverNATSDelivers(t *testing.T) {
	hub := startHub(t, "127.0.0.1:0", t.TempDir())
	a := openApplier(t)
	runFederation(t, hub, a)
	_, js := venueConn(t, hub, testVenues[0])
	publish(t, js, 1, MsgID("north", "inc1", "e", 1))
	a.waitMark(t, "north/inc1/e", 1, 10*time.Second)
	// Record 1 again, past the stream's de-duplication window (a new
	// message id is what the stream sees then): NATS delivers it, and the
	// federation's mark keeps it from being applied twice.
	publish(t, js, 1, "resent-after-the-window")
	// A gap: record 3 before record 2. Record 3 waits for 2.
	publish(t, js, 3, MsgID("north", "inc1", "e", 3))
	time.Sleep(300 * time.Millisecond)
	if _, mark := a.counts(t, "north/inc1/e"); mark != 1 {
		t.Fatalf("with record 2 missing the mark is %d, want 1", mark)
	}
	publish(t, js, 2, MsgID("north", "inc1", "e", 2))
	a.waitMark(t, "north/inc1/e", 3, 10*time.Second)
	got, _ := a.counts(t, "north/inc1/e")
	if len(got) != 3 || got[1] != 1 || got[2] != 1 || got[3] != 1 {
		t.Errorf("applications per record: %v, want each of 1 to 3 once", got)
	}
	a.mu.Lock()
	order := slices.Clone(a.order)
	a.mu.Unlock()
	if !slices.Equal(order, []uint64{1, 2, 3}) {
		t.Errorf("applied in the order %v, want 1, 2, 3", order)
	}
	// Every message is acknowledged in the end: the duplicate too.
	deadline := time.Now().Add(10 * time.Second)
	for {
		nc, err := nats.Connect(hub.ClientURL(), nats.UserInfo(FederationUser, hub.Password()))
		if err != nil {
			t.Fatal(err)
		}
		fjs, _ := jetstream.New(nc)
		cons, err := fjs.Consumer(context.Background(), Stream, "venue-north")
		if err != nil {
			t.Fatal(err)
		}
		info, err := cons.Info(context.Background())
		nc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if info.NumAckPending == 0 && info.NumPending == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the consumer still has %d unacknowledged and %d undelivered", info.NumAckPending, info.NumPending)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestVenuePublishesOnlyItsOwnSubjects(t *testing.T) {
	hub := startHub(t, "127.0.0.1:0", t.TempDir())
	a := openApplier(t)
	runFederation(t, hub, a)
	nc, js := venueConn(t, hub, testVenues[0])
	// North passing itself off as south: refused by NATS.
	c := &typev1.Change{Sequence: 1, Kind: typev1.ChangeKind_CHANGE_KIND_RESULT_SUBMITTED, Name: "events/e/sessions/1"}
	m, err := (&Relay{Venue: "south"}).message("inc1", "e", c, 1)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := js.PublishMsg(ctx, m, jetstream.WithRetryAttempts(0)); err == nil {
		t.Fatal("north published on south's subject")
	}
	// Nor may it read the stream or another venue's inbox.
	if _, err := nc.SubscribeSync("venue.>"); err == nil {
		nc.Flush()
		if err := nc.LastError(); err == nil {
			t.Error("north subscribed to every venue's subjects")
		}
	}
	if _, mark := a.counts(t, "south/inc1/e"); mark != 0 {
		t.Errorf("south's feed has mark %d from north's message", mark)
	}
	// A venue not in the list cannot connect.
	if nc, err := nats.Connect(hub.ClientURL(), nats.UserInfo("east", "x")); err == nil {
		nc.Close()
		t.Error("a venue the federation does not list connected")
	}
}

func TestReadVenuesTakesTheEventsEachPlays(t *testing.T) {
	path := filepath.Join(t.TempDir(), "venues")
	if err := os.WriteFile(path, []byte("# venue password events\nnorth n-pw regional spring-sim\nsouth s-pw\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	vs, err := ReadVenues(path)
	if err != nil || len(vs) != 2 || !slices.Equal(vs[0].Events, []string{"regional", "spring-sim"}) || len(vs[1].Events) != 0 {
		t.Fatalf("ReadVenues = %+v, %v", vs, err)
	}
	// A venue is sent only its events' board sets.
	feed := OnlyEvents(fixedEvents{"regional", "other", "spring-sim"}, vs[0].Events)
	if got, _ := feed.FeedEvents(); !slices.Equal(got, []string{"regional", "spring-sim"}) {
		t.Errorf("north's events of the federation's: %v", got)
	}
}

// fixedEvents is a feed of the events it names, and nothing else.
type fixedEvents []string

func (f fixedEvents) Incarnation() (string, error)  { return "i", nil }
func (f fixedEvents) FeedEvents() ([]string, error) { return f, nil }
func (f fixedEvents) FeedChanged() <-chan struct{}  { return nil }
func (f fixedEvents) ChangesAfter(context.Context, string, uint64) ([]*typev1.Change, uint64, error) {
	return nil, 0, nil
}
func (f fixedEvents) Relayed(string) (uint64, error)                   { return 0, nil }
func (f fixedEvents) SetRelayed(context.Context, string, uint64) error { return nil }

func TestReadVenuesSaysWhatIsWrong(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"north pw\nnorth pw2\n", "listed twice"},
		{"North pw\n", "not 1 to 63"},
		{"north\n", "want a venue's id, its password and the events"},
		{"north pw Regional\n", "event id \"Regional\""},
		{"# none\n", "lists no venue"},
		{"federation pw\n", "federation's own user"},
	} {
		path := filepath.Join(t.TempDir(), "venues")
		if err := os.WriteFile(path, []byte(tc.text), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := ReadVenues(path)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadVenues(%q) = %v, want an error saying %q", tc.text, err, tc.want)
		}
	}
}

// lockedBuffer is a log's output, safe to read while the log writes.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestRelayWithAWrongPasswordSaysSo: a venue whose password the
// federation's NATS refuses logs why, and what to check, rather than
// waiting in silence; its records stay in its feed.
func TestRelayWithAWrongPasswordSaysSo(t *testing.T) {
	hub := startHub(t, "127.0.0.1:0", t.TempDir())
	feed := openFeed(t)
	feed.add(t, 3)
	logs := &lockedBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	r := &Relay{Venue: "north", URL: hub.ClientURL(), User: "north", Password: "wrong", Feed: feed, Heartbeat: 200 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(logs, nil))}
	done := make(chan struct{})
	go func() { defer close(done); r.Run(ctx) }()
	defer func() { cancel(); <-done }()
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(logs.String(), "refuses this connection: check --nats-user and --nats-password"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("10 s with a wrong password and the log says:\n%s", logs.String())
		}
	}
	if n, _ := feed.Relayed("e"); n != 0 {
		t.Errorf("the cursor moved to %d though NATS refused the venue", n)
	}
}
