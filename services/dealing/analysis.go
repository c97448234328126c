package dealingservice

import (
	"context"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/dealing/doubledummy"
	"github.com/bridge-director/director/dealing/par"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// The double-dummy analysis of board sets. Solving a set takes seconds, a
// freak board minutes, so no request waits for it: SolveBoardSet and
// ReleaseBoardSet store an Operation and queue it in the request's
// transaction, and answer. One goroutine the service owns solves the queued
// analyses one at a time, oldest first: doubledummy.Tables spreads one set
// over every core already, so a second solve at once would only share the
// cores, finishing neither sooner, and hold a second set's search tables in
// memory. The queue holds at most one analysis per set, since a set being
// analysed answers the analysis under way.
//
// Progress is written at most once every progressEvery (a second), each
// write one commit and its fsync; the tables are written with the end of
// the operation, in one transaction. Close stops the solve and the analysis
// stays queued: the next Open starts it again, from the first board.

// solveFunc solves deals as doubledummy.Tables does.
type solveFunc func(ctx context.Context, deals []bridge.Deal, workers int, progress func(done int)) ([]bridge.DDTable, error)

// analyser is the goroutine that runs the queued analyses.
type analyser struct {
	solve         solveFunc
	progressEvery time.Duration
	wake          chan struct{}
	stop          context.CancelFunc
	done          chan struct{}
}

// startAnalyser starts the goroutine, which first takes up what a restart
// left in the queue.
func (s *Service) startAnalyser() {
	ctx, cancel := context.WithCancel(context.Background())
	s.analyser.wake, s.analyser.stop, s.analyser.done = make(chan struct{}, 1), cancel, make(chan struct{})
	go s.runAnalyses(ctx)
}

// stopAnalyser stops the solve under way and waits for the goroutine.
func (s *Service) stopAnalyser() {
	s.analyser.stop()
	<-s.analyser.done
}

// kickAnalyser tells the goroutine that an analysis was queued.
func (s *Service) kickAnalyser() {
	select {
	case s.analyser.wake <- struct{}{}:
	default:
	}
}

func (s *Service) runAnalyses(ctx context.Context) {
	defer close(s.analyser.done)
	for {
		var name string
		err := s.store.View(func(tx *bbolt.Tx) (err error) {
			name, err = queuedOperation(tx)
			return err
		})
		if err == nil && name != "" {
			err = s.analyse(ctx, name)
		}
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			slog.Warn("double-dummy analysis stopped; it starts again at the next analysis asked for or the next start", "service", "dealing", "operation", name, "error", err)
		}
		if err != nil || name == "" {
			select {
			case <-ctx.Done():
				return
			case <-s.analyser.wake:
			}
		}
	}
}

// analyse runs the queued operation name to its end, or until ctx ends.
func (s *Service) analyse(ctx context.Context, name string) error {
	opName, err := resource.ParseOperation("name", name)
	if err != nil {
		return err
	}
	var set *dealingv1.BoardSet
	var stored map[int]bridge.DDTable
	gone := false
	err = s.store.Mutate(ctx, "", "", nil, nil, func(tx *bbolt.Tx) error {
		op, err := getOperation(tx, opName)
		if status.Code(err) == codes.NotFound {
			// Its event is gone (an import undone after it was
			// queued): it would hold up every analysis after it.
			gone = true
			return unqueueOperation(tx, name)
		}
		if err != nil {
			return err
		}
		if set, err = mustBoardSet(tx, opName.Parent().String()); err != nil {
			return err
		}
		// A stored table is current (a redeal drops its board's), so only
		// the boards without one are solved.
		stored, _ = boardTables(tx, set.GetName())
		op.Metadata.StartTime, op.Metadata.BoardsSolved, op.Metadata.BoardsTotal = timestamppb.New(s.now()), int32(len(stored)), int32(len(set.GetBoards()))
		return putOperation(tx, op)
	})
	if err != nil || gone {
		return err
	}
	all, err := setBoards(set)
	var boards []bridge.Board
	var tables []bridge.DDTable
	if err == nil {
		var deals []bridge.Deal
		for _, b := range all {
			if _, ok := stored[b.Number]; !ok {
				boards = append(boards, b)
				deals = append(deals, b.Deal)
			}
		}
		progress, stop := s.reportProgress(ctx, opName, len(all)-len(boards))
		tables, err = s.analyser.solve(ctx, deals, 0, progress)
		stop()
	}
	if ctx.Err() != nil {
		return nil
	}
	return s.endAnalysis(context.WithoutCancel(ctx), opName, boards, tables, err)
}

// reportProgress returns the progress function for the solve of an
// operation, which writes the count of boards solved (besides the already
// boards solved before) at most once every progressEvery, and the function
// that stops it.
func (s *Service) reportProgress(ctx context.Context, name resource.Operation, already int) (progress func(done int), stop func()) {
	var solved atomic.Int64
	changed, quit, stopped := make(chan struct{}, 1), make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		var written int64
		for {
			select {
			case <-quit:
				return
			case <-changed:
			}
			n := solved.Load()
			if n == written {
				continue
			}
			err := s.store.Mutate(ctx, "", "", nil, nil, func(tx *bbolt.Tx) error {
				op, err := getOperation(tx, name)
				if err != nil || op.GetDone() {
					return err
				}
				op.Metadata.BoardsSolved = int32(already) + int32(n)
				return putOperation(tx, op)
			})
			if err != nil && ctx.Err() == nil {
				slog.Warn("the progress of a double-dummy analysis was not written", "service", "dealing", "operation", name.String(), "solved", n, "error", err)
			}
			written = n
			// What is solved meanwhile has left its signal in changed.
			select {
			case <-quit:
				return
			case <-time.After(s.analyser.progressEvery):
			}
		}
	}()
	progress = func(done int) {
		for old := solved.Load(); int64(done) > old && !solved.CompareAndSwap(old, int64(done)); old = solved.Load() {
		}
		select {
		case changed <- struct{}{}:
		default:
		}
	}
	return progress, func() { close(quit); <-stopped }
}

// endAnalysis stores the tables of the boards solved (those not dealt again
// meanwhile) and ends the operation, with solveErr when the solve failed,
// and records the end in the feed. A board dealt again while it was solved
// is solved again, in a new operation.
func (s *Service) endAnalysis(ctx context.Context, name resource.Operation, boards []bridge.Board, tables []bridge.DDTable, solveErr error) error {
	if solveErr == nil && len(tables) != len(boards) {
		solveErr = fmt.Errorf("the solver gave %d tables for %d boards", len(tables), len(boards))
	}
	for i := range tables {
		if err := tables[i].Validate(); err != nil && solveErr == nil {
			solveErr = fmt.Errorf("board %d: %w", boards[i].Number, err)
		}
	}
	return s.store.Mutate(ctx, "", "", nil, nil, func(tx *bbolt.Tx) error {
		op, err := getOperation(tx, name)
		if err != nil {
			return err
		}
		set, err := mustBoardSet(tx, name.Parent().String())
		if err != nil {
			return err
		}
		redealt := false
		for i, b := range boards {
			if solveErr != nil {
				break
			}
			if boardOf(set, int32(b.Number)).GetDeal().GetPbn() != b.Deal.PBN(bridge.North) {
				redealt = true
				continue
			}
			if err := putBoardAnalysis(tx, set.GetName(), &dealingv1.BoardAnalysis{Board: int32(b.Number), DoubleDummy: bridgepb.DDTable(tables[i])}); err != nil {
				return err
			}
		}
		op.Done, op.Metadata.EndTime = true, timestamppb.New(s.now())
		if solveErr != nil {
			code := status.Code(solveErr)
			if code == codes.Unknown {
				code = codes.Internal
			}
			op.Error = &dealingv1.OperationError{Code: int32(code), Message: "solving the boards of " + set.GetName() + ": " + solveErr.Error()}
		} else {
			op.Metadata.BoardsSolved = op.Metadata.BoardsTotal
		}
		if err := putOperation(tx, op); err != nil {
			return err
		}
		if err := unqueueOperation(tx, op.GetName()); err != nil {
			return err
		}
		by := op.GetMetadata().GetRequestedBy()
		if err := s.store.AppendChange(tx, platform.Change{Kind: typev1.ChangeKind_CHANGE_KIND_BOARD_SET_ANALYSED, Name: op.GetName(), By: by, Resource: op}); err != nil {
			return err
		}
		if redealt {
			_, err = s.startAnalysis(tx, set, by)
		}
		return err
	})
}

// startAnalysis queues the analysis of a set for by, or returns the one not
// done yet. The caller kicks the analyser once the transaction commits.
func (s *Service) startAnalysis(tx *bbolt.Tx, set *dealingv1.BoardSet, by string) (*dealingv1.Operation, error) {
	op, err := latestOperation(tx, set.GetName())
	if err != nil || (op != nil && !op.GetDone()) {
		return op, err
	}
	return newOperation(tx, set.GetName(), &dealingv1.AnalysisMetadata{
		BoardSet: set.GetName(), BoardsTotal: int32(len(set.GetBoards())), RequestedBy: by, CreateTime: timestamppb.New(s.now()),
	})
}

// SolveBoardSet starts the double-dummy analysis of a set.
func (s *Service) SolveBoardSet(ctx context.Context, req *dealingv1.SolveBoardSetRequest) (*dealingv1.SolveBoardSetResponse, error) {
	if _, err := resource.ParseBoardSet("name", req.GetName()); err != nil {
		return nil, err
	}
	resp := &dealingv1.SolveBoardSetResponse{}
	err := s.store.Mutate(ctx, dealingv1.DealingService_SolveBoardSet_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		set, err := mustBoardSet(tx, req.GetName())
		if err != nil {
			return err
		}
		resp.Operation, err = s.startAnalysis(tx, set, platform.CallerName(ctx))
		return err
	})
	if err == nil {
		s.kickAnalyser()
	}
	return resp, err
}

// GetOperation returns an analysis with its progress.
func (s *Service) GetOperation(ctx context.Context, req *dealingv1.GetOperationRequest) (*dealingv1.GetOperationResponse, error) {
	name, err := resource.ParseOperation("name", req.GetName())
	if err != nil {
		return nil, err
	}
	var set *dealingv1.BoardSet
	var op *dealingv1.Operation
	err = s.store.View(func(tx *bbolt.Tx) (err error) {
		if set, err = mustBoardSet(tx, name.Parent().String()); err != nil {
			return err
		}
		op, err = getOperation(tx, name)
		return err
	})
	if err != nil {
		return nil, err
	}
	if _, ok := secretReader(ctx, set); !ok {
		return nil, status.Errorf(codes.PermissionDenied, "the analysis of %s is for its directors until they release the set", set.GetName())
	}
	return &dealingv1.GetOperationResponse{Operation: op}, nil
}

// boardResult is what the analysis of a board found.
type boardResult struct {
	table bridge.DDTable
	par   par.Par // from the board's dealer
}

// resultsOf returns the analysis of each board of a set that readSet
// returned, by board number, and the name of the set's latest operation.
// There are no results until the set is released: a table tells much of
// the cards.
func (s *Service) resultsOf(set *dealingv1.BoardSet) (results map[int]boardResult, latest string, err error) {
	var tables map[int]bridge.DDTable
	err = s.store.View(func(tx *bbolt.Tx) error {
		op, err := latestOperation(tx, set.GetName())
		if err != nil {
			return err
		}
		latest = op.GetName()
		if set.GetReleased() {
			var damaged []int
			tables, damaged = boardTables(tx, set.GetName())
			if len(damaged) > 0 {
				// The deals stay readable: a table can always be found again.
				slog.Warn("damaged double-dummy tables left out; solve the set again to restore them", "service", "dealing", "set", set.GetName(), "boards", damaged)
			}
		}
		return nil
	})
	if err != nil || len(tables) == 0 {
		return nil, latest, err
	}
	boards, err := setBoards(set)
	if err != nil {
		return nil, "", err
	}
	results = map[int]boardResult{}
	for _, b := range boards {
		t, ok := tables[b.Number]
		if !ok {
			continue
		}
		p, err := par.DealerPar(t, b.Dealer, b.Vulnerability)
		if err != nil {
			return nil, "", status.Errorf(codes.Internal, "par of board %d of %s: %v", b.Number, set.GetName(), err)
		}
		results[b.Number] = boardResult{table: t, par: p}
	}
	return results, latest, nil
}

// analysisMessage is the answer's form of the analysis of a board.
func analysisMessage(board int, r boardResult) *dealingv1.BoardAnalysis {
	p := &dealingv1.Par{Score: int32(r.par.Score), Text: r.par.String()}
	for _, c := range r.par.Contracts {
		pc := &dealingv1.ParContract{Contract: c.Contract.String(), Result: int32(c.Result)}
		for _, seat := range c.Declarers {
			pc.Declarers = append(pc.Declarers, bridgepb.Seat(seat))
		}
		p.Contracts = append(p.Contracts, pc)
	}
	return &dealingv1.BoardAnalysis{Board: int32(board), DoubleDummy: bridgepb.DDTable(r.table), Par: p}
}

// defaultAnalyser solves with the double-dummy solver on every core and
// writes progress once a second.
func defaultAnalyser() analyser {
	return analyser{solve: doubledummy.Tables, progressEvery: time.Second}
}
