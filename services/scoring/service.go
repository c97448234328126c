// Package scoring is Director's scoring service: the gRPC server of
// bridge.scoring.v1.ScoringService over its bbolt store, scoring.db. Its
// handlers validate, store and answer; the scoring itself is package
// github.com/bridge-director/director/scoring.
package scoring

import (
	"context"
	"path/filepath"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/platform"
)

// Service implements scoringv1.ScoringServiceServer and platform.Service.
type Service struct {
	scoringv1.UnimplementedScoringServiceServer
	store *platform.Store
	now   func() time.Time
	// movement answers the schedule of a section; nil when scoring runs
	// without it (results are then not checked against a schedule).
	movement movementv1.MovementServiceClient
}

// Option configures a Service.
type Option func(*Service)

// WithClock makes the service stamp results with now instead of time.Now.
func WithClock(now func() time.Time) Option {
	return func(s *Service) { s.now = now }
}

// Open opens (or creates) scoring.db in dataDir and returns the service.
func Open(dataDir string, opts ...Option) (*Service, error) {
	s := &Service{now: time.Now}
	for _, o := range opts {
		o(s)
	}
	store, err := platform.OpenStore(filepath.Join(dataDir, "scoring.db"), migrations, platform.WithClock(s.now))
	if err != nil {
		return nil, err
	}
	s.store = store
	return s, nil
}

// Name is the service's name in health checks and logs.
func (s *Service) Name() string { return "scoring" }

// RegisterGRPC registers the service on a gRPC server.
func (s *Service) RegisterGRPC(g *grpc.Server) { scoringv1.RegisterScoringServiceServer(g, s) }

// RegisterGateway registers the service's REST routes, which call conn.
func (s *Service) RegisterGateway(ctx context.Context, mux *runtime.ServeMux, conn *grpc.ClientConn) error {
	return scoringv1.RegisterScoringServiceHandler(ctx, mux, conn)
}

// Close closes the store.
func (s *Service) Close() error { return s.store.Close() }

// CreateEvent creates a scored event.
func (s *Service) CreateEvent(ctx context.Context, req *scoringv1.CreateEventRequest) (*scoringv1.CreateEventResponse, error) {
	id := req.GetEventId()
	if _, err := parseEventName("event_id", "events/"+id); err != nil {
		return nil, err
	}
	e := proto.Clone(req.GetEvent()).(*scoringv1.Event)
	if e == nil {
		e = &scoringv1.Event{}
	}
	if e.Form == scoringv1.Form_FORM_UNSPECIFIED {
		return nil, platform.FieldError("event.form", "say how the event is scored: FORM_MATCHPOINTS, FORM_CROSS_IMPS, FORM_BUTLER, FORM_TEAMS_VP or FORM_TEAMS_POINT_A_BOARD")
	}
	if _, ok := scoringv1.Form_name[int32(e.Form)]; !ok {
		return nil, platform.FieldError("event.form", "unknown form of scoring")
	}
	if _, ok := scoringv1.Profile_name[int32(e.Profile)]; !ok {
		return nil, platform.FieldError("event.profile", "unknown regulation profile: use PROFILE_WBF, PROFILE_ACBL or PROFILE_EBU")
	}
	if e.Profile == scoringv1.Profile_PROFILE_UNSPECIFIED {
		e.Profile = scoringv1.Profile_PROFILE_WBF
	}
	if len(e.Title) > 200 {
		return nil, platform.FieldError("event.title", "a title is at most 200 characters")
	}
	e.Name = "events/" + id
	e.CreateTime = timestamppb.New(s.now())
	resp := &scoringv1.CreateEventResponse{}
	err := s.store.Mutate(ctx, scoringv1.ScoringService_CreateEvent_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		if _, ok, err := getEvent(tx, id); err != nil || ok {
			if ok {
				return platform.AlreadyExists("event "+e.Name+" already exists", nil)
			}
			return err
		}
		if err := platform.PutMessage(tx.Bucket(bucketEvents), []byte(id), e); err != nil {
			return err
		}
		resp.Event = e
		return nil
	})
	return resp, err
}

// GetEvent returns one scored event.
func (s *Service) GetEvent(ctx context.Context, req *scoringv1.GetEventRequest) (*scoringv1.GetEventResponse, error) {
	id, err := parseEventName("name", req.GetName())
	if err != nil {
		return nil, err
	}
	var e *scoringv1.Event
	err = s.store.View(func(tx *bbolt.Tx) error {
		e, err = mustEvent(tx, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &scoringv1.GetEventResponse{Event: e}, nil
}

// mustEvent reads an event or answers NotFound.
func mustEvent(tx *bbolt.Tx, id string) (*scoringv1.Event, error) {
	e, ok, err := getEvent(tx, id)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, platform.NotFound("event", "events/"+id)
	}
	return e, nil
}

func cloneResult(r *scoringv1.Result) *scoringv1.Result {
	return proto.Clone(r).(*scoringv1.Result)
}
