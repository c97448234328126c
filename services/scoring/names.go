package scoringservice

import (
	"context"
	"fmt"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// The names of the players in standings, travellers and scorecards are the
// movement service's: each section's entrants name their players, and a
// section's revision counts every change of its entrants (a late pair,
// players named at the table). A read asks for the sections it answers
// about, and the revisions go into the version of its answer, so that a
// client holding an answer with the names as they were is not told it is
// current once they change.

// sectionNames are the players' names of a read's sections, by section and
// entrant number, with the part of the answer's version they give.
type sectionNames struct {
	bySection map[string]map[int32][]string
	version   string
}

// of returns the names of an entrant of a section; nil when it names none.
func (n sectionNames) of(section string, entrant int32) []string {
	return n.bySection[section][entrant]
}

// names reads the names of the entrants of a session's section, or of
// every section of the session when section is "". A session the movement
// service does not know has none.
func (s *Service) names(ctx context.Context, event resource.Event, session int32, section string) (sectionNames, error) {
	out := sectionNames{bySection: map[string]map[int32][]string{}}
	if s.movement == nil {
		return out, status.Error(codes.Unavailable, "the movement service, which keeps the entrants, is not connected")
	}
	ctx = platform.ForwardCredentials(ctx)
	letters := []string{section}
	if section == "" {
		name := resource.Session{Event: event.Event, Session: session}.String()
		got, err := s.movement.GetSession(ctx, &movementv1.GetSessionRequest{Name: name})
		if status.Code(err) == codes.NotFound {
			return out, nil
		}
		if err != nil {
			return out, platform.PeerError(err, "the session "+name)
		}
		letters = got.GetSession().GetSections()
	}
	var version strings.Builder
	for _, letter := range letters {
		name := resource.Section{Event: event.Event, Session: session, Section: letter}.String()
		got, err := s.movement.GetSection(ctx, &movementv1.GetSectionRequest{Name: name})
		if err != nil {
			return out, platform.PeerError(err, "the section "+name)
		}
		entrants := got.GetSection().GetEntrants()
		s.entrants.learn(name, entrants)
		byNumber := map[int32][]string{}
		for _, e := range entrants {
			for _, p := range e.GetPlayers() {
				byNumber[e.GetNumber()] = append(byNumber[e.GetNumber()], p.GetName())
			}
		}
		out.bySection[letter] = byNumber
		fmt.Fprintf(&version, ".%s%d", letter, got.GetSection().GetRevision())
	}
	out.version = version.String()
	return out, nil
}
