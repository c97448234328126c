package rulings

import (
	"errors"
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestAuctionRotation(t *testing.T) {
	const (
		in      = InRotation
		early   = AtRHOsTurn
		partner = AtPartnersTurn
		change  = ChangeOfCall
		after   = AfterAuction
	)
	tests := []struct {
		name   string
		dealer bridge.Seat
		calls  string
		barred []bridge.Seat   // must pass at their next turn (Law 30A)
		want   [4]RotationKind // for North, East, South, West
	}{
		{name: "North deals, no call", dealer: bridge.North, want: [4]RotationKind{in, early, partner, partner}},
		{name: "after one call", dealer: bridge.North, calls: "1S", want: [4]RotationKind{change, in, early, partner}},
		{name: "after two calls", dealer: bridge.North, calls: "1S P", want: [4]RotationKind{partner, change, in, early}},
		{name: "after three calls", dealer: bridge.North, calls: "1S P 2S", want: [4]RotationKind{early, partner, change, in}},
		// West is dealer, so South's left-hand opponent: a call by South,
		// who has not called, is treated as at partner's turn (30B1, 31B, 32B).
		{name: "West deals, no call", dealer: bridge.West, want: [4]RotationKind{early, partner, partner, in}},
		{name: "East deals, one pass", dealer: bridge.East, calls: "P", want: [4]RotationKind{partner, change, in, early}},
		{name: "South deals, one pass", dealer: bridge.South, calls: "P", want: [4]RotationKind{early, partner, change, in}},
		// Law 28A: a call at the turn of a right-hand opponent who must pass
		// is in rotation.
		{name: "RHO must pass", dealer: bridge.North, calls: "1S", barred: []bridge.Seat{bridge.East},
			want: [4]RotationKind{change, in, in, partner}},
		{name: "someone else must pass", dealer: bridge.North, calls: "1S", barred: []bridge.Seat{bridge.West},
			want: [4]RotationKind{change, in, early, partner}},
		{name: "ended", dealer: bridge.North, calls: "1S P P P", want: [4]RotationKind{after, after, after, after}},
		{name: "passed out", dealer: bridge.East, calls: "P P P P", want: [4]RotationKind{after, after, after, after}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := mustParseAuction(t, tt.dealer, tt.calls)
			for _, s := range tt.barred {
				a.Restrict(Restriction{Kind: MustPassNextTurn, Seat: s, Law: "30A"})
			}
			for _, s := range bridge.Seats {
				if got := a.Rotation(s); got != tt.want[s] {
					t.Errorf("Rotation(%v) = %v, want %v", s, got, tt.want[s])
				}
			}
		})
	}
}

func TestForceCallOutOfRotation(t *testing.T) {
	a := mustParseAuction(t, bridge.North, "1S")
	// West bids at partner's turn and North, his left-hand opponent, accepts.
	if err := a.ForceCall(bridge.West, bridge.Bid(2, bridge.StrainHearts)); err != nil {
		t.Fatal(err)
	}
	if a.Turn() != bridge.North || a.String() != "1S 2H" {
		t.Fatalf("after the accepted 2H: %q, turn %v; want North to call", a, a.Turn())
	}
	if got := a.Calls()[1]; got.Seat != bridge.West {
		t.Errorf("2H recorded for %v, want West", got.Seat)
	}
	mustCall(t, a, "X") // North doubles West's 2H
	mustCall(t, a, "P")
	mustCall(t, a, "P")
	mustCall(t, a, "P")
	contract, declarer, ok := a.Contract()
	if !ok || contract.String() != "2HX" || declarer != bridge.West {
		t.Errorf("Contract() = %v by %v, want 2HX by West", contract, declarer)
	}
}

func TestForceCallInsufficientBidAccepted(t *testing.T) {
	a := mustParseAuction(t, bridge.North, "1S")
	if err := a.ForceCall(bridge.East, bridge.Bid(1, bridge.StrainHearts)); err != nil {
		t.Fatal(err)
	}
	if bid, by, _ := a.LastBid(); bid != bridge.Bid(1, bridge.StrainHearts) || by != bridge.East {
		t.Errorf("LastBid() = %v by %v, want East's 1H", bid, by)
	}
	// South accepts by calling; bids need only supersede 1H now (Law 27A1).
	mustCall(t, a, "1S")
	if err := a.Legal(bridge.Bid(1, bridge.StrainHearts)); err == nil {
		t.Error("1H is legal over the new 1S")
	}
}

func TestForceCallOverBarredRHOIsInRotation(t *testing.T) {
	a := mustParseAuction(t, bridge.North, "1S")
	a.Restrict(Restriction{Kind: MustPassNextTurn, Seat: bridge.East, Law: "30A"})
	if err := a.ForceCall(bridge.South, bridge.Bid(2, bridge.StrainSpades)); err != nil {
		t.Fatal(err)
	}
	if a.String() != "1S PASS 2S" || a.Turn() != bridge.West {
		t.Fatalf("after South's 2S at barred East's turn: %q, turn %v; want East's pass recorded", a, a.Turn())
	}
	if _, barred := a.MustPass(bridge.East); barred {
		t.Error("East still barred: the deemed pass did not meet the obligation")
	}
}

func TestForceCallRefusesCallAfterDeemedFinalPass(t *testing.T) {
	a := mustParseAuction(t, bridge.North, "1S P P")
	a.Restrict(Restriction{Kind: MustPassThroughout, Seat: bridge.West, Law: "27B2"})
	err := a.ForceCall(bridge.North, bridge.Bid(2, bridge.StrainSpades))
	var illegal *IllegalCall
	if !errors.As(err, &illegal) || illegal.Problem != AfterEnd {
		t.Fatalf("ForceCall = %v, want a call after the final pass", err)
	}
	if a.String() != "1S PASS PASS" {
		t.Errorf("refused call changed the auction to %q", a)
	}
	if _, barred := a.MustPass(bridge.West); !barred {
		t.Error("West no longer barred after the refused call")
	}
}

func TestForceCallRefusesWhatCannotStand(t *testing.T) {
	tests := []struct {
		name    string
		calls   string
		barred  bridge.Seat
		by      bridge.Seat
		call    bridge.Call
		problem CallProblem
	}{
		{name: "bid above seven", calls: "1S", by: bridge.West, call: bridge.Bid(8, bridge.StrainClubs), problem: AboveSeven},
		{name: "after the end", calls: "1S P P P", by: bridge.East, call: bridge.Pass, problem: AfterEnd},
		{name: "double of partner", calls: "1S", by: bridge.South, call: bridge.Double, problem: Inadmissible},
		{name: "redouble without double", calls: "1S", by: bridge.South, call: bridge.Redouble, problem: Inadmissible},
		{name: "barred player bids", calls: "1S", barred: bridge.West, by: bridge.West, call: bridge.Bid(2, bridge.StrainClubs), problem: Barred},
		{name: "not a seat", calls: "1S", by: bridge.Seat(7), call: bridge.Pass, problem: Malformed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := mustParseAuction(t, bridge.North, tt.calls)
			a.Restrict(Restriction{Kind: MustPassThroughout, Seat: tt.barred, Law: "27B2"})
			before := a.String()
			err := a.ForceCall(tt.by, tt.call)
			var illegal *IllegalCall
			if !errors.As(err, &illegal) || illegal.Problem != tt.problem {
				t.Fatalf("ForceCall(%v, %v) = %v, want problem %d", tt.by, tt.call, err, tt.problem)
			}
			if a.String() != before {
				t.Errorf("a refused call changed the auction: %q", a)
			}
		})
	}
}

func TestWithdraw(t *testing.T) {
	a := NewAuction(bridge.North)
	if _, ok := a.Withdraw(); ok {
		t.Fatal("Withdraw() on an empty auction reported a call")
	}
	mustCall(t, a, "1S")
	a.Restrict(Restriction{Kind: MustPassNextTurn, Seat: bridge.East, Law: "30A"})
	mustCall(t, a, "P")
	if _, barred := a.MustPass(bridge.East); barred {
		t.Fatal("East's pass did not meet the obligation")
	}
	got, ok := a.Withdraw()
	if !ok || got != (CallRecord{Seat: bridge.East, Call: bridge.Pass}) {
		t.Fatalf("Withdraw() = %v, %v; want East's pass", got, ok)
	}
	if a.String() != "1S" || a.Turn() != bridge.East {
		t.Errorf("after Withdraw: %q, turn %v", a, a.Turn())
	}
	if _, barred := a.MustPass(bridge.East); !barred {
		t.Error("the withdrawn pass still meets East's obligation")
	}
	if err := a.Legal(bridge.Bid(2, bridge.StrainClubs)); err == nil {
		t.Error("East may bid after his pass was withdrawn")
	}
}

func TestWithdrawReopensEndedAuction(t *testing.T) {
	a := mustParseAuction(t, bridge.North, "1S P P P")
	if _, ok := a.Withdraw(); !ok {
		t.Fatal("nothing withdrawn")
	}
	if a.Ended() {
		t.Error("auction still ended after the final pass was withdrawn")
	}
	mustCall(t, a, "X")
}

func TestRotationKindString(t *testing.T) {
	tests := map[RotationKind]string{
		InRotation:       "in rotation",
		AtRHOsTurn:       "at right-hand opponent's turn",
		AtPartnersTurn:   "at partner's turn",
		ChangeOfCall:     "change of call",
		AfterAuction:     "after the auction",
		RotationKind(0):  "RotationKind(0)",
		RotationKind(99): "RotationKind(99)",
	}
	for k, want := range tests {
		if got := k.String(); got != want {
			t.Errorf("RotationKind(%d).String() = %q, want %q", uint8(k), got, want)
		}
	}
}
