package doubledummy

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// minimax returns the tricks North-South take from p, the current trick
// included, by trying every legal card of every player: no pruning, no
// table, nothing clever, so that the solver can be checked against it.
func minimax(p Position) int {
	var trick [4]bridge.Card
	copy(trick[:], p.Trick)
	hands := p.Hands
	return nsTricks(&hands, p.Strain, p.Leader, trick, len(p.Trick))
}

// nsTricks is minimax on a trick of which played cards have been played.
func nsTricks(hands *bridge.Deal, strain bridge.Strain, leader bridge.Seat, trick [4]bridge.Card, played int) int {
	if played == 4 {
		winner := trickWinner(trick, leader, strain)
		won := 0
		if winner.Side() == bridge.NorthSouth {
			won = 1
		}
		if hands[0]|hands[1]|hands[2]|hands[3] == 0 {
			return won
		}
		return won + nsTricks(hands, strain, winner, trick, 0)
	}
	seat := (leader + bridge.Seat(played)) % 4
	hand := hands[seat]
	legal := hand
	if played > 0 {
		if follow := hand & suitCards(trick[0].Suit); follow != 0 {
			legal = follow
		}
	}
	best := -1
	for m := uint64(legal); m != 0; m &= m - 1 {
		c := bridge.CardFromIndex(bits.TrailingZeros64(m))
		hands[seat] = hand.Remove(c)
		trick[played] = c
		v := nsTricks(hands, strain, leader, trick, played+1)
		hands[seat] = hand
		if best < 0 || seat.Side() == bridge.NorthSouth && v > best || seat.Side() == bridge.EastWest && v < best {
			best = v
		}
	}
	return best
}

// suitCards is every card of a suit.
func suitCards(s bridge.Suit) bridge.Hand { return bridge.Hand(1<<13-1) << (13 * uint(s)) }

// trickWinner returns who wins a complete trick: the highest trump, or the
// highest card of the suit led.
func trickWinner(trick [4]bridge.Card, leader bridge.Seat, strain bridge.Strain) bridge.Seat {
	trump, hasTrump := strain.Suit()
	best := 0
	for i := 1; i < 4; i++ {
		c, b := trick[i], trick[best]
		if c.Suit == b.Suit && c.Rank > b.Rank || hasTrump && c.Suit == trump && b.Suit != trump {
			best = i
		}
	}
	return (leader + bridge.Seat(best)) % 4
}

// minimaxTable is the double-dummy table of d by minimax.
func minimaxTable(d bridge.Deal) bridge.DDTable {
	var t bridge.DDTable
	for _, strain := range bridge.Strains {
		for _, declarer := range bridge.Seats {
			ns := minimax(Position{Hands: d, Strain: strain, Leader: declarer.LHO()})
			t[declarer][strain] = ns
			if declarer.Side() == bridge.EastWest {
				t[declarer][strain] = d[0].Len() - ns
			}
		}
	}
	return t
}

// toPlay is the seat that plays the next card in p.
func toPlay(p Position) bridge.Seat { return (p.Leader + bridge.Seat(len(p.Trick))) % 4 }

// sideTricks turns North-South's tricks from p into those of the side to
// play next, as Solve counts them.
func sideTricks(p Position, ns int) int {
	if toPlay(p).Side() == bridge.NorthSouth {
		return ns
	}
	return p.Hands[toPlay(p)].Len() - ns
}

// randomEnding deals n cards to each seat from a shuffled deck.
func randomEnding(rng *rand.Rand, n int) bridge.Deal {
	var d bridge.Deal
	for i, c := range rng.Perm(52)[:4*n] {
		d[i%4] = d[i%4].Add(bridge.CardFromIndex(c))
	}
	return d
}

// randomTrick plays played random legal cards to the first trick of a
// position, from its leader on.
func randomTrick(rng *rand.Rand, p Position, played int) Position {
	p.Trick = nil
	for i := range played {
		seat := (p.Leader + bridge.Seat(i)) % 4
		legal := p.Hands[seat]
		if i > 0 {
			if follow := legal & suitCards(p.Trick[0].Suit); follow != 0 {
				legal = follow
			}
		}
		cards := legal.Cards()
		c := cards[rng.IntN(len(cards))]
		p.Hands[seat] = p.Hands[seat].Remove(c)
		p.Trick = append(p.Trick, c)
	}
	return p
}

// positionText writes a position for a failure message.
func positionText(p Position) string {
	return fmt.Sprintf("%s strain %s leader %s trick %v", p.Hands, p.Strain, p.Leader, p.Trick)
}

// TestTrickWinner pins the rules minimax relies on, so that the oracle
// itself is checked: trumps beat the suit led, a discard never wins.
func TestTrickWinner(t *testing.T) {
	for _, c := range []struct {
		trick  [4]string
		strain bridge.Strain
		leader bridge.Seat
		want   bridge.Seat
	}{
		{[4]string{"H2", "HA", "SK", "H3"}, bridge.NoTrump, bridge.North, bridge.East},
		{[4]string{"H2", "HA", "S2", "H3"}, bridge.StrainSpades, bridge.North, bridge.South},
		{[4]string{"H2", "S3", "S2", "SA"}, bridge.StrainSpades, bridge.West, bridge.South},
		{[4]string{"D5", "C2", "HA", "SA"}, bridge.StrainHearts, bridge.South, bridge.North},
		{[4]string{"D5", "C2", "HA", "SA"}, bridge.NoTrump, bridge.East, bridge.East},
	} {
		var trick [4]bridge.Card
		for i, s := range c.trick {
			trick[i] = card(t, s)
		}
		if got := trickWinner(trick, c.leader, c.strain); got != c.want {
			t.Errorf("%v in %s led by %s: won by %s, want %s", c.trick, c.strain, c.leader, got, c.want)
		}
	}
}

// TestSmallEndings checks Table, Tricks and Solve against minimax on random
// endings of 1 to 4 cards a hand, in every strain from every seat, and with
// 0 to 3 cards already played to the current trick. One solver serves every
// case, so that what it keeps from one deal to the next is tested too.
func TestSmallEndings(t *testing.T) {
	cases := 800
	if testing.Short() {
		cases = 150
	}
	ctx := context.Background()
	s := NewSolver()
	for i := range cases {
		seed := uint64(i)
		rng := rand.New(rand.NewPCG(seed, 11))
		n := 1 + rng.IntN(4)
		d := randomEnding(rng, n)
		want := minimaxTable(d)
		for _, strain := range bridge.Strains {
			for _, leader := range bridge.Seats {
				tricks, err := s.Tricks(ctx, d, strain, leader)
				if err != nil {
					t.Fatalf("seed %d: Tricks %s in %s led by %s: %v", seed, d, strain, leader, err)
				}
				if w := n - want[leader.RHO()][strain]; tricks != w {
					t.Errorf("seed %d: Tricks %s in %s led by %s = %d, minimax %d", seed, d, strain, leader, tricks, w)
				}
			}
		}
		got, err := s.Table(ctx, d)
		if err != nil {
			t.Fatalf("seed %d: Table %s: %v", seed, d, err)
		}
		if got != want {
			t.Errorf("seed %d: Table %s:\n got %v\nwant %v", seed, d, tableText(got), tableText(want))
		}
		for range 4 {
			p := Position{Hands: d, Strain: bridge.Strains[rng.IntN(5)], Leader: bridge.Seat(rng.IntN(4))}
			checkSolve(t, s, seed, randomTrick(rng, p, rng.IntN(4)))
		}
	}
}

// TestFiveCardEndings checks Solve against minimax on endings of five cards
// a hand, in random strains from random seats. Most have cards played to the
// current trick already, as minimax takes long over a whole five-card ending.
func TestFiveCardEndings(t *testing.T) {
	cases := 300
	if testing.Short() {
		cases = 40
	}
	s := NewSolver()
	for i := range cases {
		seed := uint64(i)
		rng := rand.New(rand.NewPCG(seed, 5))
		p := Position{Hands: randomEnding(rng, 5), Strain: bridge.Strains[rng.IntN(5)], Leader: bridge.Seat(rng.IntN(4))}
		played := 1 + rng.IntN(3)
		if i%20 == 0 {
			played = 0
		}
		checkSolve(t, s, seed, randomTrick(rng, p, played))
	}
}

// checkSolve compares what s and minimax make of p, and on a difference
// what a fresh solver makes of it too.
func checkSolve(t *testing.T, s *Solver, seed uint64, p Position) {
	t.Helper()
	ctx := context.Background()
	want := sideTricks(p, minimax(p))
	got, err := s.Solve(ctx, p)
	if err != nil {
		t.Fatalf("seed %d: Solve %s: %v", seed, positionText(p), err)
	}
	if got != want {
		cold, _ := NewSolver().Solve(ctx, p)
		t.Errorf("seed %d: Solve %s = %d (a fresh solver %d), minimax %d", seed, positionText(p), got, cold, want)
	}
}
