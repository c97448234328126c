package rulingsservice

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	"github.com/bridge-director/director/rulings"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// The API's restriction kinds and durations, and the engine's.
var (
	restrictionKinds = map[rulingsv1.RestrictionKind]rulings.RestrictionKind{
		rulingsv1.RestrictionKind_RESTRICTION_KIND_MUST_PASS_NEXT_TURN:    rulings.MustPassNextTurn,
		rulingsv1.RestrictionKind_RESTRICTION_KIND_MUST_PASS_THROUGHOUT:   rulings.MustPassThroughout,
		rulingsv1.RestrictionKind_RESTRICTION_KIND_LEAD_PROHIBITED:        rulings.LeadProhibited,
		rulingsv1.RestrictionKind_RESTRICTION_KIND_LEAD_REQUIRED:          rulings.LeadRequired,
		rulingsv1.RestrictionKind_RESTRICTION_KIND_PENALTY_CARD:           rulings.PenaltyCard,
		rulingsv1.RestrictionKind_RESTRICTION_KIND_LEAD_PROHIBITED_ONE_OF: rulings.LeadProhibitedOneOf,
	}
	untils = map[rulingsv1.Until]rulings.Until{
		rulingsv1.Until_UNTIL_NEXT_TURN_TO_CALL: rulings.UntilNextTurnToCall,
		rulingsv1.Until_UNTIL_END_OF_AUCTION:    rulings.UntilEndOfAuction,
		rulingsv1.Until_UNTIL_LEAD_LOST:         rulings.WhileRetainingLead,
		rulingsv1.Until_UNTIL_CARD_PLAYED:       rulings.UntilCardPlayed,
		rulingsv1.Until_UNTIL_NEXT_LEAD:         rulings.UntilNextLead,
	}
	restrictionKindsOut = invert(restrictionKinds)
	untilsOut           = invert(untils)
)

func invert[K, V comparable](m map[K]V) map[V]K {
	out := make(map[V]K, len(m))
	for k, v := range m {
		out[v] = k
	}
	return out
}

// maxRestrictionsInForce bounds restrictions_in_force: far more than a
// board can hold, so a request cannot grow the call without limit.
const maxRestrictionsInForce = 20

// maxFrom bounds a restriction's from: more calls than an auction can hold
// (a bid can be doubled and redoubled at most 35 times over).
const maxFrom = 320

// restrictionToProto writes a restriction with its whole structure; until
// is always set.
func restrictionToProto(r rulings.Restriction) *rulingsv1.Restriction {
	out := &rulingsv1.Restriction{
		Seat: bridgepb.Seat(r.Seat), Text: r.Reason, Law: r.Law, Kind: restrictionKindsOut[r.Kind],
		Major: r.Major, Until: untilsOut[r.Lasts()], From: int32(r.From),
	}
	for _, s := range r.Suits {
		out.Suits = append(out.Suits, s.String())
	}
	if r.Kind == rulings.PenaltyCard {
		out.Card = r.Card.String()
	}
	if out.Text == "" {
		out.Text = r.Describe()
	}
	return out
}

// restrictionsFromProto reads restrictions_in_force by their structure.
func restrictionsFromProto(in []*rulingsv1.Restriction) ([]rulings.Restriction, error) {
	if len(in) > maxRestrictionsInForce {
		return nil, platform.FieldError("restrictions_in_force", fmt.Sprintf("%d restrictions: a board holds at most %d", len(in), maxRestrictionsInForce))
	}
	var out []rulings.Restriction
	for i, p := range in {
		r, err := restrictionFromProto(p)
		if err != nil {
			return nil, platform.FieldError(fmt.Sprintf("restrictions_in_force[%d]", i), err.Error())
		}
		out = append(out, r)
	}
	return out, nil
}

// restrictionFromProto reads one restriction and says what is wrong with it.
func restrictionFromProto(p *rulingsv1.Restriction) (rulings.Restriction, error) {
	kind, ok := restrictionKinds[p.GetKind()]
	if !ok {
		return rulings.Restriction{}, fmt.Errorf("say what it obliges: kind is one of the RESTRICTION_KIND_ values")
	}
	seat, ok := bridgepb.SeatFrom(p.GetSeat())
	if !ok {
		return rulings.Restriction{}, fmt.Errorf("say whom it binds: SEAT_NORTH, SEAT_EAST, SEAT_SOUTH or SEAT_WEST")
	}
	law := p.GetLaw()
	if !isLaw(law) {
		return rulings.Restriction{}, fmt.Errorf("law %.20q: say the law that imposed it, as \"27B2\" or \"50D2(a)\"", law)
	}
	if len(p.GetText()) > resource.MaxText {
		return rulings.Restriction{}, fmt.Errorf("text: at most %d bytes", resource.MaxText)
	}
	if from := p.GetFrom(); from < 0 || from > maxFrom {
		return rulings.Restriction{}, fmt.Errorf("from %d: the call or trick it began at, from 1, or 0 for now", from)
	}
	r := rulings.Restriction{Kind: kind, Seat: seat, Law: law, Major: p.GetMajor(), Reason: p.GetText(), From: int(p.GetFrom())}
	if p.GetUntil() != rulingsv1.Until_UNTIL_UNSPECIFIED {
		if r.Until, ok = untils[p.GetUntil()]; !ok {
			return rulings.Restriction{}, fmt.Errorf("until %v is not one of the UNTIL_ values", p.GetUntil())
		}
		if lasts := (rulings.Restriction{Kind: kind}).Lasts(); r.Until != lasts {
			return rulings.Restriction{}, fmt.Errorf("a %v lasts %v, not %v", p.GetKind(), untilsOut[lasts], p.GetUntil())
		}
	}
	lead := kind.IsLead()
	switch {
	case lead && len(p.GetSuits()) == 0:
		return rulings.Restriction{}, fmt.Errorf("a lead restriction names its suits: \"S\", \"H\", \"D\", \"C\"")
	case !lead && len(p.GetSuits()) > 0:
		return rulings.Restriction{}, fmt.Errorf("only a lead restriction names suits")
	case kind == rulings.LeadRequired && len(p.GetSuits()) != 1:
		return rulings.Restriction{}, fmt.Errorf("a required lead names one suit")
	case kind == rulings.PenaltyCard && p.GetCard() == "":
		return rulings.Restriction{}, fmt.Errorf("a penalty card names its card (\"SK\")")
	case kind != rulings.PenaltyCard && (p.GetCard() != "" || p.GetMajor()):
		return rulings.Restriction{}, fmt.Errorf("only a penalty card names a card, major or minor")
	}
	seen := map[bridge.Suit]bool{}
	for _, f := range p.GetSuits() {
		s, err := bridge.ParseSuit(f)
		if err != nil {
			return rulings.Restriction{}, err
		}
		if seen[s] {
			return rulings.Restriction{}, fmt.Errorf("suit %s is named twice", f)
		}
		seen[s] = true
		r.Suits = append(r.Suits, s)
	}
	if kind == rulings.PenaltyCard {
		c, err := bridge.ParseCard(p.GetCard())
		if err != nil {
			return rulings.Restriction{}, err
		}
		r.Card = c
	}
	if r.Reason == "" {
		r.Reason = r.Describe()
	}
	return r, nil
}

// isLaw reports whether s is written as a law is cited: a number, then
// letters, digits and brackets ("27B2", "50D2(a)"), at most 16 characters.
func isLaw(s string) bool {
	if s == "" || len(s) > 16 || s[0] < '0' || s[0] > '9' {
		return false
	}
	for _, r := range s {
		if !('0' <= r && r <= '9' || 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z' || r == '(' || r == ')') {
			return false
		}
	}
	return true
}

// inForceAfter are the restrictions still binding after a ruling (as rule
// found them) that it does not re-issue or settle in its own restrictions,
// so that a client sending both back sends each once.
func inForceAfter(still []rulings.Restriction, ruling rulings.Ruling) []*rulingsv1.Restriction {
	var out []*rulingsv1.Restriction
	for _, r := range still {
		if !ruling.Reissues(r) {
			out = append(out, restrictionToProto(r))
		}
	}
	return out
}
