package scoringservice

// Results files of other programs, converted to Director's messages: the
// event's settings, its sessions and sections with their entrants, the
// results, and every figure the file printed, to be compared once Director
// has scored the results. Nothing here writes; ImportResults checks what
// comes out before it creates anything.

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"google.golang.org/protobuf/proto"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/pbn"
	"github.com/bridge-director/director/formats/usebio"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
)

// imported is what a results file holds, in Director's messages.
type imported struct {
	title    string
	settings *scoringv1.ScoringSettings
	sessions []importedSession
	results  []*scoringv1.Result
	// printed are the figures the file printed, each placed as a
	// Difference is and with its published text.
	printed []*scoringv1.Difference
	notes   []string
}

type importedSession struct {
	number   int32
	sections []*importedSection
}

type importedSection struct {
	letter   string
	entrants []*movementv1.Entrant
}

// entrant returns the section's entrant numbered n, adding it when new.
func (s *importedSection) entrant(n int32) *movementv1.Entrant {
	for _, e := range s.entrants {
		if e.GetNumber() == n {
			return e
		}
	}
	e := &movementv1.Entrant{Number: n}
	s.entrants = append(s.entrants, e)
	return e
}

// fileError refuses the file, naming where in it and what is wrong.
func fileError(where, format string, args ...any) error {
	return platform.FieldError("content", where+": "+fmt.Sprintf(format, args...))
}

// sectionLetter is the section Director names a file's section by: its own
// ID when that is letters (A, B, AA), else the letter of its place.
func sectionLetter(id string, index int, notes *[]string) string {
	up := strings.ToUpper(strings.TrimSpace(id))
	if up != "" && len(up) <= 2 && strings.IndexFunc(up, func(r rune) bool { return r < 'A' || r > 'Z' }) < 0 {
		return up
	}
	letter := string(rune('A' + index%26))
	if index >= 26 {
		letter = string(rune('A'+index/26-1)) + letter
	}
	if id != "" {
		*notes = append(*notes, fmt.Sprintf("section %q is section %s", id, letter))
	}
	return letter
}

// usebioSettings are the scoring settings a USEBIO event names, with the
// EBU's profile (USEBIO is the EBU's format).
func usebioSettings(e usebio.Event) (*scoringv1.ScoringSettings, error) {
	s := &scoringv1.ScoringSettings{Profile: scoringv1.Profile_PROFILE_EBU}
	method := strings.ToUpper(strings.TrimSpace(e.BoardScoringMethod))
	switch {
	case method == "MATCH_POINTS" || method == "" && strings.Contains(strings.ToUpper(e.Type), "MP"):
		s.Form = scoringv1.Form_FORM_MATCHPOINTS
		s.TwoWinners = strings.TrimSpace(e.WinnerType) == "2"
	case method == "CROSS_IMPS":
		s.Form = scoringv1.Form_FORM_CROSS_IMPS
	case strings.HasPrefix(method, "BUTLER"):
		s.Form = scoringv1.Form_FORM_BUTLER
	case method == "PAB":
		s.Form = scoringv1.Form_FORM_TEAMS_POINT_A_BOARD
	case method == "IMPS" && strings.EqualFold(strings.TrimSpace(e.MatchScoringMethod), "VPS"):
		s.Form = scoringv1.Form_FORM_TEAMS_VP
	default:
		return nil, fileError("EVENT", "BOARD_SCORING_METHOD %q with MATCH_SCORING_METHOD %q: Director scores MATCH_POINTS, CROSS_IMPS and BUTLER pairs, and IMPS with VPS or PAB teams", e.BoardScoringMethod, e.MatchScoringMethod)
	}
	return s, nil
}

// fromUSEBIO converts a USEBIO file.
func fromUSEBIO(f *usebio.File) (*imported, error) {
	settings, err := usebioSettings(f.Event)
	if err != nil {
		return nil, err
	}
	im := &imported{title: oneLine(cmpOr(f.Event.Description, f.Event.Title, f.Club.Name, "Imported results")), settings: settings}
	teams := teamsForm(settings.GetForm())
	for i, s := range f.Event.Sessions {
		number := int32(i + 1)
		if n, err := strconv.Atoi(strings.TrimSpace(s.ID)); err == nil && n >= 1 {
			number = int32(n)
		}
		where := fmt.Sprintf("SESSION %d", number)
		if slices.ContainsFunc(im.sessions, func(o importedSession) bool { return o.number == number }) {
			return nil, fileError(where, "the file has this session twice")
		}
		session := importedSession{number: number}
		for j, sec := range s.Sections {
			section := &importedSection{letter: sectionLetter(sec.ID, j, &im.notes)}
			at := fmt.Sprintf("%s SECTION %s", where, cmpOr(sec.ID, section.letter))
			if teams {
				err = im.usebioTeams(number, section, sec, at)
			} else {
				err = im.usebioPairs(number, section, sec, at)
			}
			if err != nil {
				return nil, err
			}
			session.sections = append(session.sections, section)
		}
		im.sessions = append(im.sessions, session)
	}
	im.settings.AcrossField = acrossField(f, settings)
	return im, nil
}

// acrossField reports whether the file matchpointed its sections as one
// field: a line's matchpoints add up to more than the top of its section.
func acrossField(f *usebio.File, s *scoringv1.ScoringSettings) bool {
	if s.GetForm() != scoringv1.Form_FORM_MATCHPOINTS {
		return false
	}
	for _, session := range f.Event.Sessions {
		if len(session.Sections) < 2 {
			continue
		}
		for _, sec := range session.Sections {
			most := 0
			for _, b := range sec.Boards {
				most = max(most, len(b.Lines))
			}
			for _, b := range sec.Boards {
				for _, l := range b.Lines {
					ns, err1 := usebio.ParseFloat("NS_MATCH_POINTS", l.NSMatchPoints)
					ew, err2 := usebio.ParseFloat("EW_MATCH_POINTS", l.EWMatchPoints)
					if err1 == nil && err2 == nil && ns+ew > float64(2*(most-1))+0.01 {
						return true
					}
				}
			}
		}
	}
	return false
}

func cmpOr(values ...string) string {
	for _, v := range values {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// oneLine writes a file's name or title on one line: a line break, tab or
// other control character in it is a space, as is a run of spaces, and
// none begins or ends it.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }), " ")
}

// players converts a file's players; a national id of 0 is none (files
// write 0 for a player without one), and a player with neither a name nor
// an id is left out.
func players(ps []usebio.Player) []*movementv1.Player {
	var out []*movementv1.Player
	for _, p := range ps {
		id, name := strings.TrimSpace(p.NationalID), oneLine(p.Name)
		if id == "0" {
			id = ""
		}
		if id == "" && name == "" {
			continue
		}
		out = append(out, &movementv1.Player{Name: name, MemberNumber: id})
	}
	return out
}

// participant reads the number of a PAIR or TEAM of the participants and
// returns its entrant and where its standing's figures are.
func participant(session int32, section *importedSection, where, element, text string) (*movementv1.Entrant, *scoringv1.Difference, error) {
	n, err := number(where, element, text)
	if err != nil {
		return nil, nil, err
	}
	return section.entrant(n), &scoringv1.Difference{Session: session, Section: section.letter, Pair: n}, nil
}

func (im *imported) usebioPairs(session int32, section *importedSection, sec usebio.Section, where string) error {
	for i, p := range sec.Participants.Pairs {
		at := fmt.Sprintf("%s PAIR %d", where, i+1)
		e, standing, err := participant(session, section, at, "PAIR_NUMBER", p.Number)
		if err != nil {
			return err
		}
		e.Players = players(p.Players)
		if im.settings.GetTwoWinners() {
			switch strings.ToUpper(strings.TrimSpace(p.Direction)) {
			case "NS":
				standing.Direction = typev1.Side_SIDE_NORTH_SOUTH
			case "EW":
				standing.Direction = typev1.Side_SIDE_EAST_WEST
			default:
				return fileError(at, "DIRECTION %q: a two-winner event (WINNER_TYPE 2) names each pair's direction, NS or EW", p.Direction)
			}
		}
		im.print(standing, "PERCENTAGE", p.Percentage)
		im.print(standing, "TOTAL_SCORE", p.TotalScore)
		im.print(standing, "PLACE", p.Place)
	}
	for _, b := range sec.Boards {
		board, err := number(where+" BOARD", "BOARD_NUMBER", b.Number)
		if err != nil {
			return err
		}
		for i, l := range b.Lines {
			at := fmt.Sprintf("%s BOARD %d TRAVELLER_LINE %d", where, board, i+1)
			r := &scoringv1.Result{Session: session, Section: section.letter, Table: int32(i + 1), Round: 1, Board: board}
			if r.NsPair, err = number(at, "NS_PAIR_NUMBER", l.NSPair); err != nil {
				return err
			}
			if r.EwPair, err = number(at, "EW_PAIR_NUMBER", l.EWPair); err != nil {
				return err
			}
			if r, err = im.usebioLine(at, l, r); err != nil || r == nil {
				return err
			}
			section.entrant(r.NsPair)
			section.entrant(r.EwPair)
			im.results = append(im.results, r)
			line := lineAt(r)
			im.print(line, "NS_MATCH_POINTS", l.NSMatchPoints)
			im.print(line, "EW_MATCH_POINTS", l.EWMatchPoints)
			im.print(line, "NS_CROSS_IMP_POINTS", l.NSCrossIMPs)
			im.print(line, "EW_CROSS_IMP_POINTS", l.EWCrossIMPs)
		}
	}
	return nil
}

func (im *imported) usebioTeams(session int32, section *importedSection, sec usebio.Section, where string) error {
	for i, t := range sec.Participants.Teams {
		e, standing, err := participant(session, section, fmt.Sprintf("%s TEAM %d", where, i+1), "TEAM_ID", t.ID)
		if err != nil {
			return err
		}
		e.Name = oneLine(t.Name)
		for _, p := range t.Pairs {
			e.Players = append(e.Players, players(p.Players)...)
		}
		im.print(standing, "TOTAL_SCORE", t.TotalScore)
		im.print(standing, "PLACE", t.Place)
	}
	tables := map[int32]int32{} // tables used so far in each round
	for i, m := range sec.Matches {
		at := fmt.Sprintf("%s MATCH %d", where, i+1)
		round, err := number(at, "ROUND_NUMBER", m.Round)
		if err != nil {
			return err
		}
		team, err := number(at, "TEAM", m.Team)
		if err != nil {
			return err
		}
		opponents, err := number(at, "OPPOSING_TEAM", m.OpposingTeam)
		if err != nil {
			return err
		}
		section.entrant(team)
		section.entrant(opponents)
		open, closed := tables[round]+1, tables[round]+2
		tables[round] += 2
		for _, b := range m.Boards {
			board, err := number(at+" BOARD", "BOARD_NUMBER", b.Number)
			if err != nil {
				return err
			}
			for j, l := range b.Lines {
				lineAtWhere := fmt.Sprintf("%s BOARD %d TRAVELLER_LINE %d", at, board, j+1)
				r := &scoringv1.Result{Session: session, Section: section.letter, Round: round, Board: board, Table: open, NsPair: team, EwPair: opponents}
				switch dir := strings.ToUpper(strings.TrimSpace(l.Direction)); {
				case dir == "EW" || dir == "" && j == 1:
					r.Table, r.NsPair, r.EwPair = closed, opponents, team
				case dir != "NS" && dir != "":
					return fileError(lineAtWhere, "DIRECTION %q: say which way TEAM sat, NS or EW", l.Direction)
				}
				if r, err = im.usebioLine(lineAtWhere, l, r); err != nil || r == nil {
					return err
				}
				im.results = append(im.results, r)
				if r.NsPair == team {
					line := lineAt(r)
					im.print(line, "IMPS", b.IMPs)
					im.print(line, "TEAM_POINTS", b.TeamPoints)
					im.print(line, "OPPOSING_TEAM_POINTS", b.OpposingTeamPoints)
				}
			}
		}
	}
	return nil
}

// usebioLine gives r the outcome of a traveller line and records its
// printed score. It returns nil for a line with nothing on it (no contract
// and no score), which is left out with a note.
func (im *imported) usebioLine(where string, l usebio.TravellerLine, r *scoringv1.Result) (*scoringv1.Result, error) {
	r.FouledGroup = fouledGroupOf(l.Notes)
	score := strings.TrimSpace(l.Score)
	contract := strings.TrimSpace(l.Contract)
	if strings.HasPrefix(strings.ToUpper(score), "A") {
		a, err := artificial(score)
		if err != nil {
			return nil, fileError(where, "SCORE %v", err)
		}
		r.Outcome = &scoringv1.Result_Artificial{Artificial: a}
		return r, nil
	}
	c, cerr := bridge.ParseContract(contract)
	if cerr == nil && c.IsPassedOut() {
		r.Outcome = &scoringv1.Result_PassedOut{PassedOut: &scoringv1.PassedOut{}}
		im.print(lineAt(r), "SCORE", score)
		return r, nil
	}
	if cerr == nil {
		p, err := playedLine(l, c)
		if err == nil {
			if p.Lead, err = lead(l.Lead); err != nil {
				im.notes = append(im.notes, fmt.Sprintf("%s: LEAD %q is not a card; left out", where, l.Lead))
			}
			r.Outcome = &scoringv1.Result_Played{Played: p}
			im.print(lineAt(r), "SCORE", score)
			return r, nil
		}
		if score == "" {
			return nil, fileError(where, "%v", err)
		}
		cerr = err
	}
	switch {
	case score == "" && contract == "":
		im.notes = append(im.notes, where+": no CONTRACT and no SCORE; left out")
		return nil, nil
	case score == "":
		return nil, fileError(where, "CONTRACT %q: %v, and the line has no SCORE", contract, cerr)
	}
	n, err := strconv.Atoi(score)
	switch {
	case err != nil && cerr != nil:
		return nil, fileError(where, "CONTRACT %q: %v, and SCORE %q is not a score either", contract, cerr, score)
	case err != nil:
		return nil, fileError(where, "SCORE %q: not a score (a whole number, or an artificial score such as A6040)", score)
	}
	r.Outcome = &scoringv1.Result_Assigned{Assigned: &scoringv1.AssignedScore{Kind: &scoringv1.AssignedScore_NsScore{NsScore: int32(n)}}}
	im.notes = append(im.notes, fmt.Sprintf("%s: CONTRACT %q PLAYED_BY %q TRICKS %q cannot be scored; taken as the printed SCORE %d", where, contract, l.PlayedBy, l.Tricks, n))
	return r, nil
}

// playedLine reads a traveller line's declarer and tricks.
func playedLine(l usebio.TravellerLine, c bridge.Contract) (*scoringv1.Played, error) {
	declarer, err := bridge.ParseSeat(strings.TrimSpace(l.PlayedBy))
	if err != nil {
		return nil, fmt.Errorf("PLAYED_BY %q: %v", l.PlayedBy, err)
	}
	tricks, err := usebio.ParseInt("TRICKS", l.Tricks)
	if err != nil || tricks < 0 || tricks > 13 {
		return nil, fmt.Errorf("TRICKS %q: declarer's tricks are 0 to 13", l.Tricks)
	}
	return &scoringv1.Played{Contract: c.String(), Declarer: bridgepb.Seat(declarer), Tricks: int32(tricks)}, nil
}

// lead reads an opening lead, "" for none.
func lead(text string) (string, error) {
	if strings.TrimSpace(text) == "" {
		return "", nil
	}
	c, err := bridge.ParseCard(strings.TrimSpace(text))
	if err != nil {
		return "", err
	}
	return c.String(), nil
}

// artificialCodes are the percentages of USEBIO's artificial score codes.
var artificialCodes = map[string]scoringv1.Adjustment{
	"60": scoringv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS,
	"50": scoringv1.Adjustment_ADJUSTMENT_AVERAGE,
	"40": scoringv1.Adjustment_ADJUSTMENT_AVERAGE_MINUS,
}

// artificial reads an artificial score code such as "A6040".
func artificial(code string) (*scoringv1.ArtificialScore, error) {
	up := strings.ToUpper(code)
	if len(up) == 5 {
		ns, nsOK := artificialCodes[up[1:3]]
		ew, ewOK := artificialCodes[up[3:5]]
		if nsOK && ewOK {
			return &scoringv1.ArtificialScore{NorthSouth: ns, EastWest: ew}, nil
		}
	}
	return nil, fmt.Errorf("%q: an artificial score is A then each side's percentage, 60, 50 or 40: A6040, A5050", code)
}

// artificialCode writes an artificial score as its code.
func artificialCode(a *scoringv1.ArtificialScore) string {
	code := "A"
	for _, side := range []scoringv1.Adjustment{a.GetNorthSouth(), a.GetEastWest()} {
		for pct, adj := range artificialCodes {
			if adj == side {
				code += pct
			}
		}
	}
	return code
}

// number reads a pair, team, board or round number of the file.
func number(where, element, text string) (int32, error) {
	n, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil || n < 1 || n > math.MaxInt32 {
		return 0, fileError(where, "%s %q: not a number from 1", element, text)
	}
	return int32(n), nil
}

// lineAt is where a result's printed figures are.
func lineAt(r *scoringv1.Result) *scoringv1.Difference {
	return &scoringv1.Difference{Session: r.GetSession(), Section: r.GetSection(), Round: r.GetRound(), Board: r.GetBoard(), NsPair: r.GetNsPair(), EwPair: r.GetEwPair()}
}

// print records a figure the file printed at a place, if it printed one.
func (im *imported) print(at *scoringv1.Difference, element, text string) {
	if text = strings.TrimSpace(text); text == "" || text == "-" {
		return
	}
	d := proto.Clone(at).(*scoringv1.Difference)
	d.Element, d.Published = element, text
	im.printed = append(im.printed, d)
}

// fromPBN converts a PBN file: each game's ScoreTable is a board's
// traveller, and a TotalScoreTable (in any game) the ranking.
func fromPBN(f *pbn.File) (*imported, error) {
	im := &imported{settings: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS, Profile: scoringv1.Profile_PROFILE_WBF}}
	sections := map[string]*importedSection{}
	var order []*importedSection
	sectionOf := func(id string) *importedSection {
		if s := sections[id]; s != nil {
			return s
		}
		letter := sectionLetter(id, len(order), &im.notes)
		if id == "" {
			letter = "A"
		}
		s := &importedSection{letter: letter}
		sections[id], order = s, append(order, s)
		return s
	}
	tables := map[string]int32{}
	for gi, g := range f.Games {
		where := fmt.Sprintf("game %d", gi+1)
		if im.title == "" {
			im.title, _ = g.Value("Event")
		}
		if scoringTag, ok := g.Value("Scoring"); ok && strings.Contains(strings.ToUpper(scoringTag), "IMP") {
			im.settings.Form = scoringv1.Form_FORM_CROSS_IMPS
		}
		totals, ok, err := g.TotalScoreTable()
		if err != nil {
			return nil, fileError(where, "%v", err)
		}
		if ok {
			if err := im.pbnTotals(totals, sectionOf); err != nil {
				return nil, fileError(where+" TotalScoreTable", "%v", err)
			}
		}
		lines, ok, err := g.ScoreTable()
		if err != nil {
			return nil, fileError(where, "%v", err)
		}
		if !ok {
			continue
		}
		boardTag, _ := g.Value("Board")
		board, err := number(where, "Board", boardTag)
		if err != nil {
			return nil, err
		}
		for li, l := range lines {
			at := fmt.Sprintf("%s (board %d) ScoreTable row %d", where, board, li+1)
			section := sectionOf(l.Section)
			key := fmt.Sprintf("%s/%d", section.letter, board)
			tables[key]++
			r := &scoringv1.Result{Session: 1, Section: section.letter, Table: tables[key], Round: 1, Board: board, NsPair: int32(l.NS), EwPair: int32(l.EW)}
			note, err := pbnOutcome(l, r)
			if err != nil {
				return nil, fileError(at, "%v", err)
			}
			if note != "" {
				im.notes = append(im.notes, at+": "+note)
			}
			for _, e := range []struct {
				n     int32
				names string
			}{{r.NsPair, l.NamesNS}, {r.EwPair, l.NamesEW}} {
				if en := section.entrant(e.n); len(en.Players) == 0 {
					en.Players = namedPlayers(e.names)
				}
			}
			im.results = append(im.results, r)
			line := lineAt(r)
			if r.GetArtificial() == nil {
				im.print(line, "Score_NS", l.Score)
			}
			points := "MP"
			if im.settings.GetForm() != scoringv1.Form_FORM_MATCHPOINTS {
				points = "IMP"
			}
			im.print(line, points+"_NS", l.NSPoints)
			im.print(line, points+"_EW", l.EWPoints)
		}
	}
	if len(im.results) == 0 {
		return nil, fileError("the file", "no game has a ScoreTable with results")
	}
	im.sessions = []importedSession{{number: 1, sections: order}}
	return im, nil
}

// pbnOutcome gives r the outcome of a ScoreTable row, and says what it
// made of a row that does not say it plainly.
func pbnOutcome(l pbn.ScoreLine, r *scoringv1.Result) (note string, err error) {
	switch {
	case strings.HasPrefix(strings.ToUpper(l.Score), "A") && l.Contract == "":
		a, err := artificial(l.Score)
		if err != nil {
			return "", fmt.Errorf("Score_NS %v", err)
		}
		r.Outcome = &scoringv1.Result_Artificial{Artificial: a}
		return "", nil
	case strings.EqualFold(l.Contract, "A"):
		// Bridgewebs writes an average to both sides as "A A A".
		r.Outcome = &scoringv1.Result_Artificial{Artificial: &scoringv1.ArtificialScore{
			NorthSouth: scoringv1.Adjustment_ADJUSTMENT_AVERAGE, EastWest: scoringv1.Adjustment_ADJUSTMENT_AVERAGE}}
		return `Contract "A" taken as average to both sides`, nil
	case l.Contract == "":
		n, err := strconv.Atoi(l.Score)
		if err != nil {
			return "", fmt.Errorf("no Contract, and Score_NS %q is not a score", l.Score)
		}
		r.Outcome = &scoringv1.Result_Assigned{Assigned: &scoringv1.AssignedScore{Kind: &scoringv1.AssignedScore_NsScore{NsScore: int32(n)}}}
		return "", nil
	}
	res, err := pbn.ParseResult(l.Contract, l.Declarer, l.Result)
	if err != nil {
		return "", fmt.Errorf("Contract %q Declarer %q Result %q: %v", l.Contract, l.Declarer, l.Result, err)
	}
	if res.Contract.IsPassedOut() {
		r.Outcome = &scoringv1.Result_PassedOut{PassedOut: &scoringv1.PassedOut{}}
		return "", nil
	}
	p := &scoringv1.Played{Contract: res.Contract.String(), Declarer: bridgepb.Seat(res.Declarer), Tricks: int32(res.Tricks)}
	if p.Lead, err = lead(l.Lead); err != nil {
		note = fmt.Sprintf("Lead %q is not a card; left out", l.Lead)
	}
	r.Outcome = &scoringv1.Result_Played{Played: p}
	return note, nil
}

// pbnTotals records a TotalScoreTable's printed figures and names.
func (im *imported) pbnTotals(totals []pbn.TotalScoreLine, sectionOf func(string) *importedSection) error {
	for i, t := range totals {
		if t.Pair < 1 {
			return fmt.Errorf("row %d: PairId %d is not a pair number", i+1, t.Pair)
		}
		section := sectionOf(t.Section)
		section.entrant(int32(t.Pair)).Players = namedPlayers(t.Names)
		standing := &scoringv1.Difference{Session: 1, Section: section.letter, Pair: int32(t.Pair)}
		switch strings.ToUpper(t.Direction) {
		case "NS":
			standing.Direction = typev1.Side_SIDE_NORTH_SOUTH
		case "EW":
			standing.Direction = typev1.Side_SIDE_EAST_WEST
		}
		if standing.Direction != typev1.Side_SIDE_UNSPECIFIED && im.settings.GetForm() == scoringv1.Form_FORM_MATCHPOINTS {
			im.settings.TwoWinners = true
		}
		im.print(standing, "TotalScore", t.Score)
		im.print(standing, "TotalPercentage", t.Percentage)
		im.print(standing, "Rank", t.Rank)
	}
	return nil
}

// namedPlayers reads the players of a Names column, "Ann Smith - Bob
// Jones" or "Ann Smith & Bob Jones".
func namedPlayers(names string) []*movementv1.Player {
	var out []*movementv1.Player
	for _, n := range strings.FieldsFunc(strings.ReplaceAll(names, " - ", "&"), func(r rune) bool { return r == '&' || r == '/' }) {
		if n = oneLine(n); n != "" {
			out = append(out, &movementv1.Player{Name: n})
		}
	}
	return out
}
