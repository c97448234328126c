package movementservice

// Many venues, one event: the player registry is the federation's, and
// each venue names its entrants' players from it (services/venues carries
// it over NATS JetStream). At a federation (ServeVenues), every player an
// import adds or changes is queued for the venues in the import's
// transaction; the federation's relay to each venue reads the queue with
// a cursor of its own. At a venue, each is applied once by the
// federation's incarnation and the queue's sequence, with its mark in the
// same transaction.

import (
	"context"
	"fmt"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/types/known/anypb"
	"google.golang.org/protobuf/types/known/timestamppb"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
)

// RegistryFeed is the name the registry's queue goes by where the venues'
// feeds name an event: the registry is of no event.
const RegistryFeed = "registry"

var (
	// bucketToVenues holds, at a federation, the registry's players as
	// they changed, for every venue, numbered from 1.
	bucketToVenues = []byte("to_venues")
	// relayedToBucket, a sub-bucket of platform's bucket "venue", holds
	// the cursor of each venue's relay (<venue>); marksBucket, at a venue,
	// the mark of what it applied of the federation's queue
	// (<source>/<incarnation>).
	relayedToBucket = []byte("relayed_to")
	marksBucket     = []byte("marks")
)

// createVenueBuckets is migration 7.
func createVenueBuckets(tx *bbolt.Tx) error {
	if _, err := tx.CreateBucketIfNotExists(bucketToVenues); err != nil {
		return err
	}
	return platform.CreateVenueBucket(tx, relayedToBucket, marksBucket)
}

// ServeVenues makes the service a federation's: from then on the players
// its imports add or change are queued for the venues.
func (s *Service) ServeVenues() { s.federation.Store(true) }

// playerToVenues queues a player an import added or changed, in tx, at a
// federation.
func (s *Service) playerToVenues(tx *bbolt.Tx, p *movementv1.RegisteredPlayer, by string) error {
	if !s.federation.Load() {
		return nil
	}
	b := tx.Bucket(bucketToVenues)
	seq, err := b.NextSequence()
	if err != nil {
		return err
	}
	res, err := anypb.New(p)
	if err != nil {
		return err
	}
	s.store.WakeFeedReaders(tx)
	return platform.PutMessage(b, platform.Uint64Key(seq), &typev1.Change{Sequence: seq, Kind: typev1.ChangeKind_CHANGE_KIND_PLAYER_REGISTERED, Name: p.GetName(), ChangedBy: by, ChangeTime: timestamppb.New(s.now()), Resource: res})
}

// Incarnation is the id of this store's incarnation.
func (s *Service) Incarnation() (string, error) { return s.store.Incarnation() }

// ToVenue is, at a federation, the registry's queue as its relay to venue
// reads it: one feed, RegistryFeed.
func (s *Service) ToVenue(venue string) *VenueOutbox { return &VenueOutbox{s: s, venue: venue} }

// VenueOutbox is the federation's queue of the registry, read for one
// venue.
type VenueOutbox struct {
	s     *Service
	venue string
}

// Incarnation is the federation's store's.
func (o *VenueOutbox) Incarnation() (string, error) { return o.s.Incarnation() }

// FeedChanged is closed at the next commit of a change of any event, and
// of an import.
func (o *VenueOutbox) FeedChanged() <-chan struct{} { return o.s.store.FeedChanged() }

// FeedEvents is the registry's queue, once it holds a player.
func (o *VenueOutbox) FeedEvents() ([]string, error) {
	var ids []string
	err := o.s.store.View(func(tx *bbolt.Tx) error {
		if tx.Bucket(bucketToVenues).Sequence() > 0 {
			ids = append(ids, RegistryFeed)
		}
		return nil
	})
	return ids, err
}

// ChangesAfter reads up to a page of the registry's queue after sequence
// after, and its last sequence.
func (o *VenueOutbox) ChangesAfter(_ context.Context, feed string, after uint64) (out []*typev1.Change, last uint64, err error) {
	if feed != RegistryFeed {
		return nil, 0, fmt.Errorf("the registry's queue is %q, not %q", RegistryFeed, feed)
	}
	err = o.s.store.View(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketToVenues)
		last = b.Sequence()
		c := b.Cursor()
		for k, _ := c.Seek(platform.Uint64Key(after + 1)); k != nil && len(out) < platform.MaxPageSize; k, _ = c.Next() {
			ch := &typev1.Change{}
			if _, err := platform.GetMessage(b, "to_venues", k, ch); err != nil {
				return err
			}
			out = append(out, ch)
		}
		return nil
	})
	return out, last, err
}

// Relayed is the last of the registry's queue the venue acknowledged.
func (o *VenueOutbox) Relayed(string) (uint64, error) {
	return o.s.store.VenueCursor(relayedToBucket, o.venue)
}

// SetRelayed moves the venue's cursor of the registry's queue to seq.
func (o *VenueOutbox) SetRelayed(ctx context.Context, _ string, seq uint64) error {
	return o.s.store.SetVenueCursor(ctx, relayedToBucket, o.venue, seq)
}

// ApplyVenueChanges applies, at a venue, records of its federation's
// queue of the registry (source and incarnation name the queue; feed is
// RegistryFeed), each exactly once, in order, with the mark in the
// transaction of the players; it returns the mark. A record past the next
// is a gap and waits.
func (s *Service) ApplyVenueChanges(ctx context.Context, source, incarnation, feed string, changes []*typev1.Change) (uint64, error) {
	if feed != RegistryFeed {
		return 0, fmt.Errorf("the federation's registry comes as %q, not %q", RegistryFeed, feed)
	}
	changes = platform.BySequence(changes)
	var players []*movementv1.RegisteredPlayer
	var refused error
	for _, c := range changes {
		p := &movementv1.RegisteredPlayer{}
		err := c.GetResource().UnmarshalTo(p)
		if err == nil && (c.GetSequence() == 0 || p.GetNationalId() == "" || p.GetName() != playerName(p.GetNationalId())) {
			err = fmt.Errorf("it is not a registered player with a national id and its name")
		}
		if err != nil {
			refused = fmt.Errorf("record %d of %s's registry (%s): %w", c.GetSequence(), source, c.GetName(), err)
			break
		}
		players = append(players, p)
	}
	mark, err := s.store.ApplyInOrder(ctx, marksBucket, source+"/"+incarnation, platform.Sequences(changes[:len(players)]), func(tx *bbolt.Tx, i int) error {
		return put(tx, bucketPlayers, players[i].GetNationalId(), players[i])
	})
	if err != nil {
		return 0, err
	}
	return mark, refused
}

// VenueHeard is nothing at a venue: the federation's queue says how far it
// goes with each record.
func (s *Service) VenueHeard(context.Context, string, string, string, uint64) error { return nil }
