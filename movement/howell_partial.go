package movement

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// pickHowellRounds chooses n rounds of a complete Howell. It starts from
// rounds 1..n, then, while exchanging a kept round for a left-out one makes
// the movement better, makes the first such exchange. Better means fewer
// sets played at one table only (a board nobody is compared on), then a
// lower standard deviation of Manning's competition scores, the measure
// that holds for incomplete movements (reference §1.4). The result is
// never worse than playing the first n rounds, nor, since every window of n
// consecutive rounds of a cyclic Howell is the same movement renumbered,
// than any window. It returns the kept rounds in order.
func pickHowellRounds(complete Movement, n int) []int {
	keep := make([]int, n)
	for i := range keep {
		keep[i] = i + 1
	}
	best := rateRounds(complete, keep)
	for improved := true; improved; {
		improved = false
		for i := range keep {
			for r := 1; r <= complete.Rounds; r++ {
				if slices.Contains(keep, r) {
					continue
				}
				was := keep[i]
				keep[i] = r
				if rating := rateRounds(complete, keep); rating.betterThan(best) {
					best, improved = rating, true
					continue
				}
				keep[i] = was
			}
		}
	}
	slices.Sort(keep)
	return keep
}

// roundsRating is how good a choice of rounds is: the sets played at one
// table only, and the spread of Manning's competition scores.
type roundsRating struct {
	lonelySets int
	manningSD  float64
}

func rateRounds(complete Movement, keep []int) roundsRating {
	m := keepRounds(complete, keep)
	tables := map[int]int{}
	for _, s := range m.Seatings {
		if s.playing() {
			tables[s.Set]++
		}
	}
	lonely := 0
	for _, n := range tables {
		if n == 1 {
			lonely++
		}
	}
	return roundsRating{lonely, Balance(m).Manning.SD}
}

func (a roundsRating) betterThan(b roundsRating) bool {
	if a.lonelySets != b.lonelySets {
		return a.lonelySets < b.lonelySets
	}
	return a.manningSD < b.manningSD-1e-9
}

// keepRounds returns the partial Howell that plays the given rounds of a
// complete one, in the order given, renumbering the rounds from 1 and the
// sets played from 1 in their order.
func keepRounds(complete Movement, keep []int) Movement {
	m := Movement{
		Name:       fmt.Sprintf("Partial %s, %d of %d rounds", complete.Name, len(keep), complete.Rounds),
		Tables:     complete.Tables,
		Rounds:     len(keep),
		Stationary: complete.Stationary,
		Notes:      slices.Clone(complete.Notes),
		RoundNotes: slices.Clone(complete.RoundNotes),
	}
	rounds := make([]string, len(keep))
	setNumber := map[int]int{}
	for i, r := range keep {
		rounds[i] = fmt.Sprint(r)
		for _, s := range complete.Round(r) {
			if s.Set != None {
				setNumber[s.Set] = 0
			}
		}
	}
	m.Notes = append(m.Notes, "plays rounds "+strings.Join(rounds, ", ")+" of the complete Howell")
	for _, s := range slices.Sorted(maps.Keys(setNumber)) {
		m.Sets++
		setNumber[s] = m.Sets
	}
	for i, r := range keep {
		for _, s := range complete.Round(r) {
			s.Round, s.Set = i+1, setNumber[s.Set]
			m.Seatings = append(m.Seatings, s)
		}
	}
	m.Shares = sharesOf(m.Seatings)
	return m
}
