package movementservice

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bridge-director/director/formats/rounddata"
	"github.com/bridge-director/director/movement"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/platform/platformtest"
)

// harness is a movement service on a real bbolt file, reached over
// in-memory gRPC through the platform's interceptors.
type harness struct {
	client movementv1.MovementServiceClient
	stop   func()
	svc    *Service // set by tokenHarness
}

func start(t testing.TB, dir string) *harness {
	t.Helper()
	svc, err := Open(dir, WithClock(func() time.Time { return time.Date(2026, 11, 24, 19, 0, 0, 0, time.UTC) }))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	conn, stop := platformtest.Serve(t, svc, nil)
	h := &harness{client: movementv1.NewMovementServiceClient(conn), stop: stop, svc: svc}
	h.event(t, "club-night")
	return h
}

// event creates an event scored by matchpoints.
func (h *harness) event(t testing.TB, id string) {
	t.Helper()
	_, err := h.client.CreateEvent(context.Background(), &movementv1.CreateEventRequest{EventId: id,
		Event: &movementv1.Event{Title: "Tuesday pairs", Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}}})
	if err != nil {
		t.Fatalf("CreateEvent: %v", err)
	}
}

const sectionName = "events/club-night/sessions/1/sections/A"

// section creates session 1 and section A with pairs numbered 1 to n and
// chooses a movement.
func (h *harness) section(t *testing.T, n int, choice *movementv1.MovementChoice) *movementv1.Section {
	t.Helper()
	ctx := context.Background()
	if _, err := h.client.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/club-night", SessionId: 1, Session: &movementv1.Session{Title: "Tuesday"}}); err != nil && status.Code(err) != codes.AlreadyExists {
		t.Fatal(err)
	}
	var entrants []*movementv1.Entrant
	for i := 1; i <= n; i++ {
		entrants = append(entrants, &movementv1.Entrant{Number: int32(i), Players: []*movementv1.Player{{Name: "A visiting player"}}})
	}
	if _, err := h.client.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: "A", Section: &movementv1.Section{Entrants: entrants}}); err != nil {
		t.Fatal(err)
	}
	resp, err := h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: sectionName, Choice: choice})
	if err != nil {
		t.Fatalf("SetMovement: %v", err)
	}
	return resp.GetSection()
}

func wantCode(t *testing.T, err error, code codes.Code, text string) {
	t.Helper()
	if st, _ := status.FromError(err); st.Code() != code || !strings.Contains(st.Message(), text) {
		t.Fatalf("got %v %q, want %v containing %q", st.Code(), st.Message(), code, text)
	}
}

func TestMitchellScheduleAndMoves(t *testing.T) {
	h := start(t, t.TempDir())
	// Seven tables, four boards a round.
	section := h.section(t, 14, &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL, BoardsPerRound: 4})
	mv := section.GetMovement()
	if mv.GetTables() != 7 || mv.GetRounds() != 7 || !mv.GetTwoWinners() || len(mv.GetSeatings()) != 49 {
		t.Fatalf("movement %s: %d tables, %d rounds, %d seatings", mv.GetName(), mv.GetTables(), mv.GetRounds(), len(mv.GetSeatings()))
	}
	ctx := context.Background()
	tr, err := h.client.GetTableRound(ctx, &movementv1.GetTableRoundRequest{Section: sectionName, Table: 3, Round: 2})
	if err != nil {
		t.Fatal(err)
	}
	seat := tr.GetSeating()
	if seat.GetNs() != 3 || seat.GetHighBoard()-seat.GetLowBoard() != 3 {
		t.Errorf("table 3 round 2: %v; want pair 3 North-South on four boards", seat)
	}
	// Everyone goes where the next round seats them.
	next, err := h.client.GetTableRound(ctx, &movementv1.GetTableRoundRequest{Section: sectionName, Table: 4, Round: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range tr.GetNext() {
		switch m.GetWho() {
		case "North-South":
			if m.GetTable() != 3 || !strings.Contains(m.GetText(), "stays") {
				t.Errorf("North-South move %v: want to stay at table 3", m)
			}
		case "East-West":
			if m.GetTable() != 4 || next.GetSeating().GetEw() != seat.GetEw() {
				t.Errorf("East-West move %v: want table 4, where round 3 seats pair %d", m, seat.GetEw())
			}
		case "boards":
			if m.GetTable() != 2 {
				t.Errorf("boards move %v: want table 2", m)
			}
		}
	}
	path, err := h.client.GetEntrantPath(ctx, &movementv1.GetEntrantPathRequest{Section: sectionName, Entrant: 9})
	if err != nil {
		t.Fatal(err)
	}
	boards := map[int32]bool{}
	for _, stop := range path.GetStops() {
		if boards[stop.GetLowBoard()] {
			t.Errorf("pair 9 plays boards %d twice", stop.GetLowBoard())
		}
		boards[stop.GetLowBoard()] = true
	}
	if len(path.GetStops()) != 7 || len(boards) != 7 {
		t.Errorf("pair 9's path %v: want 7 rounds on 7 sets", path.GetStops())
	}
}

func TestLateAndWithdrawnPairsKeepTheRestOfTheSchedule(t *testing.T) {
	h := start(t, t.TempDir())
	// Thirteen pairs: a seven-table Howell with a sit-out.
	before := h.section(t, 13, &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_HOWELL})
	ctx := context.Background()
	late, err := h.client.AddLateEntrant(ctx, &movementv1.AddLateEntrantRequest{Section: sectionName, Entrant: &movementv1.Entrant{Number: 14}, FromRound: 3})
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range late.GetSection().GetMovement().GetSeatings() {
		old := before.GetMovement().GetSeatings()[i]
		empty := old.GetNs() == movement.None || old.GetEw() == movement.None
		switch {
		case st.GetRound() < 3 && !proto.Equal(st, old):
			t.Fatalf("round %d changed: %v became %v", st.GetRound(), old, st)
		case st.GetRound() >= 3 && empty && st.GetNs() != 14 && st.GetEw() != 14:
			t.Fatalf("round %d: the empty seat %v was not given to pair 14", st.GetRound(), st)
		case (st.GetNs() == 14 || st.GetEw() == 14) && st.GetLowBoard() == 0:
			t.Fatalf("round %d: pair 14 is seated with no boards: %v", st.GetRound(), st)
		}
	}
	out, err := h.client.WithdrawEntrant(ctx, &movementv1.WithdrawEntrantRequest{Section: sectionName, Entrant: 5, FromRound: 6})
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range out.GetSection().GetMovement().GetSeatings() {
		if st.GetRound() >= 6 && (st.GetNs() == 5 || st.GetEw() == 5) {
			t.Fatalf("pair 5 still seated after withdrawing: %v", st)
		}
	}
	// The late pair's guide card tells it where to sit, and the cards'
	// footnotes say the movement as it now is.
	text, err := h.client.ExportSection(ctx, &movementv1.ExportSectionRequest{Name: sectionName, Format: movementv1.Format_FORMAT_CARDS_TEXT})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Tuesday pairs · Section A · Howell, 13 pairs, 7 tables\n",
		"Start at table 1 NS in round 3",
		"Note: rounds 1–2: the phantom pair holds table 1 North-South",
		"Note: from round 3: pair 14, arriving late, sits North-South at table 1\n",
		"Note: from round 6: pair 5 has withdrawn: the pair due to meet it sits out",
	} {
		if !strings.Contains(string(text.GetContent()), want) {
			t.Errorf("the cards do not say %q:\n%s", want, text.GetContent())
		}
	}
	if strings.Contains(string(text.GetContent()), "Note: the phantom pair holds") {
		t.Error("the cards say the phantom holds table 1 throughout, after pair 14 took its seats")
	}
	_, err = h.client.WithdrawEntrant(ctx, &movementv1.WithdrawEntrantRequest{Section: sectionName, Entrant: 5, FromRound: 7})
	wantCode(t, err, codes.FailedPrecondition, "already withdrawn")
	_, err = h.client.AddLateEntrant(ctx, &movementv1.AddLateEntrantRequest{Section: sectionName, Entrant: &movementv1.Entrant{Number: 14}, FromRound: 5})
	wantCode(t, err, codes.InvalidArgument, "already has an entrant 14")
}

func TestBalanceAndFiles(t *testing.T) {
	h := start(t, t.TempDir())
	h.section(t, 8, &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_HOWELL, BoardsPerRound: 3})
	ctx := context.Background()
	b, err := h.client.GetBalance(ctx, &movementv1.GetBalanceRequest{Section: sectionName})
	if err != nil {
		t.Fatal(err)
	}
	// A complete Howell for eight pairs: all 28 pairs of pairs meet once.
	if len(b.GetMeetings()) != 1 || b.GetMeetings()[0].GetValue() != 1 || b.GetMeetings()[0].GetPairs() != 28 {
		t.Errorf("meetings %v: want every pair to meet every other once", b.GetMeetings())
	}
	csv, err := h.client.ExportSection(ctx, &movementv1.ExportSectionRequest{Name: sectionName, Format: movementv1.Format_FORMAT_ROUND_DATA_CSV})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := rounddata.ReadCSV(bytes.NewReader(csv.GetContent()))
	if err != nil || len(rows) != 28 || rows[0].Section != "A" || csv.GetFileName() != "club-night-1-A-rounddata.csv" {
		t.Errorf("RoundData %q: %d rows, %v", csv.GetFileName(), len(rows), err)
	}
	for _, f := range []movementv1.Format{movementv1.Format_FORMAT_CARDS_TEXT, movementv1.Format_FORMAT_CARDS_PDF} {
		file, err := h.client.ExportSection(ctx, &movementv1.ExportSectionRequest{Name: sectionName, Format: f})
		if err != nil || len(file.GetContent()) == 0 {
			t.Errorf("%v: %v", f, err)
		}
	}
	text, _ := h.client.ExportSection(ctx, &movementv1.ExportSectionRequest{Name: sectionName, Format: movementv1.Format_FORMAT_CARDS_TEXT})
	if !strings.Contains(string(text.GetContent()), "Table 4") {
		t.Errorf("the text cards have no card for table 4:\n%s", text.GetContent())
	}
}

func TestTeamsRoundRobinSeatsTeams(t *testing.T) {
	h := start(t, t.TempDir())
	section := h.section(t, 4, &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_TEAMS_ROUND_ROBIN, BoardsPerRound: 8})
	mv := section.GetMovement()
	if mv.GetRounds() != 3 || mv.GetTables() != 4 {
		t.Fatalf("four teams: %d rounds at %d tables, want 3 at 4", mv.GetRounds(), mv.GetTables())
	}
	met := map[[2]int32]int{}
	for _, st := range mv.GetSeatings() {
		if st.GetNs() < 1 || st.GetNs() > 4 || st.GetEw() < 1 || st.GetEw() > 4 {
			t.Fatalf("seating %v: want team numbers 1 to 4", st)
		}
		met[[2]int32{min(st.GetNs(), st.GetEw()), max(st.GetNs(), st.GetEw())}]++
	}
	// Six matches, each at two tables (the open and the closed room).
	if len(met) != 6 {
		t.Errorf("%d matches: want every team to meet every other", len(met))
	}
	for pair, tables := range met {
		if tables != 2 {
			t.Errorf("teams %v meet at %d tables, want 2 rooms", pair, tables)
		}
	}
	// Every match of a round plays the round's boards: three rounds of 8.
	for _, st := range mv.GetSeatings() {
		if want := (st.GetRound()-1)*8 + 1; st.GetLowBoard() != want {
			t.Errorf("round %d table %d plays from board %d, want the round's boards from %d", st.GetRound(), st.GetTable(), st.GetLowBoard(), want)
		}
	}
	if mv.GetSets() != 3 {
		t.Errorf("%d sets, want one a round", mv.GetSets())
	}
	ctx := context.Background()
	// A team's path has its two tables in every round: North-South at one,
	// East-West at the other, against the same team.
	path, err := h.client.GetEntrantPath(ctx, &movementv1.GetEntrantPathRequest{Section: sectionName, Entrant: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(path.GetStops()) != 6 {
		t.Fatalf("team 2's path: %v, want two stops in each of 3 rounds", path.GetStops())
	}
	for i := 0; i < 6; i += 2 {
		a, b := path.GetStops()[i], path.GetStops()[i+1]
		if a.GetRound() != b.GetRound() || a.GetTable() == b.GetTable() || a.GetDirection() == b.GetDirection() || a.GetOpponent() != b.GetOpponent() || a.GetTable() == 0 {
			t.Errorf("team 2 in round %d: %v and %v, want both rooms of one match", a.GetRound(), a, b)
		}
	}
	// The balance of a teams section says how often the teams meet.
	b, err := h.client.GetBalance(ctx, &movementv1.GetBalanceRequest{Section: sectionName})
	if err != nil {
		t.Fatalf("GetBalance: %v", err)
	}
	if !b.GetTeams() || len(b.GetMeetings()) != 1 || b.GetMeetings()[0].GetValue() != 1 || b.GetMeetings()[0].GetPairs() != 6 || len(b.GetComparisons()) != 0 {
		t.Errorf("balance %v: want the six pairs of teams meeting once each", b)
	}
}

func TestBadRequestsNameTheField(t *testing.T) {
	h := start(t, t.TempDir())
	ctx := context.Background()
	_, err := h.client.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: "A",
		Section: &movementv1.Section{Entrants: []*movementv1.Entrant{{Number: 1}, {Number: 2}}}})
	wantCode(t, err, codes.NotFound, "events/club-night/sessions/1")
	h.client.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/club-night", SessionId: 1})
	for _, c := range []struct {
		id       string
		entrants []*movementv1.Entrant
		field    string
	}{
		{"a", []*movementv1.Entrant{{Number: 1}, {Number: 2}}, "section_id"},
		{"A", []*movementv1.Entrant{{Number: 1}}, "section.entrants"},
		{"A", []*movementv1.Entrant{{Number: 1}, {Number: 1}}, "section.entrants[1].number"},
		{"A", []*movementv1.Entrant{{Number: 1}, {Number: 0}}, "section.entrants[1].number"},
	} {
		_, err := h.client.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: c.id, Section: &movementv1.Section{Entrants: c.entrants}})
		wantCode(t, err, codes.InvalidArgument, c.field)
	}
	_, err = h.client.GetTableRound(ctx, &movementv1.GetTableRoundRequest{Section: sectionName, Table: 1, Round: 1})
	wantCode(t, err, codes.NotFound, sectionName)
	h.client.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: "A",
		Section: &movementv1.Section{Entrants: []*movementv1.Entrant{{Number: 1}, {Number: 2}, {Number: 3}, {Number: 4}}}})
	_, err = h.client.GetTableRound(ctx, &movementv1.GetTableRoundRequest{Section: sectionName, Table: 1, Round: 1})
	wantCode(t, err, codes.FailedPrecondition, "no movement yet")
	_, err = h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: sectionName, Choice: &movementv1.MovementChoice{}})
	wantCode(t, err, codes.InvalidArgument, "choice.kind")
}

func TestRecommendForAClubNight(t *testing.T) {
	h := start(t, t.TempDir())
	resp, err := h.client.RecommendMovements(context.Background(), &movementv1.RecommendMovementsRequest{Entrants: 13, Boards: 26, Minutes: 180})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.GetRecommendations()) == 0 {
		t.Fatal("no movement fits 13 pairs")
	}
	best := resp.GetRecommendations()[0]
	if !best.GetSitOut() || best.GetTotalBoards() < 20 || best.GetTotalBoards() > 30 || best.GetWhy() == "" {
		t.Errorf("best for 13 pairs, 26 boards, three hours: %v", best)
	}
	// The recommended choice is one the service can set.
	h.section(t, 13, best.GetChoice())
}

// TestEveryRecommendationCanBeSet: the service sets each recommended
// choice for the field it was recommended for, pairs or teams, with the
// rounds and tables recommended.
func TestEveryRecommendationCanBeSet(t *testing.T) {
	for _, req := range []*movementv1.RecommendMovementsRequest{
		{Entrants: 27, Boards: 26},
		{Entrants: 5, Teams: true, Boards: 24, Minutes: 180},
		{Entrants: 2, Teams: true, Boards: 24, Minutes: 180},
	} {
		h := start(t, t.TempDir())
		resp, err := h.client.RecommendMovements(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		recs := resp.GetRecommendations()
		if len(recs) == 0 {
			t.Fatalf("%v: no recommendation", req)
		}
		if req.GetTeams() && (recs[0].GetChoice().GetKind() != movementv1.Kind_KIND_TEAMS_ROUND_ROBIN || !recs[0].GetWhole()) {
			t.Errorf("%v: first %v, want a team movement played whole", req, recs[0])
		}
		h.section(t, int(req.GetEntrants()), recs[0].GetChoice())
		for _, r := range recs {
			if r.GetSwiss() {
				t.Errorf("%v: a Swiss (%s) where a movement is played whole", req, r.GetName())
				continue
			}
			got, err := h.client.SetMovement(context.Background(), &movementv1.SetMovementRequest{Name: sectionName, Choice: r.GetChoice()})
			if err != nil {
				t.Fatalf("%v: %s: %v", req, r.GetName(), err)
			}
			if mv := got.GetSection().GetMovement(); mv.GetRounds() != r.GetRounds() || mv.GetTables() != r.GetTables() {
				t.Errorf("%v: %s set as %d rounds at %d tables", req, r.GetName(), mv.GetRounds(), mv.GetTables())
			}
		}
		h.stop()
	}
}

// TestRecommendASwiss: twelve teams with time for about six matches
// cannot play their round robin; the first recommendation is a Swiss,
// set as KIND_SWISS_TEAMS, before the round robin cut short, which can be
// set.
func TestRecommendASwiss(t *testing.T) {
	h := start(t, t.TempDir())
	resp, err := h.client.RecommendMovements(context.Background(), &movementv1.RecommendMovementsRequest{Entrants: 12, Teams: true, Boards: 24, Minutes: 180})
	if err != nil {
		t.Fatal(err)
	}
	recs := resp.GetRecommendations()
	if len(recs) < 2 {
		t.Fatalf("%d recommendations, want a Swiss and a round robin", len(recs))
	}
	swiss := recs[0]
	if c := swiss.GetChoice(); !swiss.GetSwiss() || c.GetKind() != movementv1.Kind_KIND_SWISS_TEAMS || c.GetRounds() != 4 || c.GetBoardsPerRound() != 6 ||
		swiss.GetRounds() != 4 || swiss.GetTotalBoards() != 24 || swiss.GetTables() != 12 ||
		!strings.Contains(swiss.GetWhy(), "paired on the scores") {
		t.Errorf("first recommendation %v, want a Swiss of 4 matches of 6 boards, set as KIND_SWISS_TEAMS", swiss)
	}
	// The Swiss can be set as recommended, on a teams event.
	set, err := h.swissSection(t, 12, swiss.GetChoice())
	if err != nil {
		t.Fatalf("setting the recommended Swiss: %v", err)
	}
	if mv := set.GetMovement(); mv.GetRounds() != swiss.GetRounds() || mv.GetTables() != swiss.GetTables() {
		t.Errorf("the Swiss set as %d rounds at %d tables, recommended %d at %d", mv.GetRounds(), mv.GetTables(), swiss.GetRounds(), swiss.GetTables())
	}
	if recs[1].GetSwiss() || recs[1].GetChoice().GetKind() != movementv1.Kind_KIND_TEAMS_ROUND_ROBIN {
		t.Errorf("second recommendation %v, want the round robin cut short", recs[1])
	}
	h.section(t, 12, recs[1].GetChoice())
}

// TestMitchellFormsSayTheirTables: each form of Mitchell is named for the
// table counts it is for, plays there, and is refused for the others with
// the reason.
func TestMitchellFormsSayTheirTables(t *testing.T) {
	for value, name := range movementv1.MitchellForm_name {
		form := movementv1.MitchellForm(value)
		if form == movementv1.MitchellForm_MITCHELL_FORM_UNSPECIFIED {
			continue
		}
		even := strings.HasSuffix(name, "_EVEN_TABLES")
		if !even && !strings.HasSuffix(name, "_ODD_TABLES") {
			t.Errorf("%s does not say which tables it is for", name)
		}
		for _, tables := range []int{7, 8} {
			h := start(t, t.TempDir())
			ctx := context.Background()
			h.client.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/club-night", SessionId: 1})
			var entrants []*movementv1.Entrant
			for i := 1; i <= 2*tables; i++ {
				entrants = append(entrants, &movementv1.Entrant{Number: int32(i)})
			}
			h.client.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: "A", Section: &movementv1.Section{Entrants: entrants}})
			_, err := h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: sectionName, Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL, MitchellForm: form}})
			switch fits := even == (tables%2 == 0); {
			case fits && err != nil:
				t.Errorf("%s at %d tables: %v", name, tables, err)
			case !fits:
				wantCode(t, err, codes.InvalidArgument, fmt.Sprintf("%s number of tables, not %d", map[bool]string{true: "even", false: "odd"}[even], tables))
			}
			h.stop()
		}
	}
}

func TestPolicyCoversEveryMethod(t *testing.T) {
	if err := platform.CheckPolicyCovers((&Service{}).Policy(), movementv1.MovementService_ServiceDesc); err != nil {
		t.Fatal(err)
	}
}

func TestListSessionsInOrder(t *testing.T) {
	h := start(t, t.TempDir())
	ctx := context.Background()
	h.event(t, "congress")
	h.event(t, "congress-two")
	for _, n := range []int32{10, 2, 1} {
		if _, err := h.client.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/congress", SessionId: n}); err != nil {
			t.Fatal(err)
		}
	}
	h.client.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/congress-two", SessionId: 1})
	h.client.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/congress/sessions/2", SectionId: "B", Section: &movementv1.Section{Entrants: []*movementv1.Entrant{{Number: 1}, {Number: 2}}}})
	resp, err := h.client.ListSessions(ctx, &movementv1.ListSessionsRequest{Parent: "events/congress"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range resp.GetSessions() {
		got = append(got, s.GetName()+strings.Join(s.GetSections(), ""))
	}
	want := "events/congress/sessions/1 events/congress/sessions/2B events/congress/sessions/10"
	if strings.Join(got, " ") != want {
		t.Errorf("sessions %q, want %q", got, want)
	}
}

// TestEventsAreCreatedOnceAndListedInPages: an event takes its scoring
// settings, and the form is required; nothing is created under an event
// that does not exist; the list pages through every event once.
func TestEventsAreCreatedOnceAndListedInPages(t *testing.T) {
	h := start(t, t.TempDir())
	ctx := context.Background()
	got, err := h.client.GetEvent(ctx, &movementv1.GetEventRequest{Name: "events/club-night"})
	if err != nil {
		t.Fatal(err)
	}
	if e := got.GetEvent(); e.GetTitle() != "Tuesday pairs" || e.GetScoring().GetForm() != scoringv1.Form_FORM_MATCHPOINTS ||
		e.GetScoring().GetProfile() != scoringv1.Profile_PROFILE_WBF || e.GetCreateTime() == nil {
		t.Errorf("event %v: want its title, matchpoints, the WBF profile by default and when it was made", e)
	}
	_, err = h.client.CreateEvent(ctx, &movementv1.CreateEventRequest{EventId: "club-night", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_BUTLER}}})
	wantCode(t, err, codes.AlreadyExists, "events/club-night")
	for _, c := range []struct {
		req   *movementv1.CreateEventRequest
		field string
	}{
		{&movementv1.CreateEventRequest{EventId: "Bad Name!", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_BUTLER}}}, "event_id"},
		{&movementv1.CreateEventRequest{EventId: "no-form"}, "event.scoring.form"},
		{&movementv1.CreateEventRequest{EventId: "odd-form", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: 99}}}, "event.scoring.form"},
		{&movementv1.CreateEventRequest{EventId: "odd-profile", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_BUTLER, Profile: 99}}}, "event.scoring.profile"},
		{&movementv1.CreateEventRequest{EventId: "teams-two-winners", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_TEAMS_VP, TwoWinners: true}}}, "event.scoring.two_winners"},
		{&movementv1.CreateEventRequest{EventId: "two-lines", Event: &movementv1.Event{Title: "Tuesday\npairs", Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}}}, "event.title"},
		{&movementv1.CreateEventRequest{EventId: "pairs-vp", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_BUTLER, VpScale: scoringv1.VPScale_VP_SCALE_EBU_DISCRETE_20}}}, "event.scoring.vp_scale"},
		{&movementv1.CreateEventRequest{EventId: "teams-scale", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_TEAMS_VP, VpScale: 9}}}, "event.scoring.vp_scale"},
		{&movementv1.CreateEventRequest{EventId: "pairs-imp-penalties", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_CROSS_IMPS, ImpPenalties: scoringv1.ImpPenaltyConversion_IMP_PENALTY_CONVERSION_ON_SCALE}}}, "event.scoring.imp_penalties"},
		{&movementv1.CreateEventRequest{EventId: "teams-imp-penalties", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_TEAMS_VP, ImpPenalties: 9}}}, "event.scoring.imp_penalties"},
		{&movementv1.CreateEventRequest{EventId: "long", Event: &movementv1.Event{Title: strings.Repeat("x", 201), Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_BUTLER}}}, "event.title"},
	} {
		_, err := h.client.CreateEvent(ctx, c.req)
		wantCode(t, err, codes.InvalidArgument, c.field)
	}
	_, err = h.client.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/no-such-night", SessionId: 1})
	wantCode(t, err, codes.NotFound, `event "events/no-such-night"`)
	_, err = h.client.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/club-night", SessionId: 9, Session: &movementv1.Session{Title: "Tuesday\r\nevening"}})
	wantCode(t, err, codes.InvalidArgument, "session.title")
	_, err = h.client.GetEvent(ctx, &movementv1.GetEventRequest{Name: "events/no-such-night"})
	wantCode(t, err, codes.NotFound, "events/no-such-night")

	want := []string{"events/club-night"}
	for _, id := range []string{"a-pairs", "b-teams", "congress", "z-final"} {
		h.event(t, id)
		want = append(want, "events/"+id)
	}
	slices.Sort(want)
	var names []string
	var pages int
	for token := ""; ; pages++ {
		resp, err := h.client.ListEvents(ctx, &movementv1.ListEventsRequest{PageSize: 2, PageToken: token})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.GetEvents()) > 2 {
			t.Fatalf("a page of %d events, asked for 2", len(resp.GetEvents()))
		}
		for _, e := range resp.GetEvents() {
			names = append(names, e.GetName())
		}
		if token = resp.GetNextPageToken(); token == "" {
			break
		}
	}
	if !slices.Equal(names, want) || pages != 2 {
		t.Errorf("listed %v in %d more pages, want %v in three pages", names, pages, want)
	}
	_, err = h.client.ListEvents(ctx, &movementv1.ListEventsRequest{PageToken: "not a token!"})
	wantCode(t, err, codes.InvalidArgument, "page_token")
	_, err = h.client.ListEvents(ctx, &movementv1.ListEventsRequest{PageSize: -1})
	wantCode(t, err, codes.InvalidArgument, "page_size")
}

// TestAnEventKeepsItsVenue: the venue given when an event is created is
// read back and listed; a venue is one line of at most 200 bytes, like a
// title, and anything else is refused naming event.venue.
func TestAnEventKeepsItsVenue(t *testing.T) {
	h := start(t, t.TempDir())
	ctx := context.Background()
	const venue = "Cavendish Club, London"
	matchpoints := &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}
	created, err := h.client.CreateEvent(ctx, &movementv1.CreateEventRequest{EventId: "spring-congress", Event: &movementv1.Event{Title: "Spring congress", Venue: venue, Scoring: matchpoints}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := h.client.GetEvent(ctx, &movementv1.GetEventRequest{Name: "events/spring-congress"})
	if err != nil {
		t.Fatal(err)
	}
	listed, err := h.client.ListEvents(ctx, &movementv1.ListEventsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for what, e := range map[string]*movementv1.Event{"created": created.GetEvent(), "read": got.GetEvent(), "listed": listed.GetEvents()[1]} {
		if e.GetName() != "events/spring-congress" || e.GetVenue() != venue {
			t.Errorf("%s event %s at %q, want events/spring-congress at %q", what, e.GetName(), e.GetVenue(), venue)
		}
	}
	if e := listed.GetEvents()[0]; e.GetVenue() != "" {
		t.Errorf("the club night, created without a venue, is at %q", e.GetVenue())
	}
	for _, c := range []struct{ venue, why string }{
		{strings.Repeat("Cavendish ", 20) + "Club", "at most 200 bytes, and this is 204"},
		{"Cavendish Club\nLondon", "one line"},
	} {
		_, err := h.client.CreateEvent(ctx, &movementv1.CreateEventRequest{EventId: "refused", Event: &movementv1.Event{Venue: c.venue, Scoring: matchpoints}})
		wantCode(t, err, codes.InvalidArgument, "event.venue")
		wantCode(t, err, codes.InvalidArgument, c.why)
	}
	if _, err := h.client.GetEvent(ctx, &movementv1.GetEventRequest{Name: "events/refused"}); status.Code(err) != codes.NotFound {
		t.Errorf("an event refused for its venue was created: %v", err)
	}
}

// TestTwoWinnersKeepEachPairInItsDirection refuses, in an event with two
// winners, a movement that seats pairs both ways: a Howell, and an arrow
// switch from a round on. Scoring ranks each direction apart, so such a
// pair would be ranked as two.
func TestTwoWinnersKeepEachPairInItsDirection(t *testing.T) {
	h := start(t, t.TempDir())
	ctx := context.Background()
	const name = "events/mitchell/sessions/1/sections/A"
	var entrants []*movementv1.Entrant
	for i := int32(1); i <= 10; i++ {
		entrants = append(entrants, &movementv1.Entrant{Number: i})
	}
	for _, err := range []error{
		call(h.client.CreateEvent(ctx, &movementv1.CreateEventRequest{EventId: "mitchell", Event: &movementv1.Event{
			Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS, TwoWinners: true}}})),
		call(h.client.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/mitchell", SessionId: 1})),
		call(h.client.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/mitchell/sessions/1", SectionId: "A", Section: &movementv1.Section{Entrants: entrants}})),
		call(h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: name, Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL, BoardsPerRound: 3}})),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	_, err := h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: name, FromRound: 4,
		Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL, BoardsPerRound: 3, ArrowSwitchRounds: []int32{4, 5}}})
	wantCode(t, err, codes.InvalidArgument, "two winners")
	_, err = h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: name,
		Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_HOWELL, BoardsPerRound: 2}})
	wantCode(t, err, codes.InvalidArgument, "two winners")
}
