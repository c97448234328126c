package rulings

import (
	"fmt"
	"strconv"

	"github.com/bridge-director/director/bridge"
)

// claim rules on a claim or concession (Laws 68 to 71): the director's
// findings are questions, and once they are answered the ruling gives the
// tricks each side is awarded.
func (st *playStep) claim() error {
	off := st.irr.Offender
	remaining := 13 - st.s.CompleteTricks()
	if st.irr.Tricks < 0 || st.irr.Tricks > remaining {
		return fmt.Errorf("rulings: claim: %s claims %d tricks but %d remain", off.Name(), st.irr.Tricks, remaining)
	}
	st.cite("68A", "68B")
	agreed, pending, err := st.yes("agreed", "69A", "Did every player agree to the claim or concession, no one doubting it?")
	if err != nil || pending {
		return err
	}
	lost := 0
	if agreed {
		st.cite("69A", "69B")
		st.say("The claim was agreed and stands; within the correction period a player may withdraw his agreement to the loss of a trick his side would likely have won had play continued (Law 69B).")
	} else {
		st.cite("68D")
		playedOn, pending, err := st.yes("played-on", "68D2(b)", "Did play continue after the claim at the non-claimers' request, with all four players agreeing?")
		if err != nil || pending {
			return err
		}
		if playedOn {
			st.cite("68D2(b)")
			st.say("Play continued with all four players agreeing, so the claim is void and the board is scored as played.")
			return nil
		}
		if lost, err = st.contestedClaim(); err != nil || st.r.Pending() {
			return err
		}
	}
	regained, err := st.cancelledConcession(remaining)
	if err != nil || st.r.Pending() {
		return err
	}
	won := st.s.TricksWon(off.Side()) + st.irr.Tricks - lost + regained
	st.say("%s are awarded %d tricks in all, %s %d.", playSideName(off), won, playSideName(off.LHO()), 13-won)
	return nil
}

// contestedClaim asks what Law 70 needs to adjudicate a doubted claim and
// returns how many claimed tricks go to the opponents.
func (st *playStep) contestedClaim() (lost int, err error) {
	off := st.irr.Offender
	st.cite("70A", "70B")
	st.say("The director hears the claimer's statement again, then the opponents' objections, and may require players to face their cards; doubtful points are resolved against the claimer (Laws 70A, 70B).")
	stated, pending, err := st.yes("line-stated", "68C", "Did the claimer state, at the claim, the order in which he would play the cards?")
	if err != nil || pending {
		return 0, err
	}
	if !stated {
		st.cite("68C")
		st.say("No line of play was stated, so no line is admitted that the claimer did not state (Law 70D1).")
	}
	trumpTrick, err := st.outstandingTrump()
	if err != nil || st.r.Pending() {
		return 0, err
	}
	text := fmt.Sprintf("Of the %d tricks claimed, how many could %s lose by any normal play of the remaining cards (careless or inferior, not irrational), admitting no unstated line or finesse (Laws 70D, 70E)?", st.irr.Tricks, playSideName(off))
	if trumpTrick {
		text += " Count any trick a normal play would lose to the outstanding trump (Law 70C)."
	}
	if st.s.IsDefender(off) {
		text += " A defender's claim may not depend on his partner's choosing one of several normal plays."
	}
	a, err := st.ask(Question{ID: "lost", Law: "70D", Text: text, Choices: playCounts(st.irr.Tricks)})
	if err != nil || a == "" {
		return 0, err
	}
	st.cite("70D", "70E")
	lost, _ = strconv.Atoi(a)
	return lost, nil
}

// outstandingTrump asks the questions of Law 70C when an opponent of the
// claimer still held a trump, and reports whether 70C applies.
func (st *playStep) outstandingTrump() (bool, error) {
	trump, ok := st.s.contract.Strain.Suit()
	if !ok {
		return false, nil
	}
	off := st.irr.Offender
	out := false
	if st.s.hasDeal {
		for _, opp := range [2]bridge.Seat{off.LHO(), off.RHO()} {
			if held, _ := st.s.heldAt(opp, len(st.s.tricks), trump); held {
				out = true
			}
		}
	} else {
		yes, pending, err := st.yes("trump-out", "70C", "Did an opponent of the claimer still hold a trump at the time of the claim?")
		if err != nil || pending {
			return false, err
		}
		out = yes
	}
	if !out {
		return false, nil
	}
	mentioned, pending, err := st.yes("trump-mentioned", "70C1", "An opponent still holds a trump: did the claimer's statement mention it?")
	if err != nil || pending || mentioned {
		return false, err
	}
	unaware, pending, err := st.yes("trump-unaware", "70C2", "Was the claimer probably unaware, at the claim, that a trump remained in an opponent's hand?")
	if err != nil || pending || !unaware {
		return false, err
	}
	st.cite("70C")
	return true, nil
}

// cancelledConcession asks whether the claimer conceded tricks his side
// could not lose by any normal play; the concession of those is cancelled
// (Law 71). It returns how many.
func (st *playStep) cancelledConcession(remaining int) (int, error) {
	conceded := remaining - st.irr.Tricks
	if conceded == 0 {
		return 0, nil
	}
	a, err := st.ask(Question{ID: "unlosable", Law: "71",
		Text:    fmt.Sprintf("Of the %d tricks conceded, how many could %s not lose by any normal play of the remaining cards? (Count them only if attention was drawn within the correction period.)", conceded, playSideName(st.irr.Offender)),
		Choices: playCounts(conceded)})
	if err != nil || a == "" {
		return 0, err
	}
	n, _ := strconv.Atoi(a)
	if n > 0 {
		st.cite("71")
		st.say("The concession of %d trick(s) that could not be lost by any normal play is cancelled (Law 71).", n)
	}
	return n, nil
}

// playCounts are the choices 0 to n.
func playCounts(n int) []Choice {
	cs := make([]Choice, n+1)
	for i := range cs {
		cs[i] = Choice{ID: strconv.Itoa(i), Text: strconv.Itoa(i)}
	}
	return cs
}
