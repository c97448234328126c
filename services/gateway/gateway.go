// Package gateway is Director's REST facade. Its handler serves the routes
// grpc-gateway generates from proto/http.yaml by calling the services over
// the in-process gRPC connection, so that a REST call passes the same
// interceptors as a gRPC call (mux.go: how bodies are read, how errors and
// wrong routes are answered, which headers pass as metadata); before that,
// every request meets the checks of the edge, which cost nothing for an
// unknown caller, a caller over its rate or an oversized body (edge.go); a
// read whose service names the version of its answer is sent with an ETag,
// answered 304 to a client that holds it, and its encoding kept for the
// next reader (conditional.go); beside the routes it serves the watch of
// an event's change feeds as server-sent events (watch.go), the live
// standings (livestandings.go), the web pages (package web), and the OpenAPI
// description of every route and file download, in Swagger 2.0 and in
// OpenAPI 3.0, generated from the protos by .ci/generate.
// platform.Serve runs it on the HTTP listener (Options.Handler).
package gateway

import (
	"context"
	_ "embed"
	"fmt"
	"net/http"
	"slices"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/web"
)

// DefaultMaxBody caps a REST request body (Options.MaxBody, --max-body).
// The largest request Director takes, a SquareDeal file or a section of
// entrants, is a few kilobytes.
const DefaultMaxBody = 1 << 20

// Options say how the REST facade reads requests and whom it answers.
type Options struct {
	// MaxBody caps a request body in bytes (default DefaultMaxBody).
	MaxBody int64
	// Origins are the origins whose pages may call the REST API from a
	// browser ("https://club.example.org"); none means same origin only.
	Origins []string
	// Routes registers the REST routes of each service, by its name
	// ("scoring"), without the opened service: the facade serves the routes
	// of the services that run elsewhere (platform.Backend.Elsewhere) from
	// it. A service that runs here and is not in it registers its routes
	// itself (Routed).
	Routes map[string]RouteFunc
}

// RouteFunc registers the REST routes of one service on mux, calling the
// service over conn (the services' RegisterRoutes).
type RouteFunc func(ctx context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error

// Routed is a service with REST routes: it registers them on mux, calling
// the service over conn. Every Director service has them.
type Routed interface {
	RegisterGateway(ctx context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error
}

// Handler builds the REST facade of the services b serves and of those it
// reaches elsewhere, for platform.Config.REST: the routes of each service,
// /healthz, and the OpenAPI descriptions at OpenAPIPath and OpenAPI3Path,
// behind the checks of the edge. The edge checks tokens and takes rates
// with the authenticator of the interceptors, so that a caller has one
// rate over REST and gRPC; a call to a service elsewhere carries the
// caller's token, and the mark of the rate taken, to it.
//
// /healthz answers the health of this process (grpc.health.v1 service "",
// or the one ?service= names): SERVING once the services running here are
// ready. A gateway that runs alone is SERVING as soon as it listens; it
// does not ask its peers, which have health checks of their own, so that
// a peer down does not take the gateway's pages for the others with it.
func (o Options) Handler(ctx context.Context, b platform.Backend) (http.Handler, error) {
	maxBody := o.MaxBody
	if maxBody <= 0 {
		maxBody = DefaultMaxBody
	}
	e := &edge{auth: b.Auth, maxBody: maxBody, log: b.Logger}
	e.mux = newMux(b.Conn, e)
	for _, s := range b.Services {
		register := o.Routes[s.Name()]
		if register == nil {
			routed, ok := s.(Routed)
			if !ok {
				return nil, fmt.Errorf("gateway: %s has no REST routes", s.Name())
			}
			register = routed.RegisterGateway
		}
		if err := register(ctx, e.mux, b.Conn); err != nil {
			return nil, fmt.Errorf("gateway: routes of %s: %w", s.Name(), err)
		}
	}
	for _, name := range b.Elsewhere {
		register := o.Routes[name]
		if register == nil {
			return nil, fmt.Errorf("gateway: %s runs elsewhere and the gateway does not know its REST routes", name)
		}
		if err := register(ctx, e.mux, b.Conn); err != nil {
			return nil, fmt.Errorf("gateway: routes of %s: %w", name, err)
		}
	}
	names := slices.Sorted(slices.Values(append(serviceNames(b.Services), b.Elsewhere...)))
	root := http.NewServeMux()
	root.Handle("/", e.mux)
	root.Handle(OpenAPIPath, OpenAPI())
	root.Handle(OpenAPI3Path, OpenAPI3())
	pages, err := web.New(b.Conn, forwarded, b.Logger)
	if err != nil {
		return nil, err
	}
	for route, h := range pages.Routes() {
		root.Handle(route, h)
	}
	root.Handle(WatchPath, &watcher{conn: b.Conn, feeds: feedsOf(names), edge: e})
	if slices.Contains(names, "scoring") {
		root.Handle(LiveStandingsPath, &liveStandings{scoring: scoringv1.NewScoringServiceClient(b.Conn), edge: e, encode: restJSON(), log: b.Logger})
	}
	// The guard comes first, so a CORS preflight is held to its caller's
	// rate like any other request.
	return e.guard(withCORS(root, o.Origins)), nil
}

func serviceNames(services []platform.Service) []string {
	names := make([]string, len(services))
	for i, s := range services {
		names[i] = s.Name()
	}
	return names
}

// Streams are the routes the gateway serves beside the mux, for the
// OpenAPI description (cmd/openapi): the watch of an event's feeds and the
// live standings, both server-sent events.
func Streams() []platform.Download {
	return []platform.Download{
		{
			Pattern:   WatchPath,
			Operation: "WatchEventChanges",
			Summary:   "Follow an event's change feeds as server-sent events",
			Description: "Each record of the feeds followed is an event whose data is {\"service\": ..., \"change\": ...} and whose id is the cursor " +
				"of every feed (\"movement:4,scoring:12\"), which a client sends back as Last-Event-ID to resume. The event's directors, scorers and the federation read it.",
			ContentTypes: []string{"text/event-stream"},
			Query: []platform.Parameter{
				{Name: "services", Description: "The feeds to follow, comma-separated (scoring, movement, rulings, dealing); all when left out."},
				{Name: "since", Description: "Where to start: a cursor such as scoring:12,movement:0; a feed it does not name starts after the caller's acknowledgement."},
			},
			Answer: "Server-sent events, one a record, until the watch ends (an event named error says why and where to resume).",
		},
		{
			Pattern:      LiveStandingsPath,
			Method:       scoringv1.ScoringService_GetStandings_FullMethodName,
			Variant:      "Live",
			Summary:      "Follow the standings as they change",
			Description:  "An event named standings carrying the page GET .../standings answers, at once and again within a second of any change.",
			ContentTypes: []string{"text/event-stream"},
			Query: []platform.Parameter{
				{Name: "session", Description: "The session number, 1 when left out."},
				{Name: "section", Description: "One section's standings; the session's when left out."},
				{Name: "page_size", Description: "At most this many standings, as for the standings."},
			},
			Answer: "Server-sent events named standings, until the caller may no longer read them (an event named error says why).",
		},
	}
}

var (
	//go:embed director.swagger.json
	swagger []byte
	//go:embed director.openapi3.json
	openAPI3 []byte
)

// OpenAPIPath serves the OpenAPI description in Swagger 2.0, and
// OpenAPI3Path the same description in OpenAPI 3.0 (both written by
// .ci/generate, cmd/openapi).
const (
	OpenAPIPath  = "/openapi.json"
	OpenAPI3Path = "/openapi3.json"
)

// OpenAPI serves the Swagger 2.0 description of the REST API.
func OpenAPI() http.Handler { return description(swagger) }

// OpenAPI3 serves the OpenAPI 3.0 description of the REST API.
func OpenAPI3() http.Handler { return description(openAPI3) }

func description(doc []byte) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "use GET", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(doc)
	})
}
