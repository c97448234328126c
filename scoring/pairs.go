package scoring

import (
	"fmt"
	"slices"

	"github.com/bridge-director/director/bridge"
)

// ResultKind says what a traveller line holds.
type ResultKind uint8

const (
	// Played is a result obtained at the table: NSScore. A passed-out board is
	// Played with NSScore 0.
	Played ResultKind = iota
	// NotPlayed is a board that was not played at this table; the line is ignored
	// (the board is not counted for either pair).
	NotPlayed
	// Artificial is an artificial adjusted score (Law 12C2): NSAdjust for North-South
	// and EWAdjust for East-West, each a percentage of the board's top. The line is
	// left out of the comparison of the other results.
	Artificial
	// Weighted is an assigned adjusted score weighted over several results (Law
	// 12C1(c)): Weights.
	Weighted
	// Split is an assigned adjusted score that need not balance (Law 12C1(e)):
	// North-South are matchpointed on NSScore and East-West on EWScore, both written
	// from North-South's point of view like every score of a Result.
	Split
)

// String returns the name of the kind.
func (k ResultKind) String() string {
	switch k {
	case Played:
		return "played"
	case NotPlayed:
		return "not played"
	case Artificial:
		return "artificial"
	case Weighted:
		return "weighted"
	case Split:
		return "split"
	}
	return fmt.Sprintf("ResultKind(%d)", uint8(k))
}

// WeightedScore is one of the results a weighted adjusted score is made of.
type WeightedScore struct {
	Weight  float64 // percent; the weights of a result add up to 100
	NSScore int
}

// Result is one line of a traveller: what happened on a board at one table.
type Result struct {
	Section string
	Board   int
	// Table and Round are where the board was played: a session's results
	// are told apart by them (ScorePairs does not read them).
	Table, Round int
	// Ref is the caller's, carried unread into the result's lines: what a
	// service keeps of the result beside its score, say.
	Ref      any
	NS, EW   int // pair numbers within their section
	Kind     ResultKind
	NSScore  int // from North-South's point of view: positive when they gain
	EWScore  int // Split only: the score East-West are matchpointed on, from North-South's point of view
	NSAdjust Adjustment
	EWAdjust Adjustment
	Weights  []WeightedScore
	// FouledGroup is the form of a fouled board the result was obtained on
	// (Law 87B): 0 for the board in its correct form, 1 to 20 for each
	// changed form. A result is compared only with those of its group (see
	// fouled.go).
	FouledGroup int
}

// PairsOptions says how a pairs field is matchpointed.
type PairsOptions struct {
	Profile Profile
	// AcrossField matchpoints the sections that played the same boards as one
	// field, and ranks them together.
	AcrossField bool
	// TwoWinners ranks North-South and East-West pairs separately; a pair is then
	// known by its section, direction and number, so that NS 1 and EW 1 of a
	// Mitchell are different pairs.
	TwoWinners bool
	// ExpectedResults is the number of results N of a full board. Zero takes the
	// most results any board of the field has.
	ExpectedResults int
}

// ScoredLine is the score of one Result in the profile's matchpoint scale: the
// matchpoints as published, rounded to 2 decimals, and the board's top.
type ScoredLine struct {
	NSMatchpoints, EWMatchpoints float64
	Top                          float64
}

// PairStanding is one pair's result in the field.
type PairStanding struct {
	Section     string
	Pair        int
	Direction   bridge.Side // with TwoWinners; NorthSouth otherwise
	Matchpoints float64     // the sum of the pair's published (2-decimal) matchpoints
	Boards      int         // boards played, adjusted scores included
	Percentage  float64     // 100·Matchpoints/(sum of the tops of its boards), to 2 decimals, halves away from zero
	Rank        int         // within the pair's ranking group (field or section, direction)
	Place       string      // Rank, with "=" when shared: "3="
}

// PairsScore is the score of a pairs field.
type PairsScore struct {
	Lines []ScoredLine   // one per Result, in the same order
	Pairs []PairStanding // by ranking group (section unless across the field, then direction), then rank
}

// Bounds on the numbers a Result may carry, so that the scorer can index boards and
// pairs by number.
const (
	maxBoardNumber = 100_000
	maxPairNumber  = 1_000_000
)

// ScorePairs matchpoints a pairs field. Each board is compared within its field
// (its section, or all sections with AcrossField): 2 matchpoints per result beaten
// and 1 per tie (1 and ½ on the OnePerBeat scale); boards with fewer comparable
// results n than the full N are factored by Neuberg's formula when the profile says
// so; artificial adjusted scores are left out of the comparison and given their
// percentage of the board's top. Each line's matchpoints are published rounded to 2
// decimals, and a pair's total is the sum of what was published, so that players can
// add up their travellers (EBUScore and PairsScorer do so: percentages from the
// exact matchpoints differ by 0.01 for 5 of the 67 pairs of their files). A pair's
// percentage is 100·ΣMP/Σtop over the boards it played, rounded to 2 decimals, and
// pairs are ranked on it.
func ScorePairs(results []Result, opt PairsOptions) (PairsScore, error) {
	if err := opt.validate(); err != nil {
		return PairsScore{}, err
	}
	s := newSheet(results, opt)
	if err := s.index(); err != nil {
		return PairsScore{}, err
	}
	if err := s.countFullBoards(); err != nil {
		return PairsScore{}, err
	}
	for g := range s.groups {
		s.scoreBoard(g)
	}
	s.scoreArtificial()
	return s.report(), nil
}

func (o PairsOptions) validate() error {
	p := o.Profile
	switch {
	case p.MatchpointScale != TwoPerBeat && p.MatchpointScale != OnePerBeat:
		return fmt.Errorf("scoring: profile %q: unknown matchpoint scale %d", p.Name, p.MatchpointScale)
	case !(0 <= p.AverageMinus && p.AverageMinus <= p.Average && p.Average <= p.AveragePlus && p.AveragePlus <= 100):
		return fmt.Errorf("scoring: profile %q: averages %v/%v/%v are not 0 ≤ minus ≤ average ≤ plus ≤ 100",
			p.Name, p.AverageMinus, p.Average, p.AveragePlus)
	case o.ExpectedResults < 0:
		return fmt.Errorf("scoring: %d expected results: cannot be negative", o.ExpectedResults)
	}
	return nil
}

// sheet is the working state of ScorePairs. Line matchpoints are kept on the 2/1
// scale; totals hold what is published, in the profile's scale.
type sheet struct {
	results []Result
	opt     PairsOptions
	scale   float64 // from the 2/1 scale to the profile's

	sections   []string
	sectionIDs map[string]int
	lastID     int // the ID of the last section looked up, a shortcut for long runs of one section

	pairs     []pairID
	pairSlots [][2][]int32 // per section and direction: index in pairs + 1, by pair number
	totals    []total      // per pair

	groups     []boardGroup
	groupSlots [][]int32 // per field: index in groups + 1, by board number
	full       []int     // per field: N, the results of a full board

	linePairs  [][2]int     // per result: the NS and EW pair
	lines      []linePoints // per result
	artificial []int        // the artificial results
}

// total is what a pair has scored so far: published matchpoints in hundredths and
// the sum of the tops of its boards, in the profile's scale.
// pairID is a pair: its section, its number and, with two winners, its direction.
type pairID struct {
	section int
	side    bridge.Side
	number  int
}

type total struct {
	hundredths, top int64
	boards          int
}

type boardGroup struct {
	field int
	board int
	lines []int
}

type linePoints struct{ ns, ew, top float64 }

// index checks every result and files it under its pairs and its board.
func (s *sheet) index() error {
	s.linePairs = make([][2]int, len(s.results))
	s.lines = make([]linePoints, len(s.results))
	lineGroup := make([]int, len(s.results))
	for i, r := range s.results {
		if err := r.validate(); err != nil {
			return fmt.Errorf("scoring: result %d (section %q board %d, NS %d EW %d): %w", i, r.Section, r.Board, r.NS, r.EW, err)
		}
		if r.Kind == NotPlayed {
			s.linePairs[i] = [2]int{-1, -1}
			lineGroup[i] = -1
			continue
		}
		sec := s.section(r.Section)
		s.linePairs[i] = [2]int{s.pair(sec, bridge.NorthSouth, r.NS), s.pair(sec, bridge.EastWest, r.EW)}
		field := sec
		if s.opt.AcrossField {
			field = 0
		}
		lineGroup[i] = s.group(field, r.Board)
	}
	s.fileLines(lineGroup)
	return s.checkPlayedOnce()
}

// fileLines gives each board group its lines, in the order of the results, from
// the group of each line (-1 for none): one counting pass and one filling pass
// into a single array.
func (s *sheet) fileLines(lineGroup []int) {
	offsets := make([]int, len(s.groups)+1)
	for _, g := range lineGroup {
		if g >= 0 {
			offsets[g+1]++
		}
	}
	for g := range s.groups {
		offsets[g+1] += offsets[g]
	}
	all := make([]int, offsets[len(s.groups)])
	for g := range s.groups {
		s.groups[g].lines = all[offsets[g]:offsets[g]:offsets[g+1]]
	}
	for i, g := range lineGroup {
		if g >= 0 {
			s.groups[g].lines = append(s.groups[g].lines, i)
		}
	}
}

func (r Result) validate() error {
	switch {
	case r.Board < 1 || r.Board > maxBoardNumber:
		return fmt.Errorf("board number %d is outside 1 to %d", r.Board, maxBoardNumber)
	case r.NS < 1 || r.NS > maxPairNumber || r.EW < 1 || r.EW > maxPairNumber:
		return fmt.Errorf("pair numbers must be 1 to %d", maxPairNumber)
	case r.FouledGroup < 0 || r.FouledGroup > MaxFouledGroup:
		return fmt.Errorf("fouled board group %d is outside 0 (the board in its correct form) to %d", r.FouledGroup, MaxFouledGroup)
	}
	switch r.Kind {
	case Played, NotPlayed, Split:
	case Artificial:
		if !r.NSAdjust.Valid() || !r.EWAdjust.Valid() {
			return fmt.Errorf("artificial score needs an adjustment for both sides, have NS %v and EW %v", r.NSAdjust, r.EWAdjust)
		}
	case Weighted:
		return validateWeights(r.Weights)
	default:
		return fmt.Errorf("unknown kind %v", r.Kind)
	}
	return nil
}

// section returns the ID of the named section, adding it when it is new.
func (s *sheet) section(name string) int {
	if s.lastID < len(s.sections) && s.sections[s.lastID] == name {
		return s.lastID
	}
	id, ok := s.sectionIDs[name]
	if !ok {
		id = len(s.sections)
		s.sectionIDs[name] = id
		s.sections = append(s.sections, name)
		s.pairSlots = append(s.pairSlots, [2][]int32{})
		s.groupSlots = append(s.groupSlots, nil)
	}
	s.lastID = id
	return id
}

// pair returns the index of the pair that sat in direction side, adding it when it
// is new. Without TwoWinners the direction does not tell pairs apart.
func (s *sheet) pair(sec int, side bridge.Side, number int) int {
	if !s.opt.TwoWinners {
		side = bridge.NorthSouth
	}
	slots := &s.pairSlots[sec][side]
	*slots = grow(*slots, number)
	if (*slots)[number] == 0 {
		s.pairs = append(s.pairs, pairID{section: sec, side: side, number: number})
		s.totals = append(s.totals, total{})
		(*slots)[number] = int32(len(s.pairs))
	}
	return int((*slots)[number]) - 1
}

// group returns the index of a board of a field in groups, adding the board when
// it is new.
func (s *sheet) group(field, board int) int {
	slots := &s.groupSlots[field]
	*slots = grow(*slots, board)
	if (*slots)[board] == 0 {
		s.groups = append(s.groups, boardGroup{field: field, board: board})
		(*slots)[board] = int32(len(s.groups))
	}
	return int((*slots)[board]) - 1
}

// grow returns slots long enough to hold index i.
func grow(slots []int32, i int) []int32 {
	if i < len(slots) {
		return slots
	}
	return append(slots, make([]int32, max(i+1, 2*len(slots))-len(slots))...)
}

// checkPlayedOnce fails when a pair has two results on one board.
func (s *sheet) checkPlayedOnce() error {
	seen := make([]int, len(s.pairs)) // the group + 1 the pair was last seen on
	for g, group := range s.groups {
		for _, i := range group.lines {
			for _, p := range s.linePairs[i] {
				if seen[p] == g+1 {
					r := s.results[i]
					return fmt.Errorf("scoring: section %q pair %d has two results on board %d",
						s.sections[s.pairs[p].section], s.pairs[p].number, r.Board)
				}
				seen[p] = g + 1
			}
		}
	}
	return nil
}

// countFullBoards sets N for each field: the expected results, or the most results
// any board of the field has.
func (s *sheet) countFullBoards() error {
	s.full = make([]int, len(s.groupSlots))
	for _, g := range s.groups {
		s.full[g.field] = max(s.full[g.field], len(g.lines))
		if s.opt.ExpectedResults > 0 && len(g.lines) > s.opt.ExpectedResults {
			return fmt.Errorf("scoring: board %d has %d results, more than the %d expected",
				g.board, len(g.lines), s.opt.ExpectedResults)
		}
	}
	if s.opt.ExpectedResults > 0 {
		for f := range s.full {
			s.full[f] = s.opt.ExpectedResults
		}
	}
	return nil
}

// scoreBoard matchpoints the results obtained on one board of a field; artificial
// ones wait for scoreArtificial but learn the board's top. A fouled board's
// groups are matchpointed apart, each factored to the whole board (fouled.go).
func (s *sheet) scoreBoard(g int) {
	group := s.groups[g]
	full, useNeuberg := s.full[group.field], s.opt.Profile.Neuberg
	forms := byForm(group.lines, func(i int) int { return s.results[i].FouledGroup })
	if len(forms) > 1 {
		if !useNeuberg {
			full = 0
			for _, i := range group.lines {
				if s.results[i].Kind != Artificial {
					full++
				}
			}
		}
		useNeuberg = true
	}
	for _, lines := range forms {
		s.scoreLines(lines, full, useNeuberg)
	}
}

// scoreLines matchpoints lines, results compared with each other, factored
// up to full results by Neuberg's formula when useNeuberg is set.
func (s *sheet) scoreLines(lines []int, full int, useNeuberg bool) {
	size := len(lines)
	ns := boardSide{singles: make([]int, 0, size)}
	ew := boardSide{singles: make([]int, 0, size)}
	singles := make([]int, 0, size) // the line of each single result
	var weighted []int              // the line of each weighted result
	split := false
	for _, i := range lines {
		r := s.results[i]
		switch r.Kind {
		case Played, Split:
			ns.singles = append(ns.singles, r.NSScore)
			ew.singles = append(ew.singles, -r.NSScore)
			if r.Kind == Split {
				ew.singles[len(ew.singles)-1] = -r.EWScore
				split = true
			}
			singles = append(singles, i)
		case Weighted:
			nsParts := make([]component, len(r.Weights))
			ewParts := make([]component, len(r.Weights))
			for k, w := range r.Weights {
				nsParts[k] = component{share: w.Weight / 100, score: w.NSScore}
				ewParts[k] = component{share: w.Weight / 100, score: -w.NSScore}
			}
			ns.weighted = append(ns.weighted, nsParts)
			ew.weighted = append(ew.weighted, ewParts)
			weighted = append(weighted, i)
		case Artificial:
			s.artificial = append(s.artificial, i)
		}
	}
	n := len(singles) + len(weighted)
	top := boardTop(n, full, useNeuberg)
	nsSingles, nsWeighted := ns.matchpoints()
	var ewSingles, ewWeighted []float64
	if split {
		ewSingles, ewWeighted = ew.matchpoints()
	} else { // every comparison East-West win, North-South lose: EW = 2(n−1) − NS
		ewSingles, ewWeighted = complement(nsSingles, n), complement(nsWeighted, n)
	}
	score := func(i int, nsMP, ewMP float64) {
		if useNeuberg {
			nsMP, ewMP = neuberg(nsMP, n, full), neuberg(ewMP, n, full)
		}
		s.lines[i] = linePoints{ns: nsMP, ew: ewMP, top: top}
		s.addToTotals(i)
	}
	for k, i := range singles {
		score(i, nsSingles[k], ewSingles[k])
	}
	for k, i := range weighted {
		score(i, nsWeighted[k], ewWeighted[k])
	}
	for _, i := range lines {
		if s.results[i].Kind == Artificial {
			s.lines[i].top = top
		}
	}
}

// complement returns what the opponents score on a board of n results when the
// scores balance: 2(n−1) − mp.
func complement(mp []float64, n int) []float64 {
	out := make([]float64, len(mp))
	for i, v := range mp {
		out[i] = float64(2*(n-1)) - v
	}
	return out
}

// addToTotals adds the score of line i to its two pairs.
func (s *sheet) addToTotals(i int) {
	l := s.lines[i]
	s.totals[s.linePairs[i][0]].add(l.ns, l.top, s.scale)
	s.totals[s.linePairs[i][1]].add(l.ew, l.top, s.scale)
}

// add counts a board on which the pair scored mp of top (on the 2/1 scale)
// in the profile's scale.
func (t *total) add(mp, top, scale float64) {
	t.hundredths += toHundredths(mp * scale)
	t.top += int64(top * scale)
	t.boards++
}

// percentage is the pair's percentage so far, and whether it has one.
func (t total) percentage() (float64, bool) {
	if t.top <= 0 {
		return 0, false
	}
	return float64(t.hundredths) / float64(t.top), true
}

// report converts the sheet to the profile's scale and ranks the pairs.
func (s *sheet) report() PairsScore {
	out := PairsScore{Lines: make([]ScoredLine, len(s.lines)), Pairs: make([]PairStanding, len(s.pairs))}
	for i, l := range s.lines {
		out.Lines[i] = ScoredLine{
			NSMatchpoints: float64(toHundredths(l.ns*s.scale)) / 100,
			EWMatchpoints: float64(toHundredths(l.ew*s.scale)) / 100,
			Top:           l.top * s.scale,
		}
	}
	for p, t := range s.totals {
		id := s.pairs[p]
		out.Pairs[p] = PairStanding{
			Section:     s.sections[id.section],
			Pair:        id.number,
			Direction:   id.side,
			Matchpoints: float64(t.hundredths) / 100,
			Boards:      t.boards,
			Percentage:  percentage(t.hundredths, t.top),
		}
	}
	s.rank(out.Pairs)
	return out
}

// rank places the pairs of each ranking group on their rounded percentage and sorts
// them by group and place.
func (s *sheet) rank(pairs []PairStanding) {
	groups := make([]rankingGroup, len(pairs))
	members := map[rankingGroup][]int{}
	for i, p := range pairs {
		groups[i] = rankingGroup{direction: p.Direction}
		if !s.opt.AcrossField {
			groups[i].section = s.pairs[i].section
		}
		members[groups[i]] = append(members[groups[i]], i)
	}
	for _, idx := range members {
		pct := make([]float64, len(idx))
		for k, i := range idx {
			pct[k] = pairs[i].Percentage
		}
		for k, place := range Rank(pct, true) {
			pairs[idx[k]].Rank = place.Rank
			pairs[idx[k]].Place = place.String()
		}
	}
	order := make([]int, len(pairs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int {
		a, b := pairs[i], pairs[j]
		switch {
		case groups[i] != groups[j]:
			return groups[i].compare(groups[j])
		case a.Rank != b.Rank:
			return a.Rank - b.Rank
		case s.pairs[i].section != s.pairs[j].section:
			return s.pairs[i].section - s.pairs[j].section
		}
		return a.Pair - b.Pair
	})
	sorted := make([]PairStanding, len(pairs))
	for k, i := range order {
		sorted[k] = pairs[i]
	}
	copy(pairs, sorted)
}

// rankingGroup is a set of pairs ranked together: a section (or the field) and a
// direction (with two winners).
type rankingGroup struct {
	section   int
	direction bridge.Side
}

func (g rankingGroup) compare(h rankingGroup) int {
	if g.section != h.section {
		return g.section - h.section
	}
	return int(g.direction) - int(h.direction)
}
