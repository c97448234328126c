package rulingsservice

import (
	"context"
	"testing"

	"google.golang.org/grpc/codes"

	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// openAt opens a director call on board 5 of round 2 at table.
func (h *harness) openAt(t *testing.T, table int32) *rulingsv1.DirectorCall {
	t.Helper()
	resp, err := h.client.OpenCall(context.Background(), &rulingsv1.OpenCallRequest{Parent: section, Call: &rulingsv1.DirectorCall{
		Table: table, Round: 2, Board: 5, CalledBy: typev1.Seat_SEAT_NORTH, Description: "the board's cards differ from the traveller's"}})
	if err != nil {
		t.Fatal(err)
	}
	return resp.GetCall()
}

// TestFouledBoardRuledInItsGroupReachesTheStandings: board 5 (North-South
// vulnerable) was fouled after round 2's tables 1 and 2 played it; tables 3
// and 4 played the changed form. The director rules each of those tables'
// results scored in its group (Law 87B) and applies the ruling with group
// 1; the results keep their scores and the standings score each group
// apart, factored from 2 results to the board's 4 (top 6): (MP + 1)·4/2 − 1
// makes the win of a group 5 and its loss 1. Pair 3's +140 is the win of
// group 1, 5 of 6; scored with the correct form's +650 and +620 it would
// be 2 of 6.
func TestFouledBoardRuledInItsGroupReachesTheStandings(t *testing.T) {
	h := start(t)
	ctx := context.Background()
	for table, play := range map[int32]*scoringv1.Played{
		1: {Contract: "4S", Declarer: typev1.Seat_SEAT_NORTH, Tricks: 11}, // +650
		2: {Contract: "4S", Declarer: typev1.Seat_SEAT_NORTH, Tricks: 10}, // +620
		3: {Contract: "2S", Declarer: typev1.Seat_SEAT_NORTH, Tricks: 9},  // +140
		4: {Contract: "4S", Declarer: typev1.Seat_SEAT_NORTH, Tricks: 9},  // −100
	} {
		if _, err := h.scoring.SubmitResult(ctx, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: &scoringv1.Result{
			Table: table, Round: 2, Board: 5, NsPair: table, EwPair: table + 4, Outcome: &scoringv1.Result_Played{Played: play}}}); err != nil {
			t.Fatal(err)
		}
	}
	irr := &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_FOULED_BOARD}
	for _, table := range []int32{3, 4} {
		call := h.openAt(t, table)
		ruled := h.ruleWith(t, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr, Answers: map[string]string{"group": "yes"}})
		if !ruled.GetRuling().GetScoredInGroup() || ruled.GetRuling().GetScore() != nil {
			t.Fatalf("ruling %v: want scored in its group, with no adjusted score", ruled.GetRuling())
		}
		_, err := h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName(), Reason: "Law 87B"})
		wantCode(t, err, codes.InvalidArgument, "fouled_group")
		_, err = h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName(), Reason: "Law 87B", FouledGroup: 1,
			AdjustedScore: &rulingsv1.AdjustedScore{NsPair: table, EwPair: table + 4, Kind: &rulingsv1.AdjustedScore_NsScore{NsScore: 140}}})
		wantCode(t, err, codes.FailedPrecondition, "keeps its score")
		if _, err := h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName(), Reason: "Law 87B", FouledGroup: 1}); err != nil {
			t.Fatal(err)
		}
		if applied := settled(t, h.client, call.GetName()); applied.GetResult() == "" || applied.GetDeliveryError() != "" {
			t.Fatalf("applied call %v: want the table's result named, no refusal", applied)
		}
	}
	list, err := h.scoring.ListResults(ctx, &scoringv1.ListResultsRequest{Parent: "events/club-night"})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range list.GetResults() {
		if want := map[int32]int32{1: 0, 2: 0, 3: 1, 4: 1}[r.GetTable()]; r.GetFouledGroup() != want || r.GetPlayed() == nil {
			t.Errorf("table %d holds %v: want what was played, in group %d", r.GetTable(), r, want)
		}
	}
	standings, err := h.scoring.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/club-night"})
	if err != nil {
		t.Fatal(err)
	}
	score := map[int32]float64{}
	for _, s := range standings.GetStandings() {
		score[s.GetPair()] = s.GetScore()
	}
	want := map[int32]float64{1: 5, 2: 1, 3: 5, 4: 1, 5: 1, 6: 5, 7: 1, 8: 5}
	for pair, w := range want {
		if score[pair] != w {
			t.Errorf("pair %d has %v matchpoints, want %v (standings %v)", pair, score[pair], w, score)
		}
	}
}

// TestApplyHoldsToTheRuledScore (Law 12C2(a)): board 5 could not be played
// at table 3. Ruled Average+ to both sides, it cannot be applied as
// North-South +2220, nor, ruled Average+ to North-South and Average- to
// East-West, with the two reversed: each is refused naming both scores.
// Applied with only the pairs, the ruling's own score goes to scoring; a
// director who departs from it says so, and why.
func TestApplyHoldsToTheRuledScore(t *testing.T) {
	unplayable := &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_UNPLAYABLE_BOARD}
	artificial := func(ns, ew rulingsv1.Adjustment) *rulingsv1.AdjustedScore {
		return &rulingsv1.AdjustedScore{NsPair: 3, EwPair: 7, Kind: &rulingsv1.AdjustedScore_Artificial{Artificial: &rulingsv1.ArtificialScore{NorthSouth: ns, EastWest: ew}}}
	}
	plus, minus := rulingsv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS, rulingsv1.Adjustment_ADJUSTMENT_AVERAGE_MINUS
	ctx := context.Background()
	held := func(t *testing.T, h *harness) *scoringv1.Result {
		t.Helper()
		list, err := h.scoring.ListResults(ctx, &scoringv1.ListResultsRequest{Parent: "events/club-night"})
		if err != nil || len(list.GetResults()) != 1 {
			t.Fatalf("scoring holds %v, %v: want the one result", list, err)
		}
		return list.GetResults()[0]
	}

	t.Run("Average+ to both is not +2220", func(t *testing.T) {
		h := start(t)
		call := h.open(t, "")
		h.ruleWith(t, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: unplayable, Answers: map[string]string{"ns_fault": "none", "ew_fault": "none"}})
		score2220 := &rulingsv1.AdjustedScore{NsPair: 3, EwPair: 7, Kind: &rulingsv1.AdjustedScore_NsScore{NsScore: 2220}}
		_, err := h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName(), Reason: "test", AdjustedScore: score2220})
		wantCode(t, err, codes.FailedPrecondition, "ruling gives Average+ to North-South and Average+ to East-West; adjusted_score gives North-South +2220")
		_, err = h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName(), AdjustedScore: score2220, ReplacesRuledScore: true})
		wantCode(t, err, codes.InvalidArgument, "reason")
		if _, err := h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName(), AdjustedScore: score2220, ReplacesRuledScore: true,
			Reason: "the appeals committee found the board playable and assigned 7NT made"}); err != nil {
			t.Fatal(err)
		}
		settled(t, h.client, call.GetName())
		if r := held(t, h); r.GetAssigned().GetNsScore() != 2220 {
			t.Errorf("scoring holds %v, want the director's +2220", r)
		}
	})

	t.Run("reversed artificial scores", func(t *testing.T) {
		h := start(t)
		call := h.open(t, "")
		h.ruleWith(t, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: unplayable, Answers: map[string]string{"ns_fault": "none", "ew_fault": "directly"}})
		_, err := h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName(), Reason: "Law 12A2", AdjustedScore: artificial(minus, plus)})
		wantCode(t, err, codes.FailedPrecondition, "ruling gives Average+ to North-South and Average- to East-West; adjusted_score gives Average- to North-South and Average+ to East-West")
	})

	t.Run("the ruled score is sent", func(t *testing.T) {
		h := start(t)
		call := h.open(t, "")
		ruled := h.ruleWith(t, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: unplayable, Answers: map[string]string{"ns_fault": "none", "ew_fault": "directly"}})
		if got := ruled.GetRuling().GetScore().GetArtificial(); got.GetNorthSouth() != plus || got.GetEastWest() != minus {
			t.Fatalf("ruling gives %v, want Average+ to North-South and Average- to East-West", ruled.GetRuling().GetScore())
		}
		_, err := h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName(), Reason: "Law 12A2"})
		wantCode(t, err, codes.InvalidArgument, "the schedule seats no pairs at table 3 in round 2")
		_, err = h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName(), Reason: "Law 12A2", FouledGroup: 1,
			AdjustedScore: &rulingsv1.AdjustedScore{NsPair: 3, EwPair: 7}})
		wantCode(t, err, codes.InvalidArgument, "only a fouled board ruled scored in its group")
		resp, err := h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName(), Reason: "Law 12A2", AdjustedScore: &rulingsv1.AdjustedScore{NsPair: 3, EwPair: 7}})
		if err != nil {
			t.Fatal(err)
		}
		if got := resp.GetCall().GetAdjustedScore().GetArtificial(); got.GetNorthSouth() != plus || got.GetEastWest() != minus {
			t.Errorf("the call records %v applied, want the ruling's score", resp.GetCall().GetAdjustedScore())
		}
		settled(t, h.client, call.GetName())
		if r := held(t, h); r.GetArtificial().GetNorthSouth() != scoringv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS ||
			r.GetArtificial().GetEastWest() != scoringv1.Adjustment_ADJUSTMENT_AVERAGE_MINUS || r.GetNsPair() != 3 {
			t.Errorf("scoring holds %v, want pair 3 Average+ and pair 7 Average-", r)
		}
	})

	t.Run("departing needs a ruled score", func(t *testing.T) {
		h := start(t)
		call := h.ruled(t)
		_, err := h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName(), Reason: "why", ReplacesRuledScore: true, AdjustedScore: artificial(plus, minus)})
		wantCode(t, err, codes.InvalidArgument, "the ruling gives no score to depart from")
	})
}
