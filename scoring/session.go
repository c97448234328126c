package scoring

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"math/big"
	"slices"

	"github.com/bridge-director/director/bridge"
)

// A session is scored whole: its results, how it is scored and the
// procedural penalties that stand go in; what every result earned (the
// traveller lines), the standings with the penalties deducted, and the
// boards that cannot be scored come out. ScoreSession does it in one pass;
// Field keeps the same answer current as results change.

// Form is how a session is scored.
type Form uint8

// The forms of scoring.
const (
	// MatchpointPairs compares each result with the others on its board.
	MatchpointPairs Form = iota + 1
	// CrossIMPPairs IMPs each result against every other on its board.
	CrossIMPPairs
	// ButlerPairs IMPs each result against the board's datum.
	ButlerPairs
	// TeamsVictoryPoints scores team matches by IMPs converted to victory
	// points.
	TeamsVictoryPoints
	// TeamsPointABoard scores team matches board by board: 2, 1 or 0.
	TeamsPointABoard
)

// String names the form.
func (f Form) String() string {
	switch f {
	case MatchpointPairs:
		return "matchpoint pairs"
	case CrossIMPPairs:
		return "cross-IMP pairs"
	case ButlerPairs:
		return "Butler pairs"
	case TeamsVictoryPoints:
		return "teams by victory points"
	case TeamsPointABoard:
		return "teams point-a-board"
	}
	return fmt.Sprintf("Form(%d)", uint8(f))
}

func (f Form) teams() bool { return f == TeamsVictoryPoints || f == TeamsPointABoard }

// Settings say how a session is scored.
type Settings struct {
	Form    Form
	Profile Profile
	// AcrossField compares the sections that played the same boards as one
	// field (pairs forms).
	AcrossField bool
	// TwoWinners ranks North-South and East-West pairs apart (matchpoints).
	TwoWinners bool
}

func (s Settings) validate() error {
	if s.TwoWinners && s.Form != MatchpointPairs {
		return fmt.Errorf("scoring: %v has one winner: two winners are for matchpoint pairs", s.Form)
	}
	switch s.Form {
	case MatchpointPairs, CrossIMPPairs, ButlerPairs, TeamsPointABoard:
	case TeamsVictoryPoints:
		if _, err := s.Profile.VictoryPoints(); err != nil {
			return err
		}
	default:
		return fmt.Errorf("scoring: form %v cannot be scored", s.Form)
	}
	if s.Form == ButlerPairs {
		if err := s.Profile.ButlerOptions().validate(); err != nil {
			return err
		}
	}
	return s.pairsOptions().validate()
}

func (s Settings) pairsOptions() PairsOptions {
	return PairsOptions{Profile: s.Profile, AcrossField: s.AcrossField, TwoWinners: s.TwoWinners}
}

// Slot is where a board was played once in a session.
type Slot struct {
	Section             string
	Table, Round, Board int
}

// Slot is where the result was played.
func (r Result) Slot() Slot { return Slot{r.Section, r.Table, r.Round, r.Board} }

// CompareSections orders sections as they are lettered: A to Z, then AA,
// AB: by length, then alphabetically.
func CompareSections(a, b string) int {
	return cmp.Or(cmp.Compare(len(a), len(b)), cmp.Compare(a, b))
}

// compareSlots orders slots by section, table, round and board.
func compareSlots(a, b Slot) int {
	return cmp.Or(CompareSections(a.Section, b.Section), cmp.Compare(a.Table, b.Table),
		cmp.Compare(a.Round, b.Round), cmp.Compare(a.Board, b.Board))
}

func compareResults(a, b Result) int { return compareSlots(a.Slot(), b.Slot()) }

// Penalty is a procedural penalty (Law 90) taken from one pair's or team's
// total in the session.
type Penalty struct {
	Section string
	Pair    int
	// Directed penalties are against the pair of that number sitting in
	// Direction only, in a field with two winners; others are against the
	// pair whichever way it sat.
	Directed  bool
	Direction bridge.Side
	// Amount is in the unit of score (matchpoints, IMPs, victory points,
	// board points), or a percentage of a board's top when PercentOfTop.
	Amount       float64
	PercentOfTop bool
	// IMPs says Amount is IMPs. In a session of teams scored by victory
	// points they are taken in the team's match of Round and converted to
	// victory points as the profile says (IMPPenalties), once that match is
	// scored; a point-a-board session takes none, and other forms do not
	// read Round.
	IMPs  bool
	Round int
}

// Line is what one result earned: a line of its board's traveller.
type Line struct {
	Result Result
	// NSPoints and EWPoints are the matchpoints, IMPs or board points of
	// each side, as published (to 2 decimals).
	NSPoints, EWPoints float64
	// NSPercentage and EWPercentage are each side's percentage of the top
	// (matchpoints only).
	NSPercentage, EWPercentage float64
	// Top is the board's matchpoint top (0 for other forms).
	Top float64
}

// Standing is one pair's or team's place in the session.
type Standing struct {
	Section string
	Pair    int
	// Direction is the side a pair sat in a field with two winners.
	Direction bridge.Side
	// Score is the matchpoints, IMPs, victory points or board points, after
	// penalties; Percentage the matchpoint percentage, after penalties.
	Score, Percentage float64
	Boards            int
	// Penalties is what penalties took from Score.
	Penalties float64
	Rank      int
	Place     string // Rank, with "=" when shared
	// tops is the sum of the matchpoint tops of the pair's boards.
	tops int64
}

// Problem is a board left out of the scoring because its results cannot be
// scored together (a pair with two results on it): a director must correct
// them first.
type Problem struct {
	Section string
	Board   int
	Problem string
}

// SessionScore is a scored session.
type SessionScore struct {
	// Lines holds a line for every result of a board that can be scored, in
	// slot order.
	Lines []Line
	// Standings are ranked: matchpoint pairs by percentage in their section
	// (the whole field when scored across it) and direction, other forms by
	// score over the session; then by section and number.
	Standings []Standing
	// Matches are a team session's matches with a board scored, by round,
	// section and home team; none for pairs.
	Matches  []MatchScore
	Problems []Problem
}

// ScoreSession scores a session whole. A board whose results cannot be
// scored together is left out and reported in Problems; every other board
// counts. It fails only when the settings cannot score anything.
func ScoreSession(s Settings, results []Result, penalties []Penalty) (SessionScore, error) {
	if err := s.validate(); err != nil {
		return SessionScore{}, err
	}
	var out SessionScore
	var good []Result
	for _, g := range groupResults(s, results) {
		if err := checkGroup(s, g); err != nil {
			out.Problems = append(out.Problems, Problem{Section: g[0].Section, Board: g[0].Board, Problem: err.Error()})
			continue
		}
		good = append(good, g...)
	}
	slices.SortFunc(good, compareResults)
	var err error
	switch {
	case s.Form == MatchpointPairs:
		err = scoreMatchpoints(s, good, &out)
	case s.Form.teams():
		penalties, err = scoreTeams(s, good, penalties, &out)
	default:
		err = scoreIMPPairs(s, good, &out)
	}
	if err != nil {
		return SessionScore{}, err
	}
	sortProblems(out.Problems)
	finish(s, out.Standings, penalties, boardTops(s, out.Lines))
	return out, nil
}

// groupKey names the results compared with each other: one board in one
// section, or across the field ("" section).
type groupKey struct {
	field string
	board int
}

func (s Settings) groupOf(r Result) groupKey {
	if s.AcrossField && !s.Form.teams() {
		return groupKey{board: r.Board}
	}
	return groupKey{r.Section, r.Board}
}

// fieldOf is the field a section's boards are compared in.
func (s Settings) fieldOf(section string) string {
	if s.AcrossField && !s.Form.teams() {
		return ""
	}
	return section
}

// groupResults sorts results into their groups, each in slot order, the
// groups in the order of their first result.
func groupResults(s Settings, results []Result) [][]Result {
	sorted := slices.SortedFunc(slices.Values(results), compareResults)
	index := map[groupKey]int{}
	var out [][]Result
	for _, r := range sorted {
		k := s.groupOf(r)
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], r)
	}
	return out
}

// checkGroup says why the results of one group cannot be scored together.
func checkGroup(s Settings, g []Result) error {
	switch {
	case s.Form == MatchpointPairs:
		return newSheet(g, s.pairsOptions()).index()
	case s.Form.teams():
		for _, r := range g {
			if err := r.validate(); err != nil {
				return fmt.Errorf("scoring: table %d: %w", r.Table, err)
			}
			if s.Form == TeamsPointABoard && r.sideScores() != nil {
				return fmt.Errorf("scoring: table %d: a point-a-board match takes no weighted or split scores", r.Table)
			}
			if r.Kind == Artificial {
				if _, err := ArtificialTeamIMPs(r.NSAdjust, r.EWAdjust, s.Profile); err != nil {
					return err
				}
			}
		}
		_, _, err := teamMatches(g)
		return err
	}
	b, err := impBoard(s, g)
	if err == nil && len(b.Lines) > 0 {
		_, _, err = boardIMPs(b, impOptions(s))
	}
	return err
}

// newSheet is the working state of matchpointing results.
func newSheet(results []Result, opt PairsOptions) *sheet {
	s := &sheet{results: results, opt: opt, sectionIDs: map[string]int{}, scale: 1}
	if opt.Profile.MatchpointScale == OnePerBeat {
		s.scale = 0.5
	}
	return s
}

// scoreMatchpoints matchpoints a session whose boards can all be scored.
func scoreMatchpoints(s Settings, results []Result, out *SessionScore) error {
	sh := newSheet(results, s.pairsOptions())
	if err := sh.index(); err != nil {
		return err
	}
	if err := sh.countFullBoards(); err != nil {
		return err
	}
	for g := range sh.groups {
		sh.scoreBoard(g)
	}
	sh.scoreArtificial()
	for i, r := range results {
		out.Lines = append(out.Lines, matchpointLine(r, sh.lines[i], sh.scale))
	}
	for p, t := range sh.totals {
		id := sh.pairs[p]
		out.Standings = append(out.Standings, matchpointStanding(s, sh.sections[id.section], id.side, id.number, t))
	}
	return nil
}

// matchpointLine publishes what a result earned on the profile's scale.
func matchpointLine(r Result, l linePoints, scale float64) Line {
	line := Line{Result: r}
	if r.Kind == NotPlayed {
		return line
	}
	ns, ew, top := toHundredths(l.ns*scale), toHundredths(l.ew*scale), l.top*scale
	line.NSPoints, line.EWPoints, line.Top = float64(ns)/100, float64(ew)/100, top
	if top > 0 {
		line.NSPercentage, line.EWPercentage = percentage(ns, int64(top)), percentage(ew, int64(top))
	}
	return line
}

// matchpointStanding is a pair's standing before penalties.
func matchpointStanding(s Settings, section string, side bridge.Side, number int, t total) Standing {
	st := Standing{Section: section, Pair: number, Score: float64(t.hundredths) / 100,
		Percentage: percentage(t.hundredths, t.top), Boards: t.boards, tops: t.top}
	if s.TwoWinners {
		st.Direction = side
	}
	return st
}

// impOptions are how an IMP pairs session scores its boards.
func impOptions(s Settings) IMPPairsOptions {
	if s.Form == ButlerPairs {
		return IMPPairsOptions{Method: ButlerScoring, Butler: s.Profile.ButlerOptions()}
	}
	return IMPPairsOptions{Method: CrossIMPScoring}
}

// impBoard is the IMP traveller of one group: the results with scores
// (played, passed out, assigned, weighted or split), IMPed against each
// other, and the artificial adjusted scores, which earn the profile's IMPs
// (Law 12C2(b)).
func impBoard(s Settings, g []Result) (IMPBoard, error) {
	b := IMPBoard{Board: g[0].Board}
	for _, r := range g {
		line, ok, err := impLine(s, r)
		if err != nil {
			return b, err
		}
		if ok {
			b.Lines = append(b.Lines, line)
		}
	}
	return b, nil
}

// impLine is a result's line of the IMP traveller; ok is false for a result
// that earns no IMPs.
func impLine(s Settings, r Result) (line IMPLine, ok bool, err error) {
	line = IMPLine{NS: pairName(r.Section, r.NS), EW: pairName(r.Section, r.EW), Score: r.NSScore}
	switch r.Kind {
	case Played:
		return line, true, nil
	case Weighted, Split:
		line.Adjusted = r.sideScores()
		return line, true, nil
	case Artificial:
		imps, err := ArtificialTeamIMPs(r.NSAdjust, r.EWAdjust, s.Profile)
		line.Artificial = &imps
		return line, err == nil, err
	}
	return line, false, nil
}

// pairName names a pair in the IMP traveller, which compares pairs by name.
func pairName(section string, pair int) string { return fmt.Sprintf("%s/%d", section, pair) }

// impPoints are the published IMPs of an exact value.
func impPoints(v *big.Rat) float64 {
	f, _ := roundRat(v, 2).Float64()
	return f
}

// impBoardScore scores one group's IMP traveller: the lines of all its
// results (in the group's order) and what each line adds to its pairs.
func impBoardScore(s Settings, g []Result) ([]Line, []impShare, error) {
	lines := make([]Line, len(g))
	all := make([]int, len(g))
	for i, r := range g {
		lines[i].Result = r
		all[i] = i
	}
	var shares []impShare
	for _, form := range byForm(all, func(i int) int { return g[i].FouledGroup }) {
		rs := make([]Result, len(form))
		for k, i := range form {
			rs[k] = g[i]
		}
		b, err := impBoard(s, rs)
		if err != nil {
			return nil, nil, err
		}
		if len(b.Lines) == 0 {
			continue
		}
		nsIMPs, ewIMPs, err := boardIMPs(b, impOptions(s))
		if err != nil {
			return nil, nil, err
		}
		k := 0
		for _, i := range form {
			r := g[i]
			if _, ok, _ := impLine(s, r); !ok {
				continue
			}
			v, w := nsIMPs[k], ewIMPs[k]
			k++
			ns, ew := pairKey{r.Section, bridge.NorthSouth, r.NS}, pairKey{r.Section, bridge.NorthSouth, r.EW}
			lines[i].NSPoints, lines[i].EWPoints = impPoints(v), impPoints(w)
			shares = append(shares, impShare{ns, v}, impShare{ew, w})
		}
	}
	return lines, shares, nil
}

// pairKey names a pair in its section and, with two winners, its direction
// (North-South otherwise).
type pairKey struct {
	section string
	side    bridge.Side
	number  int
}

// impShare is what one line adds to one pair's IMPs.
type impShare struct {
	pair pairKey
	imps *big.Rat
}

// impTotal is a pair's IMPs over the boards it played: the exact sum, and
// when it played fewer than the full number of boards of its field, that sum
// rounded to 2 decimals, factored to the full number and rounded again (see
// IMPPairTotal).
func impTotal(sum *big.Rat, played, full int) float64 {
	total := sum
	if played < full {
		total = new(big.Rat).Mul(roundRat(sum, 2), big.NewRat(int64(full), int64(played)))
	}
	return impPoints(total)
}

// impSums is the IMP pairs' running totals: the exact sum of each pair's
// IMPs and its boards, in the order pairs were first seen.
type impSums struct {
	order []pairKey
	sum   map[pairKey]*big.Rat
	count map[pairKey]int
}

func (t *impSums) add(sh impShare, sign int) {
	if t.sum == nil {
		t.sum, t.count = map[pairKey]*big.Rat{}, map[pairKey]int{}
	}
	cur, ok := t.sum[sh.pair]
	if !ok {
		cur = new(big.Rat)
		t.sum[sh.pair] = cur
		t.order = append(t.order, sh.pair)
	}
	if sign > 0 {
		cur.Add(cur, sh.imps)
	} else {
		cur.Sub(cur, sh.imps)
	}
	t.count[sh.pair] += sign
}

// standings are the IMP pairs' standings before penalties; full gives the
// boards of each field.
func (t *impSums) standings(s Settings, full map[string]int) []Standing {
	var out []Standing
	for _, p := range t.order {
		n := t.count[p]
		if n <= 0 {
			continue
		}
		out = append(out, Standing{Section: p.section, Pair: p.number, Score: impTotal(t.sum[p], n, full[s.fieldOf(p.section)]), Boards: n})
	}
	return out
}

// scoreIMPPairs scores a cross-IMP or Butler session whose boards can all be
// scored.
func scoreIMPPairs(s Settings, results []Result, out *SessionScore) error {
	var sums impSums
	full := map[string]int{}
	lines := map[Slot]Line{}
	for _, g := range groupResults(s, results) {
		gl, shares, err := impBoardScore(s, g)
		if err != nil {
			return err
		}
		for _, l := range gl {
			lines[l.Result.Slot()] = l
		}
		if len(shares) > 0 {
			full[s.fieldOf(g[0].Section)]++
		}
		for _, sh := range shares {
			sums.add(sh, 1)
		}
	}
	for _, r := range results {
		out.Lines = append(out.Lines, lines[r.Slot()])
	}
	out.Standings = sums.standings(s, full)
	return nil
}

// boardTops is the largest matchpoint top of any board in each field.
func boardTops(s Settings, lines []Line) map[string]float64 {
	tops := map[string]float64{}
	for _, l := range lines {
		f := s.fieldOf(l.Result.Section)
		tops[f] = max(tops[f], l.Top)
	}
	return tops
}

// finish deducts the penalties that stand from the standings and ranks
// them, answering where each ranked standing was (rank). tops holds the top
// of a full board of each field, the size of a penalty counted in percent
// of a top.
func finish(s Settings, standings []Standing, penalties []Penalty, tops map[string]float64) []int {
	for i := range standings {
		st := &standings[i]
		var deduction float64
		for _, p := range penalties {
			if p.Section != st.Section || p.Pair != st.Pair || p.Directed && (!s.TwoWinners || p.Direction != st.Direction) {
				continue
			}
			if !p.PercentOfTop {
				deduction += p.Amount
				continue
			}
			top := tops[s.fieldOf(st.Section)]
			if s.Form == TeamsPointABoard {
				top = pabTop
			}
			deduction += PercentOfTop(p.Amount, top)
		}
		if deduction > 0 {
			deduction = round2(deduction)
			st.Penalties = deduction
			if s.Form == MatchpointPairs {
				st.Percentage = PenalizedPercentage(st.Score, deduction, float64(st.tops))
			}
			st.Score = round2(st.Score - deduction)
		}
	}
	return rank(s, standings)
}

// pabTop is the top of a board point-a-board.
const pabTop = 2

// rank places the standings within their ranking groups and sorts them by
// group, place, section and number. One sort does both: within a group the
// standings are ordered by what they are ranked on, best first (NaN last),
// so the places are read off in order, equal values sharing the best of
// their places ("1224"). It answers where each ranked standing was: the
// i-th was at from[i]. Standings that come nearly in order sort faster.
func rank(s Settings, standings []Standing) (from []int) {
	sections := map[string]int{}
	for _, st := range standings {
		sections[st.Section] = 0
	}
	names := slices.SortedFunc(maps.Keys(sections), CompareSections)
	for i, name := range names {
		sections[name] = i
	}
	type keyed struct {
		// group numbers the ranking group by its section (0 for all when
		// ranked over the field or the session) and direction; value is
		// what the standing is ranked on, best first (bestFirst); then
		// is the section and the pair.
		group, value, then uint64
		index              int
	}
	order := make([]keyed, len(standings))
	for i, st := range standings {
		k := keyed{then: uint64(sections[st.Section])<<32 | uint64(st.Pair), value: bestFirst(st.Score), index: i}
		if s.Form == MatchpointPairs {
			k.group, k.value = uint64(2*sections[s.fieldOf(st.Section)]+int(st.Direction)), bestFirst(st.Percentage)
		}
		order[i] = k
	}
	slices.SortFunc(order, func(a, b keyed) int {
		return cmp.Or(cmp.Compare(a.group, b.group), cmp.Compare(a.value, b.value), cmp.Compare(a.then, b.then))
	})
	sorted := make([]Standing, len(standings))
	first := 0 // where the group begins
	for start := 0; start < len(order); {
		if start > 0 && order[start].group != order[start-1].group {
			first = start
		}
		end := start + 1
		for end < len(order) && order[end].group == order[start].group && order[end].value == order[start].value {
			end++
		}
		place := Place{Rank: start - first + 1, Tied: end-start > 1}
		name := place.String()
		for i := start; i < end; i++ {
			st := &sorted[i]
			*st = standings[order[i].index]
			st.Rank, st.Place = place.Rank, name
		}
		start = end
	}
	copy(standings, sorted)
	from = make([]int, len(order))
	for i, k := range order {
		from[i] = k.index
	}
	return from
}

// bestFirst maps a score to a key that sorts the best score first: higher
// numbers before lower, every NaN last, and the two zeros as one, so that
// two scores rank equal exactly when compareScores says so.
func bestFirst(x float64) uint64 {
	switch {
	case math.IsNaN(x):
		return math.MaxUint64
	case x == 0:
		x = 0 // -0 ranks with 0
	}
	bits := math.Float64bits(x)
	if bits>>63 == 0 { // not negative: above every negative, larger higher
		bits |= 1 << 63
	} else {
		bits = ^bits
	}
	return ^bits // highest first
}

// round2 rounds to 2 decimals, halves away from zero: the one rule for
// every figure Director publishes.
func round2(x float64) float64 { return float64(toHundredths(x)) / 100 }
