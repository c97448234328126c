package bridge

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// Shape returns the number of cards h holds in each suit, in the order the hand
// is written: spades, hearts, diamonds, clubs.
func (h Hand) Shape() [4]int {
	var shape [4]int
	for i, s := range pbnSuitOrder {
		shape[i] = h.SuitLen(s)
	}
	return shape
}

// ShapeString writes the shape suit by suit, spades first, separated by
// hyphens: "5-4-3-1" is five spades, four hearts, three diamonds and a club.
func (h Hand) ShapeString() string { return joinLengths(h.Shape(), "-") }

// Pattern returns the suit lengths of h longest first, whatever the suits:
// five spades and four clubs, or five hearts and four diamonds, are both the
// pattern 5-4-3-1.
func (h Hand) Pattern() [4]int {
	p := h.Shape()
	slices.SortFunc(p[:], func(a, b int) int { return b - a })
	return p
}

// PatternString writes the pattern as bridge writers do, the lengths without
// separators: "5431", "4333". A pattern with a suit of ten cards or more would
// read ambiguously that way, so it is written with hyphens: "10-2-1-0".
func (h Hand) PatternString() string {
	p := h.Pattern()
	if p[0] >= 10 {
		return joinLengths(p, "-")
	}
	return joinLengths(p, "")
}

// joinLengths writes four suit lengths separated by sep.
func joinLengths(lengths [4]int, sep string) string {
	words := make([]string, len(lengths))
	for i, n := range lengths {
		words[i] = strconv.Itoa(n)
	}
	return strings.Join(words, sep)
}

// losingTrickHonours are the honours the Losing Trick Count looks for, in the
// order a suit's length lets them count.
var losingTrickHonours = [3]Rank{Ace, King, Queen}

// LosingTricks returns the Losing Trick Count of h, in its plain standard form.
// Each suit has as many possible losers as it has cards, up to three, and each
// of the top honours that a suit of its length can cover takes one away:
//
//	void                 0
//	singleton            the ace covers it: A 0, anything else (K too) 1
//	doubleton            the ace and king count: AK 0, Ax, Kx, AQ, KQ 1, Qx, xx 2
//	three or more cards  the ace, king and queen count: AKQ 0, AKx, AQx, KQx 1,
//	                     Axx, Kxx, Qxx 2, xxx 3
//
// Refinements some players use, such as half losers for AQx or an extra loser
// for Qxx without the ace or king, or counting AQ doubleton as half a loser, are
// not applied. A full hand counts 0 to 12 losers.
func (h Hand) LosingTricks() int {
	losers := 0
	for _, s := range Suits {
		ranks := h.suitBits(s)
		covered := min(bits.OnesCount16(ranks), 3)
		losers += covered
		for _, honour := range losingTrickHonours[:covered] {
			if ranks&(1<<(honour-Two)) != 0 {
				losers--
			}
		}
	}
	return losers
}

// Controls returns the controls of h: 2 for each ace, 1 for each king. A deal
// holds 12.
func (h Hand) Controls() int {
	count := func(r Rank) int { return bits.OnesCount64(uint64(h & rankBits(r))) }
	return 2*count(Ace) + count(King)
}
