package movementservice

import (
	"context"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
)

func TestSessionsArePagedInSessionOrder(t *testing.T) {
	h := start(t, t.TempDir())
	h.event(t, "congress")
	ctx := context.Background()
	for _, n := range []int32{10, 2, 1} {
		if _, err := h.client.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/congress", SessionId: n}); err != nil {
			t.Fatal(err)
		}
	}
	req := &movementv1.ListSessionsRequest{Parent: "events/congress", PageSize: 2}
	first, err := h.client.ListSessions(ctx, req)
	if err != nil || len(first.GetSessions()) != 2 || first.GetSessions()[1].GetName() != "events/congress/sessions/2" || first.GetNextPageToken() == "" {
		t.Fatalf("first page %v, %v: want sessions 1 and 2 and a token", first, err)
	}
	req.PageToken = first.GetNextPageToken()
	second, err := h.client.ListSessions(ctx, req)
	if err != nil || len(second.GetSessions()) != 1 || second.GetSessions()[0].GetName() != "events/congress/sessions/10" || second.GetNextPageToken() != "" {
		t.Fatalf("second page %v, %v: want session 10 and no token", second, err)
	}
	_, err = h.client.ListSessions(ctx, &movementv1.ListSessionsRequest{Parent: "events/other", PageToken: first.GetNextPageToken()})
	if status.Code(err) != codes.InvalidArgument {
		t.Errorf("a token of another event's list: %v, want InvalidArgument", err)
	}
}
