package rulings

import (
	"fmt"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// specifiedSuitsAnswer is the question the Law 26B lead restriction asks:
// the suits the offender has specified in the legal auction, answered with
// suit letters ("SH") or "none".
const specifiedSuitsAnswer = "specified_suits"

// readSpecified reads the director's answer naming the suits the offender
// has specified in the legal auction, when it is given; an answer that
// names no suits is an error.
func (c *auctionCase) readSpecified() error {
	s, ok := c.ans[specifiedSuitsAnswer]
	if !ok {
		return nil
	}
	suits, err := ParseSpecifiedSuits(s)
	if err != nil {
		return &AnswerError{ID: specifiedSuitsAnswer, Err: err}
	}
	for _, suit := range suits {
		c.specified[suit] = true
	}
	c.specifiedKnown = true
	return nil
}

// specifiedQuestion asks which suits the offender has specified. Whether a
// call specifies a suit is a matter of its meaning (a transfer specifies
// the suit above it, Stayman no suit), so the director judges; the suits
// the offender has bid (and the replacement call, if a bid) are the
// suggested answer.
func (c *auctionCase) specifiedQuestion() Question {
	calls := c.a.Calls()
	if c.irr.Replacement != nil {
		calls = append(calls, CallRecord{Seat: c.offender, Call: *c.irr.Replacement})
	}
	var bid [4]bool
	for _, r := range calls {
		if suit, ok := r.Call.Strain.Suit(); ok && r.Seat == c.offender && r.Call.IsBid() {
			bid[suit] = true
		}
	}
	var id, names []string
	for _, s := range bridge.Suits {
		if bid[s] {
			id = append(id, s.String())
			names = append(names, s.Symbol())
		}
	}
	choices := []Choice{{"none", "none"}}
	if len(id) > 0 {
		choices = append([]Choice{{strings.Join(id, ""), "the suits he has bid: " + strings.Join(names, " ")}}, choices...)
	}
	return Question{ID: specifiedSuitsAnswer, Law: "26B", Choices: choices, Text: fmt.Sprintf(
		"Which suits has %s specified in the legal auction (shown length, a control or shortness in them)? Answer with suit letters, such as \"SH\", or \"none\".",
		c.offender.Name())}
}

// ParseSpecifiedSuits reads the director's answer naming the suits an
// offender has specified: suit letters or symbols in any case, separated or
// not ("SH", "s, h", "♠♥"), or "none".
func ParseSpecifiedSuits(s string) ([]bridge.Suit, error) {
	t := strings.TrimSpace(s)
	if strings.EqualFold(t, "none") {
		return nil, nil
	}
	var suits []bridge.Suit
	seen := map[bridge.Suit]bool{}
	for _, r := range t {
		if r == ' ' || r == ',' {
			continue
		}
		suit, err := bridge.ParseSuit(string(r))
		if err != nil {
			return nil, fmt.Errorf("rulings: answer %s %q: %w", specifiedSuitsAnswer, s, err)
		}
		if !seen[suit] {
			seen[suit] = true
			suits = append(suits, suit)
		}
	}
	if len(suits) == 0 {
		return nil, fmt.Errorf("rulings: answer %s %q: name the suits (\"SH\") or say \"none\"", specifiedSuitsAnswer, s)
	}
	return suits, nil
}

// leadRestrictionUnlessComparable applies Law 26 once the director has
// judged whether the withdrawn call was replaced by a comparable call: none
// if it was (26A), otherwise the 26B restriction.
func (c *auctionCase) leadRestrictionUnlessComparable(comparable bool) {
	if comparable {
		c.cite("26A")
		c.mayAdjust("23C")
		return
	}
	c.leadRestriction()
}

// leadRestriction adds the Law 26B restriction (2017): if the offender
// becomes a defender, declarer may, at the offender's partner's first turn
// to lead (the opening lead included), prohibit the lead of any one suit
// the offender has not specified in the legal auction, for as long as the
// partner keeps the lead. The 2017 Laws no longer let declarer require a
// lead. The restriction, a LeadProhibitedOneOf, lists the suits declarer may
// choose one from; the list is as the auction stands now and is settled
// when it ends. (Checked: 2017 Law 26B as amended, quoted on the NZ Bridge
// forum; the 2007 26A2 "require" option is gone.)
func (c *auctionCase) leadRestriction() {
	if c.pending() {
		return
	}
	if !c.specifiedKnown {
		q := c.specifiedQuestion()
		c.ruling.Asked = append(c.ruling.Asked, q.ID)
		c.ruling.Questions = []Question{q}
		c.ruling.Summary = judgementNeeded(c.ruling.Questions)
		return
	}
	var free []bridge.Suit
	var names []string
	for _, s := range bridge.Suits {
		if !c.specified[s] {
			free = append(free, s)
			names = append(names, s.Symbol())
		}
	}
	c.cite("26B")
	if len(free) == 0 {
		return
	}
	c.ruling.Restrictions = append(c.ruling.Restrictions, Restriction{
		Kind:  LeadProhibitedOneOf,
		Seat:  c.partner,
		Suits: free,
		Law:   "26B",
		Reason: fmt.Sprintf("if %s becomes a defender, declarer may prohibit %s from leading one of %s (suits %s has not specified) at his first turn to lead, for as long as he keeps the lead",
			c.offender.Name(), c.partner.Name(), strings.Join(names, " "), c.offender.Name()),
	})
}
