package scoringservice

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bridge-director/director/formats/pbn"
	"github.com/bridge-director/director/formats/usebio"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/scoring"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// An import is checked whole before anything is created: the file is read
// and converted, every result passes the checks a submitted result passes
// (checkResult, checkForm, its pairs being entrants of its section) and the
// scoring library scores the whole file with no board left out. Only then
// are the event, its sessions and sections (movement) and the results
// (SubmitResult, the path a terminal's results take) created. What can
// still fail after the first creation is a service being unavailable; every
// creation carries a request id derived from the import's, so the same
// import sent again finishes the job and answers as the first would have.

// maxImportRequestID leaves room in a request id for what the import
// derives from it (":result:1234").
const maxImportRequestID = 100

// ImportResults creates an event from another program's results file,
// scores it and compares Director's figures with the file's.
func (s *Service) ImportResults(ctx context.Context, req *scoringv1.ImportResultsRequest) (*scoringv1.ImportResultsResponse, error) {
	if !platform.ValidID(req.GetEventId()) {
		return nil, platform.FieldError("event_id", fmt.Sprintf("%q is not 1 to 63 of a-z, 0-9 and '-'", req.GetEventId()))
	}
	if len(req.GetRequestId()) > maxImportRequestID {
		return nil, platform.FieldError("request_id", fmt.Sprintf("at most %d characters for an import, which derives a request id for everything it creates", maxImportRequestID))
	}
	im, err := readImport(req.GetFormat(), req.GetContent())
	if err != nil {
		return nil, err
	}
	if req.GetScoring() != nil {
		im.settings = req.GetScoring()
	}
	if err := im.check(); err != nil {
		return nil, err
	}
	if s.movement == nil {
		return nil, status.Error(codes.Unavailable, "the movement service, which keeps the events, is not connected")
	}
	if err := s.registered(ctx, im); err != nil {
		return nil, err
	}
	event := resource.Event{Event: req.GetEventId()}
	if err := s.create(ctx, req.GetRequestId(), event, im); err != nil {
		return nil, err
	}
	resp := &scoringv1.ImportResultsResponse{Event: event.String(), Scoring: im.settings, Sessions: int32(len(im.sessions)),
		Results: int32(len(im.results)), Compared: int32(len(im.printed)), Notes: im.notes}
	for _, session := range im.sessions {
		resp.Sections += int32(len(session.sections))
		for _, sec := range session.sections {
			resp.Entrants += int32(len(sec.entrants))
		}
		ks, err := s.scored(ctx, event, session.number)
		if err != nil {
			return nil, err
		}
		field, _ := ks.scoredField()
		resp.Differences = append(resp.Differences, compare(field.Score(), session.number, im.printed)...)
	}
	return resp, nil
}

// readImport reads the file in the format named, or told from its first
// character: XML is USEBIO.
func readImport(format scoringv1.ImportFormat, content []byte) (*imported, error) {
	if len(bytes.TrimSpace(content)) == 0 {
		return nil, platform.FieldError("content", "the file is empty")
	}
	if format == scoringv1.ImportFormat_IMPORT_FORMAT_UNSPECIFIED {
		format = scoringv1.ImportFormat_IMPORT_FORMAT_PBN
		if bytes.HasPrefix(bytes.TrimLeft(bytes.TrimPrefix(content, []byte("\xef\xbb\xbf")), " \t\r\n"), []byte("<")) {
			format = scoringv1.ImportFormat_IMPORT_FORMAT_USEBIO
		}
	}
	switch format {
	case scoringv1.ImportFormat_IMPORT_FORMAT_USEBIO:
		f, err := usebio.Read(bytes.NewReader(content))
		if err != nil {
			return nil, platform.FieldError("content", err.Error())
		}
		return fromUSEBIO(f)
	case scoringv1.ImportFormat_IMPORT_FORMAT_PBN:
		f, err := pbn.Read(bytes.NewReader(content))
		if err != nil {
			return nil, platform.FieldError("content", err.Error())
		}
		return fromPBN(f)
	}
	return nil, platform.FieldError("format", fmt.Sprintf("%v: use IMPORT_FORMAT_USEBIO or IMPORT_FORMAT_PBN, or leave it out to tell from the content", format))
}

// check refuses what Director cannot take, before anything is created.
func (im *imported) check() error {
	settings := settingsOf(im.settings)
	if _, err := scoring.ScoreSession(settings, nil, nil); err != nil {
		return platform.FieldError("scoring", err.Error())
	}
	im.title = cut(im.title, resource.MaxTitle)
	entrants := map[string]map[int32]bool{}
	for _, session := range im.sessions {
		if session.number > resource.MaxSession {
			return fileError(fmt.Sprintf("session %d", session.number), "a session is 1 to %d", resource.MaxSession)
		}
		for _, sec := range session.sections {
			where := fmt.Sprintf("session %d section %s", session.number, sec.letter)
			if err := checkImportedEntrants(where, sec); err != nil {
				return err
			}
			known := map[int32]bool{}
			for _, e := range sec.entrants {
				known[e.GetNumber()] = true
			}
			entrants[fmt.Sprintf("%d/%s", session.number, sec.letter)] = known
		}
	}
	bySession := map[int32][]scoring.Result{}
	slots := map[string]bool{}
	for i, in := range im.results {
		where := fmt.Sprintf("session %d section %s board %d, pairs %d and %d", in.GetSession(), in.GetSection(), in.GetBoard(), in.GetNsPair(), in.GetEwPair())
		r, err := checkResult("result", in)
		if err == nil {
			err = checkForm(im.settings.GetForm(), r)
		}
		if err != nil {
			return fileError(where, "%s", status.Convert(err).Message())
		}
		im.results[i] = r
		key := slotOf(r).name("")
		if slots[key] {
			return fileError(where, "two results for one table, round and board")
		}
		slots[key] = true
		bySession[r.GetSession()] = append(bySession[r.GetSession()], toDomain(r))
	}
	for session, results := range bySession {
		score, err := scoring.ScoreSession(settings, results, nil)
		if err != nil {
			return platform.FieldError("scoring", err.Error())
		}
		if len(score.Problems) > 0 {
			p := score.Problems[0]
			return fileError(fmt.Sprintf("session %d section %s board %d", session, p.Section, p.Board), "%s", p.Problem)
		}
	}
	return nil
}

// checkImportedEntrants refuses a section Director cannot keep, and keeps
// to the first players of an entrant with more than a section takes.
func checkImportedEntrants(where string, sec *importedSection) error {
	if len(sec.entrants) < 2 || len(sec.entrants) > resource.MaxEntrants {
		return fileError(where, "%d entrants: a section has 2 to %d", len(sec.entrants), resource.MaxEntrants)
	}
	slices.SortFunc(sec.entrants, func(a, b *movementv1.Entrant) int { return int(a.GetNumber() - b.GetNumber()) })
	for _, e := range sec.entrants {
		if e.GetNumber() > resource.MaxEntrant {
			return fileError(where, "entrant %d: numbers are 1 to %d", e.GetNumber(), resource.MaxEntrant)
		}
		if len(e.Players) > resource.MaxPlayers {
			e.Players = e.Players[:resource.MaxPlayers]
		}
		for _, p := range e.Players {
			if len(p.GetName()) > resource.MaxName || len(p.GetMemberNumber()) > resource.MaxName {
				return fileError(fmt.Sprintf("%s entrant %d", where, e.GetNumber()), "player %q: names and national ids are at most %d bytes", p.GetName(), resource.MaxName)
			}
		}
		e.Name = cut(e.Name, resource.MaxName)
	}
	return nil
}

// registered names by name alone the players whose national ids the
// player registry does not hold (a file from another federation's
// program), since movement takes an entrant's member number only from its
// registry, and says so in a note; a player left with neither a name nor
// an id is left out. It asks the registry once for each id.
func (s *Service) registered(ctx context.Context, im *imported) error {
	peer := platform.ForwardCredentials(ctx)
	known := map[string]bool{}
	var unknown []string
	for _, session := range im.sessions {
		for _, sec := range session.sections {
			for _, e := range sec.entrants {
				for _, p := range e.Players {
					id := p.GetMemberNumber()
					if id == "" {
						continue
					}
					ok, asked := known[id]
					if !asked {
						_, err := s.movement.GetPlayer(peer, &movementv1.GetPlayerRequest{Name: "players/" + id})
						switch status.Code(err) {
						case codes.OK:
							ok = true
						case codes.NotFound, codes.InvalidArgument: // not in the registry, or no id it could hold
							unknown = append(unknown, id)
						default:
							return platform.PeerError(err, "the player registry")
						}
						known[id] = ok
					}
					if !ok {
						p.MemberNumber = ""
					}
				}
				e.Players = slices.DeleteFunc(e.Players, func(p *movementv1.Player) bool { return p.GetName() == "" && p.GetMemberNumber() == "" })
			}
		}
	}
	if len(unknown) > 0 {
		im.notes = append(im.notes, fmt.Sprintf("%d national ids are not in the player registry, and their players are named by name alone: %s", len(unknown), strings.Join(unknown, ", ")))
	}
	return nil
}

// cut keeps at most n bytes of s, ending before a letter that would not
// fit whole.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// create makes the event, its sessions, sections and results.
func (s *Service) create(ctx context.Context, requestID string, event resource.Event, im *imported) error {
	derived := func(part string, args ...any) string {
		if requestID == "" {
			return ""
		}
		return requestID + ":" + fmt.Sprintf(part, args...)
	}
	peer := platform.ForwardCredentials(ctx)
	_, err := s.movement.CreateEvent(peer, &movementv1.CreateEventRequest{RequestId: derived("event"), EventId: event.Event,
		Event: &movementv1.Event{Title: im.title, Scoring: im.settings}})
	if err != nil {
		return movementError(err, event.String())
	}
	for _, session := range im.sessions {
		name := resource.Session{Event: event.Event, Session: session.number}
		_, err := s.movement.CreateSession(peer, &movementv1.CreateSessionRequest{RequestId: derived("session:%d", session.number), Parent: event.String(), SessionId: session.number})
		if err != nil {
			return movementError(err, name.String())
		}
		for _, sec := range session.sections {
			_, err := s.movement.CreateSection(peer, &movementv1.CreateSectionRequest{RequestId: derived("section:%d:%s", session.number, sec.letter),
				Parent: name.String(), SectionId: sec.letter, Section: &movementv1.Section{Entrants: sec.entrants}})
			if err != nil {
				return movementError(err, fmt.Sprintf("%s/sections/%s", name, sec.letter))
			}
		}
	}
	for i, r := range im.results {
		_, err := s.SubmitResult(ctx, &scoringv1.SubmitResultRequest{RequestId: derived("result:%d", i), Parent: event.String(), Result: r})
		if err != nil {
			st := status.Convert(err)
			return status.Errorf(st.Code(), "the result of %s: %s", slotOf(r).name(event.Event), st.Message())
		}
	}
	return nil
}

// movementError is what an import answers when the movement service
// refused or failed to create what.
func movementError(err error, what string) error {
	if status.Code(err) == codes.AlreadyExists {
		return status.Errorf(codes.AlreadyExists, "%s exists already: import into a new event", what)
	}
	return platform.PeerError(err, what)
}

// lineKey and standingKey place Director's figures where a file prints
// them.
type lineKey struct {
	section      string
	round, board int32
	ns, ew       int32
}

type standingKey struct {
	section   string
	pair      int32
	direction int32
}

// compare returns the printed figures of session that Director's scoring
// gives otherwise, with Director's figure written to the file's decimals.
func compare(score scoring.SessionScore, session int32, printed []*scoringv1.Difference) []*scoringv1.Difference {
	lines := map[lineKey]scoring.Line{}
	for _, l := range score.Lines {
		r := storedOf(l)
		lines[lineKey{r.GetSection(), r.GetRound(), r.GetBoard(), r.GetNsPair(), r.GetEwPair()}] = l
	}
	standings := map[standingKey]scoring.Standing{}
	for _, st := range score.Standings {
		m := standingOf(st, true)
		standings[standingKey{st.Section, int32(st.Pair), int32(m.GetDirection())}] = st
	}
	twoWinners := slices.ContainsFunc(printed, func(p *scoringv1.Difference) bool { return p.GetDirection() != 0 })
	var out []*scoringv1.Difference
	for _, p := range printed {
		if p.GetSession() != session {
			continue
		}
		var director string
		if p.GetBoard() != 0 {
			l, ok := lines[lineKey{p.GetSection(), p.GetRound(), p.GetBoard(), p.GetNsPair(), p.GetEwPair()}]
			if ok {
				director = lineFigure(l, p)
			}
		} else {
			key := standingKey{p.GetSection(), p.GetPair(), int32(p.GetDirection())}
			if !twoWinners {
				// With one winner the library ranks every pair as
				// North-South.
				key.direction = int32(typev1.Side_SIDE_NORTH_SOUTH)
			}
			st, ok := standings[key]
			if ok {
				director = standingFigure(st, p)
			}
		}
		if director != strings.TrimSpace(p.GetPublished()) && !sameFigure(p.GetPublished(), director) {
			d := proto.Clone(p).(*scoringv1.Difference)
			d.Director = director
			out = append(out, d)
		}
	}
	return out
}

// lineFigure is Director's figure of a traveller line for the element p
// names, to p's decimals.
func lineFigure(l scoring.Line, p *scoringv1.Difference) string {
	switch p.GetElement() {
	case "SCORE", "Score_NS":
		return strconv.Itoa(int(storedOf(l).GetNsScore()))
	case "NS_MATCH_POINTS", "NS_CROSS_IMP_POINTS", "IMPS", "TEAM_POINTS", "MP_NS", "IMP_NS":
		return toDecimals(l.NSPoints, p.GetPublished())
	default: // the East-West columns
		return toDecimals(l.EWPoints, p.GetPublished())
	}
}

// standingFigure is Director's figure of a standing for the element p
// names.
func standingFigure(st scoring.Standing, p *scoringv1.Difference) string {
	switch p.GetElement() {
	case "PLACE", "Rank":
		return st.Place
	case "PERCENTAGE", "TotalPercentage":
		return toDecimals(st.Percentage, p.GetPublished())
	default:
		return toDecimals(st.Score, p.GetPublished())
	}
}

// toDecimals writes v with as many decimals as published has.
func toDecimals(v float64, published string) string {
	decimals := 0
	if dot := strings.IndexByte(published, '.'); dot >= 0 {
		decimals = len(strings.TrimSpace(published)) - dot - 1
	}
	return strconv.FormatFloat(v, 'f', decimals, 64)
}

// sameFigure reports whether a published number and Director's are the
// same number ("13" and "13.0", "-0.00" and "0.00").
func sameFigure(published, director string) bool {
	a, err1 := strconv.ParseFloat(strings.TrimSpace(published), 64)
	b, err2 := strconv.ParseFloat(director, 64)
	return err1 == nil && err2 == nil && a == b
}
