package dealing

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// DiscrepancyKind says what is wrong with the cards found in a board.
type DiscrepancyKind uint8

// The discrepancies a director meets when a board is fouled or a card is missing.
const (
	// WrongCount: a pocket holds more or fewer than 13 cards (Law 13).
	WrongCount DiscrepancyKind = iota + 1
	// MissingCard: a card is in no pocket of the board (Law 14).
	MissingCard
	// MisplacedCard: a card is in the pocket of a hand it does not belong to; a
	// board played that way is fouled (Law 87A).
	MisplacedCard
	// SurplusCard: a second copy of a card, which its own hand holds as well: a
	// card of another pack, not part of the deal, to be removed (Law 13).
	SurplusCard
)

// Discrepancy is one thing wrong with the cards found in a board.
type Discrepancy struct {
	Kind DiscrepancyKind
	// Seat is the pocket concerned: the one with the wrong count, the one a
	// misplaced or surplus card was found in, or the one a missing card is
	// missing from.
	Seat bridge.Seat
	// Card is the card concerned; zero for WrongCount.
	Card bridge.Card
	// Owner is the hand Card belongs to; for a missing card it is Seat.
	Owner bridge.Seat
	// Count is the number of cards in the pocket, for WrongCount.
	Count int
}

// Law returns the law the director applies to d: "13", "14" or "87A".
func (d Discrepancy) Law() string {
	switch d.Kind {
	case MissingCard:
		return "14"
	case MisplacedCard:
		return "87A"
	}
	return "13"
}

// String describes d for the director, as in
// "the ♥Q found in East's pocket belongs to South (Law 87A)".
func (d Discrepancy) String() string {
	var what string
	switch d.Kind {
	case WrongCount:
		what = fmt.Sprintf("%s's pocket holds %d cards, not 13", d.Seat.Name(), d.Count)
	case MissingCard:
		what = fmt.Sprintf("the %s is missing from %s's pocket and is nowhere in the board", d.Card.Symbol(), d.Seat.Name())
	case MisplacedCard:
		what = fmt.Sprintf("the %s found in %s's pocket belongs to %s", d.Card.Symbol(), d.Seat.Name(), d.Owner.Name())
	case SurplusCard:
		what = fmt.Sprintf("the %s found in %s's pocket is a second %s, from another pack: %s holds the %s",
			d.Card.Symbol(), d.Seat.Name(), d.Card.Symbol(), d.Owner.Name(), d.Card.Symbol())
	default:
		return fmt.Sprintf("unknown discrepancy %d", d.Kind)
	}
	return what + " (Law " + d.Law() + ")"
}

// Reconstruction is the director's restoration of a board: the deal the board
// must hold, and every discrepancy between it and the cards found.
type Reconstruction struct {
	Deal          bridge.Deal
	Discrepancies []Discrepancy
}

// Clean reports whether the cards found were the deal, with nothing to correct.
func (r Reconstruction) Clean() bool { return len(r.Discrepancies) == 0 }

// String lists the discrepancies one to a line, or says there are none.
func (r Reconstruction) String() string {
	if r.Clean() {
		return "every pocket holds its 13 cards: nothing to correct"
	}
	lines := make([]string, len(r.Discrepancies))
	for i, d := range r.Discrepancies {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// Reconstruct compares the hands found in the four pockets of a board with the
// deal recorded for it and restores the recorded deal.
//
// Law 13 (incorrect number of cards): when a pocket holds the wrong number of
// cards the director corrects the discrepancy before play, and removes a
// surplus card that is not part of the deal. Law 14 (missing card): a card
// missing from a hand is searched for and restored to the deficient hand; if it
// cannot be found the deal is reconstructed as nearly as can be with a card of
// another pack, and the restored card is deemed to have belonged to that hand
// all along. A card in the wrong pocket makes the board fouled if it is played
// so (Law 87A). Whether the board can still be played, and any adjusted score,
// remain the director's judgement; Reconstruct only says what is wrong.
//
// The discrepancies come as pocket counts, North first, then the cards, spades
// first and highest first. The record must be a whole deal, and the found
// hands must hold only cards.
func Reconstruct(record bridge.Deal, found [4]bridge.Hand) (Reconstruction, error) {
	if err := record.Validate(); err != nil {
		return Reconstruction{}, fmt.Errorf("dealing: reconstruct: the record is not a whole deal: %w", err)
	}
	if err := checkPockets(found); err != nil {
		return Reconstruction{}, fmt.Errorf("dealing: reconstruct: %w", err)
	}
	r := Reconstruction{Deal: record, Discrepancies: countDiscrepancies(found)}
	var differ, all bridge.Hand
	for _, s := range bridge.Seats {
		differ |= found[s] ^ record[s]
		all |= found[s]
	}
	for _, c := range differ.Cards() {
		owner, _ := record.Holder(c)
		if !all.Has(c) {
			r.Discrepancies = append(r.Discrepancies, Discrepancy{Kind: MissingCard, Seat: owner, Card: c, Owner: owner})
			continue
		}
		kind := MisplacedCard
		if found[owner].Has(c) {
			kind = SurplusCard
		}
		for _, s := range bridge.Seats {
			if s != owner && found[s].Has(c) {
				r.Discrepancies = append(r.Discrepancies, Discrepancy{Kind: kind, Seat: s, Card: c, Owner: owner})
			}
		}
	}
	return r, nil
}

// ErrAmbiguous is the error of ReconstructWithoutRecord when the cards found
// leave more than one deal possible.
var ErrAmbiguous = errors.New("without a record the cards cannot be placed unambiguously")

// ReconstructWithoutRecord restores a deal from the cards found when no record
// of the deal exists. That is possible when no card is in two pockets, no
// pocket holds more than 13 cards, and at most one hand is short: the cards
// missing from the board then belong to that hand (Law 14), and the
// Reconstruction gives it them and lists them. Otherwise the error wraps
// ErrAmbiguous and says what cannot be told: which of a hand's 14 cards belongs
// elsewhere, which copy of a card is the right one, or which short hand each
// missing card belongs to. Cards exchanged between hands that still hold 13
// each leave a good deal, and only a record shows them.
func ReconstructWithoutRecord(found [4]bridge.Hand) (Reconstruction, error) {
	if err := checkPockets(found); err != nil {
		return Reconstruction{}, fmt.Errorf("dealing: reconstruct: %w", err)
	}
	if problems := ambiguities(found); problems != nil {
		return Reconstruction{}, fmt.Errorf("dealing: %w: %s", ErrAmbiguous, strings.Join(problems, "; "))
	}
	r := Reconstruction{Deal: bridge.Deal(found), Discrepancies: countDiscrepancies(found)}
	missing := bridge.FullDeck &^ (found[0] | found[1] | found[2] | found[3])
	for _, s := range bridge.Seats {
		if found[s].Len() < 13 { // the one short hand: ambiguities allows no other
			r.Deal[s] |= missing
			for _, c := range missing.Cards() {
				r.Discrepancies = append(r.Discrepancies, Discrepancy{Kind: MissingCard, Seat: s, Card: c, Owner: s})
			}
		}
	}
	return r, nil
}

// ambiguities says why the cards found leave more than one deal possible: a card
// in two pockets, a pocket with more than 13 cards, or missing cards that more
// than one short hand could take. It returns nil when one deal only is possible;
// otherwise it names the short pockets as well.
func ambiguities(found [4]bridge.Hand) []string {
	var all, twice bridge.Hand
	for _, h := range found {
		twice |= all & h
		all |= h
	}
	var problems, counts []string
	for _, c := range twice.Cards() {
		problems = append(problems, fmt.Sprintf("the %s is in the pockets of %s", c.Symbol(), seatList(holders(found, c))))
	}
	short := 0
	for _, s := range bridge.Seats {
		switch n := found[s].Len(); {
		case n < 13:
			short++
			counts = append(counts, fmt.Sprintf("%s's pocket holds %d cards", s.Name(), n))
		case n > 13:
			problems = append(problems, fmt.Sprintf("which of %s's %d cards belong elsewhere cannot be told", s.Name(), n))
		}
	}
	if missing := bridge.FullDeck &^ all; short > 1 && missing != 0 {
		problems = append(problems, fmt.Sprintf("%s missing and %d hands are short", cardList(missing), short))
	}
	if problems == nil {
		return nil
	}
	return append(problems, counts...)
}

// checkPockets returns an error when a found hand holds bits that are no card.
func checkPockets(found [4]bridge.Hand) error {
	for _, s := range bridge.Seats {
		if found[s]&^bridge.FullDeck != 0 {
			return fmt.Errorf("%s's pocket holds bits beyond the 52 cards", s.Name())
		}
	}
	return nil
}

// countDiscrepancies lists the pockets that do not hold 13 cards.
func countDiscrepancies(found [4]bridge.Hand) []Discrepancy {
	var ds []Discrepancy
	for _, s := range bridge.Seats {
		if n := found[s].Len(); n != 13 {
			ds = append(ds, Discrepancy{Kind: WrongCount, Seat: s, Count: n})
		}
	}
	return ds
}

// holders returns the seats whose pockets hold c.
func holders(found [4]bridge.Hand, c bridge.Card) []bridge.Seat {
	var seats []bridge.Seat
	for _, s := range bridge.Seats {
		if found[s].Has(c) {
			seats = append(seats, s)
		}
	}
	return seats
}

// seatList names seats for a message: "North and South".
func seatList(seats []bridge.Seat) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.Name()
	}
	return andList(names)
}

// cardList names the cards of h for a message, with the verb that follows:
// "the ♠7 is", "the ♠7 and ♥2 are", "5 cards are".
func cardList(h bridge.Hand) string {
	cards := h.Cards()
	if len(cards) > 4 {
		return fmt.Sprintf("%d cards are", len(cards))
	}
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = c.Symbol()
	}
	if len(cards) == 1 {
		return "the " + names[0] + " is"
	}
	return "the " + andList(names) + " are"
}

// andList joins words as English does: "a", "a and b", "a, b and c".
func andList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
