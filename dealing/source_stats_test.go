package dealing

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// The statistical tests deal 100,000 boards from fixed seeds, so they always give
// the same answer; the bounds are generous (about six standard deviations above the
// mean of the chi-square statistic), yet a biased dealer fails them, as
// TestStatisticsCatchABiasedDealer shows.
const statDeals = 100_000

// statSources are the dealers whose output must be uniform.
func statSources() map[string]Source {
	return map[string]Source{
		"secure": NewSecureFrom(fixedEntropy(42)),
		"keyed":  NewKeyed("Director statistics", []byte("fixed entropy")),
	}
}

// chiSquareBound is a generous upper bound for a chi-square statistic with df
// degrees of freedom.
func chiSquareBound(df int) float64 { return float64(df) + 6*math.Sqrt(2*float64(df)) }

// chiSquare compares observed counts with expected probabilities over total trials,
// merging the smallest cells at either end until each expects at least 10. It
// returns the statistic and its degrees of freedom.
func chiSquare(observed []int, probability []float64, total int) (float64, int) {
	var obs []float64
	var exp []float64
	var o, e float64
	for i := range observed {
		o += float64(observed[i])
		e += probability[i] * float64(total)
		if e >= 10 {
			obs, exp = append(obs, o), append(exp, e)
			o, e = 0, 0
		}
	}
	obs[len(obs)-1] += o
	exp[len(exp)-1] += e
	var x float64
	for i := range obs {
		x += (obs[i] - exp[i]) * (obs[i] - exp[i]) / exp[i]
	}
	return x, len(obs) - 1
}

// cardSeatChiSquare deals statDeals boards and tests that each card goes to each
// seat a quarter of the time.
func cardSeatChiSquare(t *testing.T, src Source) (float64, int) {
	t.Helper()
	var counts [52][4]int
	for range statDeals {
		d, err := src.Next()
		if err != nil {
			t.Fatal(err)
		}
		for seat, h := range d {
			for c := range 52 {
				if h&(1<<c) != 0 {
					counts[c][seat]++
				}
			}
		}
	}
	var x float64
	const expected = statDeals / 4.0
	for _, seats := range counts {
		for _, n := range seats {
			x += (float64(n) - expected) * (float64(n) - expected) / expected
		}
	}
	return x, 52 * 3
}

func TestCardsGoToEverySeatAlike(t *testing.T) {
	for name, src := range statSources() {
		x, df := cardSeatChiSquare(t, src)
		t.Logf("%s: card-to-seat chi-square %.1f, %d degrees of freedom", name, x, df)
		if x > chiSquareBound(df) {
			t.Errorf("%s: chi-square of card-to-seat counts %.1f with %d degrees of freedom, above %.1f", name, x, df, chiSquareBound(df))
		}
	}
}

// exactHCP returns the probability of each number of high-card points (0 to 37) in
// a 13-card hand, counting the hands exactly.
func exactHCP() []float64 {
	points := make([]int, 0, 52)
	for range 4 {
		points = append(points, 4, 3, 2, 1)
	}
	for len(points) < 52 {
		points = append(points, 0)
	}
	// ways[k][p]: sets of k of the cards seen so far worth p points.
	var ways [14][41]uint64
	ways[0][0] = 1
	for _, v := range points {
		for k := 13; k >= 1; k-- {
			for p := 40; p >= v; p-- {
				ways[k][p] += ways[k-1][p-v]
			}
		}
	}
	probability := make([]float64, 38)
	for p := range probability {
		probability[p] = float64(ways[13][p]) / float64(binomial[52][13])
	}
	return probability
}

// exactLongestSuit returns the probability that the longest suit of a hand has
// 0 to 13 cards, counting the hands of each suit-length pattern exactly.
func exactLongestSuit() []float64 {
	probability := make([]float64, 14)
	for a := 0; a <= 13; a++ {
		for b := 0; a+b <= 13; b++ {
			for c := 0; a+b+c <= 13; c++ {
				d := 13 - a - b - c
				hands := binomial[13][a] * binomial[13][b] * binomial[13][c] * binomial[13][d]
				probability[max(a, b, c, d)] += float64(hands) / float64(binomial[52][13])
			}
		}
	}
	return probability
}

func TestExactDistributionsAreDistributions(t *testing.T) {
	for name, p := range map[string][]float64{"HCP": exactHCP(), "longest suit": exactLongestSuit()} {
		var sum float64
		for _, x := range p {
			sum += x
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("%s probabilities sum to %v", name, sum)
		}
	}
	// Published figures: a 10-count 9.41 %, a longest suit of 5 cards 44.3 %.
	if p := exactHCP()[10]; math.Abs(p-0.0941) > 0.0001 {
		t.Errorf("P(10 HCP) = %.5f, want 0.0941", p)
	}
	if p := exactLongestSuit()[5]; math.Abs(p-0.443) > 0.001 {
		t.Errorf("P(longest suit 5) = %.4f, want 0.443", p)
	}
}

func TestHandShapesMatchTheory(t *testing.T) {
	hcpP, longestP := exactHCP(), exactLongestSuit()
	for name, src := range statSources() {
		hcp, longest := make([]int, len(hcpP)), make([]int, len(longestP))
		for range statDeals {
			d, err := src.Next()
			if err != nil {
				t.Fatal(err)
			}
			north := d[bridge.North]
			hcp[north.HCP()]++
			longest[max(north.SuitLen(bridge.Clubs), north.SuitLen(bridge.Diamonds), north.SuitLen(bridge.Hearts), north.SuitLen(bridge.Spades))]++
		}
		if x, df := chiSquare(hcp, hcpP, statDeals); x > chiSquareBound(df) {
			t.Errorf("%s: HCP chi-square %.1f with %d degrees of freedom, above %.1f", name, x, df, chiSquareBound(df))
		}
		if x, df := chiSquare(longest, longestP, statDeals); x > chiSquareBound(df) {
			t.Errorf("%s: longest-suit chi-square %.1f with %d degrees of freedom, above %.1f", name, x, df, chiSquareBound(df))
		}
	}
}

// naiveShuffle is the classic wrong shuffle: every card swaps with any place.
type naiveShuffle struct{ r *rand.Rand }

func (n naiveShuffle) Next() (bridge.Deal, error) {
	deck := newDeck
	for i := range deck {
		j := n.r.IntN(len(deck))
		deck[i], deck[j] = deck[j], deck[i]
	}
	var d bridge.Deal
	for i, c := range deck {
		d[i/handSize] |= 1 << c
	}
	return d, nil
}

func TestStatisticsCatchABiasedDealer(t *testing.T) {
	x, df := cardSeatChiSquare(t, naiveShuffle{rand.New(rand.NewPCG(1, 2))})
	t.Logf("naive shuffle: card-to-seat chi-square %.1f, %d degrees of freedom", x, df)
	if x <= chiSquareBound(df) {
		t.Errorf("a naive shuffle passes: chi-square %.1f with %d degrees of freedom, bound %.1f", x, df, chiSquareBound(df))
	}
}
