package scoringservice

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/scoring"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/platform/platformtest"
)

const (
	percentOfTop  = scoringv1.PenaltyUnit_PENALTY_UNIT_PERCENT_OF_TOP
	matchpoints   = scoringv1.PenaltyUnit_PENALTY_UNIT_MATCHPOINTS
	imps          = scoringv1.PenaltyUnit_PENALTY_UNIT_IMPS
	victoryPoints = scoringv1.PenaltyUnit_PENALTY_UNIT_VICTORY_POINTS
)

// penalty builds a Law 90B2 (slow play) penalty against pair in section A of
// session 1.
func penalty(pair int32, amount float64, unit scoringv1.PenaltyUnit) *scoringv1.Penalty {
	return &scoringv1.Penalty{Pair: pair, Amount: amount, Unit: unit, Reason: "unduly slow play", Law: "90B2"}
}

func (h *harness) penalize(t *testing.T, event string, p *scoringv1.Penalty) *scoringv1.Penalty {
	t.Helper()
	resp, err := h.client.ApplyPenalty(context.Background(), &scoringv1.ApplyPenaltyRequest{Parent: event, Penalty: p})
	if err != nil {
		t.Fatalf("ApplyPenalty %v: %v", p, err)
	}
	return resp.GetPenalty()
}

// wantStanding checks a pair's score, percentage, deduction and place.
func wantStanding(t *testing.T, st map[int32]*scoringv1.Standing, pair int32, score, percentage, penalties float64, place string) {
	t.Helper()
	s := st[pair]
	if s.GetScore() != score || s.GetPercentage() != percentage || s.GetPenalties() != penalties || s.GetPlace() != place {
		t.Errorf("pair %d: score %v, %v%%, penalties %v, place %q; want %v, %v%%, %v, %q",
			pair, s.GetScore(), s.GetPercentage(), s.GetPenalties(), s.GetPlace(), score, percentage, penalties, place)
	}
}

// wantRankOrder checks that the standings are listed best first.
func wantRankOrder(t *testing.T, h *harness, event string) {
	t.Helper()
	resp, err := h.client.GetStandings(context.Background(), &scoringv1.GetStandingsRequest{Event: event})
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(resp.GetStandings()); i++ {
		if a, b := resp.GetStandings()[i-1], resp.GetStandings()[i]; a.GetRank() > b.GetRank() {
			t.Errorf("pair %d (rank %d) is listed before pair %d (rank %d)", a.GetPair(), a.GetRank(), b.GetPair(), b.GetRank())
		}
	}
}

// clubField enters two boards for three tables of a matchpoint pairs event,
// North-South pairs 1 to 3 against East-West pairs 4 to 6, a top of 4.
//
//	board 1: +420 +170 -50  NS 4 2 0, EW 0 2 4
//	board 2: +110 +110 +140 NS 1 1 4, EW 3 3 0
//
// Totals over a top of 8: pair 1 5 (62.5%), 2 3 (37.5%), 3 4 (50%),
// 4 3 (37.5%), 5 5 (62.5%), 6 4 (50%).
func clubField(t *testing.T, h *harness) {
	for _, r := range []*scoringv1.Result{
		played(1, 1, 1, 1, 4, "4S", typev1.Seat_SEAT_NORTH, 10),
		played(2, 1, 1, 2, 5, "2S", typev1.Seat_SEAT_NORTH, 10),
		played(3, 1, 1, 3, 6, "4S", typev1.Seat_SEAT_NORTH, 9),
		played(1, 1, 2, 1, 4, "2H", typev1.Seat_SEAT_NORTH, 8),
		played(2, 1, 2, 2, 5, "2H", typev1.Seat_SEAT_NORTH, 8),
		played(3, 1, 2, 3, 6, "3H", typev1.Seat_SEAT_NORTH, 9),
	} {
		h.submit(t, r)
	}
}

func TestMatchpointPenaltiesComeOffTheTotalAndThePercentage(t *testing.T) {
	h := newHarness(t)
	ev := "events/club-night"
	// Applied before pair 6 has played: kept, and deducted once it has results.
	h.penalize(t, ev, penalty(6, 0.5, matchpoints))
	if st := h.standings(t, ev); len(st) != 0 {
		t.Fatalf("standings before any result: %v", st)
	}
	clubField(t, h)
	quarter := h.penalize(t, ev, penalty(1, 25, percentOfTop))

	// A quarter of a top of 4 is 1: pair 1 has 4 of 8, 50%. Pair 6 has 3.5
	// of 8, 43.75%. Pair 5 now wins alone; 1 and 3 share second.
	st := h.standings(t, ev)
	wantStanding(t, st, 5, 5, 62.5, 0, "1")
	wantStanding(t, st, 1, 4, 50, 1, "2=")
	wantStanding(t, st, 3, 4, 50, 0, "2=")
	wantStanding(t, st, 6, 3.5, 43.75, 0.5, "4")
	wantStanding(t, st, 2, 3, 37.5, 0, "5=")
	wantStanding(t, st, 4, 3, 37.5, 0, "5=")
	wantRankOrder(t, h, ev)

	card, err := h.client.GetScorecard(context.Background(), &scoringv1.GetScorecardRequest{Event: ev, Pair: 6})
	if err != nil {
		t.Fatal(err)
	}
	if card.GetStanding().GetPercentage() != 43.75 || card.GetLines()[0].GetPoints() != 4 {
		t.Errorf("pair 6's scorecard: %v; want 43.75%% overall and its board scores untouched", card)
	}

	// Removed on appeal: pair 1 is back to 5 of 8, level first with pair 5.
	removed, err := h.client.RemovePenalty(context.Background(), &scoringv1.RemovePenaltyRequest{Name: quarter.GetName(), Reason: "appeal upheld"})
	if err != nil {
		t.Fatal(err)
	}
	if r := removed.GetPenalty().GetRemoval(); r.GetReason() != "appeal upheld" || r.GetRemovedBy() == "" || r.GetTime() == nil {
		t.Errorf("removal recorded as %v: want who, why and when", r)
	}
	st = h.standings(t, ev)
	wantStanding(t, st, 1, 5, 62.5, 0, "1=")
	wantStanding(t, st, 5, 5, 62.5, 0, "1=")
	wantStanding(t, st, 3, 4, 50, 0, "3")

	list, err := h.client.ListPenalties(context.Background(), &scoringv1.ListPenaltiesRequest{Parent: ev})
	if err != nil {
		t.Fatal(err)
	}
	if len(list.GetPenalties()) != 2 || !proto.Equal(list.GetPenalties()[1], removed.GetPenalty()) || list.GetPenalties()[0].GetRemoval() != nil {
		t.Errorf("penalties %v: want both, the second marked removed", list.GetPenalties())
	}
}

func TestTwoWinnerPenaltyNamesItsDirection(t *testing.T) {
	h := start(t, t.TempDir())
	h.createEventWith(t, "club-night", &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS, TwoWinners: true})
	// Pairs numbered 1 and 2 each way. Board 1, a top of 2: NS 1 +420 against
	// EW 2, NS 2 -50 against EW 1. NS 1 and EW 1 score 2, the others 0.
	h.submit(t, played(1, 1, 1, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 10))
	h.submit(t, played(2, 1, 1, 2, 1, "4S", typev1.Seat_SEAT_NORTH, 9))
	p := penalty(1, 50, percentOfTop)
	p.Direction = typev1.Side_SIDE_EAST_WEST
	h.penalize(t, "events/club-night", p)
	resp, err := h.client.GetStandings(context.Background(), &scoringv1.GetStandingsRequest{Event: "events/club-night"})
	if err != nil {
		t.Fatal(err)
	}
	// Half a top of 2 off East-West pair 1: 1 of 2, 50%, still first of the
	// East-West pairs. North-South pair 1 keeps its 2.
	type key struct {
		side typev1.Side
		pair int32
	}
	want := map[key][3]float64{
		{typev1.Side_SIDE_NORTH_SOUTH, 1}: {2, 100, 0},
		{typev1.Side_SIDE_NORTH_SOUTH, 2}: {0, 0, 0},
		{typev1.Side_SIDE_EAST_WEST, 1}:   {1, 50, 1},
		{typev1.Side_SIDE_EAST_WEST, 2}:   {0, 0, 0},
	}
	for _, s := range resp.GetStandings() {
		w := want[key{s.GetDirection(), s.GetPair()}]
		if s.GetScore() != w[0] || s.GetPercentage() != w[1] || s.GetPenalties() != w[2] || s.GetRank() != 1 && s.GetScore() > 0 {
			t.Errorf("%v pair %d: %v (%v%%), penalties %v, place %s; want %v (%v%%), penalties %v",
				s.GetDirection(), s.GetPair(), s.GetScore(), s.GetPercentage(), s.GetPenalties(), s.GetPlace(), w[0], w[1], w[2])
		}
	}
	if len(resp.GetStandings()) != len(want) {
		t.Errorf("%d standings, want %d", len(resp.GetStandings()), len(want))
	}
}

func TestIMPPenalty(t *testing.T) {
	h := start(t, t.TempDir())
	h.createEvent(t, "ximps", scoringv1.Form_FORM_CROSS_IMPS)
	ev := "events/ximps"
	// The field of TestCrossIMPStandings: EW 8 leads on 8.33, NS 1 and 2 share
	// second on 5.67. 3 IMPs off pair 8 leave 5.33, third.
	h.submitTo(t, ev, played(1, 1, 1, 1, 5, "4H", typev1.Seat_SEAT_NORTH, 10))
	h.submitTo(t, ev, played(2, 1, 1, 2, 6, "4H", typev1.Seat_SEAT_NORTH, 10))
	h.submitTo(t, ev, played(3, 1, 1, 3, 7, "2H", typev1.Seat_SEAT_NORTH, 9))
	h.submitTo(t, ev, played(4, 1, 1, 4, 8, "4H", typev1.Seat_SEAT_NORTH, 9))
	h.penalize(t, ev, penalty(8, 3, imps))
	st := h.standings(t, ev)
	wantStanding(t, st, 1, 5.67, 0, 0, "1=")
	wantStanding(t, st, 2, 5.67, 0, 0, "1=")
	wantStanding(t, st, 8, 5.33, 0, 3, "3")
	wantRankOrder(t, h, ev)

	_, err := h.client.ApplyPenalty(context.Background(), &scoringv1.ApplyPenaltyRequest{Parent: ev, Penalty: penalty(8, 25, percentOfTop)})
	wantCode(t, err, codes.InvalidArgument, "PENALTY_UNIT_IMPS")
	inRound := penalty(8, 3, imps)
	inRound.Round = 1
	_, err = h.client.ApplyPenalty(context.Background(), &scoringv1.ApplyPenaltyRequest{Parent: ev, Penalty: inRound})
	wantCode(t, err, codes.InvalidArgument, "penalty.round")
}

// teamOneWinsByFive plays round 1 of ev, team 1 v team 2 over two boards:
// 6 IMPs to team 1 on board 1, 1 IMP to team 2 on board 2 (as in
// TestTeamsMatchToVictoryPoints).
func (h *harness) teamOneWinsByFive(t *testing.T, ev string) {
	t.Helper()
	h.teamOneWinsBoardOne(t, ev)
	h.submitTo(t, ev, played(1, 1, 2, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 10))
	h.submitTo(t, ev, played(2, 1, 2, 2, 1, "4S", typev1.Seat_SEAT_NORTH, 11))
}

func TestVictoryPointPenalty(t *testing.T) {
	h := start(t, t.TempDir())
	h.createEvent(t, "teams", scoringv1.Form_FORM_TEAMS_VP)
	ev := "events/teams"
	// Team 1 wins by 5 IMPs over 2 boards (as in TestTeamsMatchToVictoryPoints).
	// WBF 2013: B = 15√2, VP = 10 + 10(1 − τ^(3·5/B))/(1 − τ³), τ = (√5 − 1)/2:
	// 13.78 to 6.22.
	h.teamOneWinsByFive(t, ev)
	h.penalize(t, ev, penalty(1, 1, victoryPoints))
	st := h.standings(t, ev)
	wantStanding(t, st, 1, 12.78, 0, 1, "1")
	wantStanding(t, st, 2, 6.22, 0, 0, "2")
	// A second penalty adds up: 8 VPs leave team 1 5.78, behind team 2.
	h.penalize(t, ev, penalty(1, 7, victoryPoints))
	st = h.standings(t, ev)
	wantStanding(t, st, 2, 6.22, 0, 0, "1")
	wantStanding(t, st, 1, 5.78, 0, 8, "2")
	wantRankOrder(t, h, ev)
}

func TestIMPPenaltyInAVictoryPointMatch(t *testing.T) {
	for _, c := range []struct {
		conversion scoringv1.ImpPenaltyConversion
		score      float64
		taken      float64
	}{
		// Team 1 wins by 5 IMPs over 2 boards, 13.78 to 6.22 (as in
		// TestVictoryPointPenalty). From the margin: 5 - 3 = 2 IMPs, 11.67
		// VPs, 2.11 taken.
		{scoringv1.ImpPenaltyConversion_IMP_PENALTY_CONVERSION_UNSPECIFIED, 11.67, 2.11},
		// On the scale: 3 IMPs over 2 boards win 12.42, 2.42 over a draw.
		{scoringv1.ImpPenaltyConversion_IMP_PENALTY_CONVERSION_ON_SCALE, 11.36, 2.42},
	} {
		h := start(t, t.TempDir())
		h.createEventWith(t, "teams", &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_TEAMS_VP, ImpPenalties: c.conversion})
		ev := "events/teams"
		h.teamOneWinsByFive(t, ev)
		p := penalty(1, 3, imps)
		_, err := h.client.ApplyPenalty(context.Background(), &scoringv1.ApplyPenaltyRequest{Parent: ev, Penalty: p})
		wantCode(t, err, codes.InvalidArgument, "penalty.round")
		p.Round = 1
		h.penalize(t, ev, p)
		st := h.standings(t, ev)
		wantStanding(t, st, 1, c.score, 0, c.taken, "1")
		wantStanding(t, st, 2, 6.22, 0, 0, "2")
	}
}

func TestPointABoardPenalty(t *testing.T) {
	h := start(t, t.TempDir())
	h.createEvent(t, "pab", scoringv1.Form_FORM_TEAMS_POINT_A_BOARD)
	ev := "events/pab"
	// Team 1 wins board 1 and halves board 2: 3 points to 1 (TestTeamsPointABoard).
	h.teamOneWinsAndHalves(t, ev)
	// Half a top of 2 points is 1, and 1 board point more: team 1 has 1 left,
	// level with team 2.
	h.penalize(t, ev, penalty(1, 50, percentOfTop))
	h.penalize(t, ev, penalty(1, 1, matchpoints))
	st := h.standings(t, ev)
	wantStanding(t, st, 1, 1, 0, 2, "1=")
	wantStanding(t, st, 2, 1, 0, 0, "1=")
}

func TestPenaltiesSurviveARestart(t *testing.T) {
	dir := t.TempDir()
	h := start(t, dir)
	h.createEvent(t, "club-night", scoringv1.Form_FORM_MATCHPOINTS)
	clubField(t, h)
	applied := h.penalize(t, "events/club-night", penalty(1, 25, percentOfTop))
	h.stop()

	h = start(t, dir)
	list, err := h.client.ListPenalties(context.Background(), &scoringv1.ListPenaltiesRequest{Parent: "events/club-night"})
	if err != nil {
		t.Fatal(err)
	}
	if len(list.GetPenalties()) != 1 || !proto.Equal(list.GetPenalties()[0], applied) {
		t.Fatalf("after a restart: %v, want %v", list.GetPenalties(), applied)
	}
	wantStanding(t, h.standings(t, "events/club-night"), 1, 4, 50, 1, "2=")
	// The next penalty takes the next number.
	if next := h.penalize(t, "events/club-night", penalty(2, 10, percentOfTop)); next.GetName() != "events/club-night/penalties/2" {
		t.Errorf("second penalty named %q", next.GetName())
	}
}

// TestVersionOneFileTakesPenalties opens a scoring.db written before penalties
// existed (schema version 1), with an event of the time when scoring kept
// them, stored as version 1 stored values (bare protobuf, no checksum):
// migration 2 adds penalties, migration 3 checksums the values, and
// migration 5 hands the old event to movement.
func TestVersionOneFileTakesPenalties(t *testing.T) {
	dir := t.TempDir()
	// The old Event: name (field 1) and form (field 3, matchpoints).
	oldEvent := protowire.AppendVarint(protowire.AppendTag(protowire.AppendString(protowire.AppendTag(nil, 1, protowire.BytesType), "events/club-night"), 3, protowire.VarintType), 1)
	platformtest.OldStore(t, filepath.Join(dir, "scoring.db"), migrations[:1], func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketEvents).Put([]byte("club-night"), oldEvent)
	})

	h := start(t, dir)
	if v, err := h.svc.store.SchemaVersion(); err != nil || v != len(migrations) {
		t.Fatalf("schema version %d (%v), want %d", v, err, len(migrations))
	}
	for outboxPending(t, h.svc, "events/club-night") {
		time.Sleep(5 * time.Millisecond)
	}
	h.createSection(t, "club-night", 1, "A")
	clubField(t, h)
	h.penalize(t, "events/club-night", penalty(6, 0.5, matchpoints))
	wantStanding(t, h.standings(t, "events/club-night"), 6, 3.5, 43.75, 0.5, "4")
}

func TestPenaltyRetryAnswersTheSame(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	req := &scoringv1.ApplyPenaltyRequest{RequestId: "call-7-penalty", Parent: "events/club-night", Penalty: penalty(3, 25, percentOfTop)}
	first, err := h.client.ApplyPenalty(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	again, err := h.client.ApplyPenalty(ctx, req)
	if err != nil || !proto.Equal(first, again) {
		t.Fatalf("retry: %v, %v; want the first answer %v", again, err, first)
	}
	remove := &scoringv1.RemovePenaltyRequest{RequestId: "call-7-appeal", Name: first.GetPenalty().GetName(), Reason: "appeal upheld"}
	removed, err := h.client.RemovePenalty(ctx, remove)
	if err != nil {
		t.Fatal(err)
	}
	if again, err := h.client.RemovePenalty(ctx, remove); err != nil || !proto.Equal(removed, again) {
		t.Errorf("retried removal: %v, %v; want the first answer", again, err)
	}
	// Without a request_id, removing it again is refused and says who did.
	_, err = h.client.RemovePenalty(ctx, &scoringv1.RemovePenaltyRequest{Name: first.GetPenalty().GetName(), Reason: "again"})
	wantCode(t, err, codes.FailedPrecondition, "already removed by")
	list, err := h.client.ListPenalties(ctx, &scoringv1.ListPenaltiesRequest{Parent: "events/club-night"})
	if err != nil {
		t.Fatal(err)
	}
	if len(list.GetPenalties()) != 1 || list.GetPenalties()[0].GetRemoval().GetReason() != "appeal upheld" {
		t.Errorf("penalties %v: want one, removed for the first reason", list.GetPenalties())
	}
}

func TestBadPenaltyNamesTheFieldAndStoresNothing(t *testing.T) {
	h := newHarness(t)
	with := func(change func(p *scoringv1.Penalty)) *scoringv1.Penalty {
		p := penalty(1, 25, percentOfTop)
		change(p)
		return p
	}
	cases := []struct {
		name    string
		parent  string
		penalty *scoringv1.Penalty
		field   string
	}{
		{"no penalty", "events/club-night", nil, "penalty"},
		{"bad parent", "club-night", penalty(1, 25, percentOfTop), "parent"},
		{"no pair", "events/club-night", penalty(0, 25, percentOfTop), "penalty.pair"},
		{"no amount", "events/club-night", penalty(1, 0, percentOfTop), "penalty.amount"},
		{"negative amount", "events/club-night", penalty(1, -1, matchpoints), "penalty.amount"},
		{"more than a top", "events/club-night", penalty(1, 101, percentOfTop), "penalty.amount"},
		{"not a number", "events/club-night", penalty(1, math.NaN(), matchpoints), "penalty.amount"},
		{"infinite", "events/club-night", penalty(1, math.Inf(1), matchpoints), "penalty.amount"},
		{"no unit", "events/club-night", penalty(1, 25, scoringv1.PenaltyUnit_PENALTY_UNIT_UNSPECIFIED), "penalty.unit"},
		{"unit of another form", "events/club-night", penalty(1, 3, imps), "penalty.unit"},
		{"no reason", "events/club-night", with(func(p *scoringv1.Penalty) { p.Reason = "  " }), "penalty.reason"},
		{"session 100", "events/club-night", with(func(p *scoringv1.Penalty) { p.Session = 100 }), "penalty.session"},
		{"bad section", "events/club-night", with(func(p *scoringv1.Penalty) { p.Section = "A-B" }), "penalty.section"},
		{"bad law", "events/club-night", with(func(p *scoringv1.Penalty) { p.Law = "B2" }), "penalty.law"},
		{"bad direction", "events/club-night", with(func(p *scoringv1.Penalty) { p.Direction = 7 }), "penalty.direction"},
		{"direction in a one-winner event", "events/club-night", with(func(p *scoringv1.Penalty) { p.Direction = typev1.Side_SIDE_EAST_WEST }), "penalty.direction"},
		{"ruling not a call", "events/club-night", with(func(p *scoringv1.Penalty) { p.Ruling = "calls/1" }), "penalty.ruling"},
		{"ruling of another event", "events/club-night", with(func(p *scoringv1.Penalty) { p.Ruling = "events/other/sessions/1/sections/A/calls/1" }), "penalty.ruling"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := h.client.ApplyPenalty(context.Background(), &scoringv1.ApplyPenaltyRequest{Parent: c.parent, Penalty: c.penalty})
			st := wantCode(t, err, codes.InvalidArgument, c.field)
			var fields []string
			for _, d := range st.Details() {
				if br, ok := d.(*errdetails.BadRequest); ok {
					for _, v := range br.GetFieldViolations() {
						fields = append(fields, v.GetField())
					}
				}
			}
			if len(fields) == 0 || fields[0] != c.field {
				t.Errorf("BadRequest names %v, want %s", fields, c.field)
			}
		})
	}
	_, err := h.client.ApplyPenalty(context.Background(), &scoringv1.ApplyPenaltyRequest{Parent: "events/no-such-night", Penalty: penalty(1, 25, percentOfTop)})
	wantCode(t, err, codes.NotFound, "events/no-such-night")
	_, err = h.client.RemovePenalty(context.Background(), &scoringv1.RemovePenaltyRequest{Name: "events/club-night/penalties/1", Reason: "entered in error"})
	wantCode(t, err, codes.NotFound, "events/club-night/penalties/1")
	_, err = h.client.RemovePenalty(context.Background(), &scoringv1.RemovePenaltyRequest{Name: "events/club-night/penalties/1"})
	wantCode(t, err, codes.InvalidArgument, "reason")

	// A ruling of the event is kept with the penalty, and the law defaults to 90.
	p := h.penalize(t, "events/club-night", with(func(p *scoringv1.Penalty) {
		p.Law, p.Ruling = "", "events/club-night/sessions/1/sections/A/calls/1"
	}))
	if p.GetLaw() != "90" || p.GetRuling() != "events/club-night/sessions/1/sections/A/calls/1" || p.GetName() != "events/club-night/penalties/1" {
		t.Errorf("stored %v: want law 90, the ruling, and number 1 after the refused ones", p)
	}
}

func TestPenaltiesArePublicButApplyingThemIsNot(t *testing.T) {
	dir := t.TempDir()
	config := filepath.Join(dir, "tokens.yaml")
	err := os.WriteFile(config, []byte(`tokens:
  - name: club-director
    token: director-secret
    roles: [director]
  - name: table-3
    token: terminal-secret
    roles: [terminal]
`), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	auth, err := platform.LoadAuthConfig(config)
	if err != nil {
		t.Fatal(err)
	}
	as := func(token string) context.Context {
		return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+token)
	}
	h := startWith(t, dir, auth)
	h.setup = as("director-secret")
	h.createEvent(t, "club-night", scoringv1.Form_FORM_MATCHPOINTS)
	client := h.client
	apply := &scoringv1.ApplyPenaltyRequest{Parent: "events/club-night", Penalty: penalty(1, 25, percentOfTop)}
	_, err = client.ApplyPenalty(as("terminal-secret"), apply)
	if status.Code(err) != codes.PermissionDenied {
		t.Errorf("a terminal applying a penalty: %v, want PermissionDenied", err)
	}
	_, err = client.ApplyPenalty(context.Background(), apply)
	if status.Code(err) != codes.Unauthenticated {
		t.Errorf("an anonymous caller applying a penalty: %v, want Unauthenticated", err)
	}
	applied, err := client.ApplyPenalty(as("director-secret"), apply)
	if err != nil {
		t.Fatal(err)
	}
	if applied.GetPenalty().GetEnteredBy() != "club-director" {
		t.Errorf("entered by %q, want club-director", applied.GetPenalty().GetEnteredBy())
	}
	list, err := client.ListPenalties(context.Background(), &scoringv1.ListPenaltiesRequest{Parent: "events/club-night"})
	if err != nil || len(list.GetPenalties()) != 1 {
		t.Errorf("the public reading penalties: %v, %v; want the one penalty", list, err)
	}
}

// FuzzCheckPenalty feeds penalties as a client might send them, whole or
// garbled: checking never panics, names a field of the penalty when it
// refuses, and what it accepts is within bounds and deducts a finite amount.
func FuzzCheckPenalty(f *testing.F) {
	for _, seed := range []string{
		`{"pair":3,"amount":25,"unit":"PENALTY_UNIT_PERCENT_OF_TOP","reason":"unduly slow play","law":"90B2"}`,
		`{"session":2,"section":"b","pair":12,"direction":"SIDE_EAST_WEST","amount":0.5,"unit":"PENALTY_UNIT_MATCHPOINTS","reason":"late","ruling":"events/club-night/sessions/2/sections/B/calls/4"}`,
		`{"pair":1,"amount":3,"unit":"PENALTY_UNIT_IMPS","reason":"scores compared","law":"12C1(c)"}`,
		`{"pair":9999,"amount":100,"unit":"PENALTY_UNIT_VICTORY_POINTS","reason":"x"}`,
	} {
		p := &scoringv1.Penalty{}
		if err := protojson.Unmarshal([]byte(seed), p); err != nil {
			f.Fatal(err)
		}
		b, _ := proto.Marshal(p)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		in := &scoringv1.Penalty{}
		if proto.Unmarshal(b, in) != nil {
			return
		}
		before := proto.Clone(in)
		p, err := checkPenalty("club-night", in)
		if !proto.Equal(in, before) {
			t.Fatal("checkPenalty changed its input")
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), "rpc error: code = InvalidArgument desc = penalty") {
				t.Fatalf("error %q does not name a field of the penalty", err)
			}
			return
		}
		limit, ok := penaltyLimits[p.GetUnit()]
		if !ok || !(p.GetAmount() > 0 && p.GetAmount() <= limit.most) || p.GetPair() < 1 || !platform.ValidSection(p.GetSection()) ||
			strings.TrimSpace(p.GetReason()) == "" || p.GetName() != "" || p.GetRemoval() != nil {
			t.Fatalf("accepted %v", p)
		}
		pair, other := int(p.GetPair()), int(p.GetPair())+1
		score, err := scoring.ScoreSession(scoring.Settings{Form: scoring.MatchpointPairs, Profile: scoring.WBF, TwoWinners: true}, []scoring.Result{
			{Section: p.GetSection(), Table: 1, Board: 1, NS: pair, EW: other, NSScore: 420},
			{Section: p.GetSection(), Table: 2, Board: 1, NS: other + 1, EW: other + 2, NSScore: 450},
			{Section: p.GetSection(), Table: 3, Board: 1, NS: other + 3, EW: pair, NSScore: 420},
		}, []scoring.Penalty{penaltyOf(p)})
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range score.Standings {
			if d := st.Penalties; math.IsNaN(d) || math.IsInf(d, 0) || d < 0 || math.IsNaN(st.Score) || math.IsNaN(st.Percentage) {
				t.Fatalf("%v deducts %v from %+v", p, d, st)
			}
		}
	})
}
