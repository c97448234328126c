package gateway

// Live standings, for the scoreboard on the wall and the players' phones
// while a session is played, as server-sent events:
//
//	GET /v1/events/{event}/standings:watch[?session=1][&section=A][&page_size=100]
//
// The first event, named standings, is the page GET .../standings answers
// for the same query; another follows whenever the standings change. The
// caller's own first read checks its roles and the event, session and
// section as the plain read does. After it, one poller a query (however many
// follow it) asks the scoring service every livePoll whether the version of
// those standings moved, telling it the version held
// (platform.HeldVersionsHeader), so an unchanged field costs the service a
// version check and builds nothing; a change is encoded once and sent to
// every viewer of the query. The poller reads as the public does (the
// field as last rescored); a viewer that came with a token is asked for
// again with it before each update (a read of one standing, whose answer is
// dropped), so that a table's device stops
// getting the ranking when its section hides it in the last rounds, and a
// revoked code stops getting anything: such a viewer's stream then ends with
// an event named error. A viewer that cannot keep up skips to the newest
// standings.

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/platform"
)

// LiveStandingsPath is the pattern of the route of the live standings.
const LiveStandingsPath = "/v1/events/{event}/standings:watch"

// livePoll is how often a followed query asks whether its standings moved:
// a scoreboard a second behind is on time.
var livePoll = time.Second

// liveStandings serves the live standings.
type liveStandings struct {
	scoring scoringv1.ScoringServiceClient
	edge    *edge
	encode  runtime.Marshaler
	log     *slog.Logger

	mu     sync.Mutex
	boards map[string]*board
}

// board is one query's standings as last read, and whoever follows them.
type board struct {
	req     *scoringv1.GetStandingsRequest
	version string
	viewers map[chan update]bool
	stop    context.CancelFunc
}

// update is the standings sent to a viewer: their encoding and version.
type update struct {
	body    []byte
	version string
}

func (ls *liveStandings) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", http.MethodGet)
		ls.edge.refuse(w, r, &runtime.HTTPStatusError{HTTPStatus: http.StatusMethodNotAllowed,
			Err: status.Errorf(codes.Unimplemented, "%s takes GET", r.URL.Path)})
		return
	}
	req, err := standingsQuery(r)
	if err != nil {
		ls.edge.refuse(w, r, &runtime.HTTPStatusError{HTTPStatus: http.StatusBadRequest, Err: err})
		return
	}
	var md metadata.MD
	first, err := ls.scoring.GetStandings(forwarded(r), req, grpc.Header(&md))
	if err != nil {
		ls.edge.refuse(w, r, err)
		return
	}
	body, err := ls.encode.Marshal(first)
	if err != nil {
		ls.edge.refuse(w, r, status.Errorf(codes.Internal, "encode the standings: %v", err))
		return
	}
	// The poller reads as the public: only the public's version is one it
	// can hold (a director reads the field as it is this moment, in
	// versions of its own).
	seed := versionOf(md)
	if r.Header.Get("Authorization") != "" {
		seed = ""
	}
	updates, leave := ls.follow(req, seed)
	defer leave()

	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Accel-Buffering", "no")
	out := &eventWriter{w: w, rc: http.NewResponseController(w)}
	out.write("retry: 2000\n\n")
	out.write("event: standings\n" + dataLines(string(body)) + "\n")
	out.flush()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for out.err == nil {
		select {
		case u := <-updates:
			if err := ls.mayRead(r, req); err != nil {
				out.fail("scoring", err)
				return
			}
			out.write("event: standings\n" + dataLines(string(u.body)) + "\n")
			out.flush()
		case <-tick.C:
			out.write(": still watching\n\n")
			out.flush()
		case <-r.Context().Done():
			return
		}
	}
}

// mayRead asks the scoring service whether the caller of r, when it came
// with a token, may still read the standings of req: the poller's read was
// the public's. It reads one standing, so that the check costs little
// whatever the page.
func (ls *liveStandings) mayRead(r *http.Request, req *scoringv1.GetStandingsRequest) error {
	if r.Header.Get("Authorization") == "" {
		return nil
	}
	check := &scoringv1.GetStandingsRequest{Event: req.GetEvent(), Session: req.GetSession(), Section: req.GetSection(), PageSize: 1}
	_, err := ls.scoring.GetStandings(forwarded(r), check)
	return err
}

// standingsQuery reads the standings a request follows, as the plain read
// takes them.
func standingsQuery(r *http.Request) (*scoringv1.GetStandingsRequest, error) {
	event := r.PathValue("event")
	if !platform.ValidID(event) {
		return nil, platform.FieldError("event", fmt.Sprintf("%q is not an event id: 1 to 63 of a-z, 0-9 and '-'", event))
	}
	req := &scoringv1.GetStandingsRequest{Event: "events/" + event}
	q := r.URL.Query()
	for key := range q {
		if key != "session" && key != "section" && key != "page_size" {
			return nil, platform.FieldError(key, "the live standings take session, section and page_size")
		}
	}
	for _, n := range []struct {
		field string
		into  *int32
	}{{"session", &req.Session}, {"page_size", &req.PageSize}} {
		if text := q.Get(n.field); text != "" {
			v, err := strconv.ParseInt(text, 10, 32)
			if err != nil {
				return nil, platform.FieldError(n.field, fmt.Sprintf("%q is not a whole number", text))
			}
			*n.into = int32(v)
		}
	}
	req.Section = strings.ToUpper(q.Get("section"))
	return req, nil
}

// follow adds a viewer to the board of req, starting its poller when it is
// the first, and returns the viewer's updates and how it leaves.
func (ls *liveStandings) follow(req *scoringv1.GetStandingsRequest, version string) (<-chan update, func()) {
	key := fmt.Sprintf("%s|%d|%s|%d", req.GetEvent(), req.GetSession(), req.GetSection(), req.GetPageSize())
	updates := make(chan update, 1)
	ls.mu.Lock()
	defer ls.mu.Unlock()
	b := ls.boards[key]
	if b == nil {
		ctx, stop := context.WithCancel(context.Background())
		b = &board{req: req, version: version, viewers: map[chan update]bool{}, stop: stop}
		if ls.boards == nil {
			ls.boards = map[string]*board{}
		}
		ls.boards[key] = b
		go ls.poll(ctx, b)
	}
	b.viewers[updates] = true
	return updates, func() {
		ls.mu.Lock()
		defer ls.mu.Unlock()
		delete(b.viewers, updates)
		if len(b.viewers) == 0 {
			b.stop()
			delete(ls.boards, key)
		}
	}
}

// poll asks every livePoll whether b's standings moved, and sends every
// viewer the new ones when they did.
func (ls *liveStandings) poll(ctx context.Context, b *board) {
	tick := time.NewTicker(livePoll)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
		case <-ctx.Done():
			return
		}
		ls.mu.Lock()
		held := b.version
		ls.mu.Unlock()
		var md metadata.MD
		resp, err := ls.scoring.GetStandings(metadata.AppendToOutgoingContext(ctx, platform.HeldVersionsHeader, held), b.req, grpc.Header(&md))
		if err != nil {
			// Held results (PermissionDenied) are asked for again quietly:
			// the viewers keep what they have until they are published.
			if ctx.Err() == nil && status.Code(err) != codes.PermissionDenied {
				ls.log.Warn("the live standings cannot be read; asking again", "event", b.req.GetEvent(), "error", err)
			}
			continue
		}
		version := versionOf(md)
		if version == held && version != "" {
			continue
		}
		body, err := ls.encode.Marshal(resp)
		if err != nil {
			ls.log.Error("the live standings cannot be encoded", "event", b.req.GetEvent(), "error", err)
			continue
		}
		ls.mu.Lock()
		b.version = version
		for viewer := range b.viewers {
			select { // a viewer behind skips to the newest
			case <-viewer:
			default:
			}
			viewer <- update{body, version}
		}
		ls.mu.Unlock()
	}
}

// versionOf is the version a read named (platform.VersionHeader), "" for
// none.
func versionOf(md metadata.MD) string {
	if v := md.Get(platform.VersionHeader); len(v) == 1 {
		return v[0]
	}
	return ""
}
