package rulings

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// outOfRotation rules on a call made at RHO's or partner's turn (or at LHO's
// turn before the offender has called, which the Laws treat as partner's
// turn). Law 28B comes first, then acceptance under Law 29A, then Law 30
// (pass), 31 (bid, or artificial pass under 30C) or 32 (double, redouble).
func (c *auctionCase) outOfRotation() {
	call := c.irr.Call
	if c.irr.Kind == InsufficientBid {
		c.cite("27A2")
	}
	turn := c.a.Turn()
	if by := c.irr.CalledBeforeRuling; by != nil && *by == turn && turn.Side() != c.offender.Side() {
		c.cite("28B")
		c.summary("%s, whose turn it was, called before the director ruled: %s's %s is cancelled, the auction continues as though he had not called, and there is no rectification.",
			turn.Name(), c.offender.Name(), call.Symbol())
		c.withdrawnUI(c.offender, call)
		return
	}
	if by := c.irr.CalledBeforeRuling; by != nil && *by == turn && turn == c.partner {
		c.partnerCalledAtHisTurn(call)
	}
	if c.lhoCalled() {
		c.cite("29A")
		c.summary("%s called over %s's %s out of rotation and so accepted it: it stands, the auction continues from %s's call, and there is no rectification.",
			c.lho.Name(), c.offender.Name(), call.Symbol(), c.lho.Name())
		c.settled = c.accepted()
		return
	}
	onAccept := c.accepted()
	c.onAccept = &onAccept
	c.option(c.lho, "accept", "accept "+call.Symbol(), "it stands and the auction continues with "+c.lho.Name()+"'s call, with no rectification", "29A")
	c.option(c.lho, "refuse", "refuse "+call.Symbol(), "it is cancelled and the auction reverts to "+turn.Name()+", whose turn it was", "29B")
	c.cite("29A", "29B")
	switch call.Kind {
	case bridge.CallPass:
		c.passOutOfRotation()
	case bridge.CallBid:
		c.bidOutOfRotation()
	default:
		c.doubleOutOfRotation()
	}
}

// partnerCalledAtHisTurn says what the Laws leave open when the offender's
// partner, whose turn it was, called before the director came: the call
// out of rotation was at his turn (31B, 32B, 30B1, or a change of mind
// after the left-hand opponent had called), and he called over it. Law 28B
// makes a call by the player whose turn it was in rotation, cancels the
// call out of rotation and forfeits its rectification only when that
// player is an opponent of the offender; no law says what follows when he
// is the offender's partner. Law 31B1 (30B1(a), 32B1) would let him make
// any legal call at his turn once the call out of rotation is cancelled,
// but the left-hand opponent has not yet had his choice under 29A, and his
// call was made knowing his partner's. So the ruling rules the call out of
// rotation as the Laws would had he not called, says that how his call is
// treated is the director's to decide (Law 81C2: the director interprets
// the Laws), and that the score may be adjusted if the non-offending side
// is damaged where the Laws give no rectification (12A1). The information
// from the call out of rotation is unauthorised to him either way (16C2).
func (c *auctionCase) partnerCalledAtHisTurn(call bridge.Call) {
	c.cite("81C2", "12A1")
	c.mayAdjust("12A1")
	c.notes = append(c.notes, fmt.Sprintf(
		"%s, whose turn it was, called before the director came: Law 28B settles that only for an opponent of %s, and no law says what follows a call by his partner, so the director decides whether it stands as his call at his turn (as Law %s would let him make once %s is cancelled) and may adjust the score if %s, not at fault, are damaged (Laws 81C2, 12A1); the rest of this ruling is what the Laws give had he not called.",
		c.partner.Name(), c.offender.Name(), partnerMayCallLaw(call), call.Symbol(), sideName(c.lho.Side())))
}

// partnerMayCallLaw is the law that lets the offender's partner call
// freely at his turn after a call out of rotation at that turn.
func partnerMayCallLaw(call bridge.Call) string {
	switch call.Kind {
	case bridge.CallPass:
		return "30B1(a)"
	case bridge.CallBid:
		return "31B1"
	}
	return "32B1"
}

// atRHOsTurn reports whether the call was made one turn early.
func (c *auctionCase) atRHOsTurn() bool { return c.a.Turn() == c.rho }

// passOutOfRotation applies Law 30 (2017). An artificial pass, or a pass of
// partner's artificial call, is a bid for this purpose (30C, Law 31).
//
// Settled from the reference: at RHO's turn (30A) the offender must pass at
// his next turn and nothing else follows. The Laws do not cite 26B there;
// the pass he must make is the same call as the withdrawn one, so we treat
// it as comparable and set no lead restriction (EBU TD forum thread on Law
// 30A lead restrictions). The 2017 structure of 30B1(a)/(b) follows the
// reference and the EBU forum quotes of "30B1(b)(i)".
func (c *auctionCase) passOutOfRotation() {
	artificial, ok := c.yes(question("artificial_pass", "30C",
		"Was %s's pass artificial, or a pass of partner's artificial call?", c.offender.Name()))
	if !ok {
		return
	}
	if artificial {
		c.cite("30C")
		c.bidOutOfRotation()
		return
	}
	if c.atRHOsTurn() {
		c.cite("30A")
		c.summary("%s passed at %s's turn. Unless %s accepts it, the pass is cancelled and %s must pass when next it is his turn to call.",
			c.offender.Name(), c.rho.Name(), c.lho.Name(), c.offender.Name())
		if rep := c.irr.Replacement; rep != nil && *rep != bridge.Pass {
			c.err = c.misfit("under Law 30A " + c.offender.Name() + " must pass at his next turn, not " + rep.Symbol())
			return
		}
		c.passNextTurn(c.offender, "30A")
		c.mayAdjust("72C")
		return
	}
	c.cite("30B1(a)", "16C1", "16C2")
	c.ruling.Unauthorised = append(c.ruling.Unauthorised, c.partner.Name()+" may make any legal call, but the information that "+
		c.offender.Name()+" passed out of rotation is unauthorised for him")
	c.offenderLaterCall("30B1(b)(i)", "30B1(b)(ii)")
}

// bidOutOfRotation applies Law 31 (2017) to a bid, or an artificial pass.
func (c *auctionCase) bidOutOfRotation() {
	if c.atRHOsTurn() {
		c.callAtRHOsTurn("31A1", "31A2(a)", "31A2(b)")
		return
	}
	c.cite("31B1", "16C1", "16C2", "31B2")
	c.partnerMayCall()
	c.offenderLaterCall("31A2(a)", "31A2(b)")
}

// doubleOutOfRotation applies Law 32 (2017) to an admissible double or
// redouble; an inadmissible one is Law 36.
func (c *auctionCase) doubleOutOfRotation() {
	if c.atRHOsTurn() {
		c.callAtRHOsTurn("32A1", "32A2(a)", "32A2(b)")
		return
	}
	c.cite("32B1", "16C1", "16C2", "32B2")
	c.partnerMayCall()
	c.offenderLaterCall("32A2(a)", "32A2(b)")
}

func (c *auctionCase) partnerMayCall() {
	c.ruling.Unauthorised = append(c.ruling.Unauthorised, c.partner.Name()+" may make any legal call at his turn, but the information from "+
		c.offender.Name()+"'s "+c.irr.Call.Symbol()+" out of rotation is unauthorised for him")
}

// callAtRHOsTurn rules a call made one turn early (31A, 32A): if RHO then
// passes, the offender repeats it and there is no rectification; if RHO
// acts, the offender may make any legal call, judged by comparability.
func (c *auctionCase) callAtRHOsTurn(repeatLaw, comparableLaw, otherLaw string) {
	call := c.irr.Call
	rep := c.irr.Replacement
	if rep == nil {
		c.summary("%s called %s at %s's turn. Unless %s accepts it, it is cancelled and %s calls; what follows depends on %s's call.",
			c.offender.Name(), call.Symbol(), c.rho.Name(), c.lho.Name(), c.rho.Name(), c.rho.Name())
		c.option(c.offender, "repeat", "repeat "+call.Symbol()+" if "+c.rho.Name()+" passes", "no rectification (he must repeat it)", repeatLaw)
		c.laterCallOptions(comparableLaw, otherLaw, " if "+c.rho.Name()+" bids, doubles or redoubles")
		c.cite(repeatLaw, comparableLaw, otherLaw)
		return
	}
	rhoPassed, ok := c.yes(question("rho_passed", repeatLaw,
		"After %s's %s was cancelled, did %s pass?", c.offender.Name(), call.Symbol(), c.rho.Name()))
	if !ok {
		return
	}
	if rhoPassed {
		if *rep != call {
			c.err = c.misfit("after " + c.rho.Name() + " passed, " + c.offender.Name() + " had to repeat " + call.Symbol() + ", not " + rep.Symbol())
			return
		}
		c.cite(repeatLaw)
		c.summary("%s passed and %s repeated %s: there is no rectification.", c.rho.Name(), c.offender.Name(), call.Symbol())
		return
	}
	c.judgeLaterCall(*rep, comparableLaw, otherLaw)
}

// offenderLaterCall rules the offender's call at his proper turn after a
// call at partner's turn (30B1(b), 31B2, 32B2).
func (c *auctionCase) offenderLaterCall(comparableLaw, otherLaw string) {
	rep := c.irr.Replacement
	if rep == nil {
		c.summary("%s called %s out of rotation, at %s's turn. Unless %s accepts it, it is cancelled; %s may call freely and %s may make any legal call at his turn, judged by whether it is comparable.",
			c.offender.Name(), c.irr.Call.Symbol(), c.a.Turn().Name(), c.lho.Name(), c.partner.Name(), c.offender.Name())
		c.laterCallOptions(comparableLaw, otherLaw, "")
		c.cite(comparableLaw, otherLaw)
		return
	}
	c.judgeLaterCall(*rep, comparableLaw, otherLaw)
}

// laterCallOptions lists the offender's choices at his proper turn.
func (c *auctionCase) laterCallOptions(comparableLaw, otherLaw, when string) {
	c.option(c.offender, "comparable", "make a comparable call (Law 23A)"+when,
		"no further rectification; Law 26B does not apply, but the score may be adjusted (23C)", comparableLaw)
	c.option(c.offender, "other", "make any other legal call"+when,
		c.partner.Name()+" must pass when next it is his turn to call; Laws 16C, 26B and 72C may apply", otherLaw)
}

// judgeLaterCall rules on the offender's call at his turn: comparable, no
// further rectification (23C); otherwise partner passes once, 16C, 26B,
// 72C.
func (c *auctionCase) judgeLaterCall(rep bridge.Call, comparableLaw, otherLaw string) {
	comparable, ok := c.comparable(c.irr.Call, rep)
	if !ok {
		return
	}
	if comparable {
		c.cite(comparableLaw, "23C")
		c.summary("%s's %s is comparable to the cancelled %s: there is no further rectification and Law 26B does not apply.",
			c.offender.Name(), rep.Symbol(), c.irr.Call.Symbol())
		c.mayAdjust("23C")
		return
	}
	c.cite(otherLaw, "72C")
	c.summary("%s's %s is not comparable to the cancelled %s: %s must pass when next it is his turn to call.",
		c.offender.Name(), rep.Symbol(), c.irr.Call.Symbol(), c.partner.Name())
	c.passNextTurn(c.partner, otherLaw)
	c.withdrawnUI(c.offender, c.irr.Call)
	c.leadRestriction()
	c.mayAdjust("72C")
}

// inRotationByLaw28A rules a call at RHO's turn while RHO had to pass: it
// is in rotation (Law 28A) and stands; RHO's turn counts as his pass.
func (c *auctionCase) inRotationByLaw28A() {
	c.cite("28A")
	c.summary("%s had to pass at this turn, so %s's %s is in rotation: it stands, %s is deemed to have passed, and there is no rectification.",
		c.rho.Name(), c.offender.Name(), c.irr.Call.Symbol(), c.rho.Name())
}

// simultaneousInRotation: the auction already holds the call of the player
// whose turn it was, and Law 33 deems the offender's call made after it,
// where it is in rotation and legal.
func (c *auctionCase) simultaneousInRotation() {
	c.summary("%s's %s, made at the same time as the call of the player whose turn it was, is deemed made after it; there it is in rotation and legal, so it stands.",
		c.offender.Name(), c.irr.Call.Symbol())
}
