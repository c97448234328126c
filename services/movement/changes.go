package movementservice

import (
	"context"
	"fmt"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"

	"github.com/bridge-director/director/movement"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// A pair that arrives late or leaves early changes the schedule from a round
// on and keeps the rounds before it (what Bridgemate calls updating the
// movement from a round): a late entrant takes the empty seats (the phantom's)
// from its first round, and a withdrawn entrant's seats become empty, its
// opponents sitting out.

// AddLateEntrant seats a late entrant from a round on.
func (s *Service) AddLateEntrant(ctx context.Context, req *movementv1.AddLateEntrantRequest) (*movementv1.AddLateEntrantResponse, error) {
	if _, err := resource.ParseSection("section", req.GetSection()); err != nil {
		return nil, err
	}
	if err := checkEntrant("entrant", req.GetEntrant()); err != nil {
		return nil, err
	}
	e := req.GetEntrant()
	resp := &movementv1.AddLateEntrantResponse{}
	answer := func(s *movementv1.Section) { resp.Section = s }
	err := s.change(ctx, movementv1.MovementService_AddLateEntrant_FullMethodName, req.GetRequestId(), req, resp, req.GetSection(), req.GetEtag(), req.GetFromRound(), answer, func(section *movementv1.Section) error {
		for _, old := range section.GetEntrants() {
			if old.GetNumber() == e.GetNumber() {
				return platform.FieldError("entrant.number", fmt.Sprintf("%s already has an entrant %d", section.GetName(), e.GetNumber()))
			}
		}
		// The empty seat of each round from the first the entrant plays.
		var seats []*movementv1.Seating
		for r := req.GetFromRound(); r <= section.GetMovement().GetRounds(); r++ {
			var empty []*movementv1.Seating
			for _, st := range section.GetMovement().GetSeatings() {
				if st.GetRound() == r && (st.GetNs() == movement.None) != (st.GetEw() == movement.None) {
					empty = append(empty, st)
				}
			}
			if len(empty) != 1 {
				return platform.FailedPrecondition(fmt.Sprintf("round %d has %d empty seats beside a pair: a late entrant takes the one empty seat of each round, so choose a movement with a sit-out", r, len(empty)))
			}
			seats = append(seats, empty[0])
		}
		// A sit-out table plays no boards; with the late entrant it plays
		// what the movement for a full field plays there.
		mv := section.GetMovement()
		full, err := generate(mv.GetChoice(), mv.GetEntrants()+1)
		if err != nil {
			return platform.FailedPrecondition(fmt.Sprintf("the movement for %d entrants cannot be made, so a late entrant has no boards: %v", mv.GetEntrants()+1, err))
		}
		bps, first := int(mv.GetChoice().GetBoardsPerRound()), int(mv.GetChoice().GetFirstBoard())
		for _, st := range seats {
			at, ok := full.At(int(st.GetRound()), int(st.GetTable()))
			if !ok || at.Set == movement.None || at.NS == movement.None || at.EW == movement.None {
				return platform.FailedPrecondition(fmt.Sprintf("the movement for %d entrants does not seat a pair at table %d in round %d", mv.GetEntrants()+1, st.GetTable(), st.GetRound()))
			}
			low, high := movement.Boards(at.Set, bps, first)
			st.LowBoard, st.HighBoard = int32(low), int32(high)
			if st.GetNs() == movement.None {
				st.Ns = e.GetNumber()
			} else {
				st.Ew = e.GetNumber()
			}
		}
		section.Entrants = append(section.Entrants, &movementv1.Entrant{Number: e.GetNumber(), Name: e.GetName(), Players: e.GetPlayers(), FromRound: req.GetFromRound()})
		return nil
	})
	return resp, err
}

// WithdrawEntrant takes an entrant out from a round on.
func (s *Service) WithdrawEntrant(ctx context.Context, req *movementv1.WithdrawEntrantRequest) (*movementv1.WithdrawEntrantResponse, error) {
	if _, err := resource.ParseSection("section", req.GetSection()); err != nil {
		return nil, err
	}
	resp := &movementv1.WithdrawEntrantResponse{}
	answer := func(s *movementv1.Section) { resp.Section = s }
	err := s.change(ctx, movementv1.MovementService_WithdrawEntrant_FullMethodName, req.GetRequestId(), req, resp, req.GetSection(), req.GetEtag(), req.GetFromRound(), answer, func(section *movementv1.Section) error {
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
		for _, st := range section.GetMovement().GetSeatings() {
			if st.GetRound() < req.GetFromRound() {
				continue
			}
			if st.GetNs() == req.GetEntrant() {
				st.Ns = movement.None
			}
			if st.GetEw() == req.GetEntrant() {
				st.Ew = movement.None
			}
		}
		found.WithdrawnFromRound = req.GetFromRound()
		return nil
	})
	return resp, err
}

// change applies edit to a section's schedule from round on in one write;
// answer receives the changed section for the response. A change that names
// an etag other than the section's is ABORTED with the section as it is.
func (s *Service) change(ctx context.Context, method, requestID string, req, resp proto.Message, name, etag string, round int32, answer func(*movementv1.Section), edit func(*movementv1.Section) error) error {
	return s.store.Mutate(ctx, method, requestID, req, resp, func(tx *bbolt.Tx) error {
		section, err := mustSection(tx, name)
		if err != nil {
			return err
		}
		if err := platform.CheckETag(etag, "section", name, section); err != nil {
			return err
		}
		mv := section.GetMovement()
		if mv == nil {
			return platform.FailedPrecondition(name + " has no movement yet: choose one with SetMovement")
		}
		if round < 1 || round > mv.GetRounds() {
			return platform.FieldError("from_round", fmt.Sprintf("round %d is outside 1 to %d", round, mv.GetRounds()))
		}
		if err := edit(section); err != nil {
			return err
		}
		m := fromProto(section.GetMovement())
		if err := movement.Check(m); err != nil {
			return platform.FailedPrecondition("the change would break the movement: " + err.Error())
		}
		answer(platform.SetETag(proto.Clone(section).(*movementv1.Section)))
		return put(tx, bucketSections, name, section)
	})
}
