package scoringservice

import (
	"context"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/anypb"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform/platformtest"
	"github.com/bridge-director/director/services/resource"
)

// venueResult is record seq of a venue's feed of club-night: a result
// entered in section sec.
func venueResult(t *testing.T, seq uint64, kind typev1.ChangeKind, sec string, r *scoringv1.Result) *typev1.Change {
	t.Helper()
	r.Session, r.Section = 1, sec
	r.Name = resource.Result{Event: "club-night", Session: 1, Section: sec, Table: r.Table, Round: r.Round, Board: r.Board}.String()
	a, err := anypb.New(r)
	if err != nil {
		t.Fatal(err)
	}
	return &typev1.Change{Sequence: seq, Kind: kind, Name: r.Name, ChangedBy: "table-1", Resource: a}
}

// apply applies records of the venue north's feed (incarnation one) and
// returns the mark and the error.
func (h *harness) apply(changes ...*typev1.Change) (uint64, error) {
	return h.svc.ApplyVenueChanges(context.Background(), "north", "one", "club-night", changes)
}

// revisions lists the revisions the federation holds of a result.
func (h *harness) revisions(t *testing.T, name string) []*scoringv1.Revision {
	t.Helper()
	resp, err := h.client.GetResultHistory(context.Background(), &scoringv1.GetResultHistoryRequest{Name: name})
	if err != nil {
		t.Fatalf("GetResultHistory %s: %v", name, err)
	}
	return resp.GetRevisions()
}

func (h *harness) venueFeed(t *testing.T, venue string) *scoringv1.VenueFeed {
	t.Helper()
	resp, err := h.client.ListVenueFeeds(context.Background(), &scoringv1.ListVenueFeedsRequest{Parent: "events/club-night"})
	if err != nil {
		t.Fatalf("ListVenueFeeds: %v", err)
	}
	for _, f := range resp.GetVenueFeeds() {
		if f.GetVenue() == venue {
			return f
		}
	}
	t.Fatalf("no feed of venue %s in %v", venue, resp.GetVenueFeeds())
	return nil
}

func TestVenueRecordsAreAppliedOnceInOrder(t *testing.T) {
	h := newHarness(t)
	sub := typev1.ChangeKind_CHANGE_KIND_RESULT_SUBMITTED
	r1 := venueResult(t, 1, sub, "A", played(1, 1, 1, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 10))
	r2 := venueResult(t, 2, sub, "A", played(1, 1, 2, 1, 2, "3N", typev1.Seat_SEAT_SOUTH, 9))
	r3 := venueResult(t, 3, sub, "A", played(2, 1, 1, 3, 4, "4S", typev1.Seat_SEAT_NORTH, 11))
	if mark, err := h.apply(r1, r2, r3); mark != 3 || err != nil {
		t.Fatalf("applying records 1 to 3: mark %d, %v; want 3", mark, err)
	}
	// NATS delivers again: the records are applied already.
	if mark, err := h.apply(r2, r1); mark != 3 || err != nil {
		t.Fatalf("redelivered records 1 and 2: mark %d, %v; want 3", mark, err)
	}
	// A record resent long after (past any de-duplication window of the
	// transport) is still the same record: it changes nothing, even when
	// its result would.
	late := venueResult(t, 2, typev1.ChangeKind_CHANGE_KIND_RESULT_CORRECTED, "A", played(1, 1, 2, 1, 2, "3N", typev1.Seat_SEAT_SOUTH, 7))
	if mark, err := h.apply(late); mark != 3 || err != nil {
		t.Fatalf("a late resend of record 2: mark %d, %v; want 3", mark, err)
	}
	for _, r := range []*typev1.Change{r1, r2, r3} {
		if revs := h.revisions(t, r.GetName()); len(revs) != 1 {
			t.Errorf("%s has %d revisions at the federation, want 1: %v", r.GetName(), len(revs), revs)
		}
	}

	// A gap: record 5 comes before 4. It waits, and says so.
	r4 := venueResult(t, 4, typev1.ChangeKind_CHANGE_KIND_RESULT_CORRECTED, "A", played(1, 1, 2, 1, 2, "3N", typev1.Seat_SEAT_SOUTH, 8))
	r5 := venueResult(t, 5, sub, "A", played(2, 1, 2, 3, 4, "2H", typev1.Seat_SEAT_EAST, 8))
	if mark, err := h.apply(r5); mark != 3 || err != nil {
		t.Fatalf("record 5 before 4: mark %d, %v; want 3 and no error", mark, err)
	}
	if f := h.venueFeed(t, "north"); !strings.Contains(f.GetHeld(), "record 4 has not come") || f.GetCurrent() {
		t.Errorf("with record 4 missing the feed says %+v", f)
	}
	if _, ok, _ := h.svc.readSlot("club-night", slotOf(mustResult(t, r5))); ok {
		t.Fatal("record 5 was applied before record 4")
	}
	if mark, err := h.apply(r5, r4); mark != 5 || err != nil {
		t.Fatalf("records 4 and 5: mark %d, %v; want 5", mark, err)
	}
	if revs := h.revisions(t, r4.GetName()); len(revs) != 2 || revs[1].GetResult().GetPlayed().GetTricks() != 8 {
		t.Errorf("the correction of record 4 gives revisions %v", revs)
	}

	// A record the federation cannot take yet (a section it does not
	// know) holds the feed, the records before it applied, until mended.
	r6 := venueResult(t, 6, sub, "A", played(3, 1, 1, 5, 6, "1N", typev1.Seat_SEAT_NORTH, 7))
	r7 := venueResult(t, 7, sub, "Z", played(1, 1, 1, 1, 2, "1N", typev1.Seat_SEAT_NORTH, 7))
	r8 := venueResult(t, 8, sub, "A", played(3, 1, 2, 5, 6, "1N", typev1.Seat_SEAT_NORTH, 8))
	mark, err := h.apply(r6, r7, r8)
	if mark != 6 || err == nil || !strings.Contains(err.Error(), "record 7") {
		t.Fatalf("records 6 to 8 with 7 of an unknown section: mark %d, %v; want 6 and record 7 refused", mark, err)
	}
	if f := h.venueFeed(t, "north"); !strings.Contains(f.GetHeld(), "record 7") || !strings.Contains(f.GetHeld(), `section "events/club-night/sessions/1/sections/Z" not found`) || strings.Contains(f.GetHeld(), "rpc error") {
		t.Errorf("with record 7 refused the feed says %q; want why, as a person reads it", f.GetHeld())
	}
	h.createSection(t, "club-night", 1, "Z")
	if mark, err := h.apply(r7, r8); mark != 8 || err != nil {
		t.Fatalf("records 7 and 8 once section Z exists: mark %d, %v; want 8", mark, err)
	}

	// A record its board refuses inside the transaction (pair 1 playing
	// board 1 twice) holds the feed too; the record before it stays
	// applied with the mark.
	r9 := venueResult(t, 9, sub, "A", played(4, 1, 3, 7, 8, "1N", typev1.Seat_SEAT_NORTH, 7))
	r10 := venueResult(t, 10, sub, "A", played(5, 2, 1, 1, 9, "1N", typev1.Seat_SEAT_NORTH, 7))
	if mark, err := h.apply(r9, r10); mark != 9 || err == nil {
		t.Fatalf("record 10 playing board 1 twice: mark %d, %v; want 9 and an error", mark, err)
	}
	if _, ok, _ := h.svc.readSlot("club-night", slotOf(mustResult(t, r9))); !ok {
		t.Error("record 9 is not applied with its mark")
	}

	// Another venue's record of north's section is refused: a venue
	// enters results only in its own sections.
	other := venueResult(t, 1, sub, "A", played(7, 1, 5, 13, 14, "1N", typev1.Seat_SEAT_NORTH, 7))
	if mark, err := h.svc.ApplyVenueChanges(context.Background(), "south", "s1", "club-night", []*typev1.Change{other}); mark != 0 || err == nil || !strings.Contains(err.Error(), "from venue north, not south") {
		t.Fatalf("south's result in north's section: mark %d, %v; want it refused", mark, err)
	}

	// Another incarnation of the venue's store numbers from 1 again.
	again := venueResult(t, 1, sub, "A", played(6, 1, 4, 11, 12, "1N", typev1.Seat_SEAT_NORTH, 7))
	if mark, err := h.svc.ApplyVenueChanges(context.Background(), "north", "two", "club-night", []*typev1.Change{again}); mark != 1 || err != nil {
		t.Fatalf("record 1 of a new incarnation: mark %d, %v; want 1", mark, err)
	}
}

func TestVenueFeedSaysLagAndFinalisedSessions(t *testing.T) {
	h := newHarness(t)
	sub := typev1.ChangeKind_CHANGE_KIND_RESULT_SUBMITTED
	if _, err := h.apply(venueResult(t, 1, sub, "A", played(1, 1, 1, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 10))); err != nil {
		t.Fatal(err)
	}
	if err := h.svc.VenueHeard(context.Background(), "north", "one", "club-night", 3); err != nil {
		t.Fatal(err)
	}
	f := h.venueFeed(t, "north")
	if f.GetAppliedSequence() != 1 || f.GetPublishedSequence() != 3 || f.GetLag() != 2 || f.GetCurrent() || len(f.GetFinalisedSessions()) != 0 {
		t.Fatalf("one of three records applied: %+v", f)
	}
	provisional := func() bool {
		t.Helper()
		resp, err := h.client.GetStandings(context.Background(), &scoringv1.GetStandingsRequest{Event: "events/club-night", Session: 1})
		if err != nil {
			t.Fatal(err)
		}
		return resp.GetProvisional()
	}
	if !provisional() {
		t.Error("the standings are final before north finalised its session")
	}
	// The venue finalises its session; the federation records it.
	resp, err := h.client.FinaliseSession(context.Background(), &scoringv1.FinaliseSessionRequest{Session: "events/club-night/sessions/1"})
	if err != nil {
		t.Fatal(err)
	}
	fin, err := anypb.New(resp.GetFinalisation())
	if err != nil {
		t.Fatal(err)
	}
	r2 := venueResult(t, 2, sub, "A", played(1, 1, 2, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 10))
	r3 := &typev1.Change{Sequence: 3, Kind: typev1.ChangeKind_CHANGE_KIND_SESSION_FINALISED, Name: "events/club-night/sessions/1", Resource: fin}
	if mark, err := h.apply(r3, r2); mark != 3 || err != nil {
		t.Fatalf("records 2 and 3: mark %d, %v", mark, err)
	}
	f = h.venueFeed(t, "north")
	if f.GetLag() != 0 || !f.GetCurrent() || len(f.GetFinalisedSessions()) != 1 || f.GetFinalisedSessions()[0] != "events/club-night/sessions/1" {
		t.Fatalf("every record applied: %+v", f)
	}
	if provisional() {
		t.Error("the standings are provisional once every venue finalised")
	}
	// Finalising again answers the first finalisation and adds no record.
	again, err := h.client.FinaliseSession(context.Background(), &scoringv1.FinaliseSessionRequest{Session: "events/club-night/sessions/1"})
	if err != nil || !again.GetFinalisation().GetFinaliseTime().AsTime().Equal(resp.GetFinalisation().GetFinaliseTime().AsTime()) {
		t.Fatalf("finalising again: %v, %v", again, err)
	}
	changes, last, err := h.svc.ChangesAfter(context.Background(), "club-night", 0)
	if err != nil {
		t.Fatal(err)
	}
	finalised := 0
	for _, c := range changes {
		if c.GetKind() == typev1.ChangeKind_CHANGE_KIND_SESSION_FINALISED {
			finalised++
		}
	}
	if finalised != 1 || last != uint64(len(changes)) {
		t.Errorf("the feed holds %d finalisations in %d records (last %d), want 1", finalised, len(changes), last)
	}
}

func TestRelayCursorNeverGoesBack(t *testing.T) {
	h := newHarness(t)
	h.submit(t, played(1, 1, 1, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 10))
	h.submit(t, played(1, 1, 2, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 10))
	events, err := h.svc.FeedEvents()
	if err != nil || len(events) != 1 || events[0] != "club-night" {
		t.Fatalf("FeedEvents = %v, %v", events, err)
	}
	inc, err := h.svc.Incarnation()
	if err != nil || len(inc) != 16 {
		t.Fatalf("Incarnation = %q, %v", inc, err)
	}
	ctx := context.Background()
	if err := h.svc.SetRelayed(ctx, "club-night", 2); err != nil {
		t.Fatal(err)
	}
	if err := h.svc.SetRelayed(ctx, "club-night", 1); err != nil {
		t.Fatal(err)
	}
	if n, err := h.svc.Relayed("club-night"); n != 2 || err != nil {
		t.Fatalf("Relayed = %d, %v; want 2", n, err)
	}
	// The incarnation is the store's: it stays across a restart.
	h.stop()
	h2 := start(t, h.dir)
	defer h2.stop()
	if again, err := h2.svc.Incarnation(); again != inc || err != nil {
		t.Fatalf("after a restart the incarnation is %q (%v), was %q", again, err, inc)
	}
}

func mustResult(t *testing.T, c *typev1.Change) *scoringv1.Result {
	t.Helper()
	r := &scoringv1.Result{}
	if err := c.GetResource().UnmarshalTo(r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestFederationCorrectionsGoToTheirVenue(t *testing.T) {
	h := newHarness(t)
	sub := typev1.ChangeKind_CHANGE_KIND_RESULT_SUBMITTED
	r1 := venueResult(t, 1, sub, "A", played(1, 1, 1, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 10))
	if _, err := h.apply(r1); err != nil {
		t.Fatal(err)
	}
	out := h.svc.ToVenue("north")
	if changes, last, err := out.ChangesAfter(context.Background(), "club-night", 0); len(changes) != 0 || last != 0 || err != nil {
		t.Fatalf("before any correction north's changes are %v (last %d), %v", changes, last, err)
	}
	// The federation's director corrects north's result: it is written
	// for north.
	fixed := played(1, 1, 1, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 11)
	if _, err := h.client.CorrectResult(context.Background(), &scoringv1.CorrectResultRequest{Name: r1.GetName(), Result: fixed, Reason: "eleven tricks"}); err != nil {
		t.Fatal(err)
	}
	changes, last, err := out.ChangesAfter(context.Background(), "club-night", 0)
	if err != nil || len(changes) != 1 || last != 1 || changes[0].GetKind() != typev1.ChangeKind_CHANGE_KIND_RESULT_CORRECTED || mustResult(t, changes[0]).GetPlayed().GetTricks() != 11 {
		t.Fatalf("north's changes after the correction: %v (last %d), %v", changes, last, err)
	}
	if events, err := out.FeedEvents(); err != nil || len(events) != 1 || events[0] != "club-night" {
		t.Errorf("north's events: %v, %v", events, err)
	}
	// North's own record of it, come back, is no change for north; nor
	// is a result of a section no venue sends.
	echo := venueResult(t, 2, typev1.ChangeKind_CHANGE_KIND_RESULT_CORRECTED, "A", played(1, 1, 1, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 11))
	if mark, err := h.apply(echo); mark != 2 || err != nil {
		t.Fatalf("north's echo of the correction: mark %d, %v", mark, err)
	}
	h.createSection(t, "club-night", 1, "B")
	h.submitTo(t, "events/club-night", &scoringv1.Result{Session: 1, Section: "B", Table: 1, Round: 1, Board: 1, NsPair: 1, EwPair: 2,
		Outcome: &scoringv1.Result_Played{Played: &scoringv1.Played{Contract: "3N", Declarer: typev1.Seat_SEAT_SOUTH, Tricks: 9}}})
	if _, last, _ := out.ChangesAfter(context.Background(), "club-night", 0); last != 1 {
		t.Errorf("north's changes end at %d, want 1", last)
	}
	if err := out.SetRelayed(context.Background(), "club-night", 1); err != nil {
		t.Fatal(err)
	}
	if n, err := out.Relayed("club-night"); n != 1 || err != nil {
		t.Errorf("north's cursor: %d, %v", n, err)
	}
}

// TestAVenueMadeAgainSupersedesItsOldFeed: a venue heard from under a new
// incarnation (its store made again, or restored from a backup) leaves its
// old feed behind: listed as superseded and never current, however long
// ago it was heard from, while the new one is current.
func TestAVenueMadeAgainSupersedesItsOldFeed(t *testing.T) {
	clock := platformtest.NewClock(time.Date(2026, 11, 24, 19, 30, 0, 0, time.UTC))
	was := testClock
	testClock = clock.Now
	defer func() { testClock = was }()
	h := newHarness(t)
	sub := typev1.ChangeKind_CHANGE_KIND_RESULT_SUBMITTED
	if mark, err := h.apply(venueResult(t, 1, sub, "A", played(1, 1, 1, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 10))); mark != 1 || err != nil {
		t.Fatalf("record 1: mark %d, %v", mark, err)
	}
	clock.Advance(time.Second)
	again := venueResult(t, 1, sub, "A", played(2, 1, 1, 3, 4, "4S", typev1.Seat_SEAT_NORTH, 9))
	if mark, err := h.svc.ApplyVenueChanges(context.Background(), "north", "two", "club-night", []*typev1.Change{again}); mark != 1 || err != nil {
		t.Fatalf("record 1 of incarnation two: mark %d, %v", mark, err)
	}
	resp, err := h.client.ListVenueFeeds(context.Background(), &scoringv1.ListVenueFeedsRequest{Parent: "events/club-night"})
	if err != nil {
		t.Fatal(err)
	}
	byIncarnation := map[string]*scoringv1.VenueFeed{}
	for _, f := range resp.GetVenueFeeds() {
		byIncarnation[f.GetIncarnation()] = f
	}
	if old := byIncarnation["one"]; old.GetSupersededBy() != "two" || old.GetCurrent() {
		t.Errorf("the old incarnation's feed: %+v; want superseded by two, not current", old)
	}
	if cur := byIncarnation["two"]; cur.GetSupersededBy() != "" || !cur.GetCurrent() {
		t.Errorf("the new incarnation's feed: %+v; want current", cur)
	}
}
