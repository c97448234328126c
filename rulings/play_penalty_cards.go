package rulings

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// exposedCard rules on defender's cards exposed or named (Law 49): each
// becomes a penalty card of its own, major or minor by Law 50B; declarer's
// exposed cards are no penalty cards (48A).
func (st *playStep) exposedCard() error {
	off := st.irr.Offender
	cards := append([]bridge.Card{st.irr.Card}, st.irr.Cards...)
	for i, c := range cards {
		if err := st.checkHolds(off, c); err != nil {
			return err
		}
		if slices.Contains(cards[:i], c) {
			return fmt.Errorf("rulings: exposed card: %s is named twice", c.Symbol())
		}
		if st.s.isPenaltyCard(c) {
			return fmt.Errorf("rulings: exposed card: %s is a penalty card already", c.Symbol())
		}
	}
	if !st.s.IsDefender(off) {
		st.cite("48A")
		st.say("%s is on declarer's side: an exposed card of declarer or dummy is not a penalty card; no rectification.", off.Name())
		return nil
	}
	deliberate := false
	if len(cards) == 1 && !isHonour(cards[0]) && len(st.s.penaltyCardsOf(off)) == 0 {
		inadvertent, pending, err := st.yes("inadvertent", "50B",
			fmt.Sprintf("Was %s exposed inadvertently (dropped, or played with another card) rather than through deliberate play?", cards[0].Symbol()))
		if err != nil || pending {
			return err
		}
		deliberate = !inadvertent
	}
	st.cite("49", "50B")
	return st.penaltyCards(off, cards, deliberate)
}

// penaltyCards makes cards penalty cards of the defender off and offers
// declarer his lead options if off's partner is to lead (Laws 50D2, 51B).
func (st *playStep) penaltyCards(off bridge.Seat, cards []bridge.Card, deliberate bool) error {
	all := st.s.penaltyCardSet(off, cards, deliberate)
	menu, ok := st.s.penaltyLeadMenu(off, all)
	var picked map[bridge.Suit]bool
	if ok {
		st.cite("50D2")
		st.say("%s is to lead while %s has %s on the table: he may not lead until declarer has chosen (Law 50D2); a lead before that is itself rectified under Law 49.", menu.leader.Name(), off.Name(), playCardList(all))
		chosen, err := st.offer(st.s.declarer, menu.options()...)
		if err != nil {
			return err
		}
		picked = st.choosePenaltyLead(menu, chosen)
		st.leadersOwnPenaltyCards(menu.leader)
	}
	st.imposePenaltyCards(off, all, picked)
	return nil
}

// leadersOwnPenaltyCards says that the leader must lead his own major
// penalty card, unless the lead restriction declarer chooses forbids it
// (Law 50D1(b)).
func (st *playStep) leadersOwnPenaltyCards(leader bridge.Seat) {
	own := st.s.penaltyCardsOf(leader)
	if len(own) == 0 || !own[0].Major {
		return
	}
	st.cite("50D1(b)")
	st.say("%s must lead his own penalty card (%s) unless the lead declarer requires or prohibits forbids it, which comes first (Law 50D1(b)).", leader.Name(), playCardList(own))
}

// penaltyLead rules when the partner of off, a defender with penalty cards
// on the table, is to lead, at whatever trick (Laws 50D2, 51B): declarer's
// options are his each time, for as long as a major penalty card remains
// (50D2(b)).
func (st *playStep) penaltyLead() error {
	off := st.irr.Offender
	pcs := st.s.penaltyCardsOf(off)
	leader := off.Partner()
	_, mid := st.s.current()
	switch {
	case !st.s.IsDefender(off):
		return fmt.Errorf("rulings: penalty card lead: %s is on declarer's side, which has no penalty cards (Law 48A)", off.Name())
	case len(pcs) == 0:
		return fmt.Errorf("rulings: penalty card lead: %s has no penalty card on the table; record it among the play's penalty cards", off.Name())
	case mid || st.s.Finished() || st.s.ToPlay() != leader:
		return fmt.Errorf("rulings: penalty card lead: it is not %s's turn to lead", leader.Name())
	}
	if !pcs[0].Major {
		st.cite("50C")
		st.say("%s's %s is a minor penalty card: %s is not subject to a lead restriction and may lead any card (Law 50C).", off.Name(), pcs[0].Card.Symbol(), leader.Name())
		st.imposePenaltyCards(off, pcs, nil)
		return nil
	}
	return st.penaltyCards(off, nil, false)
}

// penaltyCardSet returns the penalty cards off has once cards join those
// on the table. A new card is major if it is of honour rank or exposed
// through deliberate play, minor if it is a single lower card exposed
// inadvertently; when off has two or more, all are major (Law 50B).
func (s PlayState) penaltyCardSet(off bridge.Seat, cards []bridge.Card, deliberate bool) []PenaltyCardOnTable {
	all := slices.DeleteFunc(s.penaltyCardsOf(off), func(p PenaltyCardOnTable) bool { return slices.Contains(cards, p.Card) })
	for _, c := range cards {
		all = append(all, PenaltyCardOnTable{Seat: off, Card: c, Major: deliberate || isHonour(c), Trick: s.trickNow(off)})
	}
	if len(all) > 1 {
		for i := range all {
			all[i].Major = true
		}
	}
	return all
}

// penaltyCardsOf returns seat's penalty cards on the table now.
func (s PlayState) penaltyCardsOf(seat bridge.Seat) []PenaltyCardOnTable {
	var out []PenaltyCardOnTable
	for _, p := range s.PenaltyCards() {
		if p.Seat == seat {
			out = append(out, p)
		}
	}
	return out
}

// isPenaltyCard reports whether c lies on the table as a penalty card.
func (s PlayState) isPenaltyCard(c bridge.Card) bool {
	return slices.ContainsFunc(s.PenaltyCards(), func(p PenaltyCardOnTable) bool { return p.Card == c })
}

// imposePenaltyCards records off's penalty cards, except those in the
// suits picked up, with what follows from them (Laws 50C, 50D1, 50E, 51A).
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
		st.say("%s must stay face up and be played at the first legal opportunity, leading, following suit, discarding or trumping (Law 50D1(a)); following suit or a lead or play restriction comes first, and the card stays on the table for the next legal opportunity (50D1(b)).", playCardList(left))
		st.cite("50D1(a)", "50D1(b)")
		if len(left) > 1 {
			st.say("When two or more of them can legally be played, declarer designates which (Law 51A).")
			st.cite("51A")
		}
		st.say("Each time %s is to lead while %s has a major penalty card, declarer first chooses among the options of Law 50D2 (51B for two or more).", off.Partner().Name(), off.Name())
	} else {
		st.say("%s is a minor penalty card: %s may not play another card of that suit below an honour until it is played, but may play an honour instead; %s has no lead restriction (Law 50C).", left[0].Card.Symbol(), off.Name(), off.Partner().Name())
		st.cite("50C")
	}
	for _, p := range left {
		law := "50C"
		if p.Major {
			law = "50D1(a)"
		}
		st.restrict(Restriction{Kind: PenaltyCard, Seat: off, Card: p.Card, Major: p.Major, Law: law,
			Reason: penaltyCardReason(p, len(all), len(left))})
	}
	st.unauthorised("information from %s's penalty card other than that it must be played is unauthorised to %s, authorised to declarer", off.Name(), off.Partner().Name())
	st.cite("50E1", "50E2")
	st.adjustable("50E3")
}

// penaltyCardReason says why p, one of n penalty cards of its owner of
// which left stay on the table, is major or minor (Law 50B). A card that
// became major as one of two or more stays major when the others go back
// to the hand.
func penaltyCardReason(p PenaltyCardOnTable, n, left int) string {
	c := p.Card.Symbol()
	switch {
	case !p.Major:
		return c + ", a single card below honour rank exposed inadvertently, is a minor penalty card (Law 50B)"
	case isHonour(p.Card):
		return c + ", a card of honour rank, is a major penalty card (Law 50B)"
	case left > 1:
		return fmt.Sprintf("%s is a major penalty card: %s has two or more penalty cards (Law 50B)", c, p.Seat.Name())
	case n > 1:
		return fmt.Sprintf("%s stays a major penalty card: it became one while %s had two or more penalty cards (Law 50B)", c, p.Seat.Name())
	}
	return c + ", exposed through deliberate play, is a major penalty card (Law 50B)"
}

// penaltyLeadMenu is declarer's choice when the offender's partner is to
// lead while the offender has a major penalty card (Law 50D2; 51B for two
// or more).
type penaltyLeadMenu struct {
	leader  bridge.Seat
	choices []penaltyLeadChoice
}

// penaltyLeadChoice is one of declarer's options: the lead it requires
// (LeadRequired) or prohibits (LeadProhibited) in suits, whose penalty
// cards go back to the offender's hand, or neither (kind 0); and the laws
// that give it, the first the one that imposes its restriction.
type penaltyLeadChoice struct {
	Option
	kind  RestrictionKind
	suits []bridge.Suit
	laws  []string
}

// options returns the menu's options, in order.
func (m penaltyLeadMenu) options() []Option {
	out := make([]Option, len(m.choices))
	for i, c := range m.choices {
		out[i] = c.Option
	}
	return out
}

// penaltyLeadMenu returns declarer's options; ok is false unless off's
// partner is to lead and the penalty cards are major. With one penalty
// card declarer may require or prohibit its suit (50D2(a)); with two or
// more in one suit the same, and all of them are picked up (51B1); with
// penalty cards in two or more suits he may require any one of those
// suits (51B2(a)) or prohibit any one or more of them (51B2(b)). Or he
// lets the leader lead any card and the penalty cards stay: 50D2(b) for
// penalty cards in one suit, 51B2(c) for two or more suits (2017 Law
// 51B2(c): declarer may elect not to require or prohibit a lead, the
// penalty cards remain, and Laws 50 and 51 continue to apply for as long
// as they remain; checked: thesmolens.com Law 51 and the French 2017 code
// of the Ecole de bridge de Toulon, Loi 51B2(c)).
func (s PlayState) penaltyLeadMenu(off bridge.Seat, pcs []PenaltyCardOnTable) (m penaltyLeadMenu, ok bool) {
	m.leader = off.Partner()
	if _, mid := s.current(); mid || s.Finished() || s.ToPlay() != m.leader || len(pcs) == 0 || !pcs[0].Major {
		return m, false
	}
	in := map[bridge.Suit][]PenaltyCardOnTable{}
	var suits []bridge.Suit
	for _, p := range pcs {
		if len(in[p.Card.Suit]) == 0 {
			suits = append(suits, p.Card.Suit)
		}
		in[p.Card.Suit] = append(in[p.Card.Suit], p)
	}
	slices.Sort(suits)
	count := func(x bridge.Suit) int { return len(in[x]) }
	back := func(set []bridge.Suit) string {
		var cards, stay []PenaltyCardOnTable
		for _, p := range pcs {
			if slices.Contains(set, p.Card.Suit) {
				cards = append(cards, p)
			} else {
				stay = append(stay, p)
			}
		}
		var out string
		switch {
		case len(pcs) == 1:
			return fmt.Sprintf("%s goes back to %s's hand and is not a penalty card", playCardList(cards), off.Name())
		case len(cards) == 1:
			out = fmt.Sprintf("%s goes back to %s's hand, and he may make any legal play to the trick", playCardList(cards), off.Name())
		default:
			out = fmt.Sprintf("%s go back to %s's hand, and he may make any legal play to the trick", playCardList(cards), off.Name())
		}
		switch {
		case len(stay) == 1:
			out += fmt.Sprintf("; %s stays on the table as a major penalty card", playCardList(stay))
		case len(stay) > 1:
			out += fmt.Sprintf("; %s stay on the table as major penalty cards", playCardList(stay))
		}
		return out
	}
	requireLaws := func(x bridge.Suit) []string {
		switch {
		case len(suits) > 1 && count(x) > 1:
			return []string{"51B2(a)", "51B1(a)"}
		case len(suits) > 1:
			return []string{"51B2(a)"}
		case count(x) > 1:
			return []string{"51B1(a)"}
		}
		return []string{"50D2(a)"}
	}
	for _, x := range suits {
		m.choices = append(m.choices, penaltyLeadChoice{
			Option: Option{
				Choice:      Choice{ID: "require-" + x.String(), Text: fmt.Sprintf("require %s to lead a %s", m.leader.Name(), playSuitWord(x))},
				Consequence: back([]bridge.Suit{x}),
			},
			kind: LeadRequired, suits: []bridge.Suit{x}, laws: requireLaws(x)})
	}
	prohibitLaw, freeLaw := "50D2(a)", "50D2(b)"
	switch {
	case len(suits) > 1:
		prohibitLaw, freeLaw = "51B2(b)", "51B2(c)"
	case count(suits[0]) > 1:
		prohibitLaw = "51B1(b)"
	}
	for _, set := range suitSubsets(suits) {
		id := "prohibit-"
		for _, x := range set {
			id += x.String()
		}
		m.choices = append(m.choices, penaltyLeadChoice{
			Option: Option{
				Choice:      Choice{ID: id, Text: fmt.Sprintf("prohibit %s from leading %s for as long as he retains the lead", m.leader.Name(), playSuitList(set))},
				Consequence: back(set),
			},
			kind: LeadProhibited, suits: set, laws: []string{prohibitLaw}})
	}
	m.choices = append(m.choices, penaltyLeadChoice{
		Option: Option{
			Choice:      Choice{ID: "free", Text: fmt.Sprintf("let %s lead any card", m.leader.Name())},
			Consequence: fmt.Sprintf("the penalty cards stay on the table, and declarer chooses again the next time %s is to lead while one remains", m.leader.Name()),
		},
		laws: []string{freeLaw}})
	for i := range m.choices {
		m.choices[i].Law = strings.Join(m.choices[i].laws, ", ")
	}
	return m, true
}

// suitSubsets returns the non-empty sets of suits, each in suits' order:
// for ♣ and ♠, {♣}, {♠}, {♣, ♠}.
func suitSubsets(suits []bridge.Suit) [][]bridge.Suit {
	var out [][]bridge.Suit
	for mask := 1; mask < 1<<len(suits); mask++ {
		var set []bridge.Suit
		for i, x := range suits {
			if mask&(1<<i) != 0 {
				set = append(set, x)
			}
		}
		out = append(out, set)
	}
	return out
}

// choosePenaltyLead records the restriction the chosen option brings and
// returns the suits whose penalty cards go back to the offender's hand.
func (st *playStep) choosePenaltyLead(m penaltyLeadMenu, chosen string) map[bridge.Suit]bool {
	picked := map[bridge.Suit]bool{}
	for _, c := range m.choices {
		if c.ID != chosen {
			continue
		}
		st.cite(c.laws...)
		switch c.kind {
		case LeadRequired:
			st.restrict(Restriction{Kind: LeadRequired, Seat: m.leader, Suits: c.suits, Law: c.laws[0],
				Reason: "must lead a " + playSuitWord(c.suits[0])})
		case LeadProhibited:
			st.restrict(Restriction{Kind: LeadProhibited, Seat: m.leader, Suits: c.suits, Law: c.laws[0],
				Reason: "may not lead " + playSuitList(c.suits) + " for as long as he retains the lead"})
		}
		for _, x := range c.suits {
			picked[x] = true
		}
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
	led := t.Cards[0].Suit
	held, _ := st.s.heldAt(off, i, led)
	// legal reports whether off could legally have played p instead of c:
	// any card when leading, a card of the suit led, or any card when void
	// in it.
	legal := func(p PenaltyCardOnTable) bool { return pos == 0 || p.Card.Suit == led || (!held && led != c.Suit) }
	pcs := st.s.penaltyCardsAt(off, i)
	var missed []PenaltyCardOnTable
	becomes := c.Symbol() + " becomes a major penalty card"
	if slices.ContainsFunc(pcs, func(p PenaltyCardOnTable) bool { return p.Card == c }) {
		becomes = c.Symbol() + " goes back on the table as a major penalty card"
		designated, err := st.designatedInstead(i, pcs, legal)
		if err != nil || designated == nil {
			return err
		}
		missed = []PenaltyCardOnTable{*designated}
	}
	for _, p := range pcs {
		switch {
		case missed != nil || p.Card == c:
		case !p.Major:
			// A minor penalty card bars only a lower card of its suit
			// (Law 50C).
			if c.Suit == p.Card.Suit && !isHonour(c) {
				missed = append(missed, p)
			}
		case legal(p):
			missed = append(missed, p)
		}
	}
	if len(missed) == 0 {
		return fmt.Errorf("rulings: penalty card not played: %s had no penalty card he could legally play instead of %s", off.Name(), c.Symbol())
	}
	st.cite("52A")
	st.say("%s may not withdraw %s on his own (Law 52A).", off.Name(), c.Symbol())
	if st.declarerPlayedSince(i, pos) {
		st.cite("52B1(b)", "52B1(c)")
		st.say("Declarer has played since from his hand or dummy, so he must accept %s (Law 52B1(b)); %s stays a penalty card (52B1(c)).", c.Symbol(), playCardList(missed))
		return nil
	}
	chosen, err := st.offer(st.s.declarer,
		Option{Choice: Choice{ID: "accept", Text: "accept " + c.Symbol()},
			Consequence: playCardList(missed) + " stays a penalty card", Law: "52B1(a), 52B1(c)"},
		Option{Choice: Choice{ID: "substitute", Text: "require " + off.Name() + " to play " + substitute(missed) + " instead"},
			Consequence: becomes, Law: "52B2"})
	switch {
	case err != nil || chosen == "":
		return err
	case chosen == "accept":
		st.cite("52B1(a)", "52B1(c)")
		return nil
	}
	st.cite("52B2")
	st.restrict(Restriction{Kind: PenaltyCard, Seat: off, Card: c, Major: true, Law: "52B2",
		Reason: fmt.Sprintf("%s, played illegally, is a major penalty card", c.Symbol())})
	return nil
}

// designatedInstead rules on a defender who played Card, itself one of his
// penalty cards pcs, to trick i. That is no failure to play a penalty card
// (Law 50D1(a)) unless another of them could legally be played too, so that
// declarer designates which (2017 Law 51A: "If it is a defender's turn to
// play and that defender has two or more penalty cards that can legally be
// played, declarer designates which is to be played at that turn"), and he
// had designated another: then Law 52 applies to the one designated, which
// designatedInstead returns. It returns nil while the director has not
// said, and an error when there was no failure.
func (st *playStep) designatedInstead(i int, pcs []PenaltyCardOnTable, legal func(PenaltyCardOnTable) bool) (*PenaltyCardOnTable, error) {
	off, c := st.irr.Offender, st.irr.Card
	var others []PenaltyCardOnTable
	choices := []Choice{}
	for _, p := range pcs {
		if p.Card != c && p.Major && legal(p) {
			others = append(others, p)
			choices = append(choices, Choice{ID: p.Card.String(), Text: "yes, " + p.Card.Symbol()})
		}
	}
	noFailure := fmt.Errorf("rulings: penalty card not played: %s played %s, itself one of his penalty cards, to trick %d, as Law 50D1(a) requires", off.Name(), c.Symbol(), i+1)
	if len(others) == 0 {
		return nil, fmt.Errorf("%w; no other penalty card of his could legally be played, so there was no failure to play a penalty card (Law 52)", noFailure)
	}
	choices = append(choices, Choice{ID: "none", Text: "no"})
	a, err := st.ask(Question{ID: "designated", Law: "51A", Choices: choices,
		Text: fmt.Sprintf("%s played %s, one of his penalty cards; %s could legally be played too. Had declarer designated another penalty card to be played (Law 51A), and which?", off.Name(), c.Symbol(), playCardList(others))})
	switch {
	case err != nil || a == "":
		return nil, err
	case a == "none":
		return nil, fmt.Errorf("%w; declarer had designated no other (Law 51A), so there was no failure to play a penalty card (Law 52)", noFailure)
	}
	i = slices.IndexFunc(others, func(p PenaltyCardOnTable) bool { return p.Card.String() == a })
	st.cite("51A")
	st.say("Declarer had designated %s (Law 51A), but %s played %s.", others[i].Card.Symbol(), off.Name(), c.Symbol())
	return &others[i], nil
}

// substitute names what declarer may require instead of the card played:
// the penalty card, or "a penalty card" when there are several.
func substitute(missed []PenaltyCardOnTable) string {
	if len(missed) == 1 {
		return missed[0].Card.Symbol()
	}
	return "a penalty card"
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
