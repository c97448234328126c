package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// eventPage is what the event's page shows: the event and its sessions.
type eventPage struct {
	ID       string
	Event    *movementv1.Event
	Sessions []*movementv1.Session
}

// event shows an event and its sessions, each with links to its standings
// overall and by section.
func (s *Server) event(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("event")
	ctx := s.forward(r)
	mv := movementv1.NewMovementServiceClient(s.conn)
	ev, err := mv.GetEvent(ctx, &movementv1.GetEventRequest{Name: "events/" + id})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sessions, err := mv.ListSessions(ctx, &movementv1.ListSessionsRequest{Parent: "events/" + id, PageSize: 100})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "results/event.html", Page{Title: or(ev.Event.Title, id), Up: "/",
		Data: eventPage{ID: id, Event: ev.Event, Sessions: sessions.Sessions}})
}

// standingsPage is what the standings page shows: the standings of one
// session, overall or of one section, split by direction when North-South
// and East-West are ranked apart.
type standingsPage struct {
	ID          string
	Session     int32
	Section     string
	Form        scoringv1.Form
	Groups      []standingsGroup
	Problems    []*scoringv1.BoardProblem
	NextPage    string // the link to the next page ("?session=1&page=..."), "" on the last
	Matchpoints bool
	Teams       *teamsView // a team event's: its matches on the first page
	// Provisional says that a venue of a many-venue event has not
	// finalised the session yet.
	Provisional bool
}

type standingsGroup struct {
	Caption string
	Rows    []*scoringv1.Standing
}

// standings shows a session's standings: ?session=N (1 when not given),
// &section=X for one section, &page= for the next page of a large field.
func (s *Server) standings(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("event")
	q := r.URL.Query()
	session, ok := s.number(w, r, "/events/"+id, "session", q.Get("session"), 1)
	if !ok {
		return
	}
	section := q.Get("section")
	resp, err := readKept(s, s.forward(r), r, &scoringv1.GetStandingsRequest{
		Event: "events/" + id, Session: session, Section: section, PageSize: 100, PageToken: q.Get("page"),
	}, scoringv1.NewScoringServiceClient(s.conn).GetStandings)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p := standingsPage{ID: id, Session: session, Section: section, Problems: resp.Problems,
		Matchpoints: resp.Form == scoringv1.Form_FORM_MATCHPOINTS, Provisional: resp.Provisional}
	p.Groups = groupByDirection(resp.Standings)
	if resp.Form == scoringv1.Form_FORM_TEAMS_VP || resp.Form == scoringv1.Form_FORM_TEAMS_POINT_A_BOARD {
		var matches []*scoringv1.TeamMatch
		if q.Get("page") == "" {
			got, err := readKept(s, s.forward(r), r, &scoringv1.ListMatchesRequest{
				Event: "events/" + id, Session: session, Section: section,
			}, scoringv1.NewScoringServiceClient(s.conn).ListMatches)
			if err != nil {
				s.fail(w, r, err)
				return
			}
			matches = got.Matches
		}
		p.Teams = newTeamsView(resp.Form, resp.Standings, matches)
	}
	if resp.NextPageToken != "" {
		next := url.Values{"session": {strconv.Itoa(int(session))}, "page": {resp.NextPageToken}}
		if section != "" {
			next.Set("section", section)
		}
		p.NextPage = "?" + next.Encode()
	}
	title := fmt.Sprintf("Standings, session %d", session)
	if section != "" {
		title += ", section " + section
	}
	live := "/v1" + strings.Replace(standingsPath(id, session, section), "/standings?", "/standings:watch?", 1)
	s.render(w, r, http.StatusOK, "results/standings.html", Page{Title: title, Up: "/events/" + id, Live: live, Data: p})
}

// groupByDirection splits standings into North-South and East-West when
// they are ranked apart, keeping the service's order within each.
func groupByDirection(rows []*scoringv1.Standing) []standingsGroup {
	var ns, ew, one []*scoringv1.Standing
	for _, st := range rows {
		switch st.Direction {
		case typev1.Side_SIDE_NORTH_SOUTH:
			ns = append(ns, st)
		case typev1.Side_SIDE_EAST_WEST:
			ew = append(ew, st)
		default:
			one = append(one, st)
		}
	}
	var groups []standingsGroup
	if len(one) > 0 {
		groups = append(groups, standingsGroup{Caption: "Standings", Rows: one})
	}
	if len(ns) > 0 {
		groups = append(groups, standingsGroup{Caption: "North-South", Rows: ns})
	}
	if len(ew) > 0 {
		groups = append(groups, standingsGroup{Caption: "East-West", Rows: ew})
	}
	return groups
}

// or is a, or b when a is empty.
func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
