package scoring

import (
	"context"
	"fmt"
	"strings"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// SubmitResult records a result in its slot. A terminal that resends the same
// result gets the stored one back; a different result for a taken slot is
// AlreadyExists with the stored result as a detail.
func (s *Service) SubmitResult(ctx context.Context, req *scoringv1.SubmitResultRequest) (*scoringv1.SubmitResultResponse, error) {
	event, err := resource.ParseEvent("parent", req.GetParent())
	if err != nil {
		return nil, err
	}
	id := event.Event
	r, err := checkResult("result", req.GetResult())
	if err != nil {
		return nil, err
	}
	if err := s.checkFits(ctx, event, r); err != nil {
		return nil, err
	}
	if err := s.checkSchedule(ctx, event, r); err != nil {
		return nil, err
	}
	sl := slotOf(r)
	by, now := platform.CallerName(ctx), timestamppb.New(s.now())
	resp := &scoringv1.SubmitResultResponse{}
	err = s.store.Mutate(ctx, scoringv1.ScoringService_SubmitResult_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		cur, ok, err := currentResult(tx, id, sl)
		if err != nil {
			return err
		}
		if ok {
			if sameResult(cur, r) {
				resp.Result = cur
				return nil
			}
			return platform.AlreadyExists(fmt.Sprintf("%s already holds a different result (revision %d, entered by %s); correct it instead", cur.GetName(), cur.GetRevision(), cur.GetEnteredBy()), cur)
		}
		resp.Result, err = record(tx, id, sl, r, scoringv1.Action_ACTION_SUBMITTED, by, "", now)
		return err
	})
	return resp, err
}

// CorrectResult stores a corrected result as a new revision.
func (s *Service) CorrectResult(ctx context.Context, req *scoringv1.CorrectResultRequest) (*scoringv1.CorrectResultResponse, error) {
	id, sl, err := parseResultName("name", req.GetName())
	if err != nil {
		return nil, err
	}
	reason, err := platform.Reason("reason", req.GetReason())
	if err != nil {
		return nil, err
	}
	in := req.GetResult()
	if in == nil {
		return nil, platform.FieldError("result", "the corrected result is required")
	}
	in = cloneResult(in)
	if err := fillSlot(in, sl); err != nil {
		return nil, err
	}
	r, err := checkResult("result", in)
	if err != nil {
		return nil, err
	}
	if err := s.checkFits(ctx, resource.Event{Event: id}, r); err != nil {
		return nil, err
	}
	by, now := platform.CallerName(ctx), timestamppb.New(s.now())
	resp := &scoringv1.CorrectResultResponse{}
	err = s.store.Mutate(ctx, scoringv1.ScoringService_CorrectResult_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		cur, ok, err := currentResult(tx, id, sl)
		if err != nil {
			return err
		}
		if !ok && lastRevision(tx, id, sl) == 0 {
			return platform.NotFound("result", req.GetName())
		}
		if ok && sameResult(cur, r) {
			resp.Result = cur // a resent correction changes nothing
			return nil
		}
		resp.Result, err = record(tx, id, sl, r, scoringv1.Action_ACTION_CORRECTED, by, reason, now)
		return err
	})
	return resp, err
}

// EraseResult takes a result out of scoring, keeping its history.
func (s *Service) EraseResult(ctx context.Context, req *scoringv1.EraseResultRequest) (*scoringv1.EraseResultResponse, error) {
	id, sl, err := parseResultName("name", req.GetName())
	if err != nil {
		return nil, err
	}
	reason, err := platform.Reason("reason", req.GetReason())
	if err != nil {
		return nil, err
	}
	if _, err := s.event(ctx, resource.Event{Event: id}); err != nil {
		return nil, err
	}
	by, now := platform.CallerName(ctx), timestamppb.New(s.now())
	resp := &scoringv1.EraseResultResponse{}
	err = s.store.Mutate(ctx, scoringv1.ScoringService_EraseResult_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		_, ok, err := currentResult(tx, id, sl)
		if err != nil {
			return err
		}
		if !ok {
			return platform.NotFound("result", req.GetName())
		}
		rev := &scoringv1.Revision{
			Revision:  lastRevision(tx, id, sl) + 1,
			Action:    scoringv1.Action_ACTION_ERASED,
			ChangedBy: by,
			Reason:    reason,
			Time:      now,
		}
		resp.Revision = rev
		return writeRevision(tx, id, sl, rev)
	})
	return resp, err
}

// GetResultHistory lists the revisions of one slot.
func (s *Service) GetResultHistory(ctx context.Context, req *scoringv1.GetResultHistoryRequest) (*scoringv1.GetResultHistoryResponse, error) {
	id, sl, err := parseResultName("name", req.GetName())
	if err != nil {
		return nil, err
	}
	if _, err := s.event(ctx, resource.Event{Event: id}); err != nil {
		return nil, err
	}
	resp := &scoringv1.GetResultHistoryResponse{}
	err = s.store.View(func(tx *bbolt.Tx) error {
		resp.Revisions, err = history(tx, id, sl)
		if err == nil && len(resp.Revisions) == 0 {
			return platform.NotFound("result", req.GetName())
		}
		return err
	})
	return resp, err
}

// ListResults lists an event's current results in slot order.
func (s *Service) ListResults(ctx context.Context, req *scoringv1.ListResultsRequest) (*scoringv1.ListResultsResponse, error) {
	event, err := resource.ParseEvent("parent", req.GetParent())
	if err != nil {
		return nil, err
	}
	if _, err := s.event(ctx, event); err != nil {
		return nil, err
	}
	section := strings.ToUpper(req.GetSection())
	keep := func(r *scoringv1.Result) bool {
		return (req.GetSession() == 0 || r.GetSession() == req.GetSession()) &&
			(section == "" || r.GetSection() == section) &&
			(req.GetBoard() == 0 || r.GetBoard() == req.GetBoard())
	}
	resp := &scoringv1.ListResultsResponse{}
	err = s.store.View(func(tx *bbolt.Tx) error {
		var damaged []damagedResult
		resp.Results, damaged, err = eventResults(tx, event.Event, keep)
		if err == nil && len(damaged) > 0 {
			err = damaged[0].err
		}
		return err
	})
	return resp, err
}

// checkFits refuses r if its event's form of scoring cannot score it; the
// event must exist.
func (s *Service) checkFits(ctx context.Context, event resource.Event, r *scoringv1.Result) error {
	e, err := s.event(ctx, event)
	if err != nil {
		return err
	}
	return checkForm(e.GetScoring().GetForm(), r)
}

// record stores r as the next revision of its slot and returns it as stored.
func record(tx *bbolt.Tx, event string, sl slot, r *scoringv1.Result, action scoringv1.Action, by, reason string, now *timestamppb.Timestamp) (*scoringv1.Result, error) {
	stored := cloneResult(r)
	stored.Name = sl.name(event)
	stored.Revision = lastRevision(tx, event, sl) + 1
	stored.EnteredBy = by
	stored.UpdateTime = now
	rev := &scoringv1.Revision{
		Revision:  stored.Revision,
		Action:    action,
		Result:    stored,
		ChangedBy: by,
		Reason:    reason,
		Time:      now,
	}
	return stored, writeRevision(tx, event, sl, rev)
}

// sameResult reports whether two results say the same thing about a board,
// whoever entered them and whenever.
func sameResult(a, b *scoringv1.Result) bool {
	strip := func(r *scoringv1.Result) *scoringv1.Result {
		c := cloneResult(r)
		c.Name, c.Revision, c.EnteredBy, c.UpdateTime = "", 0, "", nil
		return c
	}
	return proto.Equal(strip(a), strip(b))
}

// fillSlot makes a corrected result's slot agree with the name it corrects.
func fillSlot(r *scoringv1.Result, sl slot) error {
	given := slotOf(r)
	if given.Section != "" {
		given.Section = strings.ToUpper(given.Section)
	}
	for _, f := range []struct {
		field          string
		given, matches bool
	}{
		{"result.session", given.Session != 0, given.Session == sl.Session},
		{"result.section", given.Section != "", given.Section == sl.Section},
		{"result.table", given.Table != 0, given.Table == sl.Table},
		{"result.round", given.Round != 0, given.Round == sl.Round},
		{"result.board", given.Board != 0, given.Board == sl.Board},
	} {
		if f.given && !f.matches {
			return platform.FieldError(f.field, "does not match the result's name; leave it empty or give the same value")
		}
	}
	r.Session, r.Section, r.Table, r.Round, r.Board = sl.Session, sl.Section, sl.Table, sl.Round, sl.Board
	return nil
}
