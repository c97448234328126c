package doubledummy

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/bridge-director/director/bridge"
)

// Tables solves many deals on workers solvers at once (0 means one per
// core), calling progress, when it is not nil, with the count of deals done
// after each one. Deals that appear twice are solved once. It stops at the
// first deal that cannot be solved, or when ctx is done.
func Tables(ctx context.Context, deals []bridge.Deal, workers int, progress func(done int)) ([]bridge.DDTable, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	for i, d := range deals {
		if err := checkHands(d); err != nil {
			return nil, fmt.Errorf("deal %d: %w", i+1, err)
		}
	}
	first := make(map[bridge.Deal]int, len(deals))
	copies := make(map[int]int, len(deals))
	var work []int
	for i, d := range deals {
		f, ok := first[d]
		if !ok {
			f = i
			first[d] = i
			work = append(work, i)
		}
		copies[f]++
	}
	out := make([]bridge.DDTable, len(deals))
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	next := make(chan int)
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		done int
	)
	for range min(workers, len(work)) {
		wg.Go(func() {
			solver := NewSolver()
			for i := range next {
				t, err := solver.Table(ctx, deals[i])
				if err != nil {
					cancel(fmt.Errorf("deal %d: %w", i+1, err))
					continue
				}
				out[i] = t
				mu.Lock()
				done += copies[i]
				if progress != nil {
					progress(done)
				}
				mu.Unlock()
			}
		})
	}
feed:
	for _, i := range work {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := context.Cause(ctx); err != nil {
		return nil, err
	}
	for i, d := range deals {
		out[i] = out[first[d]]
	}
	return out, nil
}
