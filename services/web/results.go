package web

import (
	"net/http"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
)

// resultRoutes are the public pages: the list of events at /, and each
// event's results under /events/{event}.
func (s *Server) resultRoutes(routes map[string]http.Handler) {
	routes["GET /{$}"] = http.HandlerFunc(s.events)
	routes["GET /events/{event}"] = http.HandlerFunc(s.event)
	routes["GET /events/{event}/standings"] = http.HandlerFunc(s.standings)
	routes["GET /events/{event}/boards/{board}"] = http.HandlerFunc(s.traveller)
	routes["GET /events/{event}/sections/{section}/boards/{board}"] = http.HandlerFunc(s.traveller)
	routes["GET /events/{event}/sections/{section}/pairs/{pair}"] = http.HandlerFunc(s.scorecard)
}

// events lists the events, newest first as the service lists them, a page
// at a time (?page=<token>).
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	resp, err := movementv1.NewMovementServiceClient(s.conn).ListEvents(s.forward(r), &movementv1.ListEventsRequest{
		PageSize: 100, PageToken: r.URL.Query().Get("page"),
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "results/events.html", Page{Title: "Events", Data: resp})
}
