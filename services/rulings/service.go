// Package rulingsservice is Director's rulings service: the gRPC server of
// bridge.rulings.v1.RulingsService over its bbolt store, rulings.db. It
// records director calls, asks package
// github.com/bridge-director/director/rulings what the Laws require, keeps
// the ruling with its citations, and sends adjusted scores and penalties to
// the scoring service over its gRPC client, through the store's outbox: an
// applied ruling and its calls to scoring are written in one transaction and
// delivered until scoring takes them.
package rulingsservice

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/bridge-director/director/bridge"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/rulings"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// Service implements rulingsv1.RulingsServiceServer and platform.Service.
type Service struct {
	rulingsv1.UnimplementedRulingsServiceServer
	store *platform.Store
	now   func() time.Time
	// scoring takes the adjusted scores, movement knows the sections calls
	// are made in; nil until connected.
	scoring  scoringv1.ScoringServiceClient
	movement movementv1.MovementServiceClient
	// outbox delivers applied rulings to scoring.
	outbox *platform.Outbox
}

// Option configures a Service.
type Option func(*Service)

// WithClock makes the service stamp its records with now.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// Open opens (or creates) rulings.db in dataDir and returns the service.
func Open(dataDir string, opts ...Option) (*Service, error) {
	s := &Service{now: time.Now}
	for _, o := range opts {
		o(s)
	}
	store, err := platform.OpenStore(filepath.Join(dataDir, "rulings.db"), migrations, platform.WithClock(s.now))
	if err != nil {
		return nil, err
	}
	s.store = store
	s.outbox = platform.NewOutbox(store, "rulings", s.settle)
	return s, nil
}

// Name is the service's name in health checks and logs.
func (s *Service) Name() string { return "rulings" }

// RegisterGRPC registers the service on a gRPC server or the in-process
// connection.
func (s *Service) RegisterGRPC(g grpc.ServiceRegistrar) { rulingsv1.RegisterRulingsServiceServer(g, s) }

// RegisterRoutes registers the REST routes.
// It needs no opened service: a gateway in front of a service that runs
// in another process registers them too.
func RegisterRoutes(ctx context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error {
	return rulingsv1.RegisterRulingsServiceHandlerClient(ctx, mux, rulingsv1.NewRulingsServiceClient(conn))
}

// RegisterGateway registers the REST routes (RegisterRoutes).
func (s *Service) RegisterGateway(ctx context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error {
	return RegisterRoutes(ctx, mux, conn)
}

// Close stops delivering to scoring (what is not delivered yet goes at the
// next start) and closes the store.
func (s *Service) Close() error {
	s.outbox.Close()
	return s.store.Close()
}

// Peers names the services rulings calls.
func (s *Service) Peers() []string { return []string{"movement", "scoring"} }

// Connect gives rulings its connection to a peer.
func (s *Service) Connect(peer string, conn grpc.ClientConnInterface) {
	switch peer {
	case "movement":
		s.movement = movementv1.NewMovementServiceClient(conn)
	case "scoring":
		s.scoring = scoringv1.NewScoringServiceClient(conn)
		s.outbox.Connect(peer, conn)
	}
}

// tableOf refuses a call in a section the movement service does not know,
// or, once the section has a movement, on a board the call's table does
// not play in its round, and returns the pairs the schedule seats there (0
// and 0 before there is a movement). It asks with the caller's
// credentials, so a table's device reads its own table.
func (s *Service) tableOf(ctx context.Context, section resource.Section, call *rulingsv1.DirectorCall) (ns, ew int32, err error) {
	if s.movement == nil {
		return 0, 0, status.Error(codes.Unavailable, "the movement service, which keeps the sections, is not connected")
	}
	ctx = platform.ForwardCredentials(ctx)
	round, err := s.movement.GetTableRound(ctx, &movementv1.GetTableRoundRequest{Section: section.String(), Table: call.GetTable(), Round: call.GetRound()})
	if status.Code(err) == codes.FailedPrecondition {
		// No movement yet: the section is all there is to check.
		_, err = s.movement.GetSection(ctx, &movementv1.GetSectionRequest{Name: section.String()})
		return 0, 0, platform.PeerError(err, "the section "+section.String())
	}
	if err != nil {
		return 0, 0, platform.PeerError(err, fmt.Sprintf("table %d in round %d of %s", call.GetTable(), call.GetRound(), section))
	}
	seat := round.GetSeating()
	if b := call.GetBoard(); b < seat.GetLowBoard() || b > seat.GetHighBoard() {
		return 0, 0, platform.FieldError("call.board", fmt.Sprintf("table %d plays boards %d to %d in round %d, not board %d", call.GetTable(), seat.GetLowBoard(), seat.GetHighBoard(), call.GetRound(), b))
	}
	return seat.GetNs(), seat.GetEw(), nil
}

// Policy says which roles may call each method, which request fields name
// the calls and sections it acts on, and at which table a call is made: the
// director rules; anyone at the table may call the director.
func (s *Service) Policy() platform.Policy {
	const (
		director = platform.RoleDirector
		scorer   = platform.RoleScorer
		terminal = platform.RoleTerminal
	)
	roles := func(r ...platform.Role) []platform.Role { return r }
	return platform.Policy{
		rulingsv1.RulingsService_OpenCall_FullMethodName: {
			Roles:     roles(director, terminal),
			Resources: []string{"parent", "call.name", "call.result", "call.penalty"},
			Table:     &platform.TableRef{Parent: "parent", Number: "call.table", Round: "call.round"},
		},
		rulingsv1.RulingsService_GetCall_FullMethodName:   {Roles: roles(director, scorer), Resources: []string{"name"}},
		rulingsv1.RulingsService_ListCalls_FullMethodName: {Roles: roles(director, scorer), Resources: []string{"parent"}},
		rulingsv1.RulingsService_Rule_FullMethodName:      {Roles: roles(director), Resources: []string{"name"}},
		rulingsv1.RulingsService_ApplyRuling_FullMethodName: {
			Roles:     roles(director),
			Resources: []string{"name", "procedural_penalty.name", "procedural_penalty.ruling"},
		},
		rulingsv1.RulingsService_RecordAppeal_FullMethodName:       {Roles: roles(director), Resources: []string{"name"}},
		rulingsv1.RulingsService_ContinueAuction_FullMethodName:    {Roles: roles(director), Resources: []string{"name"}},
		rulingsv1.RulingsService_ListChanges_FullMethodName:        platform.FeedRule(),
		rulingsv1.RulingsService_AcknowledgeChanges_FullMethodName: platform.FeedRule(),
		rulingsv1.RulingsService_WatchChanges_FullMethodName:       platform.FeedRule(),
	}
}

// Store is the service's store.
func (s *Service) Store() *platform.Store { return s.store }

// OpenCall records a director call.
func (s *Service) OpenCall(ctx context.Context, req *rulingsv1.OpenCallRequest) (*rulingsv1.OpenCallResponse, error) {
	section, err := resource.ParseSection("parent", req.GetParent())
	if err != nil {
		return nil, err
	}
	in := req.GetCall()
	var v []platform.FieldViolation
	for _, n := range []struct {
		field      string
		value, max int32
	}{{"call.table", in.GetTable(), resource.MaxTable}, {"call.round", in.GetRound(), resource.MaxRound}, {"call.board", in.GetBoard(), resource.MaxBoard}} {
		if n.value < 1 || n.value > n.max {
			v = append(v, platform.FieldViolation{Field: n.field, Description: fmt.Sprintf("%d is outside 1 to %d", n.value, n.max)})
		}
	}
	if in.GetCalledBy() != 0 {
		if _, ok := bridgepb.SeatFrom(in.GetCalledBy()); !ok {
			v = append(v, platform.FieldViolation{Field: "call.called_by", Description: "not a seat at the table"})
		}
	}
	if len(in.GetDescription()) > resource.MaxText {
		v = append(v, platform.FieldViolation{Field: "call.description", Description: fmt.Sprintf("at most %d bytes", resource.MaxText)})
	}
	if _, err := parseAuction(in.GetAuction(), in.GetBoard()); err != nil && in.GetAuction() != "" {
		v = append(v, platform.FieldViolation{Field: "call.auction", Description: err.Error()})
	}
	if len(v) > 0 {
		return nil, platform.FieldErrors(v...)
	}
	call := &rulingsv1.DirectorCall{
		Table: in.GetTable(), Round: in.GetRound(), Board: in.GetBoard(), CalledBy: in.GetCalledBy(),
		CallTime: in.GetCallTime(), Description: in.GetDescription(), Auction: in.GetAuction(),
		State: rulingsv1.State_STATE_OPEN, RecordedBy: platform.CallerName(ctx),
	}
	if call.NsPair, call.EwPair, err = s.tableOf(ctx, section, call); err != nil {
		return nil, err
	}
	if call.CallTime == nil {
		call.CallTime = timestamppb.New(s.now())
	}
	resp := &rulingsv1.OpenCallResponse{}
	err = s.store.Mutate(ctx, rulingsv1.RulingsService_OpenCall_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		c := proto.Clone(call).(*rulingsv1.DirectorCall)
		if err := s.storeCall(tx, req.GetParent(), c, typev1.ChangeKind_CHANGE_KIND_CALL_OPENED, call.RecordedBy); err != nil {
			return err
		}
		resp.Call = platform.SetETag(c)
		return nil
	})
	return resp, err
}

// GetCall returns a director call.
func (s *Service) GetCall(ctx context.Context, req *rulingsv1.GetCallRequest) (*rulingsv1.GetCallResponse, error) {
	resp := &rulingsv1.GetCallResponse{}
	err := s.store.View(func(tx *bbolt.Tx) (err error) {
		resp.Call, err = getCall(tx, req.GetName())
		return err
	})
	if err != nil {
		return nil, err
	}
	platform.SetETag(resp.Call)
	return resp, nil
}

// ListCalls lists the calls of a session.
func (s *Service) ListCalls(ctx context.Context, req *rulingsv1.ListCallsRequest) (*rulingsv1.ListCallsResponse, error) {
	if _, err := resource.ParseSession("parent", req.GetParent()); err != nil {
		return nil, err
	}
	page, err := platform.ReadPage(req)
	if err != nil {
		return nil, err
	}
	resp := &rulingsv1.ListCallsResponse{}
	err = s.store.View(func(tx *bbolt.Tx) (err error) {
		resp.Calls, err = sessionCalls(tx, req.GetParent(), page)
		return err
	})
	for _, c := range resp.Calls {
		platform.SetETag(c)
	}
	resp.NextPageToken = page.NextToken()
	return resp, err
}

// change updates a stored call in one write and answers it. A change that
// names an etag other than the call's is ABORTED with the call as it is.
func (s *Service) change(ctx context.Context, method, requestID string, req proto.Message, resp interface {
	proto.Message
	GetCall() *rulingsv1.DirectorCall
}, kind typev1.ChangeKind, name, etag string, answer func(*rulingsv1.DirectorCall), edit func(*rulingsv1.DirectorCall) error) error {
	return s.store.Mutate(ctx, method, requestID, req, resp, func(tx *bbolt.Tx) error {
		c, err := getCall(tx, name)
		if err != nil {
			return err
		}
		if err := platform.CheckETag(etag, "director call", name, c); err != nil {
			return err
		}
		if err := edit(c); err != nil {
			return err
		}
		section, _, _ := splitCallName(name)
		if err := s.storeCall(tx, section, c, kind, platform.CallerName(ctx)); err != nil {
			return err
		}
		answer(platform.SetETag(proto.Clone(c).(*rulingsv1.DirectorCall)))
		return nil
	})
}

// RecordAppeal records an appeal and, later, its outcome.
func (s *Service) RecordAppeal(ctx context.Context, req *rulingsv1.RecordAppealRequest) (*rulingsv1.RecordAppealResponse, error) {
	a := req.GetAppeal()
	if _, ok := map[int32]bool{1: true, 2: true}[int32(a.GetAppellant())]; !ok {
		return nil, platform.FieldError("appeal.appellant", "say which side appeals: SIDE_NORTH_SOUTH or SIDE_EAST_WEST")
	}
	if strings.TrimSpace(a.GetReason()) == "" || len(a.GetReason()) > resource.MaxText || len(a.GetOutcome()) > resource.MaxText {
		return nil, platform.FieldError("appeal.reason", fmt.Sprintf("say why the side appeals, in at most %d bytes", resource.MaxText))
	}
	now := timestamppb.New(s.now())
	resp := &rulingsv1.RecordAppealResponse{}
	err := s.change(ctx, rulingsv1.RulingsService_RecordAppeal_FullMethodName, req.GetRequestId(), req, resp, typev1.ChangeKind_CHANGE_KIND_APPEAL_RECORDED, req.GetName(), req.GetEtag(),
		func(c *rulingsv1.DirectorCall) { resp.Call = c },
		func(c *rulingsv1.DirectorCall) error {
			if c.GetState() < rulingsv1.State_STATE_RULED {
				return platform.FailedPrecondition(c.GetName() + " has no ruling yet to appeal against")
			}
			appeal := proto.Clone(a).(*rulingsv1.Appeal)
			if c.GetAppeal() != nil {
				appeal.Lodged = c.GetAppeal().GetLodged()
			} else {
				appeal.Lodged = now
			}
			if appeal.GetOutcome() != "" && appeal.GetDecided() == nil {
				appeal.Decided = now
			}
			c.Appeal, c.State = appeal, rulingsv1.State_STATE_APPEALED
			return nil
		})
	return resp, err
}

// parseAuction reads the auction of a call, dealt by the board's dealer.
func parseAuction(calls string, board int32) (*rulings.Auction, error) {
	return rulings.ParseAuction(bridge.BoardDealer(int(board)), calls)
}
