package rulings

import "github.com/bridge-director/director/bridge"

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
	c.replaceUnintended(c.irr.Call)
	return true
}

// replaceUnintended writes the Law 25A ruling for the unintended call.
func (c *auctionCase) replaceUnintended(call bridge.Call) {
	c.cite("25A1")
	c.summary("%s's %s was unintended: he replaces it with the call he intended, with no rectification; "+
		"Law 26 lead restrictions do not apply. The intended call stands subject to the law that applies to it (Law 27 if it is insufficient).",
		c.offender.Name(), call.Symbol())
	if c.lhoCalled() {
		c.cite("25A", "16C")
		c.option(c.lho, "withdraw", "withdraw the call he made over the unintended "+call.Symbol(),
			"the information from his withdrawn call is authorised for "+sideName(c.lho.Side())+" and unauthorised for "+sideName(c.offender.Side()), "25A")
		c.option(c.lho, "keep", "let his call stand", "the auction continues from "+c.lho.Name()+"'s call", "25A")
	}
}

// changeOfCall rules on a call that replaced the offender's last call (Law
// 25): unintended calls are corrected (25A); a change of mind stands only
// if the left-hand opponent accepts it (25B).
func (c *auctionCase) changeOfCall() {
	if c.irr.Kind != CallChanged {
		c.cite(laterCallAtLHOsTurn(c.irr.Call))
	}
	calls := c.a.Calls()
	first := calls[len(calls)-1].Call
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
			c.replaceUnintended(first)
			return
		}
	}
	c.cite("25B")
	if c.lhoCalled() {
		c.cite("25B1", "16C")
		c.summary("%s accepted the change by calling over it: %s's %s is withdrawn and %s stands (Law 25B1).",
			c.lho.Name(), c.offender.Name(), first.Symbol(), c.irr.Call.Symbol())
		c.withdrawnUI(c.offender, first, "16C")
		comparable, ok := c.comparable(first, c.irr.Call)
		if !ok {
			return
		}
		c.leadRestrictionUnlessComparable(comparable)
		return
	}
	c.cite("25B1", "25B2", "16C")
	c.summary("%s's change from %s to %s was intended: %s may accept it, otherwise it is cancelled and %s stands.",
		c.offender.Name(), first.Symbol(), c.irr.Call.Symbol(), c.lho.Name(), first.Symbol())
	c.option(c.lho, "accept", "accept "+c.irr.Call.Symbol(),
		first.Symbol()+" is withdrawn and "+c.irr.Call.Symbol()+" stands; unless it is comparable, declarer may restrict the opening lead (Law 26B)", "25B1")
	c.option(c.lho, "refuse", "refuse "+c.irr.Call.Symbol(),
		c.irr.Call.Symbol()+" is cancelled and "+first.Symbol()+" stands; Law 26B may apply", "25B2")
	c.ruling.Unauthorised = append(c.ruling.Unauthorised,
		"whichever of "+first.Symbol()+" and "+c.irr.Call.Symbol()+" is withdrawn is unauthorised information for "+
			sideName(c.offender.Side())+" and authorised for "+sideName(c.offender.Side().Opponents()))
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
