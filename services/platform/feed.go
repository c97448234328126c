package platform

import (
	"context"
	"encoding/binary"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/anypb"
	"google.golang.org/protobuf/types/known/timestamppb"

	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// The change feed. A service records each change it makes with AppendChange
// in the transaction of the change, so a change and its record are
// committed together or not at all: a crash, or a write that fails, leaves
// neither. Records are numbered per event, in commit order, from 1 with no
// gaps (bbolt's sequence of the event's bucket, which a rolled-back
// transaction does not move); no number is shared with another event or
// another service's store.
//
// A reader lists the records after a cursor (ListChanges), acknowledges the
// last it processed (AcknowledgeChanges: the Bridgemate Data Connector's
// poll and accept), and, listing without a cursor, goes on after its
// acknowledgement; a cursor of 0 reads the whole feed again, to recover,
// and one past the feed's last record is refused, as no reader of this
// feed holds it. A
// watcher (WatchChanges) gets the records after its cursor, then each new
// one once its transaction is committed: the commit wakes the watchers of
// its events, which read the store from their cursor, so a watcher that
// falls behind or reconnects misses nothing and sees nothing twice.
var (
	feedBucket     = "feed"
	feedAcksBucket = "feed_acks"
)

// Change is one change a service records in its feed.
type Change struct {
	// Kind is what the change did.
	Kind typev1.ChangeKind
	// Name is the resource changed; it begins with the event's name
	// ("events/<id>/..."), whose feed the record goes to.
	Name string
	// By is who made the change (CallerName, or the user a delivery was
	// made for).
	By string
	// Resource is the resource as it is after the change.
	Resource proto.Message
}

// AppendChange writes c in tx as the next record of its event's feed. The
// watchers of the event are woken once tx is committed.
func (s *Store) AppendChange(tx *bbolt.Tx, c Change) error {
	event, ok := eventOfName(c.Name)
	if !ok || c.Kind == typev1.ChangeKind_CHANGE_KIND_UNSPECIFIED || c.Resource == nil {
		return status.Errorf(codes.Internal, "feed: a change of %q (kind %v) names no event, kind or resource", c.Name, c.Kind)
	}
	b, err := createBucketAt(tx, feedBucket, event)
	if err != nil {
		return err
	}
	seq, err := b.NextSequence()
	if err != nil {
		return err
	}
	res, err := anypb.New(c.Resource)
	if err != nil {
		return status.Errorf(codes.Internal, "feed: %v", err)
	}
	rec := &typev1.Change{Sequence: seq, Kind: c.Kind, Name: c.Name, ChangedBy: c.By, ChangeTime: timestamppb.New(s.now()), Resource: res}
	if err := PutMessage(b, Uint64Key(seq), rec); err != nil {
		return err
	}
	tx.OnCommit(func() {
		s.watches.wake(event)
		s.watches.wake(anyEvent)
	})
	return nil
}

// anyEvent is the key of the watchers of every event's feed (FeedChanged):
// no event id is empty.
const anyEvent = ""

// FeedChanged is closed at the next commit of a change of any event: a
// reader of every feed (a venue's relay to its federation) takes it before
// it reads, so that a commit after the read wakes it.
func (s *Store) FeedChanged() <-chan struct{} {
	return s.watches.next(anyEvent)
}

// WakeFeedReaders wakes the readers of every feed (FeedChanged) once tx
// commits: for a change that is queued outside an event's feed, such as a
// federation's registry for its venues.
func (s *Store) WakeFeedReaders(tx *bbolt.Tx) {
	tx.OnCommit(func() { s.watches.wake(anyEvent) })
}

// FeedEvents lists the ids of the events that have a feed in the store, in
// order.
func (s *Store) FeedEvents() ([]string, error) {
	var ids []string
	err := s.View(func(tx *bbolt.Tx) error {
		b := bucketAt(tx, feedBucket)
		if b == nil {
			return nil
		}
		return b.ForEachBucket(func(k []byte) error {
			ids = append(ids, string(k))
			return nil
		})
	})
	return ids, err
}

// eventOfName is the event id of a resource name "events/<id>[/...]".
func eventOfName(name string) (string, bool) {
	rest, ok := strings.CutPrefix(name, "events/")
	id, _, _ := strings.Cut(rest, "/")
	return id, ok && id != ""
}

// ChangesPage is one page of a feed.
type ChangesPage struct {
	Changes       []*typev1.Change
	NextPageToken string
	// Acknowledged is the caller's acknowledged sequence, Last the feed's
	// last.
	Acknowledged, Last uint64
}

// ListChanges reads a page of the feed of event for a ListChanges request
// (fields page_size, page_token and an optional since): the records after
// since, or, without since, after the caller's acknowledged one.
// On an error the page is empty (not nil).
func (s *Store) ListChanges(ctx context.Context, req FeedRequest) (*ChangesPage, error) {
	out := &ChangesPage{}
	event, err := feedEvent(req)
	if err != nil {
		return out, err
	}
	page, err := ReadPage(req)
	if err != nil {
		return out, err
	}
	err = s.View(func(tx *bbolt.Tx) error {
		since, given := sinceOf(req)
		// A damaged acknowledgement fails only the list that starts from
		// it: since=0 still recovers.
		out.Acknowledged, err = acknowledged(tx, event, consumerOf(ctx))
		if err != nil && !given {
			return err
		}
		if !given {
			since = out.Acknowledged
		}
		b := bucketAt(tx, feedBucket, event)
		if b != nil {
			out.Last = b.Sequence()
		}
		if err := sinceInFeed(event, since, out.Last); err != nil || b == nil {
			return err
		}
		after := since
		if k := page.After(); len(k) == 8 {
			after = binary.BigEndian.Uint64(k)
		}
		return readChanges(b, event, after, func(c *typev1.Change) bool {
			if !page.Add(Uint64Key(c.GetSequence()), c) {
				return false
			}
			out.Changes = append(out.Changes, c)
			return true
		})
	})
	out.NextPageToken = page.NextToken()
	return out, err
}

// readChanges reads the records of feed b after sequence after, in order,
// until add returns false.
func readChanges(b *bbolt.Bucket, event string, after uint64, add func(*typev1.Change) bool) error {
	c := b.Cursor()
	for k, v := c.Seek(Uint64Key(after + 1)); k != nil; k, v = c.Next() {
		rec := &typev1.Change{}
		if err := DecodeMessage(b, feedBucket+"/"+event, k, v, rec); err != nil {
			return err
		}
		if !add(rec) {
			return nil
		}
	}
	return nil
}

// sinceInFeed refuses a cursor past the last record of event's feed: it
// was not given by this feed (another Director's, or a store restored from
// an older copy), and a reader that went on from it would skip every record
// up to it as they came.
func sinceInFeed(event string, since, last uint64) error {
	if since > last {
		return FieldError("since", fmt.Sprintf("%d is past the last change of events/%s (%d): read again from 0, or from what you processed of this feed", since, event, last))
	}
	return nil
}

// sinceOf is the since field of a feed request, and whether it was given.
func sinceOf(req proto.Message) (uint64, bool) {
	m := req.ProtoReflect()
	fd := m.Descriptor().Fields().ByName("since")
	if fd == nil || !m.Has(fd) {
		return 0, false
	}
	return m.Get(fd).Uint(), true
}

// consumerOf names the reader whose acknowledgements a call reads and
// writes: its token's name.
func consumerOf(ctx context.Context) string {
	return CallerName(ctx)
}

// acknowledged is the sequence consumer acknowledged in the feed of event.
func acknowledged(tx *bbolt.Tx, event, consumer string) (uint64, error) {
	b := bucketAt(tx, feedAcksBucket, event)
	if b == nil {
		return 0, nil
	}
	v := b.Get([]byte(consumer))
	if v == nil {
		return 0, nil
	}
	payload, err := decodeRecord(v)
	if err != nil || len(payload) != 8 {
		return 0, status.Errorf(codes.DataLoss, "%s: the acknowledgement of %q in %s/%s is damaged; acknowledge again", tx.DB().Path(), consumer, feedAcksBucket, event)
	}
	return binary.BigEndian.Uint64(payload), nil
}

// AcknowledgeChanges records that the caller processed the feed of event up
// to seq, which may not pass the feed's last record, and returns the
// caller's acknowledgement: an acknowledgement never goes back (an earlier
// one, resent or overtaken, changes nothing), so that resending one is
// harmless.
func (s *Store) AcknowledgeChanges(ctx context.Context, req FeedRequest, seq uint64) (uint64, error) {
	event, err := feedEvent(req)
	if err != nil {
		return 0, err
	}
	consumer := consumerOf(ctx)
	var acked uint64
	err = s.batch(func(tx *bbolt.Tx) error {
		var last uint64
		if b := bucketAt(tx, feedBucket, event); b != nil {
			last = b.Sequence()
		}
		if seq > last {
			return FieldError("sequence", fmt.Sprintf("%d is past the last change of events/%s (%d)", seq, event, last))
		}
		var err error
		if acked, err = acknowledged(tx, event, consumer); err != nil && status.Code(err) != codes.DataLoss {
			return err
		}
		if seq <= acked && err == nil {
			return nil
		}
		b, err := createBucketAt(tx, feedAcksBucket, event)
		if err != nil {
			return err
		}
		acked = seq
		return b.Put([]byte(consumer), encodeRecord(Uint64Key(seq)))
	})
	return acked, err
}

// WatchChanges serves a WatchChanges stream: it sends (with send) the
// records of the feed of the event the request names after its since (or
// the caller's acknowledgement), then each new one as it is committed,
// until the stream ends or has run maxWatchTime (then it ends Unavailable,
// naming the cursor to resume from). It sends the stream's headers once the
// watch is under way, so that a client knows it was accepted before any
// record comes (FeedSinceHeader). A store serves at most maxWatches
// watches at once.
func (s *Store) WatchChanges(stream grpc.ServerStream, req FeedRequest, send func(*typev1.Change) error) error {
	ctx := stream.Context()
	event, err := feedEvent(req)
	if err != nil {
		return err
	}
	if !s.watches.enter() {
		return status.Errorf(codes.ResourceExhausted, "%s serves %d watches at once; list the changes instead, or watch again later", filepath.Base(s.path), maxWatches)
	}
	defer s.watches.leave()
	cursor, given := sinceOf(req)
	err = s.View(func(tx *bbolt.Tx) (err error) {
		if !given {
			cursor, err = acknowledged(tx, event, consumerOf(ctx))
			return err
		}
		var last uint64
		if b := bucketAt(tx, feedBucket, event); b != nil {
			last = b.Sequence()
		}
		return sinceInFeed(event, cursor, last)
	})
	if err != nil {
		return err
	}
	if err := stream.SendHeader(metadata.Pairs(FeedSinceHeader, strconv.FormatUint(cursor, 10))); err != nil {
		return err
	}
	limit := time.NewTimer(maxWatchTime)
	defer limit.Stop()
	for {
		woken := s.watches.next(event)
		var batch []*typev1.Change
		err := s.View(func(tx *bbolt.Tx) error {
			b := bucketAt(tx, feedBucket, event)
			if b == nil {
				return nil
			}
			return readChanges(b, event, cursor, func(c *typev1.Change) bool {
				batch = append(batch, c)
				return len(batch) < watchBatch
			})
		})
		if err != nil {
			return err
		}
		for _, c := range batch {
			if err := send(c); err != nil {
				return err
			}
			cursor = c.GetSequence()
		}
		if len(batch) == watchBatch {
			continue
		}
		select {
		case <-woken:
		case <-ctx.Done():
			return status.FromContextError(ctx.Err()).Err()
		case <-limit.C:
			return status.Errorf(codes.Unavailable, "a watch lasts at most %s: watch again with since=%d", maxWatchTime, cursor)
		}
	}
}

// FeedSinceHeader is the response header of a WatchChanges stream: the
// sequence the watch starts after (the request's since, or the caller's
// acknowledgement). It is sent once the watch is under way, before any
// record.
const FeedSinceHeader = "feed-since"

// watchBatch is how many records a watcher reads in one transaction, so that
// a watcher far behind holds no transaction open while it sends.
const watchBatch = 256

// watches wakes the watchers of each event when a change of it commits.
type watches struct {
	mu      sync.Mutex
	running int
	// woken holds, for each event someone watches, the channel closed at
	// the next commit of a change of it.
	woken map[string]chan struct{}
}

// next is the channel closed at the next commit of a change of event. A
// watcher takes it before it reads the store, so that a commit after the
// read wakes it.
func (w *watches) next(event string) <-chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.woken == nil {
		w.woken = map[string]chan struct{}{}
	}
	ch, ok := w.woken[event]
	if !ok {
		ch = make(chan struct{})
		w.woken[event] = ch
	}
	return ch
}

func (w *watches) wake(event string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if ch, ok := w.woken[event]; ok {
		close(ch)
		delete(w.woken, event)
	}
}

func (w *watches) enter() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.running >= maxWatches {
		return false
	}
	w.running++
	return true
}

func (w *watches) leave() {
	w.mu.Lock()
	w.running--
	w.mu.Unlock()
}

// FeedRequest is a request of a feed method: its parent names the event
// ("events/<id>"); ListChanges and WatchChanges requests also carry an
// optional since.
type FeedRequest interface {
	proto.Message
	GetParent() string
}

// feedEvent is the event id a feed request's parent names.
func feedEvent(req FeedRequest) (string, error) {
	ids, err := ParseName("parent", req.GetParent(), "events/{event}")
	if err != nil {
		return "", err
	}
	return ids[0], nil
}

// FeedRule is the access rule of every service's feed methods (ListChanges,
// AcknowledgeChanges, WatchChanges): the directors and scorers of the event
// its parent names, and federation administrators, read it. Terminals do
// not: a table's device learns its own round, and sees a board's results
// only once the board is played at its table, while the feed carries every
// table's results as they come, and the directors' calls and rulings.
func FeedRule() Rule {
	return Rule{Roles: []Role{RoleDirector, RoleScorer}, Resources: []string{"parent"}}
}
