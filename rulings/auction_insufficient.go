package rulings

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// insufficientBid rules on an insufficient bid in rotation (Law 27, 2017).
// Out of rotation it is a bid out of rotation (27A2, Law 31).
func (c *auctionCase) insufficientBid() {
	if c.unintendedReplaced() {
		return
	}
	ib := c.irr.Call
	last, _, _ := c.a.LastBid()
	if c.lhoCalled() {
		c.cite("27A1")
		c.summary("%s accepted the insufficient %s by calling over it: it stands and the auction continues with no rectification.",
			c.lho.Name(), ib.Symbol())
		c.settled = c.accepted()
		return
	}
	onAccept := c.accepted()
	c.onAccept = &onAccept
	c.cite("27A1", "27B")
	c.option(c.lho, "accept", "accept the insufficient "+ib.Symbol(), "it stands as a legal call and the auction continues with no rectification", "27A1")
	rep := c.irr.Replacement
	if rep == nil {
		c.replacementChoices(ib, last)
		return
	}
	c.option(c.lho, "refuse", "refuse it", "it is withdrawn and "+rep.Symbol()+" replaces it as ruled below", "27B")
	if err := c.a.Legal(*rep); err != nil {
		if rep.IsBid() && callProblem(c.a, c.offender, *rep) == Insufficient {
			c.secondInsufficientBid(*rep)
			return
		}
		c.err = fmt.Errorf("rulings: the replacement of %s's insufficient %s is not a legal call: %w", c.offender.Name(), ib.Symbol(), err)
		return
	}
	c.ruleReplacement(ib, last, *rep)
	c.prematureReplacement(*rep)
}

// prematureReplacement applies Law 27C to a replacement made before the
// director was called: it stands unless the left-hand opponent accepts the
// insufficient bid, and is ruled under 27B1 to 27B3 as any other.
func (c *auctionCase) prematureReplacement(rep bridge.Call) {
	if !c.irr.ReplacedBeforeRuling || c.pending() {
		return
	}
	c.cite("27C")
	c.ruling.Summary += fmt.Sprintf(" %s replaced the insufficient bid before the director was called: %s stands unless %s accepts the insufficient %s (Law 27C).",
		c.offender.Name(), rep.Symbol(), c.lho.Name(), c.irr.Call.Symbol())
}

// lowestSufficient is the lowest bid in strain s that supersedes last.
func lowestSufficient(last bridge.Call, s bridge.Strain) (bridge.Call, bool) {
	level := last.Level
	if s <= last.Strain {
		level++
	}
	return bridge.Bid(level, s), level <= 7
}

// replacementChoices lists what the offender may replace the insufficient
// bid with, before he has chosen.
func (c *auctionCase) replacementChoices(ib, last bridge.Call) {
	c.option(c.lho, "refuse", "refuse it", c.offender.Name()+" must replace it with a legal call, as below", "27B")
	same := "the lowest sufficient bid that specifies the same denomination(s)"
	if low, ok := lowestSufficient(last, ib.Strain); ok {
		same += fmt.Sprintf(" (in %s: %s)", ib.Strain.Symbol(), low.Symbol())
	}
	c.option(c.offender, "same_denomination", same,
		"no rectification; Laws 26B and 16C do not apply, but the score may be adjusted (27D)", "27B1(a)")
	c.option(c.offender, "comparable", "a comparable call (Law 23A)",
		"no rectification; Law 16C does not apply, but the score may be adjusted (27D)", "27B1(b)")
	c.option(c.offender, "other", "any other sufficient bid or a pass",
		c.partner.Name()+" must pass whenever it is his turn to call; Law 26B lead restrictions may apply; Law 72C", "27B2")
	c.option(c.offender, "double", "a double or redouble that is not comparable",
		"it is cancelled and he must still replace the bid as above; "+c.partner.Name()+" must pass whenever it is his turn to call; Laws 26B and 72C", "27B3")
	c.summary("%s's %s is insufficient over %s. %s may accept it; otherwise %s must replace it with a legal call, and the rectification depends on the replacement.",
		c.offender.Name(), ib.Symbol(), last.Symbol(), c.lho.Name(), c.offender.Name())
	c.cite("27B1(a)", "27B1(b)", "27B2", "27B3")
}

// ruleReplacement classifies a legal replacement of the insufficient bid
// (27B1 to 27B3; 27C when it was made before the director ruled).
func (c *auctionCase) ruleReplacement(ib, last, rep bridge.Call) {
	// Only a bid that is the lowest sufficient bid in its own strain can be
	// the lowest sufficient bid specifying the same denomination(s); of any
	// other the director is not asked.
	if low, ok := lowestSufficient(last, rep.Strain); rep.IsBid() && ok && low == rep {
		lowest := "it cannot be bid"
		if low, ok := lowestSufficient(last, ib.Strain); ok {
			lowest = "it is " + low.Symbol()
		}
		same, ok := c.yes(question("same_denomination", "27B1(a)",
			"Is %s the lowest sufficient bid that specifies the same denomination(s) as the withdrawn %s (in the same strain %s)?",
			rep.Symbol(), ib.Symbol(), lowest))
		if !ok {
			return
		}
		if same {
			c.cite("27B1(a)")
			c.summary("%s replaces the insufficient %s with %s, the lowest sufficient bid specifying the same denomination(s): the auction continues with no rectification; Laws 26B and 16C do not apply.",
				c.offender.Name(), ib.Symbol(), rep.Symbol())
			c.mayAdjust("27D")
			return
		}
	}
	comparable, ok := c.comparable(ib, rep)
	if !ok {
		return
	}
	if comparable {
		c.cite("27B1(b)")
		c.summary("%s replaces the insufficient %s with the comparable %s: the auction continues with no rectification; Law 16C does not apply.",
			c.offender.Name(), ib.Symbol(), rep.Symbol())
		c.mayAdjust("27D")
		return
	}
	if rep.Kind == bridge.CallDouble || rep.Kind == bridge.CallRedouble {
		c.cite("27B3")
		c.summary("%s's attempt to replace the insufficient %s with %s is cancelled: he must replace it with a legal bid or pass (27B1, 27B2), and %s must pass whenever it is his turn to call.",
			c.offender.Name(), ib.Symbol(), rep.Symbol(), c.partner.Name())
		c.withdrawnUI(c.offender, rep)
		c.partnerBarredThroughout(ib, "27B3")
		return
	}
	c.cite("27B2")
	c.summary("%s replaces the insufficient %s with %s, which is neither the same denomination(s) nor comparable: %s must pass whenever it is his turn to call.",
		c.offender.Name(), ib.Symbol(), rep.Symbol(), c.partner.Name())
	c.partnerBarredThroughout(ib, "27B2")
}

// partnerBarredThroughout is the rectification of 27B2 and 27B3: partner
// passes throughout, 26B and 72C, the withdrawn bid unauthorised.
func (c *auctionCase) partnerBarredThroughout(ib bridge.Call, law string) {
	c.passThroughout(c.partner, law)
	c.withdrawnUI(c.offender, ib)
	c.leadRestriction()
	c.cite("72C")
	c.mayAdjust("72C")
}

// secondInsufficientBid rules on an insufficient bid replaced by another
// (27B4): the left-hand opponent may accept it, otherwise as 27B3.
func (c *auctionCase) secondInsufficientBid(rep bridge.Call) {
	c.cite("27B4")
	c.summary("%s replaced the insufficient %s with another insufficient bid, %s. %s may accept it; otherwise %s must replace it with a legal call and %s must pass whenever it is his turn to call.",
		c.offender.Name(), c.irr.Call.Symbol(), rep.Symbol(), c.lho.Name(), c.offender.Name(), c.partner.Name())
	c.ruling.Options = c.ruling.Options[:0]
	c.onAccept = &settlement{stands: []settledCall{{CallRecord{c.offender, rep}, true}}, replaced: true}
	c.option(c.lho, "accept", "accept "+rep.Symbol(), "it stands and the auction continues with no rectification", "27B4")
	c.option(c.lho, "refuse", "refuse "+rep.Symbol(),
		c.offender.Name()+" must make a legal call; "+c.partner.Name()+" must pass whenever it is his turn to call; Laws 26B and 72C (as 27B3)", "27B3")
	c.withdrawnUI(c.offender, c.irr.Call)
	c.mayAdjust("72C")
}
