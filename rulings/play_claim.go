package rulings

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// claim rules on a claim or concession (Laws 68 to 71). The state holds the
// play up to the claim and, as its last irr.PlayedAfter cards, any play
// after it (Law 68D). With the deal, the solver works out the tricks
// (ClaimFigures) and the director is asked only the judgements the Laws
// leave to him; without it, he is asked for the tricks too.
func (st *playStep) claim() error {
	off := st.irr.Offender
	played := st.s.cardsPlayed()
	if st.irr.PlayedAfter < 0 || st.irr.PlayedAfter > played {
		return fmt.Errorf("rulings: claim: %d cards played after the claim, but %d are recorded", st.irr.PlayedAfter, played)
	}
	at := st.s.before(played - st.irr.PlayedAfter)
	remaining := 13 - at.CompleteTricks()
	if st.irr.Tricks < 0 || st.irr.Tricks > remaining {
		return fmt.Errorf("rulings: claim: %s claims %d tricks but %d remain", off.Name(), st.irr.Tricks, remaining)
	}
	if err := at.checkLine(off, st.irr.Line); err != nil {
		return err
	}
	st.cite("68A", "68B")
	var f *ClaimFigures
	if at.hasDeal && remaining > 0 {
		figures, err := claimFigures(st.ctx, at, off, st.irr.Line)
		if st.ctx.Err() != nil {
			return fmt.Errorf("rulings: claim: the solver stopped: %w", context.Cause(st.ctx))
		}
		if err != nil {
			st.say("The solver could not take the position at the claim (%v), so the director judges the tricks himself.", err)
		} else {
			f = &figures
			st.r.Claim = f
			st.sayFigures(off, *f)
		}
	}
	if st.s.IsDefender(off) && st.irr.Tricks < remaining {
		objected, pending, err := st.yes("partner-objected", "68B2", fmt.Sprintf("Did %s object immediately to %s's concession?", off.Partner().Name(), off.Name()))
		if err != nil || pending {
			return err
		}
		if objected {
			st.cite("68B2", "16C")
			st.say("%s's partner objected at once, so neither a concession nor a claim has occurred and play continues; a card %s exposed is not a penalty card (Law 68B2).", off.Name(), off.Name())
			st.unauthorised("the attempted concession, and any card %s exposed with it, are unauthorised to %s", off.Name(), off.Partner().Name())
			return nil
		}
	}
	agreed, pending, err := st.yes("agreed", "69A", "Did every player agree to the claim or concession, no one doubting it?")
	if err != nil || pending {
		return err
	}
	lost := 0
	if agreed {
		st.cite("69A")
		st.say("The claim was agreed and stands (Law 69A).")
		if lost, err = st.withdrawnAgreement(f); err != nil || st.r.Pending() {
			return err
		}
	} else {
		st.cite("68D")
		if st.irr.PlayedAfter > 0 {
			playedOn, pending, err := st.yes("played-on", "68D2(b)", "Did play continue after the claim at the non-claimers' request, with all four players agreeing?")
			if err != nil || pending {
				return err
			}
			if playedOn {
				st.cite("68D2(b)")
				st.say("Play continued at the non-claimers' request with all four players agreeing, so the claim is void and the board is scored as played (Law 68D2(b)).")
				if st.s.Finished() {
					st.say("%s took %s in all, %s %d.", playSideName(off), count(st.s.TricksWon(off.Side()), "trick"), playSideName(off.LHO()), st.s.TricksWon(off.LHO().Side()))
				}
				return nil
			}
			st.playAfterAsEvidence(at)
		}
		if f != nil {
			lost, err = st.adjudicate(*f)
		} else {
			lost, err = st.contestedClaim()
		}
		if err != nil || st.r.Pending() {
			return err
		}
	}
	regained, err := st.cancelledConcession(f, remaining)
	if err != nil || st.r.Pending() {
		return err
	}
	won := at.TricksWon(off.Side()) + st.irr.Tricks - lost + regained
	st.say("%s are awarded %s in all, %s %d.", playSideName(off), count(won, "trick"), playSideName(off.LHO()), 13-won)
	return nil
}

// sayFigures puts the solver's figures in the summary.
func (st *playStep) sayFigures(claimer bridge.Seat, f ClaimFigures) {
	line := "with no line stated, every choice made against them"
	if len(st.irr.Line) > 0 {
		steps := make([]string, len(st.irr.Line))
		for i, s := range st.irr.Line {
			steps[i] = s.Card.Symbol()
			if s.Run {
				steps[i] = s.Suit.Symbol() + " from the top"
			}
		}
		line = "along the stated line (" + strings.Join(steps, ", ") + "), the choices it leaves open made against them"
	}
	st.say("At the claim %s could take %d of the %d tricks left double dummy; %s and %s defending best, they take %d: %s.",
		playSideName(claimer), f.Best, f.Remaining, line, playSideName(claimer.LHO()), f.Line, claimTricks(f.LineTricks))
}

// claimTricks writes cards trick by trick: "♥A ♥3 ♥2 ♥4, ♠K ...".
func claimTricks(tricks [][]bridge.Card) string {
	out := make([]string, len(tricks))
	for i, t := range tricks {
		words := make([]string, len(t))
		for j, c := range t {
			words[j] = c.Symbol()
		}
		out[i] = strings.Join(words, " ")
	}
	return strings.Join(out, ", ")
}

// withdrawnAgreement asks, when the figures show the non-claimers could
// have won more than they agreed to lose, whether they withdrew their
// agreement within the correction period (Law 69B), and returns how many
// claimed tricks go back to them.
func (st *playStep) withdrawnAgreement(f *ClaimFigures) (int, error) {
	claimed := st.irr.Tricks
	if f == nil || f.Line >= claimed {
		if f == nil {
			st.cite("69B")
			st.say("Within the correction period a player may withdraw his agreement to the loss of a trick his side would likely have won had play continued (Law 69B).")
		}
		return 0, nil
	}
	opps := playSideName(st.irr.Offender.LHO())
	withdrawn, pending, err := st.yes("withdrawn", "69B", fmt.Sprintf("Along the least successful line the statement admits %s win %d of the claimed tricks: did they withdraw their agreement within the correction period (Law 69B)?", opps, claimed-f.Line))
	if err != nil || pending || !withdrawn {
		return 0, err
	}
	st.cite("69B")
	lo, hi := max(0, claimed-f.Best), claimed-f.Line
	n := lo
	if lo < hi {
		a, err := st.ask(Question{ID: "likely", Law: "69B2", Choices: playRange(lo, hi),
			Text: fmt.Sprintf("How many of the claimed tricks would %s likely have won had play continued? Double dummy they win %d, along the statement's least successful line %d.", opps, lo, hi)})
		if err != nil || a == "" {
			return 0, err
		}
		n, _ = strconv.Atoi(a)
	}
	if n > 0 {
		st.say("%s withdrew their agreement and are awarded %s they would likely have won (Law 69B2).", opps, count(n, "trick"))
	}
	return n, nil
}

// playAfterAsEvidence separates the play after the claim from the play
// before it (Law 68D): it is void, but the director may take it as
// evidence (Law 70D3).
func (st *playStep) playAfterAsEvidence(at PlayState) {
	off := st.irr.Offender
	var after [][]bridge.Card
	for i, t := range st.s.tricks[max(0, len(at.tricks)-1):] {
		if i == 0 && len(at.tricks) > 0 {
			t.Cards = t.Cards[len(at.tricks[len(at.tricks)-1].Cards):]
		}
		if len(t.Cards) > 0 {
			after = append(after, t.Cards)
		}
	}
	st.cite("70D3")
	text := fmt.Sprintf("The play after the claim, %s (%s), is void (Law 68D)", count(st.irr.PlayedAfter, "card"), claimTricks(after))
	if done := st.s.CompleteTricks() - at.CompleteTricks(); done > 0 {
		text += fmt.Sprintf("; in it %s won %d of %s completed", playSideName(off), st.s.tricksWonFrom(off.Side(), at.CompleteTricks()), count(done, "trick"))
	}
	st.say("%s. The director may take that play as evidence of the players' probable plays after the claim and of the accuracy of the claim (Law 70D3).", text)
}

// adjudicate rules on a doubted claim with the solver's figures (Law 70)
// and returns how many claimed tricks go to the opponents. The director is
// asked only what the Law leaves to him: whether the claimer spoke of an
// outstanding trump and could have been unaware of it (70C), and whether
// the least successful line found is normal for the class of player.
func (st *playStep) adjudicate(f ClaimFigures) (int, error) {
	off, claimed := st.irr.Offender, st.irr.Tricks
	st.cite("70A", "70B")
	st.say("Doubtful points are resolved against the claimer (Law 70A).")
	if len(st.irr.Line) == 0 {
		st.cite("68C")
		st.say("No line of play was stated, so none is admitted that the claimer did not state, nor any unstated finesse (Laws 70D1, 70E1).")
	}
	if st.s.IsDefender(off) {
		st.cite("70D2")
		st.say("His partner's plays are open choices too: a defender's claim may not depend on his partner's choosing one of several normal plays (Law 70D2).")
	}
	switch {
	case f.Line >= claimed:
		if f.OutstandingTrump {
			st.say("An opponent holds a trump, but along that line it takes none of the tricks claimed (Law 70C3).")
		}
		st.say("Along that line %s take the %d tricks claimed: the claim stands.", playSideName(off), claimed)
		return 0, nil
	case f.Line >= f.Best:
		st.say("No line takes more than %d, so %s are awarded %d of the tricks claimed.", f.Best, playSideName(off.LHO()), claimed-f.Best)
		return claimed - f.Best, nil
	}
	unaware, err := st.trumpUnaware(f)
	if err != nil || st.r.Pending() {
		return 0, err
	}
	text := fmt.Sprintf("The least successful line the statement admits is %s, and it loses %d of the claimed tricks. Is every play in it normal for the class of player involved — careless or inferior perhaps, but not irrational (Laws 70D1, 70E1)?", claimTricks(f.LineTricks), claimed-f.Line)
	if unaware {
		text += " The claimer is deemed unaware of the outstanding trump (Law 70C)."
	}
	normal, pending, err := st.yes("line-normal", "70D1", text)
	if err != nil || pending {
		return 0, err
	}
	st.cite("70D1", "70E1")
	lost := claimed - f.Line
	if lo := max(0, claimed-f.Best); !normal && lo < lost {
		a, err := st.ask(Question{ID: "lost", Law: "70D1", Choices: playRange(lo, lost),
			Text: fmt.Sprintf("How many of the %d tricks claimed could %s lose by a normal line of play (careless or inferior, not irrational)? Double dummy they lose %d, along the least successful line %d.", claimed, playSideName(off), lo, lost)})
		if err != nil || a == "" {
			return 0, err
		}
		lost, _ = strconv.Atoi(a)
	}
	return lost, nil
}

// trumpUnaware asks the questions of Law 70C when an opponent held a trump
// at the claim and the least successful line, which loses some of the
// tricks claimed, loses a trick to it: doubtful points resolved against
// the claimer, that trick is one of those claimed. It reports whether the
// claimer is deemed unaware of the trump.
func (st *playStep) trumpUnaware(f ClaimFigures) (bool, error) {
	if !f.OutstandingTrump {
		return false, nil
	}
	if f.LostToTrump == 0 {
		st.say("An opponent holds a trump, but no trick along that line is lost to it (Law 70C3).")
		return false, nil
	}
	n := min(f.LostToTrump, st.irr.Tricks-f.Line)
	unaware, err := st.unawareOfTrump(fmt.Sprintf("An opponent holds a trump, and the least successful line loses %d of the tricks claimed to it", n))
	if unaware {
		st.say("The claimer made no statement about the outstanding trump and may have been unaware of it: the tricks a normal play loses to it go to the opponents (Law 70C).")
	}
	return unaware, err
}

// unawareOfTrump asks whether the claimer made a statement about the
// outstanding trump (Law 70C1), which fact says, and if not whether he may
// have been unaware of it (70C2); it reports whether both conditions hold.
func (st *playStep) unawareOfTrump(fact string) (bool, error) {
	mentioned, pending, err := st.yes("trump-mentioned", "70C1", fact+": did the claimer make a statement about that trump?")
	if err != nil || pending || mentioned {
		return false, err
	}
	unaware, pending, err := st.yes("trump-unaware", "70C2", "Is it at all likely that the claimer, at the time of his claim, was unaware that a trump remained in an opponent's hand?")
	if err != nil || pending || !unaware {
		return false, err
	}
	st.cite("70C")
	return true, nil
}

// contestedClaim asks, without the deal, what Law 70 needs to adjudicate a
// doubted claim and returns how many claimed tricks go to the opponents.
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
	a, err := st.ask(Question{ID: "lost", Law: "70D", Text: text, Choices: playRange(0, st.irr.Tricks)})
	if err != nil || a == "" {
		return 0, err
	}
	st.cite("70D", "70E")
	lost, _ = strconv.Atoi(a)
	return lost, nil
}

// outstandingTrump asks, without the deal, the questions of Law 70C and
// reports whether 70C applies.
func (st *playStep) outstandingTrump() (bool, error) {
	if _, ok := st.s.contract.Strain.Suit(); !ok {
		return false, nil
	}
	out, pending, err := st.yes("trump-out", "70C", "Did an opponent of the claimer still hold a trump at the time of the claim?")
	if err != nil || pending || !out {
		return false, err
	}
	return st.unawareOfTrump("An opponent still holds a trump")
}

// cancelledConcession returns how many conceded tricks the claimer's side
// could not lose by any normal play, whose concession is cancelled (Law
// 71). With the figures they are the tricks beyond those claimed that the
// least successful line still takes; without, the director is asked.
func (st *playStep) cancelledConcession(f *ClaimFigures, remaining int) (int, error) {
	conceded := remaining - st.irr.Tricks
	if conceded == 0 {
		return 0, nil
	}
	n := 0
	if f != nil {
		n = max(0, f.Line-st.irr.Tricks)
	} else {
		a, err := st.ask(Question{ID: "unlosable", Law: "71",
			Text:    fmt.Sprintf("Of the %d tricks conceded, how many could %s not lose by any normal play of the remaining cards? (Count them only if attention was drawn within the correction period.)", conceded, playSideName(st.irr.Offender)),
			Choices: playRange(0, conceded)})
		if err != nil || a == "" {
			return 0, err
		}
		n, _ = strconv.Atoi(a)
	}
	if n > 0 {
		st.cite("71")
		st.say("The concession of %s that could not be lost by any normal play is cancelled (Law 71).", count(n, "trick"))
	}
	return n, nil
}

// count writes n of noun, singular or plural: "1 trick", "2 tricks".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// playRange are the choices lo to hi.
func playRange(lo, hi int) []Choice {
	cs := make([]Choice, 0, hi-lo+1)
	for i := lo; i <= hi; i++ {
		cs = append(cs, Choice{ID: strconv.Itoa(i), Text: strconv.Itoa(i)})
	}
	return cs
}

// checkLine returns an error if a card of the stated line is not one the
// claimer's side still held at the claim.
func (s PlayState) checkLine(claimer bridge.Seat, line []ClaimStep) error {
	for i, step := range line {
		switch {
		case !step.Run && !step.Card.Valid(), step.Run && !step.Suit.Valid():
			return fmt.Errorf("rulings: claim: step %d of the stated line is neither a card nor a suit", i+1)
		case step.Run || !s.hasDeal:
			continue
		}
		holder, _ := s.deal.Holder(step.Card)
		if holder.Side() != claimer.Side() || s.played(step.Card) {
			return fmt.Errorf("rulings: claim: step %d of the stated line, %s, is not a card %s still held at the claim", i+1, step.Card.Symbol(), playSideName(claimer))
		}
	}
	return nil
}

// cardsPlayed returns how many cards have been played.
func (s PlayState) cardsPlayed() int {
	n := 0
	for _, t := range s.tricks {
		n += len(t.Cards)
	}
	return n
}

// before returns the state as it stood after its first n cards.
func (s PlayState) before(n int) PlayState {
	out := s
	out.tricks = nil
	for _, t := range s.tricks {
		if n == 0 {
			break
		}
		k := min(n, len(t.Cards))
		out.tricks = append(out.tricks, Trick{Leader: t.Leader, Cards: t.Cards[:k:k]})
		n -= k
	}
	return out
}
