package movementservice

// Many venues, one event: the federation owns the event and the player
// registry, and each venue runs its own sections of the event and names
// its entrants' players from the registry (services/venues carries both
// over NATS JetStream). At a federation (ServeVenues), every player an
// import adds or changes is queued for the venues in the import's
// transaction, and so is every event and session created, in a queue of
// its event's; the federation's relay to each venue reads each queue with
// a cursor of its own. At a venue, each is applied once by the
// federation's incarnation and the queue's sequence, with its mark in the
// same transaction.

import (
	"context"
	"fmt"
	"log/slog"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/anypb"
	"google.golang.org/protobuf/types/known/timestamppb"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// RegistryFeed is the name the registry's queue goes by where the venues'
// feeds name an event: the registry is of no event.
const RegistryFeed = "registry"

var (
	// bucketToVenues holds, at a federation, the registry's players as
	// they changed, for every venue, numbered from 1.
	bucketToVenues = []byte("to_venues")
	// bucketEventsToVenues holds, at a federation, each event and its
	// sessions as they were created, for the venues that play it:
	// numbered from 1 per event.
	bucketEventsToVenues = []byte("events_to_venues")
	// relayedToBucket, a sub-bucket of platform's bucket "venue", holds
	// the cursor of each venue's relay (<venue> of the registry,
	// <venue>/<event> of an event's queue); marksBucket, at a venue, the
	// mark of what it applied of the federation's queues
	// (<source>/<incarnation> of the registry,
	// events/<event>/<source>/<incarnation> of an event's).
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
// its imports add or change, and the events and sessions it creates, are
// queued for the venues.
func (s *Service) ServeVenues() { s.federation.Store(true) }

// playerToVenues queues a player an import added or changed, in tx, at a
// federation.
func (s *Service) playerToVenues(tx *bbolt.Tx, p *movementv1.RegisteredPlayer, by string) error {
	if !s.federation.Load() {
		return nil
	}
	return s.queueForVenues(tx, tx.Bucket(bucketToVenues), typev1.ChangeKind_CHANGE_KIND_PLAYER_REGISTERED, p.GetName(), p, by)
}

// eventToVenues queues an event or a session created (res, named name), in
// tx, at a federation, in the queue of its event.
func (s *Service) eventToVenues(tx *bbolt.Tx, event string, kind typev1.ChangeKind, name string, res proto.Message, by string) error {
	if !s.federation.Load() {
		return nil
	}
	b, err := tx.Bucket(bucketEventsToVenues).CreateBucketIfNotExists([]byte(event))
	if err != nil {
		return err
	}
	return s.queueForVenues(tx, b, kind, name, res, by)
}

// queueForVenues writes the next record of queue b, in tx.
func (s *Service) queueForVenues(tx *bbolt.Tx, b *bbolt.Bucket, kind typev1.ChangeKind, name string, res proto.Message, by string) error {
	seq, err := b.NextSequence()
	if err != nil {
		return err
	}
	r, err := anypb.New(res)
	if err != nil {
		return err
	}
	s.store.WakeFeedReaders(tx)
	return platform.PutMessage(b, platform.Uint64Key(seq), &typev1.Change{Sequence: seq, Kind: kind, Name: name, ChangedBy: by, ChangeTime: timestamppb.New(s.now()), Resource: r})
}

// Incarnation is the id of this store's incarnation.
func (s *Service) Incarnation() (string, error) { return s.store.Incarnation() }

// ToVenue is, at a federation, the registry's queue as its relay to venue
// reads it: one feed, RegistryFeed.
func (s *Service) ToVenue(venue string) *VenueOutbox { return &VenueOutbox{s: s, venue: venue} }

// EventsToVenue is, at a federation, the queues of events and their
// sessions as its relay to venue reads them: one feed per event, all of
// them (venues.OnlyEvents keeps those the venue plays).
func (s *Service) EventsToVenue(venue string) *VenueOutbox {
	return &VenueOutbox{s: s, venue: venue, events: true}
}

// VenueOutbox is one of the federation's queues for the venues, the
// registry's or the events', read for one venue.
type VenueOutbox struct {
	s     *Service
	venue string
	// events says it is the queues of events (EventsToVenue).
	events bool
}

// Incarnation is the federation's store's.
func (o *VenueOutbox) Incarnation() (string, error) { return o.s.Incarnation() }

// FeedChanged is closed at the next commit of a change of any event, and
// of an import.
func (o *VenueOutbox) FeedChanged() <-chan struct{} { return o.s.store.FeedChanged() }

// FeedEvents lists the feeds queued: the events with a queue, or the
// registry's once it holds a player.
func (o *VenueOutbox) FeedEvents() ([]string, error) {
	var ids []string
	err := o.s.store.View(func(tx *bbolt.Tx) error {
		if o.events {
			return tx.Bucket(bucketEventsToVenues).ForEachBucket(func(k []byte) error {
				ids = append(ids, string(k))
				return nil
			})
		}
		if tx.Bucket(bucketToVenues).Sequence() > 0 {
			ids = append(ids, RegistryFeed)
		}
		return nil
	})
	return ids, err
}

// queue is, in tx, the bucket of feed's queue and its name in errors, or
// nil while nothing is queued of an event.
func (o *VenueOutbox) queue(tx *bbolt.Tx, feed string) (*bbolt.Bucket, string, error) {
	if o.events {
		return tx.Bucket(bucketEventsToVenues).Bucket([]byte(feed)), string(bucketEventsToVenues) + "/" + feed, nil
	}
	if feed != RegistryFeed {
		return nil, "", fmt.Errorf("the registry's queue is %q, not %q", RegistryFeed, feed)
	}
	return tx.Bucket(bucketToVenues), string(bucketToVenues), nil
}

// ChangesAfter reads up to a page of feed's queue after sequence after,
// and its last sequence.
func (o *VenueOutbox) ChangesAfter(_ context.Context, feed string, after uint64) (out []*typev1.Change, last uint64, err error) {
	err = o.s.store.View(func(tx *bbolt.Tx) error {
		b, name, err := o.queue(tx, feed)
		if err != nil || b == nil {
			return err
		}
		last = b.Sequence()
		c := b.Cursor()
		for k, _ := c.Seek(platform.Uint64Key(after + 1)); k != nil && len(out) < platform.MaxPageSize; k, _ = c.Next() {
			ch := &typev1.Change{}
			if _, err := platform.GetMessage(b, name, k, ch); err != nil {
				return err
			}
			out = append(out, ch)
		}
		return nil
	})
	return out, last, err
}

// cursor is the key of the venue's cursor of feed's queue.
func (o *VenueOutbox) cursor(feed string) string {
	if o.events {
		return o.venue + "/" + feed
	}
	return o.venue
}

// Relayed is the last of feed's queue the venue acknowledged.
func (o *VenueOutbox) Relayed(feed string) (uint64, error) {
	return o.s.store.VenueCursor(relayedToBucket, o.cursor(feed))
}

// SetRelayed moves the venue's cursor of feed's queue to seq.
func (o *VenueOutbox) SetRelayed(ctx context.Context, feed string, seq uint64) error {
	return o.s.store.SetVenueCursor(ctx, relayedToBucket, o.cursor(feed), seq)
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

// EventsFromFederation is, at a venue, what applies the federation's
// queues of events and their sessions (EventsToVenue's records).
func (s *Service) EventsFromFederation() *VenueEvents { return &VenueEvents{s: s} }

// VenueEvents applies, at a venue, the federation's events and sessions.
type VenueEvents struct{ s *Service }

// ApplyVenueChanges applies records of its federation's queue of event
// (source and incarnation name the queue), each exactly once, in order,
// with the mark in the transaction of the event or session; it returns
// the mark. A record past the next is a gap and waits. An event or a
// session the venue does not hold is created as the federation has it;
// one it holds takes the federation's title and scoring settings, or
// title and start, and keeps the rest: its sections, movements and
// results stay the venue's own.
func (v *VenueEvents) ApplyVenueChanges(ctx context.Context, source, incarnation, event string, changes []*typev1.Change) (uint64, error) {
	changes = platform.BySequence(changes)
	var made []proto.Message
	var refused error
	for _, c := range changes {
		m, err := federationEvent(event, c)
		if err != nil {
			refused = fmt.Errorf("record %d of %s's queue of events/%s (%s): %w", c.GetSequence(), source, event, c.GetName(), err)
			break
		}
		made = append(made, m)
	}
	mark, err := v.s.store.ApplyInOrder(ctx, marksBucket, "events/"+event+"/"+source+"/"+incarnation, platform.Sequences(changes[:len(made)]), func(tx *bbolt.Tx, i int) error {
		switch m := made[i].(type) {
		case *movementv1.Event:
			return v.s.takeEvent(tx, m, source)
		case *movementv1.Session:
			return v.s.takeSession(tx, m, source)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return mark, refused
}

// VenueHeard is nothing at a venue: the federation's queue says how far it
// goes with each record.
func (v *VenueEvents) VenueHeard(context.Context, string, string, string, uint64) error { return nil }

// federationEvent checks a record of the federation's queue of event: the
// event created, or a session of it.
func federationEvent(event string, c *typev1.Change) (proto.Message, error) {
	if c.GetSequence() == 0 {
		return nil, platform.FieldError("sequence", "a record has no sequence")
	}
	switch c.GetKind() {
	case typev1.ChangeKind_CHANGE_KIND_EVENT_CREATED:
		e := &movementv1.Event{}
		if err := c.GetResource().UnmarshalTo(e); err != nil {
			return nil, platform.FieldError("resource", "the record does not hold an event: "+err.Error())
		}
		if want := (resource.Event{Event: event}).String(); e.GetName() != want || c.GetName() != want {
			return nil, platform.FieldError("name", fmt.Sprintf("%s is not %s", e.GetName(), want))
		}
		if err := titleLine("event.title", e.GetTitle()); err != nil {
			return nil, err
		}
		settings, err := checkSettings(e.GetScoring())
		if err != nil {
			return nil, err
		}
		e.Scoring = settings
		return e, nil
	case typev1.ChangeKind_CHANGE_KIND_SESSION_CREATED:
		session := &movementv1.Session{}
		if err := c.GetResource().UnmarshalTo(session); err != nil {
			return nil, platform.FieldError("resource", "the record does not hold a session: "+err.Error())
		}
		name, err := resource.ParseSession("name", session.GetName())
		if err != nil {
			return nil, err
		}
		if name.Event != event || c.GetName() != session.GetName() {
			return nil, platform.FieldError("name", fmt.Sprintf("%s is not a session of events/%s", session.GetName(), event))
		}
		return session, titleLine("session.title", session.GetTitle())
	}
	return nil, platform.FieldError("kind", fmt.Sprintf("%v is not an event or a session created", c.GetKind()))
}

// takeEvent makes, in tx, the venue's event the federation's e: created
// if the venue has none, or given the federation's title and scoring
// settings if it has (the federation owns the event), keeping the venue's
// own place and creation time.
func (s *Service) takeEvent(tx *bbolt.Tx, e *movementv1.Event, by string) error {
	own := &movementv1.Event{}
	ok, err := get(tx, bucketEvents, e.GetName(), own)
	if err != nil {
		return err
	}
	if !ok {
		e = &movementv1.Event{Name: e.GetName(), Title: e.GetTitle(), Venue: e.GetVenue(), Scoring: e.GetScoring(), CreateTime: e.GetCreateTime()}
		if err := put(tx, bucketEvents, e.Name, e); err != nil {
			return err
		}
		return s.store.AppendChange(tx, platform.Change{Kind: typev1.ChangeKind_CHANGE_KIND_EVENT_CREATED, Name: e.Name, By: by, Resource: platform.SetETag(proto.Clone(e).(*movementv1.Event))})
	}
	if own.GetTitle() == e.GetTitle() && proto.Equal(own.GetScoring(), e.GetScoring()) {
		return nil
	}
	slog.Warn("movement: the venue's event takes the federation's title and scoring settings", "event", e.GetName(),
		"title", own.GetTitle(), "federation_title", e.GetTitle(), "scoring", own.GetScoring().String(), "federation_scoring", e.GetScoring().String())
	own.Title, own.Scoring = e.GetTitle(), e.GetScoring()
	return put(tx, bucketEvents, own.Name, own)
}

// takeSession makes, in tx, the venue's session the federation's: created
// if the venue has none, or given the federation's title and start if it
// has; its sections are the venue's own.
func (s *Service) takeSession(tx *bbolt.Tx, session *movementv1.Session, by string) error {
	event, _ := resource.ParseSession("name", session.GetName())
	if _, err := mustEvent(tx, resource.Event{Event: event.Event}.String()); err != nil {
		return err
	}
	own := &movementv1.Session{}
	ok, err := get(tx, bucketSessions, session.GetName(), own)
	if err != nil {
		return err
	}
	if !ok {
		session = &movementv1.Session{Name: session.GetName(), Title: session.GetTitle(), StartTime: session.GetStartTime()}
		if err := put(tx, bucketSessions, session.Name, session); err != nil {
			return err
		}
		return s.store.AppendChange(tx, platform.Change{Kind: typev1.ChangeKind_CHANGE_KIND_SESSION_CREATED, Name: session.Name, By: by, Resource: platform.SetETag(proto.Clone(session).(*movementv1.Session))})
	}
	if own.GetTitle() == session.GetTitle() && proto.Equal(own.GetStartTime(), session.GetStartTime()) {
		return nil
	}
	slog.Warn("movement: the venue's session takes the federation's title and start", "session", session.GetName(), "title", own.GetTitle(), "federation_title", session.GetTitle())
	own.Title, own.StartTime = session.GetTitle(), session.GetStartTime()
	return put(tx, bucketSessions, own.Name, own)
}

// VenueHeard is nothing at a venue: the federation's queue says how far it
// goes with each record.
func (s *Service) VenueHeard(context.Context, string, string, string, uint64) error { return nil }
