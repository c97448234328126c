package movementservice

import (
	"context"
	"fmt"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// A pair that arrives late or leaves early changes the schedule from a round
// on and keeps the rounds before it; package movement makes the change
// (Movement.AddLate, Movement.Withdraw), and the service records on the
// entrant from which round it plays or no longer plays.

// AddLateEntrant seats a late entrant from a round on.
func (s *Service) AddLateEntrant(ctx context.Context, req *movementv1.AddLateEntrantRequest) (*movementv1.AddLateEntrantResponse, error) {
	if _, err := resource.ParseSection("section", req.GetSection()); err != nil {
		return nil, err
	}
	if err := checkEntrant("entrant", req.GetEntrant()); err != nil {
		return nil, err
	}
	e, from := req.GetEntrant(), req.GetFromRound()
	resp := &movementv1.AddLateEntrantResponse{}
	answer := func(s *movementv1.Section) { resp.Section = s }
	err := s.change(ctx, movementv1.MovementService_AddLateEntrant_FullMethodName, req.GetRequestId(), req, resp, typev1.ChangeKind_CHANGE_KIND_ENTRANT_ADDED, req.GetSection(), req.GetEtag(), answer, func(tx *bbolt.Tx, section *movementv1.Section) error {
		mv, err := playedFrom(section, from)
		if err != nil {
			return err
		}
		for _, old := range section.GetEntrants() {
			if old.GetNumber() == e.GetNumber() {
				return platform.FieldError("entrant.number", fmt.Sprintf("%s already has an entrant %d", section.GetName(), e.GetNumber()))
			}
		}
		late := &movementv1.Entrant{Number: e.GetNumber(), Name: e.GetName(), Players: copyPlayers(e), FromRound: from}
		if err := namePlayers(tx, "entrant", late); err != nil {
			return err
		}
		if mv.GetChoice().GetKind() == movementv1.Kind_KIND_SWISS_TEAMS {
			// A Swiss seats a late team when its first round is paired.
			if fromProto(mv).RoundPaired(int(from)) {
				return platform.FailedPrecondition(fmt.Sprintf("round %d of %s is paired already: a late team joins the Swiss from a round not paired yet", from, section.GetName()))
			}
			section.Movement.Entrants++
			section.Entrants = append(section.Entrants, late)
			return nil
		}
		// The full field's movement is asked only for tables that have no
		// boards while their pair sits out.
		full, fullErr := generate(mv.GetChoice(), mv.GetEntrants()+1)
		m, err := fromProto(mv).AddLate(int(e.GetNumber()), int(from), full)
		if err != nil {
			if fullErr != nil {
				err = fmt.Errorf("%w (and the movement for %d entrants cannot be made: %v)", err, mv.GetEntrants()+1, fullErr)
			}
			return platform.FailedPrecondition(err.Error())
		}
		section.Movement = toProto(m, mv.GetChoice(), mv.GetEntrants())
		section.Entrants = append(section.Entrants, late)
		return nil
	})
	return resp, err
}

// WithdrawEntrant takes an entrant out from a round on.
func (s *Service) WithdrawEntrant(ctx context.Context, req *movementv1.WithdrawEntrantRequest) (*movementv1.WithdrawEntrantResponse, error) {
	if _, err := resource.ParseSection("section", req.GetSection()); err != nil {
		return nil, err
	}
	from := req.GetFromRound()
	resp := &movementv1.WithdrawEntrantResponse{}
	answer := func(s *movementv1.Section) { resp.Section = s }
	err := s.change(ctx, movementv1.MovementService_WithdrawEntrant_FullMethodName, req.GetRequestId(), req, resp, typev1.ChangeKind_CHANGE_KIND_ENTRANT_WITHDRAWN, req.GetSection(), req.GetEtag(), answer, func(tx *bbolt.Tx, section *movementv1.Section) error {
		mv, err := playedFrom(section, from)
		if err != nil {
			return err
		}
		var found *movementv1.Entrant
		for _, e := range section.GetEntrants() {
			if e.GetNumber() == req.GetEntrant() {
				found = e
			}
		}
		if found == nil {
			return platform.NotFound("entrant", fmt.Sprintf("%s/entrants/%d", section.GetName(), req.GetEntrant()))
		}
		if found.GetWithdrawnFromRound() != 0 {
			return platform.FailedPrecondition(fmt.Sprintf("entrant %d is already withdrawn from round %d", req.GetEntrant(), found.GetWithdrawnFromRound()))
		}
		if mv.GetChoice().GetKind() == movementv1.Kind_KIND_SWISS_TEAMS {
			// A Swiss pairs a withdrawn team no more; a round it is paired
			// in is paired again without it first.
			for _, st := range mv.GetSeatings() {
				if st.GetRound() >= from && (st.GetNs() == req.GetEntrant() || st.GetEw() == req.GetEntrant()) {
					return platform.FailedPrecondition(fmt.Sprintf("team %d is paired in round %d of %s: pair that round again without it (SetSwissRound with repair), or withdraw it from round %d", req.GetEntrant(), st.GetRound(), section.GetName(), st.GetRound()+1))
				}
			}
			found.WithdrawnFromRound = from
			return nil
		}
		m, err := fromProto(mv).Withdraw(int(req.GetEntrant()), int(from))
		if err != nil {
			return platform.FailedPrecondition(err.Error())
		}
		section.Movement = toProto(m, mv.GetChoice(), mv.GetEntrants())
		found.WithdrawnFromRound = from
		return nil
	})
	return resp, err
}

// playedFrom returns the movement of a section that changes from round
// from on.
func playedFrom(section *movementv1.Section, from int32) (*movementv1.Movement, error) {
	mv := section.GetMovement()
	if mv == nil {
		return nil, noMovement(section.GetName())
	}
	if from < 1 || from > mv.GetRounds() {
		return nil, platform.FieldError("from_round", fmt.Sprintf("round %d is outside 1 to %d", from, mv.GetRounds()))
	}
	return mv, nil
}

// change applies edit to a section's entrants or movement in one write,
// counts the change in the section's revision, and once it is committed
// keeps the schedule it leaves; answer receives the changed section for the
// response. A change that names an etag other than the section's is
// ABORTED with the section as it is.
func (s *Service) change(ctx context.Context, method, requestID string, req, resp proto.Message, kind typev1.ChangeKind, name, etag string, answer func(*movementv1.Section), edit func(*bbolt.Tx, *movementv1.Section) error) error {
	// The write may run more than once (see platform.Store.Mutate); what
	// it wrote last is what was committed.
	var written *movementv1.Section
	err := s.store.Mutate(ctx, method, requestID, req, resp, func(tx *bbolt.Tx) error {
		written = nil
		section, err := mustSection(tx, name)
		if err != nil {
			return err
		}
		if err := platform.CheckETag(etag, "section", name, section); err != nil {
			return err
		}
		if err := edit(tx, section); err != nil {
			return err
		}
		section.Revision++
		after := platform.SetETag(proto.Clone(section).(*movementv1.Section))
		answer(after)
		if err := put(tx, bucketSections, name, section); err != nil {
			return err
		}
		if err := s.store.AppendChange(tx, platform.Change{Kind: kind, Name: name, By: platform.CallerName(ctx), Resource: after}); err != nil {
			return err
		}
		written = section
		return nil
	})
	if err == nil && written != nil {
		s.schedules.keep(written)
	}
	return err
}
