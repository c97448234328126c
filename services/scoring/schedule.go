package scoringservice

import (
	"context"
	"fmt"
	"sync"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// A result must be for a section the movement service knows, between pairs
// of that section, and when the section has a movement, the one its
// schedule says: a board of that table's round, between the pairs seated
// there. The schedule is the movement service's; scoring asks it over gRPC
// for every result, and it answers from memory, current with every change
// of the section (a late pair, a withdrawal, a new movement), with the
// revision of the section it answered from; a refusal names that revision.

// checkSchedule refuses a result for a section that does not exist (NotFound
// naming it) or one that does not match the schedule of its section, and
// returns the section's terminal settings (nil without a movement). A
// section without a movement yet has no schedule to check against: its
// result must be between two of its entrants. The one call tells the cases
// apart by its error. The caller's credentials go with the question, so the
// movement service answers what the caller may read.
func (s *Service) checkSchedule(ctx context.Context, event resource.Event, r *scoringv1.Result) (*movementv1.TerminalSettings, error) {
	if s.movement == nil {
		return nil, status.Error(codes.Unavailable, "the movement service, which keeps the schedules, is not connected")
	}
	section := resource.Section{Event: event.Event, Session: r.GetSession(), Section: r.GetSection()}
	got, err := s.movement.GetTableRound(platform.ForwardCredentials(ctx), &movementv1.GetTableRoundRequest{Section: section.String(), Table: r.GetTable(), Round: r.GetRound()})
	switch status.Code(err) {
	case codes.OK:
	case codes.FailedPrecondition: // the section has no movement yet
		return nil, s.checkEntrants(ctx, section, r)
	case codes.NotFound:
		if notFoundResource(err) == "section" {
			return nil, err
		}
		return nil, status.Errorf(codes.FailedPrecondition, "%s has no table %d in round %d", section, r.GetTable(), r.GetRound())
	default:
		return nil, platform.PeerError(err, "the schedule of "+section.String())
	}
	seat := got.GetSeating()
	if r.GetBoard() >= seat.GetLowBoard() && r.GetBoard() <= seat.GetHighBoard() && seat.GetLowBoard() != 0 &&
		r.GetNsPair() == seat.GetNs() && r.GetEwPair() == seat.GetEw() {
		return got.GetSettings(), nil
	}
	text := fmt.Sprintf(
		"the schedule of %s (revision %d) has table %d in round %d playing boards %d to %d with pair %d North-South and pair %d East-West; this result is board %d, pairs %d and %d",
		section, got.GetRevision(), r.GetTable(), r.GetRound(), seat.GetLowBoard(), seat.GetHighBoard(), seat.GetNs(), seat.GetEw(), r.GetBoard(), r.GetNsPair(), r.GetEwPair())
	if seat.GetNs() == 0 && seat.GetEw() == 0 {
		text = fmt.Sprintf("the schedule of %s (revision %d) seats nobody at table %d in round %d (a table left free, or a Swiss round not paired yet); this result is board %d, pairs %d and %d",
			section, got.GetRevision(), r.GetTable(), r.GetRound(), r.GetBoard(), r.GetNsPair(), r.GetEwPair())
	}
	st := status.New(codes.FailedPrecondition, text)
	if withSeat, err := st.WithDetails(seat); err == nil {
		st = withSeat
	}
	return nil, st.Err()
}

// checkEntrants refuses a result whose pair numbers are not entrants of
// its section: a mistyped number would otherwise be ranked as a pair of its
// own.
func (s *Service) checkEntrants(ctx context.Context, section resource.Section, r *scoringv1.Result) error {
	return s.checkNumbers(ctx, section, []string{"result.ns_pair", "result.ew_pair"}, []int32{r.GetNsPair(), r.GetEwPair()})
}

// checkNumbers refuses pair or team numbers, each in its field, that are not
// entrants of section, and a section that does not exist (NotFound).
func (s *Service) checkNumbers(ctx context.Context, section resource.Section, fields []string, pairs []int32) error {
	if s.entrants.all(section.String(), pairs) {
		return nil
	}
	if s.movement == nil {
		return status.Error(codes.Unavailable, "the movement service, which keeps the sections, is not connected")
	}
	got, err := s.movement.GetSection(platform.ForwardCredentials(ctx), &movementv1.GetSectionRequest{Name: section.String()})
	if err != nil {
		return platform.PeerError(err, "the section "+section.String())
	}
	s.entrants.learn(section.String(), got.GetSection().GetEntrants())
	var v []platform.FieldViolation
	for i, field := range fields {
		if !s.entrants.all(section.String(), pairs[i:i+1]) {
			v = append(v, platform.FieldViolation{Field: field, Description: fmt.Sprintf("%s has no entrant %d", section, pairs[i])})
		}
	}
	if len(v) > 0 {
		return platform.FieldErrors(v...)
	}
	return nil
}

// entrants is what scoring knows of the sections' entrant numbers. A
// section is never removed and keeps every entrant it ever had (a
// withdrawn pair is still one of its entrants), so a number once seen stays
// good and is not asked again for every result; a number not seen yet (a
// late pair) is asked of the movement service again.
type entrants struct {
	mu        sync.Mutex
	bySection map[string]map[int32]bool
}

// all reports whether section is known and every one of numbers is a known
// entrant of it.
func (e *entrants) all(section string, numbers []int32) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.bySection[section] == nil {
		return false
	}
	for _, n := range numbers {
		if !e.bySection[section][n] {
			return false
		}
	}
	return true
}

// learn records the entrants of section as the movement service answered.
func (e *entrants) learn(section string, list []*movementv1.Entrant) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.bySection == nil {
		e.bySection = map[string]map[int32]bool{}
	}
	known := e.bySection[section]
	if known == nil {
		known = map[int32]bool{}
		e.bySection[section] = known
	}
	for _, en := range list {
		known[en.GetNumber()] = true
	}
}

// notFoundResource is the type of resource a NotFound error says is missing.
func notFoundResource(err error) string {
	for _, d := range status.Convert(err).Details() {
		if info, ok := d.(*errdetails.ResourceInfo); ok {
			return info.GetResourceType()
		}
	}
	return ""
}
