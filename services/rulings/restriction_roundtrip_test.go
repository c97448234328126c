package rulingsservice

import (
	"context"
	"maps"
	"slices"
	"testing"

	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/rulings"
)

// roundTripDeal, South declares 4♠:
//
//	North ♠AKQ2 ♥543 ♦A32 ♣K54
//	East  ♠J98 ♥KQJ2 ♦KQ4 ♣987
//	South ♠7654 ♥A76 ♦J76 ♣AQ2
//	West  ♠T3 ♥T98 ♦T985 ♣JT63
const roundTripDeal = "N:AKQ2.543.A32.K54 J98.KQJ2.KQ4.987 7654.A76.J76.AQ2 T3.T98.T985.JT63"

// TestEveryRestrictionRoundTrips: every restriction the engine gives in a
// set of representative rulings, auction and play, along every answer to
// every question and every option a player may choose, is read back by
// restrictionFromProto as it was written. A client that sends a ruling's
// restrictions back as restrictions_in_force must never be refused.
func TestEveryRestrictionRoundTrips(t *testing.T) {
	w, s, e := typev1.Seat_SEAT_WEST, typev1.Seat_SEAT_SOUTH, typev1.Seat_SEAT_EAST
	n := typev1.Seat_SEAT_NORTH
	play := func(cards string) *rulingsv1.Play {
		return &rulingsv1.Play{Contract: "4S", Declarer: s, Deal: roundTripDeal, Cards: cards}
	}
	// West's ♣J and ♣T lie on the table from trick 1; East won it.
	twoClubs := play("DT D2 DQ D6")
	twoClubs.PenaltyCards = []*rulingsv1.PenaltyCard{{Seat: w, Card: "CJ", Major: true, Trick: 1}, {Seat: w, Card: "CT", Major: true, Trick: 1}}
	auction := []struct {
		name, calls string
		irr         *rulingsv1.Irregularity
	}{
		{"insufficient bid", "1S P", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_INSUFFICIENT_BID, Offender: s, Call: "1H"}},
		{"insufficient bid replaced", "1S P", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_INSUFFICIENT_BID, Offender: s, Call: "1H", Replacement: "2C"}},
		{"bid at RHO's turn", "1S", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_CALL_OUT_OF_ROTATION, Offender: s, Call: "2H"}},
		{"bid at partner's turn", "1S", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_CALL_OUT_OF_ROTATION, Offender: w, Call: "2H"}},
		{"pass out of rotation", "1S", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_CALL_OUT_OF_ROTATION, Offender: w, Call: "P"}},
		{"change of call", "1S", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_CHANGE_OF_CALL, Offender: n, Call: "2S"}},
		{"two cards exposed", "1S", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_CARD_EXPOSED_DURING_AUCTION, Offender: w, Card: "HK", Cards: "D4"}},
		{"a low card exposed", "1S", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_CARD_EXPOSED_DURING_AUCTION, Offender: e, Card: "H4"}},
		{"double of partner's bid", "1S P", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_INADMISSIBLE_CALL, Offender: s, Call: "X"}},
		{"bid above seven", "1S", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_BID_ABOVE_SEVEN, Offender: e, Call: "8S"}},
	}
	playRulings := []struct {
		name string
		irr  *rulingsv1.Irregularity
		play *rulingsv1.Play
	}{
		{"opening lead out of turn", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_LEAD_OUT_OF_TURN, Offender: e, Card: "HK"}, play("")},
		{"later lead out of turn", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_LEAD_OUT_OF_TURN, Offender: w, Card: "CJ"}, play("DT D2 DQ D6")},
		{"exposed card, partner to lead", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_EXPOSED_CARD, Offender: w, Card: "ST"}, play("DT D2 DQ D6")},
		{"a third penalty card, another suit", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_EXPOSED_CARD, Offender: w, Card: "H8"}, twoClubs},
		{"penalty card lead", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_PENALTY_CARD_LEAD, Offender: w}, twoClubs},
		{"premature play", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_PREMATURE_LEAD_OR_PLAY, Offender: w, Card: "D5"}, play("DT D2")},
		{"revoke", &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_REVOKE, Offender: e, Card: "S8"}, play("DT DA D4 D6 C4 S8! CA C3")},
	}
	checked := map[string]int{}
	for _, tc := range auction {
		call := &rulingsv1.DirectorCall{Name: "round-trip", Board: 1, Auction: tc.calls}
		explore(t, tc.name, func(ans rulings.Answers) (rulings.Ruling, error) {
			r, _, err := rule(context.Background(), call, nil, tc.irr, ans, nil)
			return r, err
		}, checked)
	}
	for _, tc := range playRulings {
		explore(t, tc.name, func(ans rulings.Answers) (rulings.Ruling, error) {
			r, _, err := rule(context.Background(), &rulingsv1.DirectorCall{Name: "round-trip"}, tc.play, tc.irr, ans, nil)
			return r, err
		}, checked)
	}
	// Each kind of restriction is among those checked, and the one a joined
	// law once broke: declarer requiring a club with two clubs and a heart
	// on the table.
	for _, k := range []string{"MUST_PASS_NEXT_TURN", "MUST_PASS_THROUGHOUT", "LEAD_PROHIBITED", "LEAD_REQUIRED", "PENALTY_CARD", "LEAD_PROHIBITED_ONE_OF", "LEAD_REQUIRED 51B2(a)"} {
		if checked[k] == 0 {
			t.Errorf("no %s restriction among those checked: %v", k, checked)
		}
	}
}

// explore rules along every answer to every question, and every option,
// and checks each restriction of each complete ruling reads back as it was
// written; checked counts them by kind, and by kind and law.
func explore(t *testing.T, name string, rule func(rulings.Answers) (rulings.Ruling, error), checked map[string]int) {
	t.Helper()
	queue := []rulings.Answers{{}}
	for ruled := 0; len(queue) > 0; ruled++ {
		if ruled == 500 {
			t.Fatalf("%s: more than %d rulings to explore", name, ruled)
		}
		ans := queue[0]
		queue = queue[1:]
		with := func(id, a string) rulings.Answers {
			next := maps.Clone(ans)
			next[id] = a
			return next
		}
		r, err := rule(ans)
		if err != nil {
			continue // a branch the Laws refuse, as a designation nobody made
		}
		if r.Pending() {
			for _, c := range r.Questions[0].Choices {
				queue = append(queue, with(r.Questions[0].ID, c.ID))
			}
			continue
		}
		if _, chosen := ans["choice"]; !chosen {
			for _, o := range r.Options {
				queue = append(queue, with("choice", o.ID))
			}
		}
		for _, x := range r.Restrictions {
			p := restrictionToProto(x)
			back, err := restrictionFromProto(p)
			if err != nil {
				t.Errorf("%s, answers %v: %v sent back is refused: %v", name, ans, p, err)
				continue
			}
			if back.Kind != x.Kind || back.Seat != x.Seat || back.Law != x.Law || back.Card != x.Card || back.Major != x.Major || !slices.Equal(back.Suits, x.Suits) || back.Lasts() != x.Lasts() {
				t.Errorf("%s, answers %v: %+v read back as %+v", name, ans, x, back)
			}
			kind := p.GetKind().String()[len("RESTRICTION_KIND_"):]
			checked[kind]++
			checked[kind+" "+x.Law]++
		}
	}
}
