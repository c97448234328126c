package scoringservice

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"maps"
	"slices"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/scoring"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// What a table's device reads only once it may: a board's traveller and
// deal after the table played the board, the running ranking outside the
// rounds in which its section hides it, the scorecards once it has played
// its last round. A table not yet allowed is refused
// whole, naming why, never given a filtered answer: an answer is the same
// for every caller allowed to read it, so that the gateway may keep one
// encoding of it for all (services/gateway/conditional.go).

// Before every table has played a board, its results are not the public's:
// a player's phone reading the traveller of a board its table has not yet
// played would defeat the rule that a table sees it only after. A caller
// who is neither the event's director, a scorer, the federation nor a
// terminal is refused a board's traveller until every table its section's
// movement seats on it has entered it (and the opponents confirmed it), and a section's scorecards until
// every board of the section is in (across the field, of every section).
// A section without a movement has no schedule to wait for.

// confirmed reports whether a result of the field is no longer the
// table's to change: not awaiting the opponents' confirmation.
func confirmed(r scoring.Result) bool {
	stored, _ := r.Ref.(*scoringv1.Result)
	return !awaitsConfirmation(stored)
}

// publicMayRead refuses a public caller the boards of the sections in
// names (all of a read's sections) that are not complete yet: board, or
// every board of the movement when board is 0. A session scored across the
// field waits for every section of it, whichever one the read names: the
// named section's lines are scored against the others' results.
func (s *Service) publicMayRead(ctx context.Context, event string, session int32, ks *keptSession, names sectionNames, section string, board int32) error {
	p, ok := platform.PrincipalFrom(ctx)
	if ok && p.Has(platform.RoleDirector, platform.RoleScorer, platform.RoleTerminal) {
		return nil
	}
	field, settings := ks.scoredField()
	if settings.GetAcrossField() && section != "" {
		e, err := resource.ParseEvent("event", event)
		if err != nil {
			return err
		}
		if names, err = s.names(ctx, e, session, ""); err != nil {
			return err
		}
	}
	entered := map[int32]map[string]int{} // by board, counted once for every section
	for _, letter := range slices.Sorted(maps.Keys(names.plays)) {
		for _, b := range slices.Sorted(maps.Keys(names.plays[letter])) {
			need := names.plays[letter][b]
			if board != 0 && b != board {
				continue
			}
			if entered[b] == nil {
				entered[b] = field.Entered(int(b), confirmed)
			}
			if got := entered[b][letter]; got < need {
				what := fmt.Sprintf("board %d's traveller is public", b)
				if board == 0 {
					what = "its scorecards are public"
				}
				return platform.PermissionDenied(fmt.Sprintf("section %s is still playing board %d (%d of its %d tables have entered it): %s once every table has; its director and scorers read it now", letter, b, got, need, what))
			}
		}
	}
	return nil
}

// tableMayRead refuses a table's device board of session (1 when 0)
// before its table has played it: played or passed out, and confirmed (or
// entered by a director); a pair's device, before its pair's table played
// it in a round that seated the pair there. A terminal of every table of
// its events (a scoring hub) reads as anyone.
func (s *Service) tableMayRead(ctx context.Context, event string, session, board int32) error {
	p, _ := platform.PrincipalFrom(ctx)
	if !atTable(ctx) || !p.AtTables() {
		return nil
	}
	if session == 0 {
		session = 1
	}
	played := false
	err := s.store.View(func(tx *bbolt.Tx) error {
		for _, at := range placesOf(p) {
			t, err := resource.ParseTable("table", at.table)
			if err != nil || "events/"+t.Event != event || t.Session != session {
				continue
			}
			if played, err = playedAt(tx, t, at.round, board); played || err != nil {
				return err
			}
		}
		return nil
	})
	switch {
	case err != nil:
		return err
	case !played && p.Pair != "":
		return platform.PermissionDenied(fmt.Sprintf("pair %s has not yet played board %d of session %d (played or passed out, and confirmed): a pair sees a board's traveller only after it", p.Pair, board, session))
	case !played:
		return platform.PermissionDenied(fmt.Sprintf("%s has not yet played board %d of session %d (played or passed out, and confirmed): a table sees a board's traveller only after it", p.Tables[0], board, session))
	}
	return nil
}

// place is a table in a round, 0 for every round.
type place struct {
	table string
	round int32
}

// placesOf lists where a device's boards are played: its tables in every
// round, or, for a pair's token, its pair's table in each round.
func placesOf(p platform.Principal) []place {
	var out []place
	if p.Pair == "" {
		for _, t := range p.Tables {
			out = append(out, place{table: t})
		}
		return out
	}
	for i, seat := range p.Seats {
		if seat.Table != "" {
			out = append(out, place{table: seat.Table, round: int32(i + 1)})
		}
	}
	return out
}

// playedAt reports whether table t has a confirmed result, played or
// passed out, on board in round (in any round when 0): one prefix scan of
// the index by board.
func playedAt(tx *bbolt.Tx, t resource.Table, round, board int32) (bool, error) {
	index, _ := eventBucket(tx, bucketBoards, t.Event, false)
	if index == nil {
		return false, nil
	}
	prefix := slot{Session: t.Session, Section: t.Section, Board: board, Table: t.Table}.boardKey()
	prefix = prefix[:len(prefix)-4] // every round
	c := index.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		sl := slot{Session: t.Session, Section: t.Section, Table: t.Table, Board: board, Round: int32(binary.BigEndian.Uint32(k[len(prefix):]))}
		if round != 0 && sl.Round != round {
			continue
		}
		r, ok, err := currentResult(tx, t.Event, sl)
		if err != nil {
			return false, err
		}
		if ok && (r.GetPlayed() != nil || r.GetPassedOut() != nil) && !awaitsConfirmation(r) {
			return true, nil
		}
	}
	return false, nil
}

// GetPlayedDeal answers the deal of a board its table has played.
func (s *Service) GetPlayedDeal(ctx context.Context, req *scoringv1.GetPlayedDealRequest) (*scoringv1.GetPlayedDealResponse, error) {
	table, err := resource.ParseTable("table", req.GetTable())
	if err != nil {
		return nil, err
	}
	if b := req.GetBoard(); b < 1 || b > resource.MaxBoard {
		return nil, platform.FieldError("board", fmt.Sprintf("a board number is 1 to %d", resource.MaxBoard))
	}
	if err := s.tableMayRead(ctx, "events/"+table.Event, table.Session, req.GetBoard()); err != nil {
		return nil, err
	}
	if s.movement == nil || s.dealing == nil {
		return nil, status.Error(codes.Unavailable, "the movement and dealing services, which keep the sections and the deals, are not both connected")
	}
	section, err := s.movement.GetSection(platform.ForwardCredentials(ctx), &movementv1.GetSectionRequest{Name: table.Parent().String()})
	if err != nil {
		return nil, platform.PeerError(err, "the section "+table.Parent().String())
	}
	set := section.GetSection().GetTerminalSettings().GetBoardSet()
	if set == "" {
		return nil, platform.FailedPrecondition(fmt.Sprintf("%s names no board set Director dealt (its terminal settings' board_set): its deals are not known here", table.Parent()))
	}
	name := fmt.Sprintf("%s/boards/%d", set, req.GetBoard())
	got, err := s.dealing.GetBoard(platform.WithServiceIdentity(ctx, "scoring", ""), &dealingv1.GetBoardRequest{Name: name})
	if err != nil {
		return nil, platform.PeerError(err, "the deal of "+name)
	}
	return &scoringv1.GetPlayedDealResponse{Board: got.GetBoard()}, nil
}

// rankingHidden refuses a table's device the running ranking of event's
// session (1 when 0) while its section hides it: from the table's first
// result in one of the section's last rounds (TerminalSettings.
// hide_ranking_rounds) until it has entered every board of the last one.
func (s *Service) rankingHidden(ctx context.Context, event string, session int32) error {
	return s.eachTable(ctx, event, session, func(t resource.Table, round int32, got *movementv1.GetTableRoundResponse, finished bool) error {
		if !got.GetRankingHidden() || finished {
			return nil
		}
		return platform.PermissionDenied(fmt.Sprintf("%s hides the running ranking from its tables in its last %d rounds, and %s is playing round %d: it shows again once the table has entered its last round",
			t.Parent(), got.GetSettings().GetHideRankingRounds(), t, round))
	})
}

// scorecardHidden refuses a table's device the scorecards of event's
// session (1 when 0) until the table has entered every board of its last
// round: a pair's scorecard holds boards the table may not have played.
func (s *Service) scorecardHidden(ctx context.Context, event string, session int32) error {
	return s.eachTable(ctx, event, session, func(t resource.Table, round int32, _ *movementv1.GetTableRoundResponse, finished bool) error {
		if finished {
			return nil
		}
		return platform.PermissionDenied(fmt.Sprintf("%s reads the scorecards once it has entered every board of its last round, as they hold boards it may not have played; it is in round %d", t, round))
	})
}

// eachTable calls check for each table of a table's device in event's
// session (1 when 0), with the last round in which the table has entered a
// result, that round as the schedule has it (nil before the table's first
// result or without a movement), and whether the table has entered every
// board of the movement's last round. For a pair's device it calls check
// once, with the pair's table of the last round in which that table has a
// result of the round. It calls nothing for any other caller.
func (s *Service) eachTable(ctx context.Context, event string, session int32, check func(t resource.Table, round int32, got *movementv1.GetTableRoundResponse, finished bool) error) error {
	p, _ := platform.PrincipalFrom(ctx)
	if !atTable(ctx) || !p.AtTables() {
		return nil
	}
	if session == 0 {
		session = 1
	}
	var last struct {
		table          resource.Table
		round, entered int32
		seated         bool // the pair sits at a table of the session
	}
	for _, at := range placesOf(p) {
		t, err := resource.ParseTable("table", at.table)
		if err != nil || "events/"+t.Event != event || t.Session != session {
			continue
		}
		var rounds map[int32]int // boards entered by round
		if err := s.store.View(func(tx *bbolt.Tx) error {
			rounds = tableRounds(tx, t)
			return nil
		}); err != nil {
			return err
		}
		if p.Pair != "" {
			if !last.seated {
				last.table, last.seated = t, true
			}
			if n := rounds[at.round]; n > 0 && at.round > last.round {
				last.table, last.round, last.entered = t, at.round, int32(n)
			}
			continue
		}
		var round int32
		for r := range rounds {
			round = max(round, r)
		}
		if err := s.checkProgress(ctx, t, round, int32(rounds[round]), check); err != nil {
			return err
		}
	}
	if last.seated {
		return s.checkProgress(ctx, last.table, last.round, last.entered, check)
	}
	return nil
}

// checkProgress calls check with how far table t has played: entered
// boards of round, its last round with a result (0 for none), as the
// schedule has that round.
func (s *Service) checkProgress(ctx context.Context, t resource.Table, round, entered int32, check func(t resource.Table, round int32, got *movementv1.GetTableRoundResponse, finished bool) error) error {
	if round == 0 {
		return check(t, 0, nil, false)
	}
	if s.movement == nil {
		return status.Error(codes.Unavailable, "the movement service, which keeps the schedules, is not connected")
	}
	got, err := s.movement.GetTableRound(platform.ForwardCredentials(ctx), &movementv1.GetTableRoundRequest{Section: t.Parent().String(), Table: t.Table, Round: round})
	switch {
	case status.Code(err) == codes.FailedPrecondition || status.Code(err) == codes.NotFound:
		return check(t, round, nil, false) // no movement, or the table's round is no longer in it
	case err != nil:
		return platform.PeerError(err, "the schedule of "+t.Parent().String())
	}
	seat := got.GetSeating()
	return check(t, round, got, len(got.GetNext()) == 0 && entered >= seat.GetHighBoard()-seat.GetLowBoard()+1)
}

// tableRounds counts the current results of table t by round: one prefix
// scan of its slots.
func tableRounds(tx *bbolt.Tx, t resource.Table) map[int32]int {
	b, _ := eventBucket(tx, bucketResults, t.Event, false)
	if b == nil {
		return nil
	}
	prefix := slot{Session: t.Session, Section: t.Section, Table: t.Table}.key()
	prefix = prefix[:len(prefix)-8] // every round and board
	out := map[int32]int{}
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		out[int32(binary.BigEndian.Uint32(k[len(prefix):]))]++
	}
	return out
}
