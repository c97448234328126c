package doubledummy

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// ending parses a deal in PBN form for a test, hands of any length.
func ending(t testing.TB, s string) bridge.Deal {
	t.Helper()
	var d bridge.Deal
	for i, h := range strings.Fields(strings.TrimPrefix(s, "N:")) {
		hand, err := bridge.ParseHand(h)
		if err != nil {
			t.Fatal(err)
		}
		d[i] = hand
	}
	return d
}

// card parses a card for a test.
func card(t testing.TB, s string) bridge.Card {
	t.Helper()
	c, err := bridge.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestBadPositions checks that Solve refuses what is not a position, with
// an error naming the card, seat or value at fault.
func TestBadPositions(t *testing.T) {
	good := ending(t, "N:AK... Q2... 3.4.. 5.6..")
	for _, c := range []struct {
		name string
		p    Position
		want []string
	}{
		{"card held twice", Position{Hands: ending(t, "N:AK... A2... 3.4.. 5.6.."), Strain: bridge.NoTrump}, []string{"SA", "twice"}},
		{"unequal hands", Position{Hands: ending(t, "N:AK... Q2... 3.4.. 5.6..7"), Strain: bridge.NoTrump}, []string{"West", "3"}},
		{"played seat holds too many", Position{Hands: good, Strain: bridge.NoTrump, Trick: []bridge.Card{card(t, "C2")}}, []string{"East", "one fewer"}},
		{"four cards in the trick", Position{Hands: ending(t, "N:A... Q... 3... 5..."), Strain: bridge.NoTrump,
			Trick: []bridge.Card{card(t, "C2"), card(t, "C3"), card(t, "C4"), card(t, "C5")}}, []string{"4 cards"}},
		{"trick card held", Position{Hands: ending(t, "N:A... Q2... 3.4.. 5.6.."), Strain: bridge.NoTrump, Trick: []bridge.Card{card(t, "SK"), card(t, "SQ")}}, []string{"SQ"}},
		{"trick card held by another seat", Position{Hands: ending(t, "N:A... 2.2.. 3.4.. 5.6.."), Strain: bridge.NoTrump, Trick: []bridge.Card{card(t, "S2")}}, []string{"S2"}},
		{"trick card twice", Position{Hands: ending(t, "N:A... Q... 3.4.. 5.6.."), Strain: bridge.NoTrump, Trick: []bridge.Card{card(t, "SK"), card(t, "SK")}}, []string{"SK"}},
		{"revoke", Position{Hands: ending(t, "N:A... 2... 3.4.. 5.6.."), Strain: bridge.NoTrump, Trick: []bridge.Card{card(t, "SK"), card(t, "HK")}}, []string{"East", "HK", "S"}},
		{"not a card in the trick", Position{Hands: ending(t, "N:A... 2... 3.4.. 5.6.."), Strain: bridge.NoTrump, Trick: []bridge.Card{{Suit: 7, Rank: bridge.Ace}}}, []string{"card 1"}},
		{"bits beyond the deck", Position{Hands: bridge.Deal{good[0], good[1], good[2], good[3] | 1<<60}, Strain: bridge.NoTrump}, []string{"West"}},
		{"bad strain", Position{Hands: good, Strain: 9}, []string{"strain 9"}},
		{"bad leader", Position{Hands: good, Strain: bridge.NoTrump, Leader: 4}, []string{"leader 4"}},
		{"empty hands", Position{Strain: bridge.NoTrump}, []string{"empty"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := NewSolver().Solve(context.Background(), c.p)
			if err == nil {
				t.Fatalf("Solve %s = %d, want an error", positionText(c.p), got)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("Solve %s: %q does not mention %q", positionText(c.p), err, w)
				}
			}
		})
	}
}

// TestBadDeals checks that Table, Tricks and Tables refuse hands that cannot
// be solved, and Tricks a strain or seat that is not one, naming the fault.
func TestBadDeals(t *testing.T) {
	ctx := context.Background()
	good := ending(t, "N:AK... Q2... 3.4.. 5.6..")
	for _, c := range []struct {
		name string
		d    bridge.Deal
		want []string
	}{
		{"card held twice", ending(t, "N:AK... Q2... 3.4.. K.6.."), []string{"SK", "twice"}},
		{"unequal hands", ending(t, "N:AK... Q2... 3.4.. 5.6..7"), []string{"West", "3"}},
		{"empty hands", bridge.Deal{}, []string{"empty"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := NewSolver()
			_, tableErr := s.Table(ctx, c.d)
			_, tricksErr := s.Tricks(ctx, c.d, bridge.NoTrump, bridge.North)
			_, tablesErr := Tables(ctx, []bridge.Deal{good, c.d}, 1, nil)
			for call, err := range map[string]error{"Table": tableErr, "Tricks": tricksErr, "Tables": tablesErr} {
				if err == nil {
					t.Fatalf("%s %s: no error", call, c.d)
				}
				for _, w := range c.want {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("%s %s: %q does not mention %q", call, c.d, err, w)
					}
				}
			}
			if !strings.Contains(tablesErr.Error(), "deal 2") {
				t.Errorf("Tables: %q does not name deal 2", tablesErr)
			}
		})
	}
	if _, err := NewSolver().Tricks(ctx, good, 5, bridge.North); err == nil || !strings.Contains(err.Error(), "strain 5") {
		t.Errorf("Tricks in strain 5: %v, want an error naming strain 5", err)
	}
	if _, err := NewSolver().Tricks(ctx, good, bridge.NoTrump, 7); err == nil || !strings.Contains(err.Error(), "leader 7") {
		t.Errorf("Tricks led by seat 7: %v, want an error naming leader 7", err)
	}
}

// fuzzPosition reads a position from bytes: the strain, the leader and how
// many of the cards are played to the trick (each may be out of range), then
// a card per byte, its low six bits the card (52 and up not a card) and its
// top two bits the seat. A card given twice is held by both seats.
func fuzzPosition(b []byte) Position {
	var p Position
	if len(b) < 3 {
		return p
	}
	p.Strain, p.Leader = bridge.Strain(b[0]%7), bridge.Seat(b[1]%5)
	inTrick := int(b[2] % 6)
	for _, x := range b[3:min(len(b), 3+24)] {
		i, seat := int(x&63), bridge.Seat(x>>6)
		if len(p.Trick) < inTrick && i < 52 {
			p.Trick = append(p.Trick, bridge.CardFromIndex(i))
			continue
		}
		p.Hands[seat] |= 1 << uint(i)
	}
	return p
}

// positionBytes writes p the way fuzzPosition reads it.
func positionBytes(p Position) []byte {
	b := []byte{byte(p.Strain), byte(p.Leader), byte(len(p.Trick))}
	for _, c := range p.Trick {
		b = append(b, byte(c.Index()))
	}
	for seat, h := range p.Hands {
		for _, c := range h.Cards() {
			b = append(b, byte(seat<<6|c.Index()))
		}
	}
	return b
}

// FuzzSolvePosition feeds Solve positions made of arbitrary bytes: it must
// never panic, and what it solves must lie between 0 and the tricks left,
// and agree with minimax when the hands are short enough for it.
func FuzzSolvePosition(f *testing.F) {
	for i := range 20 {
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		p := Position{Hands: randomEnding(rng, 1+rng.IntN(3)), Strain: bridge.Strains[rng.IntN(5)], Leader: bridge.Seat(rng.IntN(4))}
		f.Add(positionBytes(randomTrick(rng, p, rng.IntN(4))))
	}
	f.Add([]byte{4, 0, 0, 3, 64 | 4, 128 | 5, 192 | 6})
	f.Add([]byte{9, 9, 9})
	s := NewSolver()
	f.Fuzz(func(t *testing.T, b []byte) {
		p := fuzzPosition(b)
		got, err := s.Solve(context.Background(), p)
		if err != nil {
			return
		}
		left := p.Hands[toPlay(p)].Len()
		if got < 0 || got > left {
			t.Fatalf("Solve %s = %d, want 0 to %d", positionText(p), got, left)
		}
		if left <= 3 {
			if want := sideTricks(p, minimax(p)); got != want {
				t.Fatalf("Solve %s = %d, minimax %d", positionText(p), got, want)
			}
		}
	})
}
