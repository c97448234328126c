package rulingsservice

import (
	"context"
	"slices"
	"testing"

	"google.golang.org/grpc/codes"

	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// TestEveryCardExposedInTheAuction: North opens 1S and West shows ♥K and
// ♦4 before East calls. Both cards are ruled under Law 24C without asking
// how many there were, each a major penalty card for the play (24E), given
// as card and cards or as cards alone.
func TestEveryCardExposedInTheAuction(t *testing.T) {
	h := start(t)
	call := h.open(t, "1S")
	for name, irr := range map[string]*rulingsv1.Irregularity{
		"card and cards": {Kind: rulingsv1.Kind_KIND_CARD_EXPOSED_DURING_AUCTION, Offender: typev1.Seat_SEAT_WEST, Card: "HK", Cards: "D4"},
		"cards alone":    {Kind: rulingsv1.Kind_KIND_CARD_EXPOSED_DURING_AUCTION, Offender: typev1.Seat_SEAT_WEST, Cards: "HK D4"},
	} {
		t.Run(name, func(t *testing.T) {
			ruled := h.ruleWith(t, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr})
			r := ruled.GetRuling()
			var got []string
			for _, x := range r.GetRestrictions() {
				got = append(got, x.GetKind().String()+" "+x.GetSeat().String()+" "+x.GetCard()+" "+x.GetLaw())
				if x.GetKind() == rulingsv1.RestrictionKind_RESTRICTION_KIND_PENALTY_CARD && !x.GetMajor() {
					t.Errorf("%s is minor; one of two penalty cards is major (Law 50B)", x.GetCard())
				}
			}
			want := []string{
				"RESTRICTION_KIND_MUST_PASS_NEXT_TURN SEAT_EAST  24C",
				"RESTRICTION_KIND_PENALTY_CARD SEAT_WEST HK 24E",
				"RESTRICTION_KIND_PENALTY_CARD SEAT_WEST D4 24E",
			}
			if !slices.Equal(got, want) || !slices.Contains(r.GetLaws(), "24C") {
				t.Errorf("restrictions %q citing %v, want %q under Law 24C", got, r.GetLaws(), want)
			}
		})
	}
	_, err := h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(),
		Irregularity: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_CARD_EXPOSED_DURING_AUCTION, Offender: typev1.Seat_SEAT_WEST}})
	wantCode(t, err, codes.InvalidArgument, "irregularity.card: say the card exposed")
	_, err = h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(),
		Irregularity: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_CARD_EXPOSED_DURING_AUCTION, Offender: typev1.Seat_SEAT_WEST, Cards: "HK H1"}})
	wantCode(t, err, codes.InvalidArgument, "irregularity.cards: card 2 (H1)")
}

// TestAPlayRulingWithoutItsCard: a revoke or a lead out of turn sent
// without the card is refused on irregularity.card, in the director's
// words.
func TestAPlayRulingWithoutItsCard(t *testing.T) {
	h := start(t)
	call := h.open(t, "")
	play := &rulingsv1.Play{Contract: "4S", Declarer: typev1.Seat_SEAT_SOUTH, Cards: "DT DA D4 D6"}
	for kind, want := range map[rulingsv1.Kind]string{
		rulingsv1.Kind_KIND_REVOKE:           "irregularity.card: a revoke names the revoke card",
		rulingsv1.Kind_KIND_LEAD_OUT_OF_TURN: "irregularity.card: a lead out of turn names the card led",
	} {
		_, err := h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(), Play: play,
			Irregularity: &rulingsv1.Irregularity{Kind: kind, Offender: typev1.Seat_SEAT_EAST}})
		wantCode(t, err, codes.InvalidArgument, want)
	}
}
