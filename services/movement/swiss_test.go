package movementservice

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"google.golang.org/grpc/codes"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
)

const swissSection = "events/swiss/sessions/1/sections/A"

// swissSection creates an event scored by victory points with section A of
// teams 1 to n, and sets choice on it.
func (h *harness) swissSection(t *testing.T, n int, choice *movementv1.MovementChoice) (*movementv1.Section, error) {
	t.Helper()
	ctx := context.Background()
	if _, err := h.client.CreateEvent(ctx, &movementv1.CreateEventRequest{EventId: "swiss",
		Event: &movementv1.Event{Title: "Swiss teams", Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_TEAMS_VP}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.client.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/swiss", SessionId: 1}); err != nil {
		t.Fatal(err)
	}
	var entrants []*movementv1.Entrant
	for i := 1; i <= n; i++ {
		entrants = append(entrants, &movementv1.Entrant{Number: int32(i), Name: fmt.Sprintf("Team %d", i)})
	}
	if _, err := h.client.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/swiss/sessions/1", SectionId: "A", Section: &movementv1.Section{Entrants: entrants}}); err != nil {
		t.Fatal(err)
	}
	resp, err := h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: swissSection, Choice: choice})
	return resp.GetSection(), err
}

// openRooms lists a round's matches as the open rooms (odd tables) seat
// them, home team first.
func openRooms(mv *movementv1.Movement, round int32) [][2]int32 {
	var out [][2]int32
	for _, s := range mv.GetSeatings() {
		if s.GetRound() == round && s.GetTable()%2 == 1 && s.GetNs() != 0 {
			out = append(out, [2]int32{s.GetNs(), s.GetEw()})
		}
	}
	return out
}

func TestSwissTeamsArePairedARoundAtATime(t *testing.T) {
	h := start(t, t.TempDir())
	ctx := context.Background()
	swiss := &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_SWISS_TEAMS, Rounds: 3, BoardsPerRound: 4}
	section, err := h.swissSection(t, 8, swiss)
	if err != nil {
		t.Fatalf("SetMovement: %v", err)
	}
	mv := section.GetMovement()
	if mv.GetRounds() != 3 || mv.GetTables() != 8 || mv.GetSets() != 3 {
		t.Fatalf("Swiss of 8 teams: %d rounds, %d tables, %d sets; want 3, 8, 3", mv.GetRounds(), mv.GetTables(), mv.GetSets())
	}
	if got, want := openRooms(mv, 1), [][2]int32{{1, 2}, {3, 4}, {5, 6}, {7, 8}}; !slices.Equal(got, want) {
		t.Errorf("round 1 %v, want %v", got, want)
	}
	if got := openRooms(mv, 2); len(got) != 0 {
		t.Errorf("round 2 paired before round 1 is played: %v", got)
	}
	// A table of a round not paired yet has no one to seat.
	empty, err := h.client.GetTableRound(ctx, &movementv1.GetTableRoundRequest{Section: swissSection, Table: 1, Round: 2})
	if err != nil {
		t.Fatal(err)
	}
	if s := empty.GetSeating(); s.GetNs() != 0 || s.GetEw() != 0 || s.GetLowBoard() != 0 {
		t.Errorf("round 2 table 1 before pairing: %v, want nobody and no boards", s)
	}

	_, err = h.client.SetSwissRound(ctx, &movementv1.SetSwissRoundRequest{Section: swissSection, Round: 3, Matches: []*movementv1.SwissMatch{{Home: 1, Away: 3}}})
	wantCode(t, err, codes.FailedPrecondition, "round 2 is not paired yet")
	_, err = h.client.SetSwissRound(ctx, &movementv1.SetSwissRoundRequest{Section: swissSection, Round: 2, Matches: []*movementv1.SwissMatch{{Home: 1, Away: 3}, {Home: 9, Away: 2}}})
	wantCode(t, err, codes.InvalidArgument, "matches[1]")
	_, err = h.client.SetSwissRound(ctx, &movementv1.SetSwissRoundRequest{Section: swissSection, Round: 4, Matches: []*movementv1.SwissMatch{{Home: 1, Away: 3}}})
	wantCode(t, err, codes.InvalidArgument, "has 3 rounds")
	_, err = h.client.SetSwissRound(ctx, &movementv1.SetSwissRoundRequest{Section: swissSection, Round: 1, Matches: []*movementv1.SwissMatch{{Home: 1, Away: 3}}})
	wantCode(t, err, codes.InvalidArgument, "round")

	round2 := []*movementv1.SwissMatch{{Home: 1, Away: 3}, {Home: 2, Away: 4}, {Home: 5, Away: 7}, {Home: 6, Away: 8}}
	paired, err := h.client.SetSwissRound(ctx, &movementv1.SetSwissRoundRequest{Section: swissSection, Round: 2, Matches: round2})
	if err != nil {
		t.Fatalf("SetSwissRound: %v", err)
	}
	if got := paired.GetSection().GetRevision(); got != section.GetRevision()+1 {
		t.Errorf("revision %d after pairing, want %d: the schedule check must see the change", got, section.GetRevision()+1)
	}
	if got, want := openRooms(paired.GetSection().GetMovement(), 2), [][2]int32{{1, 3}, {2, 4}, {5, 7}, {6, 8}}; !slices.Equal(got, want) {
		t.Errorf("round 2 %v, want %v", got, want)
	}
	// The schedule answers from the new pairing: the closed room of the
	// second match has team 4 North-South against team 2, on round 2's
	// boards.
	closed, err := h.client.GetTableRound(ctx, &movementv1.GetTableRoundRequest{Section: swissSection, Table: 4, Round: 2})
	if err != nil {
		t.Fatal(err)
	}
	if s := closed.GetSeating(); s.GetNs() != 4 || s.GetEw() != 2 || s.GetLowBoard() != 5 || s.GetHighBoard() != 8 || closed.GetRevision() != paired.GetSection().GetRevision() {
		t.Errorf("round 2 table 4: %v revision %d, want team 4 against team 2 on boards 5 to 8 at revision %d", s, closed.GetRevision(), paired.GetSection().GetRevision())
	}
	path, err := h.client.GetEntrantPath(ctx, &movementv1.GetEntrantPathRequest{Section: swissSection, Entrant: 3})
	if err != nil {
		t.Fatal(err)
	}
	var opponents []int32
	for _, s := range path.GetStops() {
		opponents = append(opponents, s.GetOpponent())
	}
	if want := []int32{4, 4, 1, 1, 0}; !slices.Equal(opponents, want) {
		t.Errorf("team 3 meets %v, want 4 in both rooms, then 1, then round 3 unpaired", opponents)
	}

	_, err = h.client.SetSwissRound(ctx, &movementv1.SetSwissRoundRequest{Section: swissSection, Round: 2, Matches: round2})
	wantCode(t, err, codes.FailedPrecondition, "paired already")
	// Pairing again leaves out team 8, who has the bye.
	again, err := h.client.SetSwissRound(ctx, &movementv1.SetSwissRoundRequest{Section: swissSection, Round: 2, Repair: true,
		Matches: []*movementv1.SwissMatch{{Home: 1, Away: 4}, {Home: 2, Away: 3}, {Home: 5, Away: 6}}})
	if err != nil {
		t.Fatalf("SetSwissRound with repair: %v", err)
	}
	if got, want := openRooms(again.GetSection().GetMovement(), 2), [][2]int32{{1, 4}, {2, 3}, {5, 6}}; !slices.Equal(got, want) {
		t.Errorf("round 2 paired again %v, want %v", got, want)
	}
	var notes []string
	for _, n := range again.GetSection().GetMovement().GetRoundNotes() {
		notes = append(notes, n.GetText())
	}
	if !slices.Contains(notes, "team 7 has a bye") || !slices.Contains(notes, "team 8 has a bye") {
		t.Errorf("round notes %q, want byes for teams 7 and 8, left out", notes)
	}
	if _, err := h.client.SetSwissRound(ctx, &movementv1.SetSwissRoundRequest{Section: swissSection, Round: 3, Matches: round2}); err != nil {
		t.Fatal(err)
	}
	_, err = h.client.SetSwissRound(ctx, &movementv1.SetSwissRoundRequest{Section: swissSection, Round: 2, Repair: true, Matches: round2})
	wantCode(t, err, codes.FailedPrecondition, "round 3, paired after it")

	_, err = h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: swissSection, Choice: swiss, FromRound: 2})
	wantCode(t, err, codes.InvalidArgument, "from_round")
}

func TestSwissTeamsChoiceNamesWhatIsWrong(t *testing.T) {
	h := start(t, t.TempDir())
	_, err := h.swissSection(t, 8, &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_SWISS_TEAMS, BoardsPerRound: 4})
	wantCode(t, err, codes.InvalidArgument, "choice.rounds")
	// A pairs event has no team matches to pair.
	ctx := context.Background()
	h.client.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/club-night", SessionId: 1})
	h.client.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: "A",
		Section: &movementv1.Section{Entrants: []*movementv1.Entrant{{Number: 1}, {Number: 2}, {Number: 3}, {Number: 4}}}})
	_, err = h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: sectionName, Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_SWISS_TEAMS, Rounds: 3}})
	wantCode(t, err, codes.InvalidArgument, "choice.kind")
	if _, err := h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: sectionName, Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_HOWELL}}); err != nil {
		t.Fatal(err)
	}
	_, err = h.client.SetSwissRound(ctx, &movementv1.SetSwissRoundRequest{Section: sectionName, Round: 2, Matches: []*movementv1.SwissMatch{{Home: 1, Away: 2}}})
	wantCode(t, err, codes.FailedPrecondition, "not a Swiss")
}

// TestALateTeamJoinsTheSwiss: a ninth team joins from round 2, before it
// is paired, and a tenth: round 1 stands, and round 2 pairs them, the
// section's tables growing for the fifth match. A team that withdraws
// before a round is paired is not paired in it.
func TestALateTeamJoinsTheSwiss(t *testing.T) {
	h := start(t, t.TempDir())
	ctx := context.Background()
	if _, err := h.swissSection(t, 8, &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_SWISS_TEAMS, Rounds: 3, BoardsPerRound: 4}); err != nil {
		t.Fatal(err)
	}
	_, err := h.client.AddLateEntrant(ctx, &movementv1.AddLateEntrantRequest{Section: swissSection, Entrant: &movementv1.Entrant{Number: 9, Name: "Team 9"}, FromRound: 1})
	wantCode(t, err, codes.FailedPrecondition, "round 1 of "+swissSection+" is paired already")
	for _, n := range []int32{9, 10} {
		if _, err := h.client.AddLateEntrant(ctx, &movementv1.AddLateEntrantRequest{Section: swissSection, Entrant: &movementv1.Entrant{Number: n, Name: fmt.Sprintf("Team %d", n)}, FromRound: 2}); err != nil {
			t.Fatalf("team %d late from round 2: %v", n, err)
		}
	}
	got, err := h.client.SetSwissRound(ctx, &movementv1.SetSwissRoundRequest{Section: swissSection, Round: 2,
		Matches: []*movementv1.SwissMatch{{Home: 1, Away: 3}, {Home: 2, Away: 4}, {Home: 5, Away: 7}, {Home: 6, Away: 8}, {Home: 9, Away: 10}}})
	if err != nil {
		t.Fatalf("SetSwissRound with the late teams: %v", err)
	}
	mv := got.GetSection().GetMovement()
	if mv.GetTables() != 10 || mv.GetEntrants() != 10 {
		t.Errorf("%d tables for %d entrants, want 10 for 10", mv.GetTables(), mv.GetEntrants())
	}
	if got, want := openRooms(mv, 1), [][2]int32{{1, 2}, {3, 4}, {5, 6}, {7, 8}}; !slices.Equal(got, want) {
		t.Errorf("round 1 after the late teams %v, want %v", got, want)
	}
	seat, err := h.client.GetTableRound(ctx, &movementv1.GetTableRoundRequest{Section: swissSection, Table: 10, Round: 2})
	if err != nil {
		t.Fatal(err)
	}
	if s := seat.GetSeating(); s.GetNs() != 10 || s.GetEw() != 9 || s.GetLowBoard() != 5 {
		t.Errorf("round 2 table 10: %v, want team 10 against team 9 on boards 5 to 8", s)
	}
	_, err = h.client.WithdrawEntrant(ctx, &movementv1.WithdrawEntrantRequest{Section: swissSection, Entrant: 8, FromRound: 2})
	wantCode(t, err, codes.FailedPrecondition, "team 8 is paired in round 2")
	if _, err := h.client.WithdrawEntrant(ctx, &movementv1.WithdrawEntrantRequest{Section: swissSection, Entrant: 8, FromRound: 3}); err != nil {
		t.Fatalf("team 8 withdraws from round 3: %v", err)
	}
	_, err = h.client.SetSwissRound(ctx, &movementv1.SetSwissRoundRequest{Section: swissSection, Round: 3,
		Matches: []*movementv1.SwissMatch{{Home: 1, Away: 8}}})
	wantCode(t, err, codes.InvalidArgument, "team 8 is not a team of "+swissSection+" playing in round 3")
}
