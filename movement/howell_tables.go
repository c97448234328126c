package movement

import "slices"

// The round-1 tables of Director's Howells, found by TestSearchHowells
// (howell_search_test.go): it enumerates every cyclic round 1 whose
// North-South seats keep the comparison counts as even as the bound allows,
// ranks them by the sum of squares of the comparison counts over every two
// pairs (the spread of Manning's competition scores, which for a complete
// Howell are 2·comparisons − (tables−1)), and keeps the best one that has a
// starter and an adder, preferring one that is also the best with the
// stationary pair as phantom, then the fewest runs of idle sets (relay
// stands). Rerun it with -howell.search=15 to print this file's entries.
//
// Balance reached, as the comparison counts found over every two pairs
// (the published tables of the fixtures in the last column):
//
//	tables  2N pairs          2N−1 pairs (phantom)  published
//	2       4: {2}            —                     4: {2}
//	3       6: {1,2,3}        5: {0,1,2}            6: {1,2,3}; 5: {0,1,2}
//	4       8: {3}            7: {2}                8: {3}; 7: {2}
//	5       10: {3,4,5}       9: {2,3,4}            10: {3,4,5}; 9: {2,3,4}
//	6       12: {5}           11: {4}               12: {5} and {3,5,7}; 11: {2,4,5}
//	7       14: {5,6,7}       13: {5}               14: {3,5,6,7,9}; 13: {2,5,6,7}
//	8       16: {7}           15: {5,6,7}
//	9       18: {7,8,9}       17: {7}
//	10      20: {9}           19: {8}
//	11      22: {9,10,11}     21: {8,9,10}
//	12      24: {11}          23: {10}
//	13      26: {11,12,13}    25: {10,11,12}
//	14      28: {11,13,15}    27: {11,12,13}
//	15      30: {13,14,15}    29: {13}
//
// With every pair present, an even number of tables N is perfectly balanced
// where Z_(2N−1) has a (2N−1, N−1, (N−2)/2) difference set (2N−1 = 7, 11,
// 15, 19, 23; none for 27); an odd N cannot be, since a cyclic Howell
// compares two moving pairs an odd number of times, and reaches N−2 and N
// around the mean N−1. With the phantom, perfect balance needs the
// North-South seats to be a symmetric partial difference set, which the
// quadratic residues give for the primes 2N−1 = 13, 17, 29.

// cyclicHowells holds round 1 of the cyclic Howells by number of pairs,
// table 1 first with the stationary pair (or the phantom) North-South. An
// odd number of pairs not listed plays the entry for one pair more with its
// stationary pair as the phantom.
var cyclicHowells = map[int]cyclicHowell{
	// Two tables cannot avoid a shared set over three rounds, so four pairs
	// play six rounds and six sets and meet twice: sets go round modulo 6.
	4:  {sets: 6, round1: []howellTable{{4, 1, 1}, {3, 2, 4}}},
	8:  {sets: 7, round1: []howellTable{{8, 1, 1}, {6, 3, 4}, {7, 2, 6}, {4, 5, 7}}},
	10: {sets: 9, round1: []howellTable{{10, 1, 1}, {3, 6, 2}, {5, 9, 3}, {2, 4, 8}, {7, 8, 9}}},
	12: {sets: 11, round1: []howellTable{{12, 1, 1}, {3, 4, 2}, {7, 10, 4}, {9, 2, 5}, {11, 5, 6}, {8, 6, 10}}},
	14: {sets: 13, round1: []howellTable{{14, 1, 1}, {6, 4, 2}, {13, 10, 3}, {7, 2, 4}, {12, 3, 11}, {11, 5, 12}, {9, 8, 13}}},
	16: {sets: 15, round1: []howellTable{{16, 1, 1}, {13, 14, 2}, {4, 7, 3}, {12, 3, 10}, {2, 9, 11}, {15, 11, 12}, {8, 6, 14}, {5, 10, 15}}},
	18: {sets: 17, round1: []howellTable{{18, 1, 1}, {10, 9, 2}, {4, 6, 3}, {8, 16, 4}, {14, 2, 5}, {13, 7, 14}, {17, 3, 15}, {12, 5, 16}, {15, 11, 17}}},
	20: {sets: 19, round1: []howellTable{{20, 1, 1}, {18, 12, 2}, {9, 16, 3}, {11, 19, 4}, {14, 4, 5}, {7, 8, 6}, {15, 13, 10}, {3, 6, 11}, {10, 5, 12}, {17, 2, 13}}},
	22: {sets: 21, round1: []howellTable{{22, 1, 1}, {20, 18, 2}, {16, 15, 3}, {5, 10, 4}, {8, 12, 5}, {17, 4, 6}, {21, 6, 17}, {14, 11, 18}, {3, 13, 19}, {7, 19, 20}, {2, 9, 21}}},
	24: {sets: 23, round1: []howellTable{{24, 1, 1}, {4, 9, 2}, {16, 22, 3}, {13, 15, 4}, {12, 23, 6}, {18, 5, 14}, {8, 7, 15}, {14, 17, 19}, {21, 2, 20}, {6, 20, 21}, {11, 19, 22}, {3, 10, 23}}},
	26: {sets: 25, round1: []howellTable{{26, 1, 1}, {4, 9, 2}, {13, 25, 3}, {12, 22, 4}, {21, 19, 5}, {10, 17, 6}, {24, 5, 11}, {15, 14, 19}, {18, 7, 20}, {20, 11, 21}, {23, 2, 22}, {16, 8, 24}, {3, 6, 25}}},
	28: {sets: 27, round1: []howellTable{{28, 1, 1}, {24, 20, 2}, {13, 7, 3}, {23, 15, 8}, {8, 26, 9}, {12, 27, 19}, {21, 22, 20}, {5, 18, 21}, {11, 16, 22}, {9, 19, 23}, {3, 6, 24}, {17, 10, 25}, {2, 4, 26}, {14, 25, 27}}},
	30: {sets: 29, round1: []howellTable{{30, 1, 1}, {21, 5, 15}, {28, 14, 16}, {22, 27, 17}, {26, 6, 18}, {23, 4, 19}, {15, 19, 20}, {10, 8, 21}, {13, 16, 22}, {20, 9, 23}, {25, 2, 24}, {17, 18, 25}, {29, 7, 27}, {12, 24, 28}, {3, 11, 29}}},
	29: {sets: 29, round1: []howellTable{{0, 1, 1}, {3, 4, 2}, {16, 29, 3}, {26, 23, 4}, {25, 17, 5}, {15, 27, 6}, {9, 28, 10}, {8, 22, 12}, {21, 19, 16}, {18, 12, 24}, {20, 11, 25}, {13, 24, 26}, {2, 6, 27}, {5, 10, 28}, {7, 14, 29}}},
}

// threeTableHowell is the six-pair Howell, round by round. No cyclic table
// of three tables avoids shared sets, and two one-factorisations of six
// pairs always have a round in common, so some round plays one set at all
// three tables; this one does it once, in the last round. It is the best
// balanced of all such tables with pair 6 stationary, found by
// TestSearchHowells over every one-factorisation and direction, with pair 6
// present and as phantom (five pairs: tables 2 and 3 share the last set).
var threeTableHowell = [][]howellTable{
	{{6, 2, 1}, {1, 4, 2}, {5, 3, 3}},
	{{6, 3, 2}, {1, 5, 1}, {2, 4, 4}},
	{{6, 4, 3}, {3, 1, 4}, {2, 5, 2}},
	{{6, 5, 4}, {1, 2, 3}, {3, 4, 1}},
	{{6, 1, 5}, {2, 3, 5}, {4, 5, 5}},
}

// howellRounds returns the seatings of the complete Howell for pairs, round
// by round; pairs is within the supported range. An odd number of pairs
// plays the Howell of one pair more with the stationary pair as phantom.
func howellRounds(pairs int) [][]howellTable {
	if c, ok := cyclicHowells[pairs]; ok {
		return c.rounds()
	}
	var rounds [][]howellTable
	if pairs <= 6 {
		rounds = slices.Clone(threeTableHowell)
	} else {
		rounds = cyclicHowells[pairs+1].rounds()
	}
	if pairs%2 == 1 {
		for r := range rounds {
			rounds[r] = slices.Clone(rounds[r])
			rounds[r][0].NS = None
		}
	}
	return rounds
}
