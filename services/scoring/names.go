package scoringservice

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// The names of the players in standings, travellers and scorecards are the
// movement service's: each section's entrants name their players, and they
// change when a section is made, a pair comes late or withdraws, or a table
// names a pair's players. The service keeps the names of the sections it has
// read, and before each read asks movement's change feed of the event what
// changed since (one call, which answers nothing while nothing changed);
// only the sections a record names are read again. The feed's sequence goes
// into the version of the answer, so a client holding an answer with the
// names as they were is not told it is current once they change. A movement
// service that will not show this one its feed (a peer reached without
// mutual TLS) is asked for the sections at every read instead, and their
// revisions make the version. The same reads of a section give how many of
// its tables play each board, which a public read of a traveller waits for
// (publicMayRead).

// sectionNames are the players' names of a read's sections, by section and
// entrant number, how many tables play each board, and the part of the
// answer's version they give.
type sectionNames struct {
	bySection map[string]map[int32][]string
	// plays is how many tables each section's movement seats on each
	// board, by section letters (nil for a section without a movement).
	plays   map[string]map[int32]int
	version string
}

// of returns the names of an entrant of a section; nil when it names none.
func (n sectionNames) of(section string, entrant int32) []string {
	return n.bySection[section][entrant]
}

// keptNames are the names of the sections read, by event.
type keptNames struct {
	mu     sync.Mutex
	events map[string]*eventNames
}

// eventNames are an event's names as of movement's feed record seen.
type eventNames struct {
	mu       sync.Mutex
	seen     uint64
	sessions map[string][]string     // the section letters of each session read, by its name
	sections map[string]sectionFacts // what each section read says, by its name
}

// sectionFacts are a section's players' names by entrant, and how many of
// its tables play each board (nil without a movement).
type sectionFacts struct {
	names map[int32][]string
	plays map[int32]int
}

func (k *keptNames) event(id string) *eventNames {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.events == nil {
		k.events = map[string]*eventNames{}
	}
	e := k.events[id]
	if e == nil {
		e = &eventNames{sessions: map[string][]string{}, sections: map[string]sectionFacts{}}
		k.events[id] = e
	}
	return e
}

// names returns the names of the entrants of a session's section, or of
// every section of the session when section is "". A session the movement
// service does not know has none.
func (s *Service) names(ctx context.Context, event resource.Event, session int32, section string) (sectionNames, error) {
	out := sectionNames{bySection: map[string]map[int32][]string{}, plays: map[string]map[int32]int{}}
	if s.movement == nil {
		return out, status.Error(codes.Unavailable, "the movement service, which keeps the entrants, is not connected")
	}
	e := s.players.event(event.Event)
	e.mu.Lock()
	defer e.mu.Unlock()
	kept := true
	switch err := s.catchUp(ctx, event, e); status.Code(err) {
	case codes.OK:
	case codes.Unauthenticated, codes.PermissionDenied:
		// A movement service that does not take this one's identity (a
		// peer reached without mutual TLS): the names are read afresh,
		// and their sections' revisions make the version.
		kept = false
		clear(e.sessions)
		clear(e.sections)
	default:
		return out, err
	}
	ctx = platform.ForwardCredentials(ctx)
	var revisions strings.Builder
	letters := []string{section}
	if section == "" {
		name := resource.Session{Event: event.Event, Session: session}.String()
		known, ok := e.sessions[name]
		if !ok {
			got, err := s.movement.GetSession(ctx, &movementv1.GetSessionRequest{Name: name})
			if status.Code(err) == codes.NotFound {
				return out, nil
			}
			if err != nil {
				return out, platform.PeerError(err, "the session "+name)
			}
			known = got.GetSession().GetSections()
			if kept {
				e.sessions[name] = known
			}
		}
		letters = known
	}
	for _, letter := range letters {
		name := resource.Section{Event: event.Event, Session: session, Section: letter}.String()
		facts, ok := e.sections[name]
		if !ok {
			got, err := s.movement.GetSection(ctx, &movementv1.GetSectionRequest{Name: name})
			if err != nil {
				return out, platform.PeerError(err, "the section "+name)
			}
			entrants := got.GetSection().GetEntrants()
			s.entrants.learn(name, entrants)
			fmt.Fprintf(&revisions, ".%s%d", letter, got.GetSection().GetRevision())
			facts = sectionFacts{names: map[int32][]string{}}
			for _, en := range entrants {
				for _, p := range en.GetPlayers() {
					facts.names[en.GetNumber()] = append(facts.names[en.GetNumber()], p.GetName())
				}
				if len(en.GetPlayers()) == 0 && en.GetName() != "" {
					facts.names[en.GetNumber()] = []string{en.GetName()} // a team known by its name
				}
			}
			if mv := got.GetSection().GetMovement(); mv != nil {
				facts.plays = map[int32]int{}
				for _, st := range mv.GetSeatings() {
					if st.GetNs() == 0 || st.GetEw() == 0 || st.GetLowBoard() == 0 {
						continue // a sit-out
					}
					for b := st.GetLowBoard(); b <= st.GetHighBoard(); b++ {
						facts.plays[b]++
					}
				}
			}
			if kept {
				e.sections[name] = facts
			}
		}
		out.bySection[letter] = facts.names
		out.plays[letter] = facts.plays
	}
	out.version = fmt.Sprintf(".m%d", e.seen)
	if !kept {
		out.version = revisions.String()
	}
	return out, nil
}

// catchUp reads movement's feed of the event after the last record e has
// seen, and forgets the sessions and sections the new records change.
func (s *Service) catchUp(ctx context.Context, event resource.Event, e *eventNames) error {
	ctx = platform.WithServiceIdentity(ctx, "scoring", "")
	for token := ""; ; {
		since := e.seen
		got, err := s.movement.ListChanges(ctx, &movementv1.ListChangesRequest{Parent: event.String(), Since: &since, PageSize: 1000, PageToken: token})
		if err != nil {
			return platform.PeerError(err, "the change feed of "+event.String())
		}
		for _, c := range got.GetChanges() {
			e.forget(c)
			e.seen = max(e.seen, c.GetSequence())
		}
		if token = got.GetNextPageToken(); token == "" {
			return nil
		}
	}
}

// forget drops what a change of movement's makes stale: a new section
// changes its session's letters; a new movement, a late or withdrawn pair
// or players named at a table change their section's entrants.
func (e *eventNames) forget(c *typev1.Change) {
	name := c.GetName()
	switch c.GetKind() {
	case typev1.ChangeKind_CHANGE_KIND_SECTION_CREATED:
		if session, _, ok := strings.Cut(name, "/sections/"); ok {
			delete(e.sessions, session)
		}
		delete(e.sections, name)
	case typev1.ChangeKind_CHANGE_KIND_MOVEMENT_SET, typev1.ChangeKind_CHANGE_KIND_MOVEMENT_CHANGED,
		typev1.ChangeKind_CHANGE_KIND_ENTRANT_ADDED, typev1.ChangeKind_CHANGE_KIND_ENTRANT_WITHDRAWN,
		typev1.ChangeKind_CHANGE_KIND_PLAYERS_ENTERED:
		section, _, _ := strings.Cut(name, "/tables/")
		delete(e.sections, section)
	}
}
