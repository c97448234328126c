package scoringservice

// Events are the movement service's; scoring asks it for an event's
// scoring settings over gRPC. The settings are fixed when the event is
// created, so an answer never goes stale, and scoring keeps each event it
// has read in memory rather than asking again for every result. An event
// that does not exist is not kept, so it is found once it is created.

import (
	"context"
	"sync"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// events is what scoring knows of the movement service's events.
type events struct {
	mu    sync.Mutex
	known map[string]*movementv1.Event // by name
}

// Peers names the services scoring calls: movement for events, sections
// and schedules, dealing for the deals of a PBN export.
func (s *Service) Peers() []string { return []string{"movement", "dealing"} }

// Connect gives scoring its connection to a peer.
func (s *Service) Connect(peer string, conn grpc.ClientConnInterface) {
	switch peer {
	case "movement":
		s.movement = movementv1.NewMovementServiceClient(conn)
		s.outbox.Connect(peer, conn)
	case "dealing":
		s.dealing = dealingv1.NewDealingServiceClient(conn)
	}
}

// event returns an event with its scoring settings, or NotFound. The
// caller's credentials go with the question.
func (s *Service) event(ctx context.Context, name resource.Event) (*movementv1.Event, error) {
	s.events.mu.Lock()
	e, ok := s.events.known[name.String()]
	s.events.mu.Unlock()
	if ok {
		return e, nil
	}
	if s.movement == nil {
		return nil, status.Error(codes.Unavailable, "the movement service, which keeps the events, is not connected")
	}
	resp, err := s.movement.GetEvent(platform.ForwardCredentials(ctx), &movementv1.GetEventRequest{Name: name.String()})
	if err != nil {
		return nil, platform.PeerError(err, "the event "+name.String())
	}
	s.events.mu.Lock()
	defer s.events.mu.Unlock()
	if s.events.known == nil {
		s.events.known = map[string]*movementv1.Event{}
	}
	s.events.known[name.String()] = resp.GetEvent()
	return resp.GetEvent(), nil
}

// section checks that the movement service knows a section (NotFound
// naming it otherwise); the caller's credentials go with the question. A
// section is never removed, so one known is not asked about again.
func (s *Service) section(ctx context.Context, name resource.Section) error {
	return s.checkNumbers(ctx, name, nil, nil)
}

// session checks that the movement service knows a session.
func (s *Service) session(ctx context.Context, name resource.Session) error {
	if s.movement == nil {
		return status.Error(codes.Unavailable, "the movement service, which keeps the sessions, is not connected")
	}
	_, err := s.movement.GetSession(platform.ForwardCredentials(ctx), &movementv1.GetSessionRequest{Name: name.String()})
	return platform.PeerError(err, "the session "+name.String())
}
