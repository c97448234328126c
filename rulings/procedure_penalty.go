package rulings

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/scoring"
)

// PenaltyUnit is what a procedural penalty is counted in.
type PenaltyUnit uint8

// The units of a procedural penalty, one per form of scoring.
const (
	// PercentOfTop: matchpointed pairs, a percentage of a top on one board.
	PercentOfTop PenaltyUnit = iota + 1
	// IMPs: a team match or IMPed pairs.
	IMPs
	// VPs: victory points, taken from a match score.
	VPs
)

// String returns "% of a top", "IMPs" or "VPs".
func (u PenaltyUnit) String() string {
	switch u {
	case PercentOfTop:
		return "% of a top"
	case IMPs:
		return "IMPs"
	case VPs:
		return "VPs"
	}
	return fmt.Sprintf("PenaltyUnit(%d)", uint8(u))
}

// Offence is an offence Law 90B lists as subject to a procedural penalty, or
// any other one Law 90A covers.
type Offence uint8

// The offences of Law 90B (2017, the same eight as 2007).
const (
	OtherOffence             Offence = iota // 90A: delays or obstructs the game, inconveniences others, violates correct procedure
	LateArrival                             // 90B1
	SlowPlay                                // 90B2
	AudibleDiscussion                       // 90B3: discussion of the bidding, play or result audible at another table
	ComparingScores                         // 90B4
	TouchingOthersCards                     // 90B5 (see Law 7)
	CardsInWrongPocket                      // 90B6
	ErrorRequiringAdjustment                // 90B7: e.g. not counting cards, playing a wrong board, causing an adjusted score
	FailingToComply                         // 90B8: failure to comply promptly with regulations or the director's instructions
)

var offenceNames = [...]string{
	OtherOffence:             "violation of correct procedure",
	LateArrival:              "arrival after the announced starting time",
	SlowPlay:                 "unduly slow play",
	AudibleDiscussion:        "discussion audible at another table",
	ComparingScores:          "unauthorised comparison of scores",
	TouchingOthersCards:      "touching another player's cards",
	CardsInWrongPocket:       "cards put in the wrong pocket of the board",
	ErrorRequiringAdjustment: "error of procedure that required an adjusted score",
	FailingToComply:          "failure to comply promptly with regulations or the director's instructions",
}

// Law returns the law that names the offence: "90B1" ... "90B8", or "90A".
func (o Offence) Law() string {
	if o == OtherOffence {
		return "90A"
	}
	return fmt.Sprintf("90B%d", uint8(o))
}

// String describes the offence.
func (o Offence) String() string {
	if int(o) < len(offenceNames) {
		return offenceNames[o]
	}
	return fmt.Sprintf("Offence(%d)", uint8(o))
}

// ProceduralPenalty is a deduction from one side's score under Law 90. It is
// kept apart from board scores: it never changes other contestants' scores.
type ProceduralPenalty struct {
	Side   bridge.Side
	Amount float64
	Unit   PenaltyUnit
	Reason string
	Law    string
}

// StandardPenaltySizes returns the standard procedural penalty of a profile's
// regulating authority (Law 90 leaves the amount to the director and the
// regulating authority), or an error when the profile has none.
func StandardPenaltySizes(p scoring.Profile) (scoring.PenaltySizes, error) {
	if p.ProceduralPenalty == (scoring.PenaltySizes{}) {
		return scoring.PenaltySizes{}, fmt.Errorf("rulings: profile %q has no standard procedural penalty", p.Name)
	}
	return p.ProceduralPenalty, nil
}

// in returns the standard size in unit u, 0 when there is none.
func in(s scoring.PenaltySizes, u PenaltyUnit) float64 {
	switch u {
	case PercentOfTop:
		return s.PercentOfTop
	case IMPs:
		return s.IMPs
	case VPs:
		return s.VPs
	}
	return 0
}

// StandardProceduralPenalty returns the standard penalty of profile p in unit u
// for side's offence.
func StandardProceduralPenalty(side bridge.Side, o Offence, u PenaltyUnit, p scoring.Profile) (ProceduralPenalty, error) {
	sizes, err := StandardPenaltySizes(p)
	if err != nil {
		return ProceduralPenalty{}, err
	}
	amount := in(sizes, u)
	if amount == 0 {
		return ProceduralPenalty{}, fmt.Errorf("rulings: profile %s publishes no standard procedural penalty in %v: give the amount", p.Name, u)
	}
	return NewProceduralPenalty(side, o, amount, u)
}

// NewProceduralPenalty returns a penalty of amount in unit u for side's
// offence, as the director decides it.
func NewProceduralPenalty(side bridge.Side, o Offence, amount float64, u PenaltyUnit) (ProceduralPenalty, error) {
	switch {
	case side != bridge.NorthSouth && side != bridge.EastWest:
		return ProceduralPenalty{}, fmt.Errorf("rulings: procedural penalty: side %v is not NS or EW", side)
	case int(o) >= len(offenceNames):
		return ProceduralPenalty{}, fmt.Errorf("rulings: procedural penalty: unknown offence %d", uint8(o))
	case u < PercentOfTop || u > VPs:
		return ProceduralPenalty{}, fmt.Errorf("rulings: procedural penalty: unknown unit %d", uint8(u))
	case !(amount > 0):
		return ProceduralPenalty{}, fmt.Errorf("rulings: procedural penalty of %v %v: the amount must be above 0", amount, u)
	case u == PercentOfTop && amount > 100:
		return ProceduralPenalty{}, fmt.Errorf("rulings: procedural penalty of %v%% of a top: at most 100", amount)
	}
	return ProceduralPenalty{Side: side, Amount: amount, Unit: u, Reason: o.String(), Law: o.Law()}, nil
}
