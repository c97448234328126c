// Package movementservice is Director's movement service: the gRPC server of
// bridge.movement.v1.MovementService over its bbolt store, movement.db. It
// keeps events with their scoring settings, their sessions and sections with
// their entrants, and the movements of package
// github.com/bridge-director/director/movement they play, which makes and
// changes them and answers who sits where; the service converts, checks,
// stores, and keeps each section's schedule in memory for the questions
// asked while it is played (see schedules.go). It also keeps the codes of
// the tables' devices, which every service checks through it
// (tabletokens.go), and of the devices that follow a pair from table to
// table (pairtokens.go), and each section's terminal settings, which a device
// reads with its round (terminalsettings.go); the federation's player
// registry that entrants name their players from (players.go), and the
// players a table enters for a round (tableplayers.go). Every change is
// recorded in the service's change feed in its transaction (feed.go).
package movementservice

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// Service implements movementv1.MovementServiceServer and platform.Service.
type Service struct {
	movementv1.UnimplementedMovementServiceServer
	store     *platform.Store
	now       func() time.Time
	schedules schedules
	// federation queues the registry's changes, and the events and
	// sessions created, for the venues (venues.go).
	federation atomic.Bool
}

// Option configures a Service.
type Option func(*Service)

// WithClock makes the service stamp its records with now.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// Open opens (or creates) movement.db in dataDir and returns the service.
func Open(dataDir string, opts ...Option) (*Service, error) {
	s := &Service{now: time.Now}
	for _, o := range opts {
		o(s)
	}
	store, err := platform.OpenStore(filepath.Join(dataDir, "movement.db"), migrations, platform.WithClock(s.now))
	if err != nil {
		return nil, err
	}
	s.store = store
	return s, nil
}

// Name is the service's name in health checks and logs.
func (s *Service) Name() string { return "movement" }

// RegisterGRPC registers the service on a gRPC server or the in-process
// connection.
func (s *Service) RegisterGRPC(g grpc.ServiceRegistrar) {
	movementv1.RegisterMovementServiceServer(g, s)
}

// RegisterRoutes registers the REST routes and the card downloads.
// It needs no opened service: a gateway in front of a service that runs
// in another process registers them too.
func RegisterRoutes(ctx context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error {
	client := movementv1.NewMovementServiceClient(conn)
	if err := movementv1.RegisterMovementServiceHandlerClient(ctx, mux, client); err != nil {
		return err
	}
	return registerDownloads(mux, client)
}

// RegisterGateway registers the REST routes (RegisterRoutes).
func (s *Service) RegisterGateway(ctx context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error {
	return RegisterRoutes(ctx, mux, conn)
}

// Close closes the store.
func (s *Service) Close() error { return s.store.Close() }

// CreateSession creates a session of an event.
func (s *Service) CreateSession(ctx context.Context, req *movementv1.CreateSessionRequest) (*movementv1.CreateSessionResponse, error) {
	event, err := resource.ParseEvent("parent", req.GetParent())
	if err != nil {
		return nil, err
	}
	if n := req.GetSessionId(); n < 1 || n > resource.MaxSession {
		return nil, platform.FieldError("session_id", fmt.Sprintf("session %d is outside 1 to %d", n, resource.MaxSession))
	}
	session := &movementv1.Session{
		Name:      resource.Session{Event: event.Event, Session: req.GetSessionId()}.String(),
		Title:     req.GetSession().GetTitle(),
		StartTime: req.GetSession().GetStartTime(),
	}
	if err := titleLine("session.title", session.Title); err != nil {
		return nil, err
	}
	resp := &movementv1.CreateSessionResponse{}
	err = s.store.Mutate(ctx, movementv1.MovementService_CreateSession_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		if _, err := mustEvent(tx, event.String()); err != nil {
			return err
		}
		if ok, err := get(tx, bucketSessions, session.Name, &movementv1.Session{}); err != nil || ok {
			if ok {
				return platform.AlreadyExists(session.Name+" already exists", nil)
			}
			return err
		}
		resp.Session = platform.SetETag(proto.Clone(session).(*movementv1.Session))
		if err := put(tx, bucketSessions, session.Name, session); err != nil {
			return err
		}
		if err := s.store.AppendChange(tx, platform.Change{Kind: typev1.ChangeKind_CHANGE_KIND_SESSION_CREATED, Name: session.Name, By: platform.CallerName(ctx), Resource: resp.Session}); err != nil {
			return err
		}
		return s.eventToVenues(tx, event.Event, typev1.ChangeKind_CHANGE_KIND_SESSION_CREATED, session.Name, session, platform.CallerName(ctx))
	})
	return resp, err
}

// GetSession returns a session with the letters of its sections.
func (s *Service) GetSession(ctx context.Context, req *movementv1.GetSessionRequest) (*movementv1.GetSessionResponse, error) {
	if _, err := resource.ParseSession("name", req.GetName()); err != nil {
		return nil, err
	}
	resp := &movementv1.GetSessionResponse{}
	err := s.store.View(func(tx *bbolt.Tx) (err error) {
		if resp.Session, err = mustSession(tx, req.GetName()); err == nil {
			resp.Session.Sections = sectionsOf(tx, req.GetName())
			platform.SetETag(resp.Session)
		}
		return err
	})
	return resp, err
}

// ListSessions lists an event's sessions in order, each with its sections,
// a page at a time. A session's place in the list is its number.
func (s *Service) ListSessions(ctx context.Context, req *movementv1.ListSessionsRequest) (*movementv1.ListSessionsResponse, error) {
	if _, err := resource.ParseEvent("parent", req.GetParent()); err != nil {
		return nil, err
	}
	page, err := platform.ReadPage(req)
	if err != nil {
		return nil, err
	}
	resp := &movementv1.ListSessionsResponse{}
	err = s.store.View(func(tx *bbolt.Tx) error {
		var sessions []*movementv1.Session
		prefix := []byte(req.GetParent() + "/sessions/")
		c := tx.Bucket(bucketSessions).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			session := &movementv1.Session{}
			if err := platform.DecodeMessage(c.Bucket(), string(bucketSessions), k, v, session); err != nil {
				return err
			}
			sessions = append(sessions, session)
		}
		// Names sort as text ("10" before "2"); people want session order.
		slices.SortFunc(sessions, func(a, b *movementv1.Session) int { return cmp.Compare(sessionNumber(a), sessionNumber(b)) })
		for _, session := range sessions {
			key := platform.Uint64Key(uint64(sessionNumber(session)))
			if page.Skip(key) {
				continue
			}
			session.Sections = sectionsOf(tx, session.GetName())
			if !page.Add(key, session) {
				break
			}
			resp.Sessions = append(resp.Sessions, platform.SetETag(session))
		}
		return nil
	})
	resp.NextPageToken = page.NextToken()
	return resp, err
}

func sessionNumber(s *movementv1.Session) int32 {
	n, _ := resource.ParseSession("name", s.GetName())
	return n.Session
}

// CreateSection creates a section of a session with its entrants.
func (s *Service) CreateSection(ctx context.Context, req *movementv1.CreateSectionRequest) (*movementv1.CreateSectionResponse, error) {
	session, err := resource.ParseSession("parent", req.GetParent())
	if err != nil {
		return nil, err
	}
	if !platform.ValidSection(req.GetSectionId()) {
		return nil, platform.FieldError("section_id", fmt.Sprintf("%q is not a section: use 1 to 8 capital letters or digits, such as A", req.GetSectionId()))
	}
	entrants, err := checkEntrants(req.GetSection().GetEntrants())
	if err != nil {
		return nil, err
	}
	name := resource.Section{Event: session.Event, Session: session.Session, Section: req.GetSectionId()}
	section := &movementv1.Section{Name: name.String(), Entrants: entrants, Revision: 1}
	resp := &movementv1.CreateSectionResponse{}
	written := false // a retried request is answered without writing
	err = s.store.Mutate(ctx, movementv1.MovementService_CreateSection_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		written = false
		if _, err := mustSession(tx, req.GetParent()); err != nil {
			return err
		}
		for i, e := range req.GetSection().GetEntrants() { // named as the request lists them
			stored := section.Entrants[slices.IndexFunc(section.Entrants, func(s *movementv1.Entrant) bool { return s.GetNumber() == e.GetNumber() })]
			if err := namePlayers(tx, fmt.Sprintf("section.entrants[%d]", i), stored); err != nil {
				return err
			}
		}
		if ok, err := get(tx, bucketSections, section.Name, &movementv1.Section{}); err != nil || ok {
			if ok {
				return platform.AlreadyExists(section.Name+" already exists", nil)
			}
			return err
		}
		resp.Section = platform.SetETag(proto.Clone(section).(*movementv1.Section))
		if err := put(tx, bucketSections, section.Name, section); err != nil {
			return err
		}
		written = true
		return s.store.AppendChange(tx, platform.Change{Kind: typev1.ChangeKind_CHANGE_KIND_SECTION_CREATED, Name: section.Name, By: platform.CallerName(ctx), Resource: resp.Section})
	})
	if err == nil && written {
		s.schedules.keep(section)
	}
	return resp, err
}

// checkEntrants checks a section's entrants and orders them by number.
func checkEntrants(in []*movementv1.Entrant) ([]*movementv1.Entrant, error) {
	if len(in) < 2 || len(in) > resource.MaxEntrants {
		return nil, platform.FieldError("section.entrants", fmt.Sprintf("%d entrants: a section has 2 to %d", len(in), resource.MaxEntrants))
	}
	seen := map[int32]bool{}
	out := make([]*movementv1.Entrant, len(in))
	for i, e := range in {
		field := fmt.Sprintf("section.entrants[%d]", i)
		if err := checkEntrant(field, e); err != nil {
			return nil, err
		}
		if seen[e.GetNumber()] {
			return nil, platform.FieldError(field+".number", fmt.Sprintf("number %d is given twice", e.GetNumber()))
		}
		seen[e.GetNumber()] = true
		out[i] = &movementv1.Entrant{Number: e.GetNumber(), Name: e.GetName(), Players: copyPlayers(e), FromRound: 1}
	}
	slices.SortFunc(out, func(a, b *movementv1.Entrant) int { return cmp.Compare(a.GetNumber(), b.GetNumber()) })
	return out, nil
}

func checkEntrant(field string, e *movementv1.Entrant) error {
	switch {
	case e.GetNumber() < 1 || e.GetNumber() > resource.MaxEntrant:
		return platform.FieldError(field+".number", fmt.Sprintf("%d is outside 1 to %d", e.GetNumber(), resource.MaxEntrant))
	case len(e.GetName()) > resource.MaxName:
		return platform.FieldError(field+".name", fmt.Sprintf("a name is at most %d bytes", resource.MaxName))
	case len(e.GetPlayers()) > resource.MaxPlayers:
		return platform.FieldError(field+".players", fmt.Sprintf("at most %d players", resource.MaxPlayers))
	}
	if err := oneLine(field+".name", e.GetName()); err != nil {
		return err
	}
	for j, p := range e.GetPlayers() {
		if len(p.GetName()) > resource.MaxName || len(p.GetMemberNumber()) > resource.MaxName {
			return platform.FieldError(fmt.Sprintf("%s.players[%d]", field, j), fmt.Sprintf("names and member numbers are at most %d bytes", resource.MaxName))
		}
		if err := oneLine(fmt.Sprintf("%s.players[%d].name", field, j), p.GetName()); err != nil {
			return err
		}
	}
	return nil
}

// titleLine refuses a title or a venue in field that is not one line of at
// most resource.MaxTitle bytes.
func titleLine(field, text string) error {
	if len(text) > resource.MaxTitle {
		return platform.FieldError(field, fmt.Sprintf("at most %d bytes, and this is %d", resource.MaxTitle, len(text)))
	}
	return oneLine(field, text)
}

// oneLine refuses a name or title with a line break or another control
// character in field: it is printed on one line, in PBN tags, CSV cells
// and cards.
func oneLine(field, text string) error {
	if strings.ContainsFunc(text, unicode.IsControl) {
		return platform.FieldError(field, fmt.Sprintf("%q has a line break or another control character: it is one line", text))
	}
	return nil
}

// copyPlayers copies an entrant's players, so that naming them from the
// registry leaves the request as it came.
func copyPlayers(e *movementv1.Entrant) []*movementv1.Player {
	out := make([]*movementv1.Player, len(e.GetPlayers()))
	for i, p := range e.GetPlayers() {
		out[i] = &movementv1.Player{Name: p.GetName(), MemberNumber: p.GetMemberNumber()}
	}
	return out
}

// GetSection returns a section.
func (s *Service) GetSection(ctx context.Context, req *movementv1.GetSectionRequest) (*movementv1.GetSectionResponse, error) {
	section, err := s.section("name", req.GetName())
	if err != nil {
		return nil, err
	}
	platform.SetETag(section) // the etag of the whole, numbers or not
	hideMemberNumbers(ctx, section.GetName(), section.GetEntrants()...)
	return &movementv1.GetSectionResponse{Section: section}, nil
}

// section reads a section named in field.
// eventOf reads the event a section belongs to.
func (s *Service) eventOf(section resource.Section) (*movementv1.Event, error) {
	var event *movementv1.Event
	err := s.store.View(func(tx *bbolt.Tx) (err error) {
		event, err = mustEvent(tx, section.Parent().Parent().String())
		return err
	})
	return event, err
}

func (s *Service) section(field, name string) (*movementv1.Section, error) {
	if _, err := resource.ParseSection(field, name); err != nil {
		return nil, err
	}
	var section *movementv1.Section
	err := s.store.View(func(tx *bbolt.Tx) (err error) {
		section, err = mustSection(tx, name)
		return err
	})
	return section, err
}
