package bridge

import (
	"fmt"
	"strings"
)

// Deal is the four hands of a board, indexed by Seat.
type Deal [4]Hand

// Holder returns the seat that holds c; ok is false when no hand holds it.
func (d Deal) Holder(c Card) (seat Seat, ok bool) {
	for _, s := range Seats {
		if d[s].Has(c) {
			return s, true
		}
	}
	return 0, false
}

// Validate reports what is wrong with d, or nil: a deal has 52 distinct cards, 13
// in each hand. The error lists every problem found, as in
// "bridge: deal: North holds 12 cards; the ♦7 is missing".
func (d Deal) Validate() error {
	if problems := d.problems(); problems != "" {
		return fmt.Errorf("bridge: deal: %s", problems)
	}
	return nil
}

// problems returns what is wrong with d, separated by semicolons, or "".
func (d Deal) problems() string {
	var found []string
	for _, s := range Seats {
		if d[s]&^FullDeck != 0 {
			found = append(found, fmt.Sprintf("%s's hand has bits set beyond the 52 cards", s.Name()))
		}
		if n := d[s].Len(); n != 13 {
			found = append(found, fmt.Sprintf("%s holds %d cards", s.Name(), n))
		}
	}
	var all, twice Hand
	for _, h := range d {
		twice |= all & h
		all |= h
	}
	for _, c := range twice.Cards() {
		found = append(found, fmt.Sprintf("the %s is held by %s", c.Symbol(), d.holderNames(c)))
	}
	missing := FullDeck &^ all
	switch n := missing.Len(); {
	case n == 1:
		found = append(found, fmt.Sprintf("the %s is missing", missing.Cards()[0].Symbol()))
	case n > 1 && n <= 4:
		found = append(found, fmt.Sprintf("the %s are missing", symbolList(missing.Cards())))
	case n > 4:
		found = append(found, fmt.Sprintf("%d cards are missing", n))
	}
	return strings.Join(found, "; ")
}

// holderNames names every seat that holds c: "North and South".
func (d Deal) holderNames(c Card) string {
	var names []string
	for _, s := range Seats {
		if d[s].Has(c) {
			names = append(names, s.Name())
		}
	}
	return andList(names)
}

// symbolList writes cards for a message: "♠A, ♥2 and ♦7".
func symbolList(cards []Card) string {
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = c.Symbol()
	}
	return andList(names)
}

// andList joins words as English does: "a", "a and b", "a, b and c".
func andList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// PBN returns the deal as the PBN Deal tag writes it: the first seat, a colon, and
// the four hands clockwise from it, separated by spaces:
// "N:AKQ.JT9.876.5432 ...".
func (d Deal) PBN(first Seat) string {
	var b strings.Builder
	b.WriteString(first.String())
	b.WriteByte(':')
	for i := range Seats {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(d[(first+Seat(i))%4].String())
	}
	return b.String()
}

// String returns the deal in PBN form starting with North.
func (d Deal) String() string { return d.PBN(North) }

// ParsePBNDeal reads the value of a PBN Deal tag: a seat letter (any case), a colon,
// and four hands clockwise from that seat as ParseHand reads them, separated by
// white space. The deal must be complete and valid; an unknown hand ("-") is an error.
func ParsePBNDeal(s string) (Deal, error) {
	t := strings.TrimSpace(s)
	first, hands, ok := strings.Cut(t, ":")
	seat, err := ParseSeat(first)
	if !ok || err != nil {
		return Deal{}, parseError("deal", s, `want the first seat and a colon, like "N:", then four hands`)
	}
	fields := strings.Fields(hands)
	if len(fields) != 4 {
		return Deal{}, parseError("deal", s, "want 4 hands separated by spaces, found %d", len(fields))
	}
	var d Deal
	for i, field := range fields {
		at := (seat + Seat(i)) % 4
		if field == "-" {
			return Deal{}, parseError("deal", s, `the hand of %s is unknown ("-"); a deal needs all four hands`, at.Name())
		}
		h, problem := parseHand(field)
		if problem != "" {
			return Deal{}, parseError("deal", s, "the hand of %s: %s", at.Name(), problem)
		}
		d[at] = h
	}
	if problems := d.problems(); problems != "" {
		return Deal{}, parseError("deal", s, "%s", problems)
	}
	return d, nil
}

// MarshalText writes the deal as String does.
func (d Deal) MarshalText() ([]byte, error) { return marshalText("deal", d, d.Validate() == nil) }

// UnmarshalText reads a deal as ParsePBNDeal does.
func (d *Deal) UnmarshalText(b []byte) error { return unmarshalText(d, b, ParsePBNDeal) }
