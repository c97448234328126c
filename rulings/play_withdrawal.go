package rulings

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// cardFromDummyWrongly rules on a card dummy put in the played position
// that declarer did not name (Law 45D).
func (st *playStep) cardFromDummyWrongly() error {
	dummy, c := st.s.Dummy(), st.irr.Card
	if st.irr.Offender != dummy {
		return fmt.Errorf("rulings: card from dummy: %s is not dummy (dummy is %s)", st.irr.Offender.Name(), dummy.Name())
	}
	i, _, ok := st.s.findPlay(dummy, c)
	if !ok {
		return fmt.Errorf("rulings: card from dummy: dummy has not played %s; record it in the play state first", c.Symbol())
	}
	st.cite("45D")
	if i+1 < len(st.s.tricks) && st.bothSidesPlayed(i+1) {
		st.say("Attention was drawn only after each side had played to the next trick: %s stays played.", c.Symbol())
		return nil
	}
	st.say("%s must be withdrawn and declarer's named card played instead; a defender may withdraw a card he played after the error and return it to his hand, and if declarer's right-hand opponent changes his play, declarer may withdraw a card he played to that trick.", c.Symbol())
	st.cite("16C")
	st.unauthorised("information from the defenders' withdrawn cards is unauthorised to %s", playSideName(st.s.declarer))
	return nil
}

// bothSidesPlayed reports whether a member of each side has played to
// trick i.
func (st *playStep) bothSidesPlayed(i int) bool {
	var seen [2]bool
	t := st.s.tricks[i]
	for j := range t.Cards {
		seen[t.Seat(j).Side()] = true
	}
	return seen[0] && seen[1]
}

// retractedCard rules on a player who took back a card he had played: the
// Laws allow it only in the cases of Law 47A to 47E (2017 letters checked:
// pzbs.pl 2017 Law 47 in Polish, thesmolens.com Law 47 in English — A
// rectification, B illegal play, C a change of designation 45C4(b) permits,
// D after an opponent's change of play, E misinformation, F otherwise not).
//
// 2017 Law 45C4(b) lets only declarer correct an unintended designation of
// a card from dummy, until he next plays a card from either hand, after a
// slip of the tongue but not a loss of concentration or a reconsideration;
// the 2007 "without pause for thought" test is gone (checked: EBU TD forum
// threads "Query concerning Law 45" and "Law 45 C 4(b)", BBO forum quoting
// the present wording).
func (st *playStep) retractedCard() error {
	off, c := st.irr.Offender, st.irr.Card
	if _, _, ok := st.s.findPlay(off, c); !ok {
		return fmt.Errorf("rulings: retracted card: %s has not played %s; record it in the play state first", off.Name(), c.Symbol())
	}
	why, err := st.ask(Question{ID: "reason", Law: "47", Text: fmt.Sprintf("Why did %s take back %s?", off.Name(), c.Symbol()),
		Choices: []Choice{
			{"rectify", "to rectify an irregularity, as the director instructed"},
			{"illegal", "to correct an illegal play"},
			{"designation", "to change a designation he says was unintended"},
			{"opponent-changed", "after an opponent changed his play to the trick"},
			{"misinformed", "after mistaken information from an opponent (e.g. told it was his lead)"},
			{"other", "for another reason (a change of mind)"},
		}})
	if err != nil || why == "" {
		return err
	}
	defender := st.s.IsDefender(off)
	switch why {
	case "rectify":
		st.cite("47A")
		st.say("%s may be withdrawn to rectify the irregularity; the law rectifying it says whether it becomes a penalty card.", c.Symbol())
		if !defender {
			st.cite("48A")
			st.say("It is a card of declarer's side, so it never becomes a penalty card (Law 48A).")
		}
	case "illegal":
		st.cite("47B")
		if !defender {
			st.cite("48A")
			st.say("%s may be withdrawn to correct the illegal play; a card of declarer's side is not a penalty card (Law 48A).", c.Symbol())
			return nil
		}
		st.cite("49", "50B")
		st.say("%s may be withdrawn to correct the illegal play; withdrawn by a defender it becomes a penalty card, exposed through deliberate play (Laws 49, 50B).", c.Symbol())
		st.imposePenaltyCards(off, st.s.penaltyCardSet(off, []bridge.Card{c}, true), nil)
	case "designation":
		if off != st.s.Dummy() {
			st.cite("45C4(a)", "47F")
			st.say("Only declarer's designation of a card from dummy may be corrected (Law 45C4(b)): %s stays played and may not be withdrawn.", c.Symbol())
			return nil
		}
		unintended, pending, err := st.yes("unintended", "45C4(b)", "Was declarer's designation of the card from dummy unintended — a slip of the tongue, not a loss of concentration or a reconsideration — and corrected before he next played a card from either hand?")
		if err != nil || pending {
			return err
		}
		if !unintended {
			st.cite("45C4(a)", "47F")
			st.say("The designation was intended: %s stays played and may not be withdrawn.", c.Symbol())
			return nil
		}
		st.cite("45C4(b)", "47C", "47D")
		st.say("The unintended designation is changed without rectification; an opponent who played to the trick after it may withdraw his card and substitute another.")
		st.unauthorised("information from a card an opponent withdrew is unauthorised to %s", playSideName(off))
	case "opponent-changed":
		st.cite("47D", "16C")
		st.say("After an opponent's change of play %s may be withdrawn and another card substituted; it is not a penalty card.", c.Symbol())
		st.unauthorised("information from %s, withdrawn, is unauthorised to %s's opponents", c.Symbol(), off.Name())
	case "misinformed":
		st.cite("47E")
		st.say("%s, played after mistaken information from an opponent, may be withdrawn without rectification; it is not a penalty card.", c.Symbol())
	default:
		st.cite("47F")
		st.say("A played card may not be withdrawn except as Law 47 allows: %s goes back to the played position.", c.Symbol())
	}
	return nil
}
