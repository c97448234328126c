package doubledummy

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/ddslist"
)

// quickDeals returns real deals of list100 that the solver settles sooner
// than most: two under -short, four without.
func quickDeals(t *testing.T) []ddslist.Deal {
	deals := readList(t, "list100.txt")
	picked := []ddslist.Deal{deals[6], deals[5]}
	if !testing.Short() {
		picked = append(picked, deals[17], deals[65])
	}
	return picked
}

// rotated moves every hand of d one seat clockwise.
func rotated(d bridge.Deal) bridge.Deal {
	var out bridge.Deal
	for _, seat := range bridge.Seats {
		out[seat.LHO()] = d[seat]
	}
	return out
}

// rotatedTable is the table of the rotated deal.
func rotatedTable(t bridge.DDTable) bridge.DDTable {
	var out bridge.DDTable
	for _, seat := range bridge.Seats {
		out[seat.LHO()] = t[seat]
	}
	return out
}

// relabelled gives every card of d the suit to[its suit].
func relabelled(d bridge.Deal, to [4]bridge.Suit) bridge.Deal {
	var out bridge.Deal
	for seat, h := range d {
		for _, c := range h.Cards() {
			out[seat] = out[seat].Add(bridge.Card{Suit: to[c.Suit], Rank: c.Rank})
		}
	}
	return out
}

// relabelledTable is the table of the relabelled deal: the suit columns
// move with their suits and no trumps stays.
func relabelledTable(t bridge.DDTable, to [4]bridge.Suit) bridge.DDTable {
	out := t
	for seat := range t {
		for _, s := range bridge.Suits {
			out[seat][to[s].Strain()] = t[seat][s.Strain()]
		}
	}
	return out
}

// TestRotationAndSuits solves real deals as dealt, rotated one seat and
// with their suits relabelled: the tables must match DDS's and move with
// the seats and suits.
func TestRotationAndSuits(t *testing.T) {
	ctx := context.Background()
	s := NewSolver()
	rng := rand.New(rand.NewPCG(3, 3))
	for _, d := range quickDeals(t) {
		base, err := s.Table(ctx, d.Deal)
		if err != nil {
			t.Fatal(err)
		}
		if base != d.Table {
			t.Errorf("line %d (%s):\n got %v\nwant %v", d.Line, d.Deal, tableText(base), tableText(d.Table))
		}
		turned := rotated(d.Deal)
		got, err := s.Table(ctx, turned)
		if err != nil {
			t.Fatal(err)
		}
		if want := rotatedTable(base); got != want {
			t.Errorf("line %d rotated (%s):\n got %v\nwant %v", d.Line, turned, tableText(got), tableText(want))
		}
		to := bridge.Suits
		for to == bridge.Suits {
			for i, j := range rng.Perm(4) {
				to[i] = bridge.Suit(j)
			}
		}
		moved := relabelled(d.Deal, to)
		got, err = s.Table(ctx, moved)
		if err != nil {
			t.Fatal(err)
		}
		if want := relabelledTable(base, to); got != want {
			t.Errorf("line %d with suits C D H S made %v (%s):\n got %v\nwant %v", d.Line, to, moved, tableText(got), tableText(want))
		}
	}
}

// TestColdAgainstWarm solves each cell of a deal on a fresh solver and on
// one that has just solved another deal in another strain: what a solver
// keeps between calls must never change an answer.
func TestColdAgainstWarm(t *testing.T) {
	ctx := context.Background()
	deals := quickDeals(t)
	warm := NewSolver()
	for i, d := range deals {
		other := deals[(i+1)%len(deals)]
		if _, err := warm.Table(ctx, other.Deal); err != nil {
			t.Fatal(err)
		}
		for k, strain := range bridge.Strains {
			for _, declarer := range bridge.Seats {
				if _, err := warm.Tricks(ctx, other.Deal, bridge.Strains[(k+1)%5], declarer); err != nil {
					t.Fatal(err)
				}
				hot, err := warm.Tricks(ctx, d.Deal, strain, declarer.LHO())
				if err != nil {
					t.Fatal(err)
				}
				cold, err := NewSolver().Tricks(ctx, d.Deal, strain, declarer.LHO())
				if err != nil {
					t.Fatal(err)
				}
				want := 13 - d.Table[declarer][strain]
				if hot != want || cold != want {
					t.Errorf("line %d (%s), %s declaring %s: defence takes %d warm, %d cold, want %d", d.Line, d.Deal, declarer, strain, hot, cold, want)
				}
			}
		}
	}
}

// TestTablesPool solves a list with repeats on one and two workers: the
// tables must be those of minimax and DDS whatever the workers, and progress
// must count every deal of the list, repeats included.
func TestTablesPool(t *testing.T) {
	full := quickDeals(t)[0]
	var deals []bridge.Deal
	var want []bridge.DDTable
	for i := range 12 {
		d := randomEnding(rand.New(rand.NewPCG(uint64(i), 13)), 3)
		deals = append(deals, d)
		want = append(want, minimaxTable(d))
	}
	deals = append(deals, full.Deal, deals[0], full.Deal)
	want = append(want, full.Table, want[0], full.Table)
	for _, workers := range []int{1, 2} {
		var counts []int
		got, err := Tables(context.Background(), deals, workers, func(done int) { counts = append(counts, done) })
		if err != nil {
			t.Fatalf("%d workers: %v", workers, err)
		}
		for i := range deals {
			if got[i] != want[i] {
				t.Errorf("%d workers, deal %d (%s):\n got %v\nwant %v", workers, i+1, deals[i], tableText(got[i]), tableText(want[i]))
			}
		}
		if len(counts) == 0 || counts[len(counts)-1] != len(deals) {
			t.Errorf("%d workers: progress %v, want it to end at %d", workers, counts, len(deals))
		}
		for i := 1; i < len(counts); i++ {
			if counts[i] <= counts[i-1] {
				t.Errorf("%d workers: progress %v goes back", workers, counts)
				break
			}
		}
	}
}

// TestTablesCancel cancels a list from its progress callback, after the
// first deal: Tables must stop with the context's error before the end.
func TestTablesCancel(t *testing.T) {
	var deals []bridge.Deal
	for i := range 2 {
		deals = append(deals, randomEnding(rand.New(rand.NewPCG(uint64(i), 17)), 2))
	}
	for _, d := range readList(t, "list10.txt") {
		deals = append(deals, d.Deal)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	most := 0
	tables, err := Tables(ctx, deals, 2, func(done int) {
		most = max(most, done)
		cancel()
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Tables cancelled: %v, want %v", err, context.Canceled)
	}
	if tables != nil || most >= len(deals) {
		t.Errorf("Tables cancelled after the first deal went on to %d of %d deals and gave %d tables", most, len(deals), len(tables))
	}
}
