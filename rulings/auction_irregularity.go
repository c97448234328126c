package rulings

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// AuctionIrregularityKind is what went wrong during the auction, as the
// director was told when called to the table.
type AuctionIrregularityKind uint8

// The irregularities of the auction period (Laws 24 to 39).
const (
	// InsufficientBid: a bid that does not supersede the last bid (Law 27).
	InsufficientBid AuctionIrregularityKind = iota + 1
	// CallOutOfRotation: a call when it was not the offender's turn (Laws
	// 28 to 32).
	CallOutOfRotation
	// CallChanged: the offender replaced the call he had just made (Law
	// 25). (ChangeOfCall is the RotationKind of such a call.)
	CallChanged
	// CardExposedDuringAuction: a card exposed or led during the auction
	// period (Law 24).
	CardExposedDuringAuction
	// InadmissibleCall: a double or redouble Law 19 does not permit (Laws
	// 35A, 36).
	InadmissibleCall
	// BidAboveSeven: a bid of more than seven (Laws 35C, 38).
	BidAboveSeven
	// CallAfterFinalPass: a call after the auction has ended (Laws 35D, 39).
	CallAfterFinalPass
	// CallWhileBarred: a bid, double or redouble by a player required to
	// pass (Laws 35B, 37).
	CallWhileBarred
	// SimultaneousCalls: the offender called at the same moment as the
	// player whose turn it was (Law 33).
	SimultaneousCalls
)

var auctionKindNames = map[AuctionIrregularityKind]string{
	InsufficientBid:          "insufficient bid",
	CallOutOfRotation:        "call out of rotation",
	CallChanged:              "change of call",
	CardExposedDuringAuction: "card exposed during the auction",
	InadmissibleCall:         "inadmissible double or redouble",
	BidAboveSeven:            "bid of more than seven",
	CallAfterFinalPass:       "call after the final pass",
	CallWhileBarred:          "call by a player required to pass",
	SimultaneousCalls:        "simultaneous calls",
}

func (k AuctionIrregularityKind) String() string {
	if s, ok := auctionKindNames[k]; ok {
		return s
	}
	return fmt.Sprintf("AuctionIrregularityKind(%d)", uint8(k))
}

// AuctionIrregularity is what the director finds at the table during the
// auction period.
//
// The auction given to RuleAuction holds the legal calls before the
// irregularity; the offending call is Call, not yet in it. Two kinds differ:
// for CallChanged the auction ends with the offender's first call, or with
// it and the call his left-hand opponent made over it before the change
// (in their natural order), and Call is the call he put in its place; for
// SimultaneousCalls the auction already holds the call of the player whose
// turn it was, since Law 33 deems the offender's call to have come after
// it.
type AuctionIrregularity struct {
	Kind     AuctionIrregularityKind
	Offender bridge.Seat
	// Call is the offending call (the new call, for a change of call).
	Call bridge.Call
	// Card is the card exposed or led (Law 24).
	Card bridge.Card
	// Cards are further cards exposed with Card (Law 24C).
	Cards []bridge.Card
	// Replacement is the call the offender has made in place of the
	// offending one: the replacement of an insufficient bid (Law 27B, 27C),
	// or, for a call out of rotation, the call he made at his proper turn.
	// Nil while he has made none.
	Replacement *bridge.Call
	// CalledBeforeRuling is the player who called after the irregularity
	// before the director was called, if any: the player whose turn it was
	// (Law 28B), or the offender's left-hand opponent, accepting the call
	// (Laws 25B1, 27A1, 29A, 36A, 37A).
	CalledBeforeRuling *bridge.Seat
	// ReplacedBeforeRuling says the offender replaced his insufficient bid
	// before the director was called (Law 27C); Replacement is the call.
	ReplacedBeforeRuling bool
}

// RuleAuction rules on an irregularity of the auction period under the 2017
// Laws. It applies Law 25A first (an unintended call may be replaced), then
// Law 28B (the player whose turn it was has called: the call out of
// rotation is cancelled), then Law 29A (the offender's left-hand opponent
// has called over it: it is accepted), then the law for the irregularity.
//
// Where the Laws leave a judgement to the director (is the call unintended,
// comparable, ...?) the ruling holds the Question and nothing else is
// certain until Answers hold it. Where a Law 26B lead restriction follows,
// the question "specified_suits" asks which suits the offender has
// specified in the legal auction (suit letters, "SH", or "none"); the suits
// he has bid are its suggested answer.
//
// RuleAuction does not change the auction: the caller applies the option
// chosen and the ruling's restrictions (Auction.Restrict).
func RuleAuction(a *Auction, irr AuctionIrregularity, ans Answers) (Ruling, error) {
	c, err := newAuctionCase(a, irr, ans)
	if err != nil {
		return Ruling{}, err
	}
	if err := c.dispatch(); err != nil {
		return Ruling{}, err
	}
	if c.err != nil {
		return Ruling{}, c.err
	}
	if !c.pending() {
		for _, n := range c.notes {
			c.ruling.Summary += " " + n
		}
	}
	for i := range c.ruling.Restrictions {
		r := &c.ruling.Restrictions[i]
		r.Until = r.Lasts()
		if r.From == 0 && r.isPass() {
			r.From = len(a.calls) + 1
		} else if r.From == 0 {
			r.From = 1
		}
	}
	c.ruling.Laws = distinct(c.ruling.Laws)
	c.ruling.AdjustmentMayFollow = distinct(c.ruling.AdjustmentMayFollow)
	return c.ruling, nil
}

// AuctionAfterRuling is the auction a complete ruling on irr, with the
// answers that completed it, leaves for the calls that follow: a copy of
// a, the auction as the director recorded it (see AuctionIrregularity),
// with the calls the ruling lets stand in place of those it withdraws.
//
// A change of call the left-hand opponent accepts (25B1, by calling over
// it or by "choice": "accept") has the new call in place of the first; a
// change not accepted is cancelled (25B2), so the first stands and the
// change is gone. An unintended call is replaced by the one intended
// (25A1), and the call the left-hand opponent had made over it stays
// unless he withdraws it (25A6, "choice": "withdraw"). An insufficient bid
// or a call out of rotation the left-hand opponent accepts (27A1, 29A, 27B4)
// stands where it was made, the auction going on from the offender's left;
// one not accepted is not in a, and the call that replaces it is the first
// of the calls that follow (first, when irr names it, nil otherwise).
func AuctionAfterRuling(a *Auction, irr AuctionIrregularity, ans Answers) (after *Auction, first *bridge.Call, err error) {
	c, err := newAuctionCase(a, irr, ans)
	if err != nil {
		return nil, nil, err
	}
	if err := c.dispatch(); err != nil {
		return nil, nil, err
	}
	if c.err != nil {
		return nil, nil, c.err
	}
	if c.pending() {
		return nil, nil, fmt.Errorf("rulings: the ruling is not complete: %s", c.ruling.Summary)
	}
	chosen, ok := c.chosen()
	if !ok {
		return nil, nil, c.err
	}
	settled := c.settled
	if chosen == "accept" && c.onAccept != nil {
		settled = *c.onAccept
	}
	after = a.Clone()
	for range settled.drop {
		after.Withdraw()
	}
	for _, s := range settled.stands {
		if s.condoned {
			err = after.ForceCall(s.Seat, s.Call)
		} else {
			err = after.Call(s.Call)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("rulings: after the ruling, %s's %s cannot stand: %w", s.Seat.Name(), s.Call.Symbol(), err)
		}
	}
	if !settled.replaced {
		first = irr.Replacement
	}
	return after, first, nil
}

// settlement is what a ruling does to the auction as recorded
// (AuctionAfterRuling): the last drop calls are taken off it and stands
// put there in their place; replaced says the offender's irregular call
// stands, so no replacement of it follows.
type settlement struct {
	drop     int
	stands   []settledCall
	replaced bool
}

// settledCall is a call a ruling lets stand; condoned is set for one that
// stands although Legal would refuse it (Auction.ForceCall).
type settledCall struct {
	CallRecord
	condoned bool
}

// accepted is the settlement of the offender's irregular call accepted by
// his left-hand opponent: it stands where he made it.
func (c *auctionCase) accepted() settlement {
	return settlement{stands: []settledCall{{CallRecord{c.offender, c.irr.Call}, true}}, replaced: true}
}

// distinct keeps the first of each repeated citation, in order.
func distinct(laws []string) []string {
	seen := map[string]bool{}
	out := laws[:0]
	for _, l := range laws {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}

// auctionCase is one auction ruling being written.
type auctionCase struct {
	procStep
	a   *Auction
	irr AuctionIrregularity
	// offender, partner, lho and rho name the seats around the offender.
	offender, partner, lho, rho bridge.Seat
	// specified are the suits the offender has specified in the legal
	// auction (Law 26B), once the director has said (specifiedKnown).
	specified      [4]bool
	specifiedKnown bool
	// settled is what the ruling does to the auction as recorded, and
	// onAccept what it does instead when the left-hand opponent's "choice"
	// is "accept" (AuctionAfterRuling).
	settled  settlement
	onAccept *settlement
	// notes are said after the summary, once the ruling is complete: what
	// the Laws leave to the director beside what they rule.
	notes []string
}

func newAuctionCase(a *Auction, irr AuctionIrregularity, ans Answers) (*auctionCase, error) {
	switch {
	case a == nil:
		return nil, errors.New("rulings: auction irregularity: no auction given")
	case auctionKindNames[irr.Kind] == "":
		return nil, fmt.Errorf("rulings: auction irregularity: unknown kind %d", uint8(irr.Kind))
	case !irr.Offender.Valid():
		return nil, fmt.Errorf("rulings: %v: offender %v is not a seat", irr.Kind, irr.Offender)
	case irr.CalledBeforeRuling != nil && !irr.CalledBeforeRuling.Valid():
		return nil, fmt.Errorf("rulings: %v: the player who called before the ruling, %v, is not a seat", irr.Kind, *irr.CalledBeforeRuling)
	case irr.CalledBeforeRuling != nil && *irr.CalledBeforeRuling == irr.Offender:
		return nil, fmt.Errorf("rulings: %v: the player who called before the ruling must not be the offender", irr.Kind)
	case irr.ReplacedBeforeRuling && (irr.Kind != InsufficientBid || irr.Replacement == nil):
		return nil, fmt.Errorf("rulings: %v: only an insufficient bid is replaced before the ruling (Law 27C), and then the replacement is given", irr.Kind)
	}
	if err := validCalls(irr); err != nil {
		return nil, err
	}
	o := irr.Offender
	c := &auctionCase{procStep: procStep{ans: ans}, a: a, irr: irr, offender: o, partner: o.Partner(), lho: o.LHO(), rho: o.RHO()}
	if err := c.readSpecified(); err != nil {
		return nil, err
	}
	return c, nil
}

// validCalls checks the calls and card of the irregularity are what they
// claim to be; a bid of more than seven is a call only for Law 38.
func validCalls(irr AuctionIrregularity) error {
	if irr.Kind == CardExposedDuringAuction {
		if !irr.Card.Valid() {
			return fmt.Errorf("rulings: %v: no card given; say the card exposed", irr.Kind)
		}
		for i, card := range irr.Cards {
			switch {
			case !card.Valid():
				return fmt.Errorf("rulings: %v: further card %d names no suit and rank", irr.Kind, i+1)
			case card == irr.Card || slices.Contains(irr.Cards[:i], card):
				return fmt.Errorf("rulings: %v: %s is named twice", irr.Kind, card.Symbol())
			}
		}
		return nil
	}
	call := irr.Call
	if call.IsBid() && call.Level > 7 && call.Strain.Valid() {
		call.Level = 7
	}
	if err := call.Validate(); err != nil {
		return fmt.Errorf("rulings: %v: offending call: %w", irr.Kind, err)
	}
	if irr.Replacement != nil {
		if err := irr.Replacement.Validate(); err != nil {
			return fmt.Errorf("rulings: %v: replacement call: %w", irr.Kind, err)
		}
	}
	return nil
}

// dispatch finds the law for the call from the auction and checks the kind
// the director was told fits it.
func (c *auctionCase) dispatch() error {
	k := c.irr.Kind
	if k == CardExposedDuringAuction {
		c.exposedCard()
		return nil
	}
	if k == SimultaneousCalls {
		c.cite("33")
	}
	rot := c.a.Rotation(c.offender)
	problem := callProblem(c.a, c.offender, c.irr.Call)
	switch {
	case k == CallChanged && c.lhoCallOver() != nil:
		c.changeOfCall()
		return nil
	case rot == AfterAuction:
		return c.fits(k == CallAfterFinalPass, "the auction has ended", c.callAfterFinalPass)
	case k == CallAfterFinalPass:
		return c.misfit("the auction has not ended")
	case rot == ChangeOfCall:
		return c.fits(k == CallChanged || k == CallOutOfRotation || k == InsufficientBid,
			fmt.Sprintf("%s has called and it is %s's turn, so it is a change of call", c.offender.Name(), c.lho.Name()), c.changeOfCall)
	case k == CallChanged:
		return c.misfit(fmt.Sprintf("%s did not make the last call", c.offender.Name()))
	case problem == AboveSeven:
		return c.fits(k == BidAboveSeven || k == CallOutOfRotation, "it is a bid of more than seven", c.bidAboveSeven)
	case problem == Inadmissible:
		return c.fits(k == InadmissibleCall || k == CallOutOfRotation, "it is an inadmissible double or redouble", c.inadmissibleDouble)
	case rot == AtRHOsTurn || rot == AtPartnersTurn:
		return c.fits(k == CallOutOfRotation || k == InsufficientBid && problem == Insufficient,
			"it was not "+c.offender.Name()+"'s turn", c.outOfRotation)
	case problem == Barred:
		return c.fits(k == CallWhileBarred, c.offender.Name()+" was required to pass", c.callWhileBarred)
	case problem == Insufficient:
		return c.fits(k == InsufficientBid, "it is an insufficient bid", c.insufficientBid)
	case c.a.Turn() != c.offender:
		return c.fits(k == CallOutOfRotation, "it is in rotation under Law 28A", c.inRotationByLaw28A)
	default:
		return c.fits(k == SimultaneousCalls, "it is a legal call in rotation", c.simultaneousInRotation)
	}
}

// fits runs rule when the kind the director reported fits what the auction
// shows, and says why not otherwise. Simultaneous calls fit every case: Law
// 33 only puts the offender's call after the other, and the law for the
// call as it then stands applies.
func (c *auctionCase) fits(ok bool, why string, rule func()) error {
	if !ok && c.irr.Kind != SimultaneousCalls {
		return c.misfit(why)
	}
	rule()
	return nil
}

func (c *auctionCase) misfit(why string) error {
	what := c.irr.Call.Symbol()
	return fmt.Errorf("rulings: %s's %s after %q is not a case of %v: %s", c.offender.Name(), what, c.a.String(), c.irr.Kind, why)
}

// callProblem is what would make the call illegal from that player now, or
// zero: its form, the end of the auction, its level, and, in rotation, a
// pass restriction on him.
func callProblem(a *Auction, by bridge.Seat, call bridge.Call) CallProblem {
	err := a.wellFormed(by, call)
	if err == nil && call.IsBid() {
		err = a.sufficient(by, call)
	}
	if err == nil {
		err = a.admissible(by, call)
	}
	if err == nil && a.Rotation(by) == InRotation {
		err = a.permitted(by, call)
	}
	var ic *IllegalCall
	if errors.As(err, &ic) {
		return ic.Problem
	}
	return 0
}

// lhoCalled reports whether the offender's left-hand opponent called over
// the irregularity before the director came.
func (c *auctionCase) lhoCalled() bool {
	return c.irr.CalledBeforeRuling != nil && *c.irr.CalledBeforeRuling == c.lho
}

// partnerCalled reports whether the offender's partner has called since.
func (c *auctionCase) partnerCalled() bool {
	return c.irr.CalledBeforeRuling != nil && *c.irr.CalledBeforeRuling == c.partner
}

func (c *auctionCase) summary(format string, args ...any) {
	c.ruling.Summary = fmt.Sprintf(format, args...)
}

func (c *auctionCase) option(chooser bridge.Seat, id, text, consequence, law string) {
	c.ruling.Options = append(c.ruling.Options, Option{Chooser: chooser, Choice: Choice{ID: id, Text: text}, Consequence: consequence, Law: law})
}

func (c *auctionCase) restrict(kind RestrictionKind, seat bridge.Seat, law, reason string) {
	c.ruling.Restrictions = append(c.ruling.Restrictions, Restriction{Kind: kind, Seat: seat, Law: law, Reason: reason})
}

// passNextTurn bars the seat from calling at its next turn.
func (c *auctionCase) passNextTurn(seat bridge.Seat, law string) {
	c.restrict(MustPassNextTurn, seat, law, "must pass when next it is his turn to call")
}

// passThroughout bars the seat from calling for the rest of the auction.
func (c *auctionCase) passThroughout(seat bridge.Seat, law string) {
	c.restrict(MustPassThroughout, seat, law, "must pass whenever it is his turn to call")
}

// withdrawnUI records Law 16C: information from a withdrawn call is
// authorised to the side that did not make it (16C1) and unauthorised to
// the side that did (16C2).
func (c *auctionCase) withdrawnUI(by bridge.Seat, call bridge.Call) {
	c.cite("16C1", "16C2")
	c.ruling.Unauthorised = append(c.ruling.Unauthorised, fmt.Sprintf(
		"%s's withdrawn %s is unauthorised information for %s and authorised for %s",
		by.Name(), call.Symbol(), sideName(by.Side()), sideName(by.Side().Opponents())))
}

func (c *auctionCase) mayAdjust(laws ...string) {
	c.ruling.AdjustmentMayFollow = append(c.ruling.AdjustmentMayFollow, laws...)
}

// sideName names a partnership for people: "North-South".
func sideName(s bridge.Side) string {
	seats := s.Seats()
	return seats[0].Name() + "-" + seats[1].Name()
}

// yes asks q and reports whether the answer is yes; ok is false while q is
// still open (or an answer was wrong) and the ruling must stop.
func (c *auctionCase) yes(q Question) (yes, ok bool) {
	a := c.ask(q)
	if c.pending() {
		c.ruling.Summary = judgementNeeded(c.ruling.Questions)
		return false, false
	}
	return a == "yes", true
}

// question builds a yes-or-no question for the director.
func question(id, law, format string, args ...any) Question {
	return Question{ID: id, Law: law, Text: fmt.Sprintf(format, args...), Choices: yesNo}
}

// comparable asks whether the offender's new call is comparable (Law 23A)
// to the withdrawn one.
func (c *auctionCase) comparable(withdrawn, replacement bridge.Call) (yes, ok bool) {
	return c.yes(question("comparable", "23A",
		"Is %s's %s comparable to the withdrawn %s: a similar meaning, a subset of its meanings, or the same purpose?",
		c.offender.Name(), replacement.Symbol(), withdrawn.Symbol()))
}

// auctionChoiceAnswer names, in Answers, the option a player chose, by its
// Choice ID, as in the play: the ruling then adds what that option brings.
const auctionChoiceAnswer = "choice"

// chosen returns the ID of the option the answers say was chosen among
// those offered so far, or "" while none is; ok is false when the answer
// names no option offered (the ruling then fails with an AnswerError).
func (c *auctionCase) chosen() (id string, ok bool) {
	a, given := c.ans[auctionChoiceAnswer]
	if !given {
		return "", true
	}
	var ids []string
	for _, o := range c.ruling.Options {
		if o.ID == a {
			return a, true
		}
		ids = append(ids, o.ID)
	}
	c.err = &AnswerError{ID: auctionChoiceAnswer, Err: fmt.Errorf("rulings: choice %q is not one of the options %s", a, strings.Join(ids, ", "))}
	return "", false
}
