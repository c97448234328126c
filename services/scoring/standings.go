package scoringservice

import (
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/bridge-director/director/bridge"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/scoring"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// readSession parses the event and session a read names (session 1 when
// not given) and returns its kept session, scored, with the names of the
// players of the sections it reads. A section the read names
// (all when ""), or a session it names that has no results, must exist: a
// mistyped letter is NotFound, not an empty answer.
func (s *Service) readSession(ctx context.Context, eventName string, session int32, section string) (*keptSession, int32, sectionNames, error) {
	event, err := resource.ParseEvent("event", eventName)
	if err != nil {
		return nil, 0, sectionNames{}, err
	}
	named := session != 0
	if !named {
		session = 1
	}
	if session < 0 || session > resource.MaxSession {
		return nil, 0, sectionNames{}, platform.FieldError("session", fmt.Sprintf("a session is 1 to %d", resource.MaxSession))
	}
	// Checked before a kept session is made for it, so that reads of
	// sessions that do not exist leave nothing behind.
	if section != "" {
		err = s.section(ctx, resource.Section{Event: event.Event, Session: session, Section: section})
	} else if ks := s.kept.find(event.Event, session); named && (ks == nil || ks.empty()) {
		err = s.session(ctx, resource.Session{Event: event.Event, Session: session})
	}
	if err != nil {
		return nil, 0, sectionNames{}, err
	}
	ks, err := s.scored(ctx, event, session)
	if err != nil {
		return nil, 0, sectionNames{}, err
	}
	names, err := s.names(ctx, event, session, section)
	return ks, session, names, err
}

// readRanking reads a session for its ranking (the standings, the
// matches) as readSession does, refused to a table's device while its
// section hides the ranking, and to the public while the results are held;
// with the session's publication as the reader may see it.
func (s *Service) readRanking(ctx context.Context, event string, session int32, section string) (*keptSession, int32, sectionNames, *scoringv1.Publication, error) {
	if err := s.rankingHidden(ctx, event, session); err != nil {
		return nil, 0, sectionNames{}, nil, err
	}
	publication, err := s.resultsHeld(ctx, event, session)
	if err != nil {
		return nil, 0, sectionNames{}, nil, err
	}
	ks, n, names, err := s.readSession(ctx, event, session, section)
	return ks, n, names, publication, err
}

// readsLive reports whether the caller of ctx reads a field as it is this
// moment: the event's directors and scorers do, and callers of also's
// roles. Everyone else (the public, scoreboards) reads the standings and
// travellers as last rescored (rescoreDelay behind, and the scoring's
// time), so that a field that changes with every result is one answer
// between two rescorings, built once for every player who refreshes.
func readsLive(ctx context.Context, also ...platform.Role) bool {
	who, ok := platform.PrincipalFrom(ctx)
	return ok && who.Has(append([]platform.Role{platform.RoleDirector, platform.RoleScorer}, also...)...)
}

// GetStandings ranks the pairs or teams of a session, overall or in one
// section, a page at a time.
func (s *Service) GetStandings(ctx context.Context, req *scoringv1.GetStandingsRequest) (*scoringv1.GetStandingsResponse, error) {
	page, err := platform.ReadPage(req)
	if err != nil {
		return nil, err
	}
	section := strings.ToUpper(req.GetSection())
	ks, session, names, publication, err := s.readRanking(ctx, req.GetEvent(), req.GetSession(), section)
	if err != nil {
		return nil, err
	}
	field, settings := ks.scoredField()
	provisional, err := s.provisional(req.GetEvent(), session)
	if err != nil {
		return nil, err
	}
	var standings []scoring.Standing
	var problems []scoring.Problem
	var version string
	live := readsLive(ctx)
	if live {
		version = s.kept.version(ks, field, names)
	} else {
		var revision uint64
		standings, problems, revision = field.SettledStandings()
		version = s.kept.settledVersion(ks, revision, names)
	}
	// The answer says how the results are published, and whether they are
	// final: a change of either is a new version.
	if platform.AnswerVersion(ctx, version+fmt.Sprintf(".p%d.%t", publication.GetUpdateTime().AsTime().UnixNano(), provisional)) {
		return &scoringv1.GetStandingsResponse{}, nil
	}
	if live {
		standings, problems = field.Standings()
	}
	resp := &scoringv1.GetStandingsResponse{Form: settings.GetForm(), Publication: publication, Provisional: provisional}
	for i, st := range standings {
		if section != "" && st.Section != section {
			continue
		}
		key := standingsPageKey(i)
		if page.Skip(key) {
			continue
		}
		m := standingOf(st, twoWinners(settings))
		m.Names = names.of(st.Section, m.GetPair())
		if !page.Add(key, m) {
			break
		}
		resp.Standings = append(resp.Standings, m)
	}
	resp.NextPageToken = page.NextToken()
	resp.Problems = ks.problems(session, problems, section, 0)
	return resp, nil
}

// ListMatches lists the matches of a team session, overall or in one
// section, read as its standings are.
func (s *Service) ListMatches(ctx context.Context, req *scoringv1.ListMatchesRequest) (*scoringv1.ListMatchesResponse, error) {
	section := strings.ToUpper(req.GetSection())
	ks, session, names, _, err := s.readRanking(ctx, req.GetEvent(), req.GetSession(), section)
	if err != nil {
		return nil, err
	}
	field, settings := ks.scoredField()
	if platform.AnswerVersion(ctx, s.kept.version(ks, field, names)) {
		return &scoringv1.ListMatchesResponse{}, nil
	}
	matches, problems := field.Matches()
	resp := &scoringv1.ListMatchesResponse{Form: settings.GetForm()}
	for _, m := range matches {
		if section != "" && m.Section != section {
			continue
		}
		home, away := int32(m.Home), int32(m.Away)
		resp.Matches = append(resp.Matches, &scoringv1.TeamMatch{Section: m.Section, Round: int32(m.Round), Home: home, Away: away,
			Boards: int32(m.Boards), HomeImps: m.HomeMargin, AwayImps: m.AwayMargin, HomeScore: m.HomeScore, AwayScore: m.AwayScore,
			HomeNames: names.of(m.Section, home), AwayNames: names.of(m.Section, away)})
	}
	resp.Problems = ks.problems(session, problems, section, 0)
	return resp, nil
}

// GetTraveller scores one board across its field.
func (s *Service) GetTraveller(ctx context.Context, req *scoringv1.GetTravellerRequest) (*scoringv1.GetTravellerResponse, error) {
	if req.GetBoard() < 1 || req.GetBoard() > resource.MaxBoard {
		return nil, platform.FieldError("board", fmt.Sprintf("a board number is 1 to %d", resource.MaxBoard))
	}
	var page *platform.Page
	if req.GetPageSize() != 0 || req.GetPageToken() != "" {
		var err error
		if page, err = platform.ReadPage(req); err != nil {
			return nil, err
		}
	}
	if err := s.tableMayRead(ctx, req.GetEvent(), req.GetSession(), req.GetBoard()); err != nil {
		return nil, err
	}
	if _, err := s.resultsHeld(ctx, req.GetEvent(), req.GetSession()); err != nil {
		return nil, err
	}
	section := strings.ToUpper(req.GetSection())
	ks, session, names, err := s.readSession(ctx, req.GetEvent(), req.GetSession(), section)
	if err != nil {
		return nil, err
	}
	board := int(req.GetBoard())
	resp := &scoringv1.GetTravellerResponse{
		Board:         req.GetBoard(),
		Dealer:        bridgepb.Seat(bridge.BoardDealer(board)),
		Vulnerability: bridgepb.Vulnerability(bridge.BoardVulnerability(board)),
	}
	field, settings := ks.scoredField()
	resp.Form = settings.GetForm()
	if err := s.publicMayRead(ctx, req.GetEvent(), session, ks, names, section, req.GetBoard()); err != nil {
		return nil, err
	}
	var lines []scoring.Line
	var problems []scoring.Problem
	var version string
	// A table's device reads the traveller of the board it has just
	// sent, and must find its own line.
	live := readsLive(ctx, platform.RoleTerminal)
	if live {
		version = s.kept.version(ks, field, names)
	} else {
		var revision uint64
		lines, problems, revision = field.SettledTraveller(section, board)
		version = s.kept.settledVersion(ks, revision, names)
	}
	if platform.AnswerVersion(ctx, version) {
		return &scoringv1.GetTravellerResponse{}, nil
	}
	if live {
		lines, problems = field.Traveller(section, board)
	}
	resp.TotalSize = int32(len(lines))
	for _, l := range lines {
		resp.Top = max(resp.Top, l.Top)
	}
	// The lines in the order asked for, as indexes: a national field's
	// board sorts five thousand ints rather than five thousand lines.
	order := make([]int, len(lines))
	for i := range order {
		order[i] = i
	}
	if req.GetByScore() {
		slices.SortStableFunc(order, func(a, b int) int { return byScore(lines[a], lines[b]) })
	}
	for i, at := range order {
		l, key := lines[at], standingsPageKey(i)
		if page != nil && page.Skip(key) {
			continue
		}
		line := lineOf(l)
		r := line.GetResult()
		line.NsNames, line.EwNames = names.of(r.GetSection(), r.GetNsPair()), names.of(r.GetSection(), r.GetEwPair())
		if page != nil && !page.Add(key, line) {
			break
		}
		resp.Lines = append(resp.Lines, line)
	}
	if page != nil {
		resp.NextPageToken = page.NextToken()
	}
	resp.Problems = ks.problems(session, problems, section, req.GetBoard())
	return resp, nil
}

// byScore orders a traveller's lines best for North-South first: the table
// scores (played, passed out, assigned) by North-South's score, then by
// their points, before the artificial scores and boards not played, each
// by North-South's points.
func byScore(a, b scoring.Line) int {
	table := func(l scoring.Line) bool {
		return l.Result.Kind != scoring.Artificial && l.Result.Kind != scoring.NotPlayed
	}
	ta, tb := table(a), table(b)
	switch {
	case ta && !tb:
		return -1
	case tb && !ta:
		return 1
	}
	return cmp.Or(cmp.Compare(storedOf(b).GetNsScore(), storedOf(a).GetNsScore()), cmp.Compare(b.NSPoints, a.NSPoints))
}

// GetScorecard lists one pair's boards.
func (s *Service) GetScorecard(ctx context.Context, req *scoringv1.GetScorecardRequest) (*scoringv1.GetScorecardResponse, error) {
	if err := s.scorecardHidden(ctx, req.GetEvent(), req.GetSession()); err != nil {
		return nil, err
	}
	if _, err := s.resultsHeld(ctx, req.GetEvent(), req.GetSession()); err != nil {
		return nil, err
	}
	section := strings.ToUpper(req.GetSection())
	if section == "" {
		section = "A"
	}
	ks, session, names, err := s.readSession(ctx, req.GetEvent(), req.GetSession(), section)
	if err != nil {
		return nil, err
	}
	field, settings := ks.scoredField()
	if err := s.publicMayRead(ctx, req.GetEvent(), session, ks, names, section, 0); err != nil {
		return nil, err
	}
	if platform.AnswerVersion(ctx, s.kept.version(ks, field, names)) {
		return &scoringv1.GetScorecardResponse{}, nil
	}
	twoWinners := twoWinners(settings)
	standings, cards, problems := field.Scorecard(section, int(req.GetPair()))
	resp := &scoringv1.GetScorecardResponse{Form: settings.GetForm()}
	var standing scoring.Standing
	for _, st := range standings {
		if st.Section == section && st.Pair == int(req.GetPair()) {
			standing = st
			resp.Standing = standingOf(st, twoWinners)
			resp.Standing.Names = names.of(section, int32(st.Pair))
		}
	}
	if resp.Standing == nil {
		return nil, platform.NotFound("pair", req.GetEvent()+"/sections/"+section+"/pairs/"+fmt.Sprint(req.GetPair()))
	}
	for _, l := range cards {
		r := storedOf(l)
		line := &scoringv1.ScorecardLine{Result: r}
		var side bridge.Side
		if int(req.GetPair()) == l.Result.NS {
			side, line.Opponents, line.Score, line.Points, line.Percentage = bridge.NorthSouth, r.GetEwPair(), r.GetNsScore(), l.NSPoints, l.NSPercentage
		} else {
			side, line.Opponents, line.Score, line.Points, line.Percentage = bridge.EastWest, r.GetNsPair(), -r.GetNsScore(), l.EWPoints, l.EWPercentage
		}
		if twoWinners && side != standing.Direction {
			continue
		}
		line.Direction = bridgepb.Side(side)
		line.OpponentNames = names.of(section, line.GetOpponents())
		resp.Lines = append(resp.Lines, line)
	}
	resp.Problems = ks.problems(session, problems, section, 0)
	return resp, nil
}

// standingsPageKey is the key a page of standings resumes after: the
// position of its last standing.
func standingsPageKey(i int) []byte { return binary.BigEndian.AppendUint32(nil, uint32(i)) }
