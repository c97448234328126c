package rulings

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// DesignationKind is the form of declarer's words calling a card from dummy.
type DesignationKind uint8

// The forms Law 46B interprets.
const (
	// DesignateHigh: "high", "top" — the highest card (46B1(a)).
	DesignateHigh DesignationKind = iota + 1
	// DesignateLow: "low", "small" — the lowest card (46B1(c)).
	DesignateLow
	// DesignateWin: "win" — the lowest card known to win (46B1(b)).
	DesignateWin
	// DesignateSuit: a suit but no rank — the lowest of it (46B2).
	DesignateSuit
	// DesignateRank: a rank but no suit (46B3).
	DesignateRank
	// DesignateCard: suit and rank (46A; 46B4 when dummy lacks it).
	DesignateCard
	// DesignateAnything: "play anything" — either defender chooses (46B5).
	DesignateAnything
)

// Designation is declarer's call of a card from dummy as words say it.
type Designation struct {
	Kind DesignationKind
	// Suit is named by "low club", "spade", "SQ"; HasSuit says so.
	Suit    bridge.Suit
	HasSuit bool
	// Rank is named by "queen", "SQ".
	Rank bridge.Rank
}

var designationWords = map[string]DesignationKind{
	"high": DesignateHigh, "top": DesignateHigh, "highest": DesignateHigh,
	"low": DesignateLow, "small": DesignateLow, "lowest": DesignateLow, "little": DesignateLow,
	"win": DesignateWin, "winner": DesignateWin,
	"anything": DesignateAnything, "any": DesignateAnything, "whatever": DesignateAnything,
}

var designationSuits = map[string]bridge.Suit{
	"club": bridge.Clubs, "clubs": bridge.Clubs, "diamond": bridge.Diamonds, "diamonds": bridge.Diamonds,
	"heart": bridge.Hearts, "hearts": bridge.Hearts, "spade": bridge.Spades, "spades": bridge.Spades,
}

var designationRanks = map[string]bridge.Rank{
	"ace": bridge.Ace, "king": bridge.King, "queen": bridge.Queen, "jack": bridge.Jack, "ten": bridge.Ten,
	"nine": bridge.Nine, "eight": bridge.Eight, "seven": bridge.Seven, "six": bridge.Six,
	"five": bridge.Five, "four": bridge.Four, "three": bridge.Three, "two": bridge.Two,
}

// designationFiller are words that say nothing about the card.
var designationFiller = map[string]bool{"play": true, "the": true, "a": true, "of": true, "please": true, "card": true}

// ParseDesignation reads declarer's words calling a card from dummy: "low",
// "high heart", "win", "spade", "queen", "SQ", "queen of spades", "play
// anything", in any case. Words that name nothing ("play", "the", "please")
// are skipped.
func ParseDesignation(s string) (Designation, error) {
	var d Designation
	hasRank := false
	for _, w := range strings.Fields(strings.ToLower(s)) {
		if designationFiller[w] {
			continue
		}
		k, isWord := designationWords[w]
		suit, isSuit := designationSuits[w]
		rank, isRank := designationRanks[w]
		if !isSuit {
			suit, isSuit = playParseSuit(w)
		}
		if !isRank {
			r, err := bridge.ParseRank(w)
			rank, isRank = r, err == nil
		}
		card, cardErr := bridge.ParseCard(w)
		switch {
		case isWord && d.Kind == 0 && !hasRank:
			d.Kind = k
		case isSuit && !d.HasSuit:
			d.Suit, d.HasSuit = suit, true
		case isRank && !hasRank && d.Kind == 0:
			d.Rank, hasRank = rank, true
		case cardErr == nil && !hasRank && !d.HasSuit && d.Kind == 0:
			d.Suit, d.HasSuit, d.Rank, hasRank = card.Suit, true, card.Rank, true
		default:
			return Designation{}, fmt.Errorf("rulings: designation %q: cannot read %q (want words like low, high, win, a suit, a rank, or a card like SQ)", s, w)
		}
	}
	switch {
	case d.Kind == DesignateAnything && d.HasSuit:
		return Designation{}, fmt.Errorf("rulings: designation %q: \"anything\" cannot name a suit", s)
	case d.Kind != 0:
	case hasRank && d.HasSuit:
		d.Kind = DesignateCard
	case hasRank:
		d.Kind = DesignateRank
	case d.HasSuit:
		d.Kind = DesignateSuit
	default:
		return Designation{}, fmt.Errorf("rulings: designation %q names no card", s)
	}
	return d, nil
}

// playParseSuit reads a suit letter or symbol.
func playParseSuit(w string) (bridge.Suit, bool) {
	s, err := bridge.ParseSuit(w)
	return s, err == nil
}

// incompleteDesignation rules on declarer's incomplete or wrong call of a
// card from dummy (Law 46B).
func (st *playStep) incompleteDesignation() error {
	dummy := st.s.Dummy()
	if st.irr.Offender != st.s.declarer {
		return fmt.Errorf("rulings: designation: only declarer calls cards from dummy, not %s", st.irr.Offender.Name())
	}
	if st.s.ToPlay() != dummy {
		return fmt.Errorf("rulings: designation: it is %s's turn, not dummy's", st.s.ToPlay().Name())
	}
	d, err := ParseDesignation(st.irr.Designation)
	if err != nil {
		return err
	}
	different, pending, err := st.yes("incontrovertible", "46B", "Is declarer's different intention incontrovertible?")
	if err != nil || pending {
		return err
	}
	if different {
		st.cite("46B")
		st.say("Declarer's intention is incontrovertible: the card he intended is played from dummy.")
		return nil
	}
	card, found, law, rule := st.designatedCard(d)
	st.cite(law)
	if !found {
		st.say("%s (Law %s).", rule, law)
		return nil
	}
	st.say("%s: %s is played from dummy (Law %s).", rule, card.Symbol(), law)
	return nil
}

// designatedCard applies Law 46B to d: the card deemed called, when the
// deal shows it, with the law and the rule in words.
func (st *playStep) designatedCard(d Designation) (card bridge.Card, found bool, law, rule string) {
	t, mid := st.s.current()
	var led bridge.Suit
	if mid {
		led = t.Cards[0].Suit
	}
	suit, hasSuit := d.Suit, d.HasSuit
	if !hasSuit && mid {
		suit, hasSuit = led, true
	}
	legal := st.dummyLegalCards()
	switch d.Kind {
	case DesignateAnything:
		return card, false, "46B5", "Declarer designated no card: either defender may designate the card dummy plays"
	case DesignateCard:
		c := bridge.Card{Suit: d.Suit, Rank: d.Rank}
		if st.s.hasDeal && !slices.Contains(legal, c) {
			return card, false, "46B4", fmt.Sprintf("%s is not a card dummy can play: the call is void and declarer may designate any legal card", c.Symbol())
		}
		return c, true, "45C4(a)", "Declarer named the card"
	case DesignateRank:
		if !mid && st.s.dummyWonLastTrick() {
			w := st.s.tricks[len(st.s.tricks)-1]
			c, _ := w.CardOf(st.s.Dummy())
			want := bridge.Card{Suit: c.Suit, Rank: d.Rank}
			if !st.s.hasDeal || slices.Contains(legal, want) {
				return want, st.s.hasDeal, "46B3(a)", fmt.Sprintf("Declarer named a rank when leading: he continues %ss, the suit with which dummy won the last trick", playSuitWord(c.Suit))
			}
		}
		var same []bridge.Card
		for _, c := range legal {
			if c.Rank == d.Rank {
				same = append(same, c)
			}
		}
		switch {
		case !st.s.hasDeal:
			return card, false, "46B3(b)", "Declarer must play a card of the rank named if he legally can; with two or more he designates which"
		case len(same) == 1:
			return same[0], true, "46B3(b)", "Declarer named a rank: dummy's only legal card of that rank"
		case len(same) > 1:
			return card, false, "46B3(b)", "Dummy can legally play two or more cards of the rank named: declarer designates which"
		}
		return card, false, "46B4", "Dummy has no legal card of the rank named: the call is void and declarer may designate any legal card"
	}
	if !hasSuit {
		return card, false, "46A", "Declarer named no suit on a lead from dummy: he must designate the card by suit and rank"
	}
	var inSuit []bridge.Card
	for _, c := range legal {
		if c.Suit == suit {
			inSuit = append(inSuit, c)
		}
	}
	if st.s.hasDeal && len(inSuit) == 0 {
		return card, false, "46B4", fmt.Sprintf("Dummy can play no %s: the call is void and declarer may designate any legal card", playSuitWord(suit))
	}
	law, rule = map[DesignationKind]string{DesignateHigh: "46B1(a)", DesignateLow: "46B1(c)", DesignateSuit: "46B2", DesignateWin: "46B1(b)"}[d.Kind],
		map[DesignationKind]string{DesignateHigh: "\"High\" calls the highest " + playSuitWord(suit), DesignateLow: "\"Low\" calls the lowest " + playSuitWord(suit),
			DesignateSuit: "A suit without a rank calls the lowest " + playSuitWord(suit), DesignateWin: "\"Win\" calls the lowest card known to win the trick"}[d.Kind]
	if !st.s.hasDeal {
		return card, false, law, rule
	}
	switch d.Kind {
	case DesignateHigh:
		return inSuit[len(inSuit)-1], true, law, rule
	case DesignateWin:
		if c, ok := st.lowestKnownWinner(inSuit); ok {
			return c, true, law, rule
		}
		return card, false, "46A", "No card of dummy's is known to win the trick: declarer must designate the card"
	}
	return inSuit[0], true, law, rule
}

// lowestKnownWinner returns the lowest of cards that beats the trick so far
// and that no card unseen by declarer can beat: when dummy plays last, any
// card that beats the trick.
func (st *playStep) lowestKnownWinner(cards []bridge.Card) (bridge.Card, bool) {
	t, mid := st.s.current()
	if !mid {
		return bridge.Card{}, false
	}
	last := len(t.Cards) == 3
	for _, c := range cards {
		trial := Trick{Leader: t.Leader, Cards: append(append([]bridge.Card(nil), t.Cards...), c)}
		if trial.winning(st.s.contract.Strain) != len(t.Cards) {
			continue
		}
		if last || st.s.master(c) {
			return c, true
		}
	}
	return bridge.Card{}, false
}

// master reports whether no card still in the defenders' or declarer's hands
// outranks c in its suit. It needs the deal.
func (s PlayState) master(c bridge.Card) bool {
	for r := c.Rank + 1; r <= bridge.Ace; r++ {
		higher := bridge.Card{Suit: c.Suit, Rank: r}
		if !s.played(higher) && !s.deal[s.Dummy()].Has(higher) {
			return false
		}
	}
	return true
}

// dummyLegalCards returns dummy's cards that may legally be played now,
// lowest first; nil without the deal.
func (st *playStep) dummyLegalCards() []bridge.Card {
	if !st.s.hasDeal {
		return nil
	}
	hand := st.s.deal[st.s.Dummy()]
	for _, t := range st.s.tricks {
		if c, ok := t.CardOf(st.s.Dummy()); ok {
			hand = hand.Remove(c)
		}
	}
	if t, mid := st.s.current(); mid && hand.SuitLen(t.Cards[0].Suit) > 0 {
		var follow bridge.Hand
		for _, c := range hand.Cards() {
			if c.Suit == t.Cards[0].Suit {
				follow = follow.Add(c)
			}
		}
		hand = follow
	}
	cards := hand.Cards()
	slices.SortFunc(cards, func(a, b bridge.Card) int { return a.Index() - b.Index() })
	return cards
}

// dummyWonLastTrick reports whether dummy won the last complete trick.
func (s PlayState) dummyWonLastTrick() bool {
	w, ok := s.TrickWinner(len(s.tricks) - 1)
	return ok && w == s.Dummy()
}
