package scoring

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
)

// IMPMethod is how the boards of an IMP pairs event are scored.
type IMPMethod int

const (
	// CrossIMPScoring IMPs each result against every other on the board and
	// divides by the number of comparisons (CrossIMPs).
	CrossIMPScoring IMPMethod = iota
	// ButlerScoring IMPs each result against the datum of the board (Butler).
	ButlerScoring
)

// IMPLine is one table's result on a board of an IMP pairs event.
type IMPLine struct {
	NS, EW string // the pairs
	Score  int    // the NS score
	// Adjusted, when set, replaces Score: a weighted or split assigned
	// adjusted score, each side IMPed on its own outcomes. The weighted
	// line is one comparison for each other line, scored the weighted sum
	// of its comparisons with the outcomes.
	Adjusted *SideScores
	// Artificial, when set, is an artificial adjusted score in IMPs for each
	// side (Law 12C2(b): +3, 0 or -3 unless the regulating authority says
	// otherwise; see ArtificialTeamIMPs). The line is left out of the
	// comparison of the others, and the two sides need not balance.
	Artificial *AssignedIMPs
}

// IMPBoard is the traveller of one board of an IMP pairs event.
type IMPBoard struct {
	Board int
	Lines []IMPLine
}

// IMPPairsOptions sets how an IMP pairs event is scored.
type IMPPairsOptions struct {
	Method IMPMethod
	Butler ButlerOptions // with ButlerScoring
	// Boards is the number of boards every pair's total is factored to; 0 means the
	// number of boards in the event.
	Boards int
	// RoundBoards totals each pair's board IMPs as published, rounded to 2
	// decimals, as TeamsScorer and EBUScoreTeams do for the pairs of a teams event;
	// otherwise the exact values are totalled, as Pianola does.
	RoundBoards bool
}

// IMPPairsResult is a scored IMP pairs event.
type IMPPairsResult struct {
	// Boards holds, for each board in the order given, the NS IMPs of each line
	// (EW score the negation unless the line or another of its board is split
	// or artificial), not rounded.
	Boards [][]float64
	// Pairs holds the pairs in the order of their first appearance.
	Pairs []IMPPairTotal
}

// IMPPairTotal is a pair's result in an IMP pairs event.
type IMPPairTotal struct {
	Pair   string
	Played int // boards the pair played
	// Total is the pair's IMPs over the boards it played, to 2 decimals. For a pair
	// that played fewer than the full number of boards (it sat out a round), the
	// total over its boards, rounded to 2 decimals, is factored to the full number
	// and rounded again, as Pianola does: -9/7 over 16 of 24 boards is -1.29, and
	// -1.29 × 24/16 = -1.935 gives -1.94.
	Total float64
	Place Place
}

// ScoreIMPPairs scores an IMP pairs event board by board and totals each pair,
// ranking the pairs by total (ties share a place).
func ScoreIMPPairs(boards []IMPBoard, opt IMPPairsOptions) (IMPPairsResult, error) {
	if opt.Boards < 0 {
		return IMPPairsResult{}, fmt.Errorf("scoring: IMP pairs factored to %d boards", opt.Boards)
	}
	full := opt.Boards
	if full == 0 {
		full = len(boards)
	}
	var res IMPPairsResult
	sums := map[string]*big.Rat{}
	played := map[string]int{}
	add := func(pair string, v *big.Rat) {
		if sums[pair] == nil {
			sums[pair] = new(big.Rat)
			res.Pairs = append(res.Pairs, IMPPairTotal{Pair: pair})
		}
		sums[pair].Add(sums[pair], v)
		played[pair]++
	}
	for _, b := range boards {
		nsIMPs, ewIMPs, err := boardIMPs(b, opt)
		if err != nil {
			return IMPPairsResult{}, err
		}
		ns := make([]float64, len(nsIMPs))
		for i, line := range b.Lines {
			ns[i], _ = nsIMPs[i].Float64()
			v, w := nsIMPs[i], ewIMPs[i]
			if opt.RoundBoards && line.Artificial == nil {
				v, w = roundRat(v, 2), roundRat(w, 2)
			}
			add(line.NS, v)
			add(line.EW, w)
		}
		res.Boards = append(res.Boards, ns)
	}
	totals := make([]float64, len(res.Pairs))
	for i := range res.Pairs {
		p := &res.Pairs[i]
		p.Played = played[p.Pair]
		if p.Played > full {
			return IMPPairsResult{}, fmt.Errorf("scoring: pair %s played %d boards, more than the %d its total is factored to", p.Pair, p.Played, full)
		}
		total := sums[p.Pair]
		if p.Played < full {
			total = new(big.Rat).Mul(roundRat(total, 2), big.NewRat(int64(full), int64(p.Played)))
		}
		p.Total, _ = roundRat(total, 2).Float64()
		totals[i] = p.Total
	}
	for i, place := range Rank(totals, true) {
		res.Pairs[i].Place = place
	}
	return res, nil
}

// boardIMPs returns the exact IMPs of each line of a board for North-South
// and for East-West: an artificial line's are its sides' own, and the
// others' come from comparing each side with the same side of the other
// lines. East-West score the negation of North-South unless a line is
// split.
func boardIMPs(b IMPBoard, opt IMPPairsOptions) (ns, ew []*big.Rat, err error) {
	if len(b.Lines) == 0 {
		return nil, nil, fmt.Errorf("scoring: board %d has no results", b.Board)
	}
	var nsSides, ewSides [][]outcome
	var compared []int // the index in b.Lines of each line compared
	split := false
	ns, ew = make([]*big.Rat, len(b.Lines)), make([]*big.Rat, len(b.Lines))
	for i, l := range b.Lines {
		if l.NS == "" || l.EW == "" || l.NS == l.EW {
			return nil, nil, fmt.Errorf("scoring: board %d line %d: pairs %q and %q are not two pairs", b.Board, i+1, l.NS, l.EW)
		}
		if l.Artificial != nil {
			ns[i], ew[i] = big.NewRat(int64(l.Artificial.Home), 1), big.NewRat(int64(l.Artificial.Away), 1)
			continue
		}
		nsSide, ewSide := single(l.Score), single(l.Score)
		if a := l.Adjusted; a != nil {
			if err := a.validate(); err != nil {
				return nil, nil, fmt.Errorf("scoring: board %d line %d: %w", b.Board, i+1, err)
			}
			nsSide, ewSide = outcomesOf(a.NS), outcomesOf(a.EW)
			split = split || !slices.Equal(a.NS, a.EW)
		}
		nsSides, ewSides = append(nsSides, nsSide), append(ewSides, ewSide)
		compared = append(compared, i)
	}
	if len(compared) == 0 {
		return ns, ew, nil
	}
	side := func(lines [][]outcome) ([]*big.Rat, error) {
		switch opt.Method {
		case CrossIMPScoring:
			sums := crossIMPSides(lines)
			comparisons := big.NewRat(int64(max(len(lines)-1, 1)), 1)
			for _, s := range sums {
				s.Quo(s, comparisons)
			}
			return sums, nil
		case ButlerScoring:
			imps, err := butlerSides(lines, opt.Butler)
			if err != nil {
				return nil, fmt.Errorf("scoring: board %d: %w", b.Board, err)
			}
			return imps, nil
		}
		return nil, errors.New("scoring: unknown IMP pairs method")
	}
	nsCompared, err := side(nsSides)
	if err != nil {
		return nil, nil, err
	}
	ewCompared := nsCompared
	if split {
		if ewCompared, err = side(ewSides); err != nil {
			return nil, nil, err
		}
	}
	for k, i := range compared {
		ns[i], ew[i] = nsCompared[k], new(big.Rat).Neg(ewCompared[k])
	}
	return ns, ew, nil
}

// roundRat returns r rounded to the given number of decimals, exact halves away
// from zero.
func roundRat(r *big.Rat, decimals int) *big.Rat {
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil)
	num := new(big.Int).Mul(r.Num(), scale)
	twice := new(big.Int).Mul(num, big.NewInt(2))
	den := r.Denom()
	// round(num/den) = floor((2·num + den) / (2·den)) for num ≥ 0, mirrored below 0.
	neg := twice.Sign() < 0
	twice.Abs(twice).Add(twice, den)
	q := new(big.Int).Quo(twice, new(big.Int).Mul(den, big.NewInt(2)))
	if neg {
		q.Neg(q)
	}
	return new(big.Rat).SetFrac(q, scale)
}
