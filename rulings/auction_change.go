package rulings

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// Law 25 (2017) as Director rules it. A1 until his partner calls, a player
// may replace an unintended call by the one he intended; the second call
// stands subject to the law that applies to it, and no Law 26 lead
// restriction follows. A2 only a mechanical error or a slip of the tongue
// is unintended, not a loss of concentration or a change of mind. A4 no
// substitution once his partner has made a call after it; A5 none after
// the auction period has ended. A6 if his left-hand opponent had called
// over the first call, he may withdraw that call (its information
// authorised to his side, unauthorised to the offenders). B a change A
// does not allow: B1 the left-hand opponent may accept the new call by
// calling over it (the first call is withdrawn, Law 26 may apply); B2
// otherwise the new call is cancelled and the first stands (Law 26 may
// apply); B3 Law 16C applies to whichever call is withdrawn or cancelled.
//
// A change of mind after the left-hand opponent has called is not a change
// of call Law 25B can settle. B1 takes the new call as accepted when that
// opponent calls over it, and he has already called over the first; and
// the Laws send to Law 25 only a later call made at the left-hand
// opponent's turn (30B2, 31C, 32C). Once he has called it is the
// offender's partner's turn, so the new call is a call at partner's turn:
// the first call and the opponent's stand, the opponent may accept the new
// call by calling over it (29A), and otherwise it is cancelled (29B) and
// ruled under 30B1, 31B or 32B (or 36 for an inadmissible double, 38 for a
// bid above seven).
//
// The director records the auction as it was called. A change made at
// once ends the auction with the offender's first call, and Call is the
// new one. A change made after the left-hand opponent had called ends the
// auction with the offender's first call and that opponent's call, in
// their natural order, and Call is the change.

// unintendedQuestion asks the Law 25A judgement: a mechanical error or slip
// of the tongue may be replaced, a change of mind may not.
func (c *auctionCase) unintendedQuestion(call bridge.Call) Question {
	return question("unintended", "25A2",
		"Was %s's %s unintended — a mechanical error or slip of the tongue, not a loss of concentration or a change of mind?",
		c.offender.Name(), call.Symbol())
}

// unintendedReplaced applies Law 25A before the law for an illegal call in
// rotation: while partner has not called, an unintended call is replaced by
// the intended one with no rectification. It reports whether the ruling is
// finished (replaced, or waiting for the director's answer).
func (c *auctionCase) unintendedReplaced() bool {
	if c.partnerCalled() {
		return false
	}
	unintended, ok := c.yes(c.unintendedQuestion(c.irr.Call))
	if !ok {
		return true
	}
	if !unintended {
		return false
	}
	c.replaceUnintended(c.irr.Call, c.lhoCalled())
	return true
}

// replaceUnintended writes the Law 25A ruling for the unintended call;
// lhoOver says the left-hand opponent had called over it.
func (c *auctionCase) replaceUnintended(call bridge.Call, lhoOver bool) {
	c.cite("25A1")
	c.summary("%s's %s was unintended: he replaces it with the call he intended, with no rectification; "+
		"Law 26 lead restrictions do not apply. The intended call stands subject to the law that applies to it (Law 27 if it is insufficient).",
		c.offender.Name(), call.Symbol())
	if lhoOver {
		c.cite("25A6", "16C1", "16C2")
		c.option(c.lho, "withdraw", "withdraw the call he made over the unintended "+call.Symbol(),
			"the information from his withdrawn call is authorised for "+sideName(c.lho.Side())+" and unauthorised for "+sideName(c.offender.Side()), "25A6")
		c.option(c.lho, "keep", "let his call stand", "the auction continues from "+c.lho.Name()+"'s call", "25A6")
	}
}

// unintendedSettled puts the intended call in place of the unintended
// first one in the auction as recorded (25A1), and, when the left-hand
// opponent had called over it, his call after it unless he withdraws it
// (25A6): a call he keeps must be legal over the intended one.
func (c *auctionCase) unintendedSettled(first bridge.Call, over *CallRecord) {
	c.settled = settlement{drop: 1, stands: []settledCall{{CallRecord{c.offender, c.irr.Call}, true}}, replaced: true}
	if over == nil {
		return
	}
	c.settled.drop = 2
	if chosen, ok := c.chosen(); ok && chosen != "withdraw" {
		c.settled.stands = append(c.settled.stands, settledCall{CallRecord: *over})
	}
}

// lhoCallOver is the call the offender's left-hand opponent made over the
// offender's call before the offender tried to change it, when the auction
// records it in its natural order (the offender's call, then his); nil for
// a change made at once.
func (c *auctionCase) lhoCallOver() *CallRecord {
	calls := c.a.Calls()
	n := len(calls)
	if c.irr.Kind != CallChanged || n < 2 || calls[n-1].Seat != c.lho || calls[n-2].Seat != c.offender {
		return nil
	}
	return &calls[n-1]
}

// changeOfCall rules on a call that replaced the offender's last call (Law
// 25): unintended calls are corrected (25A); a change of mind stands only
// if the left-hand opponent accepts it (25B); one tried after that
// opponent has called is a call at partner's turn.
func (c *auctionCase) changeOfCall() {
	if c.irr.Kind != CallChanged {
		c.cite(laterCallAtLHOsTurn(c.irr.Call))
	}
	calls := c.a.Calls()
	over := c.lhoCallOver()
	first := calls[len(calls)-1].Call
	if over != nil {
		first = calls[len(calls)-2].Call
	}
	if first == c.irr.Call {
		c.err = c.misfit("it repeats the call " + c.offender.Name() + " made")
		return
	}
	if c.partnerCalled() {
		c.cite("25A4")
	} else {
		unintended, ok := c.yes(c.unintendedQuestion(first))
		if !ok {
			return
		}
		if unintended {
			c.replaceUnintended(first, over != nil)
			c.unintendedSettled(first, over)
			return
		}
	}
	if over != nil {
		c.changeAfterLHOCalled(first, over.Call)
		return
	}
	if c.lhoCalled() {
		c.changeAccepted(first, c.lho.Name()+" accepted the change by calling over it: ")
		return
	}
	c.summary("%s's change from %s to %s was intended: %s may accept it, otherwise it is cancelled and %s stands.",
		c.offender.Name(), first.Symbol(), c.irr.Call.Symbol(), c.lho.Name(), first.Symbol())
	c.option(c.lho, "accept", "accept "+c.irr.Call.Symbol(),
		first.Symbol()+" is withdrawn and "+c.irr.Call.Symbol()+" stands; unless it is comparable, declarer may prohibit a lead at the first turn to lead of "+c.partner.Name()+" (Law 26B)", "25B1")
	c.option(c.lho, "refuse", "refuse "+c.irr.Call.Symbol(),
		c.irr.Call.Symbol()+" is cancelled and "+first.Symbol()+" stands; unless "+first.Symbol()+" is comparable to it, declarer may prohibit a lead at the first turn to lead of "+c.partner.Name()+" (Law 26B)", "25B2")
	chosen, ok := c.chosen()
	switch {
	case !ok:
		return
	case chosen == "accept":
		c.changeAccepted(first, c.lho.Name()+" accepts the change: ")
	case chosen == "refuse":
		c.changeRefused(first)
	default:
		c.cite("25B1", "25B2", "25B3", "16C1", "16C2")
		c.ruling.Unauthorised = append(c.ruling.Unauthorised,
			"whichever of "+first.Symbol()+" and "+c.irr.Call.Symbol()+" is withdrawn is unauthorised information for "+
				sideName(c.offender.Side())+" and authorised for "+sideName(c.offender.Side().Opponents()))
		c.mayAdjust("72C")
	}
}

// changeAccepted rules a change the left-hand opponent accepted (25B1):
// the first call is withdrawn and the new one stands; unless the new call
// is comparable to it, the Law 26B restriction follows (26A otherwise).
// Either way the rest is changeSettled's.
func (c *auctionCase) changeAccepted(first bridge.Call, how string) {
	c.cite("25B1", "25B3")
	c.ruling.Summary = how + fmt.Sprintf("%s's %s is withdrawn and %s stands (Law 25B1).",
		c.offender.Name(), first.Symbol(), c.irr.Call.Symbol())
	c.withdrawnUI(c.offender, first)
	c.settled = settlement{drop: 1, stands: []settledCall{{CallRecord{c.offender, c.irr.Call}, true}}, replaced: true}
	c.changeSettled(first, c.irr.Call)
}

// changeRefused rules a change the left-hand opponent refused (25B2): the
// new call is cancelled and the first stands; unless the first call is
// comparable to the cancelled one, the Law 26B restriction follows.
func (c *auctionCase) changeRefused(first bridge.Call) {
	c.cite("25B2", "25B3")
	c.summary("%s refuses the change: %s's %s is cancelled and %s stands (Law 25B2).",
		c.lho.Name(), c.offender.Name(), c.irr.Call.Symbol(), first.Symbol())
	c.withdrawnUI(c.offender, c.irr.Call)
	c.changeSettled(c.irr.Call, first)
}

// changeSettled rules what follows a change of call accepted or refused,
// the same way round: withdrawn is the call taken back (the first, when
// accepted; the change, when refused) and stands the one left. Law 16C
// applies to the withdrawn call either way (25B3), and 25B1 and 25B2 both
// say Law 26 may apply. A call that stands and is comparable to the
// withdrawn one brings no lead restriction (26A), and any gain from the
// withdrawn call is for Law 23C. One that is not brings the 26B
// restriction, and with it Law 72C: the offender could have known, when he
// called one thing and then another, that his partner would hear both, so
// the director may adjust if his side gained through the irregularity.
// Laws 30B1(b), 31A2 and 32A2 cite 72C beside 26B in the same way, and
// only when the call that stands is not comparable; Law 25 names neither,
// and whether LHO accepted the change or refused it, the offender made
// the same irregularity and a call of his was withdrawn.
func (c *auctionCase) changeSettled(withdrawn, stands bridge.Call) {
	comparable, ok := c.comparable(withdrawn, stands)
	if !ok {
		return
	}
	c.leadRestrictionUnlessComparable(comparable)
	if !comparable {
		c.cite("72C")
		c.mayAdjust("72C")
	}
}

// changeAfterLHOCalled rules an intended change tried after the left-hand
// opponent had called over the first call: not a change of call Law 25B
// can settle (see the comment at the top of this file), but a call at
// partner's turn. The first call and the opponent's stand, and the new call
// is ruled as a call out of rotation (29A, 29B, then 30B1, 31B or 32B).
func (c *auctionCase) changeAfterLHOCalled(first, lhoCall bridge.Call) {
	c.irr.Kind = CallOutOfRotation
	if c.a.Ended() {
		c.irr.Kind = CallAfterFinalPass
	}
	if err := c.dispatch(); err != nil {
		c.err = err
		return
	}
	if c.pending() {
		return
	}
	c.ruling.Summary = fmt.Sprintf("%s called %s over %s's %s before %s tried to change it to %s: a change of mind cannot replace a call once the next player has called over it (Law 25B1 takes a change as accepted only by a call over it), so %s and %s's %s stand and %s is ruled as a call out of rotation. ",
		c.lho.Name(), lhoCall.Symbol(), c.offender.Name(), first.Symbol(), c.offender.Name(), c.irr.Call.Symbol(),
		first.Symbol(), c.lho.Name(), lhoCall.Symbol(), c.irr.Call.Symbol()) + c.ruling.Summary
}

// laterCallAtLHOsTurn cites the law that sends a call at the left-hand
// opponent's turn, after the offender has called, to Law 25.
func laterCallAtLHOsTurn(call bridge.Call) string {
	switch call.Kind {
	case bridge.CallPass:
		return "30B2"
	case bridge.CallBid:
		return "31C"
	}
	return "32C"
}
