package doubledummy

import "math/bits"

// A card is numbered as bridge numbers it: 13*suit + rank - 2, so that bit
// c of a uint64 holds card c, the clubs in bits 0 to 12 and the spades in
// bits 39 to 51, each suit from the two up.
const (
	suitBits = 13
	suitMask = 1<<suitBits - 1
	noTrump  = 4
)

// suitOf returns the suit of card c.
func suitOf(c int) int { return c / suitBits }

// holding returns the ranks of suit s in cards, the two in bit 0.
func holding(cards uint64, s int) uint64 { return cards >> (suitBits * s) & suitMask }

// highest returns the highest card in a non-empty set.
func highest(cards uint64) int { return 63 - bits.LeadingZeros64(cards) }

// lowest returns the lowest card in a non-empty set.
func lowest(cards uint64) int { return bits.TrailingZeros64(cards) }

// compressLow and compressHigh gather the bits of x that lie under the mask
// m into the low bits, for the low 7 and the high 6 bits of a suit: a table
// in place of the PEXT instruction Go does not offer. They are filled once
// and only read.
var compressLow, compressHigh = compressTable(7), compressTable(6)

func compressTable(width uint) []uint8 {
	t := make([]uint8, 1<<(2*width))
	for m := range 1 << width {
		for x := range 1 << width {
			var out, n uint
			for b := range width {
				if m>>b&1 == 1 {
					out |= uint(x>>b&1) << n
					n++
				}
			}
			t[m<<width|x] = uint8(out)
		}
	}
	return t
}

// compress gathers the bits of x under the suit-wide mask m into the low
// bits, in order.
func compress(x, m uint64) uint64 {
	lo := compressLow[(m&0x7f)<<7|x&0x7f]
	hi := compressHigh[(m>>7)<<6|(x>>7)&0x3f]
	return uint64(lo) | uint64(hi)<<bits.OnesCount64(m&0x7f)
}

// relative returns the hands of North, East and South with their cards named
// by rank among the cards still to play: in every suit the highest card left
// is the ace, the next the king, and so on; West's follow from theirs. Two
// positions with the same shape and the same relative hands play alike.
func relative(hands *[4]uint64) (rel [3]uint64) {
	all := hands[0] | hands[1] | hands[2] | hands[3]
	for s := range 4 {
		m := holding(all, s)
		shift := uint(suitBits*s + suitBits - bits.OnesCount64(m))
		for h := range rel {
			rel[h] |= compress(holding(hands[h], s), m) << shift
		}
	}
	return rel
}

// topMask returns, for each suit, the relative ranks from the ace down to
// the lowest card of winners in that suit: the cards a result depends on,
// named relatively. all is every card still to play.
func topMask(winners, all uint64) uint64 {
	var mask uint64
	for s := range 4 {
		w := holding(winners, s)
		if w == 0 {
			continue
		}
		k := bits.OnesCount64(holding(all, s) >> uint(lowest(w)))
		mask |= (suitMask &^ (1<<(suitBits-k) - 1)) << (suitBits * s)
	}
	return mask
}

// topCards returns, for a relative mask, the lowest absolute card of each
// suit it covers, which is what a result found under that mask depends on.
func topCards(mask, all uint64) uint64 {
	var out uint64
	for s := range 4 {
		k := bits.OnesCount64(holding(mask, s))
		if k == 0 {
			continue
		}
		h := holding(all, s)
		for range k - 1 {
			h &^= 1 << uint(highest(h))
		}
		out |= 1 << uint(suitBits*s+highest(h))
	}
	return out
}

// bitsIn counts the cards of a holding.
func bitsIn(h uint64) int { return bits.OnesCount64(h) }
