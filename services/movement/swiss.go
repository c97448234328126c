package movementservice

import (
	"context"
	"fmt"

	"go.etcd.io/bbolt"

	"github.com/bridge-director/director/movement"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// A Swiss teams section (KIND_SWISS_TEAMS) has its rounds paired one at a
// time: SetMovement pairs round 1, and SetSwissRound writes each later
// round's matches into the schedule, so that the tables, the cards and the
// schedule check on results follow it. The pairing itself comes from the
// standings, which are the scoring service's: its PairSwissRound pairs the
// round (movement.SwissPairings) and calls SetSwissRound.

// SetSwissRound writes the matches of one round of a Swiss teams section.
func (s *Service) SetSwissRound(ctx context.Context, req *movementv1.SetSwissRoundRequest) (*movementv1.SetSwissRoundResponse, error) {
	if _, err := resource.ParseSection("section", req.GetSection()); err != nil {
		return nil, err
	}
	round := req.GetRound()
	if round < 2 || round > resource.MaxRound {
		return nil, platform.FieldError("round", fmt.Sprintf("round %d: a Swiss pairs rounds 2 to %d here (round 1 is paired with the movement)", round, resource.MaxRound))
	}
	if n := len(req.GetMatches()); n == 0 || n > resource.MaxEntrants {
		return nil, platform.FieldError("matches", fmt.Sprintf("%d matches: a round has 1 to %d", n, resource.MaxEntrants))
	}
	matches := make([]movement.Match, len(req.GetMatches()))
	for i, m := range req.GetMatches() {
		if m.GetHome() < 1 || m.GetHome() > resource.MaxEntrant || m.GetAway() < 0 || m.GetAway() > resource.MaxEntrant {
			return nil, platform.FieldError(fmt.Sprintf("matches[%d]", i), fmt.Sprintf("match %d v %d: teams are numbered 1 to %d (away 0 for a bye)", m.GetHome(), m.GetAway(), resource.MaxEntrant))
		}
		matches[i] = movement.Match{Home: int(m.GetHome()), Away: int(m.GetAway())}
	}
	resp := &movementv1.SetSwissRoundResponse{}
	answer := func(s *movementv1.Section) { resp.Section = s }
	err := s.change(ctx, movementv1.MovementService_SetSwissRound_FullMethodName, req.GetRequestId(), req, resp, typev1.ChangeKind_CHANGE_KIND_MOVEMENT_CHANGED, req.GetSection(), req.GetEtag(), answer, func(_ *bbolt.Tx, section *movementv1.Section) error {
		mv := section.GetMovement()
		switch {
		case mv == nil:
			return noMovement(section.GetName())
		case mv.GetChoice().GetKind() != movementv1.Kind_KIND_SWISS_TEAMS:
			return platform.FailedPrecondition(fmt.Sprintf("%s plays %s, not a Swiss: only a KIND_SWISS_TEAMS movement is paired a round at a time", section.GetName(), mv.GetName()))
		case round > mv.GetRounds():
			return platform.FieldError("round", fmt.Sprintf("round %d: the Swiss of %s has %d rounds", round, section.GetName(), mv.GetRounds()))
		}
		m := fromProto(mv)
		if m.RoundPaired(int(round)) {
			if !req.GetRepair() {
				return platform.FailedPrecondition(fmt.Sprintf("round %d of %s is paired already; to pair it again before any result of it is in, ask with repair", round, section.GetName()))
			}
			if m.RoundPaired(int(round) + 1) {
				return platform.FailedPrecondition(fmt.Sprintf("round %d of %s cannot be paired again: round %d, paired after it, is paired already", round, section.GetName(), round+1))
			}
		}
		matches, err := withByes(section, int(round), matches)
		if err != nil {
			return err
		}
		paired, err := m.PairTeamsRound(int(round), matches)
		if err != nil {
			return platform.FailedPrecondition(err.Error())
		}
		section.Movement = toProto(paired, mv.GetChoice(), mv.GetEntrants())
		return nil
	})
	return resp, err
}

// withByes checks that the matches pair only teams of the section that play
// in round r, and gives every such team they leave out the bye.
func withByes(section *movementv1.Section, r int, matches []movement.Match) ([]movement.Match, error) {
	playing := map[int]bool{}
	var order []int
	for _, e := range section.GetEntrants() {
		if int(e.GetFromRound()) <= r && (e.GetWithdrawnFromRound() == 0 || int(e.GetWithdrawnFromRound()) > r) {
			playing[int(e.GetNumber())] = true
			order = append(order, int(e.GetNumber()))
		}
	}
	paired := map[int]bool{}
	for i, m := range matches {
		for _, t := range []int{m.Home, m.Away} {
			if t == movement.None {
				continue
			}
			if !playing[t] {
				return nil, platform.FieldError(fmt.Sprintf("matches[%d]", i), fmt.Sprintf("team %d is not a team of %s playing in round %d", t, section.GetName(), r))
			}
			paired[t] = true
		}
	}
	out := append([]movement.Match(nil), matches...)
	for _, t := range order {
		if !paired[t] {
			out = append(out, movement.Match{Home: t, Away: movement.None})
		}
	}
	return out, nil
}
