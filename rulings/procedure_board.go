package rulings

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// The director's own rulings on a board, not on an irregularity of the
// auction or the play: a board that cannot be played (Laws 12A2, 12C2),
// unduly slow play (Laws 74B4, 90B2), a fouled board (Law 87) and a
// ruling given in error (Law 82C). Each ends in an artificial adjusted
// score, a score by groups or a procedural penalty, which the director then
// applies.

// The questions the board rulings ask.
var (
	procNSFault     = faultQuestion("ns_fault", bridge.NorthSouth, notPlayed)
	procEWFault     = faultQuestion("ew_fault", bridge.EastWest, notPlayed)
	procNSFouled    = faultQuestion("ns_fault", bridge.NorthSouth, fouled)
	procEWFouled    = faultQuestion("ew_fault", bridge.EastWest, fouled)
	procBoardPlayed = Question{ID: "board_played", Law: "12A2", Choices: yesNo,
		Text: "Was the board played to its end in the time allowed?"}
	procDisconcert = Question{ID: "disconcert", Law: "74B4", Choices: yesNo,
		Text: "Did the player prolong play unnecessarily to disconcert an opponent (playing on when all the tricks are surely his)?"}
	procGroup = Question{ID: "group", Law: "87B", Choices: yesNo,
		Text: "Can this table's result be scored in a group of results from the board in the same form, as the regulations for the tournament allow?"}
	procScorable = Question{ID: "scorable", Law: "82C", Choices: yesNo,
		Text: "Will a correction of the ruling let the board be scored normally?"}
)

// What a side may be at fault for when no result can be obtained: a board
// that could not be played, or a fouled board played at this table in a
// form no group can score.
const (
	notPlayed = "the board not being played"
	fouled    = "the board being fouled, so that this table's result cannot be scored"
)

// faultQuestion asks how far a side is at fault for what kept the board
// from a result (Law 12C2(a)).
func faultQuestion(id string, side bridge.Side, what string) Question {
	return Question{ID: id, Law: "12C2(a)", Text: "How far is " + sideName(side) + " at fault for " + what + "?",
		Choices: []Choice{{"none", "in no way at fault"}, {"partly", "only partly at fault"}, {"directly", "directly at fault"}}}
}

// faults are the responsibilities the answers to faultQuestion name.
var faults = map[string]Responsibility{"none": NotAtFault, "partly": PartlyAtFault, "directly": DirectlyAtFault}

// artificialScore asks how far each side is at fault (nsQ, ewQ) and gives
// the Law 12C2(a) artificial adjusted scores, in the ruling's Score too:
// average minus to a side directly at fault, average to one partly at fault,
// average plus to one in no way at fault.
func (s *procStep) artificialScore(why string, nsQ, ewQ Question) {
	ns, ew := s.ask(nsQ), s.ask(ewQ)
	if s.pending() {
		return
	}
	score, err := Artificial(faults[ns], faults[ew])
	if err != nil {
		s.err = err
		return
	}
	s.ruling.Score = &score
	s.ruling.Summary = fmt.Sprintf("%s: the director awards artificial adjusted scores, %v to North-South (%s) and %v to East-West (%s); they need not balance.",
		why, score.NS, faults[ns], score.EW, faults[ew])
	s.cite("12A2", "12C2(a)")
}

// unplayableBoard rules on a board no rectification lets be played
// normally (Law 12A2): artificial adjusted scores by fault (12C2(a)).
func (s *procStep) unplayableBoard() {
	s.artificialScore("No rectification lets the board be played normally", procNSFault, procEWFault)
}

// slowPlay rules on unduly slow play (Law 90B2): a procedural penalty to
// the slow side, and, if the board could not be played in time, artificial
// adjusted scores by fault (12A2, 12C2(a)). Prolonging play to disconcert an
// opponent is also a breach of courtesy (74B4).
func (s *procStep) slowPlay(offender bridge.Seat) {
	disconcert := s.ask(procDisconcert)
	played := s.ask(procBoardPlayed)
	if s.pending() {
		return
	}
	if disconcert == "yes" {
		s.cite("74B4")
	}
	if played == "no" {
		s.artificialScore(fmt.Sprintf("The board was not played in time because %s played unduly slowly", sideName(offender.Side())), procNSFault, procEWFault)
		if s.pending() {
			return
		}
		s.ruling.Summary += " "
	}
	s.ruling.Summary += fmt.Sprintf("%s may be given a procedural penalty for unduly slow play (Law 90B2).", sideName(offender.Side()))
	s.cite("90B2")
}

// fouledBoard rules under Law 87: a board whose cards, dealer or
// vulnerability differed between tables that should have compared scores
// (87A) is scored by groups, each group rated separately as the regulations
// say (87B) — the ruling's ScoredInGroup, for which the director names the
// table's group as he applies it; a result that falls in no group that can
// be scored gets artificial adjusted scores by fault (12C2(a)). Whoever displaced the cards
// may be given a procedural penalty (90B6).
func (s *procStep) fouledBoard() {
	group := s.ask(procGroup)
	if s.pending() {
		return
	}
	s.cite("87A", "87B")
	if group == "yes" {
		s.ruling.Summary = "The board was fouled: the director divides its results into groups by the form in which it was played and scores each group separately; this table's result is scored in its group."
		s.ruling.ScoredInGroup = true
	} else {
		s.artificialScore("The board was fouled and this table's result cannot be scored in a group", procNSFouled, procEWFouled)
		if s.pending() {
			return
		}
	}
	s.ruling.Summary += " A player who put cards in a wrong pocket may be given a procedural penalty (Law 90B6)."
	s.cite("90B6")
}

// directorError rules under Law 82C: when the director finds his ruling was
// wrong and no correction lets the board be scored normally, he awards an
// adjusted score treating both sides as non-offending — an assigned score
// (12C1) or, if none can be assigned, artificial average plus to both
// (12C2(a)).
func (s *procStep) directorError() {
	scorable := s.ask(procScorable)
	if s.pending() {
		return
	}
	s.cite("82C")
	if scorable == "yes" {
		s.ruling.Summary = "The director corrects his ruling and the board is scored normally."
		return
	}
	s.ruling.Summary = "The ruling was wrong and no correction lets the board be scored normally: the director awards an adjusted score treating both sides as non-offending — an assigned score, or average plus to both if none can be assigned."
	s.cite("12C1(b)", "12C2(a)")
}
