package scoringservice

import (
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/scoring"
	"github.com/bridge-director/director/services/bridgepb"
)

// settingsOf converts an event's scoring settings to the scoring library's.
func settingsOf(e *scoringv1.ScoringSettings) scoring.Settings {
	s := scoring.Settings{Profile: scoring.WBF, AcrossField: e.GetAcrossField(), TwoWinners: twoWinners(e)}
	switch e.GetProfile() {
	case scoringv1.Profile_PROFILE_ACBL:
		s.Profile = scoring.ACBL
	case scoringv1.Profile_PROFILE_EBU:
		s.Profile = scoring.EBU
	}
	switch e.GetVpScale() {
	case scoringv1.VPScale_VP_SCALE_WBF_2013:
		s.Profile.VPScale = "WBF2013"
	case scoringv1.VPScale_VP_SCALE_EBU_DISCRETE_20:
		s.Profile.VPScale = "EBUDiscrete20"
	}
	if e.GetImpPenalties() == scoringv1.ImpPenaltyConversion_IMP_PENALTY_CONVERSION_ON_SCALE {
		s.Profile.IMPPenalties = scoring.PenaltyOnScale
	}
	switch e.GetForm() {
	case scoringv1.Form_FORM_MATCHPOINTS:
		s.Form = scoring.MatchpointPairs
	case scoringv1.Form_FORM_CROSS_IMPS:
		s.Form = scoring.CrossIMPPairs
	case scoringv1.Form_FORM_BUTLER:
		s.Form = scoring.ButlerPairs
	case scoringv1.Form_FORM_TEAMS_VP:
		s.Form = scoring.TeamsVictoryPoints
	case scoringv1.Form_FORM_TEAMS_POINT_A_BOARD:
		s.Form = scoring.TeamsPointABoard
	}
	return s
}

// twoWinners reports whether an event ranks North-South and East-West apart:
// only matchpoint pairs do, and an event made before the movement service
// refused the setting for other forms has one winner.
func twoWinners(e *scoringv1.ScoringSettings) bool {
	return e.GetTwoWinners() && e.GetForm() == scoringv1.Form_FORM_MATCHPOINTS
}

// toDomain converts a stored result to the scoring library's, which carries
// the stored result along into its lines (storedOf).
func toDomain(r *scoringv1.Result) scoring.Result {
	d := scoring.Result{Section: r.GetSection(), Table: int(r.GetTable()), Round: int(r.GetRound()), Board: int(r.GetBoard()),
		NS: int(r.GetNsPair()), EW: int(r.GetEwPair()), NSScore: int(r.GetNsScore()), FouledGroup: int(r.GetFouledGroup()), Ref: r}
	switch o := r.Outcome.(type) {
	case *scoringv1.Result_NotPlayed:
		d.Kind = scoring.NotPlayed
	case *scoringv1.Result_Artificial:
		d.Kind = scoring.Artificial
		d.NSAdjust = adjustmentOf(o.Artificial.GetNorthSouth())
		d.EWAdjust = adjustmentOf(o.Artificial.GetEastWest())
	case *scoringv1.Result_Assigned:
		switch k := o.Assigned.GetKind().(type) {
		case *scoringv1.AssignedScore_Split:
			d.Kind = scoring.Split
			d.EWScore = int(k.Split.GetEwScore())
		case *scoringv1.AssignedScore_Weighted:
			d.Kind = scoring.Weighted
			var sum int32
			for _, p := range k.Weighted.GetParts() {
				sum += p.GetWeight()
			}
			for _, p := range k.Weighted.GetParts() {
				d.Weights = append(d.Weights, scoring.WeightedScore{Weight: 100 * float64(p.GetWeight()) / float64(sum), NSScore: int(p.GetNsScore())})
			}
		}
	}
	return d
}

func adjustmentOf(a scoringv1.Adjustment) scoring.Adjustment {
	switch a {
	case scoringv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS:
		return scoring.AveragePlus
	case scoringv1.Adjustment_ADJUSTMENT_AVERAGE:
		return scoring.Average
	case scoringv1.Adjustment_ADJUSTMENT_AVERAGE_MINUS:
		return scoring.AverageMinus
	}
	return scoring.NoAdjustment
}

// hasNSScore reports whether a result carries one North-South score.
func hasNSScore(r *scoringv1.Result) bool {
	switch r.Outcome.(type) {
	case *scoringv1.Result_Played, *scoringv1.Result_PassedOut:
		return true
	case *scoringv1.Result_Assigned:
		_, ok := r.GetAssigned().GetKind().(*scoringv1.AssignedScore_NsScore)
		return ok
	}
	return false
}

// penaltyOf converts a penalty that stands to the scoring library's.
func penaltyOf(p *scoringv1.Penalty) scoring.Penalty {
	d := scoring.Penalty{Section: p.GetSection(), Pair: int(p.GetPair()), Amount: p.GetAmount(),
		PercentOfTop: p.GetUnit() == scoringv1.PenaltyUnit_PENALTY_UNIT_PERCENT_OF_TOP,
		IMPs:         p.GetUnit() == scoringv1.PenaltyUnit_PENALTY_UNIT_IMPS, Round: int(p.GetRound())}
	d.Direction, d.Directed = bridgepb.SideFrom(p.GetDirection())
	return d
}

// standingOf converts a standing to its message; the direction is given
// only where the field has two winners.
func standingOf(st scoring.Standing, twoWinners bool) *scoringv1.Standing {
	out := &scoringv1.Standing{Section: st.Section, Pair: int32(st.Pair), Score: st.Score, Percentage: st.Percentage,
		BoardsPlayed: int32(st.Boards), Rank: int32(st.Rank), Place: st.Place, Penalties: st.Penalties}
	if twoWinners {
		out.Direction = bridgepb.Side(st.Direction)
	}
	return out
}

// storedOf is the stored result a line is about.
func storedOf(l scoring.Line) *scoringv1.Result { return l.Result.Ref.(*scoringv1.Result) }

// lineOf converts a line to a traveller line.
func lineOf(l scoring.Line) *scoringv1.TravellerLine {
	return &scoringv1.TravellerLine{Result: storedOf(l), NsPoints: l.NSPoints, EwPoints: l.EWPoints, NsPercentage: l.NSPercentage, EwPercentage: l.EWPercentage}
}

// problemOf converts a board left out of the scoring to its message.
func problemOf(session int32, p scoring.Problem) *scoringv1.BoardProblem {
	return &scoringv1.BoardProblem{Session: session, Section: p.Section, Board: int32(p.Board), Problem: p.Problem}
}
