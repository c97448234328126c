// Package dealingservice is Director's dealing service: the gRPC server of
// bridge.dealing.v1.DealingService over its bbolt store, dealing.db. It deals
// board sets with package github.com/bridge-director/director/dealing, keeps
// their deals secret until a director releases them, solves them double
// dummy in the background (analysis.go) for the tables and par their boards
// carry once released, and writes them in the formats of package
// github.com/bridge-director/director/formats.
package dealingservice

import (
	"context"
	"crypto/rand"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/dealing"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// Service implements dealingv1.DealingServiceServer and platform.Service.
type Service struct {
	dealingv1.UnimplementedDealingServiceServer
	store *platform.Store
	now   func() time.Time
	// secure makes the source of a secure set (a test may make it
	// deterministic).
	secure func() dealing.Source
	// movement keeps the sessions sets are dealt for; nil until connected.
	movement movementv1.MovementServiceClient
	// analyser solves the sets double dummy (analysis.go).
	analyser analyser
	// federation queues the board sets' changes for the venues
	// (venues.go).
	federation atomic.Bool
}

// Option configures a Service.
type Option func(*Service)

// WithClock makes the service stamp its records with now.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// Open opens (or creates) dealing.db in dataDir and returns the service.
func Open(dataDir string, opts ...Option) (*Service, error) {
	s := &Service{now: time.Now, secure: func() dealing.Source { return dealing.NewSecure() }, analyser: defaultAnalyser()}
	for _, o := range opts {
		o(s)
	}
	store, err := platform.OpenStore(filepath.Join(dataDir, "dealing.db"), migrations, platform.WithClock(s.now))
	if err != nil {
		return nil, err
	}
	s.store = store
	s.startAnalyser()
	return s, nil
}

// Name is the service's name in health checks and logs.
func (s *Service) Name() string { return "dealing" }

// RegisterGRPC registers the service on a gRPC server or the in-process
// connection.
func (s *Service) RegisterGRPC(g grpc.ServiceRegistrar) { dealingv1.RegisterDealingServiceServer(g, s) }

// RegisterRoutes registers the REST routes, and the file downloads beside
// them.
// It needs no opened service: a gateway in front of a service that runs
// in another process registers them too.
func RegisterRoutes(ctx context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error {
	client := dealingv1.NewDealingServiceClient(conn)
	if err := dealingv1.RegisterDealingServiceHandlerClient(ctx, mux, client); err != nil {
		return err
	}
	return registerDownloads(mux, client)
}

// RegisterGateway registers the REST routes (RegisterRoutes).
func (s *Service) RegisterGateway(ctx context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error {
	return RegisterRoutes(ctx, mux, conn)
}

// Close stops the analysis under way (it starts again at the next Open) and
// closes the store.
func (s *Service) Close() error {
	s.stopAnalyser()
	return s.store.Close()
}

// Peers names the services dealing calls.
func (s *Service) Peers() []string { return []string{"movement"} }

// Connect gives dealing its connection to a peer.
func (s *Service) Connect(peer string, conn grpc.ClientConnInterface) {
	if peer == "movement" {
		s.movement = movementv1.NewMovementServiceClient(conn)
	}
}

// checkSession refuses a set for a session the movement service does not
// know (NotFound naming it). The caller's credentials go with the question.
func (s *Service) checkSession(ctx context.Context, session resource.Session) error {
	if s.movement == nil {
		return status.Error(codes.Unavailable, "the movement service, which keeps the sessions, is not connected")
	}
	_, err := s.movement.GetSession(platform.ForwardCredentials(ctx), &movementv1.GetSessionRequest{Name: session.String()})
	return platform.PeerError(err, "the session "+session.String())
}

// CreateBoardSet deals a board set.
func (s *Service) CreateBoardSet(ctx context.Context, req *dealingv1.CreateBoardSetRequest) (*dealingv1.CreateBoardSetResponse, error) {
	session, err := resource.ParseSession("parent", req.GetParent())
	if err != nil {
		return nil, err
	}
	if !platform.ValidID(req.GetBoardSetId()) {
		return nil, platform.FieldError("board_set_id", fmt.Sprintf("%q is not 1 to 63 of a-z, 0-9 and '-'", req.GetBoardSetId()))
	}
	in := req.GetBoardSet()
	set := &dealingv1.BoardSet{
		Name:       resource.BoardSet{Event: session.Event, Session: session.Session, BoardSet: req.GetBoardSetId()}.String(),
		Title:      in.GetTitle(),
		FirstBoard: in.GetFirstBoard(),
		LastBoard:  in.GetLastBoard(),
		Copies:     in.GetCopies(),
		Method:     in.GetMethod(),
		Keys:       in.GetKeys(),
		CreatedBy:  platform.CallerName(ctx),
		CreateTime: timestamppb.New(s.now()),
	}
	if err := checkNewSet(set); err != nil {
		return nil, err
	}
	if (set.Method == dealingv1.Method_METHOD_IMPORTED) != (req.GetPbn() != "") {
		return nil, platform.FieldError("pbn", "a PBN file is the deals of a METHOD_IMPORTED set, which needs one; a dealt set takes none")
	}
	if err := s.checkSession(ctx, session); err != nil {
		return nil, err
	}
	src, err := s.sourceFor(set, req.GetPbn())
	if err != nil {
		return nil, err
	}
	dealt, err := dealing.NewBoardSet(int(set.FirstBoard), int(set.LastBoard), int(set.Copies), src)
	if err != nil {
		return nil, platform.FieldError("board_set", err.Error())
	}
	for _, b := range dealt.Boards {
		set.Boards = append(set.Boards, bridgepb.Board(b.Board))
	}
	resp := &dealingv1.CreateBoardSetResponse{}
	err = s.store.Mutate(ctx, dealingv1.DealingService_CreateBoardSet_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		if _, ok, err := getBoardSet(tx, set.Name); err != nil || ok {
			if ok {
				return platform.AlreadyExists("board set "+set.Name+" already exists", nil)
			}
			return err
		}
		resp.BoardSet = forReader(set)
		return s.storeSet(tx, set, typev1.ChangeKind_CHANGE_KIND_BOARD_SET_CREATED, set.CreatedBy)
	})
	return resp, err
}

// checkNewSet fills the defaults of a new set and checks it.
func checkNewSet(set *dealingv1.BoardSet) error {
	if set.Copies == 0 {
		set.Copies = 1
	}
	if set.Method == dealingv1.Method_METHOD_UNSPECIFIED {
		set.Method = dealingv1.Method_METHOD_SECURE
	}
	var v []platform.FieldViolation
	add := func(field, format string, args ...any) {
		v = append(v, platform.FieldViolation{Field: "board_set." + field, Description: fmt.Sprintf(format, args...)})
	}
	switch {
	case set.FirstBoard < 1 || set.FirstBoard > resource.MaxBoard:
		add("first_board", "board %d is outside 1 to %d", set.FirstBoard, resource.MaxBoard)
	case set.LastBoard < set.FirstBoard || set.LastBoard > resource.MaxBoard:
		add("last_board", "board %d: the last board is from the first (%d) to %d", set.LastBoard, set.FirstBoard, resource.MaxBoard)
	case set.LastBoard-set.FirstBoard+1 > dealing.MaxBoards:
		add("last_board", "%d boards in one set: at most %d", set.LastBoard-set.FirstBoard+1, dealing.MaxBoards)
	}
	if set.Copies < 1 || set.Copies > dealing.MaxCopies {
		add("copies", "%d copies: 1 to %d", set.Copies, dealing.MaxCopies)
	}
	if _, ok := dealingv1.Method_name[int32(set.Method)]; !ok {
		add("method", "unknown method: use METHOD_SECURE, METHOD_KEYED or METHOD_IMPORTED")
	}
	switch {
	case set.Method == dealingv1.Method_METHOD_SECURE && set.Keys != nil:
		add("keys", "a secure set is dealt from the operating system's random source and takes no keys; use METHOD_KEYED")
	case set.Method == dealingv1.Method_METHOD_IMPORTED && set.Keys != nil:
		add("keys", "an imported set's deals come from its PBN file and take no keys")
	}
	if k := set.Keys; k != nil && (k.Owner == "" || k.Entropy == "") {
		add("keys", "keys need both an owner and entropy")
	}
	if len(set.Title) > resource.MaxTitle {
		add("title", "a title is at most %d bytes", resource.MaxTitle)
	}
	if len(v) > 0 {
		return platform.FieldErrors(v...)
	}
	return nil
}

// sourceFor returns the source a new set is dealt from: the operating
// system's random source, keys (made now when the request brought none),
// or the deals of the PBN file imported.
func (s *Service) sourceFor(set *dealingv1.BoardSet, file string) (dealing.Source, error) {
	switch set.Method {
	case dealingv1.Method_METHOD_SECURE:
		return s.secure(), nil
	case dealingv1.Method_METHOD_IMPORTED:
		boards, err := pbnBoards(file, set.FirstBoard, set.LastBoard)
		if err != nil {
			return nil, err
		}
		deals := make([]bridge.Deal, len(boards))
		for i, b := range boards {
			if b.Dealer != bridge.BoardDealer(b.Number) || b.Vulnerability != bridge.BoardVulnerability(b.Number) {
				return nil, platform.FieldError("pbn", fmt.Sprintf("board %d of the file has dealer %s and vulnerability %s; Law 2 gives board %d dealer %s and vulnerability %s",
					b.Number, b.Dealer.Name(), b.Vulnerability, b.Number, bridge.BoardDealer(b.Number).Name(), bridge.BoardVulnerability(b.Number)))
			}
			deals[i] = b.Deal
		}
		return dealing.NewGiven(deals), nil
	}
	if set.Keys == nil {
		set.Keys = &dealingv1.Keys{Owner: "Director " + set.Name, Entropy: rand.Text()}
	}
	return dealing.NewKeyed(set.Keys.Owner, []byte(set.Keys.Entropy)), nil
}

// GetBoardSet returns a board set.
func (s *Service) GetBoardSet(ctx context.Context, req *dealingv1.GetBoardSetRequest) (*dealingv1.GetBoardSetResponse, error) {
	if _, err := resource.ParseBoardSet("name", req.GetName()); err != nil {
		return nil, err
	}
	set, err := s.readSet(ctx, req.GetName(), "GetBoardSet")
	if err != nil {
		return nil, err
	}
	results, latest, err := s.resultsOf(set)
	if err != nil {
		return nil, err
	}
	out := forReader(set)
	out.Analysis = latest
	for _, b := range out.GetBoards() {
		if r, ok := results[int(b.GetNumber())]; ok {
			out.Analyses = append(out.Analyses, analysisMessage(int(b.GetNumber()), r))
		}
	}
	return &dealingv1.GetBoardSetResponse{BoardSet: out}, nil
}

// GetBoard returns one board.
func (s *Service) GetBoard(ctx context.Context, req *dealingv1.GetBoardRequest) (*dealingv1.GetBoardResponse, error) {
	setName, number, err := splitBoardName(req.GetName())
	if err != nil {
		return nil, err
	}
	set, err := s.readSet(ctx, setName, fmt.Sprintf("GetBoard %d", number))
	if err != nil {
		return nil, err
	}
	b := boardOf(set, number)
	if b == nil {
		return nil, platform.NotFound("board", req.GetName())
	}
	results, _, err := s.resultsOf(set)
	if err != nil {
		return nil, err
	}
	resp := &dealingv1.GetBoardResponse{Board: b}
	if r, ok := results[int(number)]; ok {
		resp.Analysis = analysisMessage(int(number), r)
	}
	return resp, nil
}

// splitBoardName splits a board's name into its set's name and its number.
func splitBoardName(name string) (string, int32, error) {
	b, err := resource.ParseBoard("name", name)
	if err != nil {
		return "", 0, err
	}
	return b.Parent().String(), b.Board, nil
}

func boardOf(set *dealingv1.BoardSet, number int32) *typev1.Board {
	for _, b := range set.GetBoards() {
		if b.GetNumber() == number {
			return b
		}
	}
	return nil
}

// ReleaseBoardSet makes a set public and starts its double-dummy analysis.
func (s *Service) ReleaseBoardSet(ctx context.Context, req *dealingv1.ReleaseBoardSetRequest) (*dealingv1.ReleaseBoardSetResponse, error) {
	if _, err := resource.ParseBoardSet("name", req.GetName()); err != nil {
		return nil, err
	}
	now := timestamppb.New(s.now())
	resp := &dealingv1.ReleaseBoardSetResponse{}
	err := s.store.Mutate(ctx, dealingv1.DealingService_ReleaseBoardSet_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		set, err := mustBoardSet(tx, req.GetName())
		if err != nil {
			return err
		}
		if err := platform.CheckETag(req.GetEtag(), "board set", req.GetName(), forReader(set)); err != nil {
			return err
		}
		if !set.Released {
			set.Released, set.ReleaseTime = true, now
			by := platform.CallerName(ctx)
			if err := s.storeSet(tx, set, typev1.ChangeKind_CHANGE_KIND_BOARD_SET_RELEASED, by); err != nil {
				return err
			}
			if resp.Analysis, err = s.startAnalysis(tx, set, by); err != nil {
				return err
			}
		}
		resp.BoardSet = forReader(set)
		return nil
	})
	if resp.GetAnalysis() != nil {
		s.kickAnalyser()
	}
	return resp, err
}

// ListBoardSetReads lists the reads of a set while it was secret.
func (s *Service) ListBoardSetReads(ctx context.Context, req *dealingv1.ListBoardSetReadsRequest) (*dealingv1.ListBoardSetReadsResponse, error) {
	if _, err := resource.ParseBoardSet("name", req.GetName()); err != nil {
		return nil, err
	}
	page, err := platform.ReadPage(req)
	if err != nil {
		return nil, err
	}
	resp := &dealingv1.ListBoardSetReadsResponse{}
	err = s.store.View(func(tx *bbolt.Tx) error {
		if _, err := mustBoardSet(tx, req.GetName()); err != nil {
			return err
		}
		var err error
		resp.Reads, err = listReads(tx, req.GetName(), page)
		return err
	})
	resp.NextPageToken = page.NextToken()
	return resp, err
}
