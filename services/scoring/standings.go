package scoringservice

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"strings"

	"go.etcd.io/bbolt"

	"github.com/bridge-director/director/bridge"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// loadField reads an event and the current results of one of its sessions,
// scores them and deducts the session's procedural penalties that stand.
func (s *Service) loadField(ctx context.Context, eventName string, session int32) (*field, error) {
	event, err := resource.ParseEvent("event", eventName)
	if err != nil {
		return nil, err
	}
	id := event.Event
	if session == 0 {
		session = 1
	}
	if session < 0 || session > resource.MaxSession {
		return nil, platform.FieldError("session", fmt.Sprintf("a session is 1 to %d", resource.MaxSession))
	}
	e, err := s.event(ctx, event)
	if err != nil {
		return nil, err
	}
	var results []*scoringv1.Result
	var damaged []*scoringv1.BoardProblem
	var penalties []*scoringv1.Penalty
	err = s.store.View(func(tx *bbolt.Tx) error {
		results, damaged = sessionResults(tx, id, session)
		penalties, err = eventPenalties(tx, id, func(p *scoringv1.Penalty) bool { return p.GetSession() == session && p.GetRemoval() == nil })
		return err
	})
	if err != nil {
		return nil, err
	}
	f, err := scoreField(e.GetScoring(), results)
	if err != nil {
		return nil, err
	}
	f.problems = append(f.problems, damaged...)
	f.applyPenalties(penalties)
	return f, nil
}

// sessionResults reads the current results of one session of an event. A
// result that cannot be read (a damaged record) is left out and reported as
// a problem of its board, which its key names, so that every other board
// is still scored.
func sessionResults(tx *bbolt.Tx, event string, session int32) ([]*scoringv1.Result, []*scoringv1.BoardProblem) {
	b, _ := eventBucket(tx, bucketResults, event, false)
	if b == nil {
		return nil, nil
	}
	var results []*scoringv1.Result
	var problems []*scoringv1.BoardProblem
	prefix := binary.BigEndian.AppendUint32(nil, uint32(session))
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		r := &scoringv1.Result{}
		if _, err := platform.GetMessage(b, "results/"+event, k, r); err != nil {
			sl, _ := slotFromKey(k)
			problems = append(problems, &scoringv1.BoardProblem{Session: session, Section: sl.Section, Board: sl.Board,
				Problem: fmt.Sprintf("the result at %s cannot be read: %v", sl.name(event), err)})
			continue
		}
		results = append(results, r)
	}
	return results, problems
}

// GetStandings ranks the pairs or teams of a session, overall or in one
// section.
func (s *Service) GetStandings(ctx context.Context, req *scoringv1.GetStandingsRequest) (*scoringv1.GetStandingsResponse, error) {
	f, err := s.loadField(ctx, req.GetEvent(), req.GetSession())
	if err != nil {
		return nil, err
	}
	section := strings.ToUpper(req.GetSection())
	resp := &scoringv1.GetStandingsResponse{Form: f.event.GetForm()}
	for _, st := range f.standings {
		if section == "" || st.GetSection() == section {
			resp.Standings = append(resp.Standings, st)
		}
	}
	resp.Problems = f.problemsOf(section, 0)
	return resp, nil
}

// GetTraveller scores one board across its field.
func (s *Service) GetTraveller(ctx context.Context, req *scoringv1.GetTravellerRequest) (*scoringv1.GetTravellerResponse, error) {
	if req.GetBoard() < 1 || req.GetBoard() > resource.MaxBoard {
		return nil, platform.FieldError("board", fmt.Sprintf("a board number is 1 to %d", resource.MaxBoard))
	}
	f, err := s.loadField(ctx, req.GetEvent(), req.GetSession())
	if err != nil {
		return nil, err
	}
	section := strings.ToUpper(req.GetSection())
	board := int(req.GetBoard())
	resp := &scoringv1.GetTravellerResponse{
		Board:         req.GetBoard(),
		Dealer:        bridgepb.Seat(bridge.BoardDealer(board)),
		Vulnerability: bridgepb.Vulnerability(bridge.BoardVulnerability(board)),
	}
	for i, r := range f.results {
		if r.GetBoard() != req.GetBoard() || section != "" && r.GetSection() != section {
			continue
		}
		resp.Lines = append(resp.Lines, f.lines[i])
		resp.Top = max(resp.Top, f.top[r.GetSection()][r.GetBoard()])
	}
	resp.Problems = f.problemsOf(section, req.GetBoard())
	return resp, nil
}

// GetScorecard lists one pair's boards.
func (s *Service) GetScorecard(ctx context.Context, req *scoringv1.GetScorecardRequest) (*scoringv1.GetScorecardResponse, error) {
	section := strings.ToUpper(req.GetSection())
	if section == "" {
		section = "A"
	}
	f, err := s.loadField(ctx, req.GetEvent(), req.GetSession())
	if err != nil {
		return nil, err
	}
	resp := &scoringv1.GetScorecardResponse{}
	for _, st := range f.standings {
		if st.GetSection() == section && st.GetPair() == req.GetPair() {
			resp.Standing = st
		}
	}
	if resp.Standing == nil {
		return nil, platform.NotFound("pair", req.GetEvent()+"/sections/"+section+"/pairs/"+itoa(req.GetPair()))
	}
	for i, r := range f.results {
		if r.GetSection() != section {
			continue
		}
		l := f.lines[i]
		line := &scoringv1.ScorecardLine{Result: r}
		switch req.GetPair() {
		case r.GetNsPair():
			line.Direction, line.Opponents, line.Score, line.Points, line.Percentage = bridgepb.Side(bridge.NorthSouth), r.GetEwPair(), r.GetNsScore(), l.GetNsPoints(), l.GetNsPercentage()
		case r.GetEwPair():
			line.Direction, line.Opponents, line.Score, line.Points, line.Percentage = bridgepb.Side(bridge.EastWest), r.GetNsPair(), -r.GetNsScore(), l.GetEwPoints(), l.GetEwPercentage()
		default:
			continue
		}
		if f.event.GetTwoWinners() && line.Direction != resp.Standing.Direction {
			continue
		}
		resp.Lines = append(resp.Lines, line)
	}
	resp.Problems = f.problemsOf(section, 0)
	return resp, nil
}

// problemsOf lists the field's problems in section (all when "") on board
// (all when 0).
func (f *field) problemsOf(section string, board int32) []*scoringv1.BoardProblem {
	var out []*scoringv1.BoardProblem
	for _, p := range f.problems {
		if (section == "" || p.GetSection() == section) && (board == 0 || p.GetBoard() == board) {
			out = append(out, p)
		}
	}
	return out
}
