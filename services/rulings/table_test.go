package rulingsservice

import (
	"context"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	movementservice "github.com/bridge-director/director/services/movement"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/platform/platformtest"
)

// TestATableCallsTheDirector: a table's device calls the director with its
// table token; the call carries the pairs the schedule seats there and
// who called, and is refused for a board the table does not play in that
// round or for another table.
func TestATableCallsTheDirector(t *testing.T) {
	dir := t.TempDir()
	auth := platform.DevelopmentAuthenticator()
	mv, err := movementservice.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	mvConn, _ := platformtest.Serve(t, mv, auth)
	moves := movementv1.NewMovementServiceClient(mvConn)
	ctx := context.Background()
	clubNight(t, moves)
	if _, err := moves.SetMovement(ctx, &movementv1.SetMovementRequest{Name: section, Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL}}); err != nil {
		t.Fatal(err)
	}
	issued, err := moves.IssueTableTokens(ctx, &movementv1.IssueTableTokensRequest{Section: section, Tables: []int32{2}})
	if err != nil {
		t.Fatal(err)
	}
	svc, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	svc.Connect("movement", mvConn)
	conn, _ := platformtest.Serve(t, svc, auth)
	client := rulingsv1.NewRulingsServiceClient(conn)
	table2 := metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+issued.GetTokens()[0].GetCode())
	at := func(table, round, board int32) *rulingsv1.OpenCallRequest {
		return &rulingsv1.OpenCallRequest{Parent: section, Call: &rulingsv1.DirectorCall{Table: table, Round: round, Board: board, CalledBy: typev1.Seat_SEAT_WEST, Description: "a revoke established"}}
	}
	resp, err := client.OpenCall(table2, at(2, 1, 4))
	if err != nil {
		t.Fatalf("table 2 calling the director: %v", err)
	}
	// Round 1 of the Mitchell: pair 2 North-South against pair 6, boards 3-4.
	if c := resp.GetCall(); c.GetNsPair() != 2 || c.GetEwPair() != 6 || c.GetRecordedBy() != section+"/tables/2" || c.GetState() != rulingsv1.State_STATE_OPEN {
		t.Errorf("the call: %v", c)
	}
	_, err = client.OpenCall(table2, at(2, 1, 5))
	wantCode(t, err, codes.InvalidArgument, "call.board: table 2 plays boards 3 to 4 in round 1, not board 5")
	_, err = client.OpenCall(table2, at(3, 1, 5))
	wantCode(t, err, codes.PermissionDenied, "may not act at events/club-night/sessions/1/sections/A/tables/3")
	_, err = client.ListCalls(table2, &rulingsv1.ListCallsRequest{Parent: "events/club-night/sessions/1"})
	wantCode(t, err, codes.PermissionDenied, "may not call")
}
