package movementservice

import (
	"context"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
)

// TestStaleSectionETagIsAborted: two directors read the section; one seats
// a late pair, and the other's withdrawal and new movement, made against
// what they read, are refused with the section as it is now.
func TestStaleSectionETagIsAborted(t *testing.T) {
	h := start(t, t.TempDir())
	ctx := context.Background()
	read := h.section(t, 13, &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_HOWELL, BoardsPerRound: 2})
	if read.GetEtag() == "" {
		t.Fatalf("section %s has no etag", read.GetName())
	}
	late, err := h.client.AddLateEntrant(ctx, &movementv1.AddLateEntrantRequest{Section: sectionName, Entrant: &movementv1.Entrant{Number: 14}, FromRound: 3, Etag: read.GetEtag()})
	if err != nil {
		t.Fatalf("a late pair against the section as read: %v", err)
	}
	if late.GetSection().GetEtag() == read.GetEtag() {
		t.Fatal("seating a late pair left the etag as it was")
	}
	_, err = h.client.WithdrawEntrant(ctx, &movementv1.WithdrawEntrantRequest{Section: sectionName, Entrant: 5, FromRound: 4, Etag: read.GetEtag()})
	wantCode(t, err, codes.Aborted, "changed since it was read")
	now, _ := status.Convert(err).Details()[0].(*movementv1.Section)
	if now.GetEtag() != late.GetSection().GetEtag() || len(now.GetEntrants()) != 14 {
		t.Errorf("the refusal carries %v, want the section with its late pair", now)
	}
	_, err = h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: sectionName, Etag: read.GetEtag(),
		Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_HOWELL, BoardsPerRound: 3}})
	wantCode(t, err, codes.Aborted, "changed since it was read")
	got, err := h.client.GetSection(ctx, &movementv1.GetSectionRequest{Name: sectionName})
	if err != nil || got.GetSection().GetEtag() != late.GetSection().GetEtag() || got.GetSection().GetMovement().GetChoice().GetBoardsPerRound() != 2 {
		t.Errorf("section after the refusals: %v, %v; want it as the late pair left it", got, err)
	}
	// Without an etag the last writer wins.
	if _, err := h.client.WithdrawEntrant(ctx, &movementv1.WithdrawEntrantRequest{Section: sectionName, Entrant: 5, FromRound: 4}); err != nil {
		t.Errorf("a withdrawal without an etag: %v", err)
	}
}
