package doubledummy

import (
	"context"
	"errors"

	"github.com/bridge-director/director/bridge"
)

// Solver solves deals double dummy. It keeps its tables between calls and
// is used by one goroutine at a time.
type Solver struct{}

// NewSolver returns a Solver with empty tables.
func NewSolver() *Solver { return &Solver{} }

// Position is a moment in the play: the cards each seat still holds, the
// strain, who led the current trick and the cards played to it so far.
type Position struct {
	// Hands holds the cards each seat still holds, not those in Trick.
	Hands  bridge.Deal
	Strain bridge.Strain
	// Leader led the current trick, or leads the next one when Trick is empty.
	Leader bridge.Seat
	// Trick holds the cards played to the current trick, 0 to 3, from Leader on.
	Trick []bridge.Card
}

var errUnbuilt = errors.New("doubledummy: the solver is not built yet")

// Table returns the double-dummy table of a deal.
func (s *Solver) Table(ctx context.Context, d bridge.Deal) (bridge.DDTable, error) {
	return bridge.UnknownDDTable(), errUnbuilt
}

// Tricks returns the tricks the side of leader takes when leader makes the
// opening lead in strain.
func (s *Solver) Tricks(ctx context.Context, d bridge.Deal, strain bridge.Strain, leader bridge.Seat) (int, error) {
	return 0, errUnbuilt
}

// Solve returns the tricks still to come, the current one included, that the
// side of the player to play next takes.
func (s *Solver) Solve(ctx context.Context, p Position) (int, error) { return 0, errUnbuilt }

// Nodes returns the search nodes the solver has visited, for benchmarks.
func (s *Solver) Nodes() uint64 { return 0 }

// Tables solves many deals on workers solvers at once (0 means one per
// core), calling progress, when it is not nil, with the count of deals done
// after each one.
func Tables(ctx context.Context, deals []bridge.Deal, workers int, progress func(done int)) ([]bridge.DDTable, error) {
	return nil, errUnbuilt
}
