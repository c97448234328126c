package rulings

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// simultaneousPlay rules on a card played at the same moment as another
// player's legal card (Law 58A) or on several cards led or played at once
// from one hand (58B): Card and Cards.
func (st *playStep) simultaneousPlay() error {
	off, c := st.irr.Offender, st.irr.Card
	if len(st.irr.Cards) == 0 {
		if off == st.s.ToPlay() {
			return fmt.Errorf("rulings: simultaneous play: it was %s's turn; the offender is the other player", off.Name())
		}
		st.cite("58A")
		st.say("%s's %s, played at the same moment as %s's legal card, is deemed played after it.", off.Name(), c.Symbol(), st.s.ToPlay().Name())
		return nil
	}
	cards := append([]bridge.Card{c}, st.irr.Cards...)
	for _, d := range cards {
		if err := st.checkHolds(off, d); err != nil {
			return err
		}
	}
	visible, err := st.ask(Question{ID: "visible", Law: "58B", Text: "How many of the cards played together were visible?",
		Choices: []Choice{{"one", "only one, the card he plays"}, {"several", "more than one"}}})
	if err != nil || visible == "" {
		return err
	}
	if visible == "one" {
		st.cite("58B1", "16C")
		st.say("%s is played; %s's other cards go back to his hand without rectification.", c.Symbol(), off.Name())
		st.unauthorised("information from %s's cards picked up is unauthorised to %s", off.Name(), playSideName(off))
		return nil
	}
	st.cite("58B2", "58B3", "58B4")
	st.say("%s designates the card he plays; an opponent who played to the trick after may withdraw his card without rectification (58B3); if the error is found only after both sides played to the next trick, Law 67 applies (58B4).", off.Name())
	if !st.s.IsDefender(off) {
		return nil
	}
	st.say("Each other card exposed becomes a penalty card (Law 58B2).")
	st.imposePenaltyCards(off, st.s.penaltyCardSet(off, st.irr.Cards, false), nil)
	return nil
}
