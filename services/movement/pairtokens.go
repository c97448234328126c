package movementservice

import (
	"context"
	"fmt"
	"slices"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// Pair tokens: the codes of devices that follow a pair round to round
// rather than stay at a table. They are table tokens in all but what they
// name (TableToken.pair): the same codes, kept by their SHA-256 in the same
// bucket, with the same life and one live token per pair. What a pair's
// token may do is worked out at each call from the section's schedule in
// memory (pairSeats): in each round, act at the table that seats the pair.

// IssuePairTokens issues a token for each pair asked for, revoking the
// earlier token of each, in one write.
func (s *Service) IssuePairTokens(ctx context.Context, req *movementv1.IssuePairTokensRequest) (*movementv1.IssuePairTokensResponse, error) {
	tokens, err := s.issueIn(ctx, req.GetSection(), req.GetTtl(), func(sec resource.Section) ([]*movementv1.TableToken, error) {
		sch, err := s.scheduleWithMovement("section", sec.String())
		if err != nil {
			return nil, err
		}
		pairs, err := pairsToIssue(sec.String(), sch, req.GetPairs())
		var tokens []*movementv1.TableToken
		for _, p := range pairs {
			tokens = append(tokens, &movementv1.TableToken{Pair: resource.Entrant{Event: sec.Event, Session: sec.Session, Section: sec.Section, Entrant: p}.String()})
		}
		return tokens, err
	})
	return &movementv1.IssuePairTokensResponse{Tokens: tokens}, err
}

// pairsToIssue checks the pairs asked for against the section's entrants,
// or lists all of them when none are.
func pairsToIssue(section string, sch *schedule, asked []int32) ([]int32, error) {
	var numbers []int32
	for _, e := range sch.entrants {
		numbers = append(numbers, e.GetNumber())
	}
	if len(asked) == 0 {
		return numbers, nil
	}
	for i, p := range asked {
		switch {
		case !slices.Contains(numbers, p):
			return nil, platform.FieldError(fmt.Sprintf("pairs[%d]", i), fmt.Sprintf("%s has no entrant %d; its entrants are %v", section, p, numbers))
		case slices.Contains(asked[:i], p):
			return nil, platform.FieldError(fmt.Sprintf("pairs[%d]", i), fmt.Sprintf("pair %d is given twice", p))
		}
	}
	return asked, nil
}

// RevokePairToken revokes a pair's live token.
func (s *Service) RevokePairToken(ctx context.Context, req *movementv1.RevokePairTokenRequest) (*movementv1.RevokePairTokenResponse, error) {
	pair, err := resource.ParseEntrant("pair", req.GetPair())
	if err != nil {
		return nil, err
	}
	resp := &movementv1.RevokePairTokenResponse{}
	err = s.revokeToken(ctx, movementv1.MovementService_RevokePairToken_FullMethodName, req.GetRequestId(), req, resp, "live pair token", pair.String(), func(t *movementv1.TableToken) { resp.Token = t })
	return resp, err
}

// pairSeats returns where the pair sits in each round of its section's
// schedule (none while the section has no movement), from memory: made
// once for each schedule kept, and shared by every call after.
func (s *Service) pairSeats(name string) ([]platform.Seat, error) {
	pair, err := resource.ParseEntrant("pair", name)
	if err != nil {
		return nil, err
	}
	sch, err := s.schedule("pair", pair.Parent().String())
	if err != nil || sch.index == nil {
		return nil, err
	}
	if kept, ok := sch.seats.Load(pair.Entrant); ok {
		return kept.([]platform.Seat), nil
	}
	seats := make([]platform.Seat, sch.index.Movement().Rounds)
	for _, p := range sch.index.Path(int(pair.Entrant)) {
		if p.Round >= 1 && p.Round <= len(seats) && seats[p.Round-1].Table == "" {
			t := resource.Table{Event: pair.Event, Session: pair.Session, Section: pair.Section, Table: int32(p.Table)}
			seats[p.Round-1] = platform.Seat{Table: t.String(), EastWest: !p.NorthSouth}
		}
	}
	sch.seats.Store(pair.Entrant, seats)
	return seats, nil
}

// pairIdentity answers GetTableIdentity for a pair's token: the pair, its
// rounds, and where it sits in round (its first when 0).
func pairIdentity(p platform.Principal, round int32) (*movementv1.GetTableIdentityResponse, error) {
	pair, err := resource.ParseEntrant("pair", p.Pair)
	if err != nil {
		return nil, err
	}
	if round < 0 || round > resource.MaxRound {
		return nil, platform.FieldError("round", fmt.Sprintf("a round is 1 to %d, or 0 for the pair's first", resource.MaxRound))
	}
	resp := &movementv1.GetTableIdentityResponse{
		Pair:    pair.String(),
		Event:   pair.Parent().Parent().Parent().String(),
		Session: pair.Parent().Parent().String(),
		Section: pair.Parent().String(),
	}
	for i, seat := range p.Seats {
		stop := &movementv1.Stop{Round: int32(i + 1)}
		if seat.Table != "" {
			t, err := resource.ParseTable("table", seat.Table)
			if err != nil {
				return nil, err
			}
			stop.Table, stop.Direction = t.Table, directionOf(seat)
			if round == 0 {
				round = stop.Round
			}
		}
		resp.Rounds = append(resp.Rounds, stop)
	}
	resp.Round = round
	if seat, ok := p.SeatIn(round); ok {
		t, _ := resource.ParseTable("table", seat.Table)
		resp.Table, resp.Number = seat.Table, t.Table
	}
	return resp, nil
}

// identitySeats reads the seats of a pair's GetTableIdentity answer.
func identitySeats(resp *movementv1.GetTableIdentityResponse) ([]platform.Seat, error) {
	sec, err := resource.ParseSection("section", resp.GetSection())
	if err != nil {
		return nil, err
	}
	var seats []platform.Seat
	for _, stop := range resp.GetRounds() {
		var seat platform.Seat
		if stop.GetTable() != 0 {
			t := resource.Table{Event: sec.Event, Session: sec.Session, Section: sec.Section, Table: stop.GetTable()}
			seat = platform.Seat{Table: t.String(), EastWest: stop.GetDirection() == typev1.Side_SIDE_EAST_WEST}
		}
		seats = append(seats, seat)
	}
	return seats, nil
}

// directionOf is the side of a seat.
func directionOf(seat platform.Seat) typev1.Side {
	if seat.EastWest {
		return typev1.Side_SIDE_EAST_WEST
	}
	return typev1.Side_SIDE_NORTH_SOUTH
}
