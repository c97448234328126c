package rulings

import "github.com/bridge-director/director/bridge"

// Laws 35 to 39 (2017): inadmissible calls. Law 35 sorts them: a double or
// redouble Law 19 does not permit (35A, Law 36), a call by a player required
// to pass (35B, Law 37), a bid of more than seven (35C, Law 38), a call
// after the final pass (35D, Law 39).

// inadmissibleDouble applies Law 36. It can never be accepted. If the
// offender's LHO called before the director ruled, that call and the
// inadmissible one are cancelled and the auction goes on as though nothing
// had happened (36A); otherwise the offender makes a legal call and partner
// passes throughout (36B), also when the call was out of rotation (36B4,
// text as published by the NZ club commentary of the 2017 Laws).
func (c *auctionCase) inadmissibleDouble() {
	call := c.irr.Call
	inRotation := c.a.Rotation(c.offender) == InRotation
	c.cite("35A")
	if inRotation && c.unintendedReplaced() {
		return
	}
	if c.lhoCalled() {
		c.cite("36A", "16C")
		c.summary("%s's inadmissible %s and %s's call over it are cancelled; the auction reverts to %s and proceeds as though there had been no irregularity. Law 26B does not apply.",
			c.offender.Name(), call.Symbol(), c.lho.Name(), c.a.Turn().Name())
		c.withdrawnUI(c.offender, call, "16C")
		c.ruling.Unauthorised = append(c.ruling.Unauthorised,
			c.lho.Name()+"'s cancelled call is authorised information for "+sideName(c.lho.Side())+" and unauthorised for "+sideName(c.offender.Side()))
		return
	}
	law := "36B"
	if inRotation {
		c.cite("36B1", "36B2", "36B3")
		c.summary("%s's %s is inadmissible and cannot be accepted: it is cancelled, %s must make a legal call, and %s must pass whenever it is his turn to call.",
			c.offender.Name(), call.Symbol(), c.offender.Name(), c.partner.Name())
	} else {
		law = "36B4"
		c.cite("36B4")
		c.summary("%s's %s out of rotation is inadmissible and cannot be accepted: it is cancelled, the auction reverts to %s, %s may make any legal call at his turn, and %s must pass whenever it is his turn to call.",
			c.offender.Name(), call.Symbol(), c.a.Turn().Name(), c.offender.Name(), c.partner.Name())
	}
	c.passThroughout(c.partner, law)
	c.withdrawnUI(c.offender, call, "16C")
	c.leadRestriction()
	c.cite("72C")
	c.mayAdjust("72C")
}

// callWhileBarred applies Law 37 to a bid, double or redouble by a player
// required to pass.
//
// Settled from the 2017 structure the reference gives for Laws 36 and 38 (A:
// the offender's LHO has called; B: he has not) and the rectification the
// 1997 and 2007 texts give (cancelled, each member of the offending side
// passes at every later turn, Law 26 lead restrictions): if LHO has called,
// his call and every later call stand, and a player required to pass
// throughout still must (37A); otherwise the call is cancelled, a pass put
// in its place, both offenders pass throughout, 26B and 72C (37B).
func (c *auctionCase) callWhileBarred() {
	call := c.irr.Call
	barred, _ := c.a.MustPass(c.offender)
	c.cite("35B")
	if c.unintendedReplaced() {
		return
	}
	if c.lhoCalled() {
		c.cite("37A")
		still := ""
		if barred.Kind == MustPassThroughout {
			still = " " + c.offender.Name() + " must still pass at every later turn."
		}
		c.summary("%s called over %s's %s, made when %s had to pass (Law %s): that call and every later call stand.%s",
			c.lho.Name(), c.offender.Name(), call.Symbol(), c.offender.Name(), barred.Law, still)
		c.mayAdjust("72C")
		return
	}
	c.cite("37B", "16C", "72C")
	c.summary("%s had to pass (Law %s): his %s is cancelled and replaced by a pass, and both %s and %s must pass whenever it is their turn to call.",
		c.offender.Name(), barred.Law, call.Symbol(), c.offender.Name(), c.partner.Name())
	c.passThroughout(c.offender, "37B")
	c.passThroughout(c.partner, "37B")
	c.withdrawnUI(c.offender, call, "16C")
	c.leadRestriction()
	c.mayAdjust("72C")
}

// bidAboveSeven applies Law 38: no contract above seven is ever played. The
// bid and any later calls are cancelled, a pass replaces it, and both
// offenders pass throughout (38B, 38C), with 26B and 72C. Following the
// reference (checked there against the Polish text of the 2017 Laws), 26B
// and 72C do not apply when the offender's LHO called before the director
// ruled.
func (c *auctionCase) bidAboveSeven() {
	call := c.irr.Call
	c.cite("35C", "38A")
	if c.a.Rotation(c.offender) == InRotation && c.unintendedReplaced() {
		return
	}
	c.cite("38B", "38C")
	c.summary("No contract above seven may be played: %s's %s and any later calls are cancelled and replaced by a pass, and both %s and %s must pass whenever it is their turn to call.",
		c.offender.Name(), call.Symbol(), c.offender.Name(), c.partner.Name())
	c.passThroughout(c.offender, "38C")
	c.passThroughout(c.partner, "38C")
	c.withdrawnUI(c.offender, call, "16C")
	if c.lhoCalled() {
		return
	}
	c.leadRestriction()
	c.cite("72C")
	c.mayAdjust("72C")
}

// callAfterFinalPass applies Law 39: every call after the final pass is
// cancelled (39A); a pass by a defender, or any call by declarer or dummy,
// has no rectification (39B); a bid, double or redouble by a defender makes
// it unauthorised to partner and 26B may apply (39C). A passed-out board
// has no contract and no rectification.
func (c *auctionCase) callAfterFinalPass() {
	call := c.irr.Call
	c.cite("35D", "39A")
	_, declarer, ok := c.a.Contract()
	switch {
	case !ok:
		c.summary("The board was passed out: %s's %s is cancelled and there is no rectification.", c.offender.Name(), call.Symbol())
	case c.offender.Side() == declarer.Side():
		c.cite("39B")
		c.summary("%s's %s after the final pass is cancelled; he is declarer or dummy, so there is no rectification.", c.offender.Name(), call.Symbol())
	case call.Kind == bridge.CallPass:
		c.cite("39B")
		c.summary("%s's pass after the final pass is cancelled; there is no rectification.", c.offender.Name())
	default:
		c.cite("39C", "16C2")
		c.summary("%s's %s after the final pass is cancelled; it is unauthorised information for %s, and declarer may restrict %s's lead (Law 26B).",
			c.offender.Name(), call.Symbol(), c.partner.Name(), c.partner.Name())
		c.withdrawnUI(c.offender, call, "16C2")
		c.leadRestriction()
	}
}
