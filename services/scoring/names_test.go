package scoringservice

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// TestNamesFollowTheEntrants: standings, travellers and scorecards name
// the players as the section's entrants name them, and when a table names
// the players of a pair that had none, the version of every answer changes
// with the names, so that a client holding the answer before is sent the
// new one.
func TestNamesFollowTheEntrants(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	registry := "national_id,name,club\n1001,Anna Kowalska,Warszawa\n1002,Piotr Nowak,Warszawa\n1003,Maria Wiśniewska,Kraków\n1004,Jan Zieliński,Kraków\n"
	if _, err := h.moves.ImportPlayers(ctx, &movementv1.ImportPlayersRequest{Csv: []byte(registry)}); err != nil {
		t.Fatal(err)
	}
	entrants := []*movementv1.Entrant{{Number: 1, Players: []*movementv1.Player{{MemberNumber: "1001"}, {MemberNumber: "1002"}}}}
	for n := int32(2); n <= 6; n++ {
		entrants = append(entrants, &movementv1.Entrant{Number: n})
	}
	const section = "events/club-night/sessions/1/sections/B"
	if _, err := h.moves.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: "B", Section: &movementv1.Section{Entrants: entrants}}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.moves.SetMovement(ctx, &movementv1.SetMovementRequest{Name: section, Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL}}); err != nil {
		t.Fatal(err)
	}
	r := played(1, 1, 1, 1, 4, "4S", typev1.Seat_SEAT_NORTH, 10)
	r.Section = "B"
	h.submit(t, r)

	read := func() (version string, standings map[int32][]string, line *scoringv1.TravellerLine, card *scoringv1.GetScorecardResponse) {
		t.Helper()
		var md metadata.MD
		st, err := h.client.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/club-night", Section: "B"}, grpc.Header(&md))
		if err != nil {
			t.Fatal(err)
		}
		standings = map[int32][]string{}
		for _, s := range st.GetStandings() {
			standings[s.GetPair()] = s.GetNames()
		}
		var travellerMD metadata.MD
		tr, err := h.client.GetTraveller(ctx, &scoringv1.GetTravellerRequest{Event: "events/club-night", Board: 1}, grpc.Header(&travellerMD))
		if err != nil || len(tr.GetLines()) != 1 {
			t.Fatalf("traveller: %v %v", tr, err)
		}
		card, err = h.client.GetScorecard(ctx, &scoringv1.GetScorecardRequest{Event: "events/club-night", Section: "B", Pair: 1})
		if err != nil || len(card.GetLines()) != 1 {
			t.Fatalf("scorecard: %v %v", card, err)
		}
		return md.Get(platform.VersionHeader)[0] + " " + travellerMD.Get(platform.VersionHeader)[0], standings, tr.GetLines()[0], card
	}
	anna := []string{"Anna Kowalska", "Piotr Nowak"}
	before, standings, line, card := read()
	if !slices.Equal(standings[1], anna) || standings[4] != nil {
		t.Errorf("standings before pair 4 is named: %v", standings)
	}
	if !slices.Equal(line.GetNsNames(), anna) || line.GetEwNames() != nil || !slices.Equal(card.GetStanding().GetNames(), anna) || card.GetLines()[0].GetOpponentNames() != nil {
		t.Errorf("traveller line %v, scorecard %v", line, card)
	}
	if again, _, _, _ := read(); again != before {
		t.Fatalf("two reads of nothing changed: versions %q and %q", before, again)
	}

	_, err := h.moves.SetTablePlayers(ctx, &movementv1.SetTablePlayersRequest{Section: section, Table: 1, Round: 1, Numbers: []*movementv1.SeatNumber{
		{Seat: typev1.Seat_SEAT_EAST, MemberNumber: "1003"}, {Seat: typev1.Seat_SEAT_WEST, MemberNumber: "1004"}}})
	if err != nil {
		t.Fatal(err)
	}
	after, standings, line, card := read()
	maria := []string{"Maria Wiśniewska", "Jan Zieliński"}
	if after == before {
		t.Errorf("the names changed and the versions did not: %q", after)
	}
	if !slices.Equal(standings[4], maria) || !slices.Equal(line.GetEwNames(), maria) || !slices.Equal(card.GetLines()[0].GetOpponentNames(), maria) {
		t.Errorf("after the table named pair 4: standings %v, traveller line %v, scorecard %v", standings, line, card)
	}
}

// BenchmarkReadsOfABigEvent reads the standings, a traveller and the
// players' names of a session of 50 sections of 200 pairs (10,000 pairs,
// each naming its two players), each section with a 13-round Mitchell of
// 100 tables and one result: every read asks the movement service's change
// feed what changed since, and reads a section again only when it did (the
// first read of the names reads them all).
func BenchmarkReadsOfABigEvent(b *testing.B) {
	h := start(b, b.TempDir())
	ctx := context.Background()
	if _, err := h.moves.CreateEvent(ctx, &movementv1.CreateEventRequest{EventId: "nationals", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}}}); err != nil {
		b.Fatal(err)
	}
	if _, err := h.moves.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/nationals", SessionId: 1}); err != nil {
		b.Fatal(err)
	}
	for i := range 50 {
		letters := fmt.Sprintf("S%d", i+1)
		entrants := make([]*movementv1.Entrant, 200)
		for n := range entrants {
			entrants[n] = &movementv1.Entrant{Number: int32(n + 1), Players: []*movementv1.Player{{Name: fmt.Sprintf("North %d-%d", i, n)}, {Name: fmt.Sprintf("South %d-%d", i, n)}}}
		}
		if _, err := h.moves.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/nationals/sessions/1", SectionId: letters, Section: &movementv1.Section{Entrants: entrants}}); err != nil {
			b.Fatal(err)
		}
		name := "events/nationals/sessions/1/sections/" + letters
		if _, err := h.moves.SetMovement(ctx, &movementv1.SetMovementRequest{Name: name, Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL, Rounds: 13}}); err != nil {
			b.Fatal(err)
		}
		r := played(1, 1, 1, 1, 101, "4S", typev1.Seat_SEAT_NORTH, 10)
		r.Section = letters
		if _, err := h.client.SubmitResult(ctx, &scoringv1.SubmitResultRequest{Parent: "events/nationals", Result: r}); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("names", func(b *testing.B) {
		for b.Loop() {
			if _, err := h.svc.names(ctx, resource.Event{Event: "nationals"}, 1, ""); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("standings", func(b *testing.B) {
		for b.Loop() {
			if _, err := h.client.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/nationals", PageSize: 1000}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("traveller", func(b *testing.B) {
		for b.Loop() {
			if _, err := h.client.GetTraveller(ctx, &scoringv1.GetTravellerRequest{Event: "events/nationals", Section: "S7", Board: 1}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
