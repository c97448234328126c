package movementservice

import (
	"context"
	"slices"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/venues"
)

func TestVenueHoldsTheFederationsRegistryOnce(t *testing.T) {
	fed := start(t, t.TempDir())
	defer fed.stop()
	fed.svc.ServeVenues()
	venue := start(t, t.TempDir())
	defer venue.stop()
	ctx := context.Background()
	fed.importPlayers(t, "national_id,name,club\n1001,Anna Kowalska,Warszawa BC\n1002,Piotr Nowak,Krakow BC\n")
	fed.importPlayers(t, "national_id,name,club\n1001,Anna Kowalska,Warszawa BC\n1002,Piotr Nowak,Gdansk BC\n")
	out := fed.svc.ToVenue("north")
	if feeds, err := out.FeedEvents(); err != nil || len(feeds) != 1 || feeds[0] != RegistryFeed {
		t.Fatalf("the registry's queue: %v, %v", feeds, err)
	}
	queued, last, err := out.ChangesAfter(ctx, RegistryFeed, 0)
	if err != nil || len(queued) != 3 || last != 3 {
		t.Fatalf("queued %d players (last %d), %v; want two added and one changed", len(queued), last, err)
	}
	inc, err := fed.svc.Incarnation()
	if err != nil {
		t.Fatal(err)
	}
	// The change of club before the players it changes waits.
	if mark, err := venue.svc.ApplyVenueChanges(ctx, "federation", inc, RegistryFeed, queued[2:]); mark != 0 || err != nil {
		t.Fatalf("record 3 first: mark %d, %v; want 0", mark, err)
	}
	if mark, err := venue.svc.ApplyVenueChanges(ctx, "federation", inc, RegistryFeed, queued); mark != 3 || err != nil {
		t.Fatalf("records 1 to 3: mark %d, %v; want 3", mark, err)
	}
	if mark, err := venue.svc.ApplyVenueChanges(ctx, "federation", inc, RegistryFeed, queued[:2]); mark != 3 || err != nil {
		t.Fatalf("records 1 and 2 again: mark %d, %v; want 3", mark, err)
	}
	got, err := venue.client.GetPlayer(ctx, &movementv1.GetPlayerRequest{Name: "players/1002"})
	if err != nil || got.GetPlayer().GetClub() != "Gdansk BC" {
		t.Fatalf("player 1002 at the venue: %v, %v; want of Gdansk BC", got, err)
	}
	// A venue's own import is not queued.
	venue.importPlayers(t, "national_id,name\n2001,Kari Nordmann\n")
	if _, last, _ := venue.svc.ToVenue("north").ChangesAfter(ctx, RegistryFeed, 0); last != 0 {
		t.Errorf("the venue queued %d players of its own", last)
	}
}

func TestVenueHoldsTheFederationsEventsOnce(t *testing.T) {
	ctx := context.Background()
	fed := start(t, t.TempDir())
	defer fed.stop()
	fed.svc.ServeVenues()
	imps := &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_CROSS_IMPS, Profile: scoringv1.Profile_PROFILE_EBU, AcrossField: true}
	for _, id := range []string{"regional", "other"} {
		if _, err := fed.client.CreateEvent(ctx, &movementv1.CreateEventRequest{EventId: id, Event: &movementv1.Event{Title: "Regional heat", Venue: "Federation house", Scoring: imps}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := fed.client.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/regional", SessionId: 1, Session: &movementv1.Session{Title: "First heat"}}); err != nil {
		t.Fatal(err)
	}
	// The venue is sent the events it plays alone, as the board sets.
	out := fed.svc.EventsToVenue("north")
	if feeds, err := venues.OnlyEvents(out, []string{"regional"}).FeedEvents(); err != nil || !slices.Equal(feeds, []string{"regional"}) {
		t.Fatalf("the queues for a venue that plays regional: %v, %v", feeds, err)
	}
	queued, last, err := out.ChangesAfter(ctx, "regional", 0)
	if err != nil || len(queued) != 2 || last != 2 || queued[0].GetKind() != typev1.ChangeKind_CHANGE_KIND_EVENT_CREATED || queued[1].GetKind() != typev1.ChangeKind_CHANGE_KIND_SESSION_CREATED {
		t.Fatalf("queued %v (last %d), %v; want the event and its session", queued, last, err)
	}
	// Each event's queue has a cursor of its own, apart from the registry's.
	if err := out.SetRelayed(ctx, "regional", 2); err != nil {
		t.Fatal(err)
	}
	if n, err := out.Relayed("other"); n != 0 || err != nil {
		t.Errorf("the cursor of another event's queue: %d, %v; want 0", n, err)
	}
	if n, err := fed.svc.ToVenue("north").Relayed(RegistryFeed); n != 0 || err != nil {
		t.Errorf("the cursor of the registry's queue: %d, %v; want 0", n, err)
	}
	inc, err := fed.svc.Incarnation()
	if err != nil {
		t.Fatal(err)
	}

	// A venue that has neither: the session before its event waits, then
	// both are made once, however often they come.
	south := start(t, t.TempDir())
	defer south.stop()
	apply := south.svc.EventsFromFederation()
	if mark, err := apply.ApplyVenueChanges(ctx, "federation", inc, "regional", queued[1:]); mark != 0 || err != nil {
		t.Fatalf("the session first: mark %d, %v; want 0", mark, err)
	}
	if _, err := south.client.GetEvent(ctx, &movementv1.GetEventRequest{Name: "events/regional"}); status.Code(err) != codes.NotFound {
		t.Fatalf("the event before its record: %v", err)
	}
	for range 2 {
		if mark, err := apply.ApplyVenueChanges(ctx, "federation", inc, "regional", queued); mark != 2 || err != nil {
			t.Fatalf("records 1 and 2: mark %d, %v; want 2", mark, err)
		}
	}
	got, err := south.client.GetEvent(ctx, &movementv1.GetEventRequest{Name: "events/regional"})
	if err != nil || got.GetEvent().GetTitle() != "Regional heat" || !proto.Equal(got.GetEvent().GetScoring(), imps) {
		t.Fatalf("the event at the venue: %v, %v", got, err)
	}
	session, err := south.client.GetSession(ctx, &movementv1.GetSessionRequest{Name: "events/regional/sessions/1"})
	if err != nil || session.GetSession().GetTitle() != "First heat" {
		t.Fatalf("the session at the venue: %v, %v", session, err)
	}
	changes, err := south.client.ListChanges(ctx, &movementv1.ListChangesRequest{Parent: "events/regional"})
	if err != nil || len(changes.GetChanges()) != 2 {
		t.Fatalf("the venue's feed of the event: %v, %v; want the event and its session created once", changes, err)
	}

	// A venue that made the event by hand, with settings of its own, and
	// its section: the federation's title and settings win, and the
	// section stays as it was.
	north := start(t, t.TempDir())
	defer north.stop()
	if _, err := north.client.CreateEvent(ctx, &movementv1.CreateEventRequest{EventId: "regional", Event: &movementv1.Event{Title: "Heat", Venue: "North club",
		Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := north.client.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/regional", SessionId: 1, Session: &movementv1.Session{Title: "Heat one"}}); err != nil {
		t.Fatal(err)
	}
	section, err := north.client.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/regional/sessions/1", SectionId: "A",
		Section: &movementv1.Section{Entrants: []*movementv1.Entrant{{Number: 1, Players: []*movementv1.Player{{Name: "A local pair"}}}, {Number: 2, Players: []*movementv1.Player{{Name: "Another"}}}}}})
	if err != nil {
		t.Fatal(err)
	}
	if mark, err := north.svc.EventsFromFederation().ApplyVenueChanges(ctx, "federation", inc, "regional", queued); mark != 2 || err != nil {
		t.Fatalf("records 1 and 2 at a venue with the event: mark %d, %v; want 2", mark, err)
	}
	got, err = north.client.GetEvent(ctx, &movementv1.GetEventRequest{Name: "events/regional"})
	if err != nil || got.GetEvent().GetTitle() != "Regional heat" || !proto.Equal(got.GetEvent().GetScoring(), imps) || got.GetEvent().GetVenue() != "North club" {
		t.Fatalf("the hand-made event after the federation's: %v, %v; want its title and settings, and the venue's place", got, err)
	}
	after, err := north.client.GetSection(ctx, &movementv1.GetSectionRequest{Name: "events/regional/sessions/1/sections/A"})
	if err != nil || !proto.Equal(after.GetSection(), section.GetSection()) {
		t.Fatalf("the venue's section after the federation's event: %v, %v; want it as it was, %v", after, err, section)
	}
	session, err = north.client.GetSession(ctx, &movementv1.GetSessionRequest{Name: "events/regional/sessions/1"})
	if err != nil || session.GetSession().GetTitle() != "First heat" || !slices.Equal(session.GetSession().GetSections(), []string{"A"}) {
		t.Fatalf("the hand-made session after the federation's: %v, %v", session, err)
	}

	// A venue's own events are not queued.
	if feeds, _ := north.svc.EventsToVenue("north").FeedEvents(); len(feeds) != 0 {
		t.Errorf("the venue queued events of its own: %v", feeds)
	}
}
