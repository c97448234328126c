package scoringservice

import (
	"context"
	"fmt"
	"testing"

	"google.golang.org/grpc/codes"

	"github.com/bridge-director/director/bridge"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform/platformtest"
)

// TestATableReadsWhatItHasPlayed: table 1 reads the deal of a board once
// it has played it; the running ranking is hidden from it in the last
// round until it has entered the round; the scorecards wait for the end;
// the event's list of results is never the table's.
func TestATableReadsWhatItHasPlayed(t *testing.T) {
	h, director, _, table1, table2 := tablesHarness(t)
	deals := withDeals(t, h, director, &movementv1.TerminalSettings{HideRankingRounds: 1})
	section := "events/club-night/sessions/1/sections/A"
	got, err := h.moves.GetSection(director, &movementv1.GetSectionRequest{Name: section})
	if err != nil {
		t.Fatal(err)
	}
	rounds := got.GetSection().GetMovement().GetRounds()
	standings := func(ctx context.Context) error {
		_, err := h.client.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/club-night"})
		return err
	}
	scorecard := func(ctx context.Context) error {
		_, err := h.client.GetScorecard(ctx, &scoringv1.GetScorecardRequest{Event: "events/club-night", Pair: 1})
		return err
	}
	deal := func(ctx context.Context, table string, board int32) (*scoringv1.GetPlayedDealResponse, error) {
		return h.client.GetPlayedDeal(ctx, &scoringv1.GetPlayedDealRequest{Table: section + "/tables/" + table, Board: board})
	}
	if err := standings(table1); err != nil {
		t.Errorf("the ranking before any result: %v", err)
	}
	_, err = h.client.ListResults(table1, &scoringv1.ListResultsRequest{Parent: "events/club-night"})
	wantCode(t, err, codes.PermissionDenied, "may not list the event's results")

	var firstBoard int32
	enter := func(round int32, boards int) {
		t.Helper()
		seat, err := h.moves.GetTableRound(director, &movementv1.GetTableRoundRequest{Section: section, Table: 1, Round: round})
		if err != nil {
			t.Fatal(err)
		}
		s := seat.GetSeating()
		for b := s.GetLowBoard(); b < s.GetLowBoard()+int32(boards); b++ {
			if firstBoard == 0 {
				firstBoard = b
			}
			if _, err := h.client.SubmitResult(director, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: played(1, round, b, s.GetNs(), s.GetEw(), "3NT", typev1.Seat_SEAT_SOUTH, 9)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	_, err = deal(table1, "1", 1)
	wantCode(t, err, codes.PermissionDenied, "tables/1 has not yet played board 1")
	for r := int32(1); r < rounds; r++ {
		enter(r, 2)
	}
	played, err := deal(table1, "1", firstBoard)
	if err != nil {
		t.Fatalf("the deal of a board table 1 played: %v", err)
	}
	if board, err := bridgepb.BoardFrom(played.GetBoard()); err != nil || board.Deal != deals[firstBoard] {
		t.Errorf("the deal of board %d: %v %v, want the dealt one", firstBoard, played.GetBoard(), err)
	}
	_, err = deal(table2, "2", firstBoard)
	wantCode(t, err, codes.PermissionDenied, "tables/2 has not yet played board")
	_, err = deal(asToken("public-secret"), "1", firstBoard)
	wantCode(t, err, codes.PermissionDenied, "may not call")
	if dir, err := deal(director, "2", firstBoard); err != nil || deals[firstBoard] != mustDeal(t, dir) {
		t.Errorf("the director reading the deal: %v", err)
	}
	if err := standings(table1); err != nil {
		t.Errorf("the ranking before the last round: %v", err)
	}
	wantCode(t, scorecard(table1), codes.PermissionDenied, "reads the scorecards once it has entered every board of its last round")

	enter(rounds, 1)
	wantCode(t, standings(table1), codes.PermissionDenied, "hides the running ranking from its tables in its last 1 rounds")
	if err := standings(director); err != nil {
		t.Errorf("the director's ranking: %v", err)
	}
	if err := standings(asToken("nobody")); err == nil {
		t.Error("an unknown token read the standings")
	}
	enter(rounds, 2)
	if err := standings(table1); err != nil {
		t.Errorf("the ranking after the table's last round: %v", err)
	}
	if err := scorecard(table1); err != nil {
		t.Errorf("a scorecard after the table's last round: %v", err)
	}
}

func mustDeal(t *testing.T, resp *scoringv1.GetPlayedDealResponse) bridge.Deal {
	t.Helper()
	board, err := bridgepb.BoardFrom(resp.GetBoard())
	if err != nil {
		t.Fatal(err)
	}
	return board.Deal
}

// TestThePublicWaitsForTheBoard: a player's phone reads a board's
// traveller once every table its section's movement seats on the board has
// entered it, and a section's scorecards once every board is in; the
// director reads them at once.
func TestThePublicWaitsForTheBoard(t *testing.T) {
	h, director, _, _, _ := tablesHarness(t)
	public := asToken("public-secret")
	section := "events/club-night/sessions/1/sections/A"
	got, err := h.moves.GetSection(director, &movementv1.GetSectionRequest{Name: section})
	if err != nil {
		t.Fatal(err)
	}
	var board1 []*movementv1.Seating
	for _, st := range got.GetSection().GetMovement().GetSeatings() {
		if st.GetLowBoard() <= 1 && 1 <= st.GetHighBoard() && st.GetNs() != 0 && st.GetEw() != 0 {
			board1 = append(board1, st)
		}
	}
	if len(board1) < 2 {
		t.Fatalf("board 1 is played at %d tables; the test needs two or more", len(board1))
	}
	traveller := func(ctx context.Context) error {
		_, err := h.client.GetTraveller(ctx, &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: 1})
		return err
	}
	scorecard := func(ctx context.Context) error {
		_, err := h.client.GetScorecard(ctx, &scoringv1.GetScorecardRequest{Event: "events/club-night", Pair: board1[0].GetNs()})
		return err
	}
	for i, st := range board1 {
		if i == 0 || i == len(board1)-1 { // the public's rate allows a few reads
			wantCode(t, traveller(public), codes.PermissionDenied, fmt.Sprintf("section A is still playing board 1 (%d of its %d tables have entered it)", i, len(board1)))
		}
		if _, err := h.client.SubmitResult(director, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: played(st.GetTable(), st.GetRound(), 1, st.GetNs(), st.GetEw(), "3NT", typev1.Seat_SEAT_SOUTH, 9)}); err != nil {
			t.Fatal(err)
		}
		if err := traveller(director); err != nil {
			t.Errorf("the director's traveller with %d tables in: %v", i+1, err)
		}
	}
	if err := traveller(public); err != nil {
		t.Errorf("the public's traveller once every table entered board 1: %v", err)
	}
	wantCode(t, scorecard(public), codes.PermissionDenied, "its scorecards are public once every table has")
	if err := scorecard(director); err != nil {
		t.Errorf("the director's scorecard: %v", err)
	}
}

// TestThePublicWaitsForTheWholeField: scored across the field, section B's
// lines of a board are valued against section A's results, so the public
// reading B's traveller or scorecards waits for A's tables too.
func TestThePublicWaitsForTheWholeField(t *testing.T) {
	h := startWith(t, t.TempDir(), platformtest.Tokens(t, `tokens:
  - {name: club-director, token: director-secret, roles: [director]}
  - {name: scoreboard, token: public-secret, roles: [public]}
`))
	director := asToken("director-secret")
	h.setup = director
	h.createEventWith(t, "two-rooms", &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS, AcrossField: true})
	h.createSection(t, "two-rooms", 1, "B")
	var seatings []*movementv1.Seating
	for _, letter := range []string{"A", "B"} {
		got, err := h.moves.SetMovement(director, &movementv1.SetMovementRequest{Name: "events/two-rooms/sessions/1/sections/" + letter, Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL}})
		if err != nil {
			t.Fatal(err)
		}
		seatings = got.GetSection().GetMovement().GetSeatings()
	}
	for _, st := range seatings { // section B plays board 1 at every table
		if st.GetLowBoard() > 1 || 1 > st.GetHighBoard() || st.GetNs() == 0 || st.GetEw() == 0 {
			continue
		}
		r := played(st.GetTable(), st.GetRound(), 1, st.GetNs(), st.GetEw(), "3NT", typev1.Seat_SEAT_SOUTH, 9)
		r.Section = "B"
		if _, err := h.client.SubmitResult(director, &scoringv1.SubmitResultRequest{Parent: "events/two-rooms", Result: r}); err != nil {
			t.Fatal(err)
		}
	}
	public := asToken("public-secret")
	_, err := h.client.GetTraveller(public, &scoringv1.GetTravellerRequest{Event: "events/two-rooms", Section: "B", Board: 1})
	wantCode(t, err, codes.PermissionDenied, "section A is still playing board 1")
	_, err = h.client.GetScorecard(public, &scoringv1.GetScorecardRequest{Event: "events/two-rooms", Section: "B", Pair: 1})
	wantCode(t, err, codes.PermissionDenied, "section A is still playing board 1")
	if _, err := h.client.GetTraveller(director, &scoringv1.GetTravellerRequest{Event: "events/two-rooms", Section: "B", Board: 1}); err != nil {
		t.Errorf("the director's traveller of section B: %v", err)
	}
}

// TestThePublicWaitsForTheConfirmation: a board's last table entering it
// is not enough while the opponents have not confirmed the entry, which
// the table may still change: the public waits, as the table's device does.
func TestThePublicWaitsForTheConfirmation(t *testing.T) {
	h, director, _, table1, _ := tablesHarness(t)
	got, err := h.moves.GetSection(director, &movementv1.GetSectionRequest{Name: "events/club-night/sessions/1/sections/A"})
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range got.GetSection().GetMovement().GetSeatings() {
		if st.GetTable() == 1 || st.GetLowBoard() > 1 || 1 > st.GetHighBoard() || st.GetNs() == 0 || st.GetEw() == 0 {
			continue
		}
		if _, err := h.client.SubmitResult(director, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: played(st.GetTable(), st.GetRound(), 1, st.GetNs(), st.GetEw(), "3NT", typev1.Seat_SEAT_SOUTH, 9)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.client.SubmitResult(table1, fourSpades(10)); err != nil {
		t.Fatal(err)
	}
	public := asToken("public-secret")
	traveller := func() error {
		_, err := h.client.GetTraveller(public, &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: 1})
		return err
	}
	wantCode(t, traveller(), codes.PermissionDenied, "section A is still playing board 1")
	if _, err := h.client.ConfirmResult(table1, &scoringv1.ConfirmResultRequest{Name: board1Table1, Revision: 1, Side: typev1.Side_SIDE_EAST_WEST}); err != nil {
		t.Fatal(err)
	}
	if err := traveller(); err != nil {
		t.Errorf("the public's traveller once table 1's entry is confirmed: %v", err)
	}
}
