package dealingservice

// Many venues, one event: the federation owns the event's board sets, and
// each venue plays them (services/venues carries them over NATS
// JetStream). At a federation (ServeVenues), every change of a board set
// (made, a board dealt again, released) is written, with the whole set and
// its deals, to the venues' queue of its event in the change's
// transaction; the federation's relay to each venue reads that queue with
// a cursor of its own. At a venue, each is applied once by the
// federation's incarnation and the queue's sequence, with its mark in the
// same transaction: the venue holds the set as the federation has it,
// secret until released, so that its director can duplicate the boards.

import (
	"context"
	"fmt"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/types/known/anypb"
	"google.golang.org/protobuf/types/known/timestamppb"

	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

var (
	// bucketToVenues holds, at a federation, each event's board sets as
	// they change, for every venue: numbered from 1 per event.
	bucketToVenues = []byte("to_venues")
	// relayedToBucket, a sub-bucket of platform's bucket "venue", holds
	// the cursor of each venue's relay (<venue>/<event>); marksBucket, at a
	// venue, the mark of what it applied of the federation's queue
	// (<event>/<source>/<incarnation>).
	relayedToBucket = []byte("relayed_to")
	marksBucket     = []byte("marks")
)

// createVenueBuckets is migration 4.
func createVenueBuckets(tx *bbolt.Tx) error {
	if _, err := tx.CreateBucketIfNotExists(bucketToVenues); err != nil {
		return err
	}
	return platform.CreateVenueBucket(tx, relayedToBucket, marksBucket)
}

// ServeVenues makes the service a federation's: from then on its board
// sets' changes are queued for the venues.
func (s *Service) ServeVenues() { s.federation.Store(true) }

// toVenues queues a set's change for the venues, in tx, at a federation.
func (s *Service) toVenues(tx *bbolt.Tx, set *dealingv1.BoardSet, kind typev1.ChangeKind, by string) error {
	if !s.federation.Load() {
		return nil
	}
	name, err := resource.ParseBoardSet("name", set.GetName())
	if err != nil {
		return err
	}
	b, err := tx.Bucket(bucketToVenues).CreateBucketIfNotExists([]byte(name.Event))
	if err != nil {
		return err
	}
	seq, err := b.NextSequence()
	if err != nil {
		return err
	}
	res, err := anypb.New(set)
	if err != nil {
		return err
	}
	return platform.PutMessage(b, platform.Uint64Key(seq), &typev1.Change{Sequence: seq, Kind: kind, Name: set.GetName(), ChangedBy: by, ChangeTime: timestamppb.New(s.now()), Resource: res})
}

// Incarnation is the id of this store's incarnation.
func (s *Service) Incarnation() (string, error) { return s.store.Incarnation() }

// ToVenue is, at a federation, the queue of board sets as its relay to
// venue reads it.
func (s *Service) ToVenue(venue string) *VenueOutbox { return &VenueOutbox{s: s, venue: venue} }

// VenueOutbox is the federation's queue of board sets, read for one venue.
type VenueOutbox struct {
	s     *Service
	venue string
}

// Incarnation is the federation's store's.
func (o *VenueOutbox) Incarnation() (string, error) { return o.s.Incarnation() }

// FeedChanged is closed at the next commit of a change of any event.
func (o *VenueOutbox) FeedChanged() <-chan struct{} { return o.s.store.FeedChanged() }

// FeedEvents lists the events with board sets queued.
func (o *VenueOutbox) FeedEvents() ([]string, error) {
	var ids []string
	err := o.s.store.View(func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketToVenues).ForEachBucket(func(k []byte) error {
			ids = append(ids, string(k))
			return nil
		})
	})
	return ids, err
}

// ChangesAfter reads up to a page of event's queue after sequence after,
// and its last sequence.
func (o *VenueOutbox) ChangesAfter(_ context.Context, event string, after uint64) (out []*typev1.Change, last uint64, err error) {
	err = o.s.store.View(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketToVenues).Bucket([]byte(event))
		if b == nil {
			return nil
		}
		last = b.Sequence()
		c := b.Cursor()
		// Board sets are large: a few at a time.
		for k, _ := c.Seek(platform.Uint64Key(after + 1)); k != nil && len(out) < 16; k, _ = c.Next() {
			ch := &typev1.Change{}
			if _, err := platform.GetMessage(b, "to_venues/"+event, k, ch); err != nil {
				return err
			}
			out = append(out, ch)
		}
		return nil
	})
	return out, last, err
}

// Relayed is the last of event's queue the venue acknowledged.
func (o *VenueOutbox) Relayed(event string) (uint64, error) {
	return o.s.store.VenueCursor(relayedToBucket, o.venue+"/"+event)
}

// SetRelayed moves the venue's cursor of event's queue to seq.
func (o *VenueOutbox) SetRelayed(ctx context.Context, event string, seq uint64) error {
	return o.s.store.SetVenueCursor(ctx, relayedToBucket, o.venue+"/"+event, seq)
}

// ApplyVenueChanges applies, at a venue, records of its federation's
// queue of board sets of event (source and incarnation name the queue),
// each exactly once, in order, with the mark in the transaction of the
// set; it returns the mark. A record past the next is a gap and waits; a
// set of a session the venue does not hold is refused, and taken when sent
// again once the session is made.
func (s *Service) ApplyVenueChanges(ctx context.Context, source, incarnation, event string, changes []*typev1.Change) (uint64, error) {
	ctx = platform.WithServiceIdentity(ctx, "dealing", "")
	changes = platform.BySequence(changes)
	var sets []*dealingv1.BoardSet
	var refused error
	for _, c := range changes {
		set, err := s.venueSet(ctx, event, c)
		if err != nil {
			refused = fmt.Errorf("record %d of %s's board sets (%s): %w", c.GetSequence(), source, c.GetName(), err)
			break
		}
		sets = append(sets, set)
	}
	mark, err := s.store.ApplyInOrder(ctx, marksBucket, event+"/"+source+"/"+incarnation, platform.Sequences(changes[:len(sets)]), func(tx *bbolt.Tx, i int) error {
		return s.storeSet(tx, sets[i], changes[i].GetKind(), source)
	})
	if err != nil {
		return 0, err
	}
	return mark, refused
}

// venueSet checks a record of the federation's queue: a board set of
// event, of a session the venue holds.
func (s *Service) venueSet(ctx context.Context, event string, c *typev1.Change) (*dealingv1.BoardSet, error) {
	if c.GetSequence() == 0 {
		return nil, platform.FieldError("sequence", "a record has no sequence")
	}
	set := &dealingv1.BoardSet{}
	if err := c.GetResource().UnmarshalTo(set); err != nil {
		return nil, platform.FieldError("resource", "the record does not hold a board set: "+err.Error())
	}
	name, err := resource.ParseBoardSet("name", set.GetName())
	if err != nil {
		return nil, err
	}
	if name.Event != event || set.GetName() != c.GetName() {
		return nil, platform.FieldError("name", fmt.Sprintf("%s is not a board set of events/%s", set.GetName(), event))
	}
	if len(set.GetBoards()) == 0 {
		return nil, platform.FieldError("board_set.boards", "the set carries no boards")
	}
	return set, s.checkSession(ctx, resource.Session{Event: name.Event, Session: name.Session})
}

// VenueHeard is nothing at a venue: the federation's queue says how far it
// goes with each record.
func (s *Service) VenueHeard(context.Context, string, string, string, uint64) error { return nil }
