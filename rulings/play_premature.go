package rulings

import (
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// prematurePlay rules on a defender who led to the next trick, or played,
// before his partner played to the current trick (Law 57).
//
// 2017 Law 57 (checked: pzbs.pl 2017 Law 57 in English; EBU TD forum "Law
// 57A"): 57A the card becomes a major penalty card and declarer may require
// offender's partner to play his highest (A1) or lowest (A2) card of the
// suit led, or a card of another suit declarer names (A3), or forbid him a
// card of another suit declarer names (A4); 57B a partner who cannot comply
// plays any card (Law 59); 57C1 no rectification once declarer has played
// from both hands; 57C2 none if dummy prematurely played or suggested a
// card of his own volition; 57C3 declarer's premature play (not a lead)
// from either hand is a played card. 57D a defender playing at his RHO's
// turn.
func (st *playStep) prematurePlay() error {
	off, c := st.irr.Offender, st.irr.Card
	t, mid := st.s.current()
	if err := st.checkHolds(off, c); err != nil {
		return err
	}
	if !st.s.IsDefender(off) {
		st.cite("57C3")
		st.say("A premature play (not a lead) by declarer from either hand is a played card; if legal, %s may not be withdrawn.", c.Symbol())
		return nil
	}
	partner := off.Partner()
	if !mid || st.s.ToPlay() != partner {
		return fmt.Errorf("rulings: premature play: it is not %s's partner %s's turn to play to a trick in progress", off.Name(), partner.Name())
	}
	_, fromHand := t.CardOf(st.s.declarer)
	_, fromDummy := t.CardOf(st.s.Dummy())
	if fromHand && fromDummy {
		st.cite("57C1")
		st.say("Declarer has played from both hands to this trick, so %s's premature %s is not subject to rectification.", off.Name(), c.Symbol())
		return nil
	}
	led := t.Cards[0].Suit
	opts := []Option{
		{Choice: Choice{ID: "highest", Text: fmt.Sprintf("require %s to play his highest %s", partner.Name(), playSuitWord(led))}, Law: "57A1"},
		{Choice: Choice{ID: "lowest", Text: fmt.Sprintf("require %s to play his lowest %s", partner.Name(), playSuitWord(led))}, Law: "57A2"},
	}
	for _, x := range bridge.Suits {
		if x != led {
			opts = append(opts, Option{Choice: Choice{ID: "play-" + x.String(), Text: fmt.Sprintf("require %s to play a %s", partner.Name(), playSuitWord(x))}, Law: "57A3"})
		}
	}
	for _, x := range bridge.Suits {
		if x != led {
			opts = append(opts, Option{Choice: Choice{ID: "forbid-" + x.String(), Text: fmt.Sprintf("forbid %s to play a %s", partner.Name(), playSuitWord(x))}, Law: "57A4"})
		}
	}
	for i := range opts {
		opts[i].Consequence = "if he cannot comply he may play any legal card (Law 57B)"
	}
	st.cite("57A")
	st.say("%s played %s before his partner %s played to the trick: the card becomes a major penalty card and declarer chooses how %s plays (Law 57A).", off.Name(), c.Symbol(), partner.Name(), partner.Name())
	if _, err := st.offer(st.s.declarer, opts...); err != nil {
		return err
	}
	st.imposePenaltyCards(off, st.s.penaltyCardSet(off, []bridge.Card{c}, true), nil)
	return nil
}
