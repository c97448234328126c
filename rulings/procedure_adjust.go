package rulings

import (
	"fmt"
	"math"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/scoring"
)

// Adjusted scores (Law 12C, 2017). The letters were checked against the 2017
// English text published by the Polish Bridge Union (pzbs.pl, 2017/en/l12.html):
// 12C1(a) an assigned adjusted score replaces the score obtained in play; (b) it
// recovers as nearly as possible the probable outcome had the infraction not
// occurred; (c) it may be weighted over several potential results, only results
// achievable legally; (d) if the possibilities are numerous or not obvious the
// director may award an artificial adjusted score; (e) a non-offending side that
// contributed to its own damage by a serious error or a wild or gambling action
// gets no relief for that part, so the two sides' scores may differ (split).
// 12C2(a) gives artificial scores by responsibility, 12C2(b) their value in IMPs
// (±3 unless the regulating authority says otherwise) — the letters of 12C2 are
// from the WBF's summary of the 2017 changes (docslib "2017 Laws of Duplicate
// Bridge: summary of significant changes").

// Responsibility is how far a side is at fault for a board that could not be
// played (Law 12C2(a)).
type Responsibility uint8

// The three degrees of responsibility of Law 12C2(a).
const (
	// NotAtFault: in no way at fault — average plus.
	NotAtFault Responsibility = iota + 1
	// PartlyAtFault: only partly at fault — average.
	PartlyAtFault
	// DirectlyAtFault: directly at fault — average minus.
	DirectlyAtFault
)

// String returns "not at fault", "partly at fault" or "directly at fault".
func (r Responsibility) String() string {
	switch r {
	case NotAtFault:
		return "not at fault"
	case PartlyAtFault:
		return "partly at fault"
	case DirectlyAtFault:
		return "directly at fault"
	}
	return fmt.Sprintf("Responsibility(%d)", uint8(r))
}

// Adjustment returns the artificial adjusted score Law 12C2(a) gives a side
// with this responsibility.
func (r Responsibility) Adjustment() (scoring.Adjustment, error) {
	switch r {
	case NotAtFault:
		return scoring.AveragePlus, nil
	case PartlyAtFault:
		return scoring.Average, nil
	case DirectlyAtFault:
		return scoring.AverageMinus, nil
	}
	return scoring.NoAdjustment, fmt.Errorf("rulings: responsibility %d is not not-at-fault, partly or directly at fault", uint8(r))
}

// ArtificialScores returns the artificial adjusted scores of the two sides of a
// board on which no result could be obtained (Law 12C2(a)): average minus to a
// side directly at fault, average to one partly at fault, average plus to one in
// no way at fault. The two need not balance.
func ArtificialScores(nsFault, ewFault Responsibility) (ns, ew scoring.Adjustment, err error) {
	if ns, err = nsFault.Adjustment(); err != nil {
		return scoring.NoAdjustment, scoring.NoAdjustment, fmt.Errorf("North-South: %w", err)
	}
	if ew, err = ewFault.Adjustment(); err != nil {
		return scoring.NoAdjustment, scoring.NoAdjustment, fmt.Errorf("East-West: %w", err)
	}
	return ns, ew, nil
}

// Outcome is one result a director assigns: a contract played by a declarer
// who took some tricks, or, when ByScore is set, simply a North-South score.
type Outcome struct {
	Contract bridge.Contract // bridge.PassedOut for a passed-out board
	Declarer bridge.Seat
	Tricks   int

	ByScore bool
	NSScore int // when ByScore: from North-South's point of view
}

// PlayedOutcome is the result of contract c played by declarer, who took tricks.
func PlayedOutcome(c bridge.Contract, declarer bridge.Seat, tricks int) Outcome {
	return Outcome{Contract: c, Declarer: declarer, Tricks: tricks}
}

// ScoreOutcome is a result given directly as North-South's score.
func ScoreOutcome(ns int) Outcome { return Outcome{ByScore: true, NSScore: ns} }

// maxBoardScore is the largest score a board can have: 7NTxx−13 vulnerable.
const maxBoardScore = 7600

// validate reports an outcome that no board could have.
func (o Outcome) validate() error {
	if o.ByScore {
		if o.NSScore%10 != 0 || o.NSScore < -maxBoardScore || o.NSScore > maxBoardScore {
			return fmt.Errorf("score %d is not a multiple of 10 within ±%d", o.NSScore, maxBoardScore)
		}
		return nil
	}
	if err := o.Contract.Validate(); err != nil {
		return err
	}
	if o.Contract.IsPassedOut() {
		return nil
	}
	if !o.Declarer.Valid() {
		return fmt.Errorf("declarer %v is not a seat", o.Declarer)
	}
	if o.Tricks < 0 || o.Tricks > 13 {
		return fmt.Errorf("%d tricks: declarer takes 0 to 13", o.Tricks)
	}
	return nil
}

// Score returns the outcome's Law 77 score for North-South on a board with
// vulnerability vul.
func (o Outcome) Score(vul bridge.Vulnerability) (int, error) {
	if err := o.validate(); err != nil {
		return 0, fmt.Errorf("rulings: outcome: %w", err)
	}
	if o.ByScore {
		return o.NSScore, nil
	}
	return scoring.Score(o.Contract, o.Declarer, o.Tricks, vul)
}

// String writes the outcome: "4♠ by S, 10 tricks" or "NS +420".
func (o Outcome) String() string {
	switch {
	case o.ByScore:
		return fmt.Sprintf("NS %+d", o.NSScore)
	case o.Contract.IsPassedOut():
		return "passed out"
	}
	return fmt.Sprintf("%v by %v, %d tricks", o.Contract, o.Declarer, o.Tricks)
}

// AdjustedKind is the form of an adjusted score.
type AdjustedKind uint8

// The forms of adjusted score of Law 12C.
const (
	// ArtificialScore: no result could be obtained; each side gets average
	// plus, average or average minus (12C2(a)).
	ArtificialScore AdjustedKind = iota + 1
	// AssignedScore: one result replaces the table result (12C1(a), (b)).
	AssignedScore
	// WeightedScore: an assigned score weighted over several results
	// (12C1(c)).
	WeightedScore
	// SplitScore: each side gets its own assigned result; the two need not
	// balance (12C1(e)).
	SplitScore
)

// WeightedOutcome is one part of a weighted adjusted score: an outcome and its
// weight, a fraction of 1.
type WeightedOutcome struct {
	Weight  float64
	Outcome Outcome
}

// AdjustedScore is a score the director awards in place of a table result, in
// a form the scoring service takes (see ScoringResult).
type AdjustedScore struct {
	Kind AdjustedKind
	// NS and EW are the artificial scores of an ArtificialScore.
	NS, EW scoring.Adjustment
	// Parts are the outcomes of an assigned (one part, weight 1) or weighted
	// score, and North-South's outcome of a split score.
	Parts []WeightedOutcome
	// EWOutcome is East-West's outcome of a split score.
	EWOutcome Outcome
	// Law cites the law that gives this form.
	Law string
}

// Artificial returns the artificial adjusted score of a board no one could
// play, from the responsibility of each side (Law 12C2(a)).
func Artificial(nsFault, ewFault Responsibility) (AdjustedScore, error) {
	ns, ew, err := ArtificialScores(nsFault, ewFault)
	if err != nil {
		return AdjustedScore{}, err
	}
	return AdjustedScore{Kind: ArtificialScore, NS: ns, EW: ew, Law: "12C2(a)"}, nil
}

// Assigned returns the assigned adjusted score o: the probable outcome had the
// infraction not occurred (Law 12C1(a), (b)).
func Assigned(o Outcome) (AdjustedScore, error) {
	if err := o.validate(); err != nil {
		return AdjustedScore{}, fmt.Errorf("rulings: assigned score: %w", err)
	}
	return AdjustedScore{Kind: AssignedScore, Parts: []WeightedOutcome{{Weight: 1, Outcome: o}}, Law: "12C1(b)"}, nil
}

// Split returns a split adjusted score: North-South are scored on ns and
// East-West on ew (Law 12C1(e): a side that contributed to its own damage gets
// no relief for that part, while the other keeps the score of the infraction).
func Split(ns, ew Outcome) (AdjustedScore, error) {
	if err := ns.validate(); err != nil {
		return AdjustedScore{}, fmt.Errorf("rulings: split score for North-South: %w", err)
	}
	if err := ew.validate(); err != nil {
		return AdjustedScore{}, fmt.Errorf("rulings: split score for East-West: %w", err)
	}
	if ns == ew {
		return AdjustedScore{}, fmt.Errorf("rulings: split score gives both sides %v: award an assigned score", ns)
	}
	return AdjustedScore{Kind: SplitScore, Parts: []WeightedOutcome{{Weight: 1, Outcome: ns}}, EWOutcome: ew, Law: "12C1(e)"}, nil
}

// weightTolerance is how far the sum of the weights may be from 1: the weights
// directors give are fractions such as 1/3, written with a few decimals.
const weightTolerance = 1e-6

// Weighted returns an assigned adjusted score weighted over parts (Law
// 12C1(c)). It needs at least two different outcomes, each with a weight above
// 0 and below 1, and the weights must add up to 1. Only outcomes that could
// have been reached legally may be included; that is the director's judgement.
func Weighted(parts ...WeightedOutcome) (AdjustedScore, error) {
	if len(parts) < 2 {
		return AdjustedScore{}, fmt.Errorf("rulings: weighted score has %d outcomes: it needs two or more (one is an assigned score)", len(parts))
	}
	sum := 0.0
	for i, p := range parts {
		if err := p.Outcome.validate(); err != nil {
			return AdjustedScore{}, fmt.Errorf("rulings: weighted score, outcome %d: %w", i+1, err)
		}
		if !(p.Weight > 0 && p.Weight < 1) {
			return AdjustedScore{}, fmt.Errorf("rulings: weighted score, outcome %d (%v): weight %v is not between 0 and 1", i+1, p.Outcome, p.Weight)
		}
		for j := range i {
			if parts[j].Outcome == p.Outcome {
				return AdjustedScore{}, fmt.Errorf("rulings: weighted score lists %v twice (outcomes %d and %d): add the weights", p.Outcome, j+1, i+1)
			}
		}
		sum += p.Weight
	}
	if math.Abs(sum-1) > weightTolerance {
		return AdjustedScore{}, fmt.Errorf("rulings: weighted score: weights add up to %v, not 1", sum)
	}
	return AdjustedScore{Kind: WeightedScore, Parts: append([]WeightedOutcome(nil), parts...), Law: "12C1(c)"}, nil
}

// ScoringResult writes the adjusted score onto line, a traveller line of the
// scoring service that already names its section, board and pairs, for a board
// with vulnerability vul: Artificial, Played (an assigned score is scored like
// a result obtained at the table), Weighted (weights in percent) or Split.
func (a AdjustedScore) ScoringResult(line scoring.Result, vul bridge.Vulnerability) (scoring.Result, error) {
	line.NSAdjust, line.EWAdjust, line.Weights, line.NSScore, line.EWScore = scoring.NoAdjustment, scoring.NoAdjustment, nil, 0, 0
	switch a.Kind {
	case ArtificialScore:
		if !a.NS.Valid() || !a.EW.Valid() {
			return scoring.Result{}, fmt.Errorf("rulings: artificial score needs both sides' adjustments, have %v and %v", a.NS, a.EW)
		}
		line.Kind, line.NSAdjust, line.EWAdjust = scoring.Artificial, a.NS, a.EW
		return line, nil
	case AssignedScore, SplitScore:
		if len(a.Parts) != 1 {
			return scoring.Result{}, fmt.Errorf("rulings: %v score needs one outcome, has %d", a.kindName(), len(a.Parts))
		}
		ns, err := a.Parts[0].Outcome.Score(vul)
		if err != nil {
			return scoring.Result{}, err
		}
		line.Kind, line.NSScore = scoring.Played, ns
		if a.Kind == SplitScore {
			if line.EWScore, err = a.EWOutcome.Score(vul); err != nil {
				return scoring.Result{}, err
			}
			line.Kind = scoring.Split
		}
		return line, nil
	case WeightedScore:
		line.Kind = scoring.Weighted
		for _, p := range a.Parts {
			ns, err := p.Outcome.Score(vul)
			if err != nil {
				return scoring.Result{}, err
			}
			line.Weights = append(line.Weights, scoring.WeightedScore{Weight: 100 * p.Weight, NSScore: ns})
		}
		return line, nil
	}
	return scoring.Result{}, fmt.Errorf("rulings: adjusted score of unknown kind %d", a.Kind)
}

func (a AdjustedScore) kindName() string {
	switch a.Kind {
	case ArtificialScore:
		return "artificial"
	case AssignedScore:
		return "assigned"
	case WeightedScore:
		return "weighted"
	case SplitScore:
		return "split"
	}
	return fmt.Sprintf("AdjustedKind(%d)", uint8(a.Kind))
}
