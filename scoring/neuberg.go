package scoring

// neuberg factors the matchpoints mp (on the 2/1 scale) that a result earned among
// n comparable results up to the N results of a full board:
//
//	MP′ = (MP + 1) · N/n − 1
//
// so that the board is worth as much as the others (the "WBF/ACBL June 1991"
// formula; on the 1/½ scale it reads (MP + ½)·N/n − ½, the same value halved). When
// MP is a whole number the result is one correctly rounded division.
func neuberg(mp float64, n, full int) float64 {
	if n <= 0 || n >= full {
		return mp
	}
	return ((mp+1)*float64(full) - float64(n)) / float64(n)
}

// boardTop returns the top of a board on the 2/1 scale: 2(N−1) when the board is
// factored up to a full board of N results, else 2(n−1) for its n results.
func boardTop(n, full int, useNeuberg bool) float64 {
	if useNeuberg && full > n {
		n = full
	}
	if n < 1 {
		return 0
	}
	return float64(2 * (n - 1))
}
