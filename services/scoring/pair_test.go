package scoringservice

import (
	"testing"

	"google.golang.org/grpc/codes"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// TestAPairsCodeFollowsItsPair: in the ten-table Mitchell, East-West pair
// 11 sits at table 1 in round 1 and at table 2 in round 2. Its device
// confirms North-South's entry at table 1 and enters at table 2, each in
// its round, as East-West; it is refused elsewhere and in the other round,
// may not confirm its own entry, and reads a board's traveller only once
// it has played the board, not when a table it visits played it in
// another round.
func TestAPairsCodeFollowsItsPair(t *testing.T) {
	h, director, _, table1, _ := tablesHarness(t)
	const section = "events/club-night/sessions/1/sections/A"
	issued, err := h.moves.IssuePairTokens(director, &movementv1.IssuePairTokensRequest{Section: section, Pairs: []int32{11}})
	if err != nil {
		t.Fatal(err)
	}
	pair := asToken(issued.GetTokens()[0].GetCode())
	const pairName = section + "/entrants/11"

	if _, err := h.client.SubmitResult(table1, fourSpades(10)); err != nil {
		t.Fatal(err)
	}
	_, err = h.client.ConfirmResult(pair, &scoringv1.ConfirmResultRequest{Name: board1Table1, Revision: 1, Side: typev1.Side_SIDE_NORTH_SOUTH})
	wantCode(t, err, codes.PermissionDenied, "side: pair "+pairName+" sits East-West in round 1")
	confirmed, err := h.client.ConfirmResult(pair, &scoringv1.ConfirmResultRequest{Name: board1Table1, Revision: 1})
	if err != nil {
		t.Fatalf("pair 11 confirming North-South's entry: %v", err)
	}
	if c := confirmed.GetResult().GetConfirmation(); c.GetSide() != typev1.Side_SIDE_EAST_WEST || c.GetConfirmedBy() != pairName {
		t.Errorf("confirmation %v, want East-West's by %s", c, pairName)
	}
	traveller := func(board int32) error {
		_, err := h.client.GetTraveller(pair, &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: board})
		return err
	}
	if err := traveller(1); err != nil {
		t.Errorf("pair 11's traveller of board 1, which it played: %v", err)
	}

	round2 := func(table int32) *movementv1.Seating {
		got, err := h.moves.GetTableRound(director, &movementv1.GetTableRoundRequest{Section: section, Table: table, Round: 2})
		if err != nil {
			t.Fatal(err)
		}
		return got.GetSeating()
	}
	at1, at2 := round2(1), round2(2)
	if at2.GetEw() != 11 {
		t.Fatalf("round 2 at table 2: %v, want East-West pair 11", at2)
	}
	// Table 1 plays its round-2 boards without pair 11: table 1's device
	// reads their traveller, pair 11's does not.
	if _, err := h.client.SubmitResult(director, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: played(1, 2, at1.GetLowBoard(), at1.GetNs(), at1.GetEw(), "3NT", typev1.Seat_SEAT_SOUTH, 9)}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.client.GetTraveller(table1, &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: at1.GetLowBoard()}); err != nil {
		t.Errorf("table 1's traveller of a board it played in round 2: %v", err)
	}
	wantCode(t, traveller(at1.GetLowBoard()), codes.PermissionDenied, "pair "+pairName+" has not yet played board")

	submit := func(table, round, board, ns int32) (*scoringv1.SubmitResultResponse, error) {
		return h.client.SubmitResult(pair, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: played(table, round, board, ns, 11, "2H", typev1.Seat_SEAT_EAST, 8)})
	}
	_, err = submit(2, 1, 1, 2)
	wantCode(t, err, codes.PermissionDenied, "pair "+pairName+" sits at "+section+"/tables/1 East-West in round 1, not at "+section+"/tables/2")
	_, err = submit(1, 2, at1.GetLowBoard(), at1.GetNs())
	wantCode(t, err, codes.PermissionDenied, "sits at "+section+"/tables/2 East-West in round 2, not at "+section+"/tables/1")
	_, err = submit(2, 3, at2.GetLowBoard(), at2.GetNs())
	wantCode(t, err, codes.PermissionDenied, "in round 3, not at "+section+"/tables/2")

	entered, err := submit(2, 2, at2.GetLowBoard(), at2.GetNs())
	if err != nil {
		t.Fatalf("pair 11 entering at table 2 in round 2: %v", err)
	}
	if r := entered.GetResult(); r.GetEnteredSide() != typev1.Side_SIDE_EAST_WEST || r.GetEnteredBy() != pairName {
		t.Errorf("entered %v, want East-West's entry by %s", r, pairName)
	}
	_, err = h.client.ConfirmResult(pair, &scoringv1.ConfirmResultRequest{Name: entered.GetResult().GetName(), Revision: 1})
	wantCode(t, err, codes.PermissionDenied, "side: East-West entered")
	_, err = h.client.SubmitResult(pair, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: &scoringv1.Result{
		Table: 2, Round: 2, Board: at2.GetLowBoard() + 1, NsPair: at2.GetNs(), EwPair: 11, EnteredSide: typev1.Side_SIDE_NORTH_SOUTH,
		Outcome: &scoringv1.Result_Played{Played: &scoringv1.Played{Contract: "2H", Declarer: typev1.Seat_SEAT_EAST, Tricks: 8}},
	}})
	wantCode(t, err, codes.PermissionDenied, "result.entered_side: pair "+pairName+" sits East-West in round 2")
}

// TestAPairSeesTheRankingByItsOwnRounds: a pair's device is held to the
// section's hidden last round and to the scorecards by how far its pair
// has played, at the table of each of its rounds: hidden while its last
// round is under way, shown once every board of it is in, however little
// the tables it sat at earlier have played since.
func TestAPairSeesTheRankingByItsOwnRounds(t *testing.T) {
	h, director, _, _, _ := tablesHarness(t)
	const section = "events/club-night/sessions/1/sections/A"
	if _, err := h.moves.SetTerminalSettings(director, &movementv1.SetTerminalSettingsRequest{Section: section, Settings: &movementv1.TerminalSettings{HideRankingRounds: 1}}); err != nil {
		t.Fatal(err)
	}
	issued, err := h.moves.IssuePairTokens(director, &movementv1.IssuePairTokensRequest{Section: section, Pairs: []int32{11}})
	if err != nil {
		t.Fatal(err)
	}
	pair := asToken(issued.GetTokens()[0].GetCode())
	path, err := h.moves.GetEntrantPath(director, &movementv1.GetEntrantPathRequest{Section: section, Entrant: 11})
	if err != nil {
		t.Fatal(err)
	}
	last := path.GetStops()[len(path.GetStops())-1]
	standings := func() error {
		_, err := h.client.GetStandings(pair, &scoringv1.GetStandingsRequest{Event: "events/club-night"})
		return err
	}
	scorecard := func() error {
		_, err := h.client.GetScorecard(pair, &scoringv1.GetScorecardRequest{Event: "events/club-night", Pair: 11})
		return err
	}
	if err := standings(); err != nil {
		t.Errorf("the ranking before pair 11 played: %v", err)
	}
	wantCode(t, scorecard(), codes.PermissionDenied, "reads the scorecards once it has entered every board of its last round")

	enter := func(board int32) {
		t.Helper()
		if _, err := h.client.SubmitResult(director, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: played(last.GetTable(), last.GetRound(), board, last.GetOpponent(), 11, "3NT", typev1.Seat_SEAT_SOUTH, 9)}); err != nil {
			t.Fatal(err)
		}
	}
	enter(last.GetLowBoard())
	wantCode(t, standings(), codes.PermissionDenied, "is playing round")
	for b := last.GetLowBoard() + 1; b <= last.GetHighBoard(); b++ {
		enter(b)
	}
	if err := standings(); err != nil {
		t.Errorf("the ranking once pair 11 finished its last round: %v", err)
	}
	if err := scorecard(); err != nil {
		t.Errorf("the scorecards once pair 11 finished its last round: %v", err)
	}
}
