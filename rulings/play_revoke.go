package rulings

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// revoke rules on a failure to follow suit when able (Laws 61 to 64). The
// revoke card must already be in the play state.
func (st *playStep) revoke() error {
	off, c := st.irr.Offender, st.irr.Card
	i, pos, ok := st.s.findPlay(off, c)
	if !ok {
		return fmt.Errorf("rulings: revoke: %s has not played %s; the revoke card must be among the cards played, marked as a revoke", off.Name(), c.Symbol())
	}
	led, failed := st.s.failedToFollow(off, i)
	if !failed {
		return fmt.Errorf("rulings: revoke: %s to trick %d did not fail to follow suit", c.Symbol(), i+1)
	}
	if held, known := st.s.heldAt(off, i, led); known && !held {
		return fmt.Errorf("rulings: revoke: %s had no %s left at trick %d, so %s was a legal discard", off.Name(), playSuitWord(led), i+1, c.Symbol())
	}
	st.cite("61A")
	established := st.s.playedAfter(off.Side(), i)
	if established {
		st.cite("63A1")
	} else {
		yes, pending, err := st.yes("established", "63A",
			"Has a member of the offending side named or designated a card to be played to the next trick, or made or agreed to a claim or concession?")
		if err != nil || pending {
			return err
		}
		if !yes {
			st.correctRevoke(i, pos, led)
			return nil
		}
		st.cite("63A2", "63A3")
	}
	st.say("%s revoked on trick %d, playing %s to a %s lead; the revoke is established and the trick stands (Law 63B).", off.Name(), i+1, c.Symbol(), playSuitWord(led))
	st.cite("63B")
	st.adjustable("64C")
	if i == 11 {
		return st.revokeOnTrickTwelve(i, pos)
	}
	if why, law := st.s.revokeException(off, i, led); why != "" {
		st.cite(law)
		st.say("No trick is transferred: %s (Law %s); the director restores equity if the non-offending side is damaged (Law 64C).", why, law)
		return nil
	}
	when, err := st.ask(Question{ID: "attention", Law: "64B4",
		Text: "When was attention first drawn to the revoke?",
		Choices: []Choice{
			{"in-time", "during the play, or before a member of the non-offending side called on the next board"},
			{"next-board", "after a member of the non-offending side called on the next board"},
			{"round-ended", "after the round ended"},
		}})
	switch {
	case err != nil || when == "":
		return err
	case when == "next-board":
		st.cite("64B4")
		st.say("No trick is transferred: attention was drawn after a member of the non-offending side called on the next board (Law 64B4); see Law 64C.")
		return nil
	case when == "round-ended":
		st.cite("64B5")
		st.say("No trick is transferred: attention was drawn after the round ended (Law 64B5); see Law 64C.")
		return nil
	}
	st.transferTricks(i)
	return nil
}

// transferTricks applies Law 64A to an established revoke on trick i.
func (st *playStep) transferTricks(i int) {
	off := st.irr.Offender
	n, err := st.s.TricksTransferred(off, i)
	if err != nil {
		st.cite("64A1", "64A2")
		st.say("The revoke trick is not complete: at the end of play, if %s wins it, it and one later trick won by his side go to the opponents (64A1); otherwise one trick does if his side wins it or a later trick (64A2).", off.Name())
		return
	}
	if n == 0 {
		st.cite("64B1")
		st.say("No trick is transferred: %s won neither the revoke trick nor a later trick (Law 64B1); see Law 64C.", playSideName(off))
		return
	}
	law := "64A2"
	if w, _ := st.s.TrickWinner(i); w == off {
		law = "64A1"
	}
	st.cite(law)
	so := "At the end of play"
	if !st.s.Finished() {
		so = fmt.Sprintf("On the %d tricks played so far (the count is final at the end of play)", st.s.CompleteTricks())
	}
	st.say("%s %d trick(s) go from %s to %s: %s won %d trick(s) from the revoke trick on (Law %s).",
		so, n, playSideName(off), playSideName(off.LHO()), playSideName(off), st.s.tricksWonFrom(off.Side(), i), law)
}

// TricksTransferred returns the tricks Law 64A transfers after offender's
// established revoke on trick i (0 = the first trick), counted on the
// complete tricks played: 2 at most, 0 when the offending side won neither
// that trick nor a later one. It does not apply the exceptions of Law 64B.
func (s PlayState) TricksTransferred(offender bridge.Seat, i int) (int, error) {
	winner, ok := s.TrickWinner(i)
	if !ok {
		return 0, fmt.Errorf("rulings: revoke: trick %d is not complete", i+1)
	}
	won := s.tricksWonFrom(offender.Side(), i)
	switch {
	case winner == offender:
		return min(2, won), nil
	case won > 0:
		return 1, nil
	}
	return 0, nil
}

// revokeOnTrickTwelve: a revoke on the twelfth trick is corrected even when
// established, unless all four hands have gone back to the board; no trick
// is transferred (Laws 62D, 64B6).
func (st *playStep) revokeOnTrickTwelve(i, pos int) error {
	returned, pending, err := st.yes("hands-returned", "62D1", "Had all four hands been returned to the board before the revoke was discovered?")
	if err != nil || pending {
		return err
	}
	st.cite("64B6")
	if returned {
		st.say("The revoke on the twelfth trick stands uncorrected and no trick is transferred (Law 64B6); see Law 64C.")
		return nil
	}
	st.cite("62D1")
	st.say("A revoke on the twelfth trick must be corrected even though established (Law 62D1); no trick is transferred (Law 64B6).")
	st.partnerAtTrickTwelve(i, pos)
	return nil
}

// partnerAtTrickTwelve: when a defender revokes on trick 12 before his
// partner's turn to play to it, Law 16C applies (2017 Law 62D2; checked:
// pzbs.pl 2017 Law 62 in English, EBU TD forum "Law 62D2: Revoke on Trick
// Twelve"). The 2007 wording — partner, holding cards of two suits, may not
// choose the play the revoke card could have suggested — is gone; the
// information from the revoke card is unauthorised to partner.
func (st *playStep) partnerAtTrickTwelve(i, pos int) {
	off := st.irr.Offender
	if !st.s.IsDefender(off) {
		return
	}
	if _, ok := st.s.tricks[i].CardOf(off.Partner()); ok && int((off.Partner()+4-st.s.tricks[i].Leader)%4) < pos {
		return
	}
	st.cite("62D2", "16C")
	st.say("%s revoked before his partner played to the twelfth trick: Law 16C applies to the revoke card.", off.Name())
	st.unauthorised("information from %s's revoke card is unauthorised to %s", off.Name(), off.Partner().Name())
}

// correctRevoke: a revoke not yet established must be corrected (Law 62).
func (st *playStep) correctRevoke(i, pos int, led bridge.Suit) {
	off, c := st.irr.Offender, st.irr.Card
	st.cite("62A", "62B1")
	st.say("The revoke is not established and must be corrected: %s withdraws %s and plays a %s (Law 62B1).", off.Name(), c.Symbol(), playSuitWord(led))
	if len(st.s.tricks[i].Cards) > pos+1 {
		st.cite("62C1", "62C2")
		st.say("Each member of the non-offending side may withdraw a card played after the revoke; then the offending side's next hand may withdraw its card, which becomes a penalty card if it is a defender's (Law 62C).")
	}
	if i == 11 {
		st.partnerAtTrickTwelve(i, pos)
	}
	if st.s.IsDefender(off) {
		st.cite("62B2")
		st.imposePenaltyCards(off, st.s.penaltyCardSet(off, []bridge.Card{c}, true), nil)
	}
}

// playedAfter reports whether a member of side played to a trick after
// trick i, which establishes a revoke on it (Law 63A1).
func (s PlayState) playedAfter(side bridge.Side, i int) bool {
	for _, t := range s.tricks[i+1:] {
		for j := range t.Cards {
			if t.Seat(j).Side() == side {
				return true
			}
		}
	}
	return false
}

// revokeException returns why Law 64B leaves an established revoke by off
// on trick i (suit led: led) without trick transfer, as the play state
// shows it, and the law; "" when none applies.
func (s PlayState) revokeException(off bridge.Seat, i int, led bridge.Suit) (why, law string) {
	if off == s.Dummy() {
		return "the revoke was a failure to play a card from dummy, a hand faced on the table", "64B3"
	}
	for _, p := range s.penaltyCardsAt(off, i) {
		if p.Card.Suit == led {
			return fmt.Sprintf("the revoke was a failure to play the penalty card %s, faced on the table", p.Card.Symbol()), "64B3"
		}
	}
	for j := range i {
		if l, _ := s.failedToFollow(off, j); s.revokedAt(off, j) && l == led {
			return fmt.Sprintf("it is a second revoke in %ss by %s (the first on trick %d)", playSuitWord(led), off.Name(), j+1), "64B2"
		}
	}
	for j := range s.tricks {
		for _, opp := range [2]bridge.Seat{off.LHO(), off.RHO()} {
			if s.revokedAt(opp, j) {
				return fmt.Sprintf("both sides revoked on this board (%s on trick %d)", opp.Name(), j+1), "64B7"
			}
		}
	}
	return "", ""
}
