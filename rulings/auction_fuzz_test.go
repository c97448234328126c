package rulings

import (
	"testing"

	"github.com/bridge-director/director/bridge"
)

// FuzzAuction drives an auction with random calls (many of them illegal),
// pass restrictions, withdrawals and condoned calls on a clone, and checks
// every state reached against a model of the Laws written separately from
// the implementation.
//
// Each byte is one step: 0xF8 and above withdraws the last call, 0xF0 to
// 0xF7 bars a seat throughout, 0xE0 to 0xEF bars a seat for its next turn,
// 0xD0 to 0xDF forces a call on a clone, and the rest make a call.
func FuzzAuction(f *testing.F) {
	f.Add(uint8(0), []byte{})
	f.Add(uint8(0), []byte{0, 0, 0, 0})
	f.Add(uint8(1), []byte{0x60, 0x61, 0x62, 0, 0, 0})
	f.Add(uint8(2), []byte{0x70, 0xE1, 0, 0x80, 0xF8, 0x90, 0, 0, 0})
	f.Add(uint8(3), []byte{0x55, 0xF2, 0xD3, 0x57, 0x96, 0x86, 0x52, 0x52, 0, 0, 0x51})
	f.Fuzz(func(t *testing.T, dealer uint8, steps []byte) {
		if len(steps) > maxFuzzSteps {
			steps = steps[:maxFuzzSteps]
		}
		m := &auctionModel{dealer: bridge.Seat(dealer % 4)}
		a := NewAuction(m.dealer)
		for seq, b := range steps {
			switch {
			case b >= 0xF8:
				_, ok := a.Withdraw()
				if ok != (len(m.calls) > 0) {
					t.Fatalf("Withdraw() = %v with %d calls", ok, len(m.calls))
				}
				if ok {
					m.calls = m.calls[:len(m.calls)-1]
				}
			case b >= 0xE0:
				r := modelRestriction{seat: bridge.Seat(b % 4), throughout: b >= 0xF0, seq: seq}
				m.restrictions = append(m.restrictions, r)
				kind := MustPassNextTurn
				if r.throughout {
					kind = MustPassThroughout
				}
				a.Restrict(Restriction{Kind: kind, Seat: r.seat, Law: "fuzz"})
			case b >= 0xD0:
				checkForceCall(t, a, bridge.Seat(b%4), fuzzCall(b*7))
			default:
				c := fuzzCall(b)
				want := m.legal(c)
				err := a.Call(c)
				if (err == nil) != want {
					t.Fatalf("after %q (dealer %v) Call(%v) = %v, model says legal %v", a, m.dealer, c, err, want)
				}
				if err == nil {
					m.calls = append(m.calls, modelCall{seat: m.turn(), call: c, seq: seq})
				}
			}
			m.check(t, a)
		}
		again, err := ParseAuction(m.dealer, a.String())
		if err != nil || again.String() != a.String() {
			t.Fatalf("%q does not read back: %q, %v", a, again, err)
		}
	})
}

// maxFuzzSteps bounds the steps of one run: the longest legal auction has
// 319 calls, and the model, simple rather than quick, slows with length.
const maxFuzzSteps = 600

// fuzzCall maps a byte to a call: passes most often, so that auctions end,
// and now and then a bid of eight or a call of no kind.
func fuzzCall(b byte) bridge.Call {
	if b < 0x50 {
		return bridge.Pass
	}
	switch i := int(b-0x50) % 40; {
	case i == 0:
		return bridge.Pass
	case i == 1:
		return bridge.Double
	case i == 2:
		return bridge.Redouble
	case i == 38:
		return bridge.Bid(8, bridge.NoTrump)
	case i == 39:
		return bridge.Call{}
	default:
		return bridge.Bid((i-3)/5+1, bridge.Strains[(i-3)%5])
	}
}

// checkForceCall forces a call on a clone and checks that the clone
// either recorded it (after a deemed pass, at most) or did not change, and
// that the original did not change either way.
func checkForceCall(t *testing.T, a *Auction, by bridge.Seat, c bridge.Call) {
	t.Helper()
	before := a.String()
	b := a.Clone()
	err := b.ForceCall(by, c)
	added := len(b.Calls()) - len(a.Calls())
	switch {
	case a.String() != before:
		t.Fatalf("ForceCall on a clone changed the original %q to %q", before, a)
	case err != nil && added != 0:
		t.Fatalf("refused ForceCall(%v, %v) = %v changed %q to %q", by, c, err, a, b)
	case err == nil && (added < 1 || added > 2 || b.Calls()[len(b.Calls())-1] != CallRecord{Seat: by, Call: c}):
		t.Fatalf("ForceCall(%v, %v) turned %q into %q", by, c, a, b)
	case err == nil && b.Turn() != by.LHO():
		t.Fatalf("after ForceCall(%v, %v) the turn is %v", by, c, b.Turn())
	}
	if err == nil {
		b.Withdraw()
		if b.Ended() {
			t.Fatalf("ForceCall(%v, %v) recorded a call after the end of %q", by, c, b)
		}
	}
}

// auctionModel is the Laws of the auction written plainly, replaying the
// calls from the start each time: turns rotate from the dealer (Law 17),
// bids rank by level then strain (Law 18), a double needs an opponent's
// undoubled bid and a redouble the opponents' double (Law 19), the auction
// ends after three passes following a call or four passes (Law 22).
type auctionModel struct {
	dealer       bridge.Seat
	calls        []modelCall
	restrictions []modelRestriction
}

type modelCall struct {
	seat bridge.Seat
	call bridge.Call
	seq  int // the step that made it
}

type modelRestriction struct {
	seat       bridge.Seat
	throughout bool
	seq        int // the step that made it
}

// modelState is what the calls so far determine.
type modelState struct {
	rank       int // of the last bid: 5*level + strain; -1 before any bid
	bidder     bridge.Seat
	doubling   int // 0, 1 doubled, 2 redoubled
	nonPass    bool
	endPasses  int // passes since the last call other than pass
	ended      bool
	firstNamer map[[2]int]bridge.Seat // [side, strain] -> first to name it
}

func (m *auctionModel) turn() bridge.Seat {
	return bridge.Seat((int(m.dealer) + len(m.calls)) % 4)
}

func (m *auctionModel) state(n int) modelState {
	s := modelState{rank: -1, firstNamer: map[[2]int]bridge.Seat{}}
	for _, mc := range m.calls[:n] {
		c := mc.call
		switch c.Kind {
		case bridge.CallPass:
			s.endPasses++
		case bridge.CallBid:
			s.rank, s.bidder, s.doubling = 5*c.Level+int(c.Strain), mc.seat, 0
			key := [2]int{int(mc.seat) % 2, int(c.Strain)}
			if _, ok := s.firstNamer[key]; !ok {
				s.firstNamer[key] = mc.seat
			}
		case bridge.CallDouble:
			s.doubling = 1
		case bridge.CallRedouble:
			s.doubling = 2
		}
		if c.Kind != bridge.CallPass {
			s.nonPass, s.endPasses = true, 0
		}
	}
	s.ended = s.nonPass && s.endPasses >= 3 || !s.nonPass && s.endPasses >= 4
	return s
}

// barred reports whether seat had to pass at the call made at step seq,
// with the first n calls made before it.
func (m *auctionModel) barred(seat bridge.Seat, n, seq int) bool {
	for _, r := range m.restrictions {
		if r.seat != seat || r.seq >= seq {
			continue
		}
		met := false
		for _, mc := range m.calls[:n] {
			if mc.seat == seat && mc.call.Kind == bridge.CallPass && mc.seq > r.seq {
				met = true
			}
		}
		if r.throughout || !met {
			return true
		}
	}
	return false
}

// legalAt reports whether c may follow the first n calls, made by seat at
// step seq.
func (m *auctionModel) legalAt(n int, seat bridge.Seat, c bridge.Call, seq int) bool {
	s := m.state(n)
	opponents := s.rank >= 0 && int(s.bidder)%2 != int(seat)%2
	switch {
	case s.ended:
		return false
	case c.Kind == bridge.CallPass:
		return true
	case m.barred(seat, n, seq):
		return false
	case c.Kind == bridge.CallBid:
		return c.Level >= 1 && c.Level <= 7 && int(c.Strain) <= 4 && 5*c.Level+int(c.Strain) > s.rank
	case c.Kind == bridge.CallDouble:
		return opponents && s.doubling == 0
	case c.Kind == bridge.CallRedouble:
		return s.rank >= 0 && !opponents && s.doubling == 1
	}
	return false
}

func (m *auctionModel) legal(c bridge.Call) bool {
	return m.legalAt(len(m.calls), m.turn(), c, 1<<62)
}

// check compares the auction with the model: the same calls, each legal
// where it was made, and the same turn, end, contract and declarer.
func (m *auctionModel) check(t *testing.T, a *Auction) {
	t.Helper()
	got := a.Calls()
	if len(got) != len(m.calls) {
		t.Fatalf("auction %q has %d calls, model %d", a, len(got), len(m.calls))
	}
	for i, mc := range m.calls {
		if int(mc.seat) != (int(m.dealer)+i)%4 || got[i] != (CallRecord{Seat: mc.seat, Call: mc.call}) {
			t.Fatalf("call %d of %q is %v, model %v", i+1, a, got[i], mc)
		}
	}
	// Calls are only ever added at the end or taken from it, so checking
	// the last one at each step checks them all.
	if n := len(m.calls); n > 0 && !m.legalAt(n-1, m.calls[n-1].seat, m.calls[n-1].call, m.calls[n-1].seq) {
		t.Fatalf("the last call of %q is not legal", a)
	}
	s := m.state(len(m.calls))
	if a.Turn() != m.turn() || a.Ended() != s.ended || a.PassedOut() != (s.ended && !s.nonPass) {
		t.Fatalf("%q: turn %v, ended %v, passed out %v; model %v, %v, %v", a, a.Turn(), a.Ended(), a.PassedOut(), m.turn(), s.ended, s.ended && !s.nonPass)
	}
	_, barred := a.MustPass(m.turn())
	if !s.ended && barred != m.barred(m.turn(), len(m.calls), 1<<62) {
		t.Fatalf("%q: MustPass(%v) = %v, model disagrees", a, m.turn(), barred)
	}
	contract, declarer, ok := a.Contract()
	if ok != (s.ended && s.nonPass) {
		t.Fatalf("%q: Contract() ok = %v, model ended %v with a bid %v", a, ok, s.ended, s.nonPass)
	}
	if !ok {
		return
	}
	want := bridge.Contract{Level: s.rank / 5, Strain: bridge.Strain(s.rank % 5), Doubling: bridge.Doubling(s.doubling)}
	wantDeclarer := s.firstNamer[[2]int{int(s.bidder) % 2, s.rank % 5}]
	if contract != want || declarer != wantDeclarer {
		t.Fatalf("%q: Contract() = %v by %v, model %v by %v", a, contract, declarer, want, wantDeclarer)
	}
	if leader, _ := a.OpeningLeader(); leader != bridge.Seat((int(wantDeclarer)+1)%4) {
		t.Fatalf("%q: OpeningLeader() = %v, model %v", a, leader, (int(wantDeclarer)+1)%4)
	}
}
