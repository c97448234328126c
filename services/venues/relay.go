package venues

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// Headers of a venue's messages.
const (
	IncarnationHeader = "Director-Incarnation"
	LastHeader        = "Director-Last"
)

// Feed is a venue's change feed as its relay reads it.
type Feed interface {
	// Incarnation is the id of the store's incarnation.
	Incarnation() (string, error)
	// FeedEvents lists the events that have a feed.
	FeedEvents() ([]string, error)
	// FeedChanged is closed at the next commit of a change of any event.
	FeedChanged() <-chan struct{}
	// ChangesAfter reads a page of event's feed after sequence after, and
	// the feed's last sequence.
	ChangesAfter(ctx context.Context, event string, after uint64) ([]*typev1.Change, uint64, error)
	// Relayed is the relay's cursor of event's feed: every record up to
	// it is acknowledged by the federation.
	Relayed(event string) (uint64, error)
	// SetRelayed moves the cursor of event's feed to seq.
	SetRelayed(ctx context.Context, event string, seq uint64) error
}

// OnlyEvents is feed with only the events given: what a venue is sent of
// the federation's feeds of every event.
func OnlyEvents(feed Feed, events []string) Feed { return onlyEvents{feed, events} }

type onlyEvents struct {
	Feed
	events []string
}

func (o onlyEvents) FeedEvents() ([]string, error) {
	all, err := o.Feed.FeedEvents()
	var out []string
	for _, e := range all {
		if slices.Contains(o.events, e) {
			out = append(out, e)
		}
	}
	return out, err
}

// Relay publishes a venue's feed to the federation.
type Relay struct {
	// Venue is the venue's id.
	Venue string
	// Prefix is where its subjects begin (default venue.<Venue>); the
	// federation's relay of its changes for venue V publishes under
	// federation.V.
	Prefix string
	// URL is the federation's NATS ("nats://host:4222").
	URL string
	// User and Password are the venue's NATS credentials.
	User, Password string
	Feed           Feed
	// Heartbeat is how often the relay says how far its feeds go while
	// they do not change (default 2s).
	Heartbeat time.Duration
	// AckWait bounds the wait for a publish acknowledgement (default 5s).
	AckWait time.Duration
	Logger  *slog.Logger
	// Options are further NATS options (the federation's CA, say).
	Options []nats.Option
}

// heartbeatTTL is how long the federation's stream keeps a heartbeat.
const heartbeatTTL = time.Minute

// window is how many records the relay publishes before it waits for
// their acknowledgements.
const window = 256

// Run relays until ctx ends. It connects, and reconnects, for as long as it
// runs: while the federation cannot be reached, the records wait in the
// venue's feed.
func (r *Relay) Run(ctx context.Context) error {
	if err := CheckVenueID(r.Venue); err != nil {
		return err
	}
	if r.Heartbeat <= 0 {
		r.Heartbeat = 2 * time.Second
	}
	if r.AckWait <= 0 {
		r.AckWait = 5 * time.Second
	}
	log := r.Logger
	if log == nil {
		log = slog.Default()
	}
	log = log.With("venue", r.Venue, "federation", r.URL)
	incarnation, err := r.Feed.Incarnation()
	if err != nil {
		return err
	}
	// The relay waits for the link rather than queueing records behind
	// it: a publish while cut off fails at once (no reconnect buffer), and
	// the relay tries again as soon as the link is back.
	reconnected := make(chan struct{}, 1)
	nc, err := nats.Connect(r.URL, append([]nats.Option{
		nats.Name("director venue " + r.Venue),
		nats.UserInfo(r.User, r.Password),
		nats.CustomInboxPrefix(InboxPrefix(r.Venue)),
		nats.RetryOnFailedConnect(true),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
		nats.ReconnectJitter(100*time.Millisecond, time.Second),
		nats.PingInterval(2 * time.Second),
		nats.MaxPingsOutstanding(2),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil { // nil: the relay closed the connection itself
				log.Warn("cut off from the federation; records wait in the feed", "error", err)
			}
		}),
		refusals(log, "check --nats-user and --nats-password, and the venue's line in the federation's --nats-venues"),
		nats.ReconnectBufSize(-1),
		nats.ReconnectHandler(func(*nats.Conn) {
			log.Info("connected to the federation again")
			select {
			case reconnected <- struct{}{}:
			default:
			}
		}),
	}, r.Options...)...)
	if err != nil {
		return fmt.Errorf("venue %s: NATS %s: %w", r.Venue, r.URL, err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc, jetstream.WithPublishAsyncMaxPending(window), jetstream.WithPublishAsyncTimeout(r.AckWait))
	if err != nil {
		return err
	}
	beat := time.NewTicker(r.Heartbeat)
	defer beat.Stop()
	retry := 250 * time.Millisecond
	for {
		changed := r.Feed.FeedChanged()
		moved, err := r.relayAll(ctx, js, incarnation)
		if ctx.Err() != nil {
			return nil
		}
		wait := changed
		if err != nil {
			log.Debug("relay waits to publish again", "error", err)
			t := time.NewTimer(retry)
			retry = min(2*retry, 2*time.Second)
			select {
			case <-ctx.Done():
				t.Stop()
				return nil
			case <-t.C:
			case <-reconnected:
				t.Stop()
			}
			continue
		}
		retry = 250 * time.Millisecond
		if moved {
			continue
		}
		select {
		case <-ctx.Done():
			return nil
		case <-wait:
		case <-beat.C:
			r.heartbeats(ctx, js, incarnation)
		}
	}
}

// relayAll publishes what each event's feed holds past the cursor, and
// says whether any cursor moved.
func (r *Relay) relayAll(ctx context.Context, js jetstream.JetStream, incarnation string) (bool, error) {
	events, err := r.Feed.FeedEvents()
	if err != nil {
		return false, err
	}
	moved := false
	for _, event := range events {
		n, err := r.relayEvent(ctx, js, incarnation, event)
		if err != nil {
			return moved, err
		}
		moved = moved || n
	}
	return moved, nil
}

// relayEvent publishes a page of event's feed after the cursor, waits for
// the acknowledgements, and moves the cursor over the records acknowledged
// without a gap.
func (r *Relay) relayEvent(ctx context.Context, js jetstream.JetStream, incarnation, event string) (bool, error) {
	cursor, err := r.Feed.Relayed(event)
	if err != nil {
		return false, err
	}
	changes, last, err := r.Feed.ChangesAfter(ctx, event, cursor)
	if err != nil || len(changes) == 0 {
		return false, err
	}
	if len(changes) > window {
		changes = changes[:window]
	}
	futures := make([]jetstream.PubAckFuture, 0, len(changes))
	for _, c := range changes {
		m, err := r.message(incarnation, event, c, last)
		if err != nil {
			return false, err
		}
		f, err := js.PublishMsgAsync(m, jetstream.WithMsgID(MsgID(r.source(), incarnation, event, c.GetSequence())), jetstream.WithExpectStream(r.stream()))
		if err != nil {
			break
		}
		futures = append(futures, f)
	}
	acked := cursor
	var failed error
	timeout := time.NewTimer(r.AckWait + time.Second)
	defer timeout.Stop()
wait:
	for i, f := range futures {
		select {
		case <-f.Ok():
			// Only records acknowledged without a gap move the cursor.
			if changes[i].GetSequence() == acked+1 {
				acked++
			}
		case err := <-f.Err():
			failed = cmp.Or(failed, err)
		case <-timeout.C:
			failed = fmt.Errorf("no acknowledgement within %s", r.AckWait)
			break wait
		case <-ctx.Done():
			return false, ctx.Err()
		}
	}
	if acked > cursor {
		if err := r.Feed.SetRelayed(context.WithoutCancel(ctx), event, acked); err != nil {
			return false, err
		}
	}
	if failed == nil && len(futures) < len(changes) {
		failed = fmt.Errorf("published %d of %d records", len(futures), len(changes))
	}
	return acked > cursor, failed
}

// message is the NATS message of record c of event's feed.
func (r *Relay) message(incarnation, event string, c *typev1.Change, last uint64) (*nats.Msg, error) {
	data, err := proto.Marshal(c)
	if err != nil {
		return nil, err
	}
	m := nats.NewMsg(subject(r.prefix(), event, c))
	m.Data = data
	m.Header.Set(IncarnationHeader, incarnation)
	m.Header.Set(LastHeader, strconv.FormatUint(last, 10))
	return m, nil
}

// heartbeats says, for each event, how far the venue's feed goes.
func (r *Relay) heartbeats(ctx context.Context, js jetstream.JetStream, incarnation string) {
	events, err := r.Feed.FeedEvents()
	if err != nil {
		return
	}
	for _, event := range events {
		cursor, err := r.Feed.Relayed(event)
		if err != nil {
			continue
		}
		_, last, err := r.Feed.ChangesAfter(ctx, event, cursor)
		if err != nil {
			continue
		}
		m := nats.NewMsg(r.prefix() + ".event." + event + ".heartbeat")
		m.Header.Set(IncarnationHeader, incarnation)
		m.Header.Set(LastHeader, strconv.FormatUint(last, 10))
		pctx, cancel := context.WithTimeout(ctx, r.AckWait)
		_, err = js.PublishMsg(pctx, m, jetstream.WithExpectStream(r.stream()), jetstream.WithRetryAttempts(0), jetstream.WithMsgTTL(heartbeatTTL))
		cancel()
		if err != nil {
			return
		}
	}
}

func (r *Relay) prefix() string {
	if r.Prefix != "" {
		return r.Prefix
	}
	return "venue." + r.Venue
}

// source names the relay's records in their message ids.
func (r *Relay) source() string {
	if r.Prefix != "" {
		return r.Prefix
	}
	return r.Venue
}

// stream is the stream the relay's subjects go to.
func (r *Relay) stream() string {
	if strings.HasPrefix(r.prefix(), "federation.") {
		return FederationStream
	}
	return Stream
}

// MsgID is the Nats-Msg-Id of a venue's record.
func MsgID(venue, incarnation, event string, seq uint64) string {
	return venue + ":" + incarnation + ":" + event + ":" + strconv.FormatUint(seq, 10)
}

// Subject is the subject of record c of a venue's feed of event.
func Subject(venue, event string, c *typev1.Change) string {
	return subject("venue."+venue, event, c)
}

// subject is the subject of record c of event's feed under prefix.
func subject(prefix, event string, c *typev1.Change) string {
	session := "0"
	if rest, ok := strings.CutPrefix(c.GetName(), "events/"+event+"/sessions/"); ok {
		session, _, _ = strings.Cut(rest, "/")
	}
	kind := strings.ToLower(strings.TrimPrefix(c.GetKind().String(), "CHANGE_KIND_"))
	return prefix + ".event." + event + ".session." + session + "." + kind
}

// refusals is the option that logs what the federation's NATS refuses the
// connection (a wrong password, a subject not allowed), at most every half
// minute: without it a venue given a wrong password would wait in silence,
// trying again four times a second.
func refusals(log *slog.Logger, check string) nats.Option {
	var mu sync.Mutex
	var last time.Time
	refused := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if time.Since(last) < 30*time.Second {
			return
		}
		last = time.Now()
		log.Error("the federation's NATS refuses this connection: "+check, "error", err)
	}
	return func(o *nats.Options) error {
		o.AsyncErrorCB = func(_ *nats.Conn, _ *nats.Subscription, err error) { refused(err) }
		// A try to connect again that is refused says so; one that finds
		// the federation down is waited out.
		o.ReconnectErrCB = func(_ *nats.Conn, err error) {
			if errors.Is(err, nats.ErrAuthorization) || errors.Is(err, nats.ErrAuthExpired) || errors.Is(err, nats.ErrPermissionViolation) {
				refused(err)
			}
		}
		return nil
	}
}
