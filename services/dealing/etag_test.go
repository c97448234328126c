package dealingservice

import (
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
)

// TestStaleBoardSetETagIsAborted: two directors hold the same state of a
// keyed set; one redeals a board, and the other's redeal and release are
// refused with the set as it is now, keys still hidden.
func TestStaleBoardSetETagIsAborted(t *testing.T) {
	h := start(t, t.TempDir())
	set := h.create(t, &dealingv1.BoardSet{FirstBoard: 1, LastBoard: 4, Method: dealingv1.Method_METHOD_KEYED})
	if set.GetEtag() == "" || set.GetKeys() != nil {
		t.Fatalf("created set %v: want an etag and no keys", set)
	}
	if _, err := h.client.RedealBoard(as(asDirector), &dealingv1.RedealBoardRequest{Name: setName + "/boards/2", Reason: "board fouled", Etag: set.GetEtag()}); err != nil {
		t.Fatal(err)
	}
	_, err := h.client.RedealBoard(as(asDirector), &dealingv1.RedealBoardRequest{Name: setName + "/boards/3", Reason: "board fouled", Etag: set.GetEtag()})
	wantCode(t, err, codes.Aborted, "changed since it was read")
	now, _ := status.Convert(err).Details()[0].(*dealingv1.BoardSet)
	if len(now.GetRedeals()) != 1 || now.GetKeys() != nil || now.GetEtag() == set.GetEtag() {
		t.Errorf("detail %v: want the set with its redeal, a new etag and no keys", now)
	}
	_, err = h.client.ReleaseBoardSet(as(asDirector), &dealingv1.ReleaseBoardSetRequest{Name: setName, Etag: set.GetEtag()})
	wantCode(t, err, codes.Aborted, "changed since it was read")
	got, err := h.client.GetBoardSet(as(asDirector), &dealingv1.GetBoardSetRequest{Name: setName})
	if err != nil || got.GetBoardSet().GetEtag() != now.GetEtag() {
		t.Fatalf("read %v, %v: want the etag the refusal named", got, err)
	}
	if _, err := h.client.ReleaseBoardSet(as(asDirector), &dealingv1.ReleaseBoardSetRequest{Name: setName, Etag: now.GetEtag()}); err != nil {
		t.Errorf("release with the current etag: %v", err)
	}
}

func TestBoardSetReadsArePaged(t *testing.T) {
	h := start(t, t.TempDir())
	h.create(t, &dealingv1.BoardSet{FirstBoard: 1, LastBoard: 4})
	for range 3 {
		if _, err := h.client.GetBoard(as(asDirector), &dealingv1.GetBoardRequest{Name: setName + "/boards/1"}); err != nil {
			t.Fatal(err)
		}
	}
	req := &dealingv1.ListBoardSetReadsRequest{Name: setName, PageSize: 2}
	first, err := h.client.ListBoardSetReads(as(asDirector), req)
	if err != nil || len(first.GetReads()) != 2 || first.GetNextPageToken() == "" {
		t.Fatalf("first page %v, %v", first, err)
	}
	req.PageToken = first.GetNextPageToken()
	second, err := h.client.ListBoardSetReads(as(asDirector), req)
	if err != nil || len(second.GetReads()) != 1 || second.GetNextPageToken() != "" {
		t.Fatalf("second page %v, %v", second, err)
	}
	_, err = h.client.ListBoardSetReads(as(asDirector), &dealingv1.ListBoardSetReadsRequest{Name: "events/congress/sessions/2/boardsets/main", PageToken: first.GetNextPageToken()})
	wantCode(t, err, codes.InvalidArgument, "page_token")
}
