package web

import (
	"fmt"
	"strconv"

	"github.com/bridge-director/director/bridge"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/bridgepb"
)

// outcomeView is what happened at a table on a board, as a traveller or a
// scorecard prints it: the contract with suit symbols, the declarer, the
// opening lead, the tricks over or under the contract; or, for a board
// that was not played out, what the director gave.
type outcomeView struct {
	Contract string // "4♠x", "Passed out", "Average plus / average minus"
	By       string // "N"; "" when no contract was played
	Lead     string // "♥7"; "" when not entered
	Made     string // "=", "+1", "−2"
	Flags    []string
}

// newOutcomeView reads r's outcome.
func newOutcomeView(r *scoringv1.Result) outcomeView {
	v := outcomeView{Flags: r.GetFlags()}
	switch o := r.GetOutcome().(type) {
	case *scoringv1.Result_Played:
		p := o.Played
		v.Contract = p.GetContract()
		c, err := bridge.ParseContract(p.GetContract())
		if err == nil {
			v.Contract = c.Symbol()
			v.Made = madeText(int(p.GetTricks()) - c.TricksNeeded())
		}
		if seat, ok := bridgepb.SeatFrom(p.GetDeclarer()); ok {
			v.By = seat.String()
		}
		v.Lead = p.GetLead()
		if card, err := bridge.ParseCard(p.GetLead()); err == nil {
			v.Lead = card.Suit.Symbol() + rankText(card.Rank)
		}
	case *scoringv1.Result_PassedOut:
		v.Contract = "Passed out"
	case *scoringv1.Result_NotPlayed:
		v.Contract = "Not played"
	case *scoringv1.Result_Artificial:
		v.Contract = adjustmentText(o.Artificial.GetNorthSouth()) + " / " + adjustmentText(o.Artificial.GetEastWest())
	case *scoringv1.Result_Assigned:
		switch o.Assigned.GetKind().(type) {
		case *scoringv1.AssignedScore_Weighted:
			v.Contract = "Weighted score"
		case *scoringv1.AssignedScore_Split:
			v.Contract = "Split score"
		default:
			v.Contract = "Assigned score"
		}
	}
	return v
}

// madeText is the tricks over (+1) or under (−2) the contract, "=" when
// made exactly.
func madeText(over int) string {
	switch {
	case over > 0:
		return "+" + strconv.Itoa(over)
	case over < 0:
		return "−" + strconv.Itoa(-over)
	}
	return "="
}

// adjustmentText is an artificial adjusted score as players read it.
func adjustmentText(a scoringv1.Adjustment) string {
	switch a {
	case scoringv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS:
		return "Average plus"
	case scoringv1.Adjustment_ADJUSTMENT_AVERAGE:
		return "Average"
	case scoringv1.Adjustment_ADJUSTMENT_AVERAGE_MINUS:
		return "Average minus"
	}
	return "Adjusted"
}

// scored reports whether r carries a table score (a contract played, a
// board passed out, or an assigned score) rather than an artificial one.
func scored(r *scoringv1.Result) bool {
	switch r.GetOutcome().(type) {
	case *scoringv1.Result_Played, *scoringv1.Result_PassedOut, *scoringv1.Result_Assigned:
		return true
	}
	return false
}

// points is a side's matchpoints, IMPs or board points as every page prints
// them: two decimals.
func points(p float64) string { return fmt.Sprintf("%.2f", p) }
