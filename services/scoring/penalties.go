package scoringservice

// Procedural penalties (Law 90): a director (or the rulings service, for a
// director) applies one to a pair or team, the standings deduct it, and a
// removal keeps it on record with who removed it and why.

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// penaltyUnits lists the units each form of scoring takes a penalty in.
var penaltyUnits = map[scoringv1.Form][]scoringv1.PenaltyUnit{
	scoringv1.Form_FORM_MATCHPOINTS:         {scoringv1.PenaltyUnit_PENALTY_UNIT_PERCENT_OF_TOP, scoringv1.PenaltyUnit_PENALTY_UNIT_MATCHPOINTS},
	scoringv1.Form_FORM_TEAMS_POINT_A_BOARD: {scoringv1.PenaltyUnit_PENALTY_UNIT_PERCENT_OF_TOP, scoringv1.PenaltyUnit_PENALTY_UNIT_MATCHPOINTS},
	scoringv1.Form_FORM_CROSS_IMPS:          {scoringv1.PenaltyUnit_PENALTY_UNIT_IMPS},
	scoringv1.Form_FORM_BUTLER:              {scoringv1.PenaltyUnit_PENALTY_UNIT_IMPS},
	scoringv1.Form_FORM_TEAMS_VP:            {scoringv1.PenaltyUnit_PENALTY_UNIT_VICTORY_POINTS, scoringv1.PenaltyUnit_PENALTY_UNIT_IMPS},
}

// penaltyLimits names each unit for people and gives the largest penalty in
// it: a whole top, and far more than any regulation gives in the others, to
// catch a mistyped amount.
var penaltyLimits = map[scoringv1.PenaltyUnit]struct {
	name string
	most float64
}{
	scoringv1.PenaltyUnit_PENALTY_UNIT_PERCENT_OF_TOP: {"percent of a top", 100},
	scoringv1.PenaltyUnit_PENALTY_UNIT_MATCHPOINTS:    {"matchpoints", 1000},
	scoringv1.PenaltyUnit_PENALTY_UNIT_IMPS:           {"IMPs", 100},
	scoringv1.PenaltyUnit_PENALTY_UNIT_VICTORY_POINTS: {"victory points", 100},
}

// lawPattern is a law as cited: "90", "90B2", "12C1(c)".
var lawPattern = regexp.MustCompile(`^[1-9][0-9]?[A-Za-z0-9()]{0,12}$`)

// ApplyPenalty records a procedural penalty as the next of its event.
func (s *Service) ApplyPenalty(ctx context.Context, req *scoringv1.ApplyPenaltyRequest) (*scoringv1.ApplyPenaltyResponse, error) {
	event, err := resource.ParseEvent("parent", req.GetParent())
	if err != nil {
		return nil, err
	}
	id := event.Event
	p, err := checkPenalty(id, req.GetPenalty())
	if err != nil {
		return nil, err
	}
	e, err := s.event(ctx, event)
	if err != nil {
		return nil, err
	}
	if err := checkPenaltyFits(e, p); err != nil {
		return nil, err
	}
	if err := s.checkNumbers(ctx, resource.Section{Event: id, Session: p.GetSession(), Section: p.GetSection()}, []string{"penalty.pair"}, []int32{p.GetPair()}); err != nil {
		return nil, err
	}
	p.EnteredBy, p.CreateTime = platform.CallerName(ctx), timestamppb.New(s.now())
	resp := &scoringv1.ApplyPenaltyResponse{}
	err = s.write(ctx, req.GetValidateOnly(), scoringv1.ScoringService_ApplyPenalty_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx, commit bool) error {
		b, err := eventBucket(tx, bucketPenalties, id, commit)
		if err != nil {
			return err
		}
		stored := proto.Clone(p).(*scoringv1.Penalty)
		n := int32(1)
		if b != nil {
			n = nextPenaltyNumber(b)
		}
		stored.Name = resource.Penalty{Event: id, Penalty: n}.String()
		resp.Penalty = platform.SetETag(proto.Clone(stored).(*scoringv1.Penalty))
		if !commit {
			return nil
		}
		if err := platform.PutMessage(b, penaltyKey(n), stored); err != nil {
			return err
		}
		return s.store.AppendChange(tx, platform.Change{Kind: typev1.ChangeKind_CHANGE_KIND_PENALTY_APPLIED, Name: stored.Name, By: stored.EnteredBy, Resource: resp.Penalty})
	})
	if err == nil && !req.GetValidateOnly() {
		s.reloadPenalties(id)
	}
	return resp, err
}

// ListPenalties lists an event's penalties, removed ones included.
func (s *Service) ListPenalties(ctx context.Context, req *scoringv1.ListPenaltiesRequest) (*scoringv1.ListPenaltiesResponse, error) {
	event, page, err := s.listing(ctx, req.GetParent(), req)
	if err != nil {
		return nil, err
	}
	resp := &scoringv1.ListPenaltiesResponse{}
	err = s.store.View(func(tx *bbolt.Tx) error {
		b, _ := eventBucket(tx, bucketPenalties, event.Event, false)
		return listPage(b, "penalties/"+event.Event, page, nil, func() *scoringv1.Penalty { return &scoringv1.Penalty{} }, func(p *scoringv1.Penalty) bool {
			name, err := resource.ParsePenalty("name", p.GetName())
			if err != nil || !page.Add(penaltyKey(name.Penalty), p) {
				return false
			}
			resp.Penalties = append(resp.Penalties, platform.SetETag(p))
			return true
		})
	})
	resp.NextPageToken = page.NextToken()
	return resp, err
}

// RemovePenalty records that a penalty no longer stands.
func (s *Service) RemovePenalty(ctx context.Context, req *scoringv1.RemovePenaltyRequest) (*scoringv1.RemovePenaltyResponse, error) {
	name, err := resource.ParsePenalty("name", req.GetName())
	if err != nil {
		return nil, err
	}
	n := name.Penalty
	reason, err := platform.Reason("reason", req.GetReason())
	if err != nil {
		return nil, err
	}
	if _, err := s.event(ctx, name.Parent()); err != nil {
		return nil, err
	}
	removal := &scoringv1.PenaltyRemoval{RemovedBy: platform.CallerName(ctx), Reason: reason, Time: timestamppb.New(s.now())}
	resp := &scoringv1.RemovePenaltyResponse{}
	err = s.store.Mutate(ctx, scoringv1.ScoringService_RemovePenalty_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		b, _ := eventBucket(tx, bucketPenalties, name.Event, false)
		p := &scoringv1.Penalty{}
		ok, err := platform.GetMessage(b, "penalties/"+name.Event, penaltyKey(n), p)
		if err != nil {
			return err
		}
		if !ok {
			return platform.NotFound("penalty", req.GetName())
		}
		if err := platform.CheckETag(req.GetEtag(), "penalty", req.GetName(), p); err != nil {
			return err
		}
		if r := p.GetRemoval(); r != nil {
			return platform.FailedPrecondition(fmt.Sprintf("%s was already removed by %s: %s", p.GetName(), r.GetRemovedBy(), r.GetReason()))
		}
		p.Removal = removal
		resp.Penalty = platform.SetETag(proto.Clone(p).(*scoringv1.Penalty))
		if err := platform.PutMessage(b, penaltyKey(n), p); err != nil {
			return err
		}
		return s.store.AppendChange(tx, platform.Change{Kind: typev1.ChangeKind_CHANGE_KIND_PENALTY_REMOVED, Name: p.Name, By: removal.RemovedBy, Resource: resp.Penalty})
	})
	if err == nil {
		s.reloadPenalties(name.Event)
	}
	return resp, err
}

// checkPenalty validates a penalty to apply in event and fills its defaults
// (session 1, section A, law 90). It returns a copy; in is not changed.
func checkPenalty(event string, in *scoringv1.Penalty) (*scoringv1.Penalty, error) {
	if in == nil {
		return nil, platform.FieldError("penalty", "a penalty is required")
	}
	p := proto.Clone(in).(*scoringv1.Penalty)
	p.Name, p.EnteredBy, p.CreateTime, p.Removal = "", "", nil, nil
	if p.Session == 0 {
		p.Session = 1
	}
	if p.Section == "" {
		p.Section = "A"
	}
	p.Section = strings.ToUpper(p.Section)
	if p.Law == "" {
		p.Law = "90"
	}
	var v []platform.FieldViolation
	bad := func(field, description string) {
		v = append(v, platform.FieldViolation{Field: "penalty." + field, Description: description})
	}
	if p.Session < 1 || p.Session > resource.MaxSession {
		bad("session", fmt.Sprintf("%d is outside 1 to %d", p.Session, resource.MaxSession))
	}
	if !platform.ValidSection(p.Section) {
		bad("section", fmt.Sprintf("%q is not a section: use 1 to 8 letters or digits, such as A", p.Section))
	}
	if p.Pair < 1 || p.Pair > resource.MaxEntrant {
		bad("pair", fmt.Sprintf("pair number %d is outside 1 to %d", p.Pair, resource.MaxEntrant))
	}
	if _, ok := typev1.Side_name[int32(p.Direction)]; !ok {
		bad("direction", "use SIDE_NORTH_SOUTH or SIDE_EAST_WEST, or leave it empty")
	}
	if limit, ok := penaltyLimits[p.Unit]; !ok {
		bad("unit", "say what the amount is in: PENALTY_UNIT_PERCENT_OF_TOP, PENALTY_UNIT_MATCHPOINTS, PENALTY_UNIT_IMPS or PENALTY_UNIT_VICTORY_POINTS")
	} else if !(p.Amount > 0 && p.Amount <= limit.most) { // NaN fails too
		bad("amount", fmt.Sprintf("a penalty is above 0 and at most %v %s, not %v", limit.most, limit.name, p.Amount))
	}
	if !lawPattern.MatchString(p.Law) {
		bad("law", fmt.Sprintf("%q is not a law as cited, such as 90B2", p.Law))
	}
	if p.Round < 0 || p.Round > resource.MaxRound {
		bad("round", fmt.Sprintf("%d is outside 1 to %d", p.Round, resource.MaxRound))
	}
	if len(v) > 0 {
		return nil, platform.FieldErrors(v...)
	}
	if p.Ruling != "" {
		call, err := resource.ParseCall("penalty.ruling", p.Ruling)
		if err != nil {
			return nil, err
		}
		if call.Event != event {
			return nil, platform.FieldError("penalty.ruling", fmt.Sprintf("%s is a call of events/%s, not of events/%s", p.Ruling, call.Event, event))
		}
	}
	reason, err := platform.Reason("penalty.reason", p.Reason)
	if err != nil {
		return nil, err
	}
	p.Reason = reason
	return p, nil
}

// checkPenaltyFits refuses a penalty an event cannot deduct: a unit its form
// does not score in, or a direction where both directions are ranked as one.
func checkPenaltyFits(e *movementv1.Event, p *scoringv1.Penalty) error {
	form := e.GetScoring().GetForm()
	units := penaltyUnits[form]
	if !slices.Contains(units, p.GetUnit()) {
		names := make([]string, len(units))
		for i, u := range units {
			names[i] = u.String()
		}
		return platform.FieldError("penalty.unit", fmt.Sprintf("a %s event takes penalties in %s, not %s", form, strings.Join(names, " or "), p.GetUnit()))
	}
	if p.GetDirection() != typev1.Side_SIDE_UNSPECIFIED && !twoWinners(e.GetScoring()) {
		return platform.FieldError("penalty.direction", e.GetName()+" ranks North-South and East-West together: leave the direction empty")
	}
	inMatch := form == scoringv1.Form_FORM_TEAMS_VP && p.GetUnit() == scoringv1.PenaltyUnit_PENALTY_UNIT_IMPS
	switch {
	case inMatch && p.GetRound() == 0:
		return platform.FieldError("penalty.round", "an IMP penalty in a teams event by victory points is taken in one match: give its round")
	case !inMatch && p.GetRound() != 0:
		return platform.FieldError("penalty.round", "only an IMP penalty in a teams event by victory points is taken in one round's match: leave the round empty")
	}
	return nil
}
