package rulings

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// PlayIrregularityKind is what went wrong during the play.
type PlayIrregularityKind uint8

// The irregularities of the play RulePlay knows.
const (
	// LeadOutOfTurn: a lead by the wrong player — the opening lead by the
	// wrong defender (Law 54), a later lead by a defender (53, 56), or
	// declarer leading from the wrong hand or at a defender's turn (55).
	LeadOutOfTurn PlayIrregularityKind = iota + 1
	// PrematureLeadOrPlay: a defender led or played before his partner
	// played to the current trick (Law 57).
	PrematureLeadOrPlay
	// ExposedCard: a defender's card exposed so that partner could see it,
	// or named as in his hand (Laws 49, 50).
	ExposedCard
	// PenaltyCardNotPlayed: a defender played another card when a penalty
	// card could legally be played (Law 52). Card is the card he played.
	PenaltyCardNotPlayed
	// Revoke: a failure to follow suit when able (Laws 61 to 64). Card is
	// the revoke card, already recorded in the state.
	Revoke
	// Claim: a claim or concession of the remaining tricks (Laws 68 to 71).
	// Offender is the claimer and Tricks the remaining tricks he claims.
	Claim
	// IncompleteDesignation: declarer called a card from dummy incompletely
	// or wrongly (Law 46). Designation holds his words.
	IncompleteDesignation
	// CardPlayedFromDummyWrongly: dummy played a card declarer did not
	// name (Law 45D). Card is that card, already recorded in the state.
	CardPlayedFromDummyWrongly
	// RetractedCard: a player took back a card he had played (Law 47,
	// 45C4(b)). Card is the card, already recorded in the state.
	RetractedCard
	// SimultaneousPlay: a card played at the same moment as another
	// player's (Law 58A), or several cards from one hand at once (58B):
	// Card is the one he plays, Cards the others.
	SimultaneousPlay
	// PenaltyCardLead: the partner of Offender, a defender with penalty
	// cards on the table, is to lead, at any trick (Laws 50D2, 51B).
	PenaltyCardLead
	// LeadRestriction: Offender, a defender with a Law 26B restriction in
	// force (LeadProhibitedOneOf, PlayState.RestrictLead), is to lead in
	// turn: declarer chooses the suit to prohibit.
	LeadRestriction
)

var playKindNames = map[PlayIrregularityKind]string{
	LeadOutOfTurn:              "lead out of turn",
	PrematureLeadOrPlay:        "premature lead or play",
	ExposedCard:                "exposed card",
	PenaltyCardNotPlayed:       "penalty card not played",
	Revoke:                     "revoke",
	Claim:                      "claim",
	IncompleteDesignation:      "incomplete designation from dummy",
	CardPlayedFromDummyWrongly: "card played from dummy wrongly",
	RetractedCard:              "retracted card",
	SimultaneousPlay:           "simultaneous play",
	PenaltyCardLead:            "lead by the partner of a defender with penalty cards",
	LeadRestriction:            "lead by a defender with a Law 26B restriction",
}

// cardRoles say, for each kind that names a card, what the card is.
var cardRoles = map[PlayIrregularityKind]string{
	LeadOutOfTurn:              "the card led",
	PrematureLeadOrPlay:        "the card led or played",
	ExposedCard:                "the card exposed",
	PenaltyCardNotPlayed:       "the card played instead of the penalty card",
	Revoke:                     "the revoke card",
	CardPlayedFromDummyWrongly: "the card dummy played",
	RetractedCard:              "the card taken back",
	SimultaneousPlay:           "the card he plays",
}

// CardRole says what the irregularity's Card is for a kind that names one
// ("the revoke card"), and "" for a kind that names none (a claim, an
// incomplete designation, a penalty card lead).
func (k PlayIrregularityKind) CardRole() string { return cardRoles[k] }

// String names the kind: "lead out of turn".
func (k PlayIrregularityKind) String() string {
	if n, ok := playKindNames[k]; ok {
		return n
	}
	return fmt.Sprintf("PlayIrregularityKind(%d)", uint8(k))
}

// PlayIrregularity is what the director was called to.
type PlayIrregularity struct {
	Kind PlayIrregularityKind
	// Offender is the player who committed it; for a card from dummy it is
	// dummy's seat, for a claim the claimer.
	Offender bridge.Seat
	// Card is the card led, played, exposed or revoked with.
	Card bridge.Card
	// Cards are further cards exposed with Card (Laws 49, 58B).
	Cards []bridge.Card
	// Designation is what declarer said when calling a card from dummy
	// (Law 46): "low", "high", "win", "spade", "queen", "play anything".
	Designation string
	// Tricks is, for a claim, how many of the remaining tricks the claimer
	// claims for his side; the rest are conceded.
	Tricks int
	// Line is, for a claim, the line of play the claimer stated with it
	// (Law 68C), in order; empty when he stated none.
	Line []ClaimStep
	// PlayedAfter is, for a claim, how many of the last cards recorded in
	// the state were played after the claim (Law 68D); 0 when play stopped.
	PlayedAfter int
}

// The answer that names the option a player chose, by its Choice ID. When
// Answers hold it, the ruling adds the restrictions that option brings.
const playChoiceAnswer = "choice"

// LeadRestrictionChoiceAnswer names declarer's Law 26B choice made inside a
// lead-out-of-turn ruling: when the lead is refused and the player who then
// leads is at his first turn to lead with a 26B restriction in force, the
// ruling offers declarer that choice as well, answered under this key
// ("prohibit-H" or "free") while "choice" holds the first.
const LeadRestrictionChoiceAnswer = "choice_26b"

// RulePlay says what the Laws require after irr in the play described by s.
// Questions in the ruling ask for the director's judgements; once answered
// (ans), the ruling is complete. Where a player chooses among Options,
// ans["choice"] may name the chosen option's ID to get the restrictions it
// brings. The error names what is wrong with s, irr or ans.
func RulePlay(s PlayState, irr PlayIrregularity, ans Answers) (Ruling, error) {
	return RulePlayContext(context.Background(), s, irr, ans)
}

// RulePlayContext is RulePlay for a caller that may give up: the solver's
// work on a claim stops when ctx is done, and the ruling fails with ctx's
// error.
func RulePlayContext(ctx context.Context, s PlayState, irr PlayIrregularity, ans Answers) (Ruling, error) {
	if s.contract.Level == 0 {
		return Ruling{}, fmt.Errorf("rulings: play: the play state has no contract; build it with NewPlayState")
	}
	if !irr.Offender.Valid() {
		return Ruling{}, fmt.Errorf("rulings: play: offender %d is not a seat", irr.Offender)
	}
	if role := irr.Kind.CardRole(); role != "" && !irr.Card.Valid() {
		return Ruling{}, fmt.Errorf("rulings: %s: no card given; say %s", irr.Kind, role)
	}
	st := &playStep{ctx: ctx, s: s, irr: irr, ans: ans}
	var err error
	switch irr.Kind {
	case LeadOutOfTurn:
		err = st.leadOutOfTurn()
	case PrematureLeadOrPlay:
		err = st.prematurePlay()
	case ExposedCard:
		err = st.exposedCard()
	case PenaltyCardNotPlayed:
		err = st.penaltyCardNotPlayed()
	case Revoke:
		err = st.revoke()
	case Claim:
		err = st.claim()
	case IncompleteDesignation:
		err = st.incompleteDesignation()
	case CardPlayedFromDummyWrongly:
		err = st.cardFromDummyWrongly()
	case RetractedCard:
		err = st.retractedCard()
	case SimultaneousPlay:
		err = st.simultaneousPlay()
	case PenaltyCardLead:
		err = st.penaltyLead()
	case LeadRestriction:
		err = st.leadRestrictionChoice()
	default:
		return Ruling{}, fmt.Errorf("rulings: play: unknown irregularity kind %d", irr.Kind)
	}
	if err != nil {
		return Ruling{}, err
	}
	if st.r.Pending() {
		// What is known so far stays, before the questions.
		st.say("%s", judgementNeeded(st.r.Questions))
	}
	for i := range st.r.Restrictions {
		if r := &st.r.Restrictions[i]; r.From == 0 {
			r.From = s.nextLead()
			if r.Kind == PenaltyCard {
				r.From = s.CompleteTricks() + 1
			}
		}
	}
	return st.r, nil
}

// playStep carries one ruling in the play as it is built.
type playStep struct {
	ctx context.Context
	s   PlayState
	irr PlayIrregularity
	ans Answers
	r   Ruling
	// leads says, for a lead out of turn, whether the player whose turn
	// it was leads now, as the ruling stands.
	leads leadsNow
}

// leadsNow is whether, after a lead out of turn, the player whose turn it
// was leads now: leadUnknown while the choice that decides it is not made.
type leadsNow uint8

const (
	leadUnknown leadsNow = iota
	leadNow
	leadLater
)

// leadsIf is leadNow when now, otherwise leadLater.
func leadsIf(now bool) leadsNow {
	if now {
		return leadNow
	}
	return leadLater
}

// playYesNo are the choices of a yes-or-no question.
var playYesNo = []Choice{{"yes", "yes"}, {"no", "no"}}

// ask returns the director's answer to q, or "" with the ruling pending on
// q when there is none yet. An answer that is not one of q's choices is an
// error.
func (st *playStep) ask(q Question) (string, error) {
	st.r.Asked = append(st.r.Asked, q.ID)
	a, ok := st.ans[q.ID]
	if !ok {
		st.r.Questions = append(st.r.Questions, q)
		return "", nil
	}
	for _, c := range q.Choices {
		if c.ID == a {
			return a, nil
		}
	}
	return "", &AnswerError{ID: q.ID, Err: fmt.Errorf("rulings: answer %q to question %q is not one of %s", a, q.ID, playChoiceIDs(q.Choices))}
}

// yes asks a yes-or-no question; pending is true while it is unanswered.
func (st *playStep) yes(id, law, text string) (yes, pending bool, err error) {
	a, err := st.ask(Question{ID: id, Law: law, Text: text, Choices: playYesNo})
	return a == "yes", a == "", err
}

// offer adds options for chooser and returns the chosen one's ID, or "" if
// none is chosen yet. A choice that is not offered is an error.
func (st *playStep) offer(chooser bridge.Seat, opts ...Option) (string, error) {
	return st.offerUnder(playChoiceAnswer, chooser, opts...)
}

// offerUnder is offer for a second choice in the same ruling, answered
// under key rather than "choice".
func (st *playStep) offerUnder(key string, chooser bridge.Seat, opts ...Option) (string, error) {
	ids := make([]Choice, len(opts))
	for i := range opts {
		opts[i].Chooser = chooser
		ids[i] = opts[i].Choice
	}
	st.r.Options = append(st.r.Options, opts...)
	a, ok := st.ans[key]
	if !ok {
		return "", nil
	}
	for _, o := range opts {
		if o.ID == a {
			return a, nil
		}
	}
	return "", &AnswerError{ID: key, Err: fmt.Errorf("rulings: choice %q is not one of the options %s", a, playChoiceIDs(ids))}
}

// cite records laws applied.
func (st *playStep) cite(laws ...string) { st.r.Laws = append(st.r.Laws, laws...) }

// say appends a sentence to the summary.
func (st *playStep) say(format string, args ...any) {
	if st.r.Summary != "" {
		st.r.Summary += " "
	}
	st.r.Summary += fmt.Sprintf(format, args...)
}

// restrict adds a restriction.
func (st *playStep) restrict(r Restriction) { st.r.Restrictions = append(st.r.Restrictions, r) }

// adjustable records a law under which the score may be adjusted.
func (st *playStep) adjustable(law string) {
	if !slices.Contains(st.r.AdjustmentMayFollow, law) {
		st.r.AdjustmentMayFollow = append(st.r.AdjustmentMayFollow, law)
	}
}

// unauthorised records information unauthorised to a side.
func (st *playStep) unauthorised(format string, args ...any) {
	st.r.Unauthorised = append(st.r.Unauthorised, fmt.Sprintf(format, args...))
}

// playChoiceIDs lists the IDs of choices: "yes, no".
func playChoiceIDs(cs []Choice) string {
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	return strings.Join(ids, ", ")
}

// playSideName names the side of seat: "North-South".
func playSideName(seat bridge.Seat) string {
	if seat.Side() == bridge.NorthSouth {
		return "North-South"
	}
	return "East-West"
}

// checkHolds returns an error if the deal shows seat does not hold c among
// the cards not yet played.
func (st *playStep) checkHolds(seat bridge.Seat, c bridge.Card) error {
	if !c.Valid() {
		return fmt.Errorf("rulings: %s: a card given is no card (it names no suit and rank)", st.irr.Kind)
	}
	if st.s.played(c) {
		return fmt.Errorf("rulings: %s: %s has already been played", st.irr.Kind, c.Symbol())
	}
	if st.s.hasDeal && !st.s.deal[seat].Has(c) {
		return fmt.Errorf("rulings: %s: %s does not hold %s", st.irr.Kind, seat.Name(), c.Symbol())
	}
	return nil
}
