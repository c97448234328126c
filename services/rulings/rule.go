package rulings

import (
	"context"
	"fmt"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bridge-director/director/bridge"
	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/rulings"
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
	}
	procedureKinds = map[rulingsv1.Kind]rulings.ProcedureKind{
		rulingsv1.Kind_KIND_INCORRECT_NUMBER_OF_CARDS: rulings.IncorrectNumberOfCards,
		rulingsv1.Kind_KIND_MISSING_CARD:              rulings.MissingCard,
		rulingsv1.Kind_KIND_CARDS_FROM_WRONG_BOARD:    rulings.CardsFromWrongBoard,
		rulingsv1.Kind_KIND_WRONG_BOARD:               rulings.WrongBoard,
		rulingsv1.Kind_KIND_UNAUTHORISED_INFORMATION:  rulings.UnauthorisedInformation,
		rulingsv1.Kind_KIND_SURPLUS_CARD:              rulings.SurplusCard,
	}
)

// Rule asks the engine what the Laws require and keeps the ruling on the
// call: with questions while the director's judgement is needed, complete
// once answered.
func (s *Service) Rule(ctx context.Context, req *rulingsv1.RuleRequest) (*rulingsv1.RuleResponse, error) {
	got, err := s.GetCall(ctx, &rulingsv1.GetCallRequest{Name: req.GetName()})
	if err != nil {
		return nil, err
	}
	call := got.GetCall()
	play := call.GetPlay()
	if req.GetPlay() != nil {
		play = req.GetPlay()
	}
	ruling, err := rule(call, play, req.GetIrregularity(), rulings.Answers(req.GetAnswers()))
	if err != nil {
		return nil, err
	}
	resp := &rulingsv1.RuleResponse{}
	err = s.change(ctx, rulingsv1.RulingsService_Rule_FullMethodName, req.GetRequestId(), req, resp, req.GetName(),
		func(c *rulingsv1.DirectorCall) { resp.Call = c },
		func(c *rulingsv1.DirectorCall) error {
			if c.GetState() >= rulingsv1.State_STATE_APPLIED {
				return platform.FailedPrecondition(c.GetName() + "'s ruling is already applied; record an appeal to change it")
			}
			c.Irregularity, c.Ruling, c.Play, c.Answers = req.GetIrregularity(), rulingToProto(ruling), play, req.GetAnswers()
			c.State = rulingsv1.State_STATE_RULED
			if ruling.Pending() {
				c.State = rulingsv1.State_STATE_AWAITING_ANSWERS
			}
			return nil
		})
	return resp, err
}

// rule sends the irregularity to the part of the engine that rules on it.
func rule(call *rulingsv1.DirectorCall, play *rulingsv1.Play, in *rulingsv1.Irregularity, ans rulings.Answers) (rulings.Ruling, error) {
	offender, ok := bridgepb.SeatFrom(in.GetOffender())
	if !ok {
		return rulings.Ruling{}, platform.FieldError("irregularity.offender", "say who committed it: SEAT_NORTH, SEAT_EAST, SEAT_SOUTH or SEAT_WEST")
	}
	var ruling rulings.Ruling
	var err error
	switch kind := in.GetKind(); {
	case auctionKinds[kind] != 0:
		auction, aerr := parseAuction(call.GetAuction(), call.GetBoard())
		if aerr != nil {
			return rulings.Ruling{}, platform.FailedPrecondition(fmt.Sprintf("the auction recorded on %s cannot be read: %v", call.GetName(), aerr))
		}
		irr, ierr := auctionIrregularity(in, auctionKinds[kind], offender)
		if ierr != nil {
			return rulings.Ruling{}, ierr
		}
		ruling, err = rulings.RuleAuction(auction, irr, ans)
	case playKinds[kind] != 0:
		state, perr := playState(play)
		if perr != nil {
			return rulings.Ruling{}, perr
		}
		irr, ierr := playIrregularity(in, playKinds[kind], offender)
		if ierr != nil {
			return rulings.Ruling{}, ierr
		}
		ruling, err = rulings.RulePlay(*state, irr, ans)
	case procedureKinds[kind] != 0:
		ruling, err = rulings.RuleProcedure(rulings.ProcedureIrregularity{Kind: procedureKinds[kind], Offender: offender, Teams: in.GetTeams(), Information: in.GetInformation()}, ans)
	default:
		return rulings.Ruling{}, platform.FieldError("irregularity.kind", "say what happened: one of the KIND_ values")
	}
	if err != nil {
		return rulings.Ruling{}, platform.FieldError("irregularity", err.Error())
	}
	return ruling, nil
}

// auctionIrregularity reads the API's irregularity for the auction engine.
func auctionIrregularity(in *rulingsv1.Irregularity, kind rulings.AuctionIrregularityKind, offender bridge.Seat) (rulings.AuctionIrregularity, error) {
	out := rulings.AuctionIrregularity{Kind: kind, Offender: offender}
	var err error
	if in.GetCall() != "" {
		if out.Call, err = bridge.ParseCall(in.GetCall()); err != nil {
			return out, platform.FieldError("irregularity.call", err.Error())
		}
	}
	if in.GetCard() != "" {
		if out.Card, err = bridge.ParseCard(in.GetCard()); err != nil {
			return out, platform.FieldError("irregularity.card", err.Error())
		}
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
	out := rulings.PlayIrregularity{Kind: kind, Offender: offender, Designation: in.GetDesignation(), Tricks: int(in.GetTricks())}
	var err error
	if in.GetCard() != "" {
		if out.Card, err = bridge.ParseCard(in.GetCard()); err != nil {
			return out, platform.FieldError("irregularity.card", err.Error())
		}
	}
	for _, f := range strings.Fields(in.GetCards()) {
		c, err := bridge.ParseCard(f)
		if err != nil {
			return out, platform.FieldError("irregularity.cards", err.Error())
		}
		out.Cards = append(out.Cards, c)
	}
	return out, nil
}

// playState replays a play record into the engine's state.
func playState(p *rulingsv1.Play) (*rulings.PlayState, error) {
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
		if err == nil {
			err = state.AddPenaltyCard(seat, c, pc.GetMajor())
		}
		if err != nil {
			return nil, platform.FieldError(fmt.Sprintf("play.penalty_cards[%d]", i), err.Error())
		}
	}
	return state, nil
}

func rulingToProto(r rulings.Ruling) *rulingsv1.Ruling {
	out := &rulingsv1.Ruling{Summary: r.Summary, Unauthorised: r.Unauthorised, AdjustmentMayFollow: r.AdjustmentMayFollow, Laws: r.Laws}
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
		out.Restrictions = append(out.Restrictions, &rulingsv1.Restriction{Seat: bridgepb.Seat(x.Seat), Text: x.Reason, Law: x.Law})
	}
	return out
}

// ApplyRuling sends a ruling's adjusted score to scoring as the board's
// result at the table: submitted, or, where a result is stored, corrected
// with the ruling as the reason.
func (s *Service) ApplyRuling(ctx context.Context, req *rulingsv1.ApplyRulingRequest) (*rulingsv1.ApplyRulingResponse, error) {
	got, err := s.GetCall(ctx, &rulingsv1.GetCallRequest{Name: req.GetName()})
	if err != nil {
		return nil, err
	}
	call := got.GetCall()
	if call.GetState() != rulingsv1.State_STATE_RULED {
		return nil, platform.FailedPrecondition(fmt.Sprintf("%s is %s: only a complete ruling can be applied", req.GetName(), strings.ToLower(strings.TrimPrefix(call.GetState().String(), "STATE_"))))
	}
	if (req.GetAdjustedScore() != nil || req.GetProceduralPenalty() != nil) && s.scoring == nil {
		return nil, status.Error(codes.Unavailable, "the scoring service is not connected")
	}
	var resultName, penaltyName string
	if adj := req.GetAdjustedScore(); adj != nil {
		if resultName, err = s.sendScore(ctx, call, adj, req.GetReason()); err != nil {
			return nil, err
		}
	}
	if pp := req.GetProceduralPenalty(); pp != nil {
		if penaltyName, err = s.sendPenalty(ctx, call, pp); err != nil {
			return nil, err
		}
	}
	resp := &rulingsv1.ApplyRulingResponse{}
	err = s.change(ctx, rulingsv1.RulingsService_ApplyRuling_FullMethodName, req.GetRequestId(), req, resp, req.GetName(),
		func(c *rulingsv1.DirectorCall) { resp.Call = c },
		func(c *rulingsv1.DirectorCall) error {
			c.AdjustedScore, c.Result, c.Penalty, c.State = req.GetAdjustedScore(), resultName, penaltyName, rulingsv1.State_STATE_APPLIED
			return nil
		})
	return resp, err
}

// sendPenalty gives the procedural penalty to scoring, for the call's
// session and section, naming the call as its ruling.
func (s *Service) sendPenalty(ctx context.Context, call *rulingsv1.DirectorCall, in *scoringv1.Penalty) (string, error) {
	name, _ := resource.ParseCall("name", call.GetName())
	p := proto.Clone(in).(*scoringv1.Penalty)
	p.Session, p.Section, p.Ruling = name.Session, name.Section, call.GetName()
	event := resource.Event{Event: name.Event}
	resp, err := s.scoring.ApplyPenalty(platform.ForwardCredentials(ctx), &scoringv1.ApplyPenaltyRequest{Parent: event.String(), Penalty: p})
	if err != nil {
		return "", err
	}
	return resp.GetPenalty().GetName(), nil
}

// sendScore submits the adjusted score, or corrects the stored result.
func (s *Service) sendScore(ctx context.Context, call *rulingsv1.DirectorCall, adj *rulingsv1.AdjustedScore, reason string) (string, error) {
	callName, _ := resource.ParseCall("name", call.GetName())
	result := &scoringv1.Result{Table: call.GetTable(), Round: call.GetRound(), Board: call.GetBoard(), NsPair: adj.GetNsPair(), EwPair: adj.GetEwPair()}
	result.Session, result.Section = callName.Session, callName.Section
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
		return "", platform.FieldError("adjusted_score", "give artificial scores, an assigned ns_score, a weighted or a split score")
	}
	if strings.TrimSpace(reason) == "" {
		reason = "director's ruling"
	}
	reason += " (" + call.GetName() + ")"
	ctx = platform.ForwardCredentials(ctx)
	event := resource.Event{Event: callName.Event}
	sub, err := s.scoring.SubmitResult(ctx, &scoringv1.SubmitResultRequest{Parent: event.String(), Result: result})
	if status.Code(err) == codes.AlreadyExists {
		name := resource.Result{Event: callName.Event, Session: callName.Session, Section: callName.Section, Table: call.GetTable(), Round: call.GetRound(), Board: call.GetBoard()}
		corr, err := s.scoring.CorrectResult(ctx, &scoringv1.CorrectResultRequest{Name: name.String(), Result: result, Reason: reason})
		if err != nil {
			return "", err
		}
		return corr.GetResult().GetName(), nil
	}
	if err != nil {
		return "", err
	}
	return sub.GetResult().GetName(), nil
}

// ContinueAuction records the calls made after an auction ruling. The
// auction as it stood when the director was called is replayed, the ruling's
// restrictions are put on it (a player who must pass), and each call must be
// legal there; the first that is not is refused with the law that forbids
// it, and nothing is stored.
func (s *Service) ContinueAuction(ctx context.Context, req *rulingsv1.ContinueAuctionRequest) (*rulingsv1.ContinueAuctionResponse, error) {
	got, err := s.GetCall(ctx, &rulingsv1.GetCallRequest{Name: req.GetName()})
	if err != nil {
		return nil, err
	}
	call := got.GetCall()
	if call.GetState() < rulingsv1.State_STATE_RULED || auctionKinds[call.GetIrregularity().GetKind()] == 0 {
		return nil, platform.FailedPrecondition(req.GetName() + " has no complete ruling on the auction to continue from")
	}
	auction, err := parseAuction(call.GetAuction(), call.GetBoard())
	if err != nil {
		return nil, platform.FailedPrecondition(fmt.Sprintf("the auction recorded on %s cannot be read: %v", req.GetName(), err))
	}
	ruling, err := rule(call, call.GetPlay(), call.GetIrregularity(), rulings.Answers(call.GetAnswers()))
	if err != nil {
		return nil, err
	}
	for _, r := range ruling.Restrictions {
		if r.Kind == rulings.MustPassNextTurn || r.Kind == rulings.MustPassThroughout {
			auction.Restrict(r)
		}
	}
	var made []string
	for i, f := range strings.Fields(req.GetCalls()) {
		c, err := bridge.ParseCall(f)
		if err == nil {
			err = auction.Call(c)
		}
		if err != nil {
			return nil, platform.FieldError("calls", fmt.Sprintf("call %d (%s): %v", i+1, f, err))
		}
		made = append(made, c.String())
	}
	resp := &rulingsv1.ContinueAuctionResponse{}
	err = s.change(ctx, rulingsv1.RulingsService_ContinueAuction_FullMethodName, req.GetRequestId(), req, resp, req.GetName(),
		func(c *rulingsv1.DirectorCall) { resp.Call = c },
		func(c *rulingsv1.DirectorCall) error {
			c.ContinuedAuction = strings.Join(made, " ")
			return nil
		})
	return resp, err
}
