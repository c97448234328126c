package rulings

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// ProcedureKind is an irregularity of procedure (Laws 13 to 16).
type ProcedureKind uint8

// The irregularities of procedure RuleProcedure knows.
const (
	// IncorrectNumberOfCards: a hand held more or fewer than 13 cards and
	// another the opposite (Law 13).
	IncorrectNumberOfCards ProcedureKind = iota + 1
	// MissingCard: a hand held fewer than 13 cards and none more (Law 14).
	MissingCard
	// CardsFromWrongBoard: a player called holding cards picked up from a
	// wrong board (Law 15A).
	CardsFromWrongBoard
	// WrongBoard: a pair or individual event was found, after the auction
	// began, playing a board not designated for it this round (Law 15B).
	WrongBoard
	// UnauthorisedInformation: a player made extraneous information
	// available to partner — a hesitation, a remark, an unexpected alert
	// (Law 16B).
	UnauthorisedInformation
	// SurplusCard: a card that is not part of the deal was found among the
	// cards of the board (Law 13C).
	SurplusCard
	// UnplayableBoard: no rectification lets the board be played normally
	// (Law 12A2).
	UnplayableBoard
	// UndulySlowPlay: the offender's side played unduly slowly (Laws 74B4, 90B2).
	UndulySlowPlay
	// FouledBoard: the board's cards, dealer or vulnerability differed
	// between tables that should have compared scores (Law 87).
	FouledBoard
	// DirectorError: the director finds a ruling he gave was wrong (Law
	// 82C).
	DirectorError
)

// NeedsOffender reports whether the kind names an offender: a board that
// cannot be played, a fouled board and a director's error may have none.
func (k ProcedureKind) NeedsOffender() bool {
	return k != UnplayableBoard && k != FouledBoard && k != DirectorError
}

// ProcedureIrregularity is what happened.
type ProcedureIrregularity struct {
	Kind ProcedureKind
	// Offender is the player with the wrong hand, the player who called on
	// cards from a wrong board, or the player who made information available.
	// A kind that needs none (NeedsOffender) ignores it, but it must still
	// be a seat.
	Offender bridge.Seat
	// Teams is set in a team event: a wrong board is then ruled under Law 86B.
	Teams bool
	// Information describes what was made available (Law 16B): "a long
	// hesitation before passing 4♥".
	Information string
}

// The question IDs RuleProcedure asks, with their choices.
var (
	procWhenCards = Question{ID: "cards_when", Law: "13", Text: "When was the incorrect number of cards discovered?",
		Choices: []Choice{{"before_call", "before the player with the incorrect hand made a call"}, {"after_call", "after he made a call, before play ended"}, {"after_play", "after play ended"}}}
	procSeenCards = Question{ID: "seen_cards", Law: "13A", Text: "Once the discrepancy is corrected, will a player have seen a card of another player's hand?",
		Choices: yesNo}
	procPlayable = Question{ID: "playable", Law: "13B1", Text: "Can the deal be corrected and played normally with no change of call?",
		Choices: yesNo}
	procSurplusPlayed = Question{ID: "surplus_played", Law: "13C", Text: "Was the surplus card played to a quitted trick?",
		Choices: yesNo}
	procWhenMissing = Question{ID: "missing_when", Law: "14", Text: "When was the missing card discovered?",
		Choices: []Choice{{"before_lead", "before the opening lead was faced"}, {"after_lead", "after the opening lead was faced"}}}
	procFound = Question{ID: "found", Law: "14", Text: "Where is the missing card?",
		Choices: []Choice{{"found", "found elsewhere"}, {"played", "found among the played cards"}, {"lost", "not found"}}}
	procPartnerCalled = Question{ID: "partner_called", Law: "15A1", Text: "Has the offender's partner called since the call on the wrong cards?",
		Choices: yesNo}
	procPlayedBefore = Question{ID: "played_before", Law: "15B", Text: "Has any of the four players at the table played this board before?",
		Choices: yesNo}
	procUI = Question{ID: "ui", Law: "16B1(a)", Text: "Did the player make extraneous information available to partner that could suggest a call or play?",
		Choices: yesNo}
	procLA = Question{ID: "logical_alternative", Law: "16B1(b)", Text: "Did partner have a logical alternative — an action a significant proportion of his peers would seriously consider, some of whom might choose it?",
		Choices: yesNo}
	procSuggested = Question{ID: "suggested", Law: "16B1(a)", Text: "Could the action partner chose demonstrably have been suggested over that alternative by the information?",
		Choices: yesNo}
	procDamaged = Question{ID: "damaged", Law: "12B1", Text: "Did the non-offending side obtain a result less favourable than it would have expected without the infraction?",
		Choices: yesNo}

	yesNo = []Choice{{"yes", "yes"}, {"no", "no"}}
)

// procAsk returns the director's answer to q, or ok false when it is still to
// be asked; an answer that is not one of q's choices is an error.
func procAsk(ans Answers, q Question) (answer string, ok bool, err error) {
	a, ok := ans[q.ID]
	if !ok {
		return "", false, nil
	}
	for _, c := range q.Choices {
		if c.ID == a {
			return a, true, nil
		}
	}
	return "", false, &AnswerError{ID: q.ID, Err: fmt.Errorf("rulings: answer %q to question %q (Law %s) is not one of its choices", a, q.ID, q.Law)}
}

// procStep is a ruling being written: it asks each question in turn and stops
// at the first one not yet answered.
type procStep struct {
	ans    Answers
	ruling Ruling
	err    error
}

// ask returns the answer to q; when there is none yet, the ruling is pending
// with q and ask returns "".
func (s *procStep) ask(q Question) string {
	if s.err != nil || s.ruling.Pending() {
		return ""
	}
	s.ruling.Asked = append(s.ruling.Asked, q.ID)
	a, ok, err := procAsk(s.ans, q)
	switch {
	case err != nil:
		s.err = err
	case !ok:
		s.ruling.Questions = []Question{q}
	}
	return a
}

// pending reports whether the ruling cannot go on: a question is open or an
// answer was wrong.
func (s *procStep) pending() bool { return s.err != nil || s.ruling.Pending() }

func (s *procStep) cite(laws ...string) { s.ruling.Laws = append(s.ruling.Laws, laws...) }

// RuleProcedure rules on an irregularity of procedure, asking the director for
// the judgements Laws 13 to 16 leave to him. Law 90 procedural penalties that
// may follow are cited; their amount is the director's (see
// StandardProceduralPenalty).
func RuleProcedure(p ProcedureIrregularity, ans Answers) (Ruling, error) {
	// A kind that needs no offender ignores the one given, but a seat given
	// must still be a seat.
	if !p.Offender.Valid() {
		return Ruling{}, fmt.Errorf("rulings: procedure: offender %v is not a seat", p.Offender)
	}
	s := &procStep{ans: ans}
	switch p.Kind {
	case IncorrectNumberOfCards:
		s.incorrectNumberOfCards(p.Offender)
	case MissingCard:
		s.missingCard(p.Offender)
	case CardsFromWrongBoard:
		s.cardsFromWrongBoard(p.Offender)
	case WrongBoard:
		if p.Teams {
			return Ruling{}, fmt.Errorf("rulings: Law 15B applies to pairs and individual events only: rule a wrong board at teams under Law 86B (RuleTeamAdjustment)")
		}
		s.wrongBoard()
	case UnauthorisedInformation:
		s.unauthorisedInformation(p)
	case SurplusCard:
		s.surplusCard()
	case UnplayableBoard:
		s.unplayableBoard()
	case UndulySlowPlay:
		s.slowPlay(p.Offender)
	case FouledBoard:
		s.fouledBoard()
	case DirectorError:
		s.directorError()
	default:
		return Ruling{}, fmt.Errorf("rulings: procedure: unknown irregularity %d", p.Kind)
	}
	if s.err != nil {
		return Ruling{}, s.err
	}
	if s.ruling.Pending() {
		return Ruling{Questions: s.ruling.Questions, Asked: s.ruling.Asked, Summary: judgementNeeded(s.ruling.Questions)}, nil
	}
	return s.ruling, nil
}

// incorrectNumberOfCards rules under Law 13. The 2017 letters (checked:
// pzbs.pl Polish 2017 Law 13, laws.hellasbridge.org 2017 Law 13, keesboek
// 2017 13D, BBO forum quoting 2017 13C): 13A no call yet made with a wrong
// hand — A1 corrected and played normally if nobody saw another hand's card,
// A2 if a card was seen the board is still played and scored, with an
// adjusted score (12C1(b)) if the extraneous information affected the result;
// the 2007 split into "unlikely to interfere" (13D2(a)) and "sufficiently
// important" (13D2(b), artificial score) is gone. 13B a call made with a
// wrong hand — B1 corrected and played with no change of call, adjustment
// possible; B2 otherwise an adjusted score (12C1(b)). 13C a surplus card
// (see surplusCard). 13D found after play — result cancelled, adjusted score,
// procedural penalty.
func (s *procStep) incorrectNumberOfCards(offender bridge.Seat) {
	r := &s.ruling
	ui := fmt.Sprintf("where the director puts or moves a card is unauthorised to %s, partner of the player with the incorrect hand", offender.Partner().Name())
	switch s.ask(procWhenCards) {
	case "before_call":
		switch s.ask(procSeenCards) {
		case "no":
			r.Summary = "The director corrects the discrepancy and the board is played normally."
			s.cite("13A1")
		case "yes":
			r.Summary = "The director corrects the discrepancy; the board is played and scored. If the information from the cards seen affected the result, he awards an adjusted score and may penalise an offender."
			r.AdjustmentMayFollow = []string{"13A2"}
			s.cite("13A2", "12C1(b)", "90B7")
		}
	case "after_call":
		switch s.ask(procPlayable) {
		case "yes":
			r.Summary = "The director corrects the deal and it is played with the calls made; he may adjust the score at the end of play."
			r.AdjustmentMayFollow = []string{"13B1"}
			s.cite("13B1")
		case "no":
			r.Summary = "The deal cannot be played normally: the director awards an adjusted score and may penalise an offender."
			s.cite("13B2", "12C1(b)", "90B7")
		}
	case "after_play":
		r.Summary = "One hand held more than 13 cards and another fewer: the result is cancelled and the director awards an adjusted score; an offender may incur a procedural penalty."
		s.cite("13D", "12C1(b)", "90B7")
	}
	if !s.pending() {
		r.Unauthorised = append(r.Unauthorised, ui)
	}
}

// surplusCard rules under Law 13C (2017; checked: BBO forum thread "Law 13C
// Surplus Card" quoting the 2017 text, NZ south-waikato club blog "The Laws
// of Duplicate Bridge 4"): the card is removed, the auction and play go on
// without rectification, and the score may be adjusted only if the card was
// played to a quitted trick.
func (s *procStep) surplusCard() {
	r := &s.ruling
	switch s.ask(procSurplusPlayed) {
	case "no":
		r.Summary = "The surplus card is removed; the auction and play continue without rectification, and no adjusted score may be awarded."
		s.cite("13C")
	case "yes":
		r.Summary = "The surplus card, played to a quitted trick, is removed; the auction and play continue without rectification, and the director may award an adjusted score."
		r.AdjustmentMayFollow = []string{"13C"}
		s.cite("13C", "12C1(b)")
	}
}

// missingCard rules under Law 14.
func (s *procStep) missingCard(offender bridge.Seat) {
	r := &s.ruling
	when := s.ask(procWhenMissing)
	found := s.ask(procFound)
	if s.pending() {
		return
	}
	// 2017 Law 14 (checked: NZ south-waikato club blog "Laws of Duplicate
	// Bridge 5", laws.hellasbridge.org 2017 Law 14, EBU forum quoting 14B and
	// 14B4): 14A before the opening lead is faced — A1 found, restored; A2
	// not found, deal reconstructed from another pack; A3 auction and play
	// continue normally. 14B afterwards — B1 among the played cards, Law 67;
	// B2 found elsewhere, restored; B3 not found, another pack; B4 the card is
	// deemed to have belonged to the hand throughout (penalty card, revoke).
	switch {
	case when == "before_lead" && found != "lost":
		r.Summary = "The card is restored to the deficient hand; the auction and play continue normally."
		s.cite("14A1", "14A3")
	case when == "before_lead":
		r.Summary = "The director reconstructs the deal with another pack; the auction and play continue normally."
		s.cite("14A2", "14A3")
	case found == "played":
		r.Summary = "The card is among the played cards: Law 67 (defective trick) applies — 67A if neither side has played to the next trick since, 67B if they have."
		s.cite("14B1", "67A", "67B")
	default:
		letter := "14B2"
		if found == "lost" {
			letter = "14B3"
		}
		r.Summary = "The card is restored to the deficient hand (from another pack if it is lost). It is deemed to have belonged to that hand throughout: it may become a penalty card, and failing to have played it may be a revoke."
		r.AdjustmentMayFollow = []string{"64C"}
		s.cite(letter, "14B4")
	}
	r.Unauthorised = append(r.Unauthorised, fmt.Sprintf("knowledge of the restored card is unauthorised to %s, partner of the player whose hand was deficient", offender.Partner().Name()))
}

// cardsFromWrongBoard rules under Law 15A: a call made holding cards from a
// wrong board.
func (s *procStep) cardsFromWrongBoard(offender bridge.Seat) {
	r := &s.ruling
	switch s.ask(procPartnerCalled) {
	case "yes":
		r.Summary = fmt.Sprintf("The call by %s and every later call are cancelled; his partner has called since, so the director awards an adjusted score.", offender.Name())
		s.cite("15A1", "15A1(a)", "12C2(a)", "90B7")
	case "no":
		r.Summary = fmt.Sprintf("The call by %s and every later call are cancelled; after looking at his own hand he calls again and the auction continues normally.", offender.Name())
		r.Unauthorised = []string{fmt.Sprintf("the cancelled calls are unauthorised to %s's side", offender.Name())}
		r.AdjustmentMayFollow = []string{"15A2"}
		s.cite("15A1", "15A1(b)", "15A1(c)", "16C2", "15A2", "90B7")
	}
}

// wrongBoard rules under Law 15B (pairs and individual events).
func (s *procStep) wrongBoard() {
	r := &s.ruling
	switch s.ask(procPlayedBefore) {
	case "yes":
		r.Summary = "The board is cancelled for both sides at this table; every contestant deprived of the chance to earn a valid score gets an artificial adjusted score."
		s.cite("15B1", "15B3", "12C2(a)", "90B7")
	case "no":
		r.Summary = "The auction and play are completed and the score stands; the director may have both pairs play their correct board against one another later. Any contestant deprived of the chance to earn a valid score gets an artificial adjusted score."
		r.Options = []Option{{Choice: Choice{"late_play", "require the correct board to be played later"}, Consequence: "both pairs play their correct board against one another later", Law: "15B2"}}
		s.cite("15B2", "15B3", "12C2(a)", "90B7")
	}
}

// unauthorisedInformation rules under Law 16B, after the hand: the director
// records what was made available and adjusts when partner chose, from among
// logical alternatives, one the information demonstrably suggested.
func (s *procStep) unauthorisedInformation(p ProcedureIrregularity) {
	r := &s.ruling
	partner := p.Offender.Partner()
	what := p.Information
	if what == "" {
		what = "the information"
	}
	if s.ask(procUI) == "no" {
		r.Summary = "No extraneous information was made available: the score stands."
		s.cite("16A")
		return
	}
	if s.pending() {
		return
	}
	r.Unauthorised = []string{fmt.Sprintf("%s by %s is unauthorised to %s", what, p.Offender.Name(), partner.Name())}
	s.cite("16B1(a)")
	if s.ask(procLA) == "no" {
		r.Summary = fmt.Sprintf("%s had no logical alternative: the score stands.", partner.Name())
		s.cite("16B1(b)")
		return
	}
	if s.ask(procSuggested) == "no" {
		r.Summary = fmt.Sprintf("The information did not demonstrably suggest the action %s chose: the score stands.", partner.Name())
		return
	}
	if s.ask(procDamaged) == "no" {
		r.Summary = fmt.Sprintf("%s chose an action the information suggested over a logical alternative, but the non-offending side was not damaged: the score stands (a procedural penalty may be given).", partner.Name())
		s.cite("16B1(b)", "12B1", "90A")
		return
	}
	if s.pending() {
		return
	}
	r.Summary = fmt.Sprintf("%s chose an action the information suggested over a logical alternative and the non-offending side was damaged: the director awards an assigned adjusted score — the probable outcome had the logical alternative been chosen.", partner.Name())
	r.AdjustmentMayFollow = []string{"16B3"}
	s.cite("16B1(b)", "16B3", "12C1(b)")
}
