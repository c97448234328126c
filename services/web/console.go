package web

import "net/http"

// consoleRoutes are the director's console: one page of plain JavaScript
// that signs in with a director token and runs the event over the REST API.
func (s *Server) consoleRoutes(routes map[string]http.Handler) {
	routes["GET /console"] = http.HandlerFunc(s.console)
	routes["GET /console/"] = http.HandlerFunc(s.console)
}

// console serves the console's page; its script reads the path and draws
// the view it names.
func (s *Server) console(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusOK, "console/console.html", Page{Title: "Director console", Up: "/"})
}
