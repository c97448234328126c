package rulingsservice

import (
	"context"
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// ruleWith rules once with the director's answers and wants the ruling
// complete.
func (h *harness) ruleWith(t *testing.T, req *rulingsv1.RuleRequest) *rulingsv1.DirectorCall {
	t.Helper()
	resp, err := h.client.Rule(context.Background(), req)
	if err != nil {
		t.Fatalf("Rule: %v", err)
	}
	if c := resp.GetCall(); c.GetState() != rulingsv1.State_STATE_RULED {
		t.Fatalf("%s is %v, asking %v", c.GetName(), c.GetState(), c.GetRuling().GetQuestions())
	}
	return resp.GetCall()
}

// TestRestrictionsKeepTheirStructure: North opens 1S, East passes, South's
// 1H is insufficient and he replaces it with 2C, not comparable (Law 27B2).
// The API gives each restriction's kind, seat, suits, duration and law, not
// only its text.
func TestRestrictionsKeepTheirStructure(t *testing.T) {
	h := start(t)
	call := h.open(t, "1S P")
	ruled := h.ruleWith(t, &rulingsv1.RuleRequest{Name: call.GetName(),
		Irregularity: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_INSUFFICIENT_BID, Offender: typev1.Seat_SEAT_SOUTH, Call: "1H", Replacement: "2C"},
		Answers:      map[string]string{"unintended": "no", "same_denomination": "no", "comparable": "no", "specified_suits": "C"}})
	want := []*rulingsv1.Restriction{
		{Kind: rulingsv1.RestrictionKind_RESTRICTION_KIND_MUST_PASS_THROUGHOUT, Seat: typev1.Seat_SEAT_NORTH,
			Until: rulingsv1.Until_UNTIL_END_OF_AUCTION, Law: "27B2", From: 3},
		{Kind: rulingsv1.RestrictionKind_RESTRICTION_KIND_LEAD_PROHIBITED_ONE_OF, Seat: typev1.Seat_SEAT_NORTH,
			Suits: []string{"D", "H", "S"}, Until: rulingsv1.Until_UNTIL_LEAD_LOST, Law: "26B", From: 1},
	}
	if slices.Contains(ruled.GetRuling().GetLaws(), "27C") {
		t.Errorf("laws %v: 27C for a replacement made after the ruling", ruled.GetRuling().GetLaws())
	}
	got := ruled.GetRuling().GetRestrictions()
	if len(got) != len(want) {
		t.Fatalf("restrictions %v, want %v", got, want)
	}
	for i, g := range got {
		if g.GetText() == "" {
			t.Errorf("restriction %d has no text for people", i)
		}
		bare := proto.Clone(g).(*rulingsv1.Restriction)
		bare.Text = ""
		if !proto.Equal(bare, want[i]) {
			t.Errorf("restriction %d = %v, want %v", i, bare, want[i])
		}
	}
}

// TestContinueAfterAChangeOfCall: North opened 1S and at once changed it
// to 1NT, a change of mind. Accepted by East, the auction goes on from
// 1NT: East's 1NT is insufficient there and 2C is not. Refused, 1NT is
// cancelled and 1S stands, so East may bid 1NT and his 1H is insufficient.
func TestContinueAfterAChangeOfCall(t *testing.T) {
	h := start(t)
	ctx := context.Background()
	change := &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_CHANGE_OF_CALL, Offender: typev1.Seat_SEAT_NORTH, Call: "1NT"}
	ruled := func(choice string) *rulingsv1.DirectorCall {
		call := h.open(t, "1S")
		return h.ruleWith(t, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: change,
			Answers: map[string]string{"unintended": "no", "choice": choice, "comparable": "no", "specified_suits": "S"}})
	}
	accepted := ruled("accept")
	if s := accepted.GetRuling().GetSummary(); !strings.Contains(s, "1NT stands") {
		t.Fatalf("accepted: the ruling says %q, want 1NT to stand", s)
	}
	_, err := h.client.ContinueAuction(ctx, &rulingsv1.ContinueAuctionRequest{Name: accepted.GetName(), Calls: "1NT"})
	wantCode(t, err, codes.InvalidArgument, "call 1 (1NT)")
	resp, err := h.client.ContinueAuction(ctx, &rulingsv1.ContinueAuctionRequest{Name: accepted.GetName(), Calls: "2C P P P"})
	if err != nil || resp.GetCall().GetContinuedAuction() != "2C PASS PASS PASS" {
		t.Errorf("2C over the accepted 1NT: %v, %v", resp.GetCall().GetContinuedAuction(), err)
	}

	refused := ruled("refuse")
	_, err = h.client.ContinueAuction(ctx, &rulingsv1.ContinueAuctionRequest{Name: refused.GetName(), Calls: "1H"})
	wantCode(t, err, codes.InvalidArgument, "call 1 (1H)")
	resp, err = h.client.ContinueAuction(ctx, &rulingsv1.ContinueAuctionRequest{Name: refused.GetName(), Calls: "1NT P P P"})
	if err != nil || resp.GetCall().GetContinuedAuction() != "1NT PASS PASS PASS" {
		t.Errorf("1NT over the 1S that stands: %v, %v", resp.GetCall().GetContinuedAuction(), err)
	}
}

// TestPrematureReplacement: South had already replaced his insufficient 1H
// with 2C when the director came (Law 27C).
func TestPrematureReplacement(t *testing.T) {
	h := start(t)
	call := h.open(t, "1S P")
	ruled := h.ruleWith(t, &rulingsv1.RuleRequest{Name: call.GetName(),
		Irregularity: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_INSUFFICIENT_BID, Offender: typev1.Seat_SEAT_SOUTH, Call: "1H", Replacement: "2C", ReplacedBeforeRuling: true},
		Answers:      map[string]string{"unintended": "no", "same_denomination": "no", "comparable": "no", "specified_suits": "C"}})
	if r := ruled.GetRuling(); !slices.Contains(r.GetLaws(), "27C") || !strings.Contains(r.GetSummary(), "2♣ stands unless West accepts the insufficient 1♥ (Law 27C)") {
		t.Errorf("ruling cites %v and says %q; want Law 27C", r.GetLaws(), r.GetSummary())
	}
	_, err := h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(),
		Irregularity: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_INSUFFICIENT_BID, Offender: typev1.Seat_SEAT_SOUTH, Call: "1H", ReplacedBeforeRuling: true}})
	wantCode(t, err, codes.InvalidArgument, "27C")
}

// TestRestrictionInForceIsCarried: an earlier ruling at the table left North
// barred for the rest of the auction (Law 27B2); North now bids 3C. Sent
// with the ruling, the restriction makes it a call by a player required to
// pass (Law 37); without it, 3C is legal and no such call. In the play, West
// has a Law 26B lead restriction from the auction when East leads out of
// turn: the ruling carries it to West's lead.
func TestRestrictionInForceIsCarried(t *testing.T) {
	h := start(t)
	ctx := context.Background()
	barred := &rulingsv1.Restriction{Kind: rulingsv1.RestrictionKind_RESTRICTION_KIND_MUST_PASS_THROUGHOUT, Seat: typev1.Seat_SEAT_NORTH, Law: "27B2"}
	call := h.open(t, "1S P 2C P")
	irr := &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_CALL_WHILE_BARRED, Offender: typev1.Seat_SEAT_NORTH, Call: "3C"}
	_, err := h.client.Rule(ctx, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr, Answers: map[string]string{"unintended": "no"}})
	wantCode(t, err, codes.InvalidArgument, "not a case of call by a player required to pass")
	ruled := h.ruleWith(t, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr, Answers: map[string]string{"unintended": "no", "specified_suits": "S"},
		RestrictionsInForce: []*rulingsv1.Restriction{barred}})
	r := ruled.GetRuling()
	for _, law := range []string{"35B", "37B1", "37B2"} {
		if !slices.Contains(r.GetLaws(), law) {
			t.Errorf("laws %v lack %s", r.GetLaws(), law)
		}
	}
	if !strings.Contains(r.GetSummary(), "North had to pass (Law 27B2)") {
		t.Errorf("summary %q does not name the restriction in force", r.GetSummary())
	}
	// The ruling re-issues North's bar under Law 37B2, so in force holds it
	// no more: sending restrictions and in force back sends it once.
	if len(r.GetInForce()) != 0 || !slices.ContainsFunc(r.GetRestrictions(), func(x *rulingsv1.Restriction) bool {
		return x.GetSeat() == typev1.Seat_SEAT_NORTH && x.GetKind() == barred.GetKind() && x.GetLaw() == "37B2"
	}) {
		t.Errorf("in force after the ruling: %v, restrictions %v: want North's bar only among the restrictions, under 37B2", r.GetInForce(), r.GetRestrictions())
	}
	_, err = h.client.ContinueAuction(ctx, &rulingsv1.ContinueAuctionRequest{Name: call.GetName(), Calls: "P 2H P P 3C"})
	wantCode(t, err, codes.InvalidArgument, "call 5 (3C): North must pass at this turn (Law 37B2)")
	// Carried in on an auction it does not bind, the bar is in force after:
	// a 24B bar on East for his next turn, met by no pass of his yet.
	next := &rulingsv1.Restriction{Kind: rulingsv1.RestrictionKind_RESTRICTION_KIND_MUST_PASS_NEXT_TURN, Seat: typev1.Seat_SEAT_EAST, Law: "24B"}
	ruled = h.ruleWith(t, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr, Answers: map[string]string{"unintended": "no", "specified_suits": "S"},
		RestrictionsInForce: []*rulingsv1.Restriction{barred, next}})
	if got := ruled.GetRuling().GetInForce(); len(got) != 1 || got[0].GetSeat() != typev1.Seat_SEAT_EAST || got[0].GetFrom() != 5 {
		t.Errorf("in force: %v, want East's bar from call 5", got)
	}

	lead := &rulingsv1.Restriction{Kind: rulingsv1.RestrictionKind_RESTRICTION_KIND_LEAD_PROHIBITED_ONE_OF, Seat: typev1.Seat_SEAT_WEST,
		Suits: []string{"C", "D", "S"}, Law: "26B", Until: rulingsv1.Until_UNTIL_LEAD_LOST}
	played := h.open(t, "")
	ruled = h.ruleWith(t, &rulingsv1.RuleRequest{Name: played.GetName(),
		Irregularity:        &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_LEAD_OUT_OF_TURN, Offender: typev1.Seat_SEAT_EAST, Card: "HK"},
		Play:                &rulingsv1.Play{Contract: "4S", Declarer: typev1.Seat_SEAT_SOUTH},
		Answers:             map[string]string{"faced": "yes", "seen-dummy": "no", "choice": "accept"},
		RestrictionsInForce: []*rulingsv1.Restriction{lead, barred}})
	r = ruled.GetRuling()
	var carried *rulingsv1.Restriction
	for _, x := range r.GetRestrictions() {
		if x.GetKind() == rulingsv1.RestrictionKind_RESTRICTION_KIND_LEAD_PROHIBITED_ONE_OF && x.GetSeat() == typev1.Seat_SEAT_WEST {
			carried = x
		}
	}
	if carried == nil || !slices.Equal(carried.GetSuits(), []string{"C", "D", "S"}) || !slices.Contains(r.GetLaws(), "26B") {
		t.Errorf("ruling %v: want West's 26B restriction applied to his lead", r)
	}
	// In the play the pass restriction is spent; the lead restriction is
	// re-issued among the restrictions, so in force does not repeat it.
	if len(r.GetInForce()) != 0 {
		t.Errorf("in force after the play ruling: %v, want none", r.GetInForce())
	}
	// Declarer refuses East's lead: West leads now, at his first turn to
	// lead, and declarer makes his 26B choice in the same ruling.
	ruled = h.ruleWith(t, &rulingsv1.RuleRequest{Name: played.GetName(),
		Irregularity:        &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_LEAD_OUT_OF_TURN, Offender: typev1.Seat_SEAT_EAST, Card: "HK"},
		Play:                &rulingsv1.Play{Contract: "4S", Declarer: typev1.Seat_SEAT_SOUTH},
		Answers:             map[string]string{"faced": "yes", "seen-dummy": "no", "choice": "free", "choice_26b": "prohibit-C"},
		RestrictionsInForce: []*rulingsv1.Restriction{lead}})
	r = ruled.GetRuling()
	var got []string
	for _, x := range r.GetRestrictions() {
		got = append(got, x.GetKind().String()+" "+x.GetSeat().String()+" "+strings.Join(x.GetSuits(), ""))
	}
	if want := []string{"RESTRICTION_KIND_PENALTY_CARD SEAT_EAST ", "RESTRICTION_KIND_LEAD_PROHIBITED SEAT_WEST C"}; !slices.Equal(got, want) || len(r.GetInForce()) != 0 {
		t.Errorf("restrictions %q, in force %v; want %q and none in force", got, r.GetInForce(), want)
	}
	// West comes to lead: declarer prohibits hearts, and the 26B choice is
	// settled (Law 26B).
	ruled = h.ruleWith(t, &rulingsv1.RuleRequest{Name: played.GetName(),
		Irregularity:        &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_LEAD_RESTRICTION, Offender: typev1.Seat_SEAT_WEST},
		Play:                &rulingsv1.Play{Contract: "4S", Declarer: typev1.Seat_SEAT_SOUTH},
		Answers:             map[string]string{"choice": "prohibit-S"},
		RestrictionsInForce: []*rulingsv1.Restriction{lead}})
	r = ruled.GetRuling()
	if len(r.GetRestrictions()) != 1 || r.GetRestrictions()[0].GetKind() != rulingsv1.RestrictionKind_RESTRICTION_KIND_LEAD_PROHIBITED ||
		!slices.Equal(r.GetRestrictions()[0].GetSuits(), []string{"S"}) || len(r.GetInForce()) != 0 || r.GetOptions()[0].GetChooser() != typev1.Seat_SEAT_SOUTH {
		t.Errorf("ruling %v: want declarer's choice recorded as West's spade prohibition", r)
	}
	_, err = h.client.Rule(ctx, &rulingsv1.RuleRequest{Name: played.GetName(),
		Irregularity: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_LEAD_OUT_OF_TURN, Offender: typev1.Seat_SEAT_EAST},
		Play:         &rulingsv1.Play{Contract: "4S", Declarer: typev1.Seat_SEAT_SOUTH}})
	wantCode(t, err, codes.InvalidArgument, "irregularity.card: a lead out of turn names the card led")
	for _, bad := range []struct {
		r    *rulingsv1.Restriction
		text string
	}{
		{&rulingsv1.Restriction{Seat: typev1.Seat_SEAT_NORTH, Law: "27B2"}, "RESTRICTION_KIND_"},
		{&rulingsv1.Restriction{Kind: barred.Kind, Law: "27B2"}, "say whom it binds"},
		{&rulingsv1.Restriction{Kind: barred.Kind, Seat: typev1.Seat_SEAT_NORTH}, "the law that imposed it"},
		{&rulingsv1.Restriction{Kind: barred.Kind, Seat: typev1.Seat_SEAT_NORTH, Law: "27B2\n"}, "the law that imposed it"},
		{&rulingsv1.Restriction{Kind: lead.Kind, Seat: typev1.Seat_SEAT_WEST, Law: "26B"}, "names its suits"},
		{&rulingsv1.Restriction{Kind: lead.Kind, Seat: typev1.Seat_SEAT_WEST, Law: "26B", Suits: []string{"S", "S"}}, "named twice"},
		{&rulingsv1.Restriction{Kind: lead.Kind, Seat: typev1.Seat_SEAT_WEST, Law: "26B", Suits: []string{"Q"}}, `"Q"`},
		{&rulingsv1.Restriction{Kind: rulingsv1.RestrictionKind_RESTRICTION_KIND_PENALTY_CARD, Seat: typev1.Seat_SEAT_WEST, Law: "50B"}, "names its card"},
		{&rulingsv1.Restriction{Kind: barred.Kind, Seat: typev1.Seat_SEAT_NORTH, Law: "27B2", Until: 9}, "UNTIL_"},
		{&rulingsv1.Restriction{Kind: barred.Kind, Seat: typev1.Seat_SEAT_NORTH, Law: "27B2", Until: rulingsv1.Until_UNTIL_NEXT_TURN_TO_CALL},
			"a RESTRICTION_KIND_MUST_PASS_THROUGHOUT lasts UNTIL_END_OF_AUCTION, not UNTIL_NEXT_TURN_TO_CALL"},
	} {
		_, err := h.client.Rule(ctx, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr, RestrictionsInForce: []*rulingsv1.Restriction{bad.r}})
		wantCode(t, err, codes.InvalidArgument, "restrictions_in_force[0]")
		wantCode(t, err, codes.InvalidArgument, bad.text)
	}
}

// TestBidAboveSeven: North opens 1S, East passes, South bids 7S and West
// says "8 clubs". It is no bad input: Law 38 rules on it.
func TestBidAboveSeven(t *testing.T) {
	h := start(t)
	call := h.open(t, "1S P 7S")
	ruled := h.ruleWith(t, &rulingsv1.RuleRequest{Name: call.GetName(),
		Irregularity: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_BID_ABOVE_SEVEN, Offender: typev1.Seat_SEAT_WEST, Call: "8C"},
		Answers:      map[string]string{"unintended": "no", "specified_suits": "none"}})
	r := ruled.GetRuling()
	if want := []string{"35C", "38A", "38B", "38C", "16C1", "16C2", "38D", "26B", "72C"}; !slices.Equal(r.GetLaws(), want) {
		t.Errorf("laws %v, want %v", r.GetLaws(), want)
	}
	var got []string
	for _, x := range r.GetRestrictions() {
		got = append(got, x.GetKind().String()+" "+x.GetSeat().String()+" "+strings.Join(x.GetSuits(), "")+" "+x.GetUntil().String())
	}
	want := []string{
		"RESTRICTION_KIND_MUST_PASS_THROUGHOUT SEAT_WEST  UNTIL_END_OF_AUCTION",
		"RESTRICTION_KIND_MUST_PASS_THROUGHOUT SEAT_EAST  UNTIL_END_OF_AUCTION",
		"RESTRICTION_KIND_LEAD_PROHIBITED_ONE_OF SEAT_EAST CDHS UNTIL_LEAD_LOST",
	}
	if !slices.Equal(got, want) {
		t.Errorf("restrictions %q, want %q", got, want)
	}
	_, err := h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(),
		Irregularity: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_BID_ABOVE_SEVEN, Offender: typev1.Seat_SEAT_WEST, Call: "8Z"}})
	wantCode(t, err, codes.InvalidArgument, "irregularity.call")
}

// TestChangeOfCallAfterLHOCalled: North opened 1S, East passed, and North
// then said he meant 1NT. The director records the auction as it was
// called, "1S P", and the change.
func TestChangeOfCallAfterLHOCalled(t *testing.T) {
	h := start(t)
	call := h.open(t, "1S P")
	irr := &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_CHANGE_OF_CALL, Offender: typev1.Seat_SEAT_NORTH, Call: "1NT"}
	ruled := h.ruleWith(t, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr, Answers: map[string]string{"unintended": "yes"}})
	r := ruled.GetRuling()
	var options []string
	for _, o := range r.GetOptions() {
		options = append(options, o.GetChooser().String()+" "+o.GetChoice().GetId()+" "+o.GetLaw())
	}
	if want := []string{"SEAT_EAST withdraw 25A6", "SEAT_EAST keep 25A6"}; !slices.Equal(options, want) || !slices.Equal(r.GetLaws(), []string{"25A1", "25A6", "16C1", "16C2"}) {
		t.Errorf("options %q and laws %v; want East to choose under 25A6, and 25A1, 25A6, 16C1, 16C2", options, r.GetLaws())
	}
	ruled = h.ruleWith(t, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr, Answers: map[string]string{"unintended": "no"}})
	r = ruled.GetRuling()
	options = nil
	for _, o := range r.GetOptions() {
		options = append(options, o.GetChooser().String()+" "+o.GetChoice().GetId())
	}
	if want := []string{"SEAT_EAST accept", "SEAT_EAST refuse", "SEAT_NORTH comparable", "SEAT_NORTH other"}; !slices.Equal(options, want) ||
		!slices.Contains(r.GetLaws(), "31B1") || slices.Contains(r.GetLaws(), "25B2") ||
		!strings.Contains(r.GetSummary(), "1NT is ruled as a call out of rotation") {
		t.Errorf("a change of mind after East called: options %q, laws %v, %q; want 1NT ruled as a call at South's turn (31B), East to accept or refuse it",
			options, r.GetLaws(), r.GetSummary())
	}
}

// TestApplyBoardRulings: rulings that are not about an irregularity in the
// auction or the play are ruled and applied like the others: a fouled board
// that falls in no group, unduly slow play, a board that cannot be played.
func TestApplyBoardRulings(t *testing.T) {
	artificial := func(ns, ew rulingsv1.Adjustment) *rulingsv1.AdjustedScore {
		return &rulingsv1.AdjustedScore{NsPair: 3, EwPair: 7, Kind: &rulingsv1.AdjustedScore_Artificial{Artificial: &rulingsv1.ArtificialScore{NorthSouth: ns, EastWest: ew}}}
	}
	tests := []struct {
		name    string
		irr     *rulingsv1.Irregularity
		answers map[string]string
		laws    []string
		apply   *rulingsv1.ApplyRulingRequest
	}{
		{name: "fouled board", irr: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_FOULED_BOARD},
			answers: map[string]string{"group": "no", "ns_fault": "none", "ew_fault": "none"},
			laws:    []string{"87A", "87B", "12A2", "12C2(a)", "90B6"},
			apply:   &rulingsv1.ApplyRulingRequest{Reason: "Law 87: fouled board", AdjustedScore: artificial(rulingsv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS, rulingsv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS)}},
		{name: "slow play", irr: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_SLOW_PLAY, Offender: typev1.Seat_SEAT_EAST},
			answers: map[string]string{"disconcert": "no", "board_played": "yes"},
			laws:    []string{"90B2"},
			apply: &rulingsv1.ApplyRulingRequest{Reason: "Law 90B2", ProceduralPenalty: &scoringv1.Penalty{Pair: 7, Amount: 10,
				Unit: scoringv1.PenaltyUnit_PENALTY_UNIT_PERCENT_OF_TOP, Reason: "unduly slow play", Law: "90B2"}}},
		{name: "unplayable board", irr: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_UNPLAYABLE_BOARD},
			answers: map[string]string{"ns_fault": "directly", "ew_fault": "none"},
			laws:    []string{"12A2", "12C2(a)"},
			apply:   &rulingsv1.ApplyRulingRequest{Reason: "Law 12A2", AdjustedScore: artificial(rulingsv1.Adjustment_ADJUSTMENT_AVERAGE_MINUS, rulingsv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t)
			ctx := context.Background()
			call := h.open(t, "")
			_, err := h.client.Rule(ctx, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: tt.irr})
			if err != nil {
				t.Fatal(err)
			}
			_, err = h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName()})
			wantCode(t, err, codes.FailedPrecondition, "only a complete ruling")
			ruled := h.ruleWith(t, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: tt.irr, Answers: tt.answers})
			if !slices.Equal(ruled.GetRuling().GetLaws(), tt.laws) {
				t.Errorf("laws %v, want %v", ruled.GetRuling().GetLaws(), tt.laws)
			}
			tt.apply.Name = call.GetName()
			if _, err := h.client.ApplyRuling(ctx, tt.apply); err != nil {
				t.Fatal(err)
			}
			applied := settled(t, h.client, call.GetName())
			if applied.GetState() != rulingsv1.State_STATE_APPLIED || applied.GetDeliveryError() != "" {
				t.Fatalf("applied call %v", applied)
			}
			if tt.apply.GetAdjustedScore() != nil {
				list, err := h.scoring.ListResults(ctx, &scoringv1.ListResultsRequest{Parent: "events/club-night"})
				if err != nil || len(list.GetResults()) != 1 || list.GetResults()[0].GetName() != applied.GetResult() ||
					list.GetResults()[0].GetArtificial().GetNorthSouth() != scoringv1.Adjustment(tt.apply.GetAdjustedScore().GetArtificial().GetNorthSouth()) {
					t.Errorf("scoring holds %v, %v; want the artificial score", list, err)
				}
			}
			if tt.apply.GetProceduralPenalty() != nil {
				penalties, err := h.scoring.ListPenalties(ctx, &scoringv1.ListPenaltiesRequest{Parent: "events/club-night"})
				if err != nil || len(penalties.GetPenalties()) != 1 || penalties.GetPenalties()[0].GetName() != applied.GetPenalty() {
					t.Errorf("scoring holds penalties %v, %v", penalties, err)
				}
			}
		})
	}
}

// TestBoardRulingsNameAnOffenderOnlyWhereThereIsOne: a fouled board needs
// no offender, slow play does, and a seat given must be a seat.
func TestBoardRulingsNameAnOffenderOnlyWhereThereIsOne(t *testing.T) {
	h := start(t)
	ctx := context.Background()
	call := h.open(t, "")
	if _, err := h.client.Rule(ctx, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_FOULED_BOARD}}); err != nil {
		t.Errorf("a fouled board with no offender: %v", err)
	}
	_, err := h.client.Rule(ctx, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_SLOW_PLAY}})
	wantCode(t, err, codes.InvalidArgument, "irregularity.offender")
	_, err = h.client.Rule(ctx, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_UNPLAYABLE_BOARD, Offender: 9}})
	wantCode(t, err, codes.InvalidArgument, "irregularity.offender")
}

// TestPenaltyCardFromTheAuctionIsOnTheTable: West exposed the CJ during
// the auction and became a defender, so it is a major penalty card (Law
// 24E), carried into the play as a restriction in force. West then leads
// the D2: the ruling finds the penalty card on the table and rules Law 52.
func TestPenaltyCardFromTheAuctionIsOnTheTable(t *testing.T) {
	h := start(t)
	ctx := context.Background()
	call := h.open(t, "")
	irr := &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_PENALTY_CARD_NOT_PLAYED, Offender: typev1.Seat_SEAT_WEST, Card: "D2"}
	play := &rulingsv1.Play{Contract: "4S", Declarer: typev1.Seat_SEAT_SOUTH, Cards: "D2"}
	_, err := h.client.Rule(ctx, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr, Play: play})
	wantCode(t, err, codes.InvalidArgument, "penalty card")
	jack := &rulingsv1.Restriction{Kind: rulingsv1.RestrictionKind_RESTRICTION_KIND_PENALTY_CARD, Seat: typev1.Seat_SEAT_WEST, Card: "CJ", Major: true, Law: "24E"}
	resp, err := h.client.Rule(ctx, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr, Play: play, RestrictionsInForce: []*rulingsv1.Restriction{jack}})
	if err != nil {
		t.Fatal(err)
	}
	r := resp.GetCall().GetRuling()
	var options []string
	for _, o := range r.GetOptions() {
		options = append(options, o.GetChooser().String()+" "+o.GetChoice().GetId())
	}
	if want := []string{"SEAT_SOUTH accept", "SEAT_SOUTH substitute"}; !slices.Contains(r.GetLaws(), "52A") || !slices.Equal(options, want) {
		t.Errorf("ruling cites %v with options %q; want Law 52A and declarer's choice %q", r.GetLaws(), options, want)
	}
	// Dummy's card exposed during the auction went back to his hand (24D).
	north := &rulingsv1.Restriction{Kind: jack.Kind, Seat: typev1.Seat_SEAT_NORTH, Card: "HA", Major: true, Law: "24E"}
	_, err = h.client.Rule(ctx, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr, Play: play, RestrictionsInForce: []*rulingsv1.Restriction{north}})
	wantCode(t, err, codes.InvalidArgument, "penalty card")
}
