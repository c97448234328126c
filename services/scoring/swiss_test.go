package scoringservice

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"google.golang.org/grpc/codes"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform/platformtest"
)

const swissSection = "events/swiss/sessions/1/sections/A"

// swissHarness serves scoring and movement with a director's and a
// scorer's tokens for events/swiss, scored by victory points, whose
// section A of eight teams plays a Swiss of three rounds of two boards.
func swissHarness(t *testing.T) (h *harness, director, scorer context.Context) {
	t.Helper()
	return swissOf(t, 8)
}

// swissOf is swissHarness with teams teams.
func swissOf(t *testing.T, teams int32) (h *harness, director, scorer context.Context) {
	t.Helper()
	h = startWith(t, t.TempDir(), platformtest.Tokens(t, `tokens:
  - {name: swiss-director, token: director-secret, roles: [director], events: [events/swiss]}
  - {name: scorer, token: scorer-secret, roles: [scorer], events: [events/swiss]}
rate_limits: {director: {per_second: 1000, burst: 1000}}
`))
	director, scorer = asToken("director-secret"), asToken("scorer-secret")
	if _, err := h.moves.CreateEvent(director, &movementv1.CreateEventRequest{EventId: "swiss",
		Event: &movementv1.Event{Title: "Swiss teams", Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_TEAMS_VP}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.moves.CreateSession(director, &movementv1.CreateSessionRequest{Parent: "events/swiss", SessionId: 1}); err != nil {
		t.Fatal(err)
	}
	var entrants []*movementv1.Entrant
	for n := int32(1); n <= teams; n++ {
		entrants = append(entrants, &movementv1.Entrant{Number: n, Name: fmt.Sprintf("Team %d", n)})
	}
	if _, err := h.moves.CreateSection(director, &movementv1.CreateSectionRequest{Parent: "events/swiss/sessions/1", SectionId: "A", Section: &movementv1.Section{Entrants: entrants}}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.moves.SetMovement(director, &movementv1.SetMovementRequest{Name: swissSection,
		Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_SWISS_TEAMS, Rounds: 3, BoardsPerRound: 2}}); err != nil {
		t.Fatal(err)
	}
	return h, director, scorer
}

// swissBoard is the two results of one board of a match: in the open room
// (table) the home team North-South makes 3NT exactly; in the closed room
// (table+1) the away team North-South plays 3NT and takes tricks. Fewer
// than nine tricks win the board for the home team: down 1 is 10 and 12
// IMPs on the round's two boards (the second is North-South vulnerable in
// every round), down 2 is 11 and 13, down 3 11 and 14, down 4 12 and 14;
// nine tricks halve it, ten lose a trick each board.
func swissBoard(round, table, board, home, away, tricks int32) []*scoringv1.Result {
	return []*scoringv1.Result{
		played(table, round, board, home, away, "3NT", typev1.Seat_SEAT_NORTH, 9),
		played(table+1, round, board, away, home, "3NT", typev1.Seat_SEAT_NORTH, tricks),
	}
}

// swissMatch is a whole match of a round of two boards.
type swissMatch struct {
	home, away, tricks int32
}

// playRound enters every result of a round's matches, at the tables the
// pairing gave them (match k at tables 2k−1 and 2k), except those skip
// names by table and board.
func (h *harness) playRound(t *testing.T, ctx context.Context, round int32, matches []swissMatch, skip map[[2]int32]bool) {
	t.Helper()
	for k, m := range matches {
		table := int32(2*k + 1)
		for b := 2*round - 1; b <= 2*round; b++ {
			for _, r := range swissBoard(round, table, b, m.home, m.away, m.tricks) {
				if skip[[2]int32{r.GetTable(), b}] {
					continue
				}
				if _, err := h.client.SubmitResult(ctx, &scoringv1.SubmitResultRequest{Parent: "events/swiss", Result: r}); err != nil {
					t.Fatalf("round %d table %d board %d: %v", round, r.GetTable(), b, err)
				}
			}
		}
	}
}

// pairedAs lists the matches a pairing made, home first.
func pairedAs(resp *scoringv1.PairSwissRoundResponse) [][2]int32 {
	var out [][2]int32
	for _, m := range resp.GetMatches() {
		out = append(out, [2]int32{m.GetHome(), m.GetAway()})
	}
	return out
}

// standingsOrder lists the teams as the pairing ranked them.
func standingsOrder(resp *scoringv1.PairSwissRoundResponse) []int32 {
	var out []int32
	for _, s := range resp.GetStandings() {
		out = append(out, s.GetTeam())
	}
	return out
}

// TestASwissOfEightTeams plays three rounds of a Swiss: round 1 as the
// movement paired it, round 2 paired from the standings after it (refused
// while a result is missing), round 3 likewise, with the schedule check
// following each pairing and the standings those of the matches played.
func TestASwissOfEightTeams(t *testing.T) {
	h, director, scorer := swissHarness(t)
	pair := func(round int32, repair bool) (*scoringv1.PairSwissRoundResponse, error) {
		return h.client.PairSwissRound(director, &scoringv1.PairSwissRoundRequest{Section: swissSection, Round: round, Repair: repair, RequestId: fmt.Sprintf("pair-%d-%v", round, repair)})
	}

	// Round 1 (1v2, 3v4, 5v6, 7v8): every home team wins, team 1 by
	// most (26 IMPs), team 7 by least (22); every win is a blitz, 20 VPs
	// to 0, so the IMPs rank the winners and the losers.
	round1 := []swissMatch{{1, 2, 5}, {3, 4, 6}, {5, 6, 7}, {7, 8, 8}}
	h.playRound(t, director, 1, round1, map[[2]int32]bool{{3, 2}: true, {8, 1}: true, {8, 2}: true})
	_, err := pair(2, false)
	wantCode(t, err, codes.FailedPrecondition, "no result yet at table 3 (board 2); table 8 (board 1, 2)")
	// The missing results come in; the pairing is the director's, not
	// the scorer's.
	for _, r := range append(swissBoard(1, 3, 2, 3, 4, 6)[:1], swissBoard(1, 7, 1, 7, 8, 8)[1], swissBoard(1, 7, 2, 7, 8, 8)[1]) {
		if _, err := h.client.SubmitResult(director, &scoringv1.SubmitResultRequest{Parent: "events/swiss", Result: r}); err != nil {
			t.Fatal(err)
		}
	}
	_, err = h.client.PairSwissRound(scorer, &scoringv1.PairSwissRoundRequest{Section: swissSection, Round: 2})
	wantCode(t, err, codes.PermissionDenied, "")
	_, err = pair(3, false)
	wantCode(t, err, codes.FailedPrecondition, "round 2 of "+swissSection+" is not paired yet")

	// A result at a table of round 2 before round 2 is paired is refused:
	// nobody sits there yet.
	_, err = h.client.SubmitResult(director, &scoringv1.SubmitResultRequest{Parent: "events/swiss", Result: swissBoard(2, 1, 3, 1, 3, 9)[0]})
	wantCode(t, err, codes.FailedPrecondition, "the schedule of "+swissSection+" (revision 2) seats nobody at table 1 in round 2 (a table left free, or a Swiss round not paired yet)")

	two, err := pair(2, false)
	if err != nil {
		t.Fatalf("PairSwissRound 2: %v", err)
	}
	if got, want := standingsOrder(two), []int32{1, 3, 5, 7, 8, 6, 4, 2}; !slices.Equal(got, want) {
		t.Errorf("standings after round 1 %v, want %v (VPs, then IMPs)", got, want)
	}
	// Winners meet winners, by rank, and nobody meets a team again.
	if got, want := pairedAs(two), [][2]int32{{1, 3}, {5, 7}, {8, 6}, {4, 2}}; !slices.Equal(got, want) {
		t.Errorf("round 2 paired %v, want %v", got, want)
	}
	if m := two.GetMatches()[2]; !slices.Equal(m.GetTables(), []int32{5, 6}) {
		t.Errorf("third match at tables %v, want 5 and 6", m.GetTables())
	}
	// A retry is answered as the first request was.
	if retry, err := pair(2, false); err != nil || !slices.Equal(pairedAs(retry), pairedAs(two)) || retry.GetRevision() != two.GetRevision() {
		t.Errorf("retried pairing: %v, %v; want the first answer", pairedAs(retry), err)
	}
	// Round 2 is in the schedule: the table a terminal asks about, and the
	// schedule check on its results.
	seat, err := h.moves.GetTableRound(director, &movementv1.GetTableRoundRequest{Section: swissSection, Table: 6, Round: 2})
	if err != nil {
		t.Fatal(err)
	}
	if s := seat.GetSeating(); s.GetNs() != 6 || s.GetEw() != 8 || s.GetLowBoard() != 3 || s.GetHighBoard() != 4 || seat.GetRevision() != two.GetRevision() {
		t.Errorf("round 2 table 6: %v at revision %d, want team 6 North-South against team 8 on boards 3 and 4 at revision %d", s, seat.GetRevision(), two.GetRevision())
	}
	// Table 1 in round 2 seats 1 v 3; a result with round 1's pairing is
	// refused.
	_, err = h.client.SubmitResult(director, &scoringv1.SubmitResultRequest{Parent: "events/swiss", Result: swissBoard(2, 1, 3, 1, 2, 9)[0]})
	wantCode(t, err, codes.FailedPrecondition, "pair 1 North-South and pair 3 East-West")

	// Paired again before any result of round 2: the same standings, the
	// same pairing. Once a result is in, it is refused.
	_, err = h.client.PairSwissRound(director, &scoringv1.PairSwissRoundRequest{Section: swissSection, Round: 2, RequestId: "another"})
	wantCode(t, err, codes.FailedPrecondition, "round 2 of "+swissSection+" is paired already")
	if again, err := h.client.PairSwissRound(director, &scoringv1.PairSwissRoundRequest{Section: swissSection, Round: 2, Repair: true}); err != nil || !slices.Equal(pairedAs(again), pairedAs(two)) {
		t.Errorf("round 2 paired again: %v, %v; want %v", pairedAs(again), err, pairedAs(two))
	}

	// Round 2: home teams win again, 1 by 26, 5 by 25, 8 by 24, 4 by 22.
	round2 := []swissMatch{{1, 3, 5}, {5, 7, 6}, {8, 6, 7}, {4, 2, 8}}
	h.playRound(t, director, 2, round2, nil)
	_, err = h.client.PairSwissRound(director, &scoringv1.PairSwissRoundRequest{Section: swissSection, Round: 2, Repair: true})
	wantCode(t, err, codes.FailedPrecondition, "16 results of it are in")

	standingsBefore3, err := h.client.GetStandings(director, &scoringv1.GetStandingsRequest{Event: "events/swiss"})
	if err != nil {
		t.Fatal(err)
	}
	three, err := pair(3, false)
	if err != nil {
		t.Fatalf("PairSwissRound 3: %v", err)
	}
	// 40 VPs: 1 (52 IMPs), 5 (49); 20 VPs: 8 (+2), 3 (−1), 4 and 7 (−3
	// each, 4 the lower number); 0 VPs: 2 and 6 (−48 each).
	if got, want := standingsOrder(three), []int32{1, 5, 8, 3, 4, 7, 2, 6}; !slices.Equal(got, want) {
		t.Errorf("standings after round 2 %v, want %v", got, want)
	}
	if got, want := pairedAs(three), [][2]int32{{1, 5}, {8, 3}, {4, 7}, {2, 6}}; !slices.Equal(got, want) {
		t.Errorf("round 3 paired %v, want %v", got, want)
	}
	// The standings the round was paired on are the session's standings
	// after round 2.
	scores := map[int32]float64{}
	for _, s := range standingsBefore3.GetStandings() {
		scores[s.GetPair()] = s.GetScore()
	}
	for _, s := range three.GetStandings() {
		if scores[s.GetTeam()] != s.GetScore() {
			t.Errorf("team %d paired on %v VPs; the standings say %v", s.GetTeam(), s.GetScore(), scores[s.GetTeam()])
		}
	}

	// Round 3: 1 wins by 26, 8 v 3 is halved, 7 beats 4 by 2, 2 beats 6
	// by 25.
	round3 := []swissMatch{{1, 5, 5}, {8, 3, 9}, {4, 7, 10}, {2, 6, 6}}
	h.playRound(t, director, 3, round3, nil)
	final, err := h.client.GetStandings(director, &scoringv1.GetStandingsRequest{Event: "events/swiss"})
	if err != nil {
		t.Fatal(err)
	}
	matches, err := h.client.ListMatches(director, &scoringv1.ListMatchesRequest{Event: "events/swiss"})
	if err != nil {
		t.Fatal(err)
	}
	// Twelve matches, each of the pairing's, and the standings are their
	// victory points added up.
	var met [][2]int32
	total := map[int32]float64{}
	for _, m := range matches.GetMatches() {
		met = append(met, [2]int32{m.GetRound(), min(m.GetHome(), m.GetAway())*10 + max(m.GetHome(), m.GetAway())})
		total[m.GetHome()] += m.GetHomeScore()
		total[m.GetAway()] += m.GetAwayScore()
	}
	slices.SortFunc(met, func(a, b [2]int32) int { return int(a[0]-b[0])*1000 + int(a[1]-b[1]) })
	want := [][2]int32{{1, 12}, {1, 34}, {1, 56}, {1, 78}, {2, 13}, {2, 24}, {2, 57}, {2, 68}, {3, 15}, {3, 26}, {3, 38}, {3, 47}}
	if !slices.Equal(met, want) {
		t.Errorf("matches scored (round, teams) %v, want %v", met, want)
	}
	if len(final.GetStandings()) != 8 {
		t.Fatalf("%d teams in the standings, want 8", len(final.GetStandings()))
	}
	for _, s := range final.GetStandings() {
		if d := s.GetScore() - total[s.GetPair()]; d > 0.005 || d < -0.005 {
			t.Errorf("team %d has %v VPs; its matches add up to %v", s.GetPair(), s.GetScore(), total[s.GetPair()])
		}
	}
	if top := final.GetStandings(); top[0].GetPair() != 1 || total[1] != 60 {
		t.Errorf("first %d, team 1 (three blitzes) has %v VPs; want team 1 first with 60", top[0].GetPair(), total[1])
	}
}

// TestASwissIsPairedAfterPenalties: team 1 wins its first match by a
// blitz and is fined 25 victory points; the second round is paired on the
// standings after the fine, team 1 last, and still meets no team again.
func TestASwissIsPairedAfterPenalties(t *testing.T) {
	h, director, _ := swissHarness(t)
	h.playRound(t, director, 1, []swissMatch{{1, 2, 5}, {3, 4, 6}, {5, 6, 7}, {7, 8, 8}}, nil)
	if _, err := h.client.ApplyPenalty(director, &scoringv1.ApplyPenaltyRequest{Parent: "events/swiss", Penalty: &scoringv1.Penalty{
		Session: 1, Section: "A", Pair: 1, Amount: 25, Unit: scoringv1.PenaltyUnit_PENALTY_UNIT_VICTORY_POINTS, Reason: "unauthorised information"}}); err != nil {
		t.Fatal(err)
	}
	two, err := h.client.PairSwissRound(director, &scoringv1.PairSwissRoundRequest{Section: swissSection, Round: 2})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := standingsOrder(two), []int32{3, 5, 7, 8, 6, 4, 2, 1}; !slices.Equal(got, want) {
		t.Errorf("standings after round 1 and the fine %v, want %v", got, want)
	}
	if last := two.GetStandings()[7]; last.GetScore() != -5 || last.GetImps() != 26 {
		t.Errorf("team 1 paired on %v VPs and %v IMPs, want -5 (20 less the fine) and 26", last.GetScore(), last.GetImps())
	}
	met := map[[2]int32]bool{{1, 2}: true, {3, 4}: true, {5, 6}: true, {7, 8}: true}
	for _, m := range pairedAs(two) {
		if met[[2]int32{min(m[0], m[1]), max(m[0], m[1])}] {
			t.Errorf("round 2 pairs %v again", m)
		}
	}
	if len(two.GetMatches()) != 4 {
		t.Errorf("round 2 has %d matches, want 4", len(two.GetMatches()))
	}
}

// TestASwissGivesTheByeOnce: seven teams; team 7 has round 1's bye and
// nothing for it, so it ranks in the middle of the field; round 2's bye
// goes to the last team that has not had one, team 2.
func TestASwissGivesTheByeOnce(t *testing.T) {
	h, director, _ := swissOf(t, 7)
	h.playRound(t, director, 1, []swissMatch{{1, 2, 5}, {3, 4, 6}, {5, 6, 7}}, nil)
	two, err := h.client.PairSwissRound(director, &scoringv1.PairSwissRoundRequest{Section: swissSection, Round: 2})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := standingsOrder(two), []int32{1, 3, 5, 7, 6, 4, 2}; !slices.Equal(got, want) {
		t.Errorf("standings after round 1 %v, want %v", got, want)
	}
	if s := two.GetStandings()[3]; s.GetTeam() != 7 || s.GetByes() != 1 {
		t.Errorf("fourth %v, want team 7 with its bye", s)
	}
	if got, want := pairedAs(two), [][2]int32{{1, 3}, {5, 7}, {6, 4}, {2, 0}}; !slices.Equal(got, want) {
		t.Errorf("round 2 paired %v, want %v", got, want)
	}
	if bye := two.GetMatches()[3]; len(bye.GetTables()) != 0 {
		t.Errorf("the bye has tables %v, want none", bye.GetTables())
	}
	section, err := h.moves.GetSection(director, &movementv1.GetSectionRequest{Name: swissSection})
	if err != nil {
		t.Fatal(err)
	}
	var notes []string
	for _, n := range section.GetSection().GetMovement().GetRoundNotes() {
		notes = append(notes, fmt.Sprintf("%d-%d %s", n.GetFromRound(), n.GetToRound(), n.GetText()))
	}
	if want := []string{"1-1 team 7 has a bye", "2-2 team 2 has a bye"}; !slices.Equal(notes, want) {
		t.Errorf("round notes %q, want %q", notes, want)
	}
}

// TestADanishRoundPairsByRank: four teams have met all but one opponent
// each after two rounds, and the first two and the last two have met. A
// last round paired as usual plays the matches not played yet; with
// allow_repeats it pairs strictly by rank, first against second.
func TestADanishRoundPairsByRank(t *testing.T) {
	h, director, _ := swissOf(t, 4)
	// Round 1: 1 beats 2 by 26 IMPs, 3 beats 4 by 22.
	h.playRound(t, director, 1, []swissMatch{{1, 2, 5}, {3, 4, 8}}, nil)
	two, err := h.client.PairSwissRound(director, &scoringv1.PairSwissRoundRequest{Section: swissSection, Round: 2})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := pairedAs(two), [][2]int32{{1, 3}, {4, 2}}; !slices.Equal(got, want) {
		t.Fatalf("round 2 paired %v, want %v", got, want)
	}
	// Round 2: 1 and 3 halve their match; 2 beats 4 by 2 IMPs. 1 and 3
	// lead on 30 VPs, 1 ahead on IMPs; 2 is third.
	h.playRound(t, director, 2, []swissMatch{{1, 3, 9}, {4, 2, 10}}, nil)
	for _, c := range []struct {
		allowRepeats bool
		want         [][2]int32
	}{
		{false, [][2]int32{{1, 4}, {3, 2}}},
		{true, [][2]int32{{1, 3}, {2, 4}}},
	} {
		three, err := h.client.PairSwissRound(director, &scoringv1.PairSwissRoundRequest{Section: swissSection, Round: 3, AllowRepeats: c.allowRepeats, Repair: c.allowRepeats})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := standingsOrder(three), []int32{1, 3, 2, 4}; !slices.Equal(got, want) {
			t.Errorf("standings after round 2 %v, want %v", got, want)
		}
		if got := pairedAs(three); !slices.Equal(got, c.want) {
			t.Errorf("allow_repeats %v: round 3 paired %v, want %v", c.allowRepeats, got, c.want)
		}
	}
}
