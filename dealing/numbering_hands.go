package dealing

import (
	"math/bits"

	"github.com/bridge-director/director/bridge"
	"lukechampine.com/uint128"
)

// BigDeal and Andrews number a deal hand by hand: North's 13 cards among all 52,
// East's among the 39 North does not hold, South's among the 26 left (West gets the
// rest), each hand ranked as a 13-card combination, and the three ranks combined as
// the mixed-radix number (north·C(39,13) + east)·C(26,13) + south.

// handSize is the number of cards in a hand.
const handSize = 13

// A combination is a set of 13 positions among n, given as a bit mask.
type (
	rankFunc   func(combination uint64, n int) uint64
	unrankFunc func(rank uint64, n int) uint64
)

// encodeByHands numbers a valid deal, ranking each hand with rank.
func encodeByHands(d bridge.Deal, rank rankFunc) Number {
	north, east, south := deckMask(d[bridge.North]), deckMask(d[bridge.East]), deckMask(d[bridge.South])
	afterNorth := wholeDeck &^ north
	afterEast := afterNorth &^ east
	n := uint128.From64(rank(north, 52)).
		Mul64(binomial[39][handSize]).Add64(rank(compress(east, afterNorth), 39)).
		Mul64(binomial[26][handSize]).Add64(rank(compress(south, afterEast), 26))
	return Number{n}
}

// decodeByHands is the inverse of encodeByHands for the ranking that unrank inverts.
func decodeByHands(n Number, unrank unrankFunc) bridge.Deal {
	q, southRank := n.v.QuoRem64(binomial[26][handSize])
	q, eastRank := q.QuoRem64(binomial[39][handSize])
	north := unrank(q.Lo, 52)
	afterNorth := wholeDeck &^ north
	east := expand(unrank(eastRank, 39), afterNorth)
	afterEast := afterNorth &^ east
	south := expand(unrank(southRank, 26), afterEast)
	west := afterEast &^ south
	return bridge.Deal{handOf(north), handOf(east), handOf(south), handOf(west)}
}

// compress returns the bits of m that lie in rest, packed down: bit i of the result
// is m's bit at the i-th lowest set bit of rest.
func compress(m, rest uint64) uint64 {
	var packed uint64
	for i := 0; rest != 0; i++ {
		low := rest & -rest
		if m&low != 0 {
			packed |= 1 << i
		}
		rest ^= low
	}
	return packed
}

// expand is the inverse of compress: bit i of packed moves to the i-th lowest set
// bit of rest.
func expand(packed, rest uint64) uint64 {
	var m uint64
	for i := 0; rest != 0; i++ {
		low := rest & -rest
		if packed&(1<<i) != 0 {
			m |= low
		}
		rest ^= low
	}
	return m
}

// colexRank ranks a combination in colexicographic order (the combinatorial number
// system): Σ C(x_i, i) for its positions x_1 < … < x_13.
func colexRank(combination uint64, _ int) uint64 {
	var rank uint64
	for i := 1; combination != 0; i++ {
		rank += binomial[bits.TrailingZeros64(combination)][i]
		combination &= combination - 1
	}
	return rank
}

// colexUnrank is the inverse of colexRank: from the top, each position is the
// largest x with C(x, i) not above what is left of the rank.
func colexUnrank(rank uint64, n int) uint64 {
	var combination uint64
	x := n - 1
	for i := handSize; i >= 1; i-- {
		for binomial[x][i] > rank {
			x--
		}
		rank -= binomial[x][i]
		combination |= 1 << x
		x--
	}
	return combination
}

// lexRank ranks a combination of 13 among n in lexicographic order of the sorted
// positions, BigDeal's order. It uses the identity
// lex(c) = C(n,13) − 1 − colex(c mirrored), mirroring position x to n − 1 − x.
func lexRank(combination uint64, n int) uint64 {
	return binomial[n][handSize] - 1 - colexRank(mirror(combination, n), n)
}

// lexUnrank is the inverse of lexRank.
func lexUnrank(rank uint64, n int) uint64 {
	return mirror(colexUnrank(binomial[n][handSize]-1-rank, n), n)
}

// mirror maps position x of an n-position mask to n − 1 − x.
func mirror(m uint64, n int) uint64 { return bits.Reverse64(m) >> (64 - n) }
