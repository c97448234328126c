package venues

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// Applier applies venues' records at the federation.
type Applier interface {
	// ApplyVenueChanges applies records of one venue's feed (its
	// incarnation) of one event, each exactly once, and returns the last
	// record of that feed applied, now or before: every record up to it
	// is applied, none after it. An error says why the record after the
	// mark is not taken.
	ApplyVenueChanges(ctx context.Context, venue, incarnation, event string, changes []*typev1.Change) (uint64, error)
	// VenueHeard records that the venue's feed of event holds records up
	// to published.
	VenueHeard(ctx context.Context, venue, incarnation, event string, published uint64) error
}

// Federation reads every venue's records from the federation's stream and
// applies them.
type Federation struct {
	// URL is the federation's NATS, and User and Password its own
	// credentials there.
	URL, User, Password string
	// Venues are the ids of the venues whose records are applied: one
	// durable consumer each.
	Venues  []string
	Applier Applier
	// Outboxes are the feeds of the federation's changes for a venue,
	// relayed to the venue's consumer, by the part of the subject that
	// tells them apart: "" for its corrections of the venue's results
	// (federation.<venue>.event.…), "dealing" for its board sets
	// (federation.<venue>.dealing.event.…), "registry" for its players and
	// "events" for its events and their sessions.
	Outboxes map[string]func(venue string) Feed
	// Retention is how long the stream keeps a record (default 30 days):
	// a venue cut off for longer than that sends again what the stream
	// dropped, from its own feed.
	Retention time.Duration
	// Replicas is the stream's replication on an external NATS cluster
	// (default 1).
	Replicas int
	Logger   *slog.Logger
	// Options are further NATS options (Hub.InProcess for the embedded
	// NATS).
	Options []nats.Option
}

// batch is how many records a consumer fetches at once; they are applied
// in one transaction per venue's feed of an event.
const batch = 500

// redeliverAfter is how long a record that is not applied yet (a gap, a
// record the federation cannot take yet) waits to be delivered again.
const redeliverAfter = 250 * time.Millisecond

// Run applies until ctx ends, connecting and reconnecting as needed.
func (f *Federation) Run(ctx context.Context) error {
	for _, v := range f.Venues {
		if err := CheckVenueID(v); err != nil {
			return err
		}
	}
	log := f.Logger
	if log == nil {
		log = slog.Default()
	}
	nc, err := nats.Connect(f.URL, append([]nats.Option{
		nats.Name("director federation"),
		nats.UserInfo(f.User, f.Password),
		refusals(log, "check --nats-user and --nats-password of --nats-url"),
		nats.RetryOnFailedConnect(true),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
	}, f.Options...)...)
	if err != nil {
		return fmt.Errorf("federation: NATS %s: %w", f.URL, err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	var stream jetstream.Stream
	for {
		stream, err = f.ensureStream(ctx, js)
		if err == nil {
			break
		}
		log.Warn("federation: the venues' stream cannot be made yet", "error", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
	}
	var wg sync.WaitGroup
	for _, v := range f.Venues {
		wg.Go(func() { f.consume(ctx, stream, v, log.With("venue", v)) })
		if len(f.Outboxes) > 0 {
			wg.Go(func() { f.relayTo(ctx, js, v, log.With("venue", v)) })
		}
	}
	wg.Wait()
	return nil
}

// ensureStream makes the stream of every venue's records: limits retention,
// on disk, one subject space venue.>.
func (f *Federation) ensureStream(ctx context.Context, js jetstream.JetStream) (jetstream.Stream, error) {
	age := f.Retention
	if age <= 0 {
		age = 30 * 24 * time.Hour
	}
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if len(f.Outboxes) > 0 {
		_, err := js.CreateOrUpdateStream(cctx, jetstream.StreamConfig{
			Name:        FederationStream,
			Description: "the federation's changes for each venue",
			Subjects:    []string{"federation.>"},
			Retention:   jetstream.LimitsPolicy,
			Storage:     jetstream.FileStorage,
			MaxAge:      age,
			Replicas:    max(f.Replicas, 1),
			Duplicates:  2 * time.Minute,
			AllowMsgTTL: true,
		})
		if err != nil {
			return nil, err
		}
	}
	return js.CreateOrUpdateStream(cctx, jetstream.StreamConfig{
		Name:        Stream,
		Description: "every venue's change feed, for the federation to apply",
		Subjects:    []string{"venue.>"},
		Retention:   jetstream.LimitsPolicy,
		Storage:     jetstream.FileStorage,
		MaxAge:      age,
		Replicas:    max(f.Replicas, 1),
		Duplicates:  2 * time.Minute,
		// Heartbeats say only how far a feed goes now: each is kept a
		// minute, not as long as the records.
		AllowMsgTTL: true,
	})
}

// consume applies one venue's records until ctx ends.
func (f *Federation) consume(ctx context.Context, stream jetstream.Stream, venue string, log *slog.Logger) {
	cons, ok := makeConsumer(ctx, log, "the venue's consumer", func(ctx context.Context) (jetstream.Consumer, error) {
		return stream.CreateOrUpdateConsumer(ctx, durableConsumer("venue-"+venue, "the federation's applier of venue "+venue, "venue."+venue+".>"))
	})
	if !ok {
		return
	}
	pull(ctx, cons, func(msgs []jetstream.Msg) { applyBatch(ctx, f.Applier, venue, "venue."+venue, msgs, log) })
}

// durableConsumer is the configuration of a durable consumer of filter's
// records that are acknowledged one by one and delivered until they are.
func durableConsumer(name, description, filter string) jetstream.ConsumerConfig {
	return jetstream.ConsumerConfig{
		Durable:       name,
		Description:   description,
		FilterSubject: filter,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       30 * time.Second,
		MaxDeliver:    -1,
		MaxAckPending: 4 * batch,
		DeliverPolicy: jetstream.DeliverAllPolicy,
	}
}

// makeConsumer makes a consumer with create, trying again every second
// until it is made or ctx ends (reporting false); what names it in the
// log.
func makeConsumer(ctx context.Context, log *slog.Logger, what string, create func(context.Context) (jetstream.Consumer, error)) (jetstream.Consumer, bool) {
	for {
		cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		cons, err := create(cctx)
		cancel()
		if err == nil {
			return cons, true
		}
		log.Warn("federation: "+what+" cannot be made yet", "error", err)
		select {
		case <-ctx.Done():
			return nil, false
		case <-time.After(time.Second):
		}
	}
}

// relayTo relays the federation's changes for venue to the venue's
// consumer, made here so that the venue needs no right to make one.
func (f *Federation) relayTo(ctx context.Context, js jetstream.JetStream, venue string, log *slog.Logger) {
	if _, ok := makeConsumer(ctx, log, "the venue's consumer of the federation's changes", func(ctx context.Context) (jetstream.Consumer, error) {
		return js.CreateOrUpdateConsumer(ctx, FederationStream, durableConsumer(inboundConsumer(venue), "venue "+venue+"'s reader of the federation's changes", "federation."+venue+".>"))
	}); !ok {
		return
	}
	var wg sync.WaitGroup
	for part, outbox := range f.Outboxes {
		r := &Relay{Venue: FederationUser, Prefix: outboxPrefix(venue, part), URL: f.URL, User: f.User, Password: f.Password, Feed: outbox(venue), Logger: log, Options: f.Options}
		wg.Go(func() {
			if err := r.Run(ctx); err != nil {
				log.Error("federation: the relay of its changes to the venue stopped", "error", err, "part", part)
			}
		})
	}
	wg.Wait()
}

// outboxPrefix is where the subjects of the federation's changes for
// venue begin, of the part of them given (Federation.Outboxes).
func outboxPrefix(venue, part string) string {
	if part == "" {
		return "federation." + venue
	}
	return "federation." + venue + "." + part
}

// pull fetches from cons until ctx ends, handing each batch to apply.
func pull(ctx context.Context, cons jetstream.Consumer, apply func([]jetstream.Msg)) {
	for ctx.Err() == nil {
		// Wait for one message, then take what else has come, so that a
		// batch is applied as soon as it is there.
		got, err := fetch(cons, 1, jetstream.FetchMaxWait(time.Second))
		if err == nil && len(got) > 0 {
			var more []jetstream.Msg
			more, err = fetchNoWait(cons, batch-1)
			got = append(got, more...)
		}
		if len(got) > 0 {
			apply(got)
		}
		if err != nil {
			select {
			case <-ctx.Done():
			case <-time.After(250 * time.Millisecond):
			}
		}
	}
}

// fetch takes up to n messages from cons.
func fetch(cons jetstream.Consumer, n int, opts ...jetstream.FetchOpt) ([]jetstream.Msg, error) {
	msgs, err := cons.Fetch(n, opts...)
	if err != nil {
		return nil, err
	}
	return collect(msgs)
}

// fetchNoWait takes up to n messages from cons, of those there now.
func fetchNoWait(cons jetstream.Consumer, n int) ([]jetstream.Msg, error) {
	msgs, err := cons.FetchNoWait(n)
	if err != nil {
		return nil, err
	}
	return collect(msgs)
}

func collect(msgs jetstream.MessageBatch) ([]jetstream.Msg, error) {
	var got []jetstream.Msg
	for m := range msgs.Messages() {
		got = append(got, m)
	}
	err := msgs.Error()
	if errors.Is(err, nats.ErrTimeout) || errors.Is(err, jetstream.ErrNoMessages) {
		err = nil
	}
	return got, err
}

// feedKey names one venue's feed of an event, in one incarnation.
type feedKey struct{ incarnation, event string }

// applyBatch applies a fetched batch of source's messages, under subject
// prefix: heartbeats are recorded; records are grouped by feed, in order,
// and each group applied in one call; what is applied is acknowledged, the
// rest delivered again.
func applyBatch(ctx context.Context, a Applier, source, prefix string, msgs []jetstream.Msg, log *slog.Logger) {
	type group struct {
		changes []*typev1.Change
		msgs    []jetstream.Msg
	}
	groups := map[feedKey]*group{}
	var order []feedKey
	heard := map[feedKey]uint64{}
	for _, m := range msgs {
		event, heartbeat, ok := parseSubject(prefix, m.Subject())
		incarnation := m.Headers().Get(IncarnationHeader)
		k := feedKey{incarnation, event}
		last, _ := strconv.ParseUint(m.Headers().Get(LastHeader), 10, 64)
		if !ok || incarnation == "" {
			log.Error("federation: a venue's message names no event or incarnation; held", "subject", m.Subject())
			_ = m.NakWithDelay(10 * time.Second)
			continue
		}
		heard[k] = max(heard[k], last)
		if heartbeat {
			_ = m.Ack()
			continue
		}
		c := &typev1.Change{}
		if err := proto.Unmarshal(m.Data(), c); err != nil {
			// Unreadable: hand it on as a record without its change, so
			// that the applier holds it and says so.
			seq, _ := strconv.ParseUint(m.Headers().Get("Nats-Msg-Id")[strings.LastIndex(m.Headers().Get("Nats-Msg-Id"), ":")+1:], 10, 64)
			c = &typev1.Change{Sequence: seq, Name: "(unreadable: " + err.Error() + ")"}
		}
		g, ok := groups[k]
		if !ok {
			g = &group{}
			groups[k] = g
			order = append(order, k)
		}
		g.changes = append(g.changes, c)
		g.msgs = append(g.msgs, m)
	}
	for _, k := range order {
		g := groups[k]
		seqs := make([]uint64, len(g.changes))
		for i, c := range g.changes {
			seqs[i] = c.GetSequence()
		}
		mark, err := a.ApplyVenueChanges(ctx, source, k.incarnation, k.event, g.changes)
		if err != nil && ctx.Err() == nil {
			log.Warn("federation: a venue's record is held", "event", k.event, "applied", mark, "error", err)
		}
		for i, m := range g.msgs {
			if seqs[i] <= mark {
				_ = m.Ack()
				continue
			}
			_ = m.NakWithDelay(heldFor(m, err))
		}
	}
	for k, last := range heard {
		if err := a.VenueHeard(ctx, source, k.incarnation, k.event, last); err != nil && !errors.Is(err, context.Canceled) {
			log.Warn("federation: a venue's heartbeat not recorded", "error", err)
		}
	}
}

// heldFor is how long a record that is not applied waits to be delivered
// again: a gap briefly, since the record missing is usually on its way; a
// record refused (of an event the federation does not hold, say) a second,
// then twice as long each time, up to a minute, so that one left to mend
// for hours costs little.
func heldFor(m jetstream.Msg, refused error) time.Duration {
	if refused == nil {
		return redeliverAfter
	}
	n := uint64(1)
	if md, err := m.Metadata(); err == nil {
		n = max(md.NumDelivered, 1)
	}
	return min(time.Second<<min(n-1, 6), time.Minute)
}

// parseSubject reads the event of a subject under prefix, and whether it
// is a heartbeat.
func parseSubject(prefix, subject string) (event string, heartbeat, ok bool) {
	rest, ok := strings.CutPrefix(subject, prefix+".event.")
	if !ok {
		return "", false, false
	}
	parts := strings.Split(rest, ".")
	switch {
	case len(parts) == 2 && parts[1] == "heartbeat":
		return parts[0], true, parts[0] != ""
	case len(parts) == 4 && parts[1] == "session":
		return parts[0], false, parts[0] != ""
	}
	return "", false, false
}

// Inbound applies, at a venue, the federation's changes for it (its
// corrections of the venue's results, its board sets), read from the
// venue's durable consumer at the federation, each exactly once as the
// federation applies the venue's: the Appliers are told they come from
// "federation".
type Inbound struct {
	// Venue is the venue's id; URL, User and Password as its Relay's.
	Venue, URL, User, Password string
	// Appliers apply each part of the federation's changes, by the part
	// of their subjects that tells them apart (Federation.Outboxes).
	Appliers map[string]Applier
	Logger   *slog.Logger
	// Options are further NATS options (the federation's CA, say).
	Options []nats.Option
}

// Run applies until ctx ends, connecting and reconnecting as needed.
func (in *Inbound) Run(ctx context.Context) error {
	if err := CheckVenueID(in.Venue); err != nil {
		return err
	}
	log := in.Logger
	if log == nil {
		log = slog.Default()
	}
	nc, err := nats.Connect(in.URL, append([]nats.Option{
		nats.Name("director venue " + in.Venue + " inbound"),
		nats.UserInfo(in.User, in.Password),
		refusals(log, "check --nats-user and --nats-password, and the venue's line in the federation's --nats-venues"),
		nats.CustomInboxPrefix(InboxPrefix(in.Venue)),
		nats.RetryOnFailedConnect(true),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
		nats.PingInterval(2 * time.Second),
		nats.MaxPingsOutstanding(2),
	}, in.Options...)...)
	if err != nil {
		return fmt.Errorf("venue %s: NATS %s: %w", in.Venue, in.URL, err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	var cons jetstream.Consumer
	for {
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		cons, err = js.Consumer(cctx, FederationStream, inboundConsumer(in.Venue))
		cancel()
		if err == nil {
			break
		}
		log.Debug("venue: the federation's consumer for it is not there yet", "error", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
	}
	pull(ctx, cons, func(msgs []jetstream.Msg) {
		parts := map[string][]jetstream.Msg{}
		for _, m := range msgs {
			part := in.partOf(m.Subject())
			parts[part] = append(parts[part], m)
		}
		for part, msgs := range parts {
			a, ok := in.Appliers[part]
			if !ok {
				log.Error("venue: the federation sent changes this Director does not apply; held", "part", part, "subject", msgs[0].Subject())
				for _, m := range msgs {
					_ = m.NakWithDelay(time.Minute)
				}
				continue
			}
			applyBatch(ctx, a, FederationUser, outboxPrefix(in.Venue, part), msgs, log)
		}
	})
	return nil
}

// partOf is the part of the federation's changes a subject belongs to.
func (in *Inbound) partOf(subject string) string {
	rest := strings.TrimPrefix(subject, "federation."+in.Venue+".")
	part, _, _ := strings.Cut(rest, ".")
	if part == "event" {
		return ""
	}
	return part
}
