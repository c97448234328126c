package rulings

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// exposedCard rules on a defender's card exposed or named (Laws 49, 50, 51);
// declarer's exposed cards are no penalty cards (48A).
func (st *playStep) exposedCard() error {
	off := st.irr.Offender
	cards := append([]bridge.Card{st.irr.Card}, st.irr.Cards...)
	for _, c := range cards {
		if err := st.checkHolds(off, c); err != nil {
			return err
		}
	}
	if !st.s.IsDefender(off) {
		st.cite("48A")
		st.say("%s is on declarer's side: an exposed card of declarer or dummy is not a penalty card; no rectification.", off.Name())
		return nil
	}
	major := len(cards) > 1 || isHonour(cards[0])
	if !major {
		inadvertent, pending, err := st.yes("inadvertent", "50B",
			fmt.Sprintf("Was %s exposed inadvertently (dropped, or played with another card) rather than through deliberate play?", cards[0].Symbol()))
		if err != nil || pending {
			return err
		}
		major = !inadvertent
	}
	st.cite("49", "50A", "50B")
	return st.penaltyCards(off, cards, major)
}

// penaltyCards makes cards penalty cards of the defender off and offers
// declarer his lead options if off's partner is to lead (Laws 50D2, 51B).
func (st *playStep) penaltyCards(off bridge.Seat, cards []bridge.Card, major bool) error {
	all := st.s.penaltyCardSet(off, cards, major)
	menu, ok := st.s.penaltyLeadMenu(off, all)
	picked := map[bridge.Suit]bool{}
	if ok {
		st.say("%s is to lead: before he does, declarer chooses (Law 50D2).", menu.leader.Name())
		chosen, err := st.offer(st.s.declarer, menu.opts...)
		if err != nil {
			return err
		}
		picked = st.choosePenaltyLead(menu, chosen)
	}
	st.imposePenaltyCards(off, all, picked)
	return nil
}

// penaltyCardSet returns the penalty cards off has once cards join those
// already on the table; two or more are all major (Law 50B).
func (s PlayState) penaltyCardSet(off bridge.Seat, cards []bridge.Card, major bool) []PenaltyCardOnTable {
	var all []PenaltyCardOnTable
	for _, p := range s.PenaltyCards() {
		if p.Seat == off && !slices.Contains(cards, p.Card) {
			all = append(all, p)
		}
	}
	for _, c := range cards {
		all = append(all, PenaltyCardOnTable{Seat: off, Card: c, Major: major})
	}
	if len(all) > 1 {
		for i := range all {
			all[i].Major = true
		}
	}
	return all
}

// imposePenaltyCards records off's penalty cards, except those in the
// suits picked up, with what follows from them (Laws 50C, 50D1, 50E).
func (st *playStep) imposePenaltyCards(off bridge.Seat, all []PenaltyCardOnTable, picked map[bridge.Suit]bool) {
	var left []PenaltyCardOnTable
	for _, p := range all {
		if !picked[p.Card.Suit] {
			left = append(left, p)
		}
	}
	if len(left) == 0 {
		return
	}
	if left[0].Major {
		st.say("%s must stay face up and be played at the first legal opportunity, leading, following suit, discarding or trumping; if two or more can be played, declarer designates which (Laws 50D1, 51A).", playCardList(left))
		st.cite("50D1")
	} else {
		st.say("%s is a minor penalty card: %s may not play another card of that suit below an honour until it is played, but may play an honour instead; %s has no lead restriction (Law 50C).", left[0].Card.Symbol(), off.Name(), off.Partner().Name())
		st.cite("50C")
	}
	for _, p := range left {
		law, size := "50C", "minor"
		if p.Major {
			law, size = "50D1", "major"
		}
		st.restrict(Restriction{Kind: PenaltyCard, Seat: off, Card: p.Card, Major: p.Major, Law: law,
			Reason: fmt.Sprintf("%s is a %s penalty card", p.Card.Symbol(), size)})
	}
	st.unauthorised("information from %s's penalty card other than that it must be played is unauthorised to %s, authorised to declarer", off.Name(), off.Partner().Name())
	st.cite("50E")
	st.adjustable("50E3")
}

// penaltyLeadMenu is declarer's choice when the offender's partner is to
// lead while the offender has a major penalty card (Law 50D2; 51B for two
// or more).
type penaltyLeadMenu struct {
	leader                  bridge.Seat
	suits                   []bridge.Suit
	requireLaw, prohibitLaw string
	opts                    []Option
}

// penaltyLeadMenu returns declarer's options; ok is false unless off's
// partner is to lead and the penalty cards are major.
func (s PlayState) penaltyLeadMenu(off bridge.Seat, pcs []PenaltyCardOnTable) (m penaltyLeadMenu, ok bool) {
	m.leader = off.Partner()
	if _, mid := s.current(); mid || s.ToPlay() != m.leader || len(pcs) == 0 || !pcs[0].Major {
		return m, false
	}
	for _, p := range pcs {
		if !slices.Contains(m.suits, p.Card.Suit) {
			m.suits = append(m.suits, p.Card.Suit)
		}
	}
	slices.Sort(m.suits)
	m.requireLaw, m.prohibitLaw = "50D2(a)", "50D2(a)"
	if len(pcs) > 1 {
		m.requireLaw, m.prohibitLaw = "51B1(a)", "51B1(a)"
	}
	if len(m.suits) > 1 {
		m.requireLaw, m.prohibitLaw = "51B2(a)", "51B2(b)"
	}
	for _, x := range m.suits {
		m.opts = append(m.opts, Option{
			Choice:      Choice{ID: "require-" + x.String(), Text: fmt.Sprintf("require %s to lead a %s", m.leader.Name(), playSuitWord(x))},
			Consequence: fmt.Sprintf("%s's penalty cards in %ss go back to his hand", off.Name(), playSuitWord(x)),
			Law:         m.requireLaw,
		})
	}
	prohibit := Option{Law: m.prohibitLaw}
	if len(m.suits) == 1 {
		prohibit.Choice = Choice{ID: "prohibit-" + m.suits[0].String(), Text: fmt.Sprintf("prohibit %s from leading a %s for as long as he retains the lead", m.leader.Name(), playSuitWord(m.suits[0]))}
		prohibit.Consequence = fmt.Sprintf("%s's penalty cards in %ss go back to his hand", off.Name(), playSuitWord(m.suits[0]))
	} else {
		prohibit.Choice = Choice{ID: "prohibit-all", Text: fmt.Sprintf("prohibit %s from leading %s for as long as he retains the lead", m.leader.Name(), playSuitList(m.suits))}
		prohibit.Consequence = fmt.Sprintf("%s picks up every penalty card", off.Name())
	}
	free := Option{
		Choice:      Choice{ID: "free", Text: fmt.Sprintf("let %s lead any card", m.leader.Name())},
		Consequence: "the penalty cards stay on the table",
		Law:         "50D2(b)",
	}
	m.opts = append(m.opts, prohibit, free)
	return m, true
}

// choosePenaltyLead records the restriction the chosen option brings and
// returns the suits whose penalty cards go back to the offender's hand.
func (st *playStep) choosePenaltyLead(m penaltyLeadMenu, chosen string) map[bridge.Suit]bool {
	picked := map[bridge.Suit]bool{}
	for _, x := range m.suits {
		switch chosen {
		case "require-" + x.String():
			picked[x] = true
			st.restrict(Restriction{Kind: LeadRequired, Seat: m.leader, Suits: []bridge.Suit{x}, Law: m.requireLaw,
				Reason: fmt.Sprintf("must lead a %s", playSuitWord(x))})
		case "prohibit-" + x.String(), "prohibit-all":
			picked[x] = true
		}
	}
	if strings.HasPrefix(chosen, "prohibit-") {
		st.restrict(Restriction{Kind: LeadProhibited, Seat: m.leader, Suits: m.suits, Law: m.prohibitLaw,
			Reason: "may not lead " + playSuitList(m.suits) + " for as long as he retains the lead"})
	}
	if chosen != "" {
		st.cite("50D2")
	}
	return picked
}

// penaltyCardNotPlayed rules on a defender who played Card when a penalty
// card could legally have been played (Law 52).
func (st *playStep) penaltyCardNotPlayed() error {
	off, c := st.irr.Offender, st.irr.Card
	i, pos, ok := st.s.findPlay(off, c)
	if !ok {
		return fmt.Errorf("rulings: penalty card not played: %s has not played %s; record the card in the play state first", off.Name(), c.Symbol())
	}
	t := st.s.tricks[i]
	var missed []PenaltyCardOnTable
	for _, p := range st.s.penaltyCardsAt(off, i) {
		if p.Card == c {
			continue
		}
		led := t.Cards[0].Suit
		held, _ := st.s.heldAt(off, i, led)
		if pos == 0 || p.Card.Suit == led || (!held && led != c.Suit) {
			missed = append(missed, p)
		}
	}
	if len(missed) == 0 {
		return fmt.Errorf("rulings: penalty card not played: %s had no penalty card he could legally play instead of %s", off.Name(), c.Symbol())
	}
	st.cite("52A")
	st.say("%s may not withdraw %s on his own (Law 52A).", off.Name(), c.Symbol())
	if st.declarerPlayedSince(i, pos) {
		st.cite("52B1(a)")
		st.say("Declarer has played since from his hand or dummy, so he must accept %s; %s stays a penalty card (Law 52B1).", c.Symbol(), playCardList(missed))
		return nil
	}
	chosen, err := st.offer(st.s.declarer,
		Option{Choice: Choice{ID: "accept", Text: "accept " + c.Symbol()},
			Consequence: playCardList(missed) + " stays a penalty card", Law: "52B1(a)"},
		Option{Choice: Choice{ID: "substitute", Text: "require " + off.Name() + " to play the penalty card instead"},
			Consequence: c.Symbol() + " becomes a major penalty card", Law: "52B2"})
	if err != nil || chosen != "substitute" {
		return err
	}
	st.restrict(Restriction{Kind: PenaltyCard, Seat: off, Card: c, Major: true, Law: "52B2",
		Reason: fmt.Sprintf("%s, played illegally, is a major penalty card", c.Symbol())})
	return nil
}

// declarerPlayedSince reports whether declarer or dummy played a card after
// the card at position pos of trick i.
func (st *playStep) declarerPlayedSince(i, pos int) bool {
	for ; i < len(st.s.tricks); i++ {
		t := st.s.tricks[i]
		for j := pos + 1; j < len(t.Cards); j++ {
			if !st.s.IsDefender(t.Seat(j)) {
				return true
			}
		}
		pos = -1
	}
	return false
}

// isHonour reports whether c is an ace, king, queen, jack or ten.
func isHonour(c bridge.Card) bool { return c.Rank >= bridge.Ten }

// playCardList writes penalty cards for a person: "♠K and ♥2".
func playCardList(pcs []PenaltyCardOnTable) string {
	s := make([]string, len(pcs))
	for i, p := range pcs {
		s[i] = p.Card.Symbol()
	}
	return strings.Join(s, " and ")
}

// playSuitList writes suits in the plural: "spades or hearts".
func playSuitList(suits []bridge.Suit) string {
	s := make([]string, len(suits))
	for i, x := range suits {
		s[i] = playSuitWord(x) + "s"
	}
	return strings.Join(s, " or ")
}
