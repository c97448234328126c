package rulings

import (
	"fmt"

	"github.com/bridge-director/director/scoring"
)

// Law 86 (2017), team events, as published in the 2017 text (pzbs.pl, Polish
// edition p86, and the English 86B1 quoted on the BBO forums): 86A the director
// may not order a board redealt (Law 6) when the match result without it could
// be known to a contestant — he awards an adjusted score instead; 86B1 when he
// awards an adjusted score and the result at the other table between the same
// contestants is clearly favourable to one side, he awards an assigned adjusted
// score (12C1(c)); 86B2 when two or more non-comparable results were obtained
// or several adjusted scores are needed: (a) neither contestant at fault —
// cancel and give artificial adjusted scores (12C2), or extra boards if time
// allows (but see 86A); (b) one at fault — the non-offenders get, board by
// board, average plus (12C2(b)) or the assigned score, whichever is better, and
// the offenders the complement; (c) both at fault — cancel and give artificial
// adjusted scores. The ±3 IMPs of average plus and minus are in 12C2(b) in
// 2017 (86A in 2007). The 2007 knockout averaging of non-balancing scores (old
// 86B) is not in the 2017 text found, so it is not applied here.

// TeamCase is a board of a team match on which the director must adjust.
type TeamCase struct {
	// HomeFault and AwayFault are each team's responsibility (Law 12C2(a)).
	HomeFault, AwayFault Responsibility
	// OtherTablePlayed: a result was obtained on the board between the same
	// teams at the other table.
	OtherTablePlayed bool
	// Multiple: two or more non-comparable results were obtained, or the
	// director must award more than one adjusted score (86B2).
	Multiple bool
}

var (
	teamClearlyFavourable = Question{ID: "clearly_favourable", Law: "86B1",
		Text:    "Is the result at the other table clearly favourable to one team?",
		Choices: yesNo}
	teamResultKnowable = Question{ID: "match_result_knowable", Law: "86A",
		Text:    "Could the result of the match without this board be known to a contestant?",
		Choices: yesNo}
)

// RuleTeamAdjustment says how a board of a team match is adjusted under Law 86
// (2017), asking the director for the judgements it needs.
func RuleTeamAdjustment(c TeamCase, ans Answers) (Ruling, error) {
	if _, _, err := ArtificialScores(c.HomeFault, c.AwayFault); err != nil {
		return Ruling{}, err
	}
	s := &procStep{ans: ans}
	r := &s.ruling
	oneAtFault := (c.HomeFault == NotAtFault) != (c.AwayFault == NotAtFault)
	switch {
	case c.Multiple && oneAtFault:
		r.Summary = "For each board the non-offending team gets average plus or the assigned adjusted score, whichever is more favourable, and the offending team the complement (see NonOffendingTeamIMPs)."
		s.cite("86B2(b)", "12C2(b)")
	case c.Multiple:
		r.Summary = "Both teams are at fault: the boards are cancelled and each team gets an artificial adjusted score by its responsibility."
		letter := "86B2(c)"
		if c.HomeFault == NotAtFault {
			letter = "86B2(a)"
			r.Summary = "Neither team is at fault: the boards are cancelled and each team gets an artificial adjusted score."
		}
		s.cite(letter, "12C2(a)", "12C2(b)")
		if c.HomeFault == NotAtFault {
			if s.ask(teamResultKnowable) == "no" {
				r.Summary = "Neither team is at fault: the boards are cancelled and the director gives artificial adjusted scores or, time permitting, has one or more extra boards played."
				r.Options = []Option{{Choice: Choice{"extra_boards", "have extra boards played"}, Consequence: "the match is completed on substitute boards", Law: "86B2(a)"}}
			}
			s.cite("86A")
		}
	case c.OtherTablePlayed:
		if s.ask(teamClearlyFavourable) == "yes" {
			r.Summary = "The result at the other table is clearly favourable to one team: the director awards an assigned adjusted score, which may be weighted."
			s.cite("86B1", "12C1(c)")
			break
		}
		r.Summary = "The result at the other table is not clearly favourable to either team: each team gets an artificial adjusted score by its responsibility."
		s.cite("86B1", "12C2(a)", "12C2(b)")
	default:
		r.Summary = "No result was obtained at the other table: each team gets an artificial adjusted score by its responsibility."
		s.cite("12C2(a)", "12C2(b)")
	}
	if s.err != nil {
		return Ruling{}, s.err
	}
	if r.Pending() {
		return Ruling{Questions: r.Questions, Asked: r.Asked, Summary: judgementNeeded(r.Questions)}, nil
	}
	return *r, nil
}

// TeamArtificialIMPs returns the IMPs of the artificial adjusted scores of the
// two teams of a board by their responsibility: average plus and minus are the
// profile's IMP values (Law 12C2(b): ±3 unless the regulating authority says
// otherwise), average is 0.
func TeamArtificialIMPs(homeFault, awayFault Responsibility, p scoring.Profile) (scoring.AssignedIMPs, error) {
	home, away, err := ArtificialScores(homeFault, awayFault)
	if err != nil {
		return scoring.AssignedIMPs{}, err
	}
	return scoring.ArtificialTeamIMPs(home, away, p)
}

// NonOffendingTeamIMPs applies Law 86B2(b) to one board: the non-offending team
// gets average plus or assigned (the IMPs of the assigned adjusted score, from
// its point of view), whichever is more favourable, and the offending team the
// complement.
func NonOffendingTeamIMPs(assigned int, p scoring.Profile) (nonOffenders, offenders int, err error) {
	if p.ImpAveragePlus <= 0 {
		return 0, 0, fmt.Errorf("rulings: profile %q: average plus of %d IMPs is not above 0", p.Name, p.ImpAveragePlus)
	}
	nonOffenders = max(assigned, p.ImpAveragePlus)
	return nonOffenders, -nonOffenders, nil
}
