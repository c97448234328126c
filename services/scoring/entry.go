package scoringservice

import (
	"context"
	"fmt"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bridge-director/director/bridge"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/scoring"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
)

// A table's entry, checked by its section's terminal settings (which the
// movement service answers with the schedule): the lead where the section
// takes it, checked against the deal when Director dealt the section's
// board set; a board not played where a table may enter one. What is odd
// but possible is flagged for the director, not refused: so is a lead from
// the wrong hand that a director or scorer enters, which a lead out of
// turn accepted under Law 54 may be.

// checkEntry applies settings (nil for a section without a movement) to r
// and returns what it flags.
func (s *Service) checkEntry(ctx context.Context, settings *movementv1.TerminalSettings, r *scoringv1.Result) ([]string, error) {
	table := atTable(ctx)
	if table && r.GetNotPlayed() != nil && settings.GetNotPlayedNeedsDirector() {
		return nil, platform.PermissionDenied("result.not_played: in this section the director enters a board not played: call the director")
	}
	p := r.GetPlayed()
	mode := settings.GetLeadCard()
	takesLead := mode != movementv1.LeadCardEntry_LEAD_CARD_ENTRY_UNSPECIFIED && mode != movementv1.LeadCardEntry_LEAD_CARD_ENTRY_DISABLED
	switch {
	case p == nil:
		return nil, nil
	case p.GetLead() == "" && table && takesLead:
		return nil, platform.FieldError("result.played.lead", "this section's devices enter the opening lead: give it, such as \"SA\" or \"H7\"")
	case p.GetLead() == "" || settings.GetBoardSet() == "" ||
		mode != movementv1.LeadCardEntry_LEAD_CARD_ENTRY_MUST_COMPLY && mode != movementv1.LeadCardEntry_LEAD_CARD_ENTRY_ALLOW_NON_COMPLIANCE:
		return nil, nil
	}
	problem, err := s.leadProblem(ctx, settings.GetBoardSet(), r)
	switch {
	case err != nil || problem == "":
		return nil, err
	case mode == movementv1.LeadCardEntry_LEAD_CARD_ENTRY_MUST_COMPLY && table:
		return nil, platform.FieldError("result.played.lead", problem+"; if the lead was out of turn (Law 54), call the director")
	}
	return []string{"lead: " + problem}, nil
}

// leadProblem says what is wrong with a played result's lead against the
// deal of its board in boardSet, or "" when declarer's left-hand opponent
// holds it or the set holds no such board. Scoring reads the deal as a
// Director service: the set is secret while it is played, and the dealing
// service records the read as scoring's.
func (s *Service) leadProblem(ctx context.Context, boardSet string, r *scoringv1.Result) (string, error) {
	if s.dealing == nil {
		return "", status.Error(codes.Unavailable, "the dealing service, which keeps the deals, is not connected")
	}
	name := fmt.Sprintf("%s/boards/%d", boardSet, r.GetBoard())
	got, err := s.dealing.GetBoard(platform.WithServiceIdentity(ctx, "scoring", ""), &dealingv1.GetBoardRequest{Name: name})
	switch {
	case status.Code(err) == codes.NotFound:
		return "", nil
	case err != nil:
		return "", platform.PeerError(err, "the deal of "+name)
	}
	board, err := bridgepb.BoardFrom(got.GetBoard())
	if err != nil {
		return "", status.Errorf(codes.Internal, "%s: %v", name, err)
	}
	lead, err := bridge.ParseCard(r.GetPlayed().GetLead())
	declarer, ok := bridgepb.SeatFrom(r.GetPlayed().GetDeclarer())
	if err != nil || !ok {
		return "", status.Errorf(codes.Internal, "%s: a checked result's lead or declarer does not read back", name)
	}
	leader := declarer.LHO()
	if holder, _ := board.Deal.Holder(lead); holder != leader {
		return fmt.Sprintf("the %s is in %s's hand, not %s's: %s, on declarer %s's left, leads", lead.Symbol(), holder.Name(), leader.Name(), leader.Name(), declarer.Name()), nil
	}
	return "", nil
}

// outlying flags r when it stands far from the other results of its board
// (scoring.Outlying), read from the index by board.
func outlying(r *scoringv1.Result, others []*scoringv1.Result) []string {
	e, ok := entryOf(r)
	if !ok {
		return nil
	}
	var field []scoring.Entry
	for _, o := range others {
		if oe, ok := entryOf(o); ok {
			field = append(field, oe)
		}
	}
	return scoring.Outlying(e, field)
}

// entryOf is what scoring.Outlying compares of a result played or passed
// out; false for any other, and for an index entry written before the
// index kept contracts and scores.
func entryOf(r *scoringv1.Result) (scoring.Entry, bool) {
	switch {
	case r.GetPassedOut() != nil:
		return scoring.Entry{}, true
	case r.GetPlayed() != nil:
		c, err := bridge.ParseContract(r.GetPlayed().GetContract())
		return scoring.Entry{Contract: c, NSScore: int(r.GetNsScore())}, err == nil
	}
	return scoring.Entry{}, false
}
