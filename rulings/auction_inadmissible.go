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
// passes throughout (36B), also when the call was out of rotation (36B4).
// (Checked: bridgecode2017 French 2017 Law 36 — 36A, 36B1 cancelled, 36B2
// legal call and partner passes throughout, 36B3 72C and 26B, 36B4 out of
// rotation.)
func (c *auctionCase) inadmissibleDouble() {
	call := c.irr.Call
	inRotation := c.a.Rotation(c.offender) == InRotation
	c.cite("35A")
	if inRotation && c.unintendedReplaced() {
		return
	}
	if c.lhoCalled() {
		c.cite("36A")
		c.summary("%s's inadmissible %s and %s's call over it are cancelled; the auction reverts to %s and proceeds as though there had been no irregularity. Law 26B does not apply.",
			c.offender.Name(), call.Symbol(), c.lho.Name(), c.a.Turn().Name())
		c.withdrawnUI(c.offender, call)
		c.ruling.Unauthorised = append(c.ruling.Unauthorised,
			c.lho.Name()+"'s cancelled call is authorised information for "+sideName(c.lho.Side())+" and unauthorised for "+sideName(c.offender.Side()))
		return
	}
	law := "36B2"
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
	c.withdrawnUI(c.offender, call)
	c.leadRestriction()
	c.cite("72C")
	c.mayAdjust("72C")
}

// callWhileBarred applies Law 37 to a bid, double or redouble by a player
// required to pass.
//
// 2017 Law 37A: if offender's LHO calls before the director has ruled, that
// call and every later call stand; an offender required to pass throughout
// still must; there is no Law 26 lead restriction (checked: EBU TD forum
// "Law37, Action violating obligation to pass" quoting the current text).
// 37B (when A does not apply): B1 the bid, double or redouble is
// cancelled; B2 a pass replaces it and each member of the offending side
// passes whenever it is his turn to call, with lead restrictions (26B) —
// checked only in translations (Norwegian lovboka.org, Italian
// bridgeditalia.it) that still refer to the old Law 23 where 2017 has 72C;
// the English 2017 wording of 37B2 could not be found, so its 72C reference
// is the 2017 renumbering of old Law 23, unconfirmed.
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
		c.summary("%s called over %s's %s, made when %s had to pass (Law %s): that call and every later call stand, and there is no Law 26 lead restriction.%s",
			c.lho.Name(), c.offender.Name(), call.Symbol(), c.offender.Name(), barred.Law, still)
		c.mayAdjust("72C")
		return
	}
	c.cite("37B1", "37B2", "72C")
	c.summary("%s had to pass (Law %s): his %s is cancelled and replaced by a pass, and both %s and %s must pass whenever it is their turn to call.",
		c.offender.Name(), barred.Law, call.Symbol(), c.offender.Name(), c.partner.Name())
	c.passThroughout(c.offender, "37B2")
	c.passThroughout(c.partner, "37B2")
	c.withdrawnUI(c.offender, call)
	c.leadRestriction()
	c.mayAdjust("72C")
}

// bidAboveSeven applies Law 38 (2017; checked: pzbs.pl 2017 Law 38 in
// English, laws.hellasbridge.org 2017 Law 38): no contract above seven is
// ever played (38A); the bid and any later calls are cancelled (38B); a
// pass replaces it and each member of the offending side passes whenever it
// is his turn to call (38C); 72C and the 26B lead restrictions may apply,
// but not when the offender's LHO called after the bid and before the
// director ruled (38D).
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
	c.withdrawnUI(c.offender, call)
	c.cite("38D")
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
		c.cite("39C")
		c.summary("%s's %s after the final pass is cancelled; it is unauthorised information for %s, and declarer may restrict %s's lead (Law 26B).",
			c.offender.Name(), call.Symbol(), c.partner.Name(), c.partner.Name())
		c.withdrawnUI(c.offender, call)
		c.leadRestriction()
	}
}
