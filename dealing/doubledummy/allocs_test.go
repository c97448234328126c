package doubledummy

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// TestSolveAllocations checks that a warm solver solves an ending, with or
// without cards in the current trick, without allocating: a ruling on a
// claim or a play trace calls Solve once per card.
func TestSolveAllocations(t *testing.T) {
	ctx := context.Background()
	s := NewSolver()
	rng := rand.New(rand.NewPCG(1, 19))
	p := Position{Hands: randomEnding(rng, 4), Strain: bridge.StrainHearts, Leader: bridge.West}
	for _, played := range []int{0, 2} {
		q := randomTrick(rng, p, played)
		if _, err := s.Solve(ctx, q); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(20, func() { s.Solve(ctx, q) }); n != 0 {
			t.Errorf("Solve %s allocates %v times", positionText(q), n)
		}
	}
}
