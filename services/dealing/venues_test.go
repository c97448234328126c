package dealingservice

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

func TestVenueHoldsTheFederationsBoardSetsOnce(t *testing.T) {
	fed := start(t, t.TempDir())
	defer fed.stop()
	fed.svc.ServeVenues()
	venue := start(t, t.TempDir())
	defer venue.stop()
	ctx := context.Background()
	dealt := fed.create(t, &dealingv1.BoardSet{Title: "Congress pairs", FirstBoard: 1, LastBoard: 4})
	if _, err := fed.client.RedealBoard(as(asDirector), &dealingv1.RedealBoardRequest{Name: setName + "/boards/2", Reason: "fouled"}); err != nil {
		t.Fatal(err)
	}
	if _, err := fed.client.ReleaseBoardSet(as(asDirector), &dealingv1.ReleaseBoardSetRequest{Name: setName}); err != nil {
		t.Fatal(err)
	}
	out := fed.svc.ToVenue("north")
	queued, last, err := out.ChangesAfter(ctx, "congress", 0)
	if err != nil || len(queued) != 3 || last != 3 {
		t.Fatalf("the venues' queue holds %d records (last %d), %v; want the set made, redealt and released", len(queued), last, err)
	}
	if got := &(dealingv1.BoardSet{}); queued[0].GetResource().UnmarshalTo(got) != nil || len(got.GetBoards()) != 4 || got.GetBoards()[0].GetDeal() == nil {
		t.Fatalf("the queued set carries no deals: %v", got)
	}
	inc, err := fed.svc.Incarnation()
	if err != nil {
		t.Fatal(err)
	}
	apply := func(changes ...*typev1.Change) (uint64, error) {
		return venue.svc.ApplyVenueChanges(ctx, "federation", inc, "congress", changes)
	}
	// A gap: the release before the redeal waits.
	if mark, err := apply(queued[0], queued[2]); mark != 1 || err != nil {
		t.Fatalf("records 1 and 3: mark %d, %v; want 1", mark, err)
	}
	got, err := venue.client.GetBoardSet(as(asDirector), &dealingv1.GetBoardSetRequest{Name: setName})
	if err != nil || got.GetBoardSet().GetReleased() {
		t.Fatalf("with the redeal missing the venue's set is %v, %v", got, err)
	}
	if !proto.Equal(got.GetBoardSet().GetBoards()[0], dealt.GetBoards()[0]) {
		t.Errorf("board 1 at the venue differs from the federation's")
	}
	if mark, err := apply(queued[2], queued[1], queued[0]); mark != 3 || err != nil {
		t.Fatalf("records 1 to 3: mark %d, %v; want 3", mark, err)
	}
	want, err := fed.client.GetBoardSet(as(asDirector), &dealingv1.GetBoardSetRequest{Name: setName})
	if err != nil {
		t.Fatal(err)
	}
	got, err = venue.client.GetBoardSet(as(asDirector), &dealingv1.GetBoardSetRequest{Name: setName})
	if err != nil || !got.GetBoardSet().GetReleased() || len(got.GetBoardSet().GetBoards()) != 4 {
		t.Fatalf("the venue's set after every record: %v, %v", got, err)
	}
	for i, b := range want.GetBoardSet().GetBoards() {
		if !proto.Equal(b, got.GetBoardSet().GetBoards()[i]) {
			t.Errorf("board %d at the venue differs from the federation's", i+1)
		}
	}
	// Delivered again: nothing changes, and the venue's feed records each
	// change once.
	if mark, err := apply(queued...); mark != 3 || err != nil {
		t.Fatalf("redelivered: mark %d, %v", mark, err)
	}
	feed, err := venue.client.ListChanges(as(asDirector), &dealingv1.ListChangesRequest{Parent: "events/congress", Since: proto.Uint64(0)})
	if err != nil || len(feed.GetChanges()) != 3 {
		t.Fatalf("the venue's feed: %v, %v; want 3 records", feed.GetChanges(), err)
	}
	// A venue's own changes are not queued for the venues.
	if _, last, _ := venue.svc.ToVenue("north").ChangesAfter(ctx, "congress", 0); last != 0 {
		t.Errorf("the venue queued %d records of its own", last)
	}
	// A set of a session the venue does not hold waits, and says why.
	other := proto.Clone(queued[0]).(*typev1.Change)
	other.Sequence = 4
	set := &dealingv1.BoardSet{}
	if err := queued[0].GetResource().UnmarshalTo(set); err != nil {
		t.Fatal(err)
	}
	set.Name = "events/congress/sessions/2/boardsets/main"
	other.Name = set.Name
	if err := other.Resource.MarshalFrom(set); err != nil {
		t.Fatal(err)
	}
	if mark, err := apply(other); mark != 3 || err == nil || !strings.Contains(err.Error(), "record 4") {
		t.Fatalf("a set of session 2: mark %d, %v; want 3 and it refused", mark, err)
	}
}
