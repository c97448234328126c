package rulings

import (
	"errors"
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestMustPassNextTurnEndsAfterOnePass(t *testing.T) {
	a := mustParseAuction(t, bridge.North, "1S")
	a.Restrict(Restriction{Kind: MustPassNextTurn, Seat: bridge.West, Law: "30A", Reason: "must pass at the next turn"})
	mustCall(t, a, "P")  // East
	mustCall(t, a, "2S") // South

	err := a.Legal(bridge.Bid(3, bridge.StrainHearts))
	var illegal *IllegalCall
	if !errors.As(err, &illegal) || illegal.Problem != Barred || err.Error() != "West must pass at this turn (Law 30A)" {
		t.Fatalf("West's 3H: %v, want West must pass at this turn (Law 30A)", err)
	}
	if err := a.Legal(bridge.Double); err == nil {
		t.Error("barred West may double")
	}
	if _, barred := a.MustPass(bridge.West); !barred {
		t.Error("MustPass(West) = false before West passed")
	}
	mustCall(t, a, "P") // West, meeting the obligation
	if _, barred := a.MustPass(bridge.West); barred {
		t.Error("MustPass(West) = true after West passed")
	}
	if len(a.Restrictions()) != 0 {
		t.Errorf("Restrictions() = %v after the pass, want none", a.Restrictions())
	}
	mustCall(t, a, "P")  // North
	mustCall(t, a, "3H") // East
	mustCall(t, a, "P")  // South
	mustCall(t, a, "4H") // West is free again
}

func TestMustPassThroughoutLasts(t *testing.T) {
	a := NewAuction(bridge.North)
	a.Restrict(Restriction{Kind: MustPassThroughout, Seat: bridge.South, Law: "27B2"})
	southTurns := 0
	for _, call := range []string{"1C", "1D", "P", "1H", "2C", "2D", "P", "2H", "P", "P", "P"} {
		if a.Turn() == bridge.South {
			southTurns++
			if err := a.Legal(bridge.Bid(7, bridge.NoTrump)); err == nil {
				t.Fatalf("after %q barred South may bid", a)
			}
		}
		mustCall(t, a, call)
	}
	if southTurns != 3 || !a.Ended() {
		t.Fatalf("auction %q: South had %d turns, ended %v", a, southTurns, a.Ended())
	}
	if got := a.Restrictions(); len(got) != 0 {
		t.Errorf("Restrictions() = %v after the auction, want the pass restriction spent", got)
	}
}

func TestRestrictionsKeepPlayRestrictions(t *testing.T) {
	a := mustParseAuction(t, bridge.North, "1S P")
	lead := Restriction{Kind: LeadProhibitedOneOf, Seat: bridge.West, Suits: []bridge.Suit{bridge.Hearts}, Law: "26B"}
	a.Restrict(lead)
	a.Restrict(Restriction{Kind: MustPassNextTurn, Seat: bridge.East, Law: "30A"})
	lead.Suits[0] = bridge.Clubs // the auction keeps its own copy
	if got := a.Restrictions(); len(got) != 2 || got[0].Kind != LeadProhibitedOneOf || got[1].Kind != MustPassNextTurn {
		t.Fatalf("Restrictions() = %v", got)
	}
	mustCall(t, a, "2S")
	mustCall(t, a, "P")
	mustCall(t, a, "P")
	mustCall(t, a, "P") // East meets the obligation, and the auction ends
	got := a.Restrictions()
	if !a.Ended() || len(got) != 1 || got[0].Kind != LeadProhibitedOneOf || got[0].Suits[0] != bridge.Hearts {
		t.Errorf("after the auction Restrictions() = %v, want the lead prohibition on hearts only", got)
	}
}

// The review's auction: West had to pass at call 4 and did. Put on the
// auction as it now stands, from where it began, the restriction is met by
// that pass and West's 4♣ is legal; put on it from now, it still binds.
func TestMustPassNextTurnMetByTheRecord(t *testing.T) {
	a := mustParseAuction(t, bridge.North, "1H P 1S P 2H P 3H")
	a.Restrict(Restriction{Kind: MustPassNextTurn, Seat: bridge.West, Law: "30A", From: 2})
	if _, barred := a.MustPass(bridge.West); barred {
		t.Errorf("West's pass at call 4 did not meet a restriction from call 2: %v", a.Restrictions())
	}
	if err := a.Legal(bridge.Bid(4, bridge.StrainClubs)); err != nil {
		t.Errorf("West's 4C: %v", err)
	}
	if got := a.Restrictions(); len(got) != 0 {
		t.Errorf("Restrictions() = %v, want the met restriction spent", got)
	}
	now := mustParseAuction(t, bridge.North, "1H P 1S P 2H P 3H")
	now.Restrict(Restriction{Kind: MustPassNextTurn, Seat: bridge.West, Law: "30A"})
	if r, barred := now.MustPass(bridge.West); !barred || r.From != 8 {
		t.Errorf("a restriction from now: MustPass(West) = %+v, %v; want it binding from call 8", r, barred)
	}
}

func TestMustPassPrefersThroughout(t *testing.T) {
	a := NewAuction(bridge.North)
	a.Restrict(Restriction{Kind: MustPassNextTurn, Seat: bridge.North, Law: "30B1"})
	a.Restrict(Restriction{Kind: MustPassThroughout, Seat: bridge.North, Law: "27B2"})
	r, barred := a.MustPass(bridge.North)
	if !barred || r.Kind != MustPassThroughout {
		t.Fatalf("MustPass(North) = %v, %v; want the throughout restriction", r, barred)
	}
	mustCall(t, a, "P")
	if r, barred := a.MustPass(bridge.North); !barred || r.Law != "27B2" {
		t.Errorf("after one pass MustPass(North) = %v, %v; want 27B2 still", r, barred)
	}
	if _, barred := a.MustPass(bridge.East); barred {
		t.Error("East is barred")
	}
}

func mustCall(t *testing.T, a *Auction, s string) {
	t.Helper()
	c, err := bridge.ParseCall(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Call(c); err != nil {
		t.Fatalf("after %q, %s by %v: %v", a, s, a.Turn(), err)
	}
}

// A Law 26B restriction says what declarer may do, and when.
func TestDescribeLeadProhibitedOneOf(t *testing.T) {
	for suits, want := range map[string]string{
		"H":   "at his first turn to lead, declarer may prohibit his leading ♥, for as long as he retains the lead",
		"CDS": "at his first turn to lead, declarer may prohibit his leading any one of ♣ ♦ ♠, for as long as he retains the lead",
	} {
		r := Restriction{Kind: LeadProhibitedOneOf, Seat: bridge.West, Law: "26B"}
		for _, l := range suits {
			s, err := bridge.ParseSuit(string(l))
			if err != nil {
				t.Fatal(err)
			}
			r.Suits = append(r.Suits, s)
		}
		if got := r.Describe(); got != want {
			t.Errorf("Describe() = %q, want %q", got, want)
		}
	}
}
