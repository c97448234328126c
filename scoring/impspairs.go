package scoring

import (
	"errors"
	"fmt"
	"math/big"
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
	// (EW score the negation), not rounded.
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
		imps, err := boardIMPs(b, opt)
		if err != nil {
			return IMPPairsResult{}, err
		}
		ns := make([]float64, len(imps))
		for i, line := range b.Lines {
			ns[i], _ = imps[i].Float64()
			if a := line.Artificial; a != nil {
				add(line.NS, big.NewRat(int64(a.Home), 1))
				add(line.EW, big.NewRat(int64(a.Away), 1))
				continue
			}
			v := imps[i]
			if opt.RoundBoards {
				v = roundRat(v, 2)
			}
			add(line.NS, v)
			add(line.EW, new(big.Rat).Neg(v))
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

// boardIMPs returns the exact NS IMPs of each line of a board: the IMPs of
// an artificial line are its North-South side's.
func boardIMPs(b IMPBoard, opt IMPPairsOptions) ([]*big.Rat, error) {
	if len(b.Lines) == 0 {
		return nil, fmt.Errorf("scoring: board %d has no results", b.Board)
	}
	var scores []int
	var compared []int // the index in b.Lines of each score compared
	out := make([]*big.Rat, len(b.Lines))
	for i, l := range b.Lines {
		if l.NS == "" || l.EW == "" || l.NS == l.EW {
			return nil, fmt.Errorf("scoring: board %d line %d: pairs %q and %q are not two pairs", b.Board, i+1, l.NS, l.EW)
		}
		if l.Artificial != nil {
			out[i] = big.NewRat(int64(l.Artificial.Home), 1)
			continue
		}
		scores = append(scores, l.Score)
		compared = append(compared, i)
	}
	if len(scores) == 0 {
		return out, nil
	}
	switch opt.Method {
	case CrossIMPScoring:
		comparisons := int64(max(len(scores)-1, 1))
		for j, s := range crossIMPSums(scores) {
			out[compared[j]] = big.NewRat(int64(s), comparisons)
		}
	case ButlerScoring:
		imps, err := Butler(scores, opt.Butler)
		if err != nil {
			return nil, fmt.Errorf("scoring: board %d: %w", b.Board, err)
		}
		for j, v := range imps {
			out[compared[j]] = big.NewRat(int64(v), 1)
		}
	default:
		return nil, errors.New("scoring: unknown IMP pairs method")
	}
	return out, nil
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
