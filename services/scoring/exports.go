package scoringservice

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/pbn"
	"github.com/bridge-director/director/formats/resultcsv"
	"github.com/bridge-director/director/formats/usebio"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/scoring"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// exported is what an export writes: a session's event, scored field and
// entrants.
type exported struct {
	event    *movementv1.Event
	name     resource.Session
	score    scoring.SessionScore
	entrants map[string]map[int32]*movementv1.Entrant // by section and number
	sections []string
	// deals are the boards of the released board set, by number; nil when
	// the file goes without deals.
	deals map[int]bridge.Board
	notes []string
}

// ExportSession writes a session's results as a file.
func (s *Service) ExportSession(ctx context.Context, req *scoringv1.ExportSessionRequest) (*scoringv1.ExportSessionResponse, error) {
	name, err := resource.ParseSession("session", req.GetSession())
	if err != nil {
		return nil, err
	}
	if req.GetFormat() == scoringv1.ExportFormat_EXPORT_FORMAT_UNSPECIFIED {
		return nil, platform.FieldError("format", "say which file: EXPORT_FORMAT_USEBIO, EXPORT_FORMAT_PBN, EXPORT_FORMAT_TRAVELLERS_CSV or EXPORT_FORMAT_STANDINGS_CSV")
	}
	if req.GetBoardSet() != "" && req.GetFormat() != scoringv1.ExportFormat_EXPORT_FORMAT_PBN {
		return nil, platform.FieldError("board_set", "only a PBN file carries deals")
	}
	x, err := s.exported(ctx, name)
	if err != nil {
		return nil, err
	}
	if req.GetFormat() == scoringv1.ExportFormat_EXPORT_FORMAT_PBN {
		if err := s.releasedDeals(ctx, name, req.GetBoardSet(), x); err != nil {
			return nil, err
		}
	}
	var buf bytes.Buffer
	resp := &scoringv1.ExportSessionResponse{FileName: fmt.Sprintf("%s-%d", name.Event, name.Session)}
	switch req.GetFormat() {
	case scoringv1.ExportFormat_EXPORT_FORMAT_USEBIO:
		err = usebio.Write(&buf, x.usebio())
		resp.FileName += ".xml"
		resp.ContentType = "application/xml"
	case scoringv1.ExportFormat_EXPORT_FORMAT_PBN:
		var games []pbn.Game
		if games, err = x.pbn(); err != nil {
			return nil, err
		}
		err = pbn.Write(&buf, games, pbn.Options{UTF8: true, Creator: "Director"})
		resp.FileName += ".pbn"
		resp.ContentType = "application/x-pbn; charset=utf-8"
	case scoringv1.ExportFormat_EXPORT_FORMAT_TRAVELLERS_CSV:
		err = resultcsv.WriteTravellers(&buf, x.travellerRows())
		resp.FileName += "-travellers.csv"
		resp.ContentType = "text/csv; charset=utf-8"
	case scoringv1.ExportFormat_EXPORT_FORMAT_STANDINGS_CSV:
		err = resultcsv.WriteStandings(&buf, x.standingRows())
		resp.FileName += "-standings.csv"
		resp.ContentType = "text/csv; charset=utf-8"
	default:
		return nil, platform.FieldError("format", fmt.Sprintf("%v: say which file: EXPORT_FORMAT_USEBIO, EXPORT_FORMAT_PBN, EXPORT_FORMAT_TRAVELLERS_CSV or EXPORT_FORMAT_STANDINGS_CSV", req.GetFormat()))
	}
	if err != nil {
		return nil, status.Errorf(codes.Internal, "writing %s: %v", resp.FileName, err)
	}
	resp.Content, resp.Notes = buf.Bytes(), x.notes
	return resp, nil
}

// exported reads what an export of a session writes: its scored field and,
// from the movement service, its event and the entrants of its sections.
func (s *Service) exported(ctx context.Context, name resource.Session) (*exported, error) {
	// Checked before a kept session is made for it (scored), so that an
	// export of a session that does not exist leaves nothing behind.
	if err := s.session(ctx, name); err != nil {
		return nil, err
	}
	event := resource.Event{Event: name.Event}
	e, err := s.event(ctx, event)
	if err != nil {
		return nil, err
	}
	ks, err := s.scored(ctx, event, name.Session)
	if err != nil {
		return nil, err
	}
	field, _ := ks.scoredField()
	x := &exported{event: e, name: name, score: field.Score(), entrants: map[string]map[int32]*movementv1.Entrant{}}
	got, err := s.movement.GetSession(platform.ForwardCredentials(ctx), &movementv1.GetSessionRequest{Name: name.String()})
	if err != nil {
		return nil, platform.PeerError(err, "the session "+name.String())
	}
	for _, letter := range got.GetSession().GetSections() {
		sectionName := resource.Section{Event: name.Event, Session: name.Session, Section: letter}.String()
		sec, err := s.movement.GetSection(platform.ForwardCredentials(ctx), &movementv1.GetSectionRequest{Name: sectionName})
		if err != nil {
			return nil, platform.PeerError(err, "the section "+sectionName)
		}
		x.sections = append(x.sections, letter)
		x.entrants[letter] = map[int32]*movementv1.Entrant{}
		for _, en := range sec.GetSection().GetEntrants() {
			x.entrants[letter][en.GetNumber()] = en
		}
	}
	slices.SortFunc(x.sections, scoring.CompareSections)
	for _, p := range x.score.Problems {
		x.notes = append(x.notes, fmt.Sprintf("section %s board %d is left out until a director corrects it: %s", p.Section, p.Board, p.Problem))
	}
	return x, nil
}

// releasedDeals reads the deals of a board set for a PBN file, when it is
// released. The question goes without the caller's credentials, as the
// public asks it: a set still secret is refused, and no director's read of
// it is recorded for an export.
func (s *Service) releasedDeals(ctx context.Context, session resource.Session, boardSet string, x *exported) error {
	if boardSet == "" {
		x.notes = append(x.notes, "no board set named: the file carries the results without deals")
		return nil
	}
	set, err := resource.ParseBoardSet("board_set", boardSet)
	if err != nil {
		return err
	}
	if set.Event != session.Event || set.Session != session.Session {
		return platform.FieldError("board_set", fmt.Sprintf("%s is not a board set of %s", boardSet, session))
	}
	if s.dealing == nil {
		return status.Error(codes.Unavailable, "the dealing service, which keeps the deals, is not connected")
	}
	got, err := s.dealing.GetBoardSet(ctx, &dealingv1.GetBoardSetRequest{Name: boardSet})
	switch {
	case status.Code(err) == codes.PermissionDenied || err == nil && !got.GetBoardSet().GetReleased():
		// Refused to the public, or (in development mode, where every
		// caller is a director) answered though secret.
		x.notes = append(x.notes, boardSet+" is not released: the file carries the results without deals")
		return nil
	case err != nil:
		return platform.PeerError(err, "the board set "+boardSet)
	}
	x.deals = map[int]bridge.Board{}
	for _, b := range got.GetBoardSet().GetBoards() {
		board, err := bridgepb.BoardFrom(b)
		if err != nil {
			return status.Errorf(codes.Internal, "%s board %d: %v", boardSet, b.GetNumber(), err)
		}
		x.deals[board.Number] = board
	}
	return nil
}

// names writes an entrant's players for a traveller or a ranking: "Ann
// Smith - Bob Jones", or a team's name; "" for an entrant without them.
func (x *exported) names(section string, n int) string {
	e := x.entrants[section][int32(n)]
	var out []string
	for _, p := range e.GetPlayers() {
		out = append(out, p.GetName())
	}
	if len(out) == 0 {
		return e.GetName()
	}
	return strings.Join(out, " - ")
}

// lineScore is what a traveller prints as a result's score: North-South's
// score, or an artificial score's code.
func lineScore(r *scoringv1.Result) string {
	if a := r.GetArtificial(); a != nil {
		return artificialCode(a)
	}
	return strconv.Itoa(int(r.GetNsScore()))
}

// figure writes a figure as scored, to at most 2 decimals.
func figure(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func (x *exported) matchpoints() bool {
	return x.event.GetScoring().GetForm() == scoringv1.Form_FORM_MATCHPOINTS
}

func (x *exported) teams() bool { return teamsForm(x.event.GetScoring().GetForm()) }

// boards returns the lines of a section's boards by board number;
// not-played results are left out.
func (x *exported) boards(section string) map[int][]scoring.Line {
	out := map[int][]scoring.Line{}
	for _, l := range x.score.Lines {
		r := storedOf(l)
		if r.GetSection() == section && r.GetNotPlayed() == nil {
			out[l.Result.Board] = append(out[l.Result.Board], l)
		}
	}
	return out
}

// usebio builds the session's USEBIO file.
func (x *exported) usebio() *usebio.File {
	settings := x.event.GetScoring()
	e := usebio.Event{ProgramName: "Director", Description: x.event.GetTitle(), SessionCount: "1", SectionCount: strconv.Itoa(len(x.sections)), WinnerType: "1"}
	switch settings.GetForm() {
	case scoringv1.Form_FORM_MATCHPOINTS:
		e.Type, e.BoardScoringMethod = "MP_PAIRS", "MATCH_POINTS"
		if twoWinners(settings) {
			e.WinnerType = "2"
		}
	case scoringv1.Form_FORM_CROSS_IMPS:
		e.Type, e.BoardScoringMethod = "PAIRS", "CROSS_IMPS"
	case scoringv1.Form_FORM_BUTLER:
		e.Type, e.BoardScoringMethod = "PAIRS", "BUTLER"
	case scoringv1.Form_FORM_TEAMS_VP:
		e.Type, e.BoardScoringMethod, e.MatchScoringMethod, e.WinnerType = "TEAMS", "IMPS", "VPS", ""
	case scoringv1.Form_FORM_TEAMS_POINT_A_BOARD:
		e.Type, e.BoardScoringMethod, e.MatchScoringMethod, e.WinnerType = "TEAMS", "PAB", "PAB", ""
	}
	if created := x.event.GetCreateTime(); created != nil {
		e.Date = created.AsTime().Format("02/01/2006")
	}
	session := usebio.Session{ID: strconv.Itoa(int(x.name.Session))}
	for _, letter := range x.sections {
		sec := usebio.Section{ID: letter}
		if x.teams() {
			x.usebioTeams(letter, &sec)
		} else {
			x.usebioPairs(letter, &sec)
		}
		session.Sections = append(session.Sections, sec)
	}
	e.Sessions = []usebio.Session{session}
	return &usebio.File{Version: "1.3", Event: e}
}

func usebioPlayers(e *movementv1.Entrant) []usebio.Player {
	var out []usebio.Player
	for _, p := range e.GetPlayers() {
		out = append(out, usebio.Player{Name: p.GetName(), NationalID: p.GetMemberNumber()})
	}
	return out
}

func (x *exported) usebioPairs(letter string, sec *usebio.Section) {
	for _, st := range x.score.Standings {
		if st.Section != letter {
			continue
		}
		p := usebio.Pair{Number: strconv.Itoa(st.Pair), Place: st.Place, TotalScore: figure(st.Score), BoardsPlayed: strconv.Itoa(st.Boards),
			Players: usebioPlayers(x.entrants[letter][int32(st.Pair)])}
		if x.matchpoints() {
			p.Percentage = strconv.FormatFloat(st.Percentage, 'f', 2, 64)
		}
		if twoWinners(x.event.GetScoring()) {
			p.Direction = st.Direction.String()
		}
		sec.Participants.Pairs = append(sec.Participants.Pairs, p)
	}
	boards := x.boards(letter)
	for _, n := range slices.Sorted(maps.Keys(boards)) {
		b := usebio.Board{Number: strconv.Itoa(n)}
		for _, l := range boards[n] {
			tl := usebioLine(storedOf(l))
			if x.matchpoints() {
				tl.NSMatchPoints, tl.EWMatchPoints = figure(l.NSPoints), figure(l.EWPoints)
			} else {
				tl.NSCrossIMPs, tl.EWCrossIMPs = figure(l.NSPoints), figure(l.EWPoints)
			}
			b.Lines = append(b.Lines, tl)
		}
		sec.Boards = append(sec.Boards, b)
	}
}

// usebioLine is a result's traveller line without its points.
func usebioLine(r *scoringv1.Result) usebio.TravellerLine {
	tl := usebio.TravellerLine{NSPair: strconv.Itoa(int(r.GetNsPair())), EWPair: strconv.Itoa(int(r.GetEwPair())), Score: lineScore(r),
		Notes: fouledNote(r.GetFouledGroup())}
	switch {
	case r.GetPlayed() != nil:
		p := r.GetPlayed()
		seat, _ := bridgepb.SeatFrom(p.GetDeclarer())
		tl.Contract, tl.PlayedBy, tl.Tricks, tl.Lead = p.GetContract(), seat.String(), strconv.Itoa(int(p.GetTricks())), p.GetLead()
	case r.GetPassedOut() != nil:
		tl.Contract = "PASS"
	}
	return tl
}

// USEBIO has no element for a fouled board's groups (Law 87B), so a
// traveller line carries its group in NOTES, in words a person reads and
// an import of Director's own file reads back: "fouled board, group 2 (Law
// 87B)". The PBN score table carries none: its columns are the standard's,
// with none for a group, and a changed form of a board is another deal,
// which one game of the file cannot hold; its lines are scored as the
// groups say, and the USEBIO and CSV exports say which group each is in.
const fouledNotePrefix = "fouled board, group "

// fouledNote is the NOTES of a line in group (none for the correct form).
func fouledNote(group int32) string {
	if group == 0 {
		return ""
	}
	return fmt.Sprintf("%s%d (Law 87B)", fouledNotePrefix, group)
}

// fouledGroupOf reads the group fouledNote wrote, or 0.
func fouledGroupOf(notes string) int32 {
	rest, ok := strings.CutPrefix(strings.TrimSpace(notes), fouledNotePrefix)
	if !ok {
		return 0
	}
	n, _, _ := strings.Cut(rest, " ")
	g, err := strconv.Atoi(n)
	if err != nil || g < 0 || g > scoring.MaxFouledGroup {
		return 0
	}
	return int32(g)
}

// match is one match of a teams session: the home team (the lower
// number) and its boards' lines, open room (home North-South) first.
type match struct {
	round, home, away int32
	boards            map[int][]scoring.Line
}

func (x *exported) usebioTeams(letter string, sec *usebio.Section) {
	for _, st := range x.score.Standings {
		if st.Section != letter {
			continue
		}
		e := x.entrants[letter][int32(st.Pair)]
		team := usebio.Team{ID: strconv.Itoa(st.Pair), Name: e.GetName(), TotalScore: figure(st.Score), Place: st.Place}
		// A team's players in pairs, numbered team-seat-seat as USEBIO does.
		players := usebioPlayers(e)
		for i := 0; i < len(players); i += 2 {
			pair := players[i:min(i+2, len(players))]
			team.Pairs = append(team.Pairs, usebio.Pair{Number: fmt.Sprintf("%d-%d-%d", st.Pair, i+1, i+2), Players: pair})
		}
		sec.Participants.Teams = append(sec.Participants.Teams, team)
	}
	var matches []*match
	for _, ls := range x.boards(letter) {
		for _, l := range ls {
			r := storedOf(l)
			home, away := min(r.GetNsPair(), r.GetEwPair()), max(r.GetNsPair(), r.GetEwPair())
			i := slices.IndexFunc(matches, func(m *match) bool { return m.round == r.GetRound() && m.home == home && m.away == away })
			if i < 0 {
				matches, i = append(matches, &match{round: r.GetRound(), home: home, away: away, boards: map[int][]scoring.Line{}}), len(matches)
			}
			m := matches[i]
			if r.GetNsPair() == home {
				m.boards[l.Result.Board] = append([]scoring.Line{l}, m.boards[l.Result.Board]...)
			} else {
				m.boards[l.Result.Board] = append(m.boards[l.Result.Board], l)
			}
		}
	}
	slices.SortFunc(matches, func(a, b *match) int { return cmp.Or(cmp.Compare(a.round, b.round), cmp.Compare(a.home, b.home)) })
	for _, m := range matches {
		numbers := slices.Sorted(maps.Keys(m.boards))
		um := usebio.Match{Round: strconv.Itoa(int(m.round)), Team: strconv.Itoa(int(m.home)), OpposingTeam: strconv.Itoa(int(m.away)),
			StartBoard: strconv.Itoa(numbers[0]), EndBoard: strconv.Itoa(numbers[len(numbers)-1])}
		for _, n := range numbers {
			b := usebio.Board{Number: strconv.Itoa(n)}
			for _, l := range m.boards[n] {
				tl := usebioLine(storedOf(l))
				tl.Direction = "EW"
				if storedOf(l).GetNsPair() == m.home {
					tl.Direction = "NS"
					if x.event.GetScoring().GetForm() == scoringv1.Form_FORM_TEAMS_VP {
						b.IMPs = figure(l.NSPoints)
					} else {
						b.TeamPoints, b.OpposingTeamPoints = figure(l.NSPoints), figure(l.EWPoints)
					}
				}
				b.Lines = append(b.Lines, tl)
			}
			um.Boards = append(um.Boards, b)
		}
		sec.Matches = append(sec.Matches, um)
	}
}

// pbnPoints is the unit of the PBN score tables.
func (x *exported) pbnPoints() pbn.Points {
	switch {
	case x.matchpoints():
		return pbn.Matchpoints
	case x.event.GetScoring().GetForm() == scoringv1.Form_FORM_TEAMS_VP:
		return pbn.VictoryPoints
	}
	return pbn.IMPs
}

// pbn builds a game per board: its deal when released, its ScoreTable,
// and in the first game the ranking.
func (x *exported) pbn() ([]pbn.Game, error) {
	points := x.pbnPoints()
	linePoints := points
	if points == pbn.VictoryPoints {
		linePoints = pbn.IMPs
	}
	byBoard := map[int][]pbn.ScoreLine{}
	for _, l := range x.score.Lines {
		r := storedOf(l)
		if r.GetNotPlayed() != nil {
			continue
		}
		tl := usebioLine(r)
		contract := tl.Contract
		if contract == "PASS" {
			contract = "Pass"
		}
		byBoard[l.Result.Board] = append(byBoard[l.Result.Board], pbn.ScoreLine{Section: r.GetSection(), NS: int(r.GetNsPair()), EW: int(r.GetEwPair()),
			Contract: contract, Declarer: tl.PlayedBy, Result: tl.Tricks, Lead: tl.Lead, Score: tl.Score, NSPoints: figure(l.NSPoints), EWPoints: figure(l.EWPoints),
			NamesNS: x.names(r.GetSection(), int(r.GetNsPair())), NamesEW: x.names(r.GetSection(), int(r.GetEwPair()))})
	}
	scoringTag := map[pbn.Points]string{pbn.Matchpoints: "MP", pbn.IMPs: "IMP", pbn.VictoryPoints: "IMP"}[points]
	var games []pbn.Game
	for _, n := range slices.Sorted(maps.Keys(byBoard)) {
		board, dealt := x.deals[n]
		g := pbn.Game{Tags: []pbn.Tag{{Name: "Board", Value: strconv.Itoa(n)}, {Name: "Dealer", Value: bridge.BoardDealer(n).String()},
			{Name: "Vulnerable", Value: bridge.BoardVulnerability(n).String()}}}
		if dealt {
			g = pbn.NewGame(board)
		}
		g.Set("Event", x.event.GetTitle())
		if created := x.event.GetCreateTime(); created != nil {
			g.Set("Date", created.AsTime().Format("2006.01.02"))
		}
		g.Set("Scoring", scoringTag)
		if !dealt && len(games) == 0 {
			g.Set("Note", "results without deals: "+strings.Join(x.notes, "; "))
		}
		g.SetTag(pbn.ScoreTableTag(byBoard[n], linePoints))
		games = append(games, g)
	}
	if len(games) == 0 {
		return nil, platform.FailedPrecondition(x.name.String() + " has no results to export")
	}
	var totals []pbn.TotalScoreLine
	for _, st := range x.score.Standings {
		t := pbn.TotalScoreLine{Rank: st.Place, Section: st.Section, Pair: st.Pair, Score: figure(st.Score), Names: x.names(st.Section, st.Pair), Boards: st.Boards}
		if x.matchpoints() {
			t.Percentage = strconv.FormatFloat(st.Percentage, 'f', 2, 64)
		}
		if twoWinners(x.event.GetScoring()) {
			t.Direction = st.Direction.String()
		}
		totals = append(totals, t)
	}
	games[0].SetTag(pbn.TotalScoreTableTag(totals, points))
	return games, nil
}

func (x *exported) travellerRows() []resultcsv.TravellerRow {
	var rows []resultcsv.TravellerRow
	for _, l := range x.score.Lines {
		r := storedOf(l)
		if r.GetNotPlayed() != nil {
			continue
		}
		tl := usebioLine(r)
		row := resultcsv.TravellerRow{Section: r.GetSection(), Board: int(r.GetBoard()), Table: int(r.GetTable()), Round: int(r.GetRound()),
			NS: int(r.GetNsPair()), EW: int(r.GetEwPair()), Contract: tl.Contract, Declarer: tl.PlayedBy, Tricks: tl.Tricks, Lead: tl.Lead, Score: tl.Score,
			NSPoints: figure(l.NSPoints), EWPoints: figure(l.EWPoints),
			NSNames: x.names(r.GetSection(), int(r.GetNsPair())), EWNames: x.names(r.GetSection(), int(r.GetEwPair())), FouledGroup: int(r.GetFouledGroup())}
		if x.matchpoints() {
			row.NSPercentage, row.EWPercentage = figure(l.NSPercentage), figure(l.EWPercentage)
		}
		rows = append(rows, row)
	}
	slices.SortStableFunc(rows, func(a, b resultcsv.TravellerRow) int {
		return cmp.Or(scoring.CompareSections(a.Section, b.Section), cmp.Compare(a.Board, b.Board))
	})
	return rows
}

func (x *exported) standingRows() []resultcsv.StandingRow {
	var rows []resultcsv.StandingRow
	for _, st := range x.score.Standings {
		row := resultcsv.StandingRow{Section: st.Section, Place: st.Place, Pair: st.Pair, Score: figure(st.Score), Boards: st.Boards,
			Penalties: figure(st.Penalties), Names: x.names(st.Section, st.Pair)}
		if x.matchpoints() {
			row.Percentage = strconv.FormatFloat(st.Percentage, 'f', 2, 64)
		}
		if twoWinners(x.event.GetScoring()) {
			row.Direction = st.Direction.String()
		}
		rows = append(rows, row)
	}
	return rows
}

// The results of a session also download as files, named by their ending:
// .../results/{any name}.xml (USEBIO), .pbn, and travellers.csv or
// standings.csv. Under a board set, .../boardsets/{boardset}/results/{any
// name}.pbn carries its deals once released.
var resultDownloads = []platform.Download{
	{
		Pattern: "/v1/events/{event}/sessions/{session}/results/{file}",
		Method:  scoringv1.ScoringService_ExportSession_FullMethodName,
		Summary: "Download a session's results",
		Description: "The session's results as a file named by the ending of {file}: USEBIO 1.3 as .xml, PBN with " +
			"ScoreTable and TotalScoreTable as .pbn, the travellers as travellers.csv, the standings as standings.csv.",
		ContentTypes: []string{"application/xml", "application/x-pbn; charset=utf-8", "text/csv; charset=utf-8"},
	},
	{
		Pattern: "/v1/events/{event}/sessions/{session}/boardsets/{boardset}/results/{file}",
		Method:  scoringv1.ScoringService_ExportSession_FullMethodName,
		Variant: "WithDeals",
		Summary: "Download a session's results with the deals of a board set",
		Description: "The session's results as PBN (a {file} ending in .pbn) with the deals of the board set, " +
			"once the set is released; the other endings as under the session.",
		ContentTypes: []string{"application/xml", "application/x-pbn; charset=utf-8", "text/csv; charset=utf-8"},
	},
}

// Downloads are the file downloads the service serves beside its REST
// routes.
func Downloads() []platform.Download { return resultDownloads }

func registerResultDownloads(mux *runtime.ServeMux, client scoringv1.ScoringServiceClient) error {
	for _, d := range resultDownloads {
		if err := platform.HandleDownload(mux, d, resultDownload(client)); err != nil {
			return err
		}
	}
	return nil
}

// resultDownload calls ExportSession for a download.
func resultDownload(client scoringv1.ScoringServiceClient) func(ctx context.Context, params map[string]string) (platform.File, error) {
	return func(ctx context.Context, params map[string]string) (platform.File, error) {
		file := strings.ToLower(params["file"])
		var format scoringv1.ExportFormat
		switch {
		case strings.HasSuffix(file, ".xml"):
			format = scoringv1.ExportFormat_EXPORT_FORMAT_USEBIO
		case strings.HasSuffix(file, ".pbn"):
			format = scoringv1.ExportFormat_EXPORT_FORMAT_PBN
		case strings.HasSuffix(file, "travellers.csv"):
			format = scoringv1.ExportFormat_EXPORT_FORMAT_TRAVELLERS_CSV
		case strings.HasSuffix(file, "standings.csv"):
			format = scoringv1.ExportFormat_EXPORT_FORMAT_STANDINGS_CSV
		default:
			return platform.File{}, status.Errorf(codes.NotFound, "no file %q: name a file ending in .xml (USEBIO), .pbn, travellers.csv or standings.csv", params["file"])
		}
		session, err := strconv.ParseInt(params["session"], 10, 32)
		if err != nil {
			return platform.File{}, platform.FieldError("session", fmt.Sprintf("%q is not a session number", params["session"]))
		}
		name := resource.Session{Event: params["event"], Session: int32(session)}
		req := &scoringv1.ExportSessionRequest{Session: name.String(), Format: format}
		if params["boardset"] != "" {
			req.BoardSet = resource.BoardSet{Event: name.Event, Session: name.Session, BoardSet: params["boardset"]}.String()
		}
		got, err := client.ExportSession(ctx, req)
		if err != nil {
			return platform.File{}, err
		}
		return platform.File{Name: got.GetFileName(), ContentType: got.GetContentType(), Content: got.GetContent()}, nil
	}
}
