package scoring

import (
	"fmt"
	"strings"
)

// MatchpointScale is how many matchpoints a result earns for each result it beats
// and each it ties with.
type MatchpointScale uint8

const (
	// TwoPerBeat gives 2 per result beaten and 1 per tie; the top is 2(n−1). The
	// WBF and the EBU use it.
	TwoPerBeat MatchpointScale = iota
	// OnePerBeat gives 1 per result beaten and ½ per tie; the top is n−1. The ACBL
	// uses it. Percentages are the same on both scales.
	OnePerBeat
)

// String returns "2/1/0" or "1/½/0".
func (s MatchpointScale) String() string {
	if s == OnePerBeat {
		return "1/½/0"
	}
	return "2/1/0"
}

// ButlerRounding says how a Butler datum that ends in exactly 5 is rounded to 10.
type ButlerRounding uint8

const (
	// RoundHalfAwayFromZero rounds 445 to 450 and −445 to −450.
	RoundHalfAwayFromZero ButlerRounding = iota
	// RoundHalfUp rounds 445 to 450 and −445 to −440.
	RoundHalfUp
)

// IMPPenaltyMethod is how a procedural penalty in IMPs becomes victory
// points in a match scored by them. Conditions of contest do it one of two
// ways, and say which.
type IMPPenaltyMethod uint8

const (
	// PenaltyFromMargin takes the IMPs from the offending team's margin in
	// the match before it is converted: the team scores the VPs of its
	// margin less the penalty, its opponents those of their own margin, so
	// the two need not add up to the scale's total. A team that has lost by
	// the blitz margin or more loses nothing more.
	PenaltyFromMargin IMPPenaltyMethod = iota
	// PenaltyOnScale converts the penalty on its own: the offending team
	// loses what the penalty's IMPs would win over a draw in a match of the
	// same length, VP(penalty) − VP(0), whatever the match's margin.
	PenaltyOnScale
)

// String names the method.
func (m IMPPenaltyMethod) String() string {
	switch m {
	case PenaltyFromMargin:
		return "from the margin"
	case PenaltyOnScale:
		return "on the scale"
	}
	return fmt.Sprintf("IMPPenaltyMethod(%d)", uint8(m))
}

// Profile holds the scoring rules on which regulating authorities differ. The
// percentages are of the board's top.
type Profile struct {
	Name string

	MatchpointScale MatchpointScale
	// Neuberg factors the matchpoints of a board with fewer results than the
	// others up to the full field (MP′ = (MP+1)·N/n − 1 on the 2/1 scale).
	Neuberg bool

	// AveragePlus, Average and AverageMinus are the artificial adjusted scores of
	// Law 12C2 in pairs: 60, 50 and 40 percent.
	AveragePlus, Average, AverageMinus float64
	// SessionPercentageForAveragePlus raises average plus to the pair's
	// percentage on its other boards of the session when that is greater, and
	// SessionPercentageForAverageMinus lowers average minus to it when it is
	// smaller. This is in the text of Law 12C2 itself (2007 and 2017 Laws: "the
	// foregoing is modified for a non-offending contestant that obtains a session
	// score exceeding 60%... or an offending contestant ... less than 40%"), and the
	// WBF Laws Committee confirmed the reading (minutes of 30 August 1998); EBUScore
	// and ScoreBridge apply it automatically (reference/scoring.md §2.3,
	// reference/rulings.md §3.1).
	SessionPercentageForAveragePlus  bool
	SessionPercentageForAverageMinus bool

	// ImpAveragePlus and ImpAverageMinus are average plus and minus in IMPs
	// (Law 12C2(b): +3 and −3 unless the regulating authority says otherwise).
	ImpAveragePlus, ImpAverageMinus int

	// ButlerDiscard is how many of the top and of the bottom NS scores are left out
	// of a Butler datum; ButlerRounding says how the datum is rounded to 10.
	ButlerDiscard  int
	ButlerRounding ButlerRounding

	// PointABoardTieMargin is the largest difference in aggregate score that still
	// halves a point-a-board board: 0 when any difference wins.
	PointABoardTieMargin int

	// VPScale names the Victory Point scale, e.g. "WBF2013" (the WBF continuous
	// 20-VP scale).
	VPScale string
	// IMPPenalties says how a procedural penalty in IMPs is taken from a
	// team in a match scored by victory points.
	IMPPenalties IMPPenaltyMethod
	// ProceduralPenalty is the standard procedural penalty (Law 90) in each
	// unit; zero where the authority publishes none and the director gives
	// the amount.
	ProceduralPenalty PenaltySizes
}

// PenaltySizes are standard procedural penalties in each unit a score takes.
type PenaltySizes struct {
	PercentOfTop, IMPs, VPs float64
}

// The profiles of the three regulating authorities Director knows. Values the
// shared reference does not settle are marked.
var (
	// WBF: 2/1 matchpoints (the international convention) with Neuberg, Law 12C2
	// as written, Law 12C2(b) IMP averages (±3), the 2013 continuous 20-VP scale. Butler
	// settings are those of the datum scoring the WBF publishes for pairs events
	// (one top and one bottom score discarded) — not verified against a WBF
	// document.
	WBF = Profile{
		Name:                             "WBF",
		MatchpointScale:                  TwoPerBeat,
		Neuberg:                          true,
		AveragePlus:                      60,
		Average:                          50,
		AverageMinus:                     40,
		SessionPercentageForAveragePlus:  true,
		SessionPercentageForAverageMinus: true,
		ImpAveragePlus:                   3,
		ImpAverageMinus:                  -3,
		ButlerDiscard:                    1,
		ButlerRounding:                   RoundHalfAwayFromZero,
		PointABoardTieMargin:             0,
		VPScale:                          "WBF2013",
		// 10% of a top and 3 IMPs: a configurable default, not found in a
		// WBF document.
		ProceduralPenalty: PenaltySizes{PercentOfTop: 10, IMPs: 3},
	}

	// ACBL: 1/½ matchpoints with Neuberg (the "WBF/ACBL June 1991 formula").
	// Whether ACBLscore applies the Law 12C2 session-percentage rule automatically
	// is not confirmed by the reference; it is set as the Law reads. The ACBL's own
	// small-group exceptions to Neuberg (70/60/50% for a group of three, and so on)
	// are not modelled. ACBL Swiss teams used a 30-VP scale before moving to 20
	// VPs; the WBF 2013 scale is set here. Otherwise as the WBF.
	// Its procedural penalty is a quarter of a board at pairs
	// (reference/rulings.md §3.2); no IMP or VP standard was found.
	ACBL = WBF.with("ACBL", func(p *Profile) {
		p.MatchpointScale = OnePerBeat
		p.ProceduralPenalty = PenaltySizes{PercentOfTop: 25}
	})

	// EBU: as the WBF. EBUScore writes 2/1 matchpoints with Neuberg and applies
	// Law 12C2 with the session percentage; Butler clubs commonly discard one top
	// and one bottom score; point-a-board is won by any difference (EBUScoreTeams
	// oracle). Short club matches often use a discrete 20-VP scale
	// ("EBUDiscrete20", seen in the TeamsScorer oracle) instead of WBF2013.
	// Its procedural penalty is 25% of a top at pairs and 3 IMPs at teams of
	// four (White Book, as quoted on the BBO forums).
	EBU = WBF.with("EBU", func(p *Profile) { p.ProceduralPenalty = PenaltySizes{PercentOfTop: 25, IMPs: 3} })
)

// with returns a copy of p named name, changed by change.
func (p Profile) with(name string, change func(*Profile)) Profile {
	p.Name = name
	change(&p)
	return p
}

// ProfileByName returns the profile named name, in any case: "WBF", "ACBL" or "EBU".
func ProfileByName(name string) (Profile, error) {
	for _, p := range []Profile{WBF, ACBL, EBU} {
		if strings.EqualFold(strings.TrimSpace(name), p.Name) {
			return p, nil
		}
	}
	return Profile{}, fmt.Errorf("scoring: profile %q: unknown (want WBF, ACBL or EBU)", name)
}
