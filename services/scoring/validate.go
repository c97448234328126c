package scoringservice

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bridge-director/director/bridge"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/scoring"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// maxScore is the largest score a board can give: 7NTXX by 13 undertricks
// vulnerable.
const maxScore = 7600

// parseResultName splits a result's resource name into its event id and slot.
func parseResultName(field, name string) (string, slot, error) {
	r, err := resource.ParseResult(field, name)
	if err != nil {
		return "", slot{}, err
	}
	return r.Event, slot{Session: r.Session, Section: r.Section, Table: r.Table, Round: r.Round, Board: r.Board}, nil
}

// checkSlot fills the defaults of a slot (session 1, section A) and checks its
// numbers; field prefixes the names of the fields in errors.
func checkSlot(field string, s *slot) error {
	if s.Session == 0 {
		s.Session = 1
	}
	if s.Section == "" {
		s.Section = "A"
	}
	s.Section = strings.ToUpper(s.Section)
	var v []platform.FieldViolation
	check := func(name string, n int32, max int32) {
		if n < 1 || n > max {
			v = append(v, platform.FieldViolation{Field: field + name, Description: fmt.Sprintf("%d is outside 1 to %d", n, max)})
		}
	}
	check(".session", s.Session, resource.MaxSession)
	if !platform.ValidSection(s.Section) {
		v = append(v, platform.FieldViolation{Field: field + ".section", Description: fmt.Sprintf("%q is not a section: use 1 to 8 letters or digits, such as A", s.Section)})
	}
	check(".table", s.Table, resource.MaxTable)
	check(".round", s.Round, resource.MaxRound)
	check(".board", s.Board, resource.MaxBoard)
	if len(v) > 0 {
		return platform.FieldErrors(v...)
	}
	return nil
}

// checkResult validates a submitted result, fills its defaults and computes
// its North-South score. It returns a copy; r is not changed.
func checkResult(field string, in *scoringv1.Result) (*scoringv1.Result, error) {
	if in == nil {
		return nil, platform.FieldError(field, "a result is required")
	}
	r := cloneResult(in)
	r.Name, r.Revision, r.EnteredBy, r.UpdateTime, r.NsScore, r.Confirmation, r.Flags = "", 0, "", nil, 0, nil, nil
	if side := r.GetEnteredSide(); side != typev1.Side_SIDE_UNSPECIFIED && side != typev1.Side_SIDE_NORTH_SOUTH && side != typev1.Side_SIDE_EAST_WEST {
		return nil, platform.FieldError(field+".entered_side", fmt.Sprintf("%v is not a side: use SIDE_NORTH_SOUTH or SIDE_EAST_WEST", side))
	}
	s := slotOf(r)
	if err := checkSlot(field, &s); err != nil {
		return nil, err
	}
	r.Session, r.Section = s.Session, s.Section
	var v []platform.FieldViolation
	for _, p := range []struct {
		name string
		n    int32
	}{{".ns_pair", r.NsPair}, {".ew_pair", r.EwPair}} {
		if p.n < 1 || p.n > resource.MaxEntrant {
			v = append(v, platform.FieldViolation{Field: field + p.name, Description: fmt.Sprintf("pair number %d is outside 1 to %d", p.n, resource.MaxEntrant)})
		}
	}
	if err := checkFouledGroup(field, r); err != nil {
		v = append(v, *err)
	}
	if r.NsPair == r.EwPair && r.NsPair != 0 {
		v = append(v, platform.FieldViolation{Field: field + ".ew_pair", Description: fmt.Sprintf("pair %d cannot play against itself", r.EwPair)})
	}
	if len(v) > 0 {
		return nil, platform.FieldErrors(v...)
	}
	if err := checkOutcome(field, r); err != nil {
		return nil, err
	}
	return r, nil
}

// checkOutcome validates the outcome of r and sets its NS score.
func checkOutcome(field string, r *scoringv1.Result) error {
	switch o := r.Outcome.(type) {
	case *scoringv1.Result_Played:
		return checkPlayed(field+".played", r, o.Played)
	case *scoringv1.Result_PassedOut, *scoringv1.Result_NotPlayed:
		return nil
	case *scoringv1.Result_Artificial:
		for _, side := range []struct {
			field, who string
			a          scoringv1.Adjustment
		}{{"north_south", "North-South", o.Artificial.GetNorthSouth()}, {"east_west", "East-West", o.Artificial.GetEastWest()}} {
			if adjustmentOf(side.a) == scoring.NoAdjustment {
				return platform.FieldError(field+".artificial."+side.field, "say which artificial score "+side.who+" get: ADJUSTMENT_AVERAGE_PLUS, ADJUSTMENT_AVERAGE or ADJUSTMENT_AVERAGE_MINUS")
			}
		}
		return nil
	case *scoringv1.Result_Assigned:
		return checkAssigned(field+".assigned", r, o.Assigned)
	default:
		return platform.FieldError(field, "say what happened: one of played, passed_out, not_played, artificial or assigned is required")
	}
}

func checkPlayed(field string, r *scoringv1.Result, p *scoringv1.Played) error {
	c, err := bridge.ParseContract(p.GetContract())
	if err != nil {
		return platform.FieldError(field+".contract", err.Error())
	}
	if c.IsPassedOut() {
		if p.GetDeclarer() != typev1.Seat_SEAT_UNSPECIFIED || p.GetTricks() != 0 || p.GetLead() != "" || p.GetOverUnder() != "" {
			return platform.FieldError(field+".contract", "a passed-out board has no declarer, tricks or lead")
		}
		r.Outcome = &scoringv1.Result_PassedOut{PassedOut: &scoringv1.PassedOut{}}
		return nil
	}
	declarer, ok := bridgepb.SeatFrom(p.GetDeclarer())
	if !ok {
		return platform.FieldError(field+".declarer", fmt.Sprintf("%s is not a seat at the table: use SEAT_NORTH, SEAT_EAST, SEAT_SOUTH or SEAT_WEST", p.GetDeclarer()))
	}
	if p.GetTricks() < 0 || p.GetTricks() > 13 {
		return platform.FieldError(field+".tricks", fmt.Sprintf("declarer took %d tricks: tricks are 0 to 13", p.GetTricks()))
	}
	if ou := p.GetOverUnder(); ou != "" {
		tricks, err := overUnderTricks(c, ou)
		switch {
		case err != nil:
			return platform.FieldError(field+".over_under", err.Error())
		case p.GetTricks() != 0 && p.GetTricks() != tricks:
			return platform.FieldError(field+".tricks", fmt.Sprintf("%d tricks and %q on %s disagree: give one of them", p.GetTricks(), ou, c))
		}
		p.Tricks, p.OverUnder = tricks, ""
	}
	if p.GetLead() != "" {
		lead, err := bridge.ParseCard(p.GetLead())
		if err != nil {
			return platform.FieldError(field+".lead", err.Error())
		}
		p.Lead = lead.String()
	}
	p.Contract = c.String()
	score, err := scoring.Score(c, declarer, int(p.GetTricks()), bridge.BoardVulnerability(int(r.GetBoard())))
	if err != nil {
		return platform.FieldError(field, err.Error())
	}
	r.NsScore = int32(score)
	return nil
}

// overUnderTricks reads a result over or under contract c ("=", "+1",
// "-2") as the tricks declarer took.
func overUnderTricks(c bridge.Contract, ou string) (int32, error) {
	n := 0
	if ou != "=" {
		var err error
		if n, err = strconv.Atoi(ou); err != nil || n == 0 || ou[0] != '+' && ou[0] != '-' {
			return 0, fmt.Errorf("%q is not a result over or under the contract: use \"=\", \"+1\" or \"-2\"", ou)
		}
	}
	tricks := c.TricksNeeded() + n
	if tricks < 0 || tricks > 13 {
		return 0, fmt.Errorf("%s %s would be %d tricks: tricks are 0 to 13", c, ou, tricks)
	}
	return int32(tricks), nil
}

func checkAssigned(field string, r *scoringv1.Result, a *scoringv1.AssignedScore) error {
	checkScore := func(name string, score int32) error {
		if score%10 != 0 || score < -maxScore || score > maxScore {
			return platform.FieldError(name, fmt.Sprintf("%d is not a bridge score: scores are multiples of 10 from -%d to %d", score, maxScore, maxScore))
		}
		return nil
	}
	switch k := a.GetKind().(type) {
	case *scoringv1.AssignedScore_NsScore:
		r.NsScore = k.NsScore
		return checkScore(field+".ns_score", k.NsScore)
	case *scoringv1.AssignedScore_Split:
		r.NsScore = k.Split.GetNsScore()
		if err := checkScore(field+".split.ns_score", k.Split.GetNsScore()); err != nil {
			return err
		}
		return checkScore(field+".split.ew_score", k.Split.GetEwScore())
	case *scoringv1.AssignedScore_Weighted:
		parts := k.Weighted.GetParts()
		if len(parts) < 2 || len(parts) > resource.MaxWeightedParts {
			return platform.FieldError(field+".weighted.parts", fmt.Sprintf("a weighted score has 2 to %d parts, not %d", resource.MaxWeightedParts, len(parts)))
		}
		for i, p := range parts {
			name := fmt.Sprintf("%s.weighted.parts[%d]", field, i)
			if p.GetWeight() < 1 || p.GetWeight() > 100 {
				return platform.FieldError(name+".weight", fmt.Sprintf("weight %d is outside 1 to 100", p.GetWeight()))
			}
			if err := checkScore(name+".ns_score", p.GetNsScore()); err != nil {
				return err
			}
		}
		return nil
	default:
		return platform.FieldError(field, "an assigned score needs ns_score, weighted or split")
	}
}

// checkForm refuses a result that an event's form of scoring cannot score:
// point-a-board matches take played results, artificial scores and one
// assigned score, not weighted or split ones.
func checkForm(form scoringv1.Form, r *scoringv1.Result) error {
	if a := r.GetAssigned(); form == scoringv1.Form_FORM_TEAMS_POINT_A_BOARD && a != nil && !hasNSScore(r) {
		return platform.FieldError("result.assigned", "a point-a-board event takes one assigned score (ns_score), not a weighted or split one")
	}
	return nil
}

// teamsForm reports whether form scores team matches.
func teamsForm(form scoringv1.Form) bool {
	return form == scoringv1.Form_FORM_TEAMS_VP || form == scoringv1.Form_FORM_TEAMS_POINT_A_BOARD
}

// checkFouledGroup refuses a fouled board's group outside the forms a board
// may have (Law 87B).
func checkFouledGroup(field string, r *scoringv1.Result) *platform.FieldViolation {
	if g := r.GetFouledGroup(); g < 0 || g > scoring.MaxFouledGroup {
		return &platform.FieldViolation{Field: field + ".fouled_group", Description: fmt.Sprintf("group %d is outside 0 (the board in its correct form) to %d", g, scoring.MaxFouledGroup)}
	}
	return nil
}
