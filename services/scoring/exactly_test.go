package scoringservice

import (
	"context"
	"path/filepath"
	"testing"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/platform/platformtest"
)

func TestAnErasedResultIsNotBroughtBackByAResend(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	r := played(1, 1, 1, 1, 5, "4H", typev1.Seat_SEAT_SOUTH, 10)
	first := h.submit(t, r)
	if _, err := h.client.EraseResult(ctx, &scoringv1.EraseResultRequest{Name: first.GetName(), Reason: "board fouled at table 1"}); err != nil {
		t.Fatal(err)
	}
	_, err := h.client.SubmitResult(ctx, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: r})
	st := wantCode(t, err, codes.FailedPrecondition, "erased by")
	rev, _ := st.Details()[0].(*scoringv1.Revision)
	if rev.GetAction() != scoringv1.Action_ACTION_ERASED || rev.GetReason() != "board fouled at table 1" || rev.GetChangedBy() == "" {
		t.Errorf("detail %v: want the erasure, by whom and why", st.Details())
	}
	// The table re-entering the board as it was played is a new result.
	second := h.submit(t, played(1, 1, 1, 1, 5, "4H", typev1.Seat_SEAT_SOUTH, 9))
	if second.GetRevision() != 3 {
		t.Errorf("re-entered result %v: want revision 3", second)
	}
	// Erased again, the slot still refuses the first result a terminal may
	// still be resending.
	if _, err := h.client.EraseResult(ctx, &scoringv1.EraseResultRequest{Name: second.GetName(), Reason: "wrong board"}); err != nil {
		t.Fatal(err)
	}
	_, err = h.client.SubmitResult(ctx, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: r})
	wantCode(t, err, codes.FailedPrecondition, "board fouled at table 1")
}

func TestValidateOnlyChecksAndStoresNothing(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	r := played(1, 1, 1, 1, 5, "4H", typev1.Seat_SEAT_SOUTH, 10)
	resp, err := h.client.SubmitResult(ctx, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: r, ValidateOnly: true})
	if err != nil || resp.GetResult().GetNsScore() != 420 || resp.GetResult().GetRevision() != 1 {
		t.Fatalf("validated %v, %v: want the result as it would be stored", resp, err)
	}
	list, _ := h.client.ListResults(ctx, &scoringv1.ListResultsRequest{Parent: "events/club-night"})
	if len(list.GetResults()) != 0 {
		t.Fatalf("validate_only stored %v", list.GetResults())
	}
	stored := h.submit(t, r)
	// A correction that scoring would refuse is refused when only validated.
	_, err = h.client.CorrectResult(ctx, &scoringv1.CorrectResultRequest{Name: stored.GetName(), Reason: "check", ValidateOnly: true,
		Result: played(0, 0, 0, 1, 1, "4H", typev1.Seat_SEAT_SOUTH, 10)})
	wantCode(t, err, codes.InvalidArgument, "against itself")
	_, err = h.client.ApplyPenalty(ctx, &scoringv1.ApplyPenaltyRequest{Parent: "events/club-night", ValidateOnly: true, Penalty: penalty(5, 10, scoringv1.PenaltyUnit_PENALTY_UNIT_IMPS)})
	wantCode(t, err, codes.InvalidArgument, "penalty.unit")
	p, err := h.client.ApplyPenalty(ctx, &scoringv1.ApplyPenaltyRequest{Parent: "events/club-night", ValidateOnly: true, Penalty: penalty(5, 10, percentOfTop)})
	if err != nil || p.GetPenalty().GetName() != "events/club-night/penalties/1" {
		t.Fatalf("validated penalty %v, %v", p, err)
	}
	pens, _ := h.client.ListPenalties(ctx, &scoringv1.ListPenaltiesRequest{Parent: "events/club-night"})
	if len(pens.GetPenalties()) != 0 {
		t.Errorf("validate_only stored %v", pens.GetPenalties())
	}
}

func TestAllowMissingEntersOrCorrectsAlike(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	name := "events/club-night/sessions/1/sections/A/tables/2/rounds/1/boards/3"
	adjusted := &scoringv1.Result{NsPair: 2, EwPair: 6, Outcome: &scoringv1.Result_Artificial{Artificial: &scoringv1.ArtificialScore{
		NorthSouth: scoringv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS, EastWest: scoringv1.Adjustment_ADJUSTMENT_AVERAGE_MINUS}}}
	_, err := h.client.CorrectResult(ctx, &scoringv1.CorrectResultRequest{Name: name, Reason: "ruling", Result: adjusted})
	wantCode(t, err, codes.NotFound, name)
	got, err := h.client.CorrectResult(ctx, &scoringv1.CorrectResultRequest{Name: name, Reason: "ruling", Result: adjusted, AllowMissing: true})
	if err != nil || got.GetResult().GetRevision() != 1 {
		t.Fatalf("allow_missing into an empty slot: %v, %v", got, err)
	}
	again, err := h.client.CorrectResult(ctx, &scoringv1.CorrectResultRequest{Name: name, Reason: "ruling", Result: adjusted, AllowMissing: true})
	if err != nil || !proto.Equal(again.GetResult(), got.GetResult()) {
		t.Errorf("the same call again answered %v, %v; want %v", again, err, got)
	}
	hist, _ := h.client.GetResultHistory(ctx, &scoringv1.GetResultHistoryRequest{Name: name})
	if len(hist.GetRevisions()) != 1 || hist.GetRevisions()[0].GetAction() != scoringv1.Action_ACTION_SUBMITTED {
		t.Errorf("history %v: want one submission", hist.GetRevisions())
	}
}

func TestStaleETagIsAbortedWithTheCurrentState(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	first := h.submit(t, played(1, 1, 1, 1, 5, "4H", typev1.Seat_SEAT_SOUTH, 10))
	if first.GetEtag() == "" {
		t.Fatal("a result is answered without an etag")
	}
	second, err := h.client.CorrectResult(ctx, &scoringv1.CorrectResultRequest{Name: first.GetName(), Reason: "tricks", Etag: first.GetEtag(),
		Result: played(0, 0, 0, 1, 5, "4H", typev1.Seat_SEAT_SOUTH, 9)})
	if err != nil || second.GetResult().GetEtag() == first.GetEtag() {
		t.Fatalf("correction with the current etag: %v, %v; want a new etag", second, err)
	}
	// A second director, still holding the first state, is refused.
	_, err = h.client.CorrectResult(ctx, &scoringv1.CorrectResultRequest{Name: first.GetName(), Reason: "tricks", Etag: first.GetEtag(),
		Result: played(0, 0, 0, 1, 5, "4H", typev1.Seat_SEAT_SOUTH, 11)})
	st := wantCode(t, err, codes.Aborted, "changed since it was read")
	if cur, _ := st.Details()[0].(*scoringv1.Result); !proto.Equal(cur, second.GetResult()) {
		t.Errorf("detail %v: want the current result %v", st.Details(), second.GetResult())
	}
	_, err = h.client.EraseResult(ctx, &scoringv1.EraseResultRequest{Name: first.GetName(), Reason: "fouled", Etag: first.GetEtag()})
	wantCode(t, err, codes.Aborted, "changed since it was read")
	// Without an etag the last writer wins.
	if _, err := h.client.EraseResult(ctx, &scoringv1.EraseResultRequest{Name: first.GetName(), Reason: "fouled"}); err != nil {
		t.Fatal(err)
	}
	p := h.penalize(t, "events/club-night", penalty(5, 10, percentOfTop))
	if _, err := h.client.RemovePenalty(ctx, &scoringv1.RemovePenaltyRequest{Name: p.GetName(), Reason: "appeal", Etag: "stale"}); err == nil {
		t.Error("a penalty was removed under a stale etag")
	}
	if _, err := h.client.RemovePenalty(ctx, &scoringv1.RemovePenaltyRequest{Name: p.GetName(), Reason: "appeal", Etag: p.GetEtag()}); err != nil {
		t.Errorf("removing with the current etag: %v", err)
	}
}

func TestResultsArePaged(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	for board := int32(1); board <= 5; board++ {
		h.submit(t, played(1, 1, board, 1, 5, "4H", typev1.Seat_SEAT_SOUTH, 10))
	}
	var seen []string
	req := &scoringv1.ListResultsRequest{Parent: "events/club-night", PageSize: 2}
	for pages := 0; ; pages++ {
		resp, err := h.client.ListResults(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range resp.GetResults() {
			seen = append(seen, r.GetName())
		}
		if resp.GetNextPageToken() == "" {
			if pages != 2 {
				t.Errorf("%d pages of 2 for 5 results, want 3", pages+1)
			}
			break
		}
		req.PageToken = resp.GetNextPageToken()
	}
	if len(seen) != 5 || seen[0] >= seen[4] {
		t.Errorf("paged through %v: want the 5 results once each in order", seen)
	}
	first, _ := h.client.ListResults(ctx, &scoringv1.ListResultsRequest{Parent: "events/club-night", PageSize: 2})
	_, err := h.client.ListResults(ctx, &scoringv1.ListResultsRequest{Parent: "events/club-night", Board: 3, PageToken: first.GetNextPageToken()})
	wantCode(t, err, codes.InvalidArgument, "page_token")
	_, err = h.client.ListResults(ctx, &scoringv1.ListResultsRequest{Parent: "events/club-night", PageSize: -1})
	wantCode(t, err, codes.InvalidArgument, "page_size")
}

func TestWeightedScoreHasAtMostEightParts(t *testing.T) {
	h := newHarness(t)
	parts := make([]*scoringv1.WeightedPart, 9)
	for i := range parts {
		parts[i] = &scoringv1.WeightedPart{Weight: 100, NsScore: 420}
	}
	_, err := h.client.SubmitResult(context.Background(), &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: &scoringv1.Result{
		Table: 1, Round: 1, Board: 1, NsPair: 1, EwPair: 5,
		Outcome: &scoringv1.Result_Assigned{Assigned: &scoringv1.AssignedScore{Kind: &scoringv1.AssignedScore_Weighted{Weighted: &scoringv1.WeightedScore{Parts: parts}}}}}})
	wantCode(t, err, codes.InvalidArgument, "weighted.parts")
}

// TestVersionTwoFileIsIndexedByBoard opens a scoring.db written before
// results were indexed by board (and before values had checksums):
// migration 4 indexes them, so a result that clashes with one stored before
// is refused.
func TestVersionTwoFileIsIndexedByBoard(t *testing.T) {
	dir := t.TempDir()
	platformtest.OldStore(t, filepath.Join(dir, "scoring.db"), migrations[:2], func(tx *bbolt.Tx) error {
		results, err := tx.Bucket(bucketResults).CreateBucketIfNotExists([]byte("club-night"))
		if err != nil {
			return err
		}
		r, err := checkResult("result", played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 10))
		if err != nil {
			return err
		}
		r.Name = slotOf(r).name("club-night")
		return results.Put(slotOf(r).key(), platformtest.Bare(t, r))
	})

	h := start(t, dir)
	h.createEvent(t, "club-night", scoringv1.Form_FORM_MATCHPOINTS)
	_, err := h.client.SubmitResult(context.Background(), &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: played(2, 2, 1, 1, 6, "4S", typev1.Seat_SEAT_NORTH, 10)})
	wantCode(t, err, codes.FailedPrecondition, "pair 1 already has a result on board 1 at events/club-night/sessions/1/sections/A/tables/1/rounds/1/boards/1")
}

// TestEmptyBoardEntriesStillRefuseAClash: an index by board whose entries
// hold nothing of their results (as an earlier version of migration 4 left
// them) still refuses a pair's second result on the board.
func TestEmptyBoardEntriesStillRefuseAClash(t *testing.T) {
	h := newHarness(t)
	h.submit(t, played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 10))
	h.stop()
	db, err := bbolt.Open(filepath.Join(h.dir, "scoring.db"), 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bbolt.Tx) error {
		index := tx.Bucket(bucketBoards).Bucket([]byte("club-night"))
		return index.ForEach(func(k, _ []byte) error { return platform.PutMessage(index, k, &scoringv1.Result{}) })
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	h = start(t, h.dir)
	_, err = h.client.SubmitResult(context.Background(), &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: played(2, 2, 1, 1, 6, "4S", typev1.Seat_SEAT_NORTH, 10)})
	wantCode(t, err, codes.FailedPrecondition, "pair 1 already has a result on board 1")
}
