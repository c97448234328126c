package platform

import (
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
)

func TestOutboxRecordReadsBack(t *testing.T) {
	m := OutboxMessage{
		Peer: "scoring", Method: scoringv1.ScoringService_ApplyPenalty_FullMethodName, OnBehalfOf: "head-director",
		Subject: "events/e/sessions/1/sections/A/calls/1", Label: "penalty", Origin: "apply-1",
		Request: &scoringv1.ApplyPenaltyRequest{RequestId: "penalty-0123", Parent: "events/e", Penalty: &scoringv1.Penalty{Pair: 7, Amount: 25}},
	}
	written := time.Date(2026, 5, 2, 19, 30, 0, 123, time.UTC)
	rec, err := encodeOutboxRecord(m, written)
	if err != nil {
		t.Fatal(err)
	}
	got, created, err := decodeOutboxRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !created.Equal(written) {
		t.Errorf("written at %v, read back %v", written, created)
	}
	if got.Peer != m.Peer || got.Method != m.Method || got.OnBehalfOf != m.OnBehalfOf || got.Subject != m.Subject || got.Label != m.Label || got.Origin != m.Origin || !proto.Equal(got.Request, m.Request) {
		t.Errorf("read back %+v, want %+v", got, m)
	}
}

func TestOutboxRequestIDs(t *testing.T) {
	m := OutboxMessage{Subject: "events/e/sessions/1/sections/A/calls/1", Label: "score", Origin: strings.Repeat("x", 128)}
	a, _ := outboxRequestID(m)
	b, _ := outboxRequestID(m)
	if a != b || len(a) > 128 || !validRequestIDChars(a) {
		t.Errorf("ids %q and %q: want one stable id within the request_id rules", a, b)
	}
	m.Subject = "events/e/sessions/1/sections/A/calls/2"
	if c, _ := outboxRequestID(m); c == a {
		t.Error("two calls' changes share a request id")
	}
	m.Origin = ""
	x, _ := outboxRequestID(m)
	y, _ := outboxRequestID(m)
	if x == y || !validRequestIDChars(x) {
		t.Errorf("ids %q and %q of changes without a request id: want two different valid ids", x, y)
	}
}

func validRequestIDChars(s string) bool {
	return strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:-") == ""
}

func FuzzDecodeOutboxRecord(f *testing.F) {
	rec, _ := encodeOutboxRecord(OutboxMessage{Peer: "scoring", Method: scoringv1.ScoringService_ApplyPenalty_FullMethodName,
		Request: &scoringv1.ApplyPenaltyRequest{Parent: "events/e"}}, time.Now())
	f.Add(rec)
	f.Add([]byte{})
	f.Add(encodeRecord([]byte(`{"Method":"/x/Y","Request":"bm90IGFuIEFueQ=="}`)))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, _, err := decodeOutboxRecord(b)
		if err == nil && (m.Method == "" || m.Request == nil) {
			t.Fatalf("decoded %+v without a method or a request", m)
		}
	})
}
