package movementservice

// Events are the movement service's: an event is created here with the
// settings it is scored by, and the other services ask for it by name
// (scoring for its settings, dealing for the title and venue that head its
// hand records, all of them to refuse what would be created under an event
// that does not exist).

import (
	"context"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// CreateEvent creates an event with its scoring settings and, when given,
// the venue its hand records name.
func (s *Service) CreateEvent(ctx context.Context, req *movementv1.CreateEventRequest) (*movementv1.CreateEventResponse, error) {
	name, err := resource.ParseEvent("event_id", resource.Event{Event: req.GetEventId()}.String())
	if err != nil {
		return nil, err
	}
	in := req.GetEvent()
	if err := titleLine("event.title", in.GetTitle()); err != nil {
		return nil, err
	}
	if err := titleLine("event.venue", in.GetVenue()); err != nil {
		return nil, err
	}
	settings, err := checkSettings(in.GetScoring())
	if err != nil {
		return nil, err
	}
	e := &movementv1.Event{Name: name.String(), Title: in.GetTitle(), Venue: in.GetVenue(), Scoring: settings, CreateTime: timestamppb.New(s.now())}
	resp := &movementv1.CreateEventResponse{}
	err = s.store.Mutate(ctx, movementv1.MovementService_CreateEvent_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		if ok, err := get(tx, bucketEvents, e.Name, &movementv1.Event{}); err != nil || ok {
			if ok {
				return platform.AlreadyExists("event "+e.Name+" already exists", nil)
			}
			return err
		}
		resp.Event = platform.SetETag(proto.Clone(e).(*movementv1.Event))
		if err := put(tx, bucketEvents, e.Name, e); err != nil {
			return err
		}
		if err := s.store.AppendChange(tx, platform.Change{Kind: typev1.ChangeKind_CHANGE_KIND_EVENT_CREATED, Name: e.Name, By: platform.CallerName(ctx), Resource: resp.Event}); err != nil {
			return err
		}
		return s.eventToVenues(tx, name.Event, typev1.ChangeKind_CHANGE_KIND_EVENT_CREATED, e.Name, e, platform.CallerName(ctx))
	})
	return resp, err
}

// checkSettings checks an event's scoring settings and fills their default
// (the WBF profile).
func checkSettings(in *scoringv1.ScoringSettings) (*scoringv1.ScoringSettings, error) {
	out := proto.Clone(in).(*scoringv1.ScoringSettings)
	if out == nil {
		out = &scoringv1.ScoringSettings{}
	}
	switch {
	case out.Form == scoringv1.Form_FORM_UNSPECIFIED:
		return nil, platform.FieldError("event.scoring.form", "say how the event is scored: FORM_MATCHPOINTS, FORM_CROSS_IMPS, FORM_BUTLER, FORM_TEAMS_VP or FORM_TEAMS_POINT_A_BOARD")
	case scoringv1.Form_name[int32(out.Form)] == "":
		return nil, platform.FieldError("event.scoring.form", "unknown form of scoring")
	case scoringv1.Profile_name[int32(out.Profile)] == "":
		return nil, platform.FieldError("event.scoring.profile", "unknown regulation profile: use PROFILE_WBF, PROFILE_ACBL or PROFILE_EBU")
	case out.TwoWinners && out.Form != scoringv1.Form_FORM_MATCHPOINTS:
		return nil, platform.FieldError("event.scoring.two_winners", "only matchpoint pairs (FORM_MATCHPOINTS) rank North-South and East-West apart")
	case scoringv1.VPScale_name[int32(out.VpScale)] == "":
		return nil, platform.FieldError("event.scoring.vp_scale", "unknown scale: use VP_SCALE_WBF_2013 or VP_SCALE_EBU_DISCRETE_20")
	case out.VpScale != scoringv1.VPScale_VP_SCALE_UNSPECIFIED && out.Form != scoringv1.Form_FORM_TEAMS_VP:
		return nil, platform.FieldError("event.scoring.vp_scale", "only teams scored by victory points (FORM_TEAMS_VP) convert IMPs to victory points")
	case scoringv1.ImpPenaltyConversion_name[int32(out.ImpPenalties)] == "":
		return nil, platform.FieldError("event.scoring.imp_penalties", "unknown conversion: use IMP_PENALTY_CONVERSION_FROM_MARGIN or IMP_PENALTY_CONVERSION_ON_SCALE")
	case out.ImpPenalties != scoringv1.ImpPenaltyConversion_IMP_PENALTY_CONVERSION_UNSPECIFIED && out.Form != scoringv1.Form_FORM_TEAMS_VP:
		return nil, platform.FieldError("event.scoring.imp_penalties", "only teams scored by victory points (FORM_TEAMS_VP) convert IMP penalties to victory points")
	}
	if out.Profile == scoringv1.Profile_PROFILE_UNSPECIFIED {
		out.Profile = scoringv1.Profile_PROFILE_WBF
	}
	return out, nil
}

// GetEvent returns one event.
func (s *Service) GetEvent(ctx context.Context, req *movementv1.GetEventRequest) (*movementv1.GetEventResponse, error) {
	if _, err := resource.ParseEvent("name", req.GetName()); err != nil {
		return nil, err
	}
	resp := &movementv1.GetEventResponse{}
	err := s.store.View(func(tx *bbolt.Tx) (err error) {
		resp.Event, err = mustEvent(tx, req.GetName())
		platform.SetETag(resp.Event)
		return err
	})
	return resp, err
}

// ListEvents lists the events in name order, a page at a time.
func (s *Service) ListEvents(ctx context.Context, req *movementv1.ListEventsRequest) (*movementv1.ListEventsResponse, error) {
	page, err := platform.ReadPage(req)
	if err != nil {
		return nil, err
	}
	resp := &movementv1.ListEventsResponse{}
	err = s.store.View(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketEvents)
		c := b.Cursor()
		for k, v := resume(c, page); k != nil; k, v = c.Next() {
			if page.Skip(k) {
				continue
			}
			e := &movementv1.Event{}
			if err := platform.DecodeMessage(b, string(bucketEvents), k, v, e); err != nil {
				return err
			}
			if !page.Add(k, e) {
				return nil
			}
			resp.Events = append(resp.Events, platform.SetETag(e))
		}
		return nil
	})
	resp.NextPageToken = page.NextToken()
	return resp, err
}
