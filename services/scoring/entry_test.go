package scoringservice

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	"github.com/bridge-director/director/bridge"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/bridgepb"
	dealingservice "github.com/bridge-director/director/services/dealing"
	"github.com/bridge-director/director/services/platform/platformtest"
)

// withDeals serves the dealing service beside the harness, deals the
// session's board set "main" of boards 1 to 20 and releases it (over
// in-memory gRPC scoring reads it as the public does), and sets the
// section's terminal settings with it. It returns the deals by board.
func withDeals(t *testing.T, h *harness, director context.Context, settings *movementv1.TerminalSettings) map[int32]bridge.Deal {
	t.Helper()
	dl, err := dealingservice.Open(h.dir)
	if err != nil {
		t.Fatal(err)
	}
	dl.Connect("movement", h.movesConn)
	conn, _ := platformtest.Serve(t, dl, h.auth)
	h.svc.Connect("dealing", conn)
	dealing := dealingv1.NewDealingServiceClient(conn)
	set, err := dealing.CreateBoardSet(director, &dealingv1.CreateBoardSetRequest{Parent: "events/club-night/sessions/1", BoardSetId: "main", BoardSet: &dealingv1.BoardSet{FirstBoard: 1, LastBoard: 20}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dealing.ReleaseBoardSet(director, &dealingv1.ReleaseBoardSetRequest{Name: set.GetBoardSet().GetName()}); err != nil {
		t.Fatal(err)
	}
	settings.BoardSet = set.GetBoardSet().GetName()
	if _, err := h.moves.SetTerminalSettings(director, &movementv1.SetTerminalSettingsRequest{Section: "events/club-night/sessions/1/sections/A", Settings: settings}); err != nil {
		t.Fatal(err)
	}
	deals := map[int32]bridge.Deal{}
	for _, b := range set.GetBoardSet().GetBoards() {
		board, err := bridgepb.BoardFrom(b)
		if err != nil {
			t.Fatal(err)
		}
		deals[b.GetNumber()] = board.Deal
	}
	return deals
}

// cardOf is a card of seat's hand in deal.
func cardOf(t *testing.T, deal bridge.Deal, seat bridge.Seat) string {
	t.Helper()
	for i := range 52 {
		if c := bridge.CardFromIndex(i); deal[seat].Has(c) {
			return c.String()
		}
	}
	t.Fatalf("%s holds no card", seat)
	return ""
}

// TestTheLeadComesFromDeclarersLeft: where the section's devices must
// comply, a lead from any hand but declarer's left-hand opponent's is
// refused, naming who leads; where they may not comply, it is taken and
// flagged; a lead is required where the section takes it.
func TestTheLeadComesFromDeclarersLeft(t *testing.T) {
	h, director, _, table1, table2 := tablesHarness(t)
	deals := withDeals(t, h, director, &movementv1.TerminalSettings{LeadCard: movementv1.LeadCardEntry_LEAD_CARD_ENTRY_MUST_COMPLY})
	noLead := fourSpades(10)
	_, err := h.client.SubmitResult(table1, noLead)
	wantCode(t, err, codes.InvalidArgument, "result.played.lead: this section's devices enter the opening lead")
	wrong := fourSpades(10)
	wrong.Result.GetPlayed().Lead = cardOf(t, deals[1], bridge.West)
	_, err = h.client.SubmitResult(table1, wrong)
	wantCode(t, err, codes.InvalidArgument, "is in West's hand, not East's: East, on declarer North's left, leads")
	// The director enters what a table may not: a lead out of turn,
	// accepted (Law 54), is flagged.
	if got, err := h.client.SubmitResult(director, wrong); err != nil || len(got.GetResult().GetFlags()) != 1 {
		t.Fatalf("the director entering West's lead: %v %v, want it taken and flagged", got.GetResult(), err)
	}
	if _, err := h.client.EraseResult(director, &scoringv1.EraseResultRequest{Name: board1Table1, Reason: "entered to show the flag"}); err != nil {
		t.Fatal(err)
	}
	right := fourSpades(10)
	right.Result.GetPlayed().Lead = cardOf(t, deals[1], bridge.East)
	got, err := h.client.SubmitResult(table1, right)
	if err != nil || len(got.GetResult().GetFlags()) != 0 {
		t.Fatalf("East's lead against North's 4♠: %v %v", got.GetResult(), err)
	}

	if _, err := h.moves.SetTerminalSettings(director, &movementv1.SetTerminalSettingsRequest{Section: "events/club-night/sessions/1/sections/A", Settings: &movementv1.TerminalSettings{
		LeadCard: movementv1.LeadCardEntry_LEAD_CARD_ENTRY_ALLOW_NON_COMPLIANCE, BoardSet: "events/club-night/sessions/1/boardsets/main"}}); err != nil {
		t.Fatal(err)
	}
	// Table 2 plays boards 3 and 4 in round 1: pair 2 against pair 12.
	board3 := &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: played(2, 1, 3, 2, 12, "3NT", typev1.Seat_SEAT_SOUTH, 9)}
	board3.Result.GetPlayed().Lead = cardOf(t, deals[3], bridge.North)
	flagged, err := h.client.SubmitResult(table2, board3)
	if err != nil {
		t.Fatalf("a lead taken where it may not comply: %v", err)
	}
	if f := flagged.GetResult().GetFlags(); len(f) != 1 || !strings.HasSuffix(f[0], "is in North's hand, not West's: West, on declarer South's left, leads") {
		t.Errorf("flags %q, want the lead from dummy's hand flagged", f)
	}
}

// TestSettingsOfATableEntry: over/under is taken for tricks, a board not
// played is the director's where the section says so, and without
// verification a table's result is confirmed as it is entered.
func TestSettingsOfATableEntry(t *testing.T) {
	h, director, _, table1, _ := tablesHarness(t)
	section := "events/club-night/sessions/1/sections/A"
	if _, err := h.moves.SetTerminalSettings(director, &movementv1.SetTerminalSettingsRequest{Section: section, Settings: &movementv1.TerminalSettings{
		ResultEntry: movementv1.ResultEntry_RESULT_ENTRY_OVER_UNDER, VerificationOff: true, NotPlayedNeedsDirector: true}}); err != nil {
		t.Fatal(err)
	}
	down := fourSpades(0)
	down.Result.GetPlayed().OverUnder = "-1"
	got, err := h.client.SubmitResult(table1, down)
	if err != nil {
		t.Fatal(err)
	}
	if r := got.GetResult(); r.GetPlayed().GetTricks() != 9 || r.GetPlayed().GetOverUnder() != "" || r.GetConfirmation() == nil || r.GetConfirmation().GetRevision() != 1 {
		t.Errorf("4♠ -1 without verification: %v, want 9 tricks, confirmed as entered", r)
	}
	// The same result sent as tricks is a resend.
	if again, err := h.client.SubmitResult(table1, fourSpades(9)); err != nil || again.GetResult().GetEtag() != got.GetResult().GetEtag() {
		t.Errorf("4♠ with 9 tricks after 4♠ -1: %v %v, want the same result", again.GetResult(), err)
	}
	_, err = h.client.SubmitResult(table1, fourSpades(10))
	wantCode(t, err, codes.FailedPrecondition, "only a director or a scorer may change it now")
	for _, tc := range []struct{ ou, text string }{
		{"+8", "4S +8 would be 18 tricks"}, {"two", `"two" is not a result over or under`}, {"+0", `"+0" is not a result over or under`},
	} {
		bad := fourSpades(0)
		bad.Result.Board = 2
		bad.Result.GetPlayed().OverUnder = tc.ou
		_, err = h.client.SubmitResult(table1, bad)
		wantCode(t, err, codes.InvalidArgument, "result.played.over_under: "+tc.text)
	}
	both := fourSpades(11)
	both.Result.Board = 2
	both.Result.GetPlayed().OverUnder = "="
	_, err = h.client.SubmitResult(table1, both)
	wantCode(t, err, codes.InvalidArgument, `result.played.tricks: 11 tricks and "=" on 4S disagree`)

	notPlayed := &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: &scoringv1.Result{Table: 1, Round: 1, Board: 2, NsPair: 1, EwPair: 11, Outcome: &scoringv1.Result_NotPlayed{NotPlayed: &scoringv1.NotPlayed{}}}}
	_, err = h.client.SubmitResult(table1, notPlayed)
	wantCode(t, err, codes.PermissionDenied, "in this section the director enters a board not played")
	if _, err := h.client.SubmitResult(director, notPlayed); err != nil {
		t.Errorf("the director entering board 2 not played: %v", err)
	}
}

// TestAResultFarFromTheFieldIsFlagged: a table's grand slam on a board the
// field played in game is taken and flagged for the director.
func TestAResultFarFromTheFieldIsFlagged(t *testing.T) {
	h, director, _, _, _ := tablesHarness(t)
	// Board 1 in rounds 1 to 3 at tables 1, 10 and 9 (the boards go down a
	// table each round), entered by the director.
	for round, table := range []int32{1, 10, 9} {
		r := int32(round + 1)
		seat, err := h.moves.GetTableRound(director, &movementv1.GetTableRoundRequest{Section: "events/club-night/sessions/1/sections/A", Table: table, Round: r})
		if err != nil {
			t.Fatal(err)
		}
		if seat.GetSeating().GetLowBoard() != 1 {
			t.Fatalf("table %d plays boards %d-%d in round %d", table, seat.GetSeating().GetLowBoard(), seat.GetSeating().GetHighBoard(), r)
		}
		res := played(table, r, 1, seat.GetSeating().GetNs(), seat.GetSeating().GetEw(), "4S", typev1.Seat_SEAT_NORTH, 10)
		if _, err := h.client.SubmitResult(director, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: res}); err != nil {
			t.Fatal(err)
		}
	}
	issued, err := h.moves.IssueTableTokens(director, &movementv1.IssueTableTokensRequest{Section: "events/club-night/sessions/1/sections/A", Tables: []int32{8}})
	if err != nil {
		t.Fatal(err)
	}
	table8 := asToken(issued.GetTokens()[0].GetCode())
	seat, err := h.moves.GetTableRound(director, &movementv1.GetTableRoundRequest{Section: "events/club-night/sessions/1/sections/A", Table: 8, Round: 4})
	if err != nil {
		t.Fatal(err)
	}
	slam := played(8, 4, 1, seat.GetSeating().GetNs(), seat.GetSeating().GetEw(), "7S", typev1.Seat_SEAT_NORTH, 13)
	got, err := h.client.SubmitResult(table8, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: slam})
	if err != nil {
		t.Fatal(err)
	}
	if f := fmt.Sprint(got.GetResult().GetFlags()); !strings.Contains(f, "contract 7♠ is 3 or more levels from every other contract") || !strings.Contains(f, "North-South score 1510 is more than 1000 from the median 420") {
		t.Errorf("flags %s", f)
	}
}
