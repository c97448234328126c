package movement

import (
	"math/rand/v2"
	"testing"
)

// bestMatchingWeight returns the greatest total weight of any matching of
// the graph, trying every matching: the oracle for small graphs.
func bestMatchingWeight(weights [][]int64) int64 {
	n := len(weights)
	used := make([]bool, n)
	var search func(i int) int64
	search = func(i int) int64 {
		for i < n && used[i] {
			i++
		}
		if i == n {
			return 0
		}
		used[i] = true
		best := search(i + 1) // i stays unmatched
		for j := i + 1; j < n; j++ {
			if !used[j] && weights[i][j] > 0 {
				used[j] = true
				best = max(best, weights[i][j]+search(i+1))
				used[j] = false
			}
		}
		used[i] = false
		return best
	}
	return search(0)
}

// matchingWeight checks that mate is a matching on edges of the graph and
// returns its weight.
func matchingWeight(t *testing.T, weights [][]int64, mate []int) int64 {
	t.Helper()
	if len(mate) != len(weights) {
		t.Fatalf("mate has %d entries for %d vertices", len(mate), len(weights))
	}
	var total int64
	for i, j := range mate {
		if j < 0 {
			continue
		}
		if j >= len(mate) || mate[j] != i || i == j {
			t.Fatalf("mate %v is not a matching at vertex %d", mate, i)
		}
		if weights[i][j] <= 0 {
			t.Fatalf("vertices %d and %d matched without an edge", i, j)
		}
		if i < j {
			total += weights[i][j]
		}
	}
	return total
}

func randomGraph(r *rand.Rand, n int, density float64, maxWeight int64) [][]int64 {
	w := make([][]int64, n)
	for i := range w {
		w[i] = make([]int64, n)
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if r.Float64() < density {
				x := 1 + r.Int64N(maxWeight)
				w[i][j], w[j][i] = x, x
			}
		}
	}
	return w
}

func TestMaxWeightMatchingAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 3000 {
		n := 1 + r.IntN(10)
		density := []float64{0.3, 0.6, 1}[trial%3]
		maxWeight := []int64{1, 3, 10, 1000}[trial%4]
		w := randomGraph(r, n, density, maxWeight)
		got := matchingWeight(t, w, maxWeightMatching(w))
		if want := bestMatchingWeight(w); got != want {
			t.Fatalf("trial %d: graph %v: matching weight %d, best is %d", trial, w, got, want)
		}
	}
}

func TestMaxWeightMatchingSmallCases(t *testing.T) {
	tests := []struct {
		name    string
		edges   [][3]int64 // u, v, weight
		n       int
		want    int64
		matched int
	}{
		{"no vertices", nil, 0, 0, 0},
		{"no edges", nil, 3, 0, 0},
		{"one edge", [][3]int64{{0, 1, 5}}, 2, 5, 2},
		{"path prefers heavy middle", [][3]int64{{0, 1, 2}, {1, 2, 5}, {2, 3, 2}}, 4, 5, 2},
		{"path prefers both ends", [][3]int64{{0, 1, 3}, {1, 2, 5}, {2, 3, 3}}, 4, 6, 4},
		// A triangle with a pendant edge forces a blossom.
		{"blossom", [][3]int64{{0, 1, 6}, {1, 2, 6}, {0, 2, 6}, {2, 3, 6}}, 4, 12, 4},
		// Two triangles joined by an edge: a blossom on each side.
		{"two blossoms", [][3]int64{{0, 1, 4}, {1, 2, 4}, {0, 2, 4}, {3, 4, 4}, {4, 5, 4}, {3, 5, 4}, {2, 3, 1}}, 6, 9, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := make([][]int64, tt.n)
			for i := range w {
				w[i] = make([]int64, tt.n)
			}
			for _, e := range tt.edges {
				w[e[0]][e[1]], w[e[1]][e[0]] = e[2], e[2]
			}
			mate := maxWeightMatching(w)
			if got := matchingWeight(t, w, mate); got != tt.want {
				t.Errorf("weight %d, want %d (mate %v)", got, tt.want, mate)
			}
			matched := 0
			for _, j := range mate {
				if j >= 0 {
					matched++
				}
			}
			if matched != tt.matched {
				t.Errorf("%d vertices matched, want %d (mate %v)", matched, tt.matched, mate)
			}
		})
	}
}

// FuzzMaxWeightMatching reads a small graph from the fuzzer's bytes (the
// first says how many vertices, each following one weighs the next edge in
// row order) and compares the matching with the brute-force best.
func FuzzMaxWeightMatching(f *testing.F) {
	f.Add([]byte{4, 6, 6, 0, 6, 0, 6})
	f.Add([]byte{6, 4, 4, 0, 0, 0, 4, 0, 1, 0, 0, 0, 0, 4, 4, 4})
	f.Add([]byte{9, 200, 3, 3, 3, 3, 3, 3, 3, 7, 7, 7, 200, 1, 1, 1, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		n := int(data[0]) % 11
		w := make([][]int64, n)
		for i := range w {
			w[i] = make([]int64, n)
		}
		k := 1
		for i := range n {
			for j := i + 1; j < n && k < len(data); j++ {
				w[i][j], w[j][i] = int64(data[k]), int64(data[k])
				k++
			}
		}
		got := matchingWeight(t, w, maxWeightMatching(w))
		if want := bestMatchingWeight(w); got != want {
			t.Fatalf("graph %v: matching weight %d, best is %d", w, got, want)
		}
	})
}
