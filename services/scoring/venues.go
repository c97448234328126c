package scoringservice

// Many venues, one event. A venue's Director plays and scores its sections
// on its own and relays its feed to the federation's Director (package
// github.com/bridge-director/director/services/venues carries it over
// NATS JetStream); the federation applies each venue's records here, into
// the same results a table would have entered, so that it scores every
// venue's results of a board as one field.
//
// At the venue, scoring.db keeps the store's incarnation (a random id made
// once, with the store: a venue whose store is made again numbers its feed
// from 1 under a new one) and, per event, the last record the federation
// acknowledged (the relay's cursor). At the federation it keeps, per event,
// venue and incarnation, the last record applied, in the transaction of the
// records it applies, and the sessions the venue finalised.

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/anypb"
	"google.golang.org/protobuf/types/known/timestamppb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

var (
	// bucketFinalised holds the sessions a director finalised, by event.
	bucketFinalised = []byte("finalised")
	// bucketVenueFeeds holds, at a federation, what it applied of each
	// venue's feed of an event, by event, then venue and incarnation.
	bucketVenueFeeds = []byte("venue_feeds")
	// bucketVenueSections holds, at a federation, which venue each
	// section's results come from: the first to send one.
	bucketVenueSections = []byte("venue_sections")
	// bucketToVenues holds, at a federation, the changes it made to each
	// venue's results (a correction, an erasure), for the venue: by event,
	// then venue, numbered from 1 in the transaction of the change.
	bucketToVenues = []byte("to_venues")
	// relayedBucket, a sub-bucket of platform's bucket "venue", holds at a
	// venue the relay's cursor of each event's feed; relayedToBucket, at a
	// federation, the cursor of each venue's changes (to_venues), by venue
	// and event.
	relayedBucket   = []byte("relayed")
	relayedToBucket = []byte("relayed_to")
)

// createVenueBuckets is migration 7.
func createVenueBuckets(tx *bbolt.Tx) error {
	for _, b := range [][]byte{bucketFinalised, bucketVenueFeeds, bucketVenueSections, bucketToVenues} {
		if _, err := tx.CreateBucketIfNotExists(b); err != nil {
			return err
		}
	}
	return platform.CreateVenueBucket(tx, relayedBucket, relayedToBucket)
}

// FinaliseSession records that the venue's director finalised a session,
// with its record in the feed, which the venue's relay carries to the
// federation.
func (s *Service) FinaliseSession(ctx context.Context, req *scoringv1.FinaliseSessionRequest) (*scoringv1.FinaliseSessionResponse, error) {
	session, err := resource.ParseSession("session", req.GetSession())
	if err != nil {
		return nil, err
	}
	if err := s.session(ctx, session); err != nil {
		return nil, err
	}
	f := &scoringv1.Finalisation{Session: session.String(), FinaliseTime: timestamppb.New(s.now()), FinalisedBy: platform.CallerName(ctx)}
	resp := &scoringv1.FinaliseSessionResponse{}
	err = s.store.Mutate(ctx, scoringv1.ScoringService_FinaliseSession_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		b, err := eventBucket(tx, bucketFinalised, session.Event, true)
		if err != nil {
			return err
		}
		had := &scoringv1.Finalisation{}
		ok, err := platform.GetMessage(b, "finalised/"+session.Event, publicationKey(session.Session), had)
		if err != nil {
			return err
		}
		if ok {
			resp.Finalisation = had
			return nil
		}
		if err := platform.PutMessage(b, publicationKey(session.Session), f); err != nil {
			return err
		}
		resp.Finalisation = f
		return s.store.AppendChange(tx, platform.Change{Kind: typev1.ChangeKind_CHANGE_KIND_SESSION_FINALISED, Name: f.Session, By: f.FinalisedBy, Resource: f})
	})
	return resp, err
}

// FederationSource is the name a venue applies its federation's changes
// under (ApplyVenueChanges), as though the federation were a venue: its
// corrections of the venue's results, each once by the federation's
// incarnation and sequence. It claims no section.
const FederationSource = "federation"

// currentWithin is how recently a venue must have been heard from to be
// current.
const currentWithin = 10 * time.Second

// ListVenueFeeds lists what the federation applied of each venue's feed of
// an event.
func (s *Service) ListVenueFeeds(ctx context.Context, req *scoringv1.ListVenueFeedsRequest) (*scoringv1.ListVenueFeedsResponse, error) {
	event, err := resource.ParseEvent("parent", req.GetParent())
	if err != nil {
		return nil, err
	}
	resp := &scoringv1.ListVenueFeedsResponse{}
	err = s.store.View(func(tx *bbolt.Tx) error {
		b, _ := eventBucket(tx, bucketVenueFeeds, event.Event, false)
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, _ []byte) error {
			f := &scoringv1.VenueFeed{}
			if _, err := platform.GetMessage(b, "venue_feeds/"+event.Event, k, f); err != nil {
				return err
			}
			resp.VenueFeeds = append(resp.VenueFeeds, f)
			return nil
		})
	})
	now := s.now()
	for _, f := range resp.VenueFeeds {
		if f.PublishedSequence > f.AppliedSequence {
			f.Lag = f.PublishedSequence - f.AppliedSequence
		}
		f.Held = s.venueHolds.get(venueKey(event.Event, f.Venue, f.Incarnation))
		f.Current = f.Lag == 0 && f.Held == "" && now.Sub(f.GetLastSeenTime().AsTime()) < currentWithin
	}
	// A venue heard from under a later incarnation has left the earlier
	// ones behind.
	latest := map[string]*scoringv1.VenueFeed{}
	for _, f := range resp.VenueFeeds {
		if l := latest[f.Venue]; l == nil || f.GetLastSeenTime().AsTime().After(l.GetLastSeenTime().AsTime()) {
			latest[f.Venue] = f
		}
	}
	for _, f := range resp.VenueFeeds {
		if l := latest[f.Venue]; l != f {
			f.SupersededBy, f.Current = l.Incarnation, false
		}
	}
	return resp, err
}

// venueKey is the key of a venue's feed of an event in bucketVenueFeeds
// (within the event's bucket) and in venueHolds.
func venueKey(event, venue, incarnation string) string {
	if event == "" {
		return venue + "/" + incarnation
	}
	return event + "/" + venue + "/" + incarnation
}

// venueHolds says why the next record of a venue's feed is held, by
// venueKey.
type venueHolds struct {
	mu   sync.Mutex
	held map[string]string
}

// plainError is err as a person reads it: a status's message without
// gRPC's "rpc error: code = … desc =" around it, its code kept for the
// caller.
func plainError(err error) error {
	if st, ok := status.FromError(err); ok && st.Code() != codes.OK && st.Code() != codes.Unknown {
		return plainStatus{st}
	}
	return err
}

// plainStatus is a status that reads as its message.
type plainStatus struct{ st *status.Status }

func (p plainStatus) Error() string              { return p.st.Message() }
func (p plainStatus) GRPCStatus() *status.Status { return p.st }

func (h *venueHolds) set(key, why string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if why == "" {
		delete(h.held, key)
		return
	}
	if h.held == nil {
		h.held = map[string]string{}
	}
	h.held[key] = why
}

func (h *venueHolds) get(key string) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.held[key]
}

// ApplyVenueChanges applies, at a federation, records of one venue's feed
// of one event, in the order of their sequences, and returns the last
// record of that feed (venue and incarnation) applied, whether now or
// before. Each record is applied exactly once: one at or below the mark is
// applied already and changes nothing; the next is applied, and the mark
// raised, in the transaction of its change; one further on is a gap, which
// stops the batch until the missing record comes. A record the federation
// cannot take (a result of a section it does not know) stops the batch
// too, and its error is returned; it is taken when sent again once mended.
func (s *Service) ApplyVenueChanges(ctx context.Context, venue, incarnation, event string, changes []*typev1.Change) (uint64, error) {
	ctx = platform.WithServiceIdentity(ctx, "scoring", "")
	e, err := resource.ParseEvent("event", "events/"+event)
	if err != nil {
		return 0, err
	}
	key := venueKey("", venue, incarnation)
	held := venueKey(event, venue, incarnation)
	by := "venues/" + venue
	if venue == FederationSource {
		by = FederationSource
	}
	changes = slices.Clone(changes)
	slices.SortFunc(changes, func(a, b *typev1.Change) int { return cmpUint(a.GetSequence(), b.GetSequence()) })
	// Check each record outside the transaction (the schedule is the
	// movement service's); a record that cannot be taken ends the batch.
	var prepared []venueRecord
	var refused error
	for _, c := range changes {
		rec, err := s.prepareVenueRecord(ctx, e, c)
		if err != nil {
			refused = fmt.Errorf("record %d of venue %s (%s): %w", c.GetSequence(), venue, c.GetName(), plainError(err))
			break
		}
		prepared = append(prepared, rec)
	}
	now := timestamppb.New(s.now())
	var mark uint64
	var applied []slot
	for {
		var failedAt = -1
		var failure error
		err := s.store.Mutate(ctx, "", "", nil, nil, func(tx *bbolt.Tx) error {
			applied, failedAt, failure = applied[:0], -1, nil
			b, err := eventBucket(tx, bucketVenueFeeds, event, true)
			if err != nil {
				return err
			}
			f := &scoringv1.VenueFeed{Venue: venue, Event: e.String(), Incarnation: incarnation}
			if _, err := platform.GetMessage(b, "venue_feeds/"+event, []byte(key), f); err != nil {
				return err
			}
			for i, rec := range prepared {
				seq := rec.change.GetSequence()
				if seq <= f.AppliedSequence {
					continue
				}
				if seq != f.AppliedSequence+1 {
					break
				}
				sl, err := s.applyVenueRecord(tx, f, event, rec, by, now)
				if err != nil {
					failedAt, failure = i, err
					return err
				}
				if sl != nil {
					applied = append(applied, *sl)
				}
				f.AppliedSequence = seq
			}
			f.PublishedSequence = max(f.PublishedSequence, f.AppliedSequence)
			f.LastSeenTime = now
			mark = f.AppliedSequence
			return platform.PutMessage(b, []byte(key), f)
		})
		if err != nil && failedAt >= 0 {
			// Apply what comes before the record that failed, and hold it.
			refused = fmt.Errorf("record %d of venue %s (%s): %w", prepared[failedAt].change.GetSequence(), venue, prepared[failedAt].change.GetName(), plainError(failure))
			prepared = prepared[:failedAt]
			continue
		}
		if err != nil {
			return 0, err
		}
		break
	}
	for _, sl := range applied {
		s.reloadSlot(event, sl)
	}
	switch {
	case refused != nil:
		s.venueHolds.set(held, refused.Error())
	case len(changes) > 0 && changes[len(changes)-1].GetSequence() > mark:
		s.venueHolds.set(held, fmt.Sprintf("record %d has not come yet; asked for again", mark+1))
	default:
		s.venueHolds.set(held, "")
	}
	return mark, refused
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// venueRecord is a venue's record checked and ready to apply.
type venueRecord struct {
	change *typev1.Change
	// result is the result a submission or correction enters, checked.
	result *scoringv1.Result
	// slot is the slot of a result's record.
	slot slot
	// finalised is the session a finalisation names.
	finalised string
}

// prepareVenueRecord checks a record as a submission of it would be: the
// result's section and table must be the federation's too. Records of
// what the federation does not take from a venue (its penalties, its
// publication, its confirmations) are applied as nothing, so that the
// sequence goes on.
func (s *Service) prepareVenueRecord(ctx context.Context, event resource.Event, c *typev1.Change) (venueRecord, error) {
	rec := venueRecord{change: c}
	if c.GetSequence() == 0 {
		return rec, platform.FieldError("sequence", "a venue's record has no sequence")
	}
	if ev, ok := strings.CutPrefix(c.GetName(), event.String()+"/"); !ok || ev == "" {
		return rec, platform.FieldError("name", fmt.Sprintf("%q is not a resource of %s", c.GetName(), event))
	}
	switch c.GetKind() {
	case typev1.ChangeKind_CHANGE_KIND_RESULT_SUBMITTED, typev1.ChangeKind_CHANGE_KIND_RESULT_CORRECTED:
		in := &scoringv1.Result{}
		if err := c.GetResource().UnmarshalTo(in); err != nil {
			return rec, platform.FieldError("resource", "a result's record does not hold a result: "+err.Error())
		}
		id, sl, err := parseResultName("name", c.GetName())
		if err != nil {
			return rec, err
		}
		if id != event.Event {
			return rec, platform.FieldError("name", c.GetName()+" is not of "+event.String())
		}
		r, err := checkResult("result", in)
		if err != nil {
			return rec, err
		}
		if slotOf(r) != sl {
			return rec, platform.FieldError("result", "the result is not of the slot its record names")
		}
		if _, err := s.scoring(ctx, event, r); err != nil {
			return rec, err
		}
		if _, err := s.checkSchedule(ctx, event, r); err != nil {
			return rec, err
		}
		rec.result, rec.slot = r, sl
	case typev1.ChangeKind_CHANGE_KIND_RESULT_ERASED:
		_, sl, err := parseResultName("name", c.GetName())
		if err != nil {
			return rec, err
		}
		rec.slot = sl
	case typev1.ChangeKind_CHANGE_KIND_SESSION_FINALISED:
		if _, err := resource.ParseSession("name", c.GetName()); err != nil {
			return rec, err
		}
		rec.finalised = c.GetName()
	}
	return rec, nil
}

// applyVenueRecord applies one checked record in tx, as f's next, and
// returns the slot it changed (nil for none).
func (s *Service) applyVenueRecord(tx *bbolt.Tx, f *scoringv1.VenueFeed, event string, rec venueRecord, by string, now *timestamppb.Timestamp) (*slot, error) {
	sl := rec.slot
	if f.Venue != FederationSource && (rec.result != nil || rec.change.GetKind() == typev1.ChangeKind_CHANGE_KIND_RESULT_ERASED) {
		if err := claimSection(tx, event, f.Venue, sl); err != nil {
			return nil, err
		}
	}
	reason := fmt.Sprintf("record %d of venue %s's feed (incarnation %s), entered there by %s", rec.change.GetSequence(), f.Venue, f.Incarnation, rec.change.GetChangedBy())
	switch {
	case rec.result != nil:
		cur, ok, err := currentResult(tx, event, sl)
		if err != nil {
			return nil, err
		}
		if ok && sameResult(cur, rec.result) {
			return nil, nil
		}
		action := scoringv1.Action_ACTION_SUBMITTED
		if ok {
			action = scoringv1.Action_ACTION_CORRECTED
		}
		settings := s.knownSettings(event)
		if _, err := admitOnBoard(tx, settings, event, sl, rec.result); err != nil {
			return nil, err
		}
		_, err = s.record(tx, true, event, sl, cloneResult(rec.result), action, by, reason, now)
		return &sl, err
	case rec.change.GetKind() == typev1.ChangeKind_CHANGE_KIND_RESULT_ERASED:
		_, ok, err := currentResult(tx, event, sl)
		if err != nil || !ok {
			return nil, err
		}
		rev := &scoringv1.Revision{Revision: lastRevision(tx, event, sl) + 1, Action: scoringv1.Action_ACTION_ERASED, ChangedBy: by, Reason: reason, Time: now}
		return &sl, s.revise(tx, event, sl, rev, rev)
	case rec.finalised != "":
		if !slices.Contains(f.FinalisedSessions, rec.finalised) {
			f.FinalisedSessions = append(f.FinalisedSessions, rec.finalised)
			slices.Sort(f.FinalisedSessions)
		}
	}
	return nil, nil
}

// claimSection refuses a venue's record of a section whose results come
// from another venue, and gives an unclaimed section to the venue: a venue
// may publish only on its own subjects, and enter results only in its own
// sections.
func claimSection(tx *bbolt.Tx, event, venue string, sl slot) error {
	b, err := eventBucket(tx, bucketVenueSections, event, true)
	if err != nil {
		return err
	}
	key := sectionKey(sl)
	owner := &wrapperspb.StringValue{}
	ok, err := platform.GetMessage(b, "venue_sections/"+event, key, owner)
	switch {
	case err != nil:
		return err
	case !ok:
		return platform.PutMessage(b, key, wrapperspb.String(venue))
	case owner.GetValue() != venue:
		return platform.FailedPrecondition(fmt.Sprintf("section %s of session %d takes its results from venue %s, not %s", sl.Section, sl.Session, owner.GetValue(), venue))
	}
	return nil
}

// knownSettings are the scoring settings of an event read already (by
// prepareVenueRecord).
func (s *Service) knownSettings(event string) *scoringv1.ScoringSettings {
	s.events.mu.Lock()
	defer s.events.mu.Unlock()
	return s.events.known[resource.Event{Event: event}.String()].GetScoring()
}

// VenueHeard records, at a federation, that a venue's feed of an event
// (its incarnation) holds records up to published, as the venue said at
// its time at.
func (s *Service) VenueHeard(ctx context.Context, venue, incarnation, event string, published uint64) error {
	e, err := resource.ParseEvent("event", "events/"+event)
	if err != nil {
		return err
	}
	key := []byte(venueKey("", venue, incarnation))
	now := timestamppb.New(s.now())
	return s.store.Mutate(ctx, "", "", nil, nil, func(tx *bbolt.Tx) error {
		b, err := eventBucket(tx, bucketVenueFeeds, event, true)
		if err != nil {
			return err
		}
		f := &scoringv1.VenueFeed{Venue: venue, Event: e.String(), Incarnation: incarnation}
		if _, err := platform.GetMessage(b, "venue_feeds/"+event, key, f); err != nil {
			return err
		}
		f.PublishedSequence = max(f.PublishedSequence, published)
		f.LastSeenTime = now
		return platform.PutMessage(b, key, f)
	})
}

// Incarnation is the id of this store's incarnation: made once with the
// store, so that a venue whose store is made again is told apart from the
// one before by the federation, which has applied the old one's sequences.
func (s *Service) Incarnation() (string, error) { return s.store.Incarnation() }

// FeedEvents lists the events of this store's feed.
func (s *Service) FeedEvents() ([]string, error) { return s.store.FeedEvents() }

// FeedChanged is closed at the next commit of a change of any event.
func (s *Service) FeedChanged() <-chan struct{} { return s.store.FeedChanged() }

// ChangesAfter reads up to a page of event's feed after sequence after, and
// the feed's last sequence.
func (s *Service) ChangesAfter(ctx context.Context, event string, after uint64) ([]*typev1.Change, uint64, error) {
	p, err := s.store.ListChanges(ctx, &scoringv1.ListChangesRequest{Parent: "events/" + event, Since: proto.Uint64(after), PageSize: platform.MaxPageSize})
	return p.Changes, p.Last, err
}

// Relayed is the last record of event's feed the federation acknowledged.
func (s *Service) Relayed(event string) (uint64, error) {
	return s.store.VenueCursor(relayedBucket, event)
}

// SetRelayed records that the federation acknowledged event's feed up to
// seq; the cursor never goes back.
func (s *Service) SetRelayed(ctx context.Context, event string, seq uint64) error {
	return s.store.SetVenueCursor(ctx, relayedBucket, event, seq)
}

// toVenue records, at a federation, a change it made to a result of a
// venue's section (a director's correction or erasure here, not one
// applied from the venue's feed) for that venue, in tx: the venue applies
// it once, as the federation applies the venue's.
func (s *Service) toVenue(tx *bbolt.Tx, event string, sl slot, c platform.Change) error {
	if strings.HasPrefix(c.By, "venues/") {
		return nil
	}
	owners, _ := eventBucket(tx, bucketVenueSections, event, false)
	if owners == nil {
		return nil
	}
	owner := &wrapperspb.StringValue{}
	ok, err := platform.GetMessage(owners, "venue_sections/"+event, sectionKey(sl), owner)
	if err != nil || !ok {
		return err
	}
	events, err := eventBucket(tx, bucketToVenues, event, true)
	if err != nil {
		return err
	}
	b, err := events.CreateBucketIfNotExists([]byte(owner.GetValue()))
	if err != nil {
		return err
	}
	seq, err := b.NextSequence()
	if err != nil {
		return err
	}
	res, err := anypb.New(c.Resource)
	if err != nil {
		return err
	}
	return platform.PutMessage(b, platform.Uint64Key(seq), &typev1.Change{Sequence: seq, Kind: c.Kind, Name: c.Name, ChangedBy: c.By, ChangeTime: timestamppb.New(s.now()), Resource: res})
}

// sectionKey is a section's key in bucketVenueSections.
func sectionKey(sl slot) []byte {
	return append(binary.BigEndian.AppendUint32(nil, uint32(sl.Session)), sl.Section...)
}

// ToVenue is, at a federation, the feed of the changes it made to one
// venue's results, as its relay to the venue reads it.
func (s *Service) ToVenue(venue string) *VenueOutbox { return &VenueOutbox{s: s, venue: venue} }

// VenueOutbox is the federation's feed of changes for one venue.
type VenueOutbox struct {
	s     *Service
	venue string
}

// Incarnation is the federation's store's.
func (o *VenueOutbox) Incarnation() (string, error) { return o.s.Incarnation() }

// FeedChanged is closed at the next commit of a change of any event.
func (o *VenueOutbox) FeedChanged() <-chan struct{} { return o.s.FeedChanged() }

// FeedEvents lists the events with changes for the venue.
func (o *VenueOutbox) FeedEvents() ([]string, error) {
	var ids []string
	err := o.s.store.View(func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketToVenues).ForEachBucket(func(k []byte) error {
			if tx.Bucket(bucketToVenues).Bucket(k).Bucket([]byte(o.venue)) != nil {
				ids = append(ids, string(k))
			}
			return nil
		})
	})
	return ids, err
}

// ChangesAfter reads up to a page of the venue's changes of event after
// sequence after, and the last sequence.
func (o *VenueOutbox) ChangesAfter(_ context.Context, event string, after uint64) (out []*typev1.Change, last uint64, err error) {
	err = o.s.store.View(func(tx *bbolt.Tx) error {
		events, _ := eventBucket(tx, bucketToVenues, event, false)
		if events == nil {
			return nil
		}
		b := events.Bucket([]byte(o.venue))
		if b == nil {
			return nil
		}
		last = b.Sequence()
		c := b.Cursor()
		for k, _ := c.Seek(platform.Uint64Key(after + 1)); k != nil && len(out) < platform.MaxPageSize; k, _ = c.Next() {
			ch := &typev1.Change{}
			if _, err := platform.GetMessage(b, "to_venues/"+event+"/"+o.venue, k, ch); err != nil {
				return err
			}
			out = append(out, ch)
		}
		return nil
	})
	return out, last, err
}

// Relayed is the last of the venue's changes of event it acknowledged.
func (o *VenueOutbox) Relayed(event string) (uint64, error) {
	return o.s.store.VenueCursor(relayedToBucket, o.venue+"/"+event)
}

// SetRelayed moves the cursor of the venue's changes of event to seq.
func (o *VenueOutbox) SetRelayed(ctx context.Context, event string, seq uint64) error {
	return o.s.store.SetVenueCursor(ctx, relayedToBucket, o.venue+"/"+event, seq)
}

// provisional reports, at a federation, whether some venue that sends
// results of session (1 when 0) of event ("events/{event}") has not
// finalised it.
func (s *Service) provisional(event string, session int32) (bool, error) {
	e, err := resource.ParseEvent("event", event)
	if err != nil {
		return false, err
	}
	if session == 0 {
		session = 1
	}
	provisional := false
	err = s.store.View(func(tx *bbolt.Tx) error {
		owners, _ := eventBucket(tx, bucketVenueSections, e.Event, false)
		if owners == nil {
			return nil
		}
		sending := map[string]bool{}
		prefix := binary.BigEndian.AppendUint32(nil, uint32(session))
		c := owners.Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			v := &wrapperspb.StringValue{}
			if _, err := platform.GetMessage(owners, "venue_sections/"+e.Event, k, v); err != nil {
				return err
			}
			sending[v.GetValue()] = true
		}
		feeds, _ := eventBucket(tx, bucketVenueFeeds, e.Event, false)
		name := resource.Session{Event: e.Event, Session: session}.String()
		if feeds != nil {
			err := feeds.ForEach(func(k, _ []byte) error {
				f := &scoringv1.VenueFeed{}
				if _, err := platform.GetMessage(feeds, "venue_feeds/"+e.Event, k, f); err != nil {
					return err
				}
				if slices.Contains(f.GetFinalisedSessions(), name) {
					delete(sending, f.GetVenue())
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
		provisional = len(sending) > 0
		return nil
	})
	return provisional, err
}
