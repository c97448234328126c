package movementservice

import (
	"context"
	"testing"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
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
