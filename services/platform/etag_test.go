package platform

import (
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
)

func TestETagFollowsTheResourceNotItsEtagField(t *testing.T) {
	r := &scoringv1.Result{Name: "events/e/sessions/1/sections/A/tables/1/rounds/1/boards/1", Revision: 1, NsScore: 420}
	tag := ETag(r)
	if len(tag) != 16 {
		t.Errorf("etag %q: want 16 characters", tag)
	}
	if SetETag(proto.Clone(r).(*scoringv1.Result)).GetEtag() != tag {
		t.Error("setting the etag changed it")
	}
	withField := proto.Clone(r).(*scoringv1.Result)
	withField.Etag = "anything"
	if ETag(withField) != tag {
		t.Error("the etag field itself changes the etag")
	}
	next := proto.Clone(r).(*scoringv1.Result)
	next.Revision = 2
	if ETag(next) == tag {
		t.Error("a new revision kept the etag")
	}
}

func TestCheckETag(t *testing.T) {
	cur := &scoringv1.Penalty{Name: "events/e/penalties/1", Amount: 25}
	if err := CheckETag("", "penalty", cur.Name, cur); err != nil {
		t.Errorf("no etag: %v, want the last writer to win", err)
	}
	if err := CheckETag(ETag(cur), "penalty", cur.Name, cur); err != nil {
		t.Errorf("the current etag: %v", err)
	}
	err := CheckETag("stale", "penalty", cur.Name, cur)
	st, _ := status.FromError(err)
	if st.Code() != codes.Aborted || len(st.Details()) != 1 {
		t.Fatalf("a stale etag: %v, want Aborted with the current state", err)
	}
	if got := st.Details()[0].(*scoringv1.Penalty); got.GetEtag() != ETag(cur) || got.GetAmount() != 25 {
		t.Errorf("detail %v: want the current penalty with its etag", got)
	}
	// A resource answered without its secret parts keeps the etag it was
	// given, and is checked against that.
	shown := proto.Clone(cur).(*scoringv1.Penalty)
	shown.Etag = "of-the-whole"
	if err := CheckETag("of-the-whole", "penalty", cur.Name, shown); err != nil {
		t.Errorf("the etag a reader was given: %v", err)
	}
}
