package gateway

// The watch of an event's changes as server-sent events. grpc-gateway
// answers a server stream (a service's WatchChanges route) with one JSON
// object a line, which a browser's EventSource cannot read and which
// follows one service; this handler, beside the mux, follows the feeds of
// several services of one event in one text/event-stream:
//
//	GET /v1/events/{event}/changes:watch[?services=scoring,movement][&since=<cursor>]
//
// Each record is an event whose data is {"service": ..., "change": ...}
// (the change as the services' routes write it) and whose id is the cursor
// of every feed followed, "movement:4,scoring:12": a browser that loses the
// connection sends it back as Last-Event-ID, and the watch resumes each
// feed where it was. A feed the cursor does not name starts after the
// caller's acknowledged record, as a WatchChanges without since does; a
// feed named with 0 starts from its beginning.
//
// The request meets the edge's checks like any other (guard), and each
// feed is a WatchChanges call over the in-process connection, so the
// interceptors check the caller's roles and events; the edge took the
// request's rate once, for all of them. When a feed's watch ends (a service
// stopping, or maxWatchTime) the stream ends after an event named error,
// and the client resumes from the last id.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
)

// WatchPath is the pattern of the route of the watch.
const WatchPath = "/v1/events/{event}/changes:watch"

const (
	// heartbeat is how often an idle watch sends a comment, so that
	// proxies and the client see the connection alive.
	heartbeat = 15 * time.Second
	// writeWindow is how long one write of the watch may take: the
	// server's write timeout is for whole answers, which a watch is not.
	writeWindow = time.Minute
	// watchBuffer is how many records of its feeds a watch holds while
	// it writes: the records of one commit are then written together.
	watchBuffer = 64
)

// feed is one service's change feed: the service's name and its
// WatchChanges method.
type feed struct {
	service string
	method  protoreflect.MethodDescriptor
}

// feedsOf finds the change feeds of the named services, running here or
// elsewhere: the WatchChanges methods of their gRPC services
// (platform.ServiceOf), found among the protos linked in.
func feedsOf(services []string) []feed {
	var out []feed
	protoregistry.GlobalFiles.RangeFiles(func(f protoreflect.FileDescriptor) bool {
		for i := range f.Services().Len() {
			sd := f.Services().Get(i)
			name := platform.ServiceOf("/" + string(sd.FullName()) + "/WatchChanges")
			if m := sd.Methods().ByName("WatchChanges"); m != nil && slices.Contains(services, name) {
				out = append(out, feed{service: name, method: m})
			}
		}
		return true
	})
	slices.SortFunc(out, func(a, b feed) int { return strings.Compare(a.service, b.service) })
	return out
}

// cursor is where a watch is in each feed it follows.
type cursor map[string]uint64

// maxCursor bounds a cursor's text: a few services, each a name and a
// number.
const maxCursor = 512

// parseCursor reads a cursor ("movement:4,scoring:12"; "" for none) of the
// services known.
func parseCursor(s string, known []feed) (cursor, error) {
	c := cursor{}
	if s == "" {
		return c, nil
	}
	if len(s) > maxCursor {
		return nil, fmt.Errorf("the cursor is %d bytes, longer than any this Director gives (%d)", len(s), maxCursor)
	}
	for part := range strings.SplitSeq(s, ",") {
		service, number, ok := strings.Cut(part, ":")
		if !ok {
			return nil, fmt.Errorf("%q is not <service>:<sequence>, such as scoring:12", part)
		}
		if !slices.ContainsFunc(known, func(f feed) bool { return f.service == service }) {
			return nil, fmt.Errorf("%q names no service with a feed here: use %s", part, feedNames(known))
		}
		if _, dup := c[service]; dup {
			return nil, fmt.Errorf("the cursor names %s twice", service)
		}
		n, err := strconv.ParseUint(number, 10, 64)
		if err != nil || strconv.FormatUint(n, 10) != number {
			return nil, fmt.Errorf("%q: the sequence must be a whole number from 0 up", part)
		}
		c[service] = n
	}
	return c, nil
}

// String writes c as parseCursor reads it, its services in order.
func (c cursor) String() string {
	var parts []string
	for service, n := range c {
		parts = append(parts, service+":"+strconv.FormatUint(n, 10))
	}
	slices.Sort(parts)
	return strings.Join(parts, ",")
}

func feedNames(feeds []feed) string {
	var names []string
	for _, f := range feeds {
		names = append(names, f.service)
	}
	return strings.Join(names, ", ")
}

// watcher serves the watch.
type watcher struct {
	conn  grpc.ClientConnInterface
	feeds []feed
	edge  *edge
}

func (wt *watcher) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", http.MethodGet)
		wt.edge.refuse(w, r, &runtime.HTTPStatusError{HTTPStatus: http.StatusMethodNotAllowed,
			Err: status.Errorf(codes.Unimplemented, "%s takes GET", r.URL.Path)})
		return
	}
	feeds, from, err := wt.request(r)
	if err != nil {
		wt.edge.refuse(w, r, err)
		return
	}
	ctx, cancel := context.WithCancel(forwarded(r))
	defer cancel()
	parent := "events/" + r.PathValue("event")
	type record struct {
		service string
		change  *typev1.Change
		err     error
	}
	records := make(chan record, watchBuffer)
	var streams []grpc.ClientStream
	for _, f := range feeds {
		stream, err := wt.open(ctx, f, parent, from)
		if err != nil {
			wt.edge.refuse(w, r, err)
			return
		}
		streams = append(streams, stream)
	}
	for i, stream := range streams {
		go func() {
			for {
				c, err := receive(stream, feeds[i].method)
				select {
				case records <- record{feeds[i].service, c, err}:
				case <-ctx.Done():
					return
				}
				if err != nil {
					return
				}
			}
		}()
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Accel-Buffering", "no") // nginx: pass each event on at once
	out := &eventWriter{w: w, rc: http.NewResponseController(w)}
	at := cursor{}
	for service, n := range from {
		at[service] = n
	}
	out.write("retry: 2000\n\n")
	out.flush()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for out.err == nil {
		select {
		case rec := <-records:
			if rec.err != nil {
				out.fail(rec.service, rec.err)
				return
			}
			at[rec.service] = rec.change.GetSequence()
			out.change(rec.service, at, rec.change)
			if len(records) == 0 {
				out.flush() // the records of one commit go out together
			}
		case <-tick.C:
			out.write(": still watching\n\n")
			out.flush()
		case <-r.Context().Done():
			return
		}
	}
}

// request reads the feeds a watch follows and where it starts.
func (wt *watcher) request(r *http.Request) ([]feed, cursor, error) {
	bad := func(field, why string) error {
		return &runtime.HTTPStatusError{HTTPStatus: http.StatusBadRequest, Err: platform.FieldError(field, why)}
	}
	if !platform.ValidID(r.PathValue("event")) {
		return nil, nil, bad("event", fmt.Sprintf("%q is not an event id: 1 to 63 of a-z, 0-9 and '-'", r.PathValue("event")))
	}
	q := r.URL.Query()
	feeds := wt.feeds
	if names := q.Get("services"); names != "" {
		feeds = nil
		for name := range strings.SplitSeq(names, ",") {
			i := slices.IndexFunc(wt.feeds, func(f feed) bool { return f.service == name })
			if i < 0 {
				return nil, nil, bad("services", fmt.Sprintf("%q has no feed here: name some of %s", name, feedNames(wt.feeds)))
			}
			if !slices.ContainsFunc(feeds, func(f feed) bool { return f.service == name }) {
				feeds = append(feeds, wt.feeds[i])
			}
		}
	}
	field, text := "since", q.Get("since")
	if id := r.Header.Get("Last-Event-ID"); id != "" {
		field, text = "Last-Event-ID", id
	}
	from, err := parseCursor(text, wt.feeds)
	if err != nil {
		return nil, nil, bad(field, err.Error())
	}
	return feeds, from, nil
}

// forwarded is the context of the calls a handler beside the mux makes for
// a request: the caller's token, its address and the mark of the rate the
// edge took, as the mux forwards them.
func forwarded(r *http.Request) context.Context {
	md := metadata.MD{}
	if a := r.Header.Get("Authorization"); a != "" {
		md.Set("authorization", a)
	}
	if call, ok := edgeCallOf(r); ok {
		md.Set("x-forwarded-for", call.client)
		if call.rateTaken {
			md.Set(platform.RateTakenHeader, "1")
		}
	}
	return metadata.NewOutgoingContext(r.Context(), md)
}

// open starts the WatchChanges call of feed f, from the cursor's place in
// it, and waits until the service accepted it (the stream's headers) or
// refused it: a watch under way sends platform.FeedSinceHeader first.
func (wt *watcher) open(ctx context.Context, f feed, parent string, from cursor) (grpc.ClientStream, error) {
	in, err := protoregistry.GlobalTypes.FindMessageByName(f.method.Input().FullName())
	if err != nil {
		return nil, status.Errorf(codes.Internal, "the request of %s is not registered", f.method.FullName())
	}
	req := in.New()
	fields := req.Descriptor().Fields()
	req.Set(fields.ByName("parent"), protoreflect.ValueOfString(parent))
	if n, ok := from[f.service]; ok {
		req.Set(fields.ByName("since"), protoreflect.ValueOfUint64(n))
	}
	method := "/" + string(f.method.Parent().FullName()) + "/" + string(f.method.Name())
	stream, err := wt.conn.NewStream(ctx, &grpc.StreamDesc{ServerStreams: true}, method)
	if err != nil {
		return nil, err
	}
	if err := stream.SendMsg(req.Interface()); err != nil {
		return nil, err
	}
	if err := stream.CloseSend(); err != nil {
		return nil, err
	}
	md, err := stream.Header()
	if err != nil {
		return nil, err
	}
	if len(md.Get(platform.FeedSinceHeader)) == 0 {
		// Refused: the stream ended without headers, and its status says
		// why.
		if _, err := receive(stream, f.method); err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
		return nil, status.Errorf(codes.Internal, "%s ended without starting", f.method.FullName())
	}
	return stream, nil
}

// receive reads the next record of a WatchChanges stream of method.
func receive(stream grpc.ClientStream, method protoreflect.MethodDescriptor) (*typev1.Change, error) {
	out, err := protoregistry.GlobalTypes.FindMessageByName(method.Output().FullName())
	if err != nil {
		return nil, status.Errorf(codes.Internal, "the answer of %s is not registered", method.FullName())
	}
	resp := out.New().Interface()
	if err := stream.RecvMsg(resp); err != nil {
		return nil, err
	}
	m := resp.ProtoReflect()
	c, ok := m.Get(m.Descriptor().Fields().ByName("change")).Message().Interface().(*typev1.Change)
	if !ok {
		return nil, status.Errorf(codes.Internal, "%s answered no change", method.FullName())
	}
	return c, nil
}

// eventWriter writes server-sent events until a write fails.
type eventWriter struct {
	w   http.ResponseWriter
	rc  *http.ResponseController
	err error
}

var changeJSON = protojson.MarshalOptions{UseProtoNames: true}

func (e *eventWriter) write(s string) {
	if e.err != nil {
		return
	}
	// The write timeout of the server is for whole answers; a watch is
	// held to one window per event instead.
	if err := e.rc.SetWriteDeadline(time.Now().Add(writeWindow)); err != nil && !errors.Is(err, http.ErrNotSupported) {
		e.err = err
		return
	}
	_, e.err = e.w.Write([]byte(s))
}

// flush sends what was written.
func (e *eventWriter) flush() {
	if e.err == nil {
		e.err = e.rc.Flush()
	}
}

// change writes one record of service's feed as an event whose id is the
// watch's cursor after it.
func (e *eventWriter) change(service string, at cursor, c *typev1.Change) {
	body, err := changeJSON.Marshal(c)
	if err != nil {
		e.fail(service, status.Errorf(codes.Internal, "encode change %d: %v", c.GetSequence(), err))
		return
	}
	e.write("id: " + at.String() + "\n" + dataLines(fmt.Sprintf(`{"service":%q,"change":%s}`, service, body)) + "\n")
}

// fail writes the event that ends a watch: named error, its data the
// service, the code and the message.
func (e *eventWriter) fail(service string, err error) {
	st := status.Convert(err)
	msg, _ := json.Marshal(st.Message())
	e.write("event: error\n" + dataLines(fmt.Sprintf(`{"service":%q,"code":%q,"message":%s}`, service, st.Code().String(), msg)) + "\n")
	e.flush()
}

// dataLines is s as the data lines of an event: one per line of s.
func dataLines(s string) string {
	var b strings.Builder
	for line := range strings.SplitSeq(s, "\n") {
		b.WriteString("data: " + line + "\n")
	}
	return b.String()
}
