package scoring

import (
	"cmp"
	"slices"
	"sync"
)

// Field is one session's scored field, kept current as its results change,
// so that reading the standings, a traveller or a scorecard costs what it
// returns rather than a scoring of the whole session. It always answers what
// ScoreSession would answer for its results and penalties.
//
// A change marks the group of results it touches (a board in a section, or
// across the field) for scoring again, and only that group is scored again:
// its lines and what they add to each pair's total are replaced. The whole
// of a field is scored again only where the form makes every board depend
// on the others: when the most results any board has changes and the
// profile factors boards by Neuberg's formula. Artificial adjusted scores,
// which may be worth a pair's percentage on its other boards, are valued as
// the standings are read. Team sessions, whose matches are scored whole, are
// scored again whole when they change; they are small.
//
// Set, Remove and SetPenalties only queue a change, so a writer never waits
// for a scoring or a read; the next scoring or read takes the changes up in
// the order they were made. A Field is safe for concurrent use.
type Field struct {
	// changes guards pending, the changes not yet taken up, and given, how
	// many changes the field has been given; mu guards the rest, held while
	// scoring and reading.
	changes sync.Mutex
	pending []change
	given   uint64
	// taken is how many of the changes given were taken up (under mu).
	taken uint64

	mu       sync.Mutex
	settings Settings
	scale    float64 // from the 2/1 matchpoint scale to the profile's

	groups map[groupKey]*group
	fields map[string][]*group // the groups of each field
	full   map[string]int      // N of each field: the most results a scored board has
	dirty  map[*group]bool
	byPair map[pairRef]map[Slot]bool // each pair's results, for its scorecard

	matchpoints map[pairKey]*pairTotal // what scored lines add to each pair, artificial scores apart
	imps        impSums

	penalties []Penalty
	// snap is what was last read, nil once anything changed.
	snap *snapshot
	// settled is what was last read, kept when something changed, and
	// settledRevision the changes it takes in (SettledStandings).
	settled         *snapshot
	settledRevision uint64
	// ranked is the matchpoint pairs in the order they last ranked in:
	// they are listed in it for the next ranking, which then sorts a list
	// nearly in order (a change moves few pairs far).
	ranked   []pairKey
	rankings uint64 // the rankings made
}

// group is the results compared with each other, and what they scored.
type group struct {
	key     groupKey
	results map[Slot]Result
	order   []Slot // the slots of results, in slot order
	size    int    // results that count towards N: all but the boards not played

	problem string
	lines   []Line // in slot order
	shares  []pairShare
	imps    []impShare
	// artificial are the lines valued when the standings are read, by index
	// in lines.
	artificial []artificialLine
	top        float64 // the board's matchpoint top, on the profile's scale
}

// pairRef names a pair in its section, for its scorecard.
type pairRef struct {
	section string
	number  int
}

// pairTotal is what a pair has scored on the boards scored so far: the sums
// of a total, and how many lines it has (artificial scores too), so that a
// pair with no line left leaves the field.
type pairTotal struct {
	total
	lines int
	// listed is the ranking that last listed the pair (Field.rankings).
	listed uint64
}

// pairShare is what one line adds to one pair's matchpoint total.
type pairShare struct {
	pair pairKey
	total
	lineCount int
}

// artificialLine is an artificial adjusted score waiting to be valued.
type artificialLine struct {
	line   int
	ns, ew pairKey
	top    float64 // on the 2/1 scale
}

// snapshot is the field as last read.
type snapshot struct {
	standings []Standing
	problems  []Problem
	// artificial holds the valued lines of artificial scores by slot.
	artificial map[Slot]Line
	// teams is the whole score of a team session.
	teams *SessionScore
	// groups holds each group's lines and problem as they were scored:
	// a scoring gives a group new lines and never changes the old, so the
	// snapshot's stay as they were when it was taken.
	groups map[groupKey]scoredGroup
}

// scoredGroup is a group's lines and problem in a snapshot.
type scoredGroup struct {
	lines   []Line
	problem string
}

// NewField returns an empty field scored by settings.
func NewField(s Settings) (*Field, error) {
	if err := s.validate(); err != nil {
		return nil, err
	}
	f := &Field{settings: s, scale: newSheet(nil, s.pairsOptions()).scale,
		groups: map[groupKey]*group{}, fields: map[string][]*group{}, full: map[string]int{},
		dirty: map[*group]bool{}, byPair: map[pairRef]map[Slot]bool{}, matchpoints: map[pairKey]*pairTotal{}}
	return f, nil
}

// Set makes r the result at its slot, in place of any result there. It
// never waits for a scoring or a read: the change is taken up by the next.
func (f *Field) Set(r Result) {
	f.give(change{result: r})
}

// Remove takes away the result at slot, if there is one.
func (f *Field) Remove(slot Slot) {
	f.give(change{remove: true, result: Result{Section: slot.Section, Table: slot.Table, Round: slot.Round, Board: slot.Board}})
}

// SetPenalties makes penalties the ones that stand in the session.
func (f *Field) SetPenalties(penalties []Penalty) {
	f.give(change{penalties: slices.Clone(penalties), setPenalties: true})
}

func (f *Field) give(c change) {
	f.changes.Lock()
	defer f.changes.Unlock()
	f.pending = append(f.pending, c)
	f.given++
}

// Revision counts the changes the field has been given (Set, Remove and
// SetPenalties). A read made after Revision returned n answers with at
// least those n changes taken up, so reads made after the same revision
// answer alike unless a change came while they ran, and a revision never
// names an answer older than itself.
func (f *Field) Revision() uint64 {
	f.changes.Lock()
	defer f.changes.Unlock()
	return f.given
}

// change is a Set, Remove or SetPenalties waiting to be taken up.
type change struct {
	result       Result
	remove       bool
	penalties    []Penalty
	setPenalties bool
}

// takeChanges takes up the changes made since the last scoring or read, in
// the order they were made.
func (f *Field) takeChanges() {
	f.changes.Lock()
	pending := f.pending
	f.pending = nil
	f.taken = f.given
	f.changes.Unlock()
	for _, c := range pending {
		switch {
		case c.setPenalties:
			f.penalties = c.penalties
			f.snap = nil
		case c.remove:
			f.removeSlot(c.result.Slot())
		default:
			f.set(c.result)
		}
	}
}

// set makes r the result at its slot.
func (f *Field) set(r Result) {
	g := f.groupOf(r)
	slot := r.Slot()
	if !f.remove(g, slot) {
		i, _ := slices.BinarySearchFunc(g.order, slot, compareSlots)
		g.order = slices.Insert(g.order, i, slot)
	}
	g.results[slot] = r
	if r.Kind != NotPlayed {
		g.size++
	}
	for _, p := range []int{r.NS, r.EW} {
		ref := pairRef{r.Section, p}
		if f.byPair[ref] == nil {
			f.byPair[ref] = map[Slot]bool{}
		}
		f.byPair[ref][slot] = true
	}
	f.touch(g)
}

// removeSlot takes away the result at slot, if there is one.
func (f *Field) removeSlot(slot Slot) {
	g := f.groups[f.settings.groupOf(Result{Section: slot.Section, Board: slot.Board})]
	if g != nil && f.remove(g, slot) {
		if i, ok := slices.BinarySearchFunc(g.order, slot, compareSlots); ok {
			g.order = slices.Delete(g.order, i, i+1)
		}
		f.touch(g)
	}
}

// remove takes the result at slot out of g, reporting whether there was one.
func (f *Field) remove(g *group, slot Slot) bool {
	old, ok := g.results[slot]
	if !ok {
		return false
	}
	delete(g.results, slot)
	if old.Kind != NotPlayed {
		g.size--
	}
	for _, p := range []int{old.NS, old.EW} {
		ref := pairRef{old.Section, p}
		delete(f.byPair[ref], slot)
		if len(f.byPair[ref]) == 0 {
			delete(f.byPair, ref)
		}
	}
	return true
}

func (f *Field) groupOf(r Result) *group {
	k := f.settings.groupOf(r)
	g := f.groups[k]
	if g == nil {
		g = &group{key: k, results: map[Slot]Result{}}
		f.groups[k] = g
		f.fields[k.field] = append(f.fields[k.field], g)
	}
	return g
}

func (f *Field) touch(g *group) {
	f.dirty[g] = true
	f.snap = nil
}

// Rescore scores again the groups changed since the last scoring and ranks
// the field, so that the next read finds them scored and SettledStandings
// answers them. Reads do it themselves too; calling it after a change only
// takes that work off the read.
func (f *Field) Rescore() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.read()
}

func (f *Field) rescore() {
	f.takeChanges()
	if len(f.dirty) == 0 || f.settings.Form.teams() {
		return
	}
	// Find the problems first: N counts the boards that are scored.
	sheets := map[*group]*sheet{}
	touched := map[string]bool{}
	for g := range f.dirty {
		f.withdraw(g)
		rs := g.sorted()
		g.lines = make([]Line, len(rs))
		for i, r := range rs {
			g.lines[i].Result = r
		}
		if f.settings.Form == MatchpointPairs && len(rs) > 0 {
			sh := newSheet(rs, f.settings.pairsOptions())
			if err := sh.index(); err != nil {
				g.problem = err.Error()
			} else {
				sheets[g] = sh
			}
		}
		touched[g.key.field] = true
	}
	if f.settings.Form == MatchpointPairs {
		for field := range touched {
			n := 0
			for _, g := range f.fields[field] {
				if g.problem == "" {
					n = max(n, g.size)
				}
			}
			if n != f.full[field] && f.settings.Profile.Neuberg {
				for _, g := range f.fields[field] {
					if g.problem == "" && sheets[g] == nil && len(g.results) > 0 {
						f.withdraw(g)
						sh := newSheet(g.sorted(), f.settings.pairsOptions())
						sh.index() // it was scored, so it indexes
						sheets[g] = sh
					}
				}
			}
			f.full[field] = n
		}
	}
	for g := range f.dirty {
		if f.settings.Form != MatchpointPairs && len(g.results) > 0 {
			f.scoreIMPGroup(g)
		}
	}
	for g, sh := range sheets {
		f.scoreMatchpointGroup(g, sh)
	}
	clear(f.dirty)
}

// sorted lists a group's results in slot order.
func (g *group) sorted() []Result {
	rs := make([]Result, len(g.order))
	for i, slot := range g.order {
		rs[i] = g.results[slot]
	}
	return rs
}

// withdraw takes what a group's lines added to the pairs' totals back out
// and forgets its scoring.
func (f *Field) withdraw(g *group) {
	for _, sh := range g.shares {
		t := f.matchpoints[sh.pair]
		t.hundredths -= sh.hundredths
		t.top -= sh.top
		t.boards -= sh.boards
		t.lines -= sh.lineCount
		if t.lines == 0 {
			delete(f.matchpoints, sh.pair)
		}
	}
	for _, sh := range g.imps {
		f.imps.add(sh, -1)
	}
	g.problem, g.lines, g.shares, g.imps, g.artificial, g.top = "", nil, nil, nil, nil, 0
}

// scoreMatchpointGroup matchpoints one group against the N of its field.
func (f *Field) scoreMatchpointGroup(g *group, sh *sheet) {
	g.lines = make([]Line, len(sh.results))
	if len(sh.groups) == 0 { // no board was played
		for i, r := range sh.results {
			g.lines[i] = Line{Result: r}
		}
		return
	}
	sh.full = make([]int, len(sh.groupSlots))
	sh.full[0] = f.full[g.key.field]
	sh.scoreBoard(0)
	for i, r := range sh.results {
		if r.Kind == NotPlayed {
			g.lines[i] = Line{Result: r}
			continue
		}
		lp := sh.lines[i]
		ns, ew := sh.pairs[sh.linePairs[i][0]], sh.pairs[sh.linePairs[i][1]]
		nsKey, ewKey := pairKey{r.Section, ns.side, r.NS}, pairKey{r.Section, ew.side, r.EW}
		switch r.Kind {
		case Artificial:
			g.lines[i] = Line{Result: r}
			g.artificial = append(g.artificial, artificialLine{line: i, ns: nsKey, ew: ewKey, top: lp.top})
			g.shares = append(g.shares, pairShare{pair: nsKey, lineCount: 1}, pairShare{pair: ewKey, lineCount: 1})
		default:
			g.lines[i] = matchpointLine(r, lp, sh.scale)
			var ns, ew total
			ns.add(lp.ns, lp.top, sh.scale)
			ew.add(lp.ew, lp.top, sh.scale)
			g.shares = append(g.shares, pairShare{pair: nsKey, total: ns, lineCount: 1}, pairShare{pair: ewKey, total: ew, lineCount: 1})
		}
		g.top = lp.top * sh.scale
	}
	for _, s := range g.shares {
		t := f.matchpoints[s.pair]
		if t == nil {
			t = &pairTotal{}
			f.matchpoints[s.pair] = t
		}
		t.hundredths += s.hundredths
		t.top += s.top
		t.boards += s.boards
		t.lines += s.lineCount
	}
}

// scoreIMPGroup IMPs one group.
func (f *Field) scoreIMPGroup(g *group) {
	lines, shares, err := impBoardScore(f.settings, g.sorted())
	if err != nil {
		g.problem = err.Error()
		return
	}
	g.lines, g.imps = lines, shares
	for _, sh := range shares {
		f.imps.add(sh, 1)
	}
}

// read scores what changed and returns the field as it stands.
func (f *Field) read() *snapshot {
	f.takeChanges()
	if f.snap == nil {
		f.snap = f.score()
	}
	f.settled, f.settledRevision = f.snap, f.taken
	return f.snap
}

// score scores what changed and ranks the field.
func (f *Field) score() *snapshot {
	if f.settings.Form.teams() {
		clear(f.dirty)
		var results []Result
		for _, g := range f.groups {
			for _, r := range g.results {
				results = append(results, r)
			}
		}
		score, err := ScoreSession(f.settings, results, f.penalties)
		if err != nil { // the matches cannot be scored together: say why
			score = SessionScore{Problems: []Problem{{Problem: err.Error()}}}
		}
		return &snapshot{standings: score.Standings, problems: score.Problems, teams: &score}
	}
	f.rescore()
	s := &snapshot{artificial: map[Slot]Line{}, groups: make(map[groupKey]scoredGroup, len(f.groups))}
	for k, g := range f.groups {
		s.groups[k] = scoredGroup{lines: g.lines, problem: g.problem}
	}
	tops := map[string]float64{}
	for _, g := range f.groups {
		if g.problem != "" {
			s.problems = append(s.problems, Problem{Section: g.sorted()[0].Section, Board: g.key.board, Problem: g.problem})
		}
		tops[g.key.field] = max(tops[g.key.field], g.top)
	}
	sortProblems(s.problems)
	var keys []pairKey
	if f.settings.Form == MatchpointPairs {
		s.standings, keys = f.matchpointStandings(s.artificial)
	} else {
		full := map[string]int{}
		for _, g := range f.groups {
			if len(g.imps) > 0 {
				full[g.key.field]++
			}
		}
		s.standings = f.imps.standings(f.settings, full)
	}
	from := finish(f.settings, s.standings, f.penalties, tops)
	if keys != nil {
		f.ranked = f.ranked[:0]
		for _, i := range from {
			f.ranked = append(f.ranked, keys[i])
		}
	}
	return s
}

// matchpointStandings values the artificial scores, filling artificial
// with their lines, and lists the pairs' standings before penalties with
// the pair of each: in the order they last ranked in, then the pairs new
// to the field.
func (f *Field) matchpointStandings(artificial map[Slot]Line) ([]Standing, []pairKey) {
	// What the artificial scores add, by pair; they are valued on the
	// pairs' other boards, so the totals are read before any is added.
	added := map[pairKey]total{}
	for _, g := range f.groups {
		for _, a := range g.artificial {
			r := g.lines[a.line].Result
			lp := f.settings.Profile.artificialPoints(r, a.top, f.matchpoints[a.ns].total, f.matchpoints[a.ew].total)
			artificial[r.Slot()] = matchpointLine(r, lp, f.scale)
			for _, side := range []struct {
				p  pairKey
				mp float64
			}{{a.ns, lp.ns}, {a.ew, lp.ew}} {
				t := added[side.p]
				t.add(side.mp, lp.top, f.scale)
				added[side.p] = t
			}
		}
	}
	if len(f.matchpoints) == 0 {
		return nil, nil
	}
	f.rankings++
	out, keys := make([]Standing, 0, len(f.matchpoints)), make([]pairKey, 0, len(f.matchpoints))
	list := func(p pairKey, t *pairTotal) {
		t.listed = f.rankings
		sum := t.total
		if a, ok := added[p]; ok {
			sum.hundredths += a.hundredths
			sum.top += a.top
			sum.boards += a.boards
		}
		out = append(out, matchpointStanding(f.settings, p.section, p.side, p.number, sum))
		keys = append(keys, p)
	}
	for _, p := range f.ranked {
		if t, ok := f.matchpoints[p]; ok {
			list(p, t)
		}
	}
	for p, t := range f.matchpoints {
		if t.listed != f.rankings {
			list(p, t)
		}
	}
	return out, keys
}

// sortProblems orders problems by section and board.
func sortProblems(ps []Problem) {
	slices.SortFunc(ps, func(a, b Problem) int {
		return cmp.Or(CompareSections(a.Section, b.Section), cmp.Compare(a.Board, b.Board))
	})
}

// Standings ranks the field, penalties deducted. The slice is shared: do
// not change it.
func (f *Field) Standings() ([]Standing, []Problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := f.read()
	return s.standings, s.problems
}

// SettledStandings is the ranking as the field was last read or rescored,
// without the changes given since, and the revision it stands at (the
// changes it takes in, as Revision counts them): what a public scoreboard
// shows while results pour in, each reading costing nothing until the
// next rescoring, at the price of being that far behind. A field never
// read is read now.
func (f *Field) SettledStandings() ([]Standing, []Problem, uint64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.settled == nil {
		f.read()
	}
	return f.settled.standings, f.settled.problems, f.settledRevision
}

// Matches lists a team session's matches as they stand (none for pairs),
// with the field's problems. The slice is shared: do not change it.
func (f *Field) Matches() ([]MatchScore, []Problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := f.read()
	if s.teams == nil {
		return nil, s.problems
	}
	return s.teams.Matches, s.problems
}

// Traveller lists the lines of one board in slot order, in one section or
// in every section when section is "", with the field's problems.
func (f *Field) Traveller(section string, board int) ([]Line, []Problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := f.read()
	return s.traveller(f.settings, section, board), s.problems
}

// SettledTraveller is Traveller of the field as SettledStandings ranks it,
// with the revision it stands at.
func (f *Field) SettledTraveller(section string, board int) ([]Line, []Problem, uint64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.settled == nil {
		f.read()
	}
	return f.settled.traveller(f.settings, section, board), f.settled.problems, f.settledRevision
}

// traveller lists the snapshot's lines of one board in slot order, in one
// section or in every section when section is "".
func (s *snapshot) traveller(settings Settings, section string, board int) []Line {
	in := func(l Line) bool { return l.Result.Board == board && (section == "" || l.Result.Section == section) }
	if s.teams != nil {
		return slices.Collect(filterLines(s.teams.Lines, in))
	}
	var keys []groupKey
	switch {
	case settings.AcrossField || section != "":
		if k := (groupKey{settings.fieldOf(section), board}); s.groups[k].lines != nil {
			keys = append(keys, k)
		}
	default:
		for k := range s.groups {
			if k.board == board {
				keys = append(keys, k)
			}
		}
		slices.SortFunc(keys, func(a, b groupKey) int { return CompareSections(a.field, b.field) })
	}
	var out []Line
	for _, k := range keys {
		g := s.groups[k]
		if g.problem != "" {
			continue
		}
		for l := range filterLines(g.lines, in) {
			out = append(out, s.valued(l))
		}
	}
	return out
}

// Scorecard lists the lines of the results a pair of a section played, in
// slot order, with the standings and problems of the field as they stand
// with those lines.
func (f *Field) Scorecard(section string, pair int) ([]Standing, []Line, []Problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := f.read()
	in := func(l Line) bool { return l.Result.Section == section && (l.Result.NS == pair || l.Result.EW == pair) }
	if s.teams != nil {
		return s.standings, slices.Collect(filterLines(s.teams.Lines, in)), s.problems
	}
	var out []Line
	for slot := range f.byPair[pairRef{section, pair}] {
		g := f.groups[f.settings.groupOf(Result{Section: slot.Section, Board: slot.Board})]
		if g.problem != "" {
			continue
		}
		i, ok := slices.BinarySearchFunc(g.lines, slot, func(l Line, s Slot) int { return compareSlots(l.Result.Slot(), s) })
		if ok {
			out = append(out, s.valued(g.lines[i]))
		}
	}
	slices.SortFunc(out, func(a, b Line) int { return compareResults(a.Result, b.Result) })
	return s.standings, out, s.problems
}

// Entered counts the results of board in each section, of every kind, that
// count says to (every one when nil), as the field holds them with every
// change given so far: one pass over the board's results, whichever way
// the sections are grouped.
func (f *Field) Entered(board int, count func(Result) bool) map[string]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.takeChanges()
	out := map[string]int{}
	for key, g := range f.groups {
		if key.board != board {
			continue
		}
		for slot, r := range g.results {
			if count == nil || count(r) {
				out[slot.Section]++
			}
		}
	}
	return out
}

// Score is the whole field as ScoreSession would score it.
func (f *Field) Score() SessionScore {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := f.read()
	if s.teams != nil {
		return *s.teams
	}
	out := SessionScore{Standings: s.standings, Problems: s.problems}
	for _, g := range f.groups {
		if g.problem == "" {
			for _, l := range g.lines {
				out.Lines = append(out.Lines, s.valued(l))
			}
		}
	}
	slices.SortFunc(out.Lines, func(a, b Line) int { return compareResults(a.Result, b.Result) })
	return out
}

// valued is a line with its artificial score valued.
func (s *snapshot) valued(l Line) Line {
	if l.Result.Kind == Artificial {
		if v, ok := s.artificial[l.Result.Slot()]; ok {
			return v
		}
	}
	return l
}

func filterLines(lines []Line, keep func(Line) bool) func(func(Line) bool) {
	return func(yield func(Line) bool) {
		for _, l := range lines {
			if keep(l) && !yield(l) {
				return
			}
		}
	}
}
