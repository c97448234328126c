package rulings

import (
	"errors"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestAuctionLegal(t *testing.T) {
	tests := []struct {
		name    string
		calls   string // dealer North
		call    bridge.Call
		problem CallProblem // 0: legal
		law     string
		reason  string
	}{
		{name: "opening bid", call: bridge.Bid(1, bridge.StrainClubs)},
		{name: "opening pass", call: bridge.Pass},
		{name: "seven notrump", calls: "1C", call: bridge.Bid(7, bridge.NoTrump)},
		{name: "higher strain same level", calls: "1H", call: bridge.Bid(1, bridge.StrainSpades)},
		{name: "notrump over a suit", calls: "1S", call: bridge.Bid(1, bridge.NoTrump)},
		{name: "lower strain higher level", calls: "1S", call: bridge.Bid(2, bridge.StrainClubs)},
		{name: "lower strain same level", calls: "1S", call: bridge.Bid(1, bridge.StrainHearts),
			problem: Insufficient, law: "18D", reason: "1H is insufficient over 1S"},
		{name: "same bid again", calls: "1S P P", call: bridge.Bid(1, bridge.StrainSpades),
			problem: Insufficient, law: "18D", reason: "1S is insufficient over 1S"},
		{name: "lower level", calls: "2C", call: bridge.Bid(1, bridge.NoTrump),
			problem: Insufficient, law: "18D", reason: "1NT is insufficient over 2C"},
		{name: "insufficient over a doubled bid", calls: "1NT X", call: bridge.Bid(1, bridge.StrainSpades),
			problem: Insufficient, law: "18D", reason: "1S is insufficient over 1NT"},
		{name: "eight notrump", calls: "1S", call: bridge.Bid(8, bridge.NoTrump),
			problem: AboveSeven, law: "38", reason: "8NT is a bid of more than seven"},
		{name: "level zero", call: bridge.Bid(0, bridge.StrainHearts),
			problem: Malformed, law: "18", reason: "0H is not a call"},
		{name: "unknown kind", call: bridge.Call{Kind: 9},
			problem: Malformed, law: "18", reason: "not a call"},
		{name: "double of opponent", calls: "1S", call: bridge.Double},
		{name: "double of opponent after two passes", calls: "1S P P", call: bridge.Double},
		{name: "double with nothing to double", calls: "P", call: bridge.Double,
			problem: Inadmissible, law: "19A1", reason: "there is no bid to double"},
		{name: "double of partner", calls: "1S P", call: bridge.Double,
			problem: Inadmissible, law: "19A1", reason: "South cannot double partner's bid of 1S"},
		{name: "double of own bid", calls: "1S X XX P", call: bridge.Double,
			problem: Inadmissible, law: "19A1", reason: "North cannot double his own bid of 1S"},
		{name: "double twice", calls: "1S X P", call: bridge.Double,
			problem: Inadmissible, law: "19A1", reason: "1S is already doubled"},
		{name: "double a redoubled bid", calls: "1S X XX", call: bridge.Double,
			problem: Inadmissible, law: "19A1", reason: "1S is already redoubled"},
		{name: "redouble opponent's double", calls: "1S X", call: bridge.Redouble},
		{name: "redouble after passes", calls: "1S X P P", call: bridge.Redouble},
		{name: "redouble without a bid", call: bridge.Redouble,
			problem: Inadmissible, law: "19B1", reason: "there is no bid to redouble"},
		{name: "redouble without a double", calls: "1S", call: bridge.Redouble,
			problem: Inadmissible, law: "19B1", reason: "1S has not been doubled, so cannot be redoubled"},
		{name: "redouble partner's double", calls: "1S X P", call: bridge.Redouble,
			problem: Inadmissible, law: "19B1", reason: "West cannot redouble partner's double"},
		{name: "redouble a redoubled bid", calls: "1S X XX P", call: bridge.Redouble,
			problem: Inadmissible, law: "19B1", reason: "1S is already redoubled"},
		{name: "double a new bid after redouble", calls: "1S X XX 2C", call: bridge.Double},
		{name: "pass after the end", calls: "1S P P P", call: bridge.Pass,
			problem: AfterEnd, law: "22A", reason: "the auction has ended; North may not call PASS after the final pass"},
		{name: "bid after passed out", calls: "P P P P", call: bridge.Bid(1, bridge.StrainClubs),
			problem: AfterEnd, law: "22A", reason: "the auction has ended"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := mustParseAuction(t, bridge.North, tt.calls)
			before := a.String()
			err := a.Legal(tt.call)
			callErr := a.Call(tt.call)
			if tt.problem == 0 {
				if err != nil || callErr != nil {
					t.Fatalf("Legal(%v) = %v, Call = %v, want legal", tt.call, err, callErr)
				}
				if got := a.Calls(); got[len(got)-1].Call != tt.call {
					t.Errorf("Call(%v) recorded %v", tt.call, got[len(got)-1])
				}
				return
			}
			var illegal *IllegalCall
			if !errors.As(err, &illegal) {
				t.Fatalf("Legal(%v) = %v, want an *IllegalCall", tt.call, err)
			}
			if illegal.Problem != tt.problem || illegal.Law != tt.law || !strings.Contains(illegal.Reason, tt.reason) {
				t.Errorf("Legal(%v) = problem %d, law %s, %q; want %d, %s, %q", tt.call, illegal.Problem, illegal.Law, illegal.Reason, tt.problem, tt.law, tt.reason)
			}
			if !strings.HasSuffix(err.Error(), "(Law "+tt.law+")") {
				t.Errorf("error %q does not cite Law %s", err, tt.law)
			}
			if illegal.Seat != a.Turn() || illegal.Call != tt.call {
				t.Errorf("error names %v %v, want %v %v", illegal.Seat, illegal.Call, a.Turn(), tt.call)
			}
			if callErr == nil || callErr.Error() != err.Error() {
				t.Errorf("Call(%v) = %v, want %v", tt.call, callErr, err)
			}
			if a.String() != before {
				t.Errorf("an illegal call changed the auction: %q, was %q", a, before)
			}
		})
	}
}
