package doubledummy

import (
	"context"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/ddslist"
)

// long skips a test without -dd.long: it solves a whole DDS file or a freak
// deal, which takes minutes. .ci/run sets it.
func long(t *testing.T) {
	if !*longRuns {
		t.Skip("solves a whole DDS file or a freak deal; runs with -dd.long")
	}
}

// checkTablesOnCores solves the deals of a DDS file on every core, each
// deal that repeats once, and compares every table with the one DDS gave.
func checkTablesOnCores(t *testing.T, name string, deals []ddslist.Deal) {
	list := make([]bridge.Deal, len(deals))
	for i, d := range deals {
		list[i] = d.Deal
	}
	tables, err := Tables(context.Background(), list, 0, nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for i, d := range deals {
		if tables[i] != d.Table {
			t.Errorf("%s line %d (%s):\n got %v\nwant %v", name, d.Line, d.Deal, tableText(tables[i]), tableText(d.Table))
		}
	}
}

// checkLongTables checks the tables of a DDS list file without -short.
func checkLongTables(t *testing.T, name string) {
	long(t)
	checkTablesOnCores(t, name, readList(t, name))
}

func TestTablesList1(t *testing.T) { checkTables(t, "list1.txt") }

// TestTablesSol10 reads GIB's layout; under -short it solves three deals.
func TestTablesSol10(t *testing.T) {
	deals := readList(t, "sol10.txt")
	if testing.Short() {
		deals = deals[:3]
	}
	checkTablesOnCores(t, "sol10.txt", deals)
}

func TestTablesList100(t *testing.T) { checkLongTables(t, "list100.txt") }

// TestTablesList1000 solves list1000's 639 distinct deals; the 361 repeats
// must come out the same.
func TestTablesList1000(t *testing.T) { checkLongTables(t, "list1000.txt") }

// TestTablesLargest solves the real deals that take DDS longest.
func TestTablesLargest(t *testing.T) { checkLongTables(t, "largest.txt") }

// TestTablesThomas1 and TestTablesThomas2 solve constructed deals on which
// the trick counts are hard to settle.
func TestTablesThomas1(t *testing.T) { checkLongTables(t, "thomas1.txt") }

func TestTablesThomas2(t *testing.T) { checkLongTables(t, "thomas2.txt") }

// checkFuture checks the FUT lines of DDS deals: for each card the player
// on lead may lead, the tricks the leader's side takes once it is led, and
// the same for each card DDS found equal to it. Together the cards must be
// the leader's whole hand.
func checkFuture(t *testing.T, name string) {
	s := NewSolver()
	for _, d := range readList(t, name) {
		var seen bridge.Hand
		for _, f := range d.Future {
			cards := []bridge.Card{f.Card}
			for r := bridge.Two; r <= bridge.Ace; r++ {
				if f.Equals&(1<<r) != 0 {
					cards = append(cards, bridge.Card{Suit: f.Card.Suit, Rank: r})
				}
			}
			for _, c := range cards {
				seen = seen.Add(c)
				p := Position{Hands: d.Deal, Strain: d.Trump, Leader: d.Leader, Trick: []bridge.Card{c}}
				p.Hands[d.Leader] = p.Hands[d.Leader].Remove(c)
				theirs, err := s.Solve(context.Background(), p)
				if err != nil {
					t.Fatalf("%s line %d: %v", name, d.Line, err)
				}
				if got := d.Deal[d.Leader].Len() - theirs; got != f.Tricks {
					t.Errorf("%s line %d (%s): %s leads %s in %s: leader's side takes %d, FUT says %d", name, d.Line, d.Deal, d.Leader, c, d.Trump, got, f.Tricks)
				}
			}
		}
		if seen != d.Deal[d.Leader] {
			t.Errorf("%s line %d: FUT names %s, the leader holds %s", name, d.Line, seen, d.Deal[d.Leader])
		}
	}
}

// checkTrace checks the TRACE lines of DDS deals: declarer's tricks, those
// won and those to come double dummy, before the play of PLAY and after each
// of its cards.
func checkTrace(t *testing.T, name string) {
	s := NewSolver()
	for _, d := range readList(t, name) {
		declarer := d.Leader.RHO().Side()
		p := Position{Hands: d.Deal, Strain: d.Trump, Leader: d.Leader}
		won := 0
		for k, want := range d.Trace {
			if k > 0 {
				c := d.Play[k-1]
				seat := toPlay(p)
				if !p.Hands[seat].Has(c) {
					t.Fatalf("%s line %d: card %d of PLAY, %s, is not %s's", name, d.Line, k, c, seat)
				}
				p.Hands[seat] = p.Hands[seat].Remove(c)
				p.Trick = append(p.Trick, c)
				if len(p.Trick) == 4 {
					var trick [4]bridge.Card
					copy(trick[:], p.Trick)
					p.Leader = trickWinner(trick, p.Leader, p.Strain)
					p.Trick = nil
					if p.Leader.Side() == declarer {
						won++
					}
				}
			}
			next, err := s.Solve(context.Background(), p)
			if err != nil {
				t.Fatalf("%s line %d after %d cards: %v", name, d.Line, k, err)
			}
			if toPlay(p).Side() != declarer {
				next = p.Hands[toPlay(p)].Len() - next
			}
			if got := won + next; got != want {
				t.Errorf("%s line %d (%s) in %s after %d cards of PLAY (%s): declarer's side takes %d, TRACE says %d", name, d.Line, d.Deal, d.Trump, k, positionText(p), got, want)
			}
		}
	}
}

func TestFutureList10(t *testing.T) { checkFuture(t, "list10.txt") }

func TestTraceList10(t *testing.T) { checkTrace(t, "list10.txt") }

func TestFutureList100(t *testing.T) { long(t); checkFuture(t, "list100.txt") }

func TestTraceList100(t *testing.T) { long(t); checkTrace(t, "list100.txt") }
