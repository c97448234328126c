package rulings

import (
	"fmt"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// exposedCard rules on a card exposed or led during the auction period (Law
// 24, 2017). The card stays face up until the auction ends; a single card
// below honour rank that was not led prematurely has no further
// rectification (24A); an honour or a card led prematurely (24B), or two or
// more cards (24C), bar partner at his next turn. The cards exposed are
// Card and Cards: two or more listed are 24C without asking. If the offender becomes
// declarer or dummy the cards go back to his hand (24D); if he becomes a
// defender each becomes a penalty card (24E, Law 50).
//
// 2017 Law 24E: if the offender is to become a defender every such card
// becomes a penalty card (see Laws 50 and 51); whether it is major or minor
// is Law 50B, not 24 (a single card below honour rank exposed
// unintentionally is minor; an honour, a card exposed through deliberate
// play such as a premature lead, or two or more penalty cards are major).
// (Checked: EBU TD forum "Card exposed during the auction" quoting 2017
// Laws 24 and 50B.)
func (c *auctionCase) exposedCard() {
	cards := append([]bridge.Card{c.irr.Card}, c.irr.Cards...)
	list := make([]string, len(cards))
	for i, card := range cards {
		list[i] = card.Symbol()
	}
	named := strings.Join(list, " and ")
	single := len(cards) == 1
	led := false
	if single && !isHonour(cards[0]) {
		var ok bool
		if led, ok = c.yes(question("led", "24B", "Was %s's %s led prematurely, rather than exposed (dropped, or seen by partner)?",
			c.offender.Name(), named)); !ok {
			return
		}
	}
	c.cite("24", "16C1", "16C2")
	c.ruling.Unauthorised = append(c.ruling.Unauthorised, fmt.Sprintf(
		"the exposed %s: authorised information for %s and unauthorised for %s",
		named, sideName(c.offender.Side().Opponents()), sideName(c.offender.Side())))
	law := "24A"
	switch {
	case !single:
		law = "24C"
	case isHonour(cards[0]) || led:
		law = "24B"
	}
	c.cite(law)
	minor := law == "24A"
	stay := "stays"
	if !single {
		stay = "stay"
	}
	if minor {
		c.summary("%s's %s stays face up on the table until the auction ends; there is no further rectification.", c.offender.Name(), named)
	} else {
		c.summary("%s's %s %s face up on the table until the auction ends, and %s must pass when next it is his turn to call.",
			c.offender.Name(), named, stay, c.partner.Name())
		if !c.a.Ended() {
			c.passNextTurn(c.partner, law)
		}
		c.cite("72C")
		c.mayAdjust("72C")
	}
	c.cite("24D", "24E", "50B")
	for _, card := range cards {
		c.ruling.Restrictions = append(c.ruling.Restrictions, Restriction{
			Kind: PenaltyCard, Seat: c.offender, Card: card, Major: !minor, Law: "24E",
			Reason: fmt.Sprintf("if %s becomes a defender, the %s is %s (Law 50B); if he becomes declarer or dummy it goes back to his hand (24D)",
				c.offender.Name(), card.Symbol(), auctionPenaltyKind(minor, single)),
		})
	}
}

// auctionPenaltyKind says what penalty card a card exposed in the auction
// becomes for a defender (Law 50B): minor for a single low card not led,
// major for an honour or a card led, and major as one of two or more.
func auctionPenaltyKind(minor, single bool) string {
	switch {
	case minor:
		return "a minor penalty card"
	case single:
		return "a major penalty card"
	}
	return "a major penalty card, as one of two or more penalty cards"
}
