// Package web serves Director's pages from the same binary as the REST API:
// the public results players open on their phones (the events, an event's
// sessions, the standings with a team event's matches, a board's traveller
// with its deal, a pair's scorecard) and the console a director runs the evening
// from. Templates and assets are embedded (html/template and a
// little plain JavaScript), so there is nothing to build.
//
// The result pages are rendered on the server from the services' own reads,
// made over the in-process connection as the visitor's request (Handler's
// forward), so that a page shows only what that caller may read: a public
// reader sees deals only after their release and a board's results only
// once every table has played it, exactly as over REST. The console is a
// page of plain JavaScript that calls the REST API with the director's
// token, so that it is held to the same roles, rates and checks as any
// other client and carries no cookie a forged form could ride on.
package web

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

//go:embed templates assets
var files embed.FS

// Server holds what the pages read with and render.
type Server struct {
	conn    grpc.ClientConnInterface
	forward func(*http.Request) context.Context
	log     *slog.Logger
	pages   map[string]*template.Template // by the file name in templates/
	kept    *keptAnswers
}

// New makes the pages' server. conn reaches the services in process;
// forward gives the context a service call made for a request carries (the
// caller's token and address, as the REST routes pass them).
func New(conn grpc.ClientConnInterface, forward func(*http.Request) context.Context, log *slog.Logger) (*Server, error) {
	s := &Server{conn: conn, forward: forward, log: log, pages: map[string]*template.Template{}, kept: newKeptAnswers()}
	names, err := fs.Glob(files, "templates/*/*.html")
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		t, err := template.New("layout.html").Funcs(funcs).ParseFS(files, "templates/layout.html", name)
		if err != nil {
			return nil, fmt.Errorf("web: template %s: %w", name, err)
		}
		s.pages[strings.TrimPrefix(name, "templates/")] = t
	}
	return s, nil
}

// Routes are the pages' patterns and their handlers, for the gateway to
// serve beside the REST routes (an http.ServeMux pattern each): "/" alone,
// the results under /events/, the console under /console, the assets.
func (s *Server) Routes() map[string]http.Handler {
	routes := map[string]http.Handler{"GET /assets/": http.HandlerFunc(s.asset)}
	s.resultRoutes(routes)
	s.consoleRoutes(routes)
	return routes
}

// Page is what every page template is given: its title, the path of the
// page above it (for the header's way back), and the page's own data.
type Page struct {
	Title string
	Up    string // the path of the page above, "" for none
	Live  string // the standings:watch path whose events refresh the page, "" when it is not live
	Data  any
}

// render writes page name (a file of templates/) with p, as status.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, name string, p Page) {
	t, ok := s.pages[name]
	if !ok {
		s.log.Error("web: no such page template", "template", name)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	var b strings.Builder
	if err := t.Execute(&b, p); err != nil {
		s.log.Error("web: rendering", "template", name, "path", r.URL.Path, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("Content-Security-Policy", contentPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		io.WriteString(w, b.String())
	}
}

// contentPolicy lets a page load only Director's own scripts, styles and
// images, and talk only to Director: no inline script runs, so text a
// player or a result file carries can never become code.
const contentPolicy = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

// fail answers a page whose read the services refused, with the status a
// person understands and the service's own message.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, context.Canceled) {
		return // the reader went away
	}
	code, title := http.StatusInternalServerError, "Something went wrong"
	st, _ := status.FromError(err)
	switch st.Code() {
	case codes.NotFound:
		code, title = http.StatusNotFound, "Not found"
	case codes.InvalidArgument, codes.OutOfRange:
		code, title = http.StatusBadRequest, "Not a page Director has"
	case codes.PermissionDenied, codes.FailedPrecondition:
		code, title = http.StatusForbidden, "Not yet to be seen"
	case codes.Unauthenticated:
		code, title = http.StatusUnauthorized, "Sign in first"
	case codes.ResourceExhausted:
		code, title = http.StatusTooManyRequests, "Too many requests"
	case codes.Unavailable, codes.DeadlineExceeded:
		code, title = http.StatusServiceUnavailable, "Director is busy"
	}
	if code == http.StatusInternalServerError {
		s.log.Error("web: page read failed", "path", r.URL.Path, "err", err)
	}
	s.render(w, r, code, "pages/error.html", Page{Title: title, Up: "/", Data: st.Message()})
}

// asset serves a file of assets/, which changes only with the binary.
func (s *Server) asset(w http.ResponseWriter, r *http.Request) {
	name := path.Clean(strings.TrimPrefix(r.URL.Path, "/"))
	if !strings.HasPrefix(name, "assets/") || strings.HasSuffix(r.URL.Path, "/") {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	http.ServeFileFS(w, r, files, name)
}

// funcs are the helpers the templates use.
var funcs = template.FuncMap{
	"join":  strings.Join,
	"lower": strings.ToLower,
	"add":   func(a, b int32) int32 { return a + b },
	"sub":   func(a, b int32) int32 { return a - b },
	// sessionNumber is N of "events/{event}/sessions/N".
	"sessionNumber": func(name string) string { return name[strings.LastIndex(name, "/")+1:] },
}
