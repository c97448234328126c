package movement

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// Kind names a family of movements.
type Kind string

// The movement families Recommend chooses from.
const (
	KindHowell   Kind = "Howell"
	KindMitchell Kind = "Mitchell"
)

// Request describes a pairs session to find a movement for.
type Request struct {
	Pairs int
	// Boards is how many boards the players want; 0 means a usual session
	// of about 26.
	Boards int
	// Minutes is the playing time available; 0 means no limit.
	Minutes int
	// MinutesPerBoard is the time a board takes, 7.5 when zero.
	MinutesPerBoard float64
}

// Recommendation is one movement that fits a request.
type Recommendation struct {
	Name string
	Kind Kind
	// Sections is how many sections the field is split into; each plays
	// the movement below, those a pair short with a sit-out.
	Sections int
	// Tables, Rounds and BoardsPerRound describe one section;
	// TotalBoards is the length of the session, Rounds × BoardsPerRound
	// (a pair that sits out plays a round fewer).
	Tables, Rounds, BoardsPerRound, TotalBoards int
	// SitOut is set when some pair sits out each round.
	SitOut   bool
	Movement Movement
	Why      string
}

// Session shape (reference §0.5, §0.6): EBU requires every pair to be
// scheduled for at least 70% of the boards in play; two boards a round
// suit thirteen rounds or more, three suit nine to twelve, four fewer.
const (
	minShareOfBoards = 0.7
	usualBoards      = 26
	defaultMinsBoard = 7.5
	howellMaxTables  = 8   // one-winner Howells are preferred up to here
	sectionMaxTables = 15  // larger fields are split into sections
	maxSections      = 26  // one letter each
	timeSlack        = 1.2 // "about three hours" stretches a fifth at most
)

// Recommend returns the movements that suit a request, best first: board
// count close to the wish and within about the time (at most a fifth over,
// each board beyond the time counting against it), every pair playing at
// least 70% of the boards in play, a one-winner Howell for small fields and a
// Mitchell for larger ones, split into sections beyond fifteen tables, and
// the usual boards a round for the size of the section. The error says why
// nothing fits.
func Recommend(req Request) ([]Recommendation, error) {
	if err := checkRequest(req); err != nil {
		return nil, err
	}
	want := cmp.Or(req.Boards, usualBoards)
	perBoard := cmp.Or(req.MinutesPerBoard, defaultMinsBoard)
	// No session runs past the time by more than a fifth, nor to twice
	// the boards wanted: longer movements are not built at all.
	longest := 2 * float64(want)
	if req.Minutes > 0 {
		longest = min(longest, timeSlack*float64(req.Minutes)/perBoard)
	}
	var found []scored
	for _, c := range recommendCandidates(req.Pairs, int(longest/2)) {
		for boards := 2; boards <= 4; boards++ {
			r, ok := c.recommendation(boards)
			if !ok {
				continue
			}
			over, ok := overtime(r.TotalBoards, req.Minutes, perBoard)
			if !ok {
				continue
			}
			found = append(found, scored{r, c.penalty(boards) + abs(r.TotalBoards-want) + over})
		}
	}
	if len(found) == 0 {
		if req.Minutes == 0 {
			return nil, fmt.Errorf("recommend: no movement Director builds seats %d pairs", req.Pairs)
		}
		return nil, fmt.Errorf("recommend: no movement seats %d pairs in %d minutes at %.1f minutes a board", req.Pairs, req.Minutes, perBoard)
	}
	slices.SortStableFunc(found, func(a, b scored) int { return cmp.Compare(a.penalty, b.penalty) })
	out := make([]Recommendation, len(found))
	for i, f := range found {
		out[i] = f.Recommendation
	}
	return out, nil
}

// overtime counts the boards a session plays beyond the time available,
// and reports false when it would run more than a fifth over: the time is
// "about" that long, not to the minute.
func overtime(boards, minutes int, perBoard float64) (int, bool) {
	if minutes == 0 {
		return 0, true
	}
	needed := float64(boards) * perBoard
	if needed > timeSlack*float64(minutes) {
		return 0, false
	}
	return int(math.Ceil(max(needed-float64(minutes), 0) / perBoard)), true
}

type scored struct {
	Recommendation
	penalty int
}

func checkRequest(req Request) error {
	var problems []string
	if req.Pairs < MinHowellPairs {
		problems = append(problems, fmt.Sprintf("%d pairs: the smallest movement seats %d", req.Pairs, MinHowellPairs))
	}
	if req.Boards < 0 {
		problems = append(problems, fmt.Sprintf("%d boards wanted", req.Boards))
	}
	if req.Minutes < 0 {
		problems = append(problems, fmt.Sprintf("%d minutes available", req.Minutes))
	}
	if req.MinutesPerBoard < 0 || math.IsNaN(req.MinutesPerBoard) || math.IsInf(req.MinutesPerBoard, 0) {
		problems = append(problems, fmt.Sprintf("%v minutes a board", req.MinutesPerBoard))
	}
	if len(problems) > 0 {
		return errors.New("recommend: " + strings.Join(problems, "; "))
	}
	return nil
}

// candidate is one movement for one section, before choosing the boards a
// round.
type candidate struct {
	kind             Kind
	sections, tables int
	sectionPairs     []int
	movement         Movement
	complete         bool // every pair meets every other (or every NS every EW)
}

// recommendCandidates builds every Howell and Mitchell, complete or cut
// short to no fewer than 70% of its rounds, of at most maxRounds rounds,
// that could seat the pairs in one section or in several equal ones.
func recommendCandidates(pairs, maxRounds int) []candidate {
	var out []candidate
	for sections := 1; sections <= maxSections && (sections == 1 || pairs/sections >= 5); sections++ {
		sizes := sectionSizes(pairs, sections)
		largest := sizes[0]
		tables := (largest + 1) / 2
		if (sizes[len(sizes)-1]+1)/2 != tables || (sections > 1 && tables > sectionMaxTables) {
			continue
		}
		add := func(kind Kind, cutShort bool, build func(rounds int) (Movement, error)) {
			full, err := build(0)
			if err != nil {
				return
			}
			if full.Rounds <= maxRounds {
				out = append(out, candidate{kind, sections, tables, sizes, full, true})
			}
			for r := min(full.Rounds-1, maxRounds); cutShort && r >= (full.Rounds*7+9)/10; r-- {
				if m, err := build(r); err == nil {
					out = append(out, candidate{kind, sections, tables, sizes, m, false})
				}
			}
		}
		if largest <= MaxHowellPairs {
			// Partial Howells are played up to eight tables (the "¾
			// Howell"); larger fields play a Mitchell instead.
			add(KindHowell, tables <= howellMaxTables, func(rounds int) (Movement, error) {
				return Howell(largest, HowellOptions{Rounds: rounds})
			})
		}
		if tables >= 3 && tables <= MaxMitchellTables {
			add(KindMitchell, true, func(rounds int) (Movement, error) {
				return Mitchell(tables, MitchellOptions{Rounds: rounds, HalfTable: largest%2 == 1})
			})
		}
	}
	return out
}

// sectionSizes splits pairs into sections as evenly as possible, largest
// first.
func sectionSizes(pairs, sections int) []int {
	sizes := make([]int, sections)
	for i := range sizes {
		sizes[i] = pairs / sections
		if i < pairs%sections {
			sizes[i]++
		}
	}
	return sizes
}

// advisedBoards is the usual boards a round for a movement of this many
// rounds. The published rule counts the tables of a Mitchell, where rounds
// and tables are equal; a Howell plays about twice as many rounds as it has
// tables, so the rule is applied to the rounds, which is what makes the
// session length.
func advisedBoards(rounds int) int {
	switch {
	case rounds >= 13:
		return 2
	case rounds >= 9:
		return 3
	default:
		return 4
	}
}

// penalty ranks a candidate played at some boards a round, before the
// distance from the wanted board count is added.
func (c candidate) penalty(boards int) int {
	p := 3 * abs(boards-advisedBoards(c.movement.Rounds))
	if (c.kind == KindHowell) != (c.tables <= howellMaxTables) {
		p += 4
	}
	if !c.complete {
		p++
	}
	return p + 2*(c.sections-1)
}

// recommendation describes the candidate at some boards a round, or
// reports false when a pair would play under 70% of the boards in play.
func (c candidate) recommendation(boards int) (Recommendation, bool) {
	m := c.movement
	inPlay, fewest := boardsInPlay(m)
	if float64(fewest) < minShareOfBoards*float64(inPlay) {
		return Recommendation{}, false
	}
	sitOut := slices.ContainsFunc(c.sectionPairs, func(p int) bool { return p%2 == 1 })
	r := Recommendation{
		Name:           fmt.Sprintf("%s, %d boards a round", m.Name, boards),
		Kind:           c.kind,
		Sections:       c.sections,
		Tables:         m.Tables,
		Rounds:         m.Rounds,
		BoardsPerRound: boards,
		TotalBoards:    m.Rounds * boards,
		SitOut:         sitOut,
		Movement:       m,
	}
	r.Why = c.why(r, fewest, inPlay)
	return r, true
}

// boardsInPlay counts the sets played anywhere in a movement and the fewest
// sets any pair plays.
func boardsInPlay(m Movement) (inPlay, fewest int) {
	sets := map[int]bool{}
	played := map[int]int{}
	for _, s := range m.Seatings {
		if s.NS == None || s.EW == None {
			continue
		}
		sets[s.Set] = true
		played[s.NS]++
		played[s.EW]++
	}
	fewest = -1
	for _, n := range played {
		if fewest < 0 || n < fewest {
			fewest = n
		}
	}
	return len(sets), max(fewest, 0)
}

func (c candidate) why(r Recommendation, fewest, inPlay int) string {
	var parts []string
	if c.sections > 1 {
		sizes := make([]string, len(c.sectionPairs))
		for i, p := range c.sectionPairs {
			sizes[i] = fmt.Sprint(p)
		}
		parts = append(parts, fmt.Sprintf("%d sections (%s pairs)", c.sections, strings.Join(sizes, ", ")))
	}
	parts = append(parts, fmt.Sprintf("%d rounds of %d boards = %d boards", r.Rounds, r.BoardsPerRound, r.TotalBoards))
	if r.SitOut {
		parts = append(parts, "one pair sits out each round")
	}
	parts = append(parts, fmt.Sprintf("every pair plays at least %d of the %d sets in play (%d%%)", fewest, inPlay, 100*fewest/max(inPlay, 1)))
	if c.kind == KindHowell {
		parts = append(parts, "one winner")
	} else if r.Movement.TwoWinners {
		parts = append(parts, "two winners (North-South and East-West)")
	}
	if !c.complete {
		parts = append(parts, "cut short: not every pair meets every other")
	}
	if r.BoardsPerRound == advisedBoards(r.Rounds) {
		parts = append(parts, fmt.Sprintf("%d boards a round suit %d rounds", r.BoardsPerRound, r.Rounds))
	}
	return strings.Join(parts, "; ")
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
