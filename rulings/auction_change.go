package rulings

import "github.com/bridge-director/director/bridge"

// Law 25 (2017) as Director rules it: A1 until his partner calls, a player
// may replace an unintended call (a mechanical error or slip of the tongue)
// by the one he intended; the second call stands subject to the law that
// applies to it, and no Law 26 lead restriction follows. A4 if his
// left-hand opponent had called over the unintended call, he may withdraw
// that call (its information authorised to his side, 16C1, unauthorised to
// the offenders, 16C2). B a change not allowed by A: B1 the left-hand
// opponent may accept the new call by calling over it (the first call is
// withdrawn, Law 26 may apply); B2 otherwise the new call is cancelled and
// the first stands (Law 26 may apply); 16C applies to whichever call is
// withdrawn.
//
// The director records the auction as it was called. A change made at
// once ends the auction with the offender's first call, and Call is the
// new one. A change made after the left-hand opponent had called ends the
// auction with the offender's first call and that opponent's call, in
// their natural order, and Call is the change.

// unintendedQuestion asks the Law 25A judgement: a mechanical error or slip
// of the tongue may be replaced, a change of mind may not.
func (c *auctionCase) unintendedQuestion(call bridge.Call) Question {
	return question("unintended", "25A1",
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
		c.cite("25A4", "16C1", "16C2")
		c.option(c.lho, "withdraw", "withdraw the call he made over the unintended "+call.Symbol(),
			"the information from his withdrawn call is authorised for "+sideName(c.lho.Side())+" and unauthorised for "+sideName(c.offender.Side()), "25A4")
		c.option(c.lho, "keep", "let his call stand", "the auction continues from "+c.lho.Name()+"'s call", "25A4")
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
// if the left-hand opponent accepts it (25B).
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
	if !c.partnerCalled() {
		unintended, ok := c.yes(c.unintendedQuestion(first))
		if !ok {
			return
		}
		if unintended {
			c.replaceUnintended(first, over != nil)
			return
		}
	}
	if over != nil {
		c.changeAfterLHOCalled(first, over.Call)
		return
	}
	if c.lhoCalled() {
		c.cite("25B1")
		c.summary("%s accepted the change by calling over it: %s's %s is withdrawn and %s stands (Law 25B1).",
			c.lho.Name(), c.offender.Name(), first.Symbol(), c.irr.Call.Symbol())
		c.withdrawnUI(c.offender, first)
		comparable, ok := c.comparable(first, c.irr.Call)
		if !ok {
			return
		}
		c.leadRestrictionUnlessComparable(comparable)
		return
	}
	c.cite("25B1", "25B2", "16C1", "16C2")
	c.summary("%s's change from %s to %s was intended: %s may accept it, otherwise it is cancelled and %s stands.",
		c.offender.Name(), first.Symbol(), c.irr.Call.Symbol(), c.lho.Name(), first.Symbol())
	c.option(c.lho, "accept", "accept "+c.irr.Call.Symbol(),
		first.Symbol()+" is withdrawn and "+c.irr.Call.Symbol()+" stands; unless it is comparable, declarer may prohibit a lead at the first turn to lead of "+c.partner.Name()+" (Law 26B)", "25B1")
	c.option(c.lho, "refuse", "refuse "+c.irr.Call.Symbol(),
		c.irr.Call.Symbol()+" is cancelled and "+first.Symbol()+" stands; Law 26B may apply", "25B2")
	c.ruling.Unauthorised = append(c.ruling.Unauthorised,
		"whichever of "+first.Symbol()+" and "+c.irr.Call.Symbol()+" is withdrawn is unauthorised information for "+
			sideName(c.offender.Side())+" and authorised for "+sideName(c.offender.Side().Opponents()))
	c.mayAdjust("72C")
}

// changeAfterLHOCalled rules an intended change tried after the left-hand
// opponent had called over the first call. He cannot accept it under 25B1
// (his call was over the first call, and the next turn is the offender's
// partner's), so the change is cancelled and the first call and his call
// stand (25B2); the cancelled call is unauthorised to the offenders (16C2);
// unless the first call is comparable to it, declarer may restrict the lead
// (26B).
func (c *auctionCase) changeAfterLHOCalled(first, lhoCall bridge.Call) {
	c.cite("25B2")
	c.summary("%s called %s over %s's %s before %s tried to change it to %s: the change is cancelled (Law 25B2), %s and %s's %s stand, and the auction continues with %s.",
		c.lho.Name(), lhoCall.Symbol(), c.offender.Name(), first.Symbol(), c.offender.Name(), c.irr.Call.Symbol(),
		first.Symbol(), c.lho.Name(), lhoCall.Symbol(), c.partner.Name())
	c.withdrawnUI(c.offender, c.irr.Call)
	comparable, ok := c.comparable(c.irr.Call, first)
	if !ok {
		return
	}
	c.leadRestrictionUnlessComparable(comparable)
	c.mayAdjust("72C")
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
