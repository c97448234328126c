package web

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/bridgepb"
)

// travellerPageSize is how many lines a page of a traveller shows: a
// section's board fits on one, a national field's runs to many.
const travellerPageSize = 100

// travellerPage is what a board's page shows: the deal once it is public,
// then the results on the board, best for North-South first, a hundred a
// page.
type travellerPage struct {
	ID          string
	Session     int32
	Section     string // "" for the board across every section
	Board       int32
	Dealer      string
	Vulnerable  string
	Deal        *dealView // nil until the boards are released
	HandRecords string    // the path of the hand records PDF, once released
	Lines       []travellerRow
	Matchpoints bool
	Problems    []*scoringv1.BoardProblem
	Total       int32  // the board's lines on every page
	Next        string // the link to the next page ("?session=1&page=..."), "" on the last
	// The paths of the boards either side: none before board 1, and none
	// after a board without results.
	PreviousBoard, NextBoard string
}

// travellerRow is one line of a traveller.
type travellerRow struct {
	outcomeView
	Section                  string
	NS, EW                   int32
	NSNames, EWNames         string
	NSScore, EWScore         string // the score in the column of the side that scored it
	NSPoints, EWPoints       string
	NSPercent, EWPercent     string
	NSScorecard, EWScorecard string
}

// traveller shows a board's traveller: /events/{event}/boards/{board} for
// the whole field, /events/{event}/sections/{section}/boards/{board} for one
// section; ?session=N (1 when not given), &page=<token> for the next
// hundred lines, best for North-South first.
func (s *Server) traveller(w http.ResponseWriter, r *http.Request) {
	id, section := r.PathValue("event"), strings.ToUpper(r.PathValue("section"))
	up := "/events/" + id
	session, ok := s.number(w, r, up, "session", r.URL.Query().Get("session"), 1)
	if !ok {
		return
	}
	board, ok := s.number(w, r, up, "board", r.PathValue("board"), 0)
	if !ok {
		return
	}
	ctx := s.forward(r)
	resp, err := readKept(s, ctx, r, &scoringv1.GetTravellerRequest{
		Event: "events/" + id, Session: session, Section: section, Board: board,
		ByScore: true, PageSize: travellerPageSize, PageToken: r.URL.Query().Get("page"),
	}, scoringv1.NewScoringServiceClient(s.conn).GetTraveller)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p := travellerPage{ID: id, Session: session, Section: section, Board: board, Problems: resp.Problems, Total: resp.TotalSize,
		Dealer: seatName(resp.Dealer), Vulnerable: vulnerableText(resp.Vulnerability),
		Matchpoints: resp.Form == scoringv1.Form_FORM_MATCHPOINTS}
	if set := s.boardSet(ctx, id, session, section); set != "" {
		p.Deal, p.HandRecords = s.deal(ctx, set, board)
	}
	for _, l := range resp.Lines {
		p.Lines = append(p.Lines, s.travellerRow(id, session, l))
	}
	if resp.NextPageToken != "" {
		p.Next = "?" + url.Values{"session": {strconv.Itoa(int(session))}, "page": {resp.NextPageToken}}.Encode()
	}
	if board > 1 {
		p.PreviousBoard = travellerPath(id, session, section, board-1)
	}
	if resp.TotalSize > 0 {
		p.NextBoard = travellerPath(id, session, section, board+1)
	}
	title := fmt.Sprintf("Board %d", board)
	if section != "" {
		title += ", section " + section
	}
	s.render(w, r, http.StatusOK, "results/traveller.html", Page{Title: title, Up: standingsPath(id, session, section), Data: p})
}

func (s *Server) travellerRow(id string, session int32, l *scoringv1.TravellerLine) travellerRow {
	res := l.GetResult()
	row := travellerRow{outcomeView: newOutcomeView(res), Section: res.GetSection(), NS: res.GetNsPair(), EW: res.GetEwPair(),
		NSNames: strings.Join(l.GetNsNames(), " & "), EWNames: strings.Join(l.GetEwNames(), " & "),
		NSPoints: points(l.GetNsPoints()), EWPoints: points(l.GetEwPoints()),
		NSPercent: points(l.GetNsPercentage()), EWPercent: points(l.GetEwPercentage()),
		NSScorecard: scorecardPath(id, session, res.GetSection(), res.GetNsPair()),
		EWScorecard: scorecardPath(id, session, res.GetSection(), res.GetEwPair()),
	}
	if scored(res) {
		switch score := res.GetNsScore(); {
		case score > 0:
			row.NSScore = strconv.Itoa(int(score))
		case score < 0:
			row.EWScore = strconv.Itoa(int(-score))
		default:
			row.NSScore, row.EWScore = "0", "0"
		}
	}
	return row
}

// boardSet is the board set the section plays (its terminal settings'
// board_set, the link Director keeps between a section and its deals), or
// for the whole field its first section's: a field's sections are taken to
// play the same boards (not checked, so that a national field's page reads
// one section, not fifty); "" for none.
func (s *Server) boardSet(ctx context.Context, id string, session int32, section string) string {
	mv := movementv1.NewMovementServiceClient(s.conn)
	if section == "" {
		got, err := mv.GetSession(ctx, &movementv1.GetSessionRequest{Name: fmt.Sprintf("events/%s/sessions/%d", id, session)})
		if err != nil || len(got.GetSession().GetSections()) == 0 {
			return ""
		}
		section = got.GetSession().GetSections()[0]
	}
	got, err := mv.GetSection(ctx, &movementv1.GetSectionRequest{Name: fmt.Sprintf("events/%s/sessions/%d/sections/%s", id, session, section)})
	if err != nil {
		return ""
	}
	return got.GetSection().GetTerminalSettings().GetBoardSet()
}

// deal reads board of set as the page's reader may: the deal and its
// analysis once the set is released, with the path of the set's hand
// records; nothing before, or when the dealing service cannot answer (the
// results show without the diagram).
func (s *Server) deal(ctx context.Context, set string, board int32) (*dealView, string) {
	got, err := dealingv1.NewDealingServiceClient(s.conn).GetBoard(ctx, &dealingv1.GetBoardRequest{Name: fmt.Sprintf("%s/boards/%d", set, board)})
	if err != nil {
		switch status.Code(err) {
		case codes.PermissionDenied, codes.FailedPrecondition, codes.NotFound, codes.Canceled:
		default:
			s.log.Warn("web: a traveller's deal could not be read", "board", set, "err", err)
		}
		return nil, ""
	}
	v, ok := newDealView(got.GetBoard(), got.GetAnalysis())
	if !ok {
		return nil, ""
	}
	return v, "/v1/" + set + "/files/hand-records.pdf"
}

// scorecardPage is what a pair's scorecard shows: its standing, then each
// board it played with what it scored against the field.
type scorecardPage struct {
	ID          string
	Session     int32
	Section     string
	Pair        int32
	Standing    *scoringv1.Standing
	Names       string
	Rows        []scorecardRow
	Matchpoints bool
	Problems    []*scoringv1.BoardProblem
}

// scorecardRow is one board of a scorecard, from the pair's point of view.
type scorecardRow struct {
	outcomeView
	Board         int32
	Traveller     string
	Direction     string // "NS" or "EW"
	Opponents     int32
	OpponentNames string
	OpponentsCard string
	Score         string
	Points        string
	Percent       string
}

// scorecard shows a pair's scorecard:
// /events/{event}/sections/{section}/pairs/{pair}?session=N.
func (s *Server) scorecard(w http.ResponseWriter, r *http.Request) {
	id, section := r.PathValue("event"), strings.ToUpper(r.PathValue("section"))
	up := "/events/" + id
	session, ok := s.number(w, r, up, "session", r.URL.Query().Get("session"), 1)
	if !ok {
		return
	}
	pair, ok := s.number(w, r, up, "pair", r.PathValue("pair"), 0)
	if !ok {
		return
	}
	resp, err := readKept(s, s.forward(r), r, &scoringv1.GetScorecardRequest{
		Event: "events/" + id, Session: session, Section: section, Pair: pair,
	}, scoringv1.NewScoringServiceClient(s.conn).GetScorecard)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p := scorecardPage{ID: id, Session: session, Section: section, Pair: pair, Standing: resp.Standing,
		Names: strings.Join(resp.Standing.GetNames(), " & "), Problems: resp.Problems,
		Matchpoints: resp.Form == scoringv1.Form_FORM_MATCHPOINTS}
	lines := slices.Clone(resp.Lines)
	slices.SortStableFunc(lines, func(a, b *scoringv1.ScorecardLine) int {
		return cmp.Compare(a.GetResult().GetBoard(), b.GetResult().GetBoard())
	})
	for _, l := range lines {
		res := l.GetResult()
		row := scorecardRow{outcomeView: newOutcomeView(res), Board: res.GetBoard(),
			Traveller: travellerPath(id, session, res.GetSection(), res.GetBoard()),
			Opponents: l.GetOpponents(), OpponentNames: strings.Join(l.GetOpponentNames(), " & "),
			OpponentsCard: scorecardPath(id, session, res.GetSection(), l.GetOpponents()),
			Points:        points(l.GetPoints()), Percent: points(l.GetPercentage()),
		}
		switch l.GetDirection() {
		case typev1.Side_SIDE_NORTH_SOUTH:
			row.Direction = "NS"
		case typev1.Side_SIDE_EAST_WEST:
			row.Direction = "EW"
		}
		if scored(res) {
			row.Score = strconv.Itoa(int(l.GetScore()))
		}
		p.Rows = append(p.Rows, row)
	}
	title := fmt.Sprintf("Pair %s%d, session %d", section, pair, session)
	s.render(w, r, http.StatusOK, "results/scorecard.html", Page{Title: title, Up: standingsPath(id, session, section), Data: p})
}

// number reads a page's number parameter (a session, a board, a pair):
// value, or def when value is empty and def is not 0. It answers the page
// itself, and reports false, when the number is not one.
func (s *Server) number(w http.ResponseWriter, r *http.Request, up, what, value string, def int32) (int32, bool) {
	if value == "" && def != 0 {
		return def, true
	}
	n, err := strconv.ParseInt(value, 10, 32)
	if err != nil || n < 1 {
		s.render(w, r, http.StatusBadRequest, "pages/error.html", Page{Title: "Not a page Director has", Up: up,
			Data: fmt.Sprintf("%s %q is not a %s number (1, 2, ...)", what, value, what)})
		return 0, false
	}
	return int32(n), true
}

// travellerPath is the path of board's traveller in section, or across the
// field when section is "".
func travellerPath(id string, session int32, section string, board int32) string {
	if section == "" {
		return fmt.Sprintf("/events/%s/boards/%d?session=%d", id, board, session)
	}
	return fmt.Sprintf("/events/%s/sections/%s/boards/%d?session=%d", id, section, board, session)
}

func scorecardPath(id string, session int32, section string, pair int32) string {
	return fmt.Sprintf("/events/%s/sections/%s/pairs/%d?session=%d", id, section, pair, session)
}

func standingsPath(id string, session int32, section string) string {
	path := fmt.Sprintf("/events/%s/standings?session=%d", id, session)
	if section != "" {
		path += "&section=" + url.QueryEscape(section)
	}
	return path
}

// seatName is a seat enum's name as players read it: "North".
func seatName(s typev1.Seat) string {
	if seat, ok := bridgepb.SeatFrom(s); ok {
		return seat.Name()
	}
	return ""
}

// vulnerableText is who is vulnerable, as a board is marked: "None",
// "N-S", "E-W", "All".
func vulnerableText(v typev1.Vulnerability) string {
	vul, ok := bridgepb.VulnerabilityFrom(v)
	if !ok {
		return ""
	}
	return vul.Marked()
}
