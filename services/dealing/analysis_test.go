package dealingservice

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bridge-director/director/services/platform"
	"go.etcd.io/bbolt"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/dealing"
	"github.com/bridge-director/director/dealing/par"
	"github.com/bridge-director/director/formats/ddslist"
	"github.com/bridge-director/director/formats/handrecord"
	"github.com/bridge-director/director/formats/pbn"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/bridgepb"
)

// list10 reads DDS's list10: ten deals with the tables DDS found for them.
func list10(t testing.TB) []ddslist.Deal {
	t.Helper()
	deals, err := ddslist.ReadFile(filepath.Join("..", "..", "..", "shared", "fixtures", "dds", "list10.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return deals
}

// listSource deals the deals of a list in order, to the set and its
// redeals alike.
type listSource struct {
	deals []ddslist.Deal
	next  int
}

func (l *listSource) Next() (bridge.Deal, error) {
	if l.next == len(l.deals) {
		return bridge.Deal{}, fmt.Errorf("the list's %d deals are dealt", len(l.deals))
	}
	l.next++
	return l.deals[l.next-1].Deal, nil
}

// withDeals makes secure sets dealt from list10's deals, in order.
func withDeals(deals []ddslist.Deal) Option {
	src := &listSource{deals: deals}
	return func(s *Service) { s.secure = func() dealing.Source { return src } }
}

// withFixtureSolver makes the service solve list10's deals by their TABLE
// lines, writing every step of progress. With a gate, it solves one deal
// for each value the gate gives, and stops when the service closes.
func withFixtureSolver(deals []ddslist.Deal, gate <-chan struct{}) Option {
	solve := func(ctx context.Context, ds []bridge.Deal, _ int, progress func(int)) ([]bridge.DDTable, error) {
		out := make([]bridge.DDTable, len(ds))
		for i, d := range ds {
			if gate != nil {
				select {
				case <-gate:
				case <-ctx.Done():
					return nil, ctx.Err()
				}
			}
			found := false
			for _, f := range deals {
				if f.Deal == d {
					out[i], found = f.Table, true
				}
			}
			if !found {
				return nil, fmt.Errorf("deal %d is not one of list10's", i+1)
			}
			progress(i + 1)
		}
		return out, nil
	}
	return func(s *Service) { s.analyser = analyser{solve: solve} }
}

// withSolvedCount counts in n the deals the service asks its solver for;
// it goes after the option that sets the solver.
func withSolvedCount(n *atomic.Int64) Option {
	return func(s *Service) {
		solve := s.analyser.solve
		s.analyser.solve = func(ctx context.Context, ds []bridge.Deal, workers int, progress func(int)) ([]bridge.DDTable, error) {
			n.Add(int64(len(ds)))
			return solve(ctx, ds, workers, progress)
		}
	}
}

// waitFor polls an operation as md until ok holds for it, at the rate a
// terminal may call.
func (h *harness) waitFor(t *testing.T, md metadata.MD, name string, ok func(*dealingv1.Operation) bool) *dealingv1.Operation {
	t.Helper()
	for {
		resp, err := h.client.GetOperation(as(md), &dealingv1.GetOperationRequest{Name: name})
		if err != nil {
			t.Fatalf("GetOperation %s: %v", name, err)
		}
		if ok(resp.GetOperation()) {
			return resp.GetOperation()
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func done(op *dealingv1.Operation) bool { return op.GetDone() }

// gatedSet starts a service that deals list10's first n deals and solves
// them by their tables, one for each value its gate is given, and deals
// boards 1 to 4 of the set.
func gatedSet(t *testing.T, dir string, n int) (*harness, []ddslist.Deal, chan struct{}) {
	t.Helper()
	deals, gate := list10(t)[:n], make(chan struct{})
	h := start(t, dir, withDeals(deals), withFixtureSolver(deals, gate))
	h.create(t, &dealingv1.BoardSet{FirstBoard: 1, LastBoard: 4})
	return h, deals, gate
}

// solve asks for the analysis of the set as its director.
func (h *harness) solve(t *testing.T) *dealingv1.Operation {
	t.Helper()
	resp, err := h.client.SolveBoardSet(as(asDirector), &dealingv1.SolveBoardSetRequest{Name: setName})
	if err != nil {
		t.Fatalf("SolveBoardSet: %v", err)
	}
	return resp.GetOperation()
}

// board reads board n of the set as md.
func (h *harness) board(t *testing.T, md metadata.MD, n int) *dealingv1.GetBoardResponse {
	t.Helper()
	resp, err := h.client.GetBoard(as(md), &dealingv1.GetBoardRequest{Name: fmt.Sprintf("%s/boards/%d", setName, n)})
	if err != nil {
		t.Fatalf("GetBoard %d: %v", n, err)
	}
	return resp
}

// release releases the set and returns the analysis it started.
func (h *harness) release(t *testing.T) *dealingv1.Operation {
	t.Helper()
	resp, err := h.client.ReleaseBoardSet(as(asDirector), &dealingv1.ReleaseBoardSetRequest{Name: setName})
	if err != nil {
		t.Fatalf("ReleaseBoardSet: %v", err)
	}
	return resp.GetAnalysis()
}

// wantAnalysis checks the analysis a board's answer carries: the table of
// deal, and the dealer's par of the board's dealer and vulnerability.
func wantAnalysis(t *testing.T, board *typev1.Board, got *dealingv1.BoardAnalysis, deal ddslist.Deal) {
	t.Helper()
	if got == nil {
		t.Fatalf("board %d carries no analysis", board.GetNumber())
	}
	table, err := bridgepb.DDTableFrom(got.GetDoubleDummy())
	if err != nil || table != deal.Table || got.GetBoard() != board.GetNumber() {
		t.Errorf("board %d: analysis of board %d with table %v (%v); want list10's table %v from line %d", board.GetNumber(), got.GetBoard(), table, err, deal.Table, deal.Line)
	}
	b, _ := bridgepb.BoardFrom(board)
	p, err := par.DealerPar(deal.Table, b.Dealer, b.Vulnerability)
	if err != nil || got.GetPar().GetText() != p.String() || got.GetPar().GetScore() != int32(p.Score) || len(got.GetPar().GetContracts()) != len(p.Contracts) {
		t.Errorf("board %d: par %v; want %q (%v)", board.GetNumber(), got.GetPar(), p.String(), err)
	}
}

// TestReleasedSetIsSolvedEndToEnd: releasing a set of DDS's deals starts
// their analysis with the real solver; once it is done, every board carries
// DDS's table and its dealer's par, to a terminal too. (Two deals of list10
// keep it short; the solver's own tests solve them all.)
func TestReleasedSetIsSolvedEndToEnd(t *testing.T) {
	deals := list10(t)[5:7]
	h := start(t, t.TempDir(), withDeals(deals))
	h.create(t, &dealingv1.BoardSet{FirstBoard: 1, LastBoard: 2})
	op := h.release(t)
	if op.GetName() != setName+"/operations/1" || op.GetMetadata().GetBoardsTotal() != 2 || op.GetMetadata().GetRequestedBy() != "head-director" {
		t.Fatalf("the release started %v; want operation 1 of 2 boards, asked by head-director", op)
	}
	op = h.waitFor(t, asTerminal, op.GetName(), done)
	if op.GetError() != nil || op.GetMetadata().GetBoardsSolved() != 2 || op.GetMetadata().GetStartTime() == nil || op.GetMetadata().GetEndTime() == nil {
		t.Fatalf("the analysis ended as %v; want 2 boards solved without error, with its times", op)
	}
	set, err := h.client.GetBoardSet(as(asTerminal), &dealingv1.GetBoardSetRequest{Name: setName})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.GetBoardSet().GetAnalyses()) != 2 || set.GetBoardSet().GetAnalysis() != op.GetName() {
		t.Fatalf("the set carries %d analyses and names operation %q; want 2 and %s", len(set.GetBoardSet().GetAnalyses()), set.GetBoardSet().GetAnalysis(), op.GetName())
	}
	for i, a := range set.GetBoardSet().GetAnalyses() {
		wantAnalysis(t, set.GetBoardSet().GetBoards()[i], a, deals[i])
	}
	board := h.board(t, asTerminal, 2)
	wantAnalysis(t, board.GetBoard(), board.GetAnalysis(), deals[1])
}

// TestAnalysisAnswersAtOnceAndShowsProgress: a director's request answers
// with the operation while its first board is still unsolved, asking again
// answers the same operation, and its count of boards solved moves as the
// solver goes; the tables of a set analysed before release stay hidden,
// from its directors too, until it is released.
func TestAnalysisAnswersAtOnceAndShowsProgress(t *testing.T) {
	h, deals, gate := gatedSet(t, t.TempDir(), 4)
	op := h.solve(t)
	if op.GetDone() || op.GetName() != setName+"/operations/1" || op.GetMetadata().GetBoardsTotal() != 4 {
		t.Fatalf("SolveBoardSet answered %v; want operation 1 of 4 boards, not done", op)
	}
	again, err := h.client.SolveBoardSet(as(asDirector), &dealingv1.SolveBoardSetRequest{Name: setName})
	if err != nil || again.GetOperation().GetName() != op.GetName() {
		t.Fatalf("asking again while it runs answered %v, %v; want %s", again, err, op.GetName())
	}
	for n := int32(1); n <= 3; n++ {
		gate <- struct{}{}
		h.waitFor(t, asDirector, op.GetName(), func(op *dealingv1.Operation) bool {
			if op.GetDone() {
				t.Fatalf("the analysis ended after %d of 4 boards: %v", n, op)
			}
			return op.GetMetadata().GetBoardsSolved() == n
		})
	}
	close(gate)
	if op = h.waitFor(t, asDirector, op.GetName(), done); op.GetError() != nil || op.GetMetadata().GetBoardsSolved() != 4 {
		t.Fatalf("the analysis ended as %v", op)
	}

	// Analysed, not released: the directors see the operation, nobody a table.
	if a := h.board(t, asDirector, 2).GetAnalysis(); a != nil {
		t.Errorf("a secret board shows its analysis to the director: %v", a)
	}
	set, err := h.client.GetBoardSet(as(asDirector), &dealingv1.GetBoardSetRequest{Name: setName})
	if err != nil || len(set.GetBoardSet().GetAnalyses()) != 0 || set.GetBoardSet().GetAnalysis() != op.GetName() {
		t.Errorf("a secret set: analyses %v, operation %q, %v; want none, and %s", set.GetBoardSet().GetAnalyses(), set.GetBoardSet().GetAnalysis(), err, op.GetName())
	}
	file, err := h.client.ExportBoardSet(as(asDirector), &dealingv1.ExportBoardSetRequest{Name: setName, Format: dealingv1.Format_FORMAT_PBN})
	if err != nil || bytes.Contains(file.GetContent(), []byte("DoubleDummyTricks")) {
		t.Errorf("the PBN export of a secret set carries its tables: %v", err)
	}
	_, err = h.client.GetOperation(as(asTerminal), &dealingv1.GetOperationRequest{Name: op.GetName()})
	wantCode(t, err, codes.PermissionDenied, "until they release the set")

	// Released: a second analysis, and then the tables for everyone.
	second := h.release(t)
	if second.GetName() != setName+"/operations/2" {
		t.Fatalf("the release started %v; want operation 2", second)
	}
	h.waitFor(t, asTerminal, second.GetName(), done)
	board := h.board(t, asTerminal, 2)
	wantAnalysis(t, board.GetBoard(), board.GetAnalysis(), deals[1])

	// The feed records the end of each analysis, after the release.
	feed, err := h.client.ListChanges(as(asDirector), &dealingv1.ListChangesRequest{Parent: "events/congress"})
	if err != nil {
		t.Fatal(err)
	}
	var ended []string
	for _, c := range feed.GetChanges() {
		if c.GetKind() == typev1.ChangeKind_CHANGE_KIND_BOARD_SET_ANALYSED {
			op := &dealingv1.Operation{}
			if err := c.GetResource().UnmarshalTo(op); err != nil || !op.GetDone() || op.GetName() != c.GetName() {
				t.Errorf("record %d: %v (%v); want the operation, done", c.GetSequence(), op, err)
			}
			ended = append(ended, c.GetName())
		}
	}
	if len(ended) != 2 || ended[0] != op.GetName() || ended[1] != second.GetName() {
		t.Errorf("the feed records the end of %q; want %s and %s", ended, op.GetName(), second.GetName())
	}
}

// TestExportsCarryTheTables: once a set is analysed and released, the PBN
// export carries each board's DoubleDummyTricks, OptimumResultTable and par
// from its dealer, and
// the HTML hand record is the one written with each table and par line.
func TestExportsCarryTheTables(t *testing.T) {
	deals := list10(t)[:4]
	h := start(t, t.TempDir(), withDeals(deals), withFixtureSolver(deals, nil))
	h.create(t, &dealingv1.BoardSet{Title: "Club night", FirstBoard: 1, LastBoard: 4})
	h.waitFor(t, asTerminal, h.release(t).GetName(), done)

	file, err := h.client.ExportBoardSet(as(asTerminal), &dealingv1.ExportBoardSetRequest{Name: setName, Format: dealingv1.Format_FORMAT_PBN})
	if err != nil {
		t.Fatal(err)
	}
	read, err := pbn.Read(bytes.NewReader(file.GetContent()))
	if err != nil || len(read.Games) != 4 {
		t.Fatalf("the PBN export reads back as %v, %v", read, err)
	}
	for i, g := range read.Games {
		tricks, ok, err := g.DoubleDummyTricks()
		optimum, okOptimum, errOptimum := g.OptimumResultTable()
		if !ok || err != nil || tricks != deals[i].Table || !okOptimum || errOptimum != nil || optimum != deals[i].Table {
			t.Errorf("PBN game %d: DoubleDummyTricks %v (%v, %v), OptimumResultTable %v (%v, %v); want %v", i+1, tricks, ok, err, optimum, okOptimum, errOptimum, deals[i].Table)
		}
		b := bridge.NewBoard(i+1, deals[i].Deal)
		want, err := par.DealerPar(deals[i].Table, b.Dealer, b.Vulnerability)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok, err := g.Par(); !ok || err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("PBN game %d: par %v (%v, %v) from OptimumScore and ParContract; want %v", i+1, got, ok, err, want)
		}
	}

	file, err = h.client.ExportBoardSet(as(asTerminal), &dealingv1.ExportBoardSetRequest{Name: setName, Format: dealingv1.Format_FORMAT_HAND_RECORD_HTML})
	if err != nil {
		t.Fatal(err)
	}
	var records []handrecord.Record
	for i, d := range deals {
		b := bridge.NewBoard(i+1, d.Deal)
		p, err := par.DealerPar(d.Table, b.Dealer, b.Vulnerability)
		if err != nil {
			t.Fatal(err)
		}
		records = append(records, handrecord.Record{Board: b, DoubleDummy: &handrecord.DoubleDummy{Tricks: d.Table, Par: p.String()}})
	}
	var want bytes.Buffer
	if err := handrecord.WriteHTML(&want, records, handrecord.Options{Title: "Club night", Subtitle: "Boards 1 to 4", HandStats: true}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(file.GetContent(), want.Bytes()) {
		t.Errorf("the HTML hand record is not the one with list10's tables and par")
	}
}

// TestRestartResumesAnAnalysis: an analysis the service's shutdown
// interrupts is still there, not done, at the next start, which takes it up
// without being asked and finishes it.
func TestRestartResumesAnAnalysis(t *testing.T) {
	dir := t.TempDir()
	h, deals, gate := gatedSet(t, dir, 4)
	op := h.release(t)
	gate <- struct{}{}
	h.waitFor(t, asDirector, op.GetName(), func(op *dealingv1.Operation) bool { return op.GetMetadata().GetBoardsSolved() == 1 })
	h.stop()

	h = start(t, dir, withFixtureSolver(deals, nil))
	op = h.waitFor(t, asDirector, op.GetName(), done)
	if op.GetError() != nil || op.GetMetadata().GetBoardsSolved() != 4 {
		t.Fatalf("after the restart the analysis ended as %v", op)
	}
	board := h.board(t, asTerminal, 4)
	wantAnalysis(t, board.GetBoard(), board.GetAnalysis(), deals[3])
}

// TestABoardDealtAgainIsSolvedAgain: the table of a board dealt again is
// forgotten at once, so the release cannot show the old deal's, and the
// release's analysis solves the new deal.
func TestABoardDealtAgainIsSolvedAgain(t *testing.T) {
	h, deals, gate := gatedSet(t, t.TempDir(), 6)
	resp := h.solve(t)
	for range 4 {
		gate <- struct{}{}
	}
	h.waitFor(t, asDirector, resp.GetName(), done)
	redeal := func(board int) {
		t.Helper()
		if _, err := h.client.RedealBoard(as(asDirector), &dealingv1.RedealBoardRequest{Name: fmt.Sprintf("%s/boards/%d", setName, board), Reason: "fouled"}); err != nil {
			t.Fatal(err)
		}
	}
	redeal(2) // now list10's fifth deal
	second := h.release(t)
	if a := h.board(t, asTerminal, 2).GetAnalysis(); a != nil {
		t.Fatalf("board 2, dealt again, shows %v before it is solved again", a)
	}
	board := h.board(t, asTerminal, 1)
	wantAnalysis(t, board.GetBoard(), board.GetAnalysis(), deals[0])
	close(gate)
	h.waitFor(t, asTerminal, second.GetName(), done)
	board = h.board(t, asTerminal, 2)
	wantAnalysis(t, board.GetBoard(), board.GetAnalysis(), deals[4])
}

// TestOnlyBoardsWithoutATableAreSolved: a set solved before its release,
// and then released with one board dealt again, is solved again only for
// that board: a second ask with nothing new solves nothing.
func TestOnlyBoardsWithoutATableAreSolved(t *testing.T) {
	deals := list10(t)[:6]
	var solved atomic.Int64
	h := start(t, t.TempDir(), withDeals(deals), withFixtureSolver(deals, nil), withSolvedCount(&solved))
	h.create(t, &dealingv1.BoardSet{FirstBoard: 1, LastBoard: 4})
	h.waitFor(t, asDirector, h.solve(t).GetName(), done)
	if _, err := h.client.RedealBoard(as(asDirector), &dealingv1.RedealBoardRequest{Name: setName + "/boards/2", Reason: "fouled"}); err != nil {
		t.Fatal(err)
	}
	second := h.waitFor(t, asDirector, h.release(t).GetName(), done)
	if got := solved.Load(); got != 5 || second.GetMetadata().GetBoardsSolved() != 4 {
		t.Fatalf("after the redeal %d deals were solved in all and the analysis counts %d boards solved; want 5 (4, then board 2) and 4", got, second.GetMetadata().GetBoardsSolved())
	}
	third := h.waitFor(t, asDirector, h.solve(t).GetName(), done)
	if got := solved.Load(); got != 5 || third.GetError() != nil {
		t.Fatalf("a third analysis with every table stored solved %d deals in all (want 5) and ended %v", got, third)
	}
	board := h.board(t, asTerminal, 2)
	wantAnalysis(t, board.GetBoard(), board.GetAnalysis(), deals[4])
}

// TestADamagedTableLeavesTheDealsReadable: a table record that cannot be
// read is left out, and the board, the set and their exports are still
// answered.
func TestADamagedTableLeavesTheDealsReadable(t *testing.T) {
	dir := t.TempDir()
	deals := list10(t)[:4]
	h := start(t, dir, withDeals(deals), withFixtureSolver(deals, nil))
	h.create(t, &dealingv1.BoardSet{FirstBoard: 1, LastBoard: 4})
	h.waitFor(t, asDirector, h.release(t).GetName(), done)
	h.stop()
	db, err := bbolt.Open(filepath.Join(dir, "dealing.db"), 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bbolt.Tx) error {
		b, err := analysisBucket(tx, setName, bucketBoards, false)
		if b == nil || err != nil {
			return fmt.Errorf("no tables stored: %v", err)
		}
		return b.Put(platform.Uint64Key(3), []byte("not a record"))
	})
	if err := errors.Join(err, db.Close()); err != nil {
		t.Fatal(err)
	}
	h = start(t, dir, withDeals(deals), withFixtureSolver(deals, nil))
	if a := h.board(t, asTerminal, 3).GetAnalysis(); a != nil {
		t.Errorf("board 3's damaged table answered as %v", a)
	}
	board := h.board(t, asTerminal, 1)
	wantAnalysis(t, board.GetBoard(), board.GetAnalysis(), deals[0])
	if _, err := h.client.ExportBoardSet(as(asDirector), &dealingv1.ExportBoardSetRequest{Name: setName, Format: dealingv1.Format_FORMAT_HAND_RECORD_HTML}); err != nil {
		t.Errorf("the hand record of a set with a damaged table: %v", err)
	}
}

// TestABoardDealtAgainWhileSolvedIsSolvedAgain: the analysis that solved a
// board's old deal stores the others' tables, not that one, and queues a
// new analysis, which solves the new deal.
func TestABoardDealtAgainWhileSolvedIsSolvedAgain(t *testing.T) {
	h, deals, gate := gatedSet(t, t.TempDir(), 6)
	resp := h.solve(t)
	first := resp.GetName()
	gate <- struct{}{}
	h.waitFor(t, asDirector, first, func(op *dealingv1.Operation) bool { return op.GetMetadata().GetBoardsSolved() == 1 })
	if _, err := h.client.RedealBoard(as(asDirector), &dealingv1.RedealBoardRequest{Name: setName + "/boards/3", Reason: "fouled"}); err != nil {
		t.Fatal(err)
	}
	close(gate)
	h.waitFor(t, asDirector, first, done)
	second := h.waitFor(t, asDirector, setName+"/operations/2", done)
	if second.GetError() != nil || second.GetMetadata().GetRequestedBy() != "head-director" {
		t.Fatalf("the second analysis ended as %v", second)
	}
	h.release(t)
	board := h.board(t, asTerminal, 3)
	wantAnalysis(t, board.GetBoard(), board.GetAnalysis(), deals[4])
}

// TestAnalysisRefusals: only directors of its event start an analysis; until
// the set is released only they follow it, after it everyone who may read
// the set; a name that is not an operation's is refused naming the field.
func TestAnalysisRefusals(t *testing.T) {
	deals := list10(t)[:4]
	h := start(t, t.TempDir(), withDeals(deals), withFixtureSolver(deals, nil))
	h.create(t, &dealingv1.BoardSet{FirstBoard: 1, LastBoard: 4})
	_, err := h.client.SolveBoardSet(as(asTerminal), &dealingv1.SolveBoardSetRequest{Name: setName})
	wantCode(t, err, codes.PermissionDenied, "may not call")
	_, err = h.client.SolveBoardSet(as(asClub), &dealingv1.SolveBoardSetRequest{Name: setName})
	wantCode(t, err, codes.PermissionDenied, "events/congress")
	_, err = h.client.SolveBoardSet(as(asDirector), &dealingv1.SolveBoardSetRequest{Name: "events/congress/sessions/1/boardsets/other"})
	wantCode(t, err, codes.NotFound, "boardsets/other")
	resp := h.solve(t)
	op := h.waitFor(t, asDirector, resp.GetName(), done)
	for _, md := range []metadata.MD{asClub, asTerminal} {
		_, err = h.client.GetOperation(as(md), &dealingv1.GetOperationRequest{Name: op.GetName()})
		wantCode(t, err, codes.PermissionDenied, "events/congress")
	}
	h.release(t)
	for _, md := range []metadata.MD{asClub, asTerminal} {
		if _, err := h.client.GetOperation(as(md), &dealingv1.GetOperationRequest{Name: op.GetName()}); err != nil {
			t.Errorf("reading the analysis of a released set: %v", err)
		}
	}
	_, err = h.client.GetOperation(as(asTerminal), &dealingv1.GetOperationRequest{Name: setName + "/operations/x"})
	wantCode(t, err, codes.InvalidArgument, "name")
	_, err = h.client.GetOperation(as(asTerminal), &dealingv1.GetOperationRequest{Name: setName + "/operations/9"})
	wantCode(t, err, codes.NotFound, "operations/9")
}
