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
	// KindTeamsRoundRobin is a round robin of two-room team matches,
	// played once, cut short, or played again (two teams: a match in
	// segments).
	KindTeamsRoundRobin Kind = "Teams round robin"
	// KindSwiss is a Swiss of teams or pairs: each round is paired on the
	// scores so far (SwissPairings), so that no movement is made in
	// advance and the Recommendation's Movement is empty.
	KindSwiss Kind = "Swiss"
)

// Request describes a session to find a movement for.
type Request struct {
	// Entrants is how many pairs play, or how many teams when Teams is
	// set.
	Entrants int
	// Teams is set when the entrants are teams of four, who play team
	// matches in two rooms.
	Teams bool
	// Boards is how many boards the players want (each team, for teams);
	// 0 means a usual session of about 26.
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
	// Style is the form of a Mitchell.
	Style MitchellStyle
	// Sections is how many sections the field is split into; each plays
	// the movement below, those a pair short with a sit-out.
	Sections int
	// Tables, Rounds and BoardsPerRound describe one section;
	// TotalBoards is the length of the session, Rounds × BoardsPerRound
	// (a pair that sits out, or a team with a bye, plays a round fewer).
	Tables, Rounds, BoardsPerRound, TotalBoards int
	// SitOut is set when some pair sits out (some team has a bye) each
	// round.
	SitOut bool
	// Whole is set when the movement is played whole (every pair meets
	// all it is meant to), no pair sits out but for an odd field's one,
	// and it gives the boards asked for: short of them by less than a
	// round, or over by a round at most. Such movements come before all
	// others.
	Whole    bool
	Movement Movement
	Why      string
}

// Session shape (reference §0.5, §0.6): EBU requires every pair to be
// scheduled for at least 70% of the boards in play; two boards a round
// suit thirteen rounds or more, three suit nine to twelve, four fewer.
// Team matches are of four to eight boards, six or more preferred.
const (
	minShareOfBoards = 0.7
	usualBoards      = 26
	defaultMinsBoard = 7.5
	howellMaxTables  = 8   // one-winner Howells are preferred up to here
	sectionMaxTables = 15  // larger fields are split into sections
	maxSections      = 26  // one letter each
	timeSlack        = 1.2 // "about three hours" stretches a fifth at most
	minMatchBoards   = 4
	maxMatchBoards   = 8
	usualMatchBoards = 6
	minTeams         = 2
	maxTeams         = 100
	maxPlayedAgain   = 8 // rounds a round robin played again may reach
	minSwissEntrants = 6 // fewer play a round robin or a Howell
	minSwissRounds   = 3 // fewer rounds pair too little on the scores
)

// Recommend returns the movements that suit a request, best first. First
// come the movements played whole that give every pair the boards asked
// for (short by less than a round, or over by a round at most; an odd
// field's sit-out aside): a movement
// cut short, one whose split into sections adds sit-outs, or one that
// plays fewer or many more boards than asked comes after every one of
// those. Within
// each group: board count close to the wish and within about the time (at
// most a fifth over, each board beyond the time counting against it),
// every pair playing at least 70% of the boards in play, a one-winner
// Howell for small fields and a Mitchell for larger ones, one section up
// to fifteen tables and the fewest sit-outs beyond, and the usual boards a
// round for the size of the section. Teams are recommended team
// movements: a round robin of matches, played again to make up the
// boards (two teams play one match in segments), or cut short for a field
// too large to meet every other team. Where no movement that is played
// whole fits (many teams, few rounds), a Swiss is recommended as well,
// each round paired on the scores: for teams first, before a round robin
// cut short, whose unplayed matches nothing but the draw chooses; for
// pairs after the Howells and Mitchells a club plays. The error says why
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
	var candidates []candidate
	complete := false // a movement played whole fits
	boards := []int{2, 3, 4}
	if req.Teams {
		// Longer matches first: of two that fit as well, the fewer rounds.
		var err error
		if candidates, err = teamCandidates(req.Entrants, int(longest/minMatchBoards)); err != nil {
			return nil, err
		}
		boards = nil
		for b := maxMatchBoards; b >= minMatchBoards; b-- {
			boards = append(boards, b)
		}
	} else {
		candidates = recommendCandidates(req.Entrants, int(longest/2))
	}
	for _, c := range candidates {
		for _, b := range boards {
			if float64(c.rounds*b) > longest {
				continue // longer than any session asked for: not built
			}
			r, ok := c.recommendation(b)
			if !ok {
				continue
			}
			over, ok := overtime(r.TotalBoards, req.Minutes, perBoard)
			if !ok {
				continue
			}
			// Short of the boards by less than a round, or over by a round
			// at most.
			r.Whole = c.complete && c.addedSitOuts() == 0 && r.TotalBoards > want-b && r.TotalBoards <= want+b
			complete = complete || c.complete
			found = append(found, scored{r, c.penalty(b) + abs(r.TotalBoards-want) + over})
		}
	}
	var swiss []Recommendation
	if !complete {
		if r, ok := swissRecommendation(req, want, longest, perBoard); ok {
			swiss = append(swiss, r)
		}
	}
	if len(found) == 0 && len(swiss) == 0 {
		what := "pairs"
		if req.Teams {
			what = "teams"
		}
		if req.Minutes == 0 {
			return nil, fmt.Errorf("recommend: no movement Director builds seats %d %s", req.Entrants, what)
		}
		return nil, fmt.Errorf("recommend: no movement seats %d %s in %d minutes at %.1f minutes a board", req.Entrants, what, req.Minutes, perBoard)
	}
	slices.SortStableFunc(found, func(a, b scored) int {
		return cmp.Or(-compareBool(a.Whole, b.Whole), cmp.Compare(a.penalty, b.penalty))
	})
	out := make([]Recommendation, len(found))
	for i, f := range found {
		out[i] = f.Recommendation
	}
	if req.Teams {
		return append(swiss, out...), nil
	}
	return append(out, swiss...), nil
}

// swissRecommendation is the Swiss for the request: at least
// minSwissEntrants and at most maxSwissTeams teams or pairs (the most
// SwissPairings will pair), at least minSwissRounds rounds and fewer than
// a round robin's (which would pair every entrant with every other
// anyway), matches of minMatchBoards to maxMatchBoards boards, as near the
// boards wanted as the lengths allow and within the time, six-board
// matches preferred. ok is false when none fits.
func swissRecommendation(req Request, want int, longest, perBoard float64) (Recommendation, bool) {
	n := req.Entrants
	cycle := n - 1 + n%2 // the rounds of a round robin
	what, tables := "pairs", n/2
	if req.Teams {
		what, tables = "teams", 2*(n/2)
	}
	if n < minSwissEntrants || n > maxSwissTeams {
		return Recommendation{}, false
	}
	var best Recommendation
	bestPenalty := -1
	for b := minMatchBoards; b <= maxMatchBoards; b++ {
		rounds := min(max((want+b/2)/b, minSwissRounds), cycle-1)
		if rounds < minSwissRounds || float64(rounds*b) > longest {
			continue
		}
		over, ok := overtime(rounds*b, req.Minutes, perBoard)
		if !ok {
			continue
		}
		penalty := abs(rounds*b-want) + abs(b-usualMatchBoards) + over
		if bestPenalty >= 0 && penalty >= bestPenalty {
			continue
		}
		bestPenalty = penalty
		best = Recommendation{Kind: KindSwiss, Sections: 1, Tables: tables, Rounds: rounds, BoardsPerRound: b, TotalBoards: rounds * b, SitOut: n%2 == 1}
	}
	if bestPenalty < 0 {
		return Recommendation{}, false
	}
	match, bye := "rounds", "one pair sits out each round"
	if req.Teams {
		match, bye = "matches", "one team has a bye each round"
	}
	best.Name = fmt.Sprintf("Swiss %s, %d %s, %d %s of %d boards", what, n, what, best.Rounds, match, best.BoardsPerRound)
	parts := []string{
		fmt.Sprintf("%d %s of %d boards = %d boards", best.Rounds, match, best.BoardsPerRound, best.TotalBoards),
		fmt.Sprintf("too few rounds for %d %s to meet every other (a round robin takes %d)", n, what, cycle),
		"each round is paired on the scores so far, leaders against leaders, no two meeting twice",
	}
	if best.SitOut {
		parts = append(parts, bye)
	}
	best.Why = strings.Join(parts, "; ")
	return best, true
}

// compareBool orders false before true.
func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
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
	switch {
	case req.Teams && (req.Entrants < minTeams || req.Entrants > maxTeams):
		problems = append(problems, fmt.Sprintf("%d teams: a team movement seats %d to %d", req.Entrants, minTeams, maxTeams))
	case !req.Teams && req.Entrants < MinHowellPairs:
		problems = append(problems, fmt.Sprintf("%d pairs: the smallest movement seats %d", req.Entrants, MinHowellPairs))
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
	style            MitchellStyle
	sections, tables int
	sectionPairs     []int
	complete         bool // every pair meets every other (or every NS every EW), every team every other
	rounds           int
	// movement is the movement played at some boards a round.
	movement func(boards int) Movement
	// describe names the movement at some boards a round and says what it
	// is, for people.
	describe func(r Recommendation) (name string, why []string)
}

// recommendCandidates builds every Howell and Mitchell, complete or cut
// short to no fewer than 70% of its rounds, of at most maxRounds rounds,
// that could seat the pairs in one section or, when one section would
// have more than fifteen tables, in several equal ones.
func recommendCandidates(pairs, maxRounds int) []candidate {
	var out []candidate
	for sections := 1; sections <= maxSections && (sections == 1 || pairs/sections >= 5); sections++ {
		if sections > 1 && (pairs+1)/2 <= sectionMaxTables {
			break // one section seats the field: no director splits it
		}
		sizes := sectionSizes(pairs, sections)
		largest := sizes[0]
		tables := (largest + 1) / 2
		if (sizes[len(sizes)-1]+1)/2 != tables || (sections > 1 && tables > sectionMaxTables) {
			continue
		}
		add := func(kind Kind, style MitchellStyle, cutShort bool, build func(rounds int) (Movement, error)) {
			full, err := build(0)
			if err != nil {
				return
			}
			c := candidate{kind: kind, style: style, sections: sections, tables: tables, sectionPairs: sizes}
			if full.Rounds <= maxRounds {
				out = append(out, c.pairs(full, true))
			}
			for r := min(full.Rounds-1, maxRounds); cutShort && r >= (full.Rounds*7+9)/10; r-- {
				if m, err := build(r); err == nil {
					out = append(out, c.pairs(m, false))
				}
			}
		}
		if largest <= MaxHowellPairs {
			// Partial Howells are played up to eight tables (the "¾
			// Howell"); larger fields play a Mitchell instead.
			add(KindHowell, MitchellStandard, tables <= howellMaxTables, func(rounds int) (Movement, error) {
				return Howell(largest, HowellOptions{Rounds: rounds})
			})
		}
		styles := []MitchellStyle{MitchellStandard}
		if tables%2 == 0 {
			// The skip for even tables (which a half table cannot take),
			// or the relay and bye-stand.
			styles = append(styles, MitchellRelayByeStand)
		}
		for _, style := range styles {
			if tables >= 3 && tables <= MaxMitchellTables {
				add(KindMitchell, style, true, func(rounds int) (Movement, error) {
					return Mitchell(tables, MitchellOptions{Style: style, Rounds: rounds, HalfTable: largest%2 == 1})
				})
			}
		}
	}
	return out
}

// pairs completes a pairs candidate with its movement.
func (c candidate) pairs(m Movement, complete bool) candidate {
	c.complete, c.rounds = complete, m.Rounds
	c.movement = func(int) Movement { return m }
	c.describe = func(r Recommendation) (string, []string) {
		return fmt.Sprintf("%s, %d boards a round", m.Name, r.BoardsPerRound), nil
	}
	return c
}

// teamCandidates builds the round robins of teams teams of at most
// maxRounds rounds: played once, again as often as fits in eight rounds
// (two teams: eight segments), or cut short to no fewer than half its
// rounds, each at every length of match from minMatchBoards to
// maxMatchBoards boards. The error says why a round robin the request
// allows could not be built.
func teamCandidates(teams, maxRounds int) ([]candidate, error) {
	once, err := RoundRobin(teams)
	if err != nil {
		return nil, fmt.Errorf("recommend: %d teams: %w", teams, err)
	}
	cycle := len(once)
	var out []candidate
	for rounds := max((cycle+1)/2, 1); rounds <= min(maxRounds, max(cycle, maxPlayedAgain)); rounds++ {
		if rounds > cycle && rounds%cycle != 0 {
			continue // a round robin played again is played whole
		}
		matches, err := RoundRobinRounds(teams, rounds)
		if err != nil {
			return nil, fmt.Errorf("recommend: %d teams in %d rounds: %w", teams, rounds, err)
		}
		played := map[int]Movement{}
		for b := minMatchBoards; b <= maxMatchBoards; b++ {
			if played[b], err = TeamsMovement(matches, b); err != nil {
				return nil, fmt.Errorf("recommend: %d teams in %d rounds of %d boards: %w", teams, rounds, b, err)
			}
		}
		out = append(out, candidate{
			kind: KindTeamsRoundRobin, sections: 1, tables: 2 * (teams / 2), sectionPairs: []int{teams}, rounds: rounds,
			complete: rounds%cycle == 0,
			movement: func(boards int) Movement { return played[boards] },
			describe: func(r Recommendation) (string, []string) {
				return teamsDescription(teams, cycle, r)
			},
		})
	}
	return out, nil
}

// teamsDescription names a teams recommendation and says what its teams
// play.
func teamsDescription(teams, cycle int, r Recommendation) (string, []string) {
	if teams == 2 {
		return fmt.Sprintf("Match, 2 teams, %d segments of %d boards", r.Rounds, r.BoardsPerRound),
			[]string{fmt.Sprintf("one match of %d boards in %d segments of %d, in two rooms", r.TotalBoards, r.Rounds, r.BoardsPerRound)}
	}
	switch {
	case r.Rounds == cycle:
		return fmt.Sprintf("Round robin, %d teams, %d matches of %d boards", teams, r.Rounds, r.BoardsPerRound),
			[]string{"every team meets every other once"}
	case r.Rounds > cycle:
		return fmt.Sprintf("Round robin played %d times, %d teams, %d matches of %d boards", r.Rounds/cycle, teams, r.Rounds, r.BoardsPerRound),
			[]string{fmt.Sprintf("every team meets every other %d times, home and away exchanged", r.Rounds/cycle)}
	}
	return fmt.Sprintf("Round robin cut short, %d teams, %d of %d matches of %d boards", teams, r.Rounds, cycle, r.BoardsPerRound),
		[]string{fmt.Sprintf("cut short: each team meets at most %d of the %d others", r.Rounds, teams-1)}
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
	p := 0
	if !c.complete {
		p++
	}
	if c.kind == KindTeamsRoundRobin {
		return p + 2*max(usualMatchBoards-boards, 0)
	}
	p += 3 * abs(boards-advisedBoards(c.movement(boards).Rounds))
	if (c.kind == KindHowell) != (c.tables <= howellMaxTables) {
		p += 4
	}
	return p + 2*(c.sections-1) + 3*c.addedSitOuts()
}

// addedSitOuts counts the sit-outs a split into sections adds: every
// section short of a pair has one, and one is the field's own when its
// number is odd.
func (c candidate) addedSitOuts() int {
	sitOuts, pairs := 0, 0
	for _, n := range c.sectionPairs {
		sitOuts += n % 2
		pairs += n
	}
	return sitOuts - pairs%2
}

// recommendation describes the candidate at some boards a round, or
// reports false when a pair would play under 70% of the boards in play.
func (c candidate) recommendation(boards int) (Recommendation, bool) {
	m := c.movement(boards)
	inPlay, fewest := boardsInPlay(m)
	if !m.Teams && float64(fewest) < minShareOfBoards*float64(inPlay) {
		return Recommendation{}, false
	}
	sitOut := slices.ContainsFunc(c.sectionPairs, func(p int) bool { return p%2 == 1 })
	r := Recommendation{
		Kind:           c.kind,
		Style:          c.style,
		Sections:       c.sections,
		Tables:         m.Tables,
		Rounds:         m.Rounds,
		BoardsPerRound: boards,
		TotalBoards:    m.Rounds * boards,
		SitOut:         sitOut,
		Movement:       m,
	}
	name, what := c.describe(r)
	r.Name = name
	r.Why = c.why(r, what, fewest, inPlay)
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

func (c candidate) why(r Recommendation, what []string, fewest, inPlay int) string {
	var parts []string
	if c.sections > 1 {
		sizes := make([]string, len(c.sectionPairs))
		for i, p := range c.sectionPairs {
			sizes[i] = fmt.Sprint(p)
		}
		parts = append(parts, fmt.Sprintf("%d sections (%s pairs)", c.sections, strings.Join(sizes, ", ")))
	}
	parts = append(parts, fmt.Sprintf("%d rounds of %d boards = %d boards", r.Rounds, r.BoardsPerRound, r.TotalBoards))
	parts = append(parts, what...)
	if c.kind == KindTeamsRoundRobin {
		if r.SitOut {
			parts = append(parts, "one team has a bye each round")
		}
		if r.Tables > 2 {
			parts = append(parts, "every match of a round plays the same boards")
		}
		return strings.Join(parts, "; ")
	}
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
