// Package rulings is the director's assistant: given what happened at the
// table, it says what the Laws of Duplicate Bridge (2017) require — the
// options to offer and who chooses, the restrictions that follow, what
// information becomes unauthorised, whether a score adjustment may follow,
// and the laws to cite.
//
// A ruling is a short dialogue, not a guess. Where the Laws leave a judgement
// to the director (is the replacement call comparable? was the call
// unintended?), the engine answers with a Question and continues once the
// director's Answer is given.
//
// Each file's name says which part of the Laws it rules on. auction.go and
// the auction_ files are the auction period (Laws 17 to 39): the Auction and
// its turns, then insufficient bids, calls out of rotation, inadmissible
// calls, changes of call, cards exposed during the auction and the lead
// restrictions that follow, and RuleAuction over them. play.go and the play_
// files are the play (Laws 41 to 71): the PlayState and its record, leads out
// of turn, premature play, penalty cards, designation of dummy's cards,
// withdrawn cards, simultaneous play, revokes, claims (worked out with the
// double-dummy solver when the deal is known), and RulePlay.
// procedure.go and the procedure_ files are the director's own procedure:
// irregularities of procedure (Laws 13 to 16), boards that cannot be scored
// normally (unplayable, slowly played, fouled, or ruled in error: Laws 12A2,
// 82C, 87, 90B2), adjusted scores (Law 12C), team matches (Law 86) and
// procedural penalties (Law 90). ruling.go holds
// what every ruling shares: questions, answers, options, restrictions and
// the Ruling.
package rulings

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// Question asks the director for a judgement the Laws leave to them.
type Question struct {
	// ID names the question in Answers: "unintended", "comparable".
	ID string
	// Text is the question as the director reads it.
	Text string
	// Choices are the possible answers; their IDs are what Answers hold.
	Choices []Choice
	// Law is the law that asks it: "25A1".
	Law string
}

// Choice is one answer to a question, or one option a player may choose.
type Choice struct {
	ID, Text string
}

// Answers are the director's answers so far, by question ID.
type Answers map[string]string

// Option is a choice the Laws give a player after an irregularity.
type Option struct {
	// Chooser is the player who chooses (normally the offender's LHO, or
	// declarer).
	Chooser bridge.Seat
	Choice
	// Consequence says what follows if it is chosen.
	Consequence string
	// Law cites it.
	Law string
}

// RestrictionKind is what a restriction obliges.
type RestrictionKind uint8

// The kinds of restriction a rectification creates.
const (
	// MustPassNextTurn: the player must pass at their next turn to call.
	MustPassNextTurn RestrictionKind = iota + 1
	// MustPassThroughout: the player must pass whenever it is their turn to
	// call for the rest of the auction.
	MustPassThroughout
	// LeadProhibited: declarer has prohibited the lead and the player may
	// lead none of the given suits for as long as he retains the lead (Laws
	// 50D2 and 51).
	LeadProhibited
	// LeadRequired: the player must lead the given suit (Laws 50D2 and 51).
	LeadRequired
	// PenaltyCard: the card lies face up on the table and must be played at
	// the first legal opportunity (Law 50), Major or minor.
	PenaltyCard
	// LeadProhibitedOneOf: declarer may, at the player's first turn to lead,
	// prohibit the lead of one suit of his choice from the given suits, for
	// as long as the player retains the lead; nothing is prohibited until he
	// chooses (Law 26B). 2017 Law 26B, as amended after publication, lets
	// declarer only prohibit, never require, a lead (checked: pzbs.pl 2017
	// Law 26 and the amended 26B quoted on the NZ Bridge forum).
	LeadProhibitedOneOf
)

// Until is how long a restriction lasts.
type Until uint8

// How long the Laws make a restriction last.
const (
	// UntilNextTurnToCall: to the player's next turn to call (Laws 30A,
	// 31A2, 24B).
	UntilNextTurnToCall Until = iota + 1
	// UntilEndOfAuction: whenever it is his turn to call, to the end of the
	// auction (Laws 27B2, 31B, 36B2, 37B2, 38C).
	UntilEndOfAuction
	// WhileRetainingLead: from his first turn to lead for as long as he
	// keeps the lead (Laws 26B, 50D2(b)).
	WhileRetainingLead
	// UntilNextLead: at his next turn to lead (Law 50D2(a)).
	UntilNextLead
	// UntilCardPlayed: until the penalty card is played (Law 50B).
	UntilCardPlayed
)

var untilNames = map[Until]string{
	UntilNextTurnToCall: "until his next turn to call",
	UntilEndOfAuction:   "until the end of the auction",
	WhileRetainingLead:  "for as long as he retains the lead",
	UntilNextLead:       "at his next turn to lead",
	UntilCardPlayed:     "until the card is played",
}

func (u Until) String() string {
	if s, ok := untilNames[u]; ok {
		return s
	}
	return fmt.Sprintf("Until(%d)", uint8(u))
}

// Restriction is an obligation a rectification puts on a player.
type Restriction struct {
	Kind   RestrictionKind
	Seat   bridge.Seat
	Suits  []bridge.Suit // for lead restrictions
	Card   bridge.Card   // for a penalty card
	Major  bool          // a major penalty card
	Law    string
	Reason string
	// Until is how long it lasts; zero means as long as its Kind lasts
	// (Lasts).
	Until Until
	// From is where it began, counted in what it binds: for a pass
	// restriction the number (from 1) of the first call after it was
	// imposed, for a restriction of the play the number (from 1) of the
	// first trick whose lead it binds, or at which its penalty card lay on
	// the table (1 for one imposed in the auction). Zero means from now:
	// the end of the record it is put on (Auction.Restrict,
	// PlayState.RestrictLead). The record then says when it is spent.
	From int
}

// Reissues reports whether the ruling's restrictions carry x, a
// restriction in force before it, on or settle it: the same obligation on
// the same player, whatever law now imposes it (a penalty card from the
// auction, now under Law 50), or the suit declarer chose to prohibit in
// place of a Law 26B choice still to make.
func (r Ruling) Reissues(x Restriction) bool {
	for _, y := range r.Restrictions {
		switch {
		case y.Seat != x.Seat:
		case y.Kind == x.Kind && y.Card == x.Card && slices.Equal(y.Suits, x.Suits):
			return true
		case x.Kind == LeadProhibitedOneOf && y.Kind == LeadProhibited && y.Law == x.Law:
			return true
		}
	}
	return false
}

// IsLead reports whether the kind restricts a lead: a prohibited or
// required lead, or declarer's Law 26B choice of a suit to prohibit.
func (k RestrictionKind) IsLead() bool {
	return k == LeadProhibited || k == LeadRequired || k == LeadProhibitedOneOf
}

// isPass reports whether the restriction binds calls, not the play.
func (r Restriction) isPass() bool { return r.Kind == MustPassNextTurn || r.Kind == MustPassThroughout }

// Lasts is how long the restriction lasts: Until when it is set, otherwise
// what its Kind implies.
func (r Restriction) Lasts() Until {
	if r.Until != 0 {
		return r.Until
	}
	switch r.Kind {
	case MustPassNextTurn:
		return UntilNextTurnToCall
	case MustPassThroughout:
		return UntilEndOfAuction
	case PenaltyCard:
		return UntilCardPlayed
	case LeadRequired:
		return UntilNextLead
	}
	return WhileRetainingLead
}

// Describe says what the restriction obliges, for people, from its
// structure: "must pass whenever it is his turn to call, until the end of
// the auction".
func (r Restriction) Describe() string {
	suits := make([]string, len(r.Suits))
	for i, s := range r.Suits {
		suits[i] = s.Symbol()
	}
	var what string
	switch r.Kind {
	case MustPassNextTurn:
		what = "must pass"
	case MustPassThroughout:
		what = "must pass whenever it is his turn to call"
	case LeadProhibited:
		what = "may not lead " + strings.Join(suits, " or ")
	case LeadRequired:
		what = "must lead " + strings.Join(suits, " or ")
	case LeadProhibitedOneOf:
		what = "at his first turn to lead, declarer may prohibit his leading " + strings.Join(suits, " ")
		if len(suits) > 1 {
			what = "at his first turn to lead, declarer may prohibit his leading any one of " + strings.Join(suits, " ")
		}
	case PenaltyCard:
		what = "has the " + r.Card.Symbol() + " as a minor penalty card"
		if r.Major {
			what = "has the " + r.Card.Symbol() + " as a major penalty card"
		}
	default:
		what = fmt.Sprintf("RestrictionKind(%d)", uint8(r.Kind))
	}
	return what + ", " + r.Lasts().String()
}

// Ruling is what the Laws require after an irregularity, or, while a
// judgement is still needed, the question to ask.
type Ruling struct {
	// Questions are the judgements still needed; when there are any, the
	// rest of the ruling is provisional until they are answered.
	Questions []Question
	// Asked are the IDs of every question the ruling asked, answered or
	// still open: an answer under any other ID answers nothing, but for
	// the three answers read without a question of their own: "choice"
	// (the option a player chose, auction and play), "choice_26b"
	// (declarer's Law 26B choice inside a lead-out-of-turn ruling,
	// LeadRestrictionChoiceAnswer) and "specified_suits" (the suits the
	// offender specified, read whenever given, asked as a question only
	// when a Law 26B restriction follows).
	Asked []string
	// Summary says in one or two sentences what happens.
	Summary string
	// Options are the choices the Laws give; Chooser says whose.
	Options []Option
	// Restrictions follow whatever is chosen.
	Restrictions []Restriction
	// Unauthorised lists information that is unauthorised to a side (Law
	// 16C): "the withdrawn 1♠ is unauthorised to North-South".
	Unauthorised []string
	// AdjustmentMayFollow lists the laws under which the director may
	// adjust the score at the end of play (23C, 27D, 16B, 64C ...).
	AdjustmentMayFollow []string
	// Laws cites every law applied, in order.
	Laws []string
	// Claim holds, for a claim ruled with the deal, what the double-dummy
	// solver found at the claim.
	Claim *ClaimFigures
	// Score is the adjusted score the ruling gives, where the engine can
	// work it out: the artificial scores by fault of a board that could
	// not be played or scored (Law 12C2(a)). Nil when the director must
	// choose or assign one.
	Score *AdjustedScore
	// ScoredInGroup is set when the board was fouled and the table's result
	// is scored in the group of results from the board in the same form
	// (Law 87B).
	ScoredInGroup bool
}

// Pending reports whether the ruling still needs the director's answers.
func (r Ruling) Pending() bool { return len(r.Questions) > 0 }

// judgementNeeded is the summary of a ruling waiting for the director's
// answers, the same in the auction, the play and the director's procedure.
func judgementNeeded(qs []Question) string {
	texts := make([]string, len(qs))
	for i, q := range qs {
		texts[i] = q.Text
	}
	return "The director's judgement is needed: " + strings.Join(texts, " ")
}

// AnswerError is an answer the ruling cannot take: ID names the question
// (or "choice", the option chosen) it was given for.
type AnswerError struct {
	ID  string
	Err error
}

func (e *AnswerError) Error() string { return e.Err.Error() }
func (e *AnswerError) Unwrap() error { return e.Err }

// String writes the ruling for a person.
func (r Ruling) String() string {
	var b strings.Builder
	if r.Pending() {
		for _, q := range r.Questions {
			fmt.Fprintf(&b, "Question (Law %s): %s\n", q.Law, q.Text)
		}
		return b.String()
	}
	fmt.Fprintln(&b, r.Summary)
	for _, o := range r.Options {
		fmt.Fprintf(&b, "- %s may %s: %s (Law %s)\n", o.Chooser.Name(), o.Text, o.Consequence, o.Law)
	}
	for _, x := range r.Restrictions {
		reason := x.Reason
		if reason == "" { // one given back as it came, in force from an earlier ruling
			reason = x.Describe()
		}
		fmt.Fprintf(&b, "- %s: %s (Law %s)\n", x.Seat.Name(), reason, x.Law)
	}
	for _, u := range r.Unauthorised {
		fmt.Fprintf(&b, "- %s (Law 16C)\n", u)
	}
	if len(r.AdjustmentMayFollow) > 0 {
		fmt.Fprintf(&b, "- the score may be adjusted at the end of play (Law %s)\n", strings.Join(r.AdjustmentMayFollow, ", "))
	}
	return b.String()
}
