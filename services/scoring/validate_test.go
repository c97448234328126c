package scoringservice

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/bridge-director/director/bridge"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/scoring"
)

// FuzzCheckResult feeds results as a terminal might send them, whole or
// garbled: checking never panics, and what it accepts can be stored and
// scored.
func FuzzCheckResult(f *testing.F) {
	for _, seed := range []string{
		`{"table":1,"round":1,"board":2,"ns_pair":1,"ew_pair":5,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":11,"lead":"HK"}}`,
		`{"table":3,"round":2,"board":7,"ns_pair":3,"ew_pair":4,"passed_out":{}}`,
		`{"table":1,"round":1,"board":1,"ns_pair":1,"ew_pair":5,"artificial":{"north_south":"ADJUSTMENT_AVERAGE_PLUS","east_west":"ADJUSTMENT_AVERAGE_MINUS"}}`,
		`{"table":1,"round":1,"board":1,"ns_pair":1,"ew_pair":5,"assigned":{"weighted":{"parts":[{"weight":1,"ns_score":420},{"weight":2,"ns_score":-50}]}}}`,
		`{"section":"b","session":2,"table":9,"round":4,"board":30,"ns_pair":9,"ew_pair":19,"played":{"contract":"7NTxx","declarer":"SEAT_WEST","tricks":0}}`,
	} {
		r := &scoringv1.Result{}
		if err := protojson.Unmarshal([]byte(seed), r); err != nil {
			f.Fatal(err)
		}
		b, _ := proto.Marshal(r)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		in := &scoringv1.Result{}
		if proto.Unmarshal(b, in) != nil {
			return
		}
		before := proto.Clone(in)
		r, err := checkResult("result", in)
		if !proto.Equal(in, before) {
			t.Fatal("checkResult changed its input")
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), "rpc error: code = InvalidArgument desc = result") {
				t.Fatalf("error %q does not name a field of the result", err)
			}
			return
		}
		if p := r.GetPlayed(); p != nil {
			c, err := bridge.ParseContract(p.GetContract())
			if err != nil || c.IsPassedOut() || p.GetTricks() < 0 || p.GetTricks() > 13 {
				t.Fatalf("accepted an unplayable result %v", r)
			}
		}
		score, err := scoring.ScoreSession(settingsOf(&scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}), []scoring.Result{toDomain(r)}, nil)
		if err != nil || len(score.Problems) > 0 {
			t.Fatalf("accepted a result that cannot be scored: %v: %v %v", r, err, score.Problems)
		}
	})
}
