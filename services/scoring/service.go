// Package scoringservice is Director's scoring service: the gRPC server of
// bridge.scoring.v1.ScoringService over its bbolt store, scoring.db. Its
// handlers validate, store and answer; the scoring itself is package
// github.com/bridge-director/director/scoring, whose Field keeps every
// session scored in memory (kept.go), so that reads answer from it. The
// events it scores, with their scoring settings, are the movement
// service's; those an older Director kept in scoring.db are handed to
// movement once, through the store's outbox. A session's results also go
// out as files (exports.go: USEBIO, PBN with the deals of a released board
// set, which the dealing service keeps, and CSV), and other programs'
// results files come in as new events, re-scored and compared with what
// they printed (imports.go, importfiles.go). At a table, a result is taken
// by its section's terminal settings and flagged where it stands far from
// its board's field (entry.go), confirmed by the opponents (confirm.go),
// and the table reads a board's traveller and deal only once it has played
// it, the public once every table has (tablereads.go). The players' names
// in the answers are the movement service's, kept current from its change
// feed (names.go); every change of this service is recorded in its own
// feed in its transaction (feed.go).
package scoringservice

import (
	"context"
	"crypto/rand"
	"path/filepath"
	"sync"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"

	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/platform"
)

// Service implements scoringv1.ScoringServiceServer and platform.Service.
type Service struct {
	scoringv1.UnimplementedScoringServiceServer
	store *platform.Store
	now   func() time.Time
	// movement keeps the events, their sections and schedules; nil until
	// connected.
	movement movementv1.MovementServiceClient
	// dealing keeps the deals that a PBN export carries once released; nil
	// until connected.
	dealing  dealingv1.DealingServiceClient
	events   events
	entrants entrants
	// kept holds every session's results and scored field.
	kept keptFields
	// players holds the players' names of the sections read (names.go).
	players keptNames
	// penaltyReloads makes penalty reloads one at a time.
	penaltyReloads sync.Mutex
	// venueHolds says why a venue's next record is held (venues.go).
	venueHolds venueHolds
	// outbox hands movement the events an older Director kept here.
	outbox *platform.Outbox
}

// Option configures a Service.
type Option func(*Service)

// WithClock makes the service stamp results with now instead of time.Now.
func WithClock(now func() time.Time) Option {
	return func(s *Service) { s.now = now }
}

// Open opens (or creates) scoring.db in dataDir and returns the service.
func Open(dataDir string, opts ...Option) (*Service, error) {
	s := &Service{now: time.Now, kept: keptFields{run: rand.Text()[:8]}}
	for _, o := range opts {
		o(s)
	}
	store, err := platform.OpenStore(filepath.Join(dataDir, "scoring.db"), migrations, platform.WithClock(s.now))
	if err != nil {
		return nil, err
	}
	s.store = store
	if err := s.load(); err != nil {
		store.Close()
		return nil, err
	}
	s.outbox = platform.NewOutbox(store, "scoring", s.settle)
	return s, nil
}

// Name is the service's name in health checks and logs.
func (s *Service) Name() string { return "scoring" }

// RegisterGRPC registers the service on a gRPC server or the in-process
// connection.
func (s *Service) RegisterGRPC(g grpc.ServiceRegistrar) { scoringv1.RegisterScoringServiceServer(g, s) }

// RegisterRoutes registers the service's REST routes, and the downloads
// of exported results, which call conn.
// It needs no opened service: a gateway in front of a service that runs
// in another process registers them too.
func RegisterRoutes(ctx context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error {
	client := scoringv1.NewScoringServiceClient(conn)
	if err := scoringv1.RegisterScoringServiceHandlerClient(ctx, mux, client); err != nil {
		return err
	}
	return registerResultDownloads(mux, client)
}

// RegisterGateway registers the REST routes (RegisterRoutes).
func (s *Service) RegisterGateway(ctx context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error {
	return RegisterRoutes(ctx, mux, conn)
}

// Close stops the outbox (what it has not delivered goes at the next start)
// and closes the store.
func (s *Service) Close() error {
	s.outbox.Close()
	return s.store.Close()
}

func cloneResult(r *scoringv1.Result) *scoringv1.Result {
	return proto.Clone(r).(*scoringv1.Result)
}
