package scoringservice

import (
	"context"
	"slices"
	"strings"
	"testing"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/scoring"
)

func (h *harness) standings(t *testing.T, event string) map[int32]*scoringv1.Standing {
	t.Helper()
	resp, err := h.client.GetStandings(context.Background(), &scoringv1.GetStandingsRequest{Event: event})
	if err != nil {
		t.Fatalf("GetStandings: %v", err)
	}
	out := map[int32]*scoringv1.Standing{}
	for _, s := range resp.GetStandings() {
		out[s.GetPair()] = s
	}
	return out
}

// TestArtificialScoreStaysOutOfTheComparison: board 1 has three real results
// and one artificial Average+/Average-. The real ones are matchpointed among
// themselves and factored by Neuberg to a field of four; the artificial line
// gets 60% and 40% of the top.
func TestArtificialScoreStaysOutOfTheComparison(t *testing.T) {
	h := newHarness(t)
	h.submit(t, played(1, 1, 1, 1, 11, "4S", typev1.Seat_SEAT_NORTH, 11)) // +450
	h.submit(t, played(2, 1, 1, 2, 12, "4S", typev1.Seat_SEAT_NORTH, 10)) // +420
	h.submit(t, played(3, 1, 1, 3, 13, "4S", typev1.Seat_SEAT_NORTH, 9))  // -50
	h.submit(t, &scoringv1.Result{Table: 4, Round: 1, Board: 1, NsPair: 4, EwPair: 14,
		Outcome: &scoringv1.Result_Artificial{Artificial: &scoringv1.ArtificialScore{
			NorthSouth: scoringv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS, EastWest: scoringv1.Adjustment_ADJUSTMENT_AVERAGE_MINUS}}})
	trav, err := h.client.GetTraveller(context.Background(), &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: 1})
	if err != nil {
		t.Fatal(err)
	}
	if trav.GetTop() != 6 || trav.GetDealer() != typev1.Seat_SEAT_NORTH || trav.GetVulnerability() != typev1.Vulnerability_VULNERABILITY_NONE {
		t.Errorf("board 1: top %v dealer %v vulnerability %v, want top 6, North, none", trav.GetTop(), trav.GetDealer(), trav.GetVulnerability())
	}
	// Neuberg from 3 results to 4: (MP+1)·4/3 − 1 → 4, 2, 0 become 5.67, 3, 0.33.
	want := map[int32][2]float64{1: {5.67, 0.33}, 2: {3, 3}, 3: {0.33, 5.67}, 4: {3.6, 2.4}}
	for _, l := range trav.GetLines() {
		w := want[l.GetResult().GetNsPair()]
		if l.GetNsPoints() != w[0] || l.GetEwPoints() != w[1] {
			t.Errorf("NS pair %d: %v/%v matchpoints, want %v/%v", l.GetResult().GetNsPair(), l.GetNsPoints(), l.GetEwPoints(), w[0], w[1])
		}
	}
	card, err := h.client.GetScorecard(context.Background(), &scoringv1.GetScorecardRequest{Event: "events/club-night", Section: "a", Pair: 14})
	if err != nil {
		t.Fatal(err)
	}
	if len(card.GetLines()) != 1 || card.GetLines()[0].GetPercentage() != 40 || card.GetLines()[0].GetDirection() != typev1.Side_SIDE_EAST_WEST {
		t.Errorf("pair 14's scorecard %v: want one board at 40%% sitting East-West", card.GetLines())
	}
	if card.GetStanding().GetPercentage() != 40 {
		t.Errorf("pair 14 stands at %v%%, want 40%%", card.GetStanding().GetPercentage())
	}
}

func TestWeightedScore(t *testing.T) {
	h := newHarness(t)
	h.submit(t, played(1, 1, 1, 1, 11, "4S", typev1.Seat_SEAT_NORTH, 11)) // +450
	h.submit(t, played(2, 1, 1, 2, 12, "4S", typev1.Seat_SEAT_NORTH, 9))  // -50
	// Law 12C1(c): one third of +450, two thirds of -50.
	h.submit(t, &scoringv1.Result{Table: 3, Round: 1, Board: 1, NsPair: 3, EwPair: 13,
		Outcome: &scoringv1.Result_Assigned{Assigned: &scoringv1.AssignedScore{Kind: &scoringv1.AssignedScore_Weighted{Weighted: &scoringv1.WeightedScore{
			Parts: []*scoringv1.WeightedPart{{Weight: 1, NsScore: 450}, {Weight: 2, NsScore: -50}}}}}}})
	st := h.standings(t, "events/club-night")
	// Against +450 and -50, +450 scores 3 (a tie and a win) and -50 scores 1
	// (a loss and a tie): a third of 3 plus two thirds of 1 is 5/3.
	if got := st[3].GetScore(); got != 1.67 {
		t.Errorf("weighted score: %v matchpoints, want 1.67", got)
	}
}

func TestCrossIMPStandings(t *testing.T) {
	h := start(t, t.TempDir())
	h.createEvent(t, "ximps", scoringv1.Form_FORM_CROSS_IMPS)
	// Board 1, nobody vulnerable: +420, +420, +140 and -50.
	h.submitTo(t, "events/ximps", played(1, 1, 1, 1, 5, "4H", typev1.Seat_SEAT_NORTH, 10))
	h.submitTo(t, "events/ximps", played(2, 1, 1, 2, 6, "4H", typev1.Seat_SEAT_NORTH, 10))
	h.submitTo(t, "events/ximps", played(3, 1, 1, 3, 7, "2H", typev1.Seat_SEAT_NORTH, 9))
	h.submitTo(t, "events/ximps", played(4, 1, 1, 4, 8, "4H", typev1.Seat_SEAT_NORTH, 9))
	st := h.standings(t, "events/ximps")
	// +420 against 420, 140 and -50: 0 + 7 + 10 = 17 IMPs over 3 comparisons.
	want := map[int32]float64{1: 5.67, 2: 5.67, 3: -3, 8: 8.33}
	for pair, score := range want {
		if st[pair].GetScore() != score {
			t.Errorf("pair %d: %v IMPs, want %v", pair, st[pair].GetScore(), score)
		}
	}
	// One winner: East-West pair 8, who beat -50, leads; pairs 1 and 2 share second.
	if st[8].GetPlace() != "1" || st[1].GetPlace() != "2=" || st[2].GetPlace() != "2=" {
		t.Errorf("places: pair 8 %q, pairs 1 and 2 %q and %q; want 1, 2= and 2=", st[8].GetPlace(), st[1].GetPlace(), st[2].GetPlace())
	}
}

// teamOneWinsBoardOne plays board 1 of round 1 of ev, team 1 v team 2, nobody
// vulnerable: team 1 bids 4S making at table 1, team 2 stops in 2S at table 2,
// +420 and +170, a 250 swing, 6 IMPs (a board point) to team 1.
func (h *harness) teamOneWinsBoardOne(t *testing.T, ev string) {
	t.Helper()
	h.submitTo(t, ev, played(1, 1, 1, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 10))
	h.submitTo(t, ev, played(2, 1, 1, 2, 1, "2S", typev1.Seat_SEAT_NORTH, 10))
}

// teamOneWinsAndHalves plays round 1 of ev over two boards: team 1 wins board
// 1 (teamOneWinsBoardOne) and board 2 is halved, +620 at both tables.
func (h *harness) teamOneWinsAndHalves(t *testing.T, ev string) {
	t.Helper()
	h.teamOneWinsBoardOne(t, ev)
	h.submitTo(t, ev, played(1, 1, 2, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 10))
	h.submitTo(t, ev, played(2, 1, 2, 2, 1, "4S", typev1.Seat_SEAT_NORTH, 10))
}

func TestTeamsMatchToVictoryPoints(t *testing.T) {
	h := start(t, t.TempDir())
	h.createEvent(t, "teams", scoringv1.Form_FORM_TEAMS_VP)
	ev := "events/teams"
	// Round 1, team 1 v team 2 over two boards. Board 1 (nobody vulnerable):
	// team 1 bids 4S making at table 1, team 2 stops in 2S at table 2: +420
	// and +170, a 250 swing, 6 IMPs to team 1. Board 2 (North-South vulnerable): +620 at
	// table 1, -650 at table 2: 1 IMP to team 2.
	h.teamOneWinsBoardOne(t, ev)
	h.submitTo(t, ev, played(1, 1, 2, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 10))
	st := h.standings(t, ev)
	if len(st) != 2 || st[1].GetBoardsPlayed() != 1 {
		t.Fatalf("with board 2 half played, standings %v: want both teams after one board", st)
	}
	h.submitTo(t, ev, played(2, 1, 2, 2, 1, "4S", typev1.Seat_SEAT_NORTH, 11))
	st = h.standings(t, ev)
	wbf := scoring.WBF2013{}
	win, err := wbf.VP(5, 2)
	if err != nil {
		t.Fatal(err)
	}
	lose, _ := wbf.VP(-5, 2)
	if st[1].GetScore() != win || st[2].GetScore() != lose || st[1].GetPlace() != "1" {
		t.Errorf("team 1 %v VP (%s), team 2 %v VP; want %v and %v for a 5-IMP win over 2 boards", st[1].GetScore(), st[1].GetPlace(), st[2].GetScore(), win, lose)
	}
	matches, err := h.client.ListMatches(context.Background(), &scoringv1.ListMatchesRequest{Event: ev, Section: "a"})
	if err != nil {
		t.Fatal(err)
	}
	if m := matches.GetMatches(); matches.GetForm() != scoringv1.Form_FORM_TEAMS_VP || len(m) != 1 || m[0].GetRound() != 1 || m[0].GetHome() != 1 || m[0].GetAway() != 2 ||
		m[0].GetBoards() != 2 || m[0].GetHomeImps() != 5 || m[0].GetAwayImps() != -5 || m[0].GetHomeScore() != win || m[0].GetAwayScore() != lose {
		t.Errorf("matches %v, want team 1 beating team 2 by 5 IMPs over 2 boards, %v-%v", m, win, lose)
	}
	_, err = h.client.ListMatches(context.Background(), &scoringv1.ListMatchesRequest{Event: ev, Section: "Q"})
	wantCode(t, err, codes.NotFound, "sections/Q")
	trav, err := h.client.GetTraveller(context.Background(), &scoringv1.GetTravellerRequest{Event: ev, Board: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range trav.GetLines() {
		wantNS := 6.0
		if l.GetResult().GetNsPair() == 2 {
			wantNS = -6
		}
		if l.GetNsPoints() != wantNS {
			t.Errorf("board 1 table %d: NS %v IMPs, want %v", l.GetResult().GetTable(), l.GetNsPoints(), wantNS)
		}
	}
}

func TestResultThatMakesABoardUnscorableIsRefused(t *testing.T) {
	h := newHarness(t)
	first := h.submit(t, played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 10))
	// Pair 1 entered again on board 1 at another table by mistake.
	_, err := h.client.SubmitResult(context.Background(), &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: played(2, 2, 1, 1, 6, "4S", typev1.Seat_SEAT_NORTH, 10)})
	st := wantCode(t, err, codes.FailedPrecondition, "pair 1 already has a result on board 1 at "+first.GetName())
	if len(st.Details()) != 1 || st.Details()[0].(*scoringv1.Result).GetName() != first.GetName() {
		t.Errorf("details %v: want the result in the way", st.Details())
	}
	// The same pair on another board, and other pairs on board 1, are fine.
	h.submit(t, played(2, 2, 2, 1, 6, "4S", typev1.Seat_SEAT_NORTH, 10))
	h.submit(t, played(2, 1, 1, 2, 6, "4S", typev1.Seat_SEAT_NORTH, 10))
	// Moving pair 1's result to another slot is a correction of the first.
	_, err = h.client.SubmitResult(context.Background(), &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: played(3, 1, 1, 3, 5, "4S", typev1.Seat_SEAT_NORTH, 10)})
	wantCode(t, err, codes.FailedPrecondition, "pair 5 already has a result")
}

func TestTeamsPlayEachBoardOnceEachWayInOneMatch(t *testing.T) {
	h := start(t, t.TempDir())
	h.createEvent(t, "teams", scoringv1.Form_FORM_TEAMS_VP)
	ev := "events/teams"
	// Round 1: teams 1 and 2 meet at tables 1 and 2, teams 3 and 4 at 3 and 4.
	h.submitTo(t, ev, played(1, 1, 1, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 10))
	h.submitTo(t, ev, played(2, 1, 1, 2, 1, "4S", typev1.Seat_SEAT_NORTH, 9))
	h.submitTo(t, ev, played(3, 1, 1, 3, 4, "4S", typev1.Seat_SEAT_NORTH, 9))
	for _, c := range []struct {
		r    *scoringv1.Result
		want string
	}{
		{played(4, 1, 1, 3, 5, "4S", typev1.Seat_SEAT_NORTH, 9), "team 3 already played North-South"},
		{played(4, 1, 1, 4, 1, "4S", typev1.Seat_SEAT_NORTH, 9), "these teams met other opponents"},
		{played(4, 2, 1, 4, 3, "4S", typev1.Seat_SEAT_NORTH, 9), "in round 1, not 2"},
	} {
		_, err := h.client.SubmitResult(context.Background(), &scoringv1.SubmitResultRequest{Parent: ev, Result: c.r})
		wantCode(t, err, codes.FailedPrecondition, c.want)
	}
	h.submitTo(t, ev, played(4, 1, 1, 4, 3, "4S", typev1.Seat_SEAT_NORTH, 9))
}

// TestABadBoardIsLeftOutAndReported stores two contradicting results the way
// a file written before they were refused holds them: the other boards are
// scored, and the bad one is reported in every view.
func TestABadBoardIsLeftOutAndReported(t *testing.T) {
	h := newHarness(t)
	h.submit(t, played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 10))
	h.submit(t, played(2, 1, 1, 2, 6, "4S", typev1.Seat_SEAT_NORTH, 9))
	h.submit(t, played(1, 2, 2, 1, 6, "3N", typev1.Seat_SEAT_NORTH, 9))
	h.submit(t, played(2, 2, 2, 2, 5, "3N", typev1.Seat_SEAT_NORTH, 10))
	bad, err := checkResult("result", played(3, 3, 1, 1, 6, "4S", typev1.Seat_SEAT_NORTH, 11))
	if err != nil {
		t.Fatal(err)
	}
	err = h.svc.store.Mutate(context.Background(), "", "", nil, nil, func(tx *bbolt.Tx) error {
		_, err := h.svc.record(tx, true, "club-night", slotOf(bad), bad, scoringv1.Action_ACTION_SUBMITTED, "an older Director", "", nil)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	h.stop() // the service meets the file as it opens it
	h = start(t, h.dir)
	ctx := context.Background()
	standings, err := h.client.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/club-night"})
	if err != nil {
		t.Fatal(err)
	}
	if p := standings.GetProblems(); len(p) != 1 || p[0].GetBoard() != 1 || !strings.Contains(p[0].GetProblem(), "two results on board 1") {
		t.Errorf("problems %v: want board 1 reported", p)
	}
	for _, st := range standings.GetStandings() {
		if st.GetBoardsPlayed() != 1 {
			t.Errorf("pair %d counted %d boards, want board 2 only", st.GetPair(), st.GetBoardsPlayed())
		}
	}
	trav, err := h.client.GetTraveller(ctx, &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: 1})
	if err != nil || len(trav.GetProblems()) != 1 || len(trav.GetLines()) != 0 {
		t.Errorf("traveller of board 1: %v, %v; want no lines and the problem", trav, err)
	}
	trav, err = h.client.GetTraveller(ctx, &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: 2})
	if err != nil || len(trav.GetProblems()) != 0 || len(trav.GetLines()) != 2 || trav.GetLines()[0].GetNsPoints()+trav.GetLines()[1].GetNsPoints() != 2 {
		t.Errorf("traveller of board 2: %v, %v; want both lines scored", trav, err)
	}
	card, err := h.client.GetScorecard(ctx, &scoringv1.GetScorecardRequest{Event: "events/club-night", Pair: 1})
	if err != nil || len(card.GetProblems()) != 1 || len(card.GetLines()) != 1 {
		t.Errorf("scorecard of pair 1: %v, %v; want board 2 and the problem", card, err)
	}
}

func TestTeamsPointABoard(t *testing.T) {
	h := start(t, t.TempDir())
	h.createEvent(t, "pab", scoringv1.Form_FORM_TEAMS_POINT_A_BOARD)
	ev := "events/pab"
	// Board 1: +420 against +170, won by team 1. Board 2: +620 at both
	// tables, halved.
	h.teamOneWinsAndHalves(t, ev)
	st := h.standings(t, ev)
	if st[1].GetScore() != 3 || st[2].GetScore() != 1 || st[1].GetPlace() != "1" || st[2].GetBoardsPlayed() != 2 {
		t.Errorf("team 1 %v points (%s), team 2 %v after %d boards; want 3 to 1 after 2", st[1].GetScore(), st[1].GetPlace(), st[2].GetScore(), st[2].GetBoardsPlayed())
	}
}

func TestTeamsTakeArtificialScores(t *testing.T) {
	h := start(t, t.TempDir())
	h.createEvent(t, "teams", scoringv1.Form_FORM_TEAMS_VP)
	ev := "events/teams"
	// Board 1 could not be played at table 2, through the fault of team 1
	// sitting East-West there: team 2 gets average plus, team 1 average minus.
	h.submitTo(t, ev, played(1, 1, 1, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 10))
	h.submitTo(t, ev, &scoringv1.Result{Table: 2, Round: 1, Board: 1, NsPair: 2, EwPair: 1,
		Outcome: &scoringv1.Result_Artificial{Artificial: &scoringv1.ArtificialScore{
			NorthSouth: scoringv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS, EastWest: scoringv1.Adjustment_ADJUSTMENT_AVERAGE_MINUS}}})
	trav, err := h.client.GetTraveller(context.Background(), &scoringv1.GetTravellerRequest{Event: ev, Board: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range trav.GetLines() {
		// Law 86A: average plus is 3 IMPs, average minus -3, and they need not balance.
		ns, ew := -3.0, 3.0
		if l.GetResult().GetNsPair() == 2 {
			ns, ew = 3, -3
		}
		if l.GetNsPoints() != ns || l.GetEwPoints() != ew {
			t.Errorf("table %d: %v/%v IMPs, want %v/%v", l.GetResult().GetTable(), l.GetNsPoints(), l.GetEwPoints(), ns, ew)
		}
	}
}

// split is a split assigned score: North-South scored on ns, East-West on
// ew, both from North-South's point of view.
func split(table, round, board, nsPair, ewPair, ns, ew int32) *scoringv1.Result {
	return &scoringv1.Result{Table: table, Round: round, Board: board, NsPair: nsPair, EwPair: ewPair,
		Outcome: &scoringv1.Result_Assigned{Assigned: &scoringv1.AssignedScore{Kind: &scoringv1.AssignedScore_Split{Split: &scoringv1.SplitScore{NsScore: ns, EwScore: ew}}}}}
}

func TestSplitScoreInAVictoryPointMatch(t *testing.T) {
	h := start(t, t.TempDir())
	h.createEvent(t, "teams", scoringv1.Form_FORM_TEAMS_VP)
	ev := "events/teams"
	// Round 1, team 1 v team 2 over two boards. Board 1: +420 and +170, 6
	// IMPs to team 1. Board 2 (North-South vulnerable): 4S+1, +650, at table
	// 1; at table 2 the director split the score (Law 12C1(e)): team 2's
	// North-South pair is scored on -100, team 1's East-West pair on +620.
	// Team 1: +650 against its pair's -620, 30 points, 1 IMP. Team 2: its
	// pair's -100 against -650 at table 1, -750, -13 IMPs. Margins 7 and
	// -19 over 2 boards: 14.96 and 20 - 19.50 = 0.50 VPs on the WBF's scale
	// (blitz 15·√2 = 21.21), not adding up to 20.
	h.teamOneWinsBoardOne(t, ev)
	h.submitTo(t, ev, played(1, 1, 2, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 11))
	h.submitTo(t, ev, split(2, 1, 2, 2, 1, -100, 620))
	st := h.standings(t, ev)
	if st[1].GetScore() != 14.96 || st[2].GetScore() != 0.5 || st[2].GetBoardsPlayed() != 2 {
		t.Errorf("team 1 %v VPs, team 2 %v after %d boards; want 14.96 and 0.50 after 2", st[1].GetScore(), st[2].GetScore(), st[2].GetBoardsPlayed())
	}
	trav, err := h.client.GetTraveller(context.Background(), &scoringv1.GetTravellerRequest{Event: ev, Board: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range trav.GetLines() {
		ns, ew := 1.0, -13.0 // table 1: team 1 North-South
		if l.GetResult().GetNsPair() == 2 {
			ns, ew = -13, 1
		}
		if l.GetNsPoints() != ns || l.GetEwPoints() != ew {
			t.Errorf("board 2 table %d: %v/%v IMPs, want %v/%v", l.GetResult().GetTable(), l.GetNsPoints(), l.GetEwPoints(), ns, ew)
		}
	}
}

func TestPointABoardRefusesWeightedAndSplitScores(t *testing.T) {
	h := start(t, t.TempDir())
	h.createEvent(t, "pab", scoringv1.Form_FORM_TEAMS_POINT_A_BOARD)
	_, err := h.client.SubmitResult(context.Background(), &scoringv1.SubmitResultRequest{Parent: "events/pab", Result: split(1, 1, 2, 1, 2, 420, 170)})
	wantCode(t, err, codes.InvalidArgument, "result.assigned")
}

func TestWeightedScoreAtCrossIMPs(t *testing.T) {
	h := start(t, t.TempDir())
	h.createEvent(t, "ximps", scoringv1.Form_FORM_CROSS_IMPS)
	ev := "events/ximps"
	// Board 1, nobody vulnerable: +420, +170, and at table 3 half of +420
	// and half of -50 (Law 12C1(c)). Two comparisons a line. +420: 6 (v
	// +170) and ½·0 + ½·10 = 5 (v the weighted table): 11/2 = 5.5. +170:
	// -6 and ½·-6 + ½·6 = 0: -3. The weighted table: +420 scores 0 + 6, -50
	// scores -10 - 6 against the two: (½·6 - ½·16)/2 = -2.5.
	h.submitTo(t, ev, played(1, 1, 1, 1, 5, "4H", typev1.Seat_SEAT_NORTH, 10))
	h.submitTo(t, ev, played(2, 1, 1, 2, 6, "2H", typev1.Seat_SEAT_NORTH, 10))
	h.submitTo(t, ev, &scoringv1.Result{Table: 3, Round: 1, Board: 1, NsPair: 3, EwPair: 7,
		Outcome: &scoringv1.Result_Assigned{Assigned: &scoringv1.AssignedScore{Kind: &scoringv1.AssignedScore_Weighted{Weighted: &scoringv1.WeightedScore{
			Parts: []*scoringv1.WeightedPart{{Weight: 1, NsScore: 420}, {Weight: 1, NsScore: -50}}}}}}})
	st := h.standings(t, ev)
	want := map[int32]float64{1: 5.5, 5: -5.5, 2: -3, 6: 3, 3: -2.5, 7: 2.5}
	if len(st) != len(want) {
		t.Errorf("%d pairs stand, want %d", len(st), len(want))
	}
	for pair, imps := range want {
		if st[pair].GetScore() != imps {
			t.Errorf("pair %d: %v IMPs, want %v", pair, st[pair].GetScore(), imps)
		}
	}
}

func TestCrossIMPsGiveArtificialScoresTheirIMPs(t *testing.T) {
	h := start(t, t.TempDir())
	h.createEvent(t, "ximps", scoringv1.Form_FORM_CROSS_IMPS)
	h.submitTo(t, "events/ximps", played(1, 1, 1, 1, 5, "4H", typev1.Seat_SEAT_NORTH, 10)) // +420
	h.submitTo(t, "events/ximps", played(2, 1, 1, 2, 6, "4H", typev1.Seat_SEAT_NORTH, 9))  // -50
	h.submitTo(t, "events/ximps", &scoringv1.Result{Table: 3, Round: 1, Board: 1, NsPair: 3, EwPair: 7,
		Outcome: &scoringv1.Result_Artificial{Artificial: &scoringv1.ArtificialScore{
			NorthSouth: scoringv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS, EastWest: scoringv1.Adjustment_ADJUSTMENT_AVERAGE}}})
	st := h.standings(t, "events/ximps")
	// The artificial line is not compared: +420 against -50 is 10 IMPs. Average
	// plus is +3 IMPs (Law 12C2(b)) and average 0, not balancing.
	want := map[int32]float64{1: 10, 5: -10, 3: 3, 7: 0}
	for pair, imps := range want {
		if st[pair].GetScore() != imps {
			t.Errorf("pair %d: %v IMPs, want %v", pair, st[pair].GetScore(), imps)
		}
	}
}

// TestADamagedResultIsReportedOnItsBoard damages one stored result: the
// standings score the other boards and name the damaged one.
func TestADamagedResultIsReportedOnItsBoard(t *testing.T) {
	h := newHarness(t)
	h.submit(t, played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 10))
	h.submit(t, played(2, 1, 1, 2, 6, "4S", typev1.Seat_SEAT_NORTH, 9))
	bad := h.submit(t, played(1, 2, 2, 1, 6, "3N", typev1.Seat_SEAT_NORTH, 9))
	h.submit(t, played(2, 2, 2, 2, 5, "3N", typev1.Seat_SEAT_NORTH, 10))
	_, sl, _ := parseResultName("name", bad.GetName())
	err := h.svc.store.Mutate(context.Background(), "", "", nil, nil, func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketResults).Bucket([]byte("club-night")).Put(sl.key(), []byte{0xff, 0xff, 0xff})
	})
	if err != nil {
		t.Fatal(err)
	}
	h.stop() // the damage is found as the service opens the file
	h = start(t, h.dir)
	standings, err := h.client.GetStandings(context.Background(), &scoringv1.GetStandingsRequest{Event: "events/club-night"})
	if err != nil {
		t.Fatal(err)
	}
	if p := standings.GetProblems(); len(p) != 1 || p[0].GetBoard() != 2 || !strings.Contains(p[0].GetProblem(), bad.GetName()) {
		t.Errorf("problems %v: want board 2's damaged result named", p)
	}
	if len(standings.GetStandings()) != 4 {
		t.Errorf("standings %v: want the four pairs scored on board 1", standings.GetStandings())
	}
}

// TestReadsOfAnUnknownSectionOrSessionAreNotFound reads the standings, a
// traveller and a scorecard of a mistyped section, and the standings of a
// session that does not exist: each is NotFound naming it, not an empty
// answer.
func TestReadsOfAnUnknownSectionOrSessionAreNotFound(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	h.submit(t, played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 10))
	_, err := h.client.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/club-night", Section: "Q"})
	wantCode(t, err, codes.NotFound, "events/club-night/sessions/1/sections/Q")
	_, err = h.client.GetTraveller(ctx, &scoringv1.GetTravellerRequest{Event: "events/club-night", Section: "Q", Board: 1})
	wantCode(t, err, codes.NotFound, "sections/Q")
	_, err = h.client.GetScorecard(ctx, &scoringv1.GetScorecardRequest{Event: "events/club-night", Section: "Q", Pair: 1})
	wantCode(t, err, codes.NotFound, "sections/Q")
	_, err = h.client.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/club-night", Session: 4})
	wantCode(t, err, codes.NotFound, "events/club-night/sessions/4")
	if _, err := h.client.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/club-night", Section: "a"}); err != nil {
		t.Errorf("section a (for A): %v", err)
	}
}

// A traveller read a page at a time, best for North-South first, as the
// board's web page reads a national field's: each page holds its lines, the
// total counts them all, and the last page gives no next token.
func TestTravellerPagesByScore(t *testing.T) {
	h := newHarness(t)
	h.submit(t, played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 9))  // -50
	h.submit(t, played(2, 1, 1, 2, 6, "4S", typev1.Seat_SEAT_NORTH, 11)) // +450
	h.submit(t, played(3, 1, 1, 3, 7, "4S", typev1.Seat_SEAT_NORTH, 10)) // +420
	var scores []int32
	token := ""
	for pages := 0; ; pages++ {
		resp, err := h.client.GetTraveller(context.Background(), &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: 1, ByScore: true, PageSize: 2, PageToken: token})
		if err != nil {
			t.Fatal(err)
		}
		if resp.GetTotalSize() != 3 || len(resp.GetLines()) > 2 || resp.GetTop() != 4 {
			t.Fatalf("page %d: %d lines of %d, top %v; want at most 2 of 3, top 4", pages+1, len(resp.GetLines()), resp.GetTotalSize(), resp.GetTop())
		}
		for _, l := range resp.GetLines() {
			scores = append(scores, l.GetResult().GetNsScore())
		}
		if token = resp.GetNextPageToken(); token == "" {
			break
		}
	}
	if !slices.Equal(scores, []int32{450, 420, -50}) {
		t.Errorf("the pages list North-South's scores %v, want 450, 420, -50", scores)
	}
	all, err := h.client.GetTraveller(context.Background(), &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: 1})
	if err != nil || len(all.GetLines()) != 3 || all.GetLines()[0].GetResult().GetTable() != 1 || all.GetNextPageToken() != "" {
		t.Errorf("without a page size: %v (%v), want every line in the order of their tables", all.GetLines(), err)
	}
	_, err = h.client.GetTraveller(context.Background(), &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: 1, PageToken: "2"})
	wantCode(t, err, codes.InvalidArgument, "page_token")
}
