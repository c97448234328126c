package rulingsservice

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"go.etcd.io/bbolt"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bridge-director/director/bridge"
	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/rulings"
	"github.com/bridge-director/director/scoring"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// The API's kinds of irregularity, by the part of the engine that rules on
// them.
var (
	auctionKinds = map[rulingsv1.Kind]rulings.AuctionIrregularityKind{
		rulingsv1.Kind_KIND_INSUFFICIENT_BID:            rulings.InsufficientBid,
		rulingsv1.Kind_KIND_CALL_OUT_OF_ROTATION:        rulings.CallOutOfRotation,
		rulingsv1.Kind_KIND_CHANGE_OF_CALL:              rulings.CallChanged,
		rulingsv1.Kind_KIND_CARD_EXPOSED_DURING_AUCTION: rulings.CardExposedDuringAuction,
		rulingsv1.Kind_KIND_INADMISSIBLE_CALL:           rulings.InadmissibleCall,
		rulingsv1.Kind_KIND_BID_ABOVE_SEVEN:             rulings.BidAboveSeven,
		rulingsv1.Kind_KIND_CALL_AFTER_FINAL_PASS:       rulings.CallAfterFinalPass,
		rulingsv1.Kind_KIND_CALL_WHILE_BARRED:           rulings.CallWhileBarred,
		rulingsv1.Kind_KIND_SIMULTANEOUS_CALLS:          rulings.SimultaneousCalls,
	}
	playKinds = map[rulingsv1.Kind]rulings.PlayIrregularityKind{
		rulingsv1.Kind_KIND_LEAD_OUT_OF_TURN:               rulings.LeadOutOfTurn,
		rulingsv1.Kind_KIND_PREMATURE_LEAD_OR_PLAY:         rulings.PrematureLeadOrPlay,
		rulingsv1.Kind_KIND_EXPOSED_CARD:                   rulings.ExposedCard,
		rulingsv1.Kind_KIND_PENALTY_CARD_NOT_PLAYED:        rulings.PenaltyCardNotPlayed,
		rulingsv1.Kind_KIND_REVOKE:                         rulings.Revoke,
		rulingsv1.Kind_KIND_CLAIM:                          rulings.Claim,
		rulingsv1.Kind_KIND_INCOMPLETE_DESIGNATION:         rulings.IncompleteDesignation,
		rulingsv1.Kind_KIND_CARD_PLAYED_FROM_DUMMY_WRONGLY: rulings.CardPlayedFromDummyWrongly,
		rulingsv1.Kind_KIND_RETRACTED_CARD:                 rulings.RetractedCard,
		rulingsv1.Kind_KIND_SIMULTANEOUS_PLAY:              rulings.SimultaneousPlay,
		rulingsv1.Kind_KIND_PENALTY_CARD_LEAD:              rulings.PenaltyCardLead,
		rulingsv1.Kind_KIND_LEAD_RESTRICTION:               rulings.LeadRestriction,
	}
	procedureKinds = map[rulingsv1.Kind]rulings.ProcedureKind{
		rulingsv1.Kind_KIND_INCORRECT_NUMBER_OF_CARDS: rulings.IncorrectNumberOfCards,
		rulingsv1.Kind_KIND_MISSING_CARD:              rulings.MissingCard,
		rulingsv1.Kind_KIND_CARDS_FROM_WRONG_BOARD:    rulings.CardsFromWrongBoard,
		rulingsv1.Kind_KIND_WRONG_BOARD:               rulings.WrongBoard,
		rulingsv1.Kind_KIND_UNAUTHORISED_INFORMATION:  rulings.UnauthorisedInformation,
		rulingsv1.Kind_KIND_SURPLUS_CARD:              rulings.SurplusCard,
		rulingsv1.Kind_KIND_UNPLAYABLE_BOARD:          rulings.UnplayableBoard,
		rulingsv1.Kind_KIND_SLOW_PLAY:                 rulings.UndulySlowPlay,
		rulingsv1.Kind_KIND_FOULED_BOARD:              rulings.FouledBoard,
		rulingsv1.Kind_KIND_DIRECTOR_ERROR:            rulings.DirectorError,
	}
)

// Rule asks the engine what the Laws require and keeps the ruling on the
// call: with questions while the director's judgement is needed, complete
// once answered.
func (s *Service) Rule(ctx context.Context, req *rulingsv1.RuleRequest) (*rulingsv1.RuleResponse, error) {
	if err := checkAnswers(req.GetAnswers()); err != nil {
		return nil, err
	}
	inForce, err := restrictionsFromProto(req.GetRestrictionsInForce())
	if err != nil {
		return nil, err
	}
	got, err := s.GetCall(ctx, &rulingsv1.GetCallRequest{Name: req.GetName()})
	if err != nil {
		return nil, err
	}
	call := got.GetCall()
	play := call.GetPlay()
	if req.GetPlay() != nil {
		play = req.GetPlay()
	}
	ruling, still, err := rule(ctx, call, play, req.GetIrregularity(), rulings.Answers(req.GetAnswers()), inForce)
	if err != nil {
		return nil, err
	}
	out := rulingToProto(ruling)
	out.InForce = inForceAfter(still, ruling)
	resp := &rulingsv1.RuleResponse{}
	err = s.change(ctx, rulingsv1.RulingsService_Rule_FullMethodName, req.GetRequestId(), req, resp, typev1.ChangeKind_CHANGE_KIND_CALL_RULED, req.GetName(), req.GetEtag(),
		func(c *rulingsv1.DirectorCall) { resp.Call = c },
		func(c *rulingsv1.DirectorCall) error {
			if c.GetState() >= rulingsv1.State_STATE_APPLIED {
				return platform.FailedPrecondition(c.GetName() + "'s ruling is already applied; record an appeal to change it")
			}
			c.Irregularity, c.Ruling, c.Play, c.Answers = req.GetIrregularity(), out, play, req.GetAnswers()
			c.State = rulingsv1.State_STATE_RULED
			if ruling.Pending() {
				c.State = rulingsv1.State_STATE_AWAITING_ANSWERS
			}
			return nil
		})
	return resp, err
}

// Bounds of the director's answers to a ruling's questions: far more than
// the longest dialogue the engine holds, so a request cannot grow the call
// without limit.
const (
	maxAnswers      = 50
	maxAnswerKey    = 64
	maxAnswerLength = 200
)

// checkAnswers refuses answers beyond their bounds.
func checkAnswers(answers map[string]string) error {
	if len(answers) > maxAnswers {
		return platform.FieldError("answers", fmt.Sprintf("%d answers: a ruling takes at most %d", len(answers), maxAnswers))
	}
	for k, v := range answers {
		if k == "" || len(k) > maxAnswerKey {
			return platform.FieldError("answers", fmt.Sprintf("question id %.64q: ids are 1 to %d characters", k, maxAnswerKey))
		}
		if len(v) > maxAnswerLength {
			return platform.FieldError("answers["+k+"]", fmt.Sprintf("an answer is at most %d characters", maxAnswerLength))
		}
	}
	return nil
}

// rule sends the irregularity to the part of the engine that rules on it,
// with the restrictions in force from earlier rulings: on the auction (a
// player who must pass) or on the play (a lead restriction, a penalty
// card), and refuses an answer to a question the ruling never asked. The
// solver's work on a claim stops when ctx is done. It returns the ruling
// and those of inForce the engine finds still binding by the record it
// ruled on: the auction's for a ruling on the auction, the play's for one
// on the play, and for the director's procedure the auction's while it
// lasts (a pass restriction holds during the auction, whatever the ruling
// is about) and otherwise all but the pass restrictions.
func rule(ctx context.Context, call *rulingsv1.DirectorCall, play *rulingsv1.Play, in *rulingsv1.Irregularity, ans rulings.Answers, inForce []rulings.Restriction) (rulings.Ruling, []rulings.Restriction, error) {
	kind := in.GetKind()
	if auctionKinds[kind] == 0 && playKinds[kind] == 0 && procedureKinds[kind] == 0 {
		return rulings.Ruling{}, nil, platform.FieldError("irregularity.kind", "say what happened: one of the KIND_ values")
	}
	// An unplayable or fouled board and a director's error may have no
	// offender; every other ruling names one, and a seat given must be one.
	offender, ok := bridgepb.SeatFrom(in.GetOffender())
	optional := procedureKinds[kind] != 0 && !procedureKinds[kind].NeedsOffender()
	if !ok && (!optional || in.GetOffender() != typev1.Seat_SEAT_UNSPECIFIED) {
		return rulings.Ruling{}, nil, platform.FieldError("irregularity.offender", "say who committed it: SEAT_NORTH, SEAT_EAST, SEAT_SOUTH or SEAT_WEST")
	}
	if !ok {
		offender = bridge.North // the kind takes no offender and ignores it
	}
	var ruling rulings.Ruling
	var still []rulings.Restriction
	var err error
	switch {
	case auctionKinds[kind] != 0:
		auction, aerr := parseAuction(call.GetAuction(), call.GetBoard())
		if aerr != nil {
			return rulings.Ruling{}, nil, platform.FailedPrecondition(fmt.Sprintf("the auction recorded on %s cannot be read: %v", call.GetName(), aerr))
		}
		irr, ierr := auctionIrregularity(in, auctionKinds[kind], offender)
		if ierr != nil {
			return rulings.Ruling{}, nil, ierr
		}
		for _, r := range inForce {
			auction.Restrict(r)
		}
		still = auction.Restrictions()
		ruling, err = rulings.RuleAuction(auction, irr, ans)
	case playKinds[kind] != 0:
		state, perr := playState(play, inForce)
		if perr != nil {
			return rulings.Ruling{}, nil, perr
		}
		for i, r := range inForce {
			if !r.Kind.IsLead() {
				continue
			}
			if err := state.RestrictLead(r); err != nil {
				return rulings.Ruling{}, nil, platform.FieldError(fmt.Sprintf("restrictions_in_force[%d]", i), err.Error())
			}
		}
		irr, ierr := playIrregularity(in, playKinds[kind], offender)
		if ierr != nil {
			return rulings.Ruling{}, nil, ierr
		}
		still = state.InForce(inForce)
		ruling, err = rulings.RulePlayContext(ctx, *state, irr, ans)
	default:
		still = duringProcedure(call, play, inForce)
		ruling, err = rulings.RuleProcedure(rulings.ProcedureIrregularity{Kind: procedureKinds[kind], Offender: offender, Teams: in.GetTeams(), Information: in.GetInformation()}, ans)
	}
	if err != nil && ctx.Err() != nil {
		return rulings.Ruling{}, nil, status.FromContextError(ctx.Err()).Err()
	}
	var bad *rulings.AnswerError
	switch {
	case errors.As(err, &bad):
		return rulings.Ruling{}, nil, platform.FieldError("answers."+bad.ID, err.Error())
	case err != nil:
		return rulings.Ruling{}, nil, platform.FieldError("irregularity", err.Error())
	}
	return ruling, still, unasked(ans, ruling.Asked)
}

// duringProcedure are the restrictions of inForce still binding at a
// ruling on the director's procedure: by the call's auction while it has
// not ended (and no play is recorded), otherwise all but the pass
// restrictions, which ended with it.
func duringProcedure(call *rulingsv1.DirectorCall, play *rulingsv1.Play, inForce []rulings.Restriction) []rulings.Restriction {
	auction, err := parseAuction(call.GetAuction(), call.GetBoard())
	if err == nil && !auction.Ended() && play == nil {
		for _, r := range inForce {
			auction.Restrict(r)
		}
		return auction.Restrictions()
	}
	var out []rulings.Restriction
	for _, r := range inForce {
		if r.Kind != rulings.MustPassNextTurn && r.Kind != rulings.MustPassThroughout {
			out = append(out, r)
		}
	}
	return out
}

// unasked refuses an answer to a question the ruling never asked (a
// misspelt id would otherwise be ignored, and its question asked again).
// "choice", "choice_26b" and "specified_suits" are answers of their own,
// asked by no question id.
func unasked(ans rulings.Answers, asked []string) error {
	keys := make([]string, 0, len(ans))
	for k := range ans {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if k == "choice" || k == rulings.LeadRestrictionChoiceAnswer || k == "specified_suits" || slices.Contains(asked, k) {
			continue
		}
		if len(asked) == 0 {
			return platform.FieldError("answers."+k, "this ruling asks no question")
		}
		return platform.FieldError("answers."+k, "this ruling asks no such question; it asked "+strings.Join(asked, ", "))
	}
	return nil
}

// auctionIrregularity reads the API's irregularity for the auction engine.
func auctionIrregularity(in *rulingsv1.Irregularity, kind rulings.AuctionIrregularityKind, offender bridge.Seat) (rulings.AuctionIrregularity, error) {
	out := rulings.AuctionIrregularity{Kind: kind, Offender: offender, ReplacedBeforeRuling: in.GetReplacedBeforeRuling()}
	var err error
	if in.GetCall() != "" {
		if out.Call, err = rulings.ParseOffendingCall(in.GetCall()); err != nil {
			return out, platform.FieldError("irregularity.call", err.Error())
		}
	}
	if kind == rulings.CardExposedDuringAuction {
		cards, err := exposedCards(in, "the card exposed")
		if err != nil {
			return out, err
		}
		out.Card, out.Cards = cards[0], cards[1:]
	}
	if in.GetReplacement() != "" {
		c, err := bridge.ParseCall(in.GetReplacement())
		if err != nil {
			return out, platform.FieldError("irregularity.replacement", err.Error())
		}
		out.Replacement = &c
	}
	if in.GetCalledBeforeRuling() != 0 {
		seat, ok := bridgepb.SeatFrom(in.GetCalledBeforeRuling())
		if !ok {
			return out, platform.FieldError("irregularity.called_before_ruling", "not a seat at the table")
		}
		out.CalledBeforeRuling = &seat
	}
	return out, nil
}

// playIrregularity reads the API's irregularity for the play engine.
func playIrregularity(in *rulingsv1.Irregularity, kind rulings.PlayIrregularityKind, offender bridge.Seat) (rulings.PlayIrregularity, error) {
	out := rulings.PlayIrregularity{Kind: kind, Offender: offender, Designation: in.GetDesignation(), Tricks: int(in.GetTricks()), PlayedAfter: int(in.GetPlayedAfterClaim())}
	var err error
	if out.Line, err = rulings.ParseClaimLine(in.GetClaimLine()); err != nil {
		return out, platform.FieldError("irregularity.claim_line", err.Error())
	}
	role := kind.CardRole()
	if kind == rulings.ExposedCard {
		cards, err := exposedCards(in, role)
		if err != nil {
			return out, err
		}
		out.Card, out.Cards = cards[0], cards[1:]
		return out, nil
	}
	if in.GetCard() == "" && role != "" {
		return out, platform.FieldError("irregularity.card", fmt.Sprintf("a %s names %s: \"SK\"", kind, role))
	}
	if in.GetCard() != "" {
		if out.Card, err = bridge.ParseCard(in.GetCard()); err != nil {
			return out, platform.FieldError("irregularity.card", err.Error())
		}
	}
	if out.Cards, err = parseCards(in.GetCards()); err != nil {
		return out, err
	}
	return out, nil
}

// exposedCards reads the cards of an exposure (Laws 24, 49): card, then
// cards, all alike; card may be left out when cards lists them.
func exposedCards(in *rulingsv1.Irregularity, role string) ([]bridge.Card, error) {
	var cards []bridge.Card
	if in.GetCard() != "" {
		c, err := bridge.ParseCard(in.GetCard())
		if err != nil {
			return nil, platform.FieldError("irregularity.card", err.Error())
		}
		cards = append(cards, c)
	}
	more, err := parseCards(in.GetCards())
	if err != nil {
		return nil, err
	}
	cards = append(cards, more...)
	if len(cards) == 0 {
		return nil, platform.FieldError("irregularity.card", fmt.Sprintf("say %s (\"SK\"), and any further cards exposed in irregularity.cards", role))
	}
	return cards, nil
}

// parseCards reads irregularity.cards: "SK HQ".
func parseCards(s string) ([]bridge.Card, error) {
	var out []bridge.Card
	for i, f := range strings.Fields(s) {
		c, err := bridge.ParseCard(f)
		if err != nil {
			return nil, platform.FieldError("irregularity.cards", fmt.Sprintf("card %d (%s): %v", i+1, f, err))
		}
		out = append(out, c)
	}
	return out, nil
}

// playState replays a play record into the engine's state. A penalty card
// in force from the auction (Law 24E) lies on the table from the opening
// lead, so it is put there before the cards are played, unless the play
// record lists it; one of declarer's side has gone back to the hand (24D).
func playState(p *rulingsv1.Play, inForce []rulings.Restriction) (*rulings.PlayState, error) {
	if p == nil {
		return nil, platform.FieldError("play", "a ruling in the play needs the play so far: the contract, declarer and the cards played")
	}
	contract, err := bridge.ParseContract(p.GetContract())
	if err != nil || contract.IsPassedOut() {
		return nil, platform.FieldError("play.contract", fmt.Sprintf("%q is not a contract played", p.GetContract()))
	}
	declarer, ok := bridgepb.SeatFrom(p.GetDeclarer())
	if !ok {
		return nil, platform.FieldError("play.declarer", "say who declares: SEAT_NORTH, SEAT_EAST, SEAT_SOUTH or SEAT_WEST")
	}
	var deal *bridge.Deal
	if p.GetDeal() != "" {
		d, err := bridge.ParsePBNDeal(p.GetDeal())
		if err != nil {
			return nil, platform.FieldError("play.deal", err.Error())
		}
		deal = &d
	}
	state, err := rulings.NewPlayState(contract, declarer, deal)
	if err != nil {
		return nil, platform.FieldError("play", err.Error())
	}
	listed := map[bridge.Card]bool{}
	for _, pc := range p.GetPenaltyCards() {
		if c, err := bridge.ParseCard(pc.GetCard()); err == nil {
			listed[c] = true
		}
	}
	for i, r := range inForce {
		if r.Kind != rulings.PenaltyCard || !state.IsDefender(r.Seat) || listed[r.Card] {
			continue
		}
		if err := state.AddPenaltyCard(r.Seat, r.Card, r.Major); err != nil {
			return nil, platform.FieldError(fmt.Sprintf("restrictions_in_force[%d]", i), err.Error())
		}
	}
	for i, f := range strings.Fields(p.GetCards()) {
		revoke := strings.HasSuffix(f, "!")
		c, err := bridge.ParseCard(strings.TrimSuffix(f, "!"))
		if err == nil && revoke {
			err = state.Revoke(c)
		} else if err == nil {
			err = state.Play(c)
		}
		if err != nil {
			return nil, platform.FieldError("play.cards", fmt.Sprintf("card %d (%s): %v", i+1, f, err))
		}
	}
	for i, pc := range p.GetPenaltyCards() {
		seat, ok := bridgepb.SeatFrom(pc.GetSeat())
		c, err := bridge.ParseCard(pc.GetCard())
		if err == nil && !ok {
			err = fmt.Errorf("not a seat at the table")
		}
		switch trick := pc.GetTrick(); {
		case err != nil:
		case trick < 0:
			err = fmt.Errorf("trick %d: tricks are counted from 1, or 0 for a penalty card that became one after the last card played", trick)
		case trick == 0:
			err = state.AddPenaltyCard(seat, c, pc.GetMajor())
		default:
			err = state.AddPenaltyCardAt(rulings.PenaltyCardOnTable{Seat: seat, Card: c, Major: pc.GetMajor(), Trick: int(trick) - 1})
		}
		if up := pc.GetPickedUp(); err == nil && up != 0 {
			err = state.PickUpPenaltyCard(c, int(up)-1)
		}
		if err != nil {
			return nil, platform.FieldError(fmt.Sprintf("play.penalty_cards[%d]", i), err.Error())
		}
	}
	return state, nil
}

func rulingToProto(r rulings.Ruling) *rulingsv1.Ruling {
	out := &rulingsv1.Ruling{Summary: r.Summary, Unauthorised: r.Unauthorised, AdjustmentMayFollow: r.AdjustmentMayFollow, Laws: r.Laws,
		Score: ruledScore(r.Score), ScoredInGroup: r.ScoredInGroup}
	for _, q := range r.Questions {
		pq := &rulingsv1.Question{Id: q.ID, Text: q.Text, Law: q.Law}
		for _, c := range q.Choices {
			pq.Choices = append(pq.Choices, &rulingsv1.Choice{Id: c.ID, Text: c.Text})
		}
		out.Questions = append(out.Questions, pq)
	}
	for _, o := range r.Options {
		out.Options = append(out.Options, &rulingsv1.Option{Chooser: bridgepb.Seat(o.Chooser), Choice: &rulingsv1.Choice{Id: o.ID, Text: o.Text}, Consequence: o.Consequence, Law: o.Law})
	}
	for _, x := range r.Restrictions {
		out.Restrictions = append(out.Restrictions, restrictionToProto(x))
	}
	if c := r.Claim; c != nil {
		out.Claim = &rulingsv1.ClaimFigures{Remaining: int32(c.Remaining), Best: int32(c.Best), Line: int32(c.Line),
			OutstandingTrump: c.OutstandingTrump, LostToTrump: int32(c.LostToTrump)}
		for _, t := range c.LineTricks {
			cards := make([]string, len(t))
			for i, card := range t {
				cards[i] = card.String()
			}
			out.Claim.LineTricks = append(out.Claim.LineTricks, strings.Join(cards, " "))
		}
	}
	return out
}

// ruledScore is the score a ruling gives, without its pairs: the engine
// gives only artificial scores (rulings.Ruling.Score).
func ruledScore(s *rulings.AdjustedScore) *rulingsv1.AdjustedScore {
	if s == nil || s.Kind != rulings.ArtificialScore {
		return nil
	}
	return &rulingsv1.AdjustedScore{Kind: &rulingsv1.AdjustedScore_Artificial{Artificial: &rulingsv1.ArtificialScore{
		NorthSouth: rulingsv1.Adjustment(s.NS), EastWest: rulingsv1.Adjustment(s.EW)}}}
}

// applyWait bounds how long ApplyRuling waits for scoring to take the
// ruling's score and penalty before it answers with delivery_pending.
const applyWait = 2 * time.Second

// Labels of the outbox records an applied ruling writes.
const (
	labelScore   = "score"
	labelPenalty = "penalty"
)

// ApplyRuling applies a complete ruling: its adjusted score becomes the
// board's result at the table (the ruling's own score when the request
// gives none), or, for a fouled board ruled scored in its group, the
// table's result moves to the group the director names; and its procedural
// penalty is applied, in scoring. Scoring is first asked to validate both (what it would refuse is
// refused here, and nothing is stored); then the call is marked applied and
// the two calls to scoring are written to the outbox in one transaction,
// and delivered until scoring takes them. The answer waits a moment for
// that, so it usually names the result and penalty; when scoring is slow or
// down it says delivery_pending and the outbox finishes later.
func (s *Service) ApplyRuling(ctx context.Context, req *rulingsv1.ApplyRulingRequest) (*rulingsv1.ApplyRulingResponse, error) {
	got, err := s.GetCall(ctx, &rulingsv1.GetCallRequest{Name: req.GetName()})
	if err != nil {
		return nil, err
	}
	call := got.GetCall()
	if err := canApply(req, call); err != nil {
		return nil, err
	}
	msgs, err := scoringCalls(call, req, platform.CallerName(ctx))
	if err != nil {
		return nil, err
	}
	if len(msgs) > 0 && s.scoring == nil {
		return nil, status.Error(codes.Unavailable, "the scoring service is not connected")
	}
	for _, m := range msgs {
		if err := s.validate(ctx, m); err != nil {
			return nil, err
		}
	}
	resp := &rulingsv1.ApplyRulingResponse{}
	var keys []platform.OutboxKey
	err = s.store.Mutate(ctx, rulingsv1.RulingsService_ApplyRuling_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		keys = keys[:0]
		c, err := getCall(tx, req.GetName())
		if err != nil {
			return err
		}
		if err := canApply(req, c); err != nil {
			return err
		}
		c.AdjustedScore, c.State = appliedScore(c, req), rulingsv1.State_STATE_APPLIED
		c.Result, c.Penalty, c.DeliveryError, c.DeliveryPending = "", "", "", len(msgs) > 0
		for _, m := range msgs {
			m.Origin = req.GetRequestId()
			k, err := platform.Enqueue(tx, m)
			if err != nil {
				return err
			}
			keys = append(keys, k)
		}
		resp.Call = platform.SetETag(proto.Clone(c).(*rulingsv1.DirectorCall))
		section, _, _ := splitCallName(c.GetName())
		return s.storeCall(tx, section, c, typev1.ChangeKind_CHANGE_KIND_RULING_APPLIED, platform.CallerName(ctx))
	})
	if err != nil {
		return nil, err
	}
	if len(keys) == 0 {
		return resp, nil
	}
	wait, cancel := context.WithTimeout(ctx, applyWait)
	defer cancel()
	if !s.outbox.Await(wait, keys...) {
		return resp, nil
	}
	now, err := s.GetCall(ctx, &rulingsv1.GetCallRequest{Name: req.GetName()})
	if err != nil {
		return resp, nil
	}
	// A retry of this request is answered what this one is: the ruling as
	// delivered, not as it stood before.
	delivered := &rulingsv1.ApplyRulingResponse{Call: now.GetCall()}
	if err := s.store.Reanswer(ctx, rulingsv1.RulingsService_ApplyRuling_FullMethodName, req.GetRequestId(), req, delivered); err != nil {
		return resp, nil
	}
	return delivered, nil
}

// canApply refuses to apply call: under a stale etag (ABORTED), when it is
// applied already (ALREADY_EXISTS, with the applied call: two directors
// applying at once, or a retry without a request_id), before its ruling
// is complete, or with a score the ruling does not give (checkScore).
func canApply(req *rulingsv1.ApplyRulingRequest, call *rulingsv1.DirectorCall) error {
	if err := platform.CheckETag(req.GetEtag(), "director call", call.GetName(), call); err != nil {
		return err
	}
	switch call.GetState() {
	case rulingsv1.State_STATE_RULED:
		return checkScore(req, call)
	case rulingsv1.State_STATE_APPLIED, rulingsv1.State_STATE_APPEALED:
		return platform.AlreadyExists(call.GetName()+"'s ruling is already applied; record an appeal to change it", platform.SetETag(proto.Clone(call)))
	}
	return platform.FailedPrecondition(fmt.Sprintf("%s is %s: only a complete ruling can be applied", call.GetName(), strings.ToLower(strings.TrimPrefix(call.GetState().String(), "STATE_"))))
}

// checkScore refuses what the ruling does not give: for a fouled board
// ruled scored in its group (Law 87B), an adjusted score, or no group or one
// out of range; a group for any other ruling; and an adjusted score other
// than the ruling's own (FAILED_PRECONDITION, naming both) unless the
// director says he departs from it, and why.
func checkScore(req *rulingsv1.ApplyRulingRequest, call *rulingsv1.DirectorCall) error {
	ruling, given := call.GetRuling(), req.GetAdjustedScore()
	switch g := req.GetFouledGroup(); {
	case ruling.GetScoredInGroup() && given != nil:
		return platform.FailedPrecondition(call.GetName() + " is ruled scored in its group (Law 87B): the table's result keeps its score; give fouled_group, not an adjusted_score")
	case ruling.GetScoredInGroup() && (g < 1 || g > scoring.MaxFouledGroup):
		return platform.FieldError("fouled_group", fmt.Sprintf("%d: say in which changed form of the board the table played it, 1 to %d (Law 87B)", g, scoring.MaxFouledGroup))
	case !ruling.GetScoredInGroup() && g != 0:
		return platform.FieldError("fouled_group", "only a fouled board ruled scored in its group (Law 87B) takes a group")
	}
	ruled := ruling.GetScore()
	if !req.GetReplacesRuledScore() {
		if ruled != nil && given.GetKind() != nil && !sameScore(given, ruled) {
			return platform.FailedPrecondition(fmt.Sprintf("%s's ruling gives %s; adjusted_score gives %s: set replaces_ruled_score, with the reason, to depart from the ruling",
				call.GetName(), describeScore(ruled), describeScore(given)))
		}
		return nil
	}
	switch {
	case ruled == nil:
		return platform.FieldError("replaces_ruled_score", "the ruling gives no score to depart from")
	case given.GetKind() == nil:
		return platform.FieldError("adjusted_score", "give the score that replaces the ruling's "+describeScore(ruled))
	case strings.TrimSpace(req.GetReason()) == "":
		return platform.FieldError("reason", "say why the director departs from the ruling's "+describeScore(ruled))
	}
	return nil
}

// sameScore reports whether adjusted score a gives what b does, whatever
// pairs each names.
func sameScore(a, b *rulingsv1.AdjustedScore) bool {
	a, b = proto.Clone(a).(*rulingsv1.AdjustedScore), proto.Clone(b).(*rulingsv1.AdjustedScore)
	a.NsPair, a.EwPair, b.NsPair, b.EwPair = 0, 0, 0, 0
	return proto.Equal(a, b)
}

// describeScore says what an adjusted score gives, for the director:
// "Average+ to North-South and Average- to East-West", "North-South +2220".
func describeScore(a *rulingsv1.AdjustedScore) string {
	switch k := a.GetKind().(type) {
	case *rulingsv1.AdjustedScore_Artificial:
		return fmt.Sprintf("%v to North-South and %v to East-West", scoring.Adjustment(k.Artificial.GetNorthSouth()), scoring.Adjustment(k.Artificial.GetEastWest()))
	case *rulingsv1.AdjustedScore_NsScore:
		return fmt.Sprintf("North-South %+d", k.NsScore)
	case *rulingsv1.AdjustedScore_Weighted:
		return "a weighted score"
	case *rulingsv1.AdjustedScore_Split:
		return "a split score"
	}
	return "no score"
}

// appliedScore is the adjusted score applying call sends: the request's,
// or, when it gives only pairs or nothing, the ruling's own score; its
// pairs, where the request leaves them out, are those the schedule seats.
func appliedScore(call *rulingsv1.DirectorCall, req *rulingsv1.ApplyRulingRequest) *rulingsv1.AdjustedScore {
	given, adj := req.GetAdjustedScore(), req.GetAdjustedScore()
	if ruled := call.GetRuling().GetScore(); ruled != nil && given.GetKind() == nil {
		adj = ruled
	}
	if adj == nil {
		return nil
	}
	adj = proto.Clone(adj).(*rulingsv1.AdjustedScore)
	adj.NsPair, adj.EwPair = cmp.Or(given.GetNsPair(), call.GetNsPair()), cmp.Or(given.GetEwPair(), call.GetEwPair())
	return adj
}

// validate asks scoring whether it would take m, with the director's own
// credentials. When scoring cannot be reached the ruling is applied all the
// same: the outbox delivers it later, and records a refusal if one comes.
func (s *Service) validate(ctx context.Context, m platform.OutboxMessage) error {
	ctx = platform.ForwardCredentials(ctx)
	var err error
	switch r := proto.Clone(m.Request).(type) {
	case *scoringv1.CorrectResultRequest:
		r.ValidateOnly = true
		_, err = s.scoring.CorrectResult(ctx, r)
	case *scoringv1.ApplyPenaltyRequest:
		r.ValidateOnly = true
		_, err = s.scoring.ApplyPenalty(ctx, r)
	}
	if err == nil || platform.Unreachable(err) {
		return nil
	}
	st := status.Convert(err)
	return status.ErrorProto(&spb.Status{Code: int32(st.Code()), Message: "scoring refuses the ruling's " + m.Label + ": " + st.Message(), Details: st.Proto().GetDetails()})
}

// settle records on the call what scoring answered to one of its outbox
// records, in the transaction that removes the record.
func (s *Service) settle(tx *bbolt.Tx, d platform.Delivery) error {
	c, err := getCall(tx, d.Subject)
	if status.Code(err) == codes.NotFound {
		return nil
	}
	if err != nil {
		return err
	}
	switch resp := d.Response.(type) {
	case *scoringv1.CorrectResultResponse:
		c.Result = resp.GetResult().GetName()
	case *scoringv1.ApplyPenaltyResponse:
		c.Penalty = resp.GetPenalty().GetName()
	}
	if d.Err != nil {
		refusal := fmt.Sprintf("scoring refused the %s: %s", d.Label, status.Convert(d.Err).Message())
		c.DeliveryError = strings.TrimPrefix(c.GetDeliveryError()+"; "+refusal, "; ")
	}
	c.DeliveryPending = platform.OutboxPending(tx, d.Subject)
	section, _, _ := splitCallName(c.GetName())
	return s.storeCall(tx, section, c, typev1.ChangeKind_CHANGE_KIND_RULING_DELIVERED, d.OnBehalfOf)
}

// scoringCalls are the calls to scoring that applying a ruling makes, made
// by user: the adjusted score (appliedScore) as the board's result at the
// call's table (one CorrectResult with allow_missing: the same call whether
// or not a result is stored), or, for a fouled board ruled scored in its
// group, the stored result moved to the group (a group-only CorrectResult);
// and the procedural penalty.
func scoringCalls(call *rulingsv1.DirectorCall, req *rulingsv1.ApplyRulingRequest, user string) ([]platform.OutboxMessage, error) {
	callName, err := resource.ParseCall("name", call.GetName())
	if err != nil {
		return nil, err
	}
	event := resource.Event{Event: callName.Event}.String()
	reason := strings.TrimSpace(req.GetReason())
	if reason == "" {
		reason = "director's ruling"
	}
	if len(reason) > resource.MaxText {
		return nil, platform.FieldError("reason", fmt.Sprintf("at most %d bytes", resource.MaxText))
	}
	correct := &scoringv1.CorrectResultRequest{Reason: reason + " (" + call.GetName() + ")",
		Name: resource.Result{Event: callName.Event, Session: callName.Session, Section: callName.Section, Table: call.GetTable(), Round: call.GetRound(), Board: call.GetBoard()}.String()}
	switch adj := appliedScore(call, req); {
	case call.GetRuling().GetScoredInGroup():
		correct.Result, correct.GroupOnly = &scoringv1.Result{FouledGroup: req.GetFouledGroup()}, true
	case adj != nil:
		if adj.GetNsPair() == 0 || adj.GetEwPair() == 0 {
			return nil, platform.FieldError("adjusted_score", fmt.Sprintf("the schedule seats no pairs at table %d in round %d: give the ns_pair and ew_pair the score goes to", call.GetTable(), call.GetRound()))
		}
		if correct.Result, err = adjustedResult(adj); err != nil {
			return nil, err
		}
		correct.AllowMissing = true
	}
	var out []platform.OutboxMessage
	if correct.Result != nil {
		out = append(out, platform.OutboxMessage{
			Peer: "scoring", Method: scoringv1.ScoringService_CorrectResult_FullMethodName, OnBehalfOf: user, Subject: call.GetName(), Label: labelScore,
			Request: correct,
		})
	}
	if pp := req.GetProceduralPenalty(); pp != nil {
		p := proto.Clone(pp).(*scoringv1.Penalty)
		p.Session, p.Section, p.Ruling = callName.Session, callName.Section, call.GetName()
		out = append(out, platform.OutboxMessage{
			Peer: "scoring", Method: scoringv1.ScoringService_ApplyPenalty_FullMethodName, OnBehalfOf: user, Subject: call.GetName(), Label: labelPenalty,
			Request: &scoringv1.ApplyPenaltyRequest{Parent: event, Penalty: p},
		})
	}
	return out, nil
}

// adjustedResult is the result scoring keeps for an adjusted score.
func adjustedResult(adj *rulingsv1.AdjustedScore) (*scoringv1.Result, error) {
	result := &scoringv1.Result{NsPair: adj.GetNsPair(), EwPair: adj.GetEwPair()}
	switch k := adj.GetKind().(type) {
	case *rulingsv1.AdjustedScore_Artificial:
		result.Outcome = &scoringv1.Result_Artificial{Artificial: &scoringv1.ArtificialScore{
			NorthSouth: scoringv1.Adjustment(k.Artificial.GetNorthSouth()), EastWest: scoringv1.Adjustment(k.Artificial.GetEastWest())}}
	case *rulingsv1.AdjustedScore_NsScore:
		result.Outcome = &scoringv1.Result_Assigned{Assigned: &scoringv1.AssignedScore{Kind: &scoringv1.AssignedScore_NsScore{NsScore: k.NsScore}}}
	case *rulingsv1.AdjustedScore_Weighted:
		result.Outcome = &scoringv1.Result_Assigned{Assigned: &scoringv1.AssignedScore{Kind: &scoringv1.AssignedScore_Weighted{Weighted: k.Weighted}}}
	case *rulingsv1.AdjustedScore_Split:
		result.Outcome = &scoringv1.Result_Assigned{Assigned: &scoringv1.AssignedScore{Kind: &scoringv1.AssignedScore_Split{Split: k.Split}}}
	default:
		return nil, platform.FieldError("adjusted_score", "give artificial scores, an assigned ns_score, a weighted or a split score")
	}
	return result, nil
}

// startsWithReplacement checks that calls begin with the offender's
// replacement, want, which the auction as recorded does not hold: without
// it every later call would be taken as made one seat early.
func startsWithReplacement(calls []string, want bridge.Call, by bridge.Seat) error {
	if len(calls) > 0 {
		if first, err := bridge.ParseCall(calls[0]); err == nil && first == want {
			return nil
		}
	}
	return platform.FieldError("calls", fmt.Sprintf("the auction continues with %s's replacement %s (irregularity.replacement): start the calls with it, then the calls that follow", by.Name(), want.Symbol()))
}

// ContinueAuction records the calls made after an auction ruling. The
// auction as it stood when the director was called is replayed with the
// calls the ruling lets stand (rulings.AuctionAfterRuling: a change of call
// the left-hand opponent accepted in place of the first call, an accepted
// call out of rotation or insufficient bid where it was made), the
// ruling's restrictions and those still in force after it, as recorded on
// the call, are put on it (a player who must pass; the auction keeps those
// of the play and does not apply them), the offender's replacement, when
// the irregularity names one and the ruling has not let his call stand,
// must come first, and each call must be legal there; the first that is
// not (a bid of more than seven among them) is refused with the law that
// forbids it, and nothing is stored.
func (s *Service) ContinueAuction(ctx context.Context, req *rulingsv1.ContinueAuctionRequest) (*rulingsv1.ContinueAuctionResponse, error) {
	got, err := s.GetCall(ctx, &rulingsv1.GetCallRequest{Name: req.GetName()})
	if err != nil {
		return nil, err
	}
	call := got.GetCall()
	if call.GetState() < rulingsv1.State_STATE_RULED || auctionKinds[call.GetIrregularity().GetKind()] == 0 {
		return nil, platform.FailedPrecondition(req.GetName() + " has no complete ruling on the auction to continue from")
	}
	recorded, err := parseAuction(call.GetAuction(), call.GetBoard())
	if err != nil {
		return nil, platform.FailedPrecondition(fmt.Sprintf("the auction recorded on %s cannot be read: %v", req.GetName(), err))
	}
	inForce, err := restrictionsFromProto(call.GetRuling().GetInForce())
	if err != nil {
		return nil, platform.FailedPrecondition(fmt.Sprintf("the restrictions in force recorded on %s cannot be read: %v", req.GetName(), err))
	}
	own, err := restrictionsFromProto(call.GetRuling().GetRestrictions())
	if err != nil {
		return nil, platform.FailedPrecondition(fmt.Sprintf("the ruling's restrictions recorded on %s cannot be read: %v", req.GetName(), err))
	}
	for _, r := range append(inForce, own...) {
		recorded.Restrict(r)
	}
	kind := auctionKinds[call.GetIrregularity().GetKind()]
	offender, _ := bridgepb.SeatFrom(call.GetIrregularity().GetOffender())
	irr, err := auctionIrregularity(call.GetIrregularity(), kind, offender)
	if err != nil {
		return nil, platform.FailedPrecondition(fmt.Sprintf("the irregularity recorded on %s cannot be read: %v", req.GetName(), err))
	}
	auction, rep, err := rulings.AuctionAfterRuling(recorded, irr, rulings.Answers(call.GetAnswers()))
	if err != nil {
		return nil, platform.FailedPrecondition(fmt.Sprintf("the calls the ruling on %s lets stand cannot be worked out: %v", req.GetName(), err))
	}
	calls := strings.Fields(req.GetCalls())
	if rep != nil {
		if err := startsWithReplacement(calls, *rep, auction.Turn()); err != nil {
			return nil, err
		}
	}
	var made []string
	for i, f := range calls {
		c, err := rulings.ParseOffendingCall(f)
		if err == nil {
			err = auction.Call(c)
		}
		if err != nil {
			return nil, platform.FieldError("calls", fmt.Sprintf("call %d (%s): %v", i+1, f, err))
		}
		made = append(made, c.String())
	}
	resp := &rulingsv1.ContinueAuctionResponse{}
	err = s.change(ctx, rulingsv1.RulingsService_ContinueAuction_FullMethodName, req.GetRequestId(), req, resp, typev1.ChangeKind_CHANGE_KIND_CALL_AUCTION_CONTINUED, req.GetName(), req.GetEtag(),
		func(c *rulingsv1.DirectorCall) { resp.Call = c },
		func(c *rulingsv1.DirectorCall) error {
			c.ContinuedAuction = strings.Join(made, " ")
			return nil
		})
	return resp, err
}
