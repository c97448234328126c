package rulings

import (
	"testing"

	"github.com/bridge-director/director/bridge"
)

func mustParseAuction(t *testing.T, dealer bridge.Seat, calls string) *Auction {
	t.Helper()
	a, err := ParseAuction(dealer, calls)
	if err != nil {
		t.Fatalf("ParseAuction(%v, %q): %v", dealer, calls, err)
	}
	return a
}

func TestAuctionTurnFollowsDealer(t *testing.T) {
	tests := []struct {
		dealer bridge.Seat
		calls  string
		want   bridge.Seat
	}{
		{bridge.North, "", bridge.North},
		{bridge.West, "", bridge.West},
		{bridge.West, "P", bridge.North},
		{bridge.South, "1C P 1H", bridge.East},
		{bridge.East, "P P P", bridge.North},
	}
	for _, tt := range tests {
		a := mustParseAuction(t, tt.dealer, tt.calls)
		if got := a.Turn(); got != tt.want {
			t.Errorf("dealer %v, %q: Turn() = %v, want %v", tt.dealer, tt.calls, got, tt.want)
		}
		if a.Dealer() != tt.dealer {
			t.Errorf("Dealer() = %v, want %v", a.Dealer(), tt.dealer)
		}
	}
}

func TestAuctionEnd(t *testing.T) {
	tests := []struct {
		calls            string
		ended, passedOut bool
		contract         string
		declarer, leader bridge.Seat
	}{
		{calls: ""},
		{calls: "P P P"},
		{calls: "P P P P", ended: true, passedOut: true},
		{calls: "1S P P"},
		{calls: "1S P P P", ended: true, contract: "1S", declarer: bridge.North, leader: bridge.East},
		{calls: "P P P 1C P P P", ended: true, contract: "1C", declarer: bridge.West, leader: bridge.North},
		{calls: "1S X P P", ended: false},
		{calls: "1S X P P P", ended: true, contract: "1SX", declarer: bridge.North, leader: bridge.East},
		{calls: "1S X XX P P P", ended: true, contract: "1SXX", declarer: bridge.North, leader: bridge.East},
		{calls: "1S X 2H P P P", ended: true, contract: "2H", declarer: bridge.South, leader: bridge.West},
		// The first of the side to name the strain declares (Law 22A).
		{calls: "1S P 2H P 2S P 4S P P P", ended: true, contract: "4S", declarer: bridge.North, leader: bridge.East},
		{calls: "1H P 1S P 2S P 4S P P P", ended: true, contract: "4S", declarer: bridge.South, leader: bridge.West},
		{calls: "1S 2H P 3H 4S P P P", ended: true, contract: "4S", declarer: bridge.North, leader: bridge.East},
		// West named hearts first for East-West; East only raised them.
		{calls: "1C P 1D 1H P 2H X P P P", ended: true, contract: "2HX", declarer: bridge.West, leader: bridge.North},
		{calls: "1H 2H P 2NT P 3NT P P P", ended: true, contract: "3NT", declarer: bridge.West, leader: bridge.North},
		// North-South named hearts first; that does not make North declarer
		// of East-West's contract.
		{calls: "1H X 2H P P 3H P P P", ended: true, contract: "3H", declarer: bridge.East, leader: bridge.South},
	}
	for _, tt := range tests {
		a := mustParseAuction(t, bridge.North, tt.calls)
		if a.Ended() != tt.ended || a.PassedOut() != tt.passedOut {
			t.Errorf("%q: Ended() = %v, PassedOut() = %v, want %v, %v", tt.calls, a.Ended(), a.PassedOut(), tt.ended, tt.passedOut)
		}
		contract, declarer, ok := a.Contract()
		leader, leaderOK := a.OpeningLeader()
		if tt.contract == "" {
			if ok || leaderOK {
				t.Errorf("%q: Contract() = %v by %v, want none", tt.calls, contract, declarer)
			}
			continue
		}
		want, err := bridge.ParseContract(tt.contract)
		if err != nil {
			t.Fatal(err)
		}
		if !ok || contract != want || declarer != tt.declarer {
			t.Errorf("%q: Contract() = %v by %v (%v), want %v by %v", tt.calls, contract, declarer, ok, want, tt.declarer)
		}
		if !leaderOK || leader != tt.leader {
			t.Errorf("%q: OpeningLeader() = %v (%v), want %v", tt.calls, leader, leaderOK, tt.leader)
		}
	}
}

func TestAuctionLastBidAndDoubling(t *testing.T) {
	tests := []struct {
		calls    string
		bid      string
		by       bridge.Seat
		doubling bridge.Doubling
	}{
		{calls: "P P", doubling: bridge.Undoubled},
		{calls: "P 1D", bid: "1D", by: bridge.East, doubling: bridge.Undoubled},
		{calls: "P 1D X", bid: "1D", by: bridge.East, doubling: bridge.Doubled},
		{calls: "P 1D X P P XX", bid: "1D", by: bridge.East, doubling: bridge.Redoubled},
		{calls: "P 1D X XX 1H", bid: "1H", by: bridge.North, doubling: bridge.Undoubled},
	}
	for _, tt := range tests {
		a := mustParseAuction(t, bridge.North, tt.calls)
		bid, by, ok := a.LastBid()
		if ok != (tt.bid != "") || ok && (bid.String() != tt.bid || by != tt.by) {
			t.Errorf("%q: LastBid() = %v by %v (%v), want %q by %v", tt.calls, bid, by, ok, tt.bid, tt.by)
		}
		if got := a.Doubling(); got != tt.doubling {
			t.Errorf("%q: Doubling() = %v, want %v", tt.calls, got, tt.doubling)
		}
	}
}

func TestAuctionCallsRecordSeats(t *testing.T) {
	a := mustParseAuction(t, bridge.South, "1NT X")
	want := []CallRecord{
		{Seat: bridge.South, Call: bridge.Bid(1, bridge.NoTrump)},
		{Seat: bridge.West, Call: bridge.Double},
	}
	got := a.Calls()
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("Calls() = %v, want %v", got, want)
	}
	got[0].Call = bridge.Pass
	if a.Calls()[0] != want[0] {
		t.Error("changing the slice Calls returned changed the auction")
	}
}

func TestAuctionCloneIsIndependent(t *testing.T) {
	a := mustParseAuction(t, bridge.North, "1S")
	a.Restrict(Restriction{Kind: LeadProhibitedOneOf, Seat: bridge.West, Suits: []bridge.Suit{bridge.Spades}, Law: "26B"})
	b := a.Clone()
	if err := b.Call(bridge.Pass); err != nil {
		t.Fatal(err)
	}
	b.Restrict(Restriction{Kind: MustPassNextTurn, Seat: bridge.North, Law: "30A"})
	b.restrictions[0].Suits[0] = bridge.Hearts
	if a.String() != "1S" || len(a.Restrictions()) != 1 || a.Restrictions()[0].Suits[0] != bridge.Spades {
		t.Errorf("the original changed with its clone: %q, %v", a, a.Restrictions())
	}
	if b.String() != "1S PASS" || len(b.Restrictions()) != 2 {
		t.Errorf("clone = %q with %v", b, b.Restrictions())
	}
}
