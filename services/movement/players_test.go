package movementservice

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/proto"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform/platformtest"
)

// club is the registry of a small federation: eight members of two clubs.
const club = `national_id,name,club
1001,Anna Kowalska,Warszawa BC
1002,Piotr Nowak,Warszawa BC
1003,Maria Wiśniewska,Kraków BC
1004,Jan Zieliński,Kraków BC
1005,Ewa Lewandowska,Kraków BC
1006,Tomasz Wójcik,Warszawa BC
1007,Zofia Kamińska,Gdańsk BC
1008,Adam Mazur,Gdańsk BC
`

func (h *harness) importPlayers(t *testing.T, csv string) *movementv1.ImportPlayersResponse {
	t.Helper()
	resp, err := h.client.ImportPlayers(context.Background(), &movementv1.ImportPlayersRequest{Csv: []byte(csv)})
	if err != nil {
		t.Fatalf("ImportPlayers: %v", err)
	}
	return resp
}

func TestAnImportChangesOnlyWhatChanged(t *testing.T) {
	h := start(t, t.TempDir())
	ctx := context.Background()
	if got := h.importPlayers(t, club); got.GetAdded() != 8 || got.GetChanged() != 0 || got.GetUnchanged() != 0 || len(got.GetNotListed()) != 0 {
		t.Fatalf("first import: %v, want 8 added", got)
	}
	before, err := h.client.GetPlayer(ctx, &movementv1.GetPlayerRequest{Name: "players/1001"})
	if err != nil {
		t.Fatal(err)
	}
	// A year later: Tomasz moved club, Zofia's name was misspelt, 1008
	// lapsed and 1009 joined.
	next := strings.NewReplacer("Tomasz Wójcik,Warszawa BC", "Tomasz Wójcik,Gdańsk BC", "1008,Adam Mazur,Gdańsk BC\n", "1009,Olga Nowicka,\n", "Zofia Kamińska", "Zofia Kamińska-Nowak").Replace(club)
	got := h.importPlayers(t, next)
	if got.GetAdded() != 1 || got.GetChanged() != 2 || got.GetUnchanged() != 5 || !slices.Equal(got.GetNotListed(), []string{"1008"}) {
		t.Fatalf("second import: %v, want 1 added, 2 changed, 5 unchanged, 1008 not listed", got)
	}
	after, err := h.client.GetPlayer(ctx, &movementv1.GetPlayerRequest{Name: "players/1001"})
	if err != nil {
		t.Fatal(err)
	}
	if !after.GetPlayer().GetUpdateTime().AsTime().Equal(before.GetPlayer().GetUpdateTime().AsTime()) || after.GetPlayer().GetDisplayName() != "Anna Kowalska" {
		t.Errorf("an unchanged player was written again: %v then %v", before, after)
	}
	moved, err := h.client.GetPlayer(ctx, &movementv1.GetPlayerRequest{Name: "players/1006"})
	if err != nil || moved.GetPlayer().GetClub() != "Gdańsk BC" {
		t.Errorf("the player who moved club: %v %v", moved, err)
	}
	// The lapsed member is kept: past entrants name him.
	if lapsed, err := h.client.GetPlayer(ctx, &movementv1.GetPlayerRequest{Name: "players/1008"}); err != nil || lapsed.GetPlayer().GetDisplayName() != "Adam Mazur" {
		t.Errorf("the member the file no longer lists: %v %v, want him kept", lapsed, err)
	}
	_, err = h.client.GetPlayer(ctx, &movementv1.GetPlayerRequest{Name: "players/2000"})
	wantCode(t, err, codes.NotFound, `player "players/2000" not found`)
	_, err = h.client.GetPlayer(ctx, &movementv1.GetPlayerRequest{Name: "players/a b"})
	wantCode(t, err, codes.InvalidArgument, `name: "players/a b" is not a player`)
	_, err = h.client.ImportPlayers(ctx, &movementv1.ImportPlayersRequest{Csv: []byte("national_id,name\n1001,Anna\n1002,\n")})
	wantCode(t, err, codes.InvalidArgument, "csv: registry: line 3, column 6 (name): empty")
}

func TestListAndSearchPlayers(t *testing.T) {
	h := start(t, t.TempDir())
	h.importPlayers(t, club)
	ctx := context.Background()
	var ids []string
	req := &movementv1.ListPlayersRequest{PageSize: 3, Query: "kraków"}
	for {
		resp, err := h.client.ListPlayers(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range resp.GetPlayers() {
			ids = append(ids, p.GetNationalId())
		}
		if resp.GetNextPageToken() == "" {
			break
		}
		req.PageToken = resp.GetNextPageToken()
		if len(ids) > 8 {
			t.Fatal("the pages do not end")
		}
	}
	if !slices.Equal(ids, []string{"1003", "1004", "1005"}) {
		t.Errorf("the players of Kraków BC, two to a page: %v", ids)
	}
	for query, want := range map[string][]string{"NOWAK": {"1002"}, "100": {"1001", "1002", "1003", "1004", "1005", "1006", "1007", "1008"}, "1007": {"1007"}, "Oslo": nil} {
		resp, err := h.client.ListPlayers(ctx, &movementv1.ListPlayersRequest{Query: query})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range resp.GetPlayers() {
			got = append(got, p.GetNationalId())
		}
		if !slices.Equal(got, want) {
			t.Errorf("query %q: %v, want %v", query, got, want)
		}
	}
}

// pairsSection creates section A of six pairs with the club's players:
// pair 4 has a visitor, pair 5 names nobody, and pairs 3 and 6 are
// visitors; a Mitchell of three tables.
func (h *harness) pairsSection(t *testing.T, ctx context.Context) *movementv1.Section {
	t.Helper()
	if _, err := h.client.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/club-night", SessionId: 1}); err != nil {
		t.Fatal(err)
	}
	pair := func(n int32, players ...*movementv1.Player) *movementv1.Entrant {
		return &movementv1.Entrant{Number: n, Players: players}
	}
	member := func(id string) *movementv1.Player { return &movementv1.Player{MemberNumber: id} }
	entrants := []*movementv1.Entrant{
		pair(1, member("1001"), member("1002")),
		pair(2, member("1003"), member("1004")),
		pair(3, &movementv1.Player{Name: "Ola Hansen"}, &movementv1.Player{Name: "Per Olsen"}),
		pair(4, member("1005"), &movementv1.Player{Name: "Kari Nordmann"}),
		pair(5),
		pair(6, &movementv1.Player{Name: "Liv Berg"}, &movementv1.Player{Name: "Nils Dahl"}),
	}
	resp, err := h.client.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: "A", Section: &movementv1.Section{Entrants: entrants}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: sectionName, Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL}}); err != nil {
		t.Fatal(err)
	}
	return resp.GetSection()
}

func TestEntrantsNameRegisteredPlayersAndVisitors(t *testing.T) {
	h := start(t, t.TempDir())
	h.importPlayers(t, club)
	section := h.pairsSection(t, context.Background())
	players := section.GetEntrants()[0].GetPlayers()
	if players[0].GetName() != "Anna Kowalska" || players[1].GetName() != "Piotr Nowak" {
		t.Errorf("pair 1's players: %v, want the registry's names", players)
	}
	if v := section.GetEntrants()[3].GetPlayers()[1]; v.GetName() != "Kari Nordmann" || v.GetMemberNumber() != "" {
		t.Errorf("the visitor: %v", v)
	}
	ctx := context.Background()
	late := &movementv1.AddLateEntrantRequest{Section: sectionName, FromRound: 2, Entrant: &movementv1.Entrant{Number: 7, Players: []*movementv1.Player{{MemberNumber: "1006"}, {MemberNumber: "7777"}}}}
	_, err := h.client.AddLateEntrant(ctx, late)
	wantCode(t, err, codes.InvalidArgument, `entrant.players[1].member_number: member number "7777" is not in the player registry`)
	_, err = h.client.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: "B", Section: &movementv1.Section{Entrants: []*movementv1.Entrant{
		{Number: 2, Players: []*movementv1.Player{{MemberNumber: "1007"}}}, {Number: 1, Players: []*movementv1.Player{{MemberNumber: "1008"}, {}}}}}})
	wantCode(t, err, codes.InvalidArgument, "section.entrants[1].players[1]: a player has a member_number from the registry or, for a visitor, a name")
	// A name is one line: the files it goes out in (PBN) take no line break.
	_, err = h.client.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: "B", Section: &movementv1.Section{Entrants: []*movementv1.Entrant{
		{Number: 1, Players: []*movementv1.Player{{Name: "Kari\nNordmann"}}}, {Number: 2}}}})
	wantCode(t, err, codes.InvalidArgument, `section.entrants[0].players[0].name: "Kari\nNordmann" has a line break`)
	late = &movementv1.AddLateEntrantRequest{Section: sectionName, FromRound: 2, Entrant: &movementv1.Entrant{Number: 7, Name: "The\tTeam"}}
	_, err = h.client.AddLateEntrant(ctx, late)
	wantCode(t, err, codes.InvalidArgument, `entrant.name: "The\tTeam" has a line break or another control character`)
}

func seatsOf(players []*movementv1.SeatedPlayer) string {
	var b strings.Builder
	for _, p := range players {
		fmt.Fprintf(&b, "%s %d %s %s; ", strings.TrimPrefix(p.GetSeat().String(), "SEAT_"), p.GetEntrant(), p.GetMemberNumber(), p.GetName())
	}
	return b.String()
}

func TestPlayerNumbersAtTheTable(t *testing.T) {
	h := start(t, t.TempDir())
	h.importPlayers(t, club)
	h.pairsSection(t, context.Background())
	ctx := context.Background()
	round := func(table, r int32) *movementv1.GetTableRoundResponse {
		t.Helper()
		tr, err := h.client.GetTableRound(ctx, &movementv1.GetTableRoundRequest{Section: sectionName, Table: table, Round: r})
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	// Round 1: pair 1 meets pair 4 at table 1, pair 2 meets pair 5 at
	// table 2.
	if s := round(1, 1).GetSeating(); s.GetNs() != 1 || s.GetEw() != 4 {
		t.Fatalf("table 1 round 1: %v", s)
	}
	if got := round(1, 1).GetPlayers(); len(got) != 0 {
		t.Errorf("players before any were entered: %v", got)
	}
	// Pair 1 sat the other way round; pair 4 as listed, its visitor West.
	set := &movementv1.SetTablePlayersRequest{Section: sectionName, Table: 1, Round: 1, SwapNorthSouth: true}
	resp, err := h.client.SetTablePlayers(ctx, set)
	if err != nil {
		t.Fatal(err)
	}
	want := "NORTH 1 1002 Piotr Nowak; EAST 4 1005 Ewa Lewandowska; SOUTH 1 1001 Anna Kowalska; WEST 4  Kari Nordmann; "
	if got := seatsOf(resp.GetTablePlayers().GetPlayers()); got != want {
		t.Errorf("table 1:\n got %s\nwant %s", got, want)
	}
	if got := seatsOf(round(1, 1).GetPlayers()); got != want {
		t.Errorf("table 1's round answers\n %s\nwant %s", got, want)
	}
	// Pair 5 names no players: the table names them, and they become the
	// pair's; pair 2 enters its numbers the other way round.
	before, _ := h.client.GetSection(ctx, &movementv1.GetSectionRequest{Name: sectionName})
	set = &movementv1.SetTablePlayersRequest{Section: sectionName, Table: 2, Round: 1, Numbers: []*movementv1.SeatNumber{
		{Seat: typev1.Seat_SEAT_NORTH, MemberNumber: "1004"}, {Seat: typev1.Seat_SEAT_SOUTH, MemberNumber: "1003"},
		{Seat: typev1.Seat_SEAT_EAST, MemberNumber: "1007"}, {Seat: typev1.Seat_SEAT_WEST, MemberNumber: "1008"}}}
	resp, err = h.client.SetTablePlayers(ctx, set)
	if err != nil {
		t.Fatal(err)
	}
	want = "NORTH 2 1004 Jan Zieliński; EAST 5 1007 Zofia Kamińska; SOUTH 2 1003 Maria Wiśniewska; WEST 5 1008 Adam Mazur; "
	if got := seatsOf(resp.GetTablePlayers().GetPlayers()); got != want {
		t.Errorf("table 2:\n got %s\nwant %s", got, want)
	}
	// The device lost its connection and sends the same again, without a
	// request id: the first answer, and no second record in the feed
	// (checked below).
	again, err := h.client.SetTablePlayers(ctx, set)
	if err != nil || !proto.Equal(again, resp) {
		t.Errorf("table 2 entered again: %v, %v; want the first answer %v", again, err, resp)
	}
	after, _ := h.client.GetSection(ctx, &movementv1.GetSectionRequest{Name: sectionName})
	if p := after.GetSection().GetEntrants()[4].GetPlayers(); len(p) != 2 || p[0].GetName() != "Zofia Kamińska" || after.GetSection().GetRevision() != before.GetSection().GetRevision()+1 {
		t.Errorf("pair 5 after the table named it: %v, revision %d after %d", p, after.GetSection().GetRevision(), before.GetSection().GetRevision())
	}

	for _, c := range []struct {
		req  *movementv1.SetTablePlayersRequest
		code codes.Code
		want string
	}{
		{&movementv1.SetTablePlayersRequest{Section: sectionName, Table: 1, Round: 2, Numbers: []*movementv1.SeatNumber{{Seat: typev1.Seat_SEAT_NORTH, MemberNumber: "1003"}, {Seat: typev1.Seat_SEAT_SOUTH, MemberNumber: "1002"}}},
			codes.InvalidArgument, `member number "1003" (SEAT_NORTH) is not a player of entrant 1, which the schedule seats North-South at table 1 in round 2: its players are Anna Kowalska (1001) and Piotr Nowak (1002)`},
		{&movementv1.SetTablePlayersRequest{Section: sectionName, Table: 1, Round: 1, Numbers: []*movementv1.SeatNumber{{Seat: typev1.Seat_SEAT_NORTH, MemberNumber: "1001"}, {Seat: typev1.Seat_SEAT_EAST, MemberNumber: "1005"}}},
			codes.InvalidArgument, "give both East-West seats at table 1 in round 1: entrant 4 names 2 players"},
		{&movementv1.SetTablePlayersRequest{Section: sectionName, Table: 1, Round: 1, Numbers: []*movementv1.SeatNumber{{Seat: typev1.Seat_SEAT_NORTH, MemberNumber: "9999"}, {Seat: typev1.Seat_SEAT_SOUTH, MemberNumber: "1001"}}},
			codes.InvalidArgument, `member number "9999" (SEAT_NORTH) is not in the player registry`},
		{&movementv1.SetTablePlayersRequest{Section: sectionName, Table: 1, Round: 1, Numbers: []*movementv1.SeatNumber{{Seat: typev1.Seat_SEAT_NORTH, MemberNumber: "1001"}, {Seat: typev1.Seat_SEAT_NORTH, MemberNumber: "1002"}}},
			codes.InvalidArgument, "numbers[1].seat: SEAT_NORTH is given twice"},
		{&movementv1.SetTablePlayersRequest{Section: sectionName, Table: 1, Round: 1, Numbers: []*movementv1.SeatNumber{{MemberNumber: "1001"}}},
			codes.InvalidArgument, "numbers[0].seat: SEAT_UNSPECIFIED is not a seat"},
		{&movementv1.SetTablePlayersRequest{Section: sectionName, Table: 4, Round: 1}, codes.NotFound, "tables/4/rounds/1"},
	} {
		_, err := h.client.SetTablePlayers(ctx, c.req)
		wantCode(t, err, c.code, c.want)
	}

	// One seat given: the pair's other player takes the other seat.
	resp, err = h.client.SetTablePlayers(ctx, &movementv1.SetTablePlayersRequest{Section: sectionName, Table: 1, Round: 2, Numbers: []*movementv1.SeatNumber{{Seat: typev1.Seat_SEAT_SOUTH, MemberNumber: "1001"}}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := seatsOf(resp.GetTablePlayers().GetPlayers()), "NORTH 1 1002 Piotr Nowak; EAST 6  Liv Berg; SOUTH 1 1001 Anna Kowalska; WEST 6  Nils Dahl; "; got != want {
		t.Errorf("table 1 round 2 with South given:\n got %s\nwant %s", got, want)
	}

	// Each table's entry is one record of the event's feed, with what it entered.
	since := uint64(0)
	feed, err := h.client.ListChanges(ctx, &movementv1.ListChangesRequest{Parent: "events/club-night", Since: &since, PageSize: 1000})
	if err != nil {
		t.Fatal(err)
	}
	var entered []string
	for _, c := range feed.GetChanges() {
		if c.GetKind() == typev1.ChangeKind_CHANGE_KIND_PLAYERS_ENTERED {
			entered = append(entered, c.GetName())
		}
	}
	if want := []string{sectionName + "/tables/1/rounds/1", sectionName + "/tables/2/rounds/1", sectionName + "/tables/1/rounds/2"}; !slices.Equal(entered, want) {
		t.Errorf("the feed's records of players entered: %v, want %v", entered, want)
	}

	list, err := h.client.ListTablePlayers(ctx, &movementv1.ListTablePlayersRequest{Section: sectionName})
	if err != nil {
		t.Fatal(err)
	}
	if got := list.GetTablePlayers(); len(got) != 3 || got[0].GetTable() != 1 || got[1].GetRound() != 2 || got[2].GetTable() != 2 || got[2].GetPlayers()[3].GetName() != "Adam Mazur" {
		t.Errorf("the section's table players: %v", got)
	}
}

// startWithTokens serves the service with the tokens of a federation, the
// club night's director and scorer, another event's director, table 1's
// terminal and a public reader, and returns a context for each token ("":
// none).
func startWithTokens(t *testing.T) (*harness, func(token string) context.Context) {
	auth := platformtest.Tokens(t, `tokens:
  - {name: federation, token: admin-secret, roles: [federation-admin]}
  - {name: club-director, token: director-secret, roles: [director], events: [events/club-night]}
  - {name: other-director, token: other-secret, roles: [director], events: [events/other]}
  - {name: scorer, token: scorer-secret, roles: [scorer], events: [events/club-night]}
  - {name: table-1, token: t1-secret, roles: [terminal], tables: [events/club-night/sessions/1/sections/A/tables/1]}
  - {name: reader, token: public-secret, roles: [public]}
`)
	svc, err := Open(t.TempDir(), WithClock(func() time.Time { return time.Date(2026, 11, 24, 19, 0, 0, 0, time.UTC) }))
	if err != nil {
		t.Fatal(err)
	}
	conn, _ := platformtest.Serve(t, svc, auth)
	as := func(token string) context.Context {
		if token == "" {
			return context.Background()
		}
		return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+token)
	}
	return &harness{client: movementv1.NewMovementServiceClient(conn)}, as
}

// TestPlayerRolesAreRefused: only the federation admin imports the
// registry; a terminal enters numbers at its own table only, and the
// public enters none.
func TestPlayerRolesAreRefused(t *testing.T) {
	h, as := startWithTokens(t)
	importReq := &movementv1.ImportPlayersRequest{Csv: []byte(club)}
	for _, token := range []string{"director-secret", "scorer-secret", "t1-secret", "public-secret"} {
		_, err := h.client.ImportPlayers(as(token), importReq)
		wantCode(t, err, codes.PermissionDenied, "may not call")
	}
	if _, err := h.client.ImportPlayers(as("admin-secret"), importReq); err != nil {
		t.Fatalf("the federation importing its registry: %v", err)
	}
	for _, token := range []string{"t1-secret", "public-secret"} {
		_, err := h.client.ListPlayers(as(token), &movementv1.ListPlayersRequest{})
		wantCode(t, err, codes.PermissionDenied, "may not call")
	}
	if _, err := h.client.GetPlayer(as("director-secret"), &movementv1.GetPlayerRequest{Name: "players/1001"}); err != nil {
		t.Errorf("the club's director looking up a player: %v", err)
	}
	ctx := as("director-secret")
	if _, err := h.client.CreateEvent(ctx, &movementv1.CreateEventRequest{EventId: "club-night", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}}}); err != nil {
		t.Fatal(err)
	}
	h.pairsSection(t, ctx)
	set := func(table int32) *movementv1.SetTablePlayersRequest {
		return &movementv1.SetTablePlayersRequest{Section: sectionName, Table: table, Round: 1}
	}
	if _, err := h.client.SetTablePlayers(as("t1-secret"), set(1)); err != nil {
		t.Errorf("table 1's terminal at table 1: %v", err)
	}
	_, err := h.client.SetTablePlayers(as("t1-secret"), set(3))
	wantCode(t, err, codes.PermissionDenied, "may not act at")
	_, err = h.client.SetTablePlayers(as("public-secret"), set(3))
	wantCode(t, err, codes.PermissionDenied, "may not call")
	for _, token := range []string{"scorer-secret", "director-secret"} {
		if _, err := h.client.SetTablePlayers(as(token), set(3)); err != nil {
			t.Errorf("%s at table 3: %v", token, err)
		}
	}
	_, err = h.client.ListTablePlayers(as("t1-secret"), &movementv1.ListTablePlayersRequest{Section: sectionName})
	wantCode(t, err, codes.PermissionDenied, "may not call")
}

// nationalRegistry is a national federation's registry of n members;
// every fiftieth name is spelt otherwise when respelt.
func nationalRegistry(n int, respelt bool) []byte {
	var b strings.Builder
	b.WriteString("national_id,name,club\n")
	for i := range n {
		name := fmt.Sprintf("Player %d Surname-%d", i, i%977)
		if respelt && i%50 == 0 {
			name += "-Smith"
		}
		fmt.Fprintf(&b, "%d,%s,Bridge Club %d\n", 100000+i, name, i%500)
	}
	return []byte(b.String())
}

// BenchmarkImportPlayers imports a registry of 50,000 members in one
// request over gRPC: into an empty registry, and again with a thousand
// names changed.
func BenchmarkImportPlayers(b *testing.B) {
	base, respelt := nationalRegistry(50000, false), nationalRegistry(50000, true)
	b.Run("first", func(b *testing.B) {
		b.SetBytes(int64(len(base)))
		for b.Loop() {
			b.StopTimer()
			h := start(b, b.TempDir())
			b.StartTimer()
			resp, err := h.client.ImportPlayers(context.Background(), &movementv1.ImportPlayersRequest{Csv: base})
			if err != nil || resp.GetAdded() != 50000 {
				b.Fatalf("%v %v", resp, err)
			}
		}
	})
	b.Run("thousand-changed", func(b *testing.B) {
		h := start(b, b.TempDir())
		files := [][]byte{base, respelt}
		if _, err := h.client.ImportPlayers(context.Background(), &movementv1.ImportPlayersRequest{Csv: base}); err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(base)))
		i := 0
		for b.Loop() {
			i++
			resp, err := h.client.ImportPlayers(context.Background(), &movementv1.ImportPlayersRequest{Csv: files[i%2]})
			if err != nil || resp.GetChanged() != 1000 {
				b.Fatalf("%v %v", resp, err)
			}
		}
	})
}

// TestMemberNumbersAreTheOfficials: the public reads of a section, an
// entrant's path and a table's round name the players to everyone, and
// give their member numbers only to the event's director and scorers and
// to the federation admin.
func TestMemberNumbersAreTheOfficials(t *testing.T) {
	h, as := startWithTokens(t)
	if _, err := h.client.ImportPlayers(as("admin-secret"), &movementv1.ImportPlayersRequest{Csv: []byte(club)}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.client.CreateEvent(as("director-secret"), &movementv1.CreateEventRequest{EventId: "club-night", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}}}); err != nil {
		t.Fatal(err)
	}
	h.pairsSection(t, as("director-secret"))
	if _, err := h.client.SetTablePlayers(as("t1-secret"), &movementv1.SetTablePlayersRequest{Section: sectionName, Table: 1, Round: 1}); err != nil {
		t.Fatal(err)
	}
	var etag string
	for _, c := range []struct {
		token   string
		numbers bool
	}{{"admin-secret", true}, {"director-secret", true}, {"scorer-secret", true}, {"other-secret", false}, {"t1-secret", false}, {"public-secret", false}, {"", false}} {
		ctx := as(c.token)
		section, err := h.client.GetSection(ctx, &movementv1.GetSectionRequest{Name: sectionName})
		if err != nil {
			t.Fatalf("%q: GetSection: %v", c.token, err)
		}
		path, err := h.client.GetEntrantPath(ctx, &movementv1.GetEntrantPathRequest{Section: sectionName, Entrant: 1})
		if err != nil {
			t.Fatalf("%q: GetEntrantPath: %v", c.token, err)
		}
		round, err := h.client.GetTableRound(ctx, &movementv1.GetTableRoundRequest{Section: sectionName, Table: 1, Round: 1})
		if err != nil {
			t.Fatalf("%q: GetTableRound: %v", c.token, err)
		}
		entrant, seated := section.GetSection().GetEntrants()[0].GetPlayers()[0], round.GetPlayers()[0]
		got := []string{entrant.GetMemberNumber(), path.GetEntrant().GetPlayers()[0].GetMemberNumber(), seated.GetMemberNumber()}
		want := []string{"", "", ""}
		if c.numbers {
			want = []string{"1001", "1001", "1001"}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q reads member numbers %q, want %q", c.token, got, want)
		}
		if entrant.GetName() != "Anna Kowalska" || seated.GetName() != "Anna Kowalska" {
			t.Errorf("%q reads the names %q and %q, want Anna Kowalska", c.token, entrant.GetName(), seated.GetName())
		}
		if etag == "" {
			etag = section.GetSection().GetEtag()
		} else if section.GetSection().GetEtag() != etag {
			t.Errorf("%q reads the etag %s, want the section's %s", c.token, section.GetSection().GetEtag(), etag)
		}
	}
}
