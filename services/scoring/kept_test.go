package scoringservice

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/scoring"
	"github.com/bridge-director/director/services/platform/platformtest"
)

// TestKeptStandingsFollowConcurrentWrites submits, corrects and erases
// results from several terminals while scoreboards read, then checks that
// the standings, every traveller and a restart all answer what scoring the
// stored results whole answers.
func TestKeptStandingsFollowConcurrentWrites(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	contracts := []struct {
		contract string
		tricks   int32
	}{{"4S", 10}, {"4S", 9}, {"3NT", 9}, {"4H", 11}, {"2C", 8}}
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for w := range int32(4) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for board := int32(1); board <= 6; board++ {
				table := w + 1
				c := contracts[(board+w)%5]
				r, err := h.client.SubmitResult(ctx, &scoringv1.SubmitResultRequest{Parent: "events/club-night",
					Result: played(table, 1, board, 2*table-1, 2*table, c.contract, typev1.Seat_SEAT_NORTH, c.tricks)})
				if err != nil {
					errs <- err
					return
				}
				switch board % 3 {
				case 1:
					_, err = h.client.CorrectResult(ctx, &scoringv1.CorrectResultRequest{Name: r.GetResult().GetName(), Reason: "wrong tricks",
						Result: played(table, 1, board, 2*table-1, 2*table, c.contract, typev1.Seat_SEAT_NORTH, c.tricks+1)})
				case 2:
					_, err = h.client.EraseResult(ctx, &scoringv1.EraseResultRequest{Name: r.GetResult().GetName(), Reason: "entered at the wrong table"})
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				if _, err := h.client.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/club-night"}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	h.penalize(t, "events/club-night", &scoringv1.Penalty{Pair: 3, Amount: 25, Unit: scoringv1.PenaltyUnit_PENALTY_UNIT_PERCENT_OF_TOP, Reason: "slow play"})

	check := func(when string) {
		list, err := h.client.ListResults(ctx, &scoringv1.ListResultsRequest{Parent: "events/club-night"})
		if err != nil {
			t.Fatal(err)
		}
		var results []scoring.Result
		for _, r := range list.GetResults() {
			results = append(results, toDomain(r))
		}
		penalties, err := h.client.ListPenalties(ctx, &scoringv1.ListPenaltiesRequest{Parent: "events/club-night"})
		if err != nil {
			t.Fatal(err)
		}
		var ps []scoring.Penalty
		for _, p := range penalties.GetPenalties() {
			ps = append(ps, penaltyOf(p))
		}
		want, err := scoring.ScoreSession(settingsOf(&scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}), results, ps)
		if err != nil {
			t.Fatal(err)
		}
		got, err := h.client.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/club-night"})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.GetStandings()) != len(want.Standings) || len(want.Standings) == 0 {
			t.Fatalf("%s: %d standings, want %d", when, len(got.GetStandings()), len(want.Standings))
		}
		for i, st := range want.Standings {
			if w := standingOf(st, false); !proto.Equal(got.GetStandings()[i], w) {
				t.Errorf("%s: standing %d is %v, want %v", when, i, got.GetStandings()[i], w)
			}
		}
		for board := int32(1); board <= 6; board++ {
			trav, err := h.client.GetTraveller(ctx, &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: board})
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, l := range want.Lines {
				if l.Result.Board == int(board) {
					lines = append(lines, fmt.Sprintf("%d %v %v", l.Result.Table, l.NSPoints, l.EWPoints))
				}
			}
			var gotLines []string
			for _, l := range trav.GetLines() {
				gotLines = append(gotLines, fmt.Sprintf("%d %v %v", l.GetResult().GetTable(), l.GetNsPoints(), l.GetEwPoints()))
			}
			if fmt.Sprint(gotLines) != fmt.Sprint(lines) {
				t.Errorf("%s: board %d traveller %v, want %v", when, board, gotLines, lines)
			}
		}
	}
	check("after the writes")
	h.stop()
	h = start(t, h.dir)
	check("after a restart")
}

// TestConcurrentPenaltiesAllCount applies penalties to one pair from many
// directors at once: the standings deduct every one.
func TestConcurrentPenaltiesAllCount(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	h.submit(t, played(1, 1, 1, 1, 5, "4S", typev1.Seat_SEAT_NORTH, 10))
	h.submit(t, played(2, 1, 1, 2, 6, "4S", typev1.Seat_SEAT_NORTH, 9))
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := h.client.ApplyPenalty(ctx, &scoringv1.ApplyPenaltyRequest{Parent: "events/club-night", Penalty: &scoringv1.Penalty{
				Pair: 5, Amount: 0.25, Unit: scoringv1.PenaltyUnit_PENALTY_UNIT_MATCHPOINTS, Reason: "slow play"}})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if got := h.standings(t, "events/club-night")[5].GetPenalties(); got != 4 {
		t.Errorf("pair 5 has %v deducted, want 16 penalties of 0.25", got)
	}
}

// TestPublicStandingsFollowWithinARescoring: the public's standings and
// travellers are the field as last rescored, so a result reaches them once
// the background rescoring has run, without a director's read; the
// director's are current at once. A penalty reaches them the same way.
func TestPublicStandingsFollowWithinARescoring(t *testing.T) {
	h := startWith(t, t.TempDir(), platformtest.Tokens(t, `tokens:
  - {name: club-director, token: director-secret, roles: [director], events: [events/club-night]}
  - {name: scoreboard, token: public-secret, roles: [public]}
`))
	director, public := asToken("director-secret"), asToken("public-secret")
	h.setup = director
	h.createEvent(t, "club-night", scoringv1.Form_FORM_MATCHPOINTS)
	pairs := func(ctx context.Context) []int32 {
		t.Helper()
		resp, err := h.client.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/club-night"})
		if err != nil {
			t.Fatal(err)
		}
		var out []int32
		for _, s := range resp.GetStandings() {
			out = append(out, s.GetPair())
		}
		slices.Sort(out)
		return out
	}
	submit := func(r *scoringv1.Result) {
		t.Helper()
		if _, err := h.client.SubmitResult(director, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: r}); err != nil {
			t.Fatal(err)
		}
	}
	submit(played(1, 1, 1, 1, 11, "4S", typev1.Seat_SEAT_NORTH, 10))
	if got := pairs(public); !slices.Equal(got, []int32{1, 11}) {
		t.Fatalf("the public's first read ranks %v, want [1 11]", got)
	}
	submit(played(2, 1, 1, 2, 12, "4S", typev1.Seat_SEAT_NORTH, 9))
	want := []int32{1, 2, 11, 12}
	for deadline := time.Now().Add(10 * time.Second); !slices.Equal(pairs(public), want); time.Sleep(150 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("10 s after a result the public's standings rank %v, want %v", pairs(public), want)
		}
	}
	submit(played(3, 1, 1, 3, 13, "4S", typev1.Seat_SEAT_NORTH, 8))
	if got := pairs(director); !slices.Equal(got, []int32{1, 2, 3, 11, 12, 13}) {
		t.Errorf("the director's read just after a result ranks %v, want [1 2 3 11 12 13]", got)
	}
	lines := func(ctx context.Context) int {
		t.Helper()
		resp, err := h.client.GetTraveller(ctx, &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: 1})
		if err != nil {
			t.Fatal(err)
		}
		return len(resp.GetLines())
	}
	// The public's traveller comes to the new result by the background
	// rescoring alone (no director reads before it); the director's is
	// current at once.
	submit(played(4, 1, 1, 4, 14, "4S", typev1.Seat_SEAT_NORTH, 11))
	for deadline := time.Now().Add(10 * time.Second); lines(public) != 4; time.Sleep(150 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("10 s after a result the public's traveller has %d lines, want 4", lines(public))
		}
	}
	submit(played(5, 1, 1, 5, 15, "4S", typev1.Seat_SEAT_NORTH, 12))
	if n := lines(director); n != 5 {
		t.Errorf("the director's traveller just after a result has %d lines, want 5", n)
	}

	// A penalty is a change like a result: it reaches the public with the
	// next rescoring, no result or director's read needed. (The rescoring
	// the last result asked for is over first.)
	time.Sleep(2 * rescoreDelay)
	if _, err := h.client.ApplyPenalty(director, &scoringv1.ApplyPenaltyRequest{Parent: "events/club-night",
		Penalty: &scoringv1.Penalty{Pair: 1, Amount: 1, Unit: scoringv1.PenaltyUnit_PENALTY_UNIT_MATCHPOINTS, Reason: "slow play"}}); err != nil {
		t.Fatal(err)
	}
	penalized := func() bool {
		resp, err := h.client.GetStandings(public, &scoringv1.GetStandingsRequest{Event: "events/club-night"})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range resp.GetStandings() {
			if s.GetPair() == 1 {
				return s.GetPenalties() == 1
			}
		}
		return false
	}
	for deadline := time.Now().Add(10 * time.Second); !penalized(); time.Sleep(250 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("10 s after a penalty the public's standings do not show it")
		}
	}
}
