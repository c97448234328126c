package platform

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

func openFeedStore(t *testing.T) *Store {
	t.Helper()
	s, err := OpenStore(filepath.Join(t.TempDir(), "feed.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// resultChange is the change of the result of board n at table 1 of
// events/club-night.
func resultChange(n int32) Change {
	name := fmt.Sprintf("events/club-night/sessions/1/sections/A/tables/1/rounds/1/boards/%d", n)
	return Change{Kind: typev1.ChangeKind_CHANGE_KIND_RESULT_SUBMITTED, Name: name, By: "table-1", Resource: &scoringv1.Result{Name: name, Board: n, NsPair: 1, EwPair: 2}}
}

// change writes the result of board n and its feed record in one write;
// fail makes the write fail after both were written.
func change(s *Store, n int32, fail error) error {
	return s.Mutate(context.Background(), "", "", nil, nil, func(tx *bbolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists([]byte("results"))
		if err != nil {
			return err
		}
		c := resultChange(n)
		if err := PutMessage(b, []byte(c.Name), c.Resource); err != nil {
			return err
		}
		if err := s.AppendChange(tx, c); err != nil {
			return err
		}
		return fail
	})
}

func as(name string) context.Context {
	return withPrincipal(context.Background(), Principal{Name: name, Roles: []Role{RoleScorer}})
}

func since(n uint64) *uint64 { return &n }

// list reads the whole feed of club-night as name would, page by page.
func list(t *testing.T, s *Store, name string, from *uint64, pageSize int32) []*typev1.Change {
	t.Helper()
	req := &scoringv1.ListChangesRequest{Parent: "events/club-night", Since: from, PageSize: pageSize}
	var all []*typev1.Change
	for {
		page, err := s.ListChanges(as(name), req)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, page.Changes...)
		if page.NextPageToken == "" {
			return all
		}
		req.PageToken = page.NextPageToken
	}
}

func sequences(changes []*typev1.Change) []uint64 {
	var out []uint64
	for _, c := range changes {
		out = append(out, c.GetSequence())
	}
	return out
}

func wantSequences(t *testing.T, got []*typev1.Change, want ...uint64) {
	t.Helper()
	if fmt.Sprint(sequences(got)) != fmt.Sprint(want) {
		t.Fatalf("sequences %v, want %v", sequences(got), want)
	}
}

// TestAChangeAndItsRecordCommitTogether: a committed change always has its
// record, one that fails has neither (and takes no number), and the records
// read back in order with the resource as it was changed.
func TestAChangeAndItsRecordCommitTogether(t *testing.T) {
	s := openFeedStore(t)
	refused := status.Error(codes.FailedPrecondition, "refused")
	steps := []struct {
		board int32
		fail  error
	}{{1, nil}, {2, refused}, {3, nil}, {4, refused}, {5, nil}}
	for _, step := range steps {
		if err := change(s, step.board, step.fail); !errors.Is(err, step.fail) {
			t.Fatalf("board %d: %v, want %v", step.board, err, step.fail)
		}
	}
	got := list(t, s, "scorer", since(0), 0)
	wantSequences(t, got, 1, 2, 3)
	err := s.View(func(tx *bbolt.Tx) error {
		for i, board := range []int32{1, 3, 5} {
			c := got[i]
			r := &scoringv1.Result{}
			if err := c.GetResource().UnmarshalTo(r); err != nil {
				return err
			}
			stored := &scoringv1.Result{}
			if ok, err := GetMessage(tx.Bucket([]byte("results")), "results", []byte(c.GetName()), stored); err != nil || !ok {
				return fmt.Errorf("record %d has no stored result (%v)", c.GetSequence(), err)
			}
			if r.GetBoard() != board || !proto.Equal(r, stored) || c.GetKind() != typev1.ChangeKind_CHANGE_KIND_RESULT_SUBMITTED || c.GetChangedBy() != "table-1" {
				return fmt.Errorf("record %d is %v, want board %d as stored", c.GetSequence(), c, board)
			}
		}
		for _, board := range []int32{2, 4} {
			if v := tx.Bucket([]byte("results")).Get([]byte(resultChange(board).Name)); v != nil {
				return fmt.Errorf("the refused board %d was stored", board)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestAChangeOfAFailedBatchIsRecordedOnce: writes committed together, one
// of which fails, leave the others' records once each, numbered without a
// gap.
func TestAChangeOfAFailedBatchIsRecordedOnce(t *testing.T) {
	s := openFeedStore(t)
	const n = 50
	errs := make(chan error, n)
	for i := range int32(n) {
		go func() {
			var fail error
			if i%7 == 0 {
				fail = status.Error(codes.Aborted, "refused")
			}
			if err := change(s, i+1, fail); !errors.Is(err, fail) {
				errs <- err
				return
			}
			errs <- nil
		}()
	}
	for range n {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	got := list(t, s, "scorer", since(0), 7)
	boards := map[int32]bool{}
	for i, c := range got {
		if c.GetSequence() != uint64(i+1) {
			t.Fatalf("record %d has sequence %d", i+1, c.GetSequence())
		}
		r := &scoringv1.Result{}
		c.GetResource().UnmarshalTo(r)
		if boards[r.GetBoard()] || (r.GetBoard()-1)%7 == 0 {
			t.Fatalf("board %d recorded twice or though refused", r.GetBoard())
		}
		boards[r.GetBoard()] = true
	}
	if want := n - (n+6)/7; len(got) != want {
		t.Fatalf("%d records, want %d", len(got), want)
	}
}

// TestAcknowledgeAndRecover is the Data Connector's poll and accept: a
// reader lists without a cursor from after its acknowledgement, another
// reader's acknowledgement is its own, since=0 reads everything again, and
// an acknowledgement past the feed or back in it changes nothing.
func TestAcknowledgeAndRecover(t *testing.T) {
	s := openFeedStore(t)
	for board := range int32(5) {
		if err := change(s, board+1, nil); err != nil {
			t.Fatal(err)
		}
	}
	req := &scoringv1.AcknowledgeChangesRequest{Parent: "events/club-night"}
	wantSequences(t, list(t, s, "scorer", nil, 2), 1, 2, 3, 4, 5)
	if n, err := s.AcknowledgeChanges(as("scorer"), req, 3); err != nil || n != 3 {
		t.Fatalf("acknowledged %d, %v; want 3", n, err)
	}
	wantSequences(t, list(t, s, "scorer", nil, 0), 4, 5)
	wantSequences(t, list(t, s, "federation", nil, 0), 1, 2, 3, 4, 5)
	wantSequences(t, list(t, s, "scorer", since(0), 0), 1, 2, 3, 4, 5)
	wantSequences(t, list(t, s, "scorer", since(4), 0), 5)
	if n, err := s.AcknowledgeChanges(as("scorer"), req, 2); err != nil || n != 3 {
		t.Fatalf("acknowledging 2 after 3: %d, %v; want 3 kept", n, err)
	}
	_, err := s.AcknowledgeChanges(as("scorer"), req, 6)
	if status.Code(err) != codes.InvalidArgument {
		t.Fatalf("acknowledging past the last change: %v, want InvalidArgument", err)
	}
	page, err := s.ListChanges(as("scorer"), &scoringv1.ListChangesRequest{Parent: "events/club-night"})
	if err != nil || page.Acknowledged != 3 || page.Last != 5 {
		t.Fatalf("page says acknowledged %d, last %d (%v); want 3 and 5", page.Acknowledged, page.Last, err)
	}
	// A cursor this feed never gave is refused, listing and watching: a
	// reader going on from it would skip records 6 to 9 as they came.
	if _, err := s.ListChanges(as("scorer"), &scoringv1.ListChangesRequest{Parent: "events/club-night", Since: since(9)}); status.Code(err) != codes.InvalidArgument {
		t.Errorf("listing since 9 of 5 changes: %v, want InvalidArgument", err)
	}
	gone, cancel := context.WithCancel(as("scorer")) // a watch let through ends at once, Canceled
	cancel()
	err = s.WatchChanges(watchStream{ctx: gone}, &scoringv1.WatchChangesRequest{Parent: "events/club-night", Since: since(9)}, func(*typev1.Change) error { return nil })
	if status.Code(err) != codes.InvalidArgument {
		t.Errorf("watching since 9 of 5 changes: %v, want InvalidArgument", err)
	}
	// An event of its own has a feed of its own.
	other := &scoringv1.ListChangesRequest{Parent: "events/other"}
	if page, err := s.ListChanges(as("scorer"), other); err != nil || len(page.Changes) != 0 || page.Last != 0 {
		t.Fatalf("another event's feed: %v, %v; want empty", page, err)
	}
	if _, err := s.ListChanges(as("scorer"), &scoringv1.ListChangesRequest{Parent: "club-night"}); status.Code(err) != codes.InvalidArgument {
		t.Fatalf("parent club-night: %v, want InvalidArgument", err)
	}
}

// watchStream is the server side of a WatchChanges stream, without the
// network: WatchChanges only reads its context and sends its headers.
type watchStream struct {
	grpc.ServerStream
	ctx context.Context
}

func (w watchStream) Context() context.Context   { return w.ctx }
func (watchStream) SendHeader(metadata.MD) error { return nil }

// watch follows the feed from cursor until it holds n records, and returns
// them; the watch then ends as a dropped connection would.
func watch(t *testing.T, s *Store, from *uint64, n int) []*typev1.Change {
	t.Helper()
	ctx, cancel := context.WithCancel(as("scorer"))
	defer cancel()
	var got []*typev1.Change
	err := s.WatchChanges(watchStream{ctx: ctx}, &scoringv1.WatchChangesRequest{Parent: "events/club-night", Since: from}, func(c *typev1.Change) error {
		got = append(got, c)
		if len(got) == n {
			cancel()
		}
		return nil
	})
	if status.Code(err) != codes.Canceled {
		t.Fatalf("watch ended with %v, want Canceled", err)
	}
	return got
}

// TestAWatcherThatResumesMissesNothing: a watcher gets what was there, then
// each change as it commits; dropped and resumed from its cursor while
// changes go on, it sees every record once, in order.
func TestAWatcherThatResumesMissesNothing(t *testing.T) {
	s := openFeedStore(t)
	for board := range int32(3) {
		if err := change(s, board+1, nil); err != nil {
			t.Fatal(err)
		}
	}
	const total = 40
	writes := make(chan error, 1)
	go func() {
		for board := int32(4); board <= total; board++ {
			if err := change(s, board, nil); err != nil {
				writes <- err
				return
			}
		}
		writes <- nil
	}()
	var seen []*typev1.Change
	cursor := uint64(0)
	for len(seen) < total {
		got := watch(t, s, since(cursor), min(7, total-len(seen)))
		seen = append(seen, got...)
		cursor = got[len(got)-1].GetSequence()
	}
	if err := <-writes; err != nil {
		t.Fatal(err)
	}
	for i, c := range seen {
		if c.GetSequence() != uint64(i+1) {
			t.Fatalf("record %d of the watch has sequence %d", i+1, c.GetSequence())
		}
	}
}

// TestAWatchWithoutACursorStartsAfterTheAcknowledgement: a watch without
// since goes on where the reader acknowledged, as a list does.
func TestAWatchWithoutACursorStartsAfterTheAcknowledgement(t *testing.T) {
	s := openFeedStore(t)
	for board := range int32(4) {
		if err := change(s, board+1, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.AcknowledgeChanges(as("scorer"), &scoringv1.AcknowledgeChangesRequest{Parent: "events/club-night"}, 2); err != nil {
		t.Fatal(err)
	}
	wantSequences(t, watch(t, s, nil, 2), 3, 4)
}

// TestWatchesAreBounded: past maxWatches at once, a watch is refused.
func TestWatchesAreBounded(t *testing.T) {
	s := openFeedStore(t)
	for range maxWatches {
		if !s.watches.enter() {
			t.Fatal("refused before the bound")
		}
	}
	err := s.WatchChanges(watchStream{ctx: as("scorer")}, &scoringv1.WatchChangesRequest{Parent: "events/club-night"}, func(*typev1.Change) error { return nil })
	if status.Code(err) != codes.ResourceExhausted {
		t.Fatalf("watch past the bound: %v, want ResourceExhausted", err)
	}
}

// TestAChangeMustNameItsEvent: a record whose name is under no event
// fails its write.
func TestAChangeMustNameItsEvent(t *testing.T) {
	s := openFeedStore(t)
	err := s.Mutate(context.Background(), "", "", nil, nil, func(tx *bbolt.Tx) error {
		return s.AppendChange(tx, Change{Kind: typev1.ChangeKind_CHANGE_KIND_EVENT_CREATED, Name: "sessions/1", Resource: &scoringv1.Result{}})
	})
	if status.Code(err) != codes.Internal {
		t.Fatalf("a change outside an event: %v, want Internal", err)
	}
}
