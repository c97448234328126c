package scoringservice

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"strings"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// SubmitResult records a result in its slot. A terminal that resends the same
// result gets the stored one back; a different result for a taken slot
// replaces it when the table entered it and the opponents have not
// confirmed it (see confirm.go), and is otherwise AlreadyExists (for a
// director or scorer, who correct instead) or FailedPrecondition (for a
// table, which calls the director), with the stored result as a detail. A
// result a director erased is not entered again by a resend
// (FailedPrecondition, with the erasure as a detail), and a result that
// would make its board impossible to score is refused (see admitOnBoard).
func (s *Service) SubmitResult(ctx context.Context, req *scoringv1.SubmitResultRequest) (*scoringv1.SubmitResultResponse, error) {
	event, err := resource.ParseEvent("parent", req.GetParent())
	if err != nil {
		return nil, err
	}
	id := event.Event
	r, err := checkResult("result", req.GetResult())
	if err != nil {
		return nil, err
	}
	if err := enteredAs(ctx, r); err != nil {
		return nil, err
	}
	settings, err := s.scoring(ctx, event, r)
	if err != nil {
		return nil, err
	}
	sl := slotOf(r)
	// A resend answers as the first time, whatever changed in the schedule
	// since: the write below finds the same result and answers it.
	var terminal *movementv1.TerminalSettings
	if !s.storedAlready(id, sl, r) {
		if terminal, err = s.checkSchedule(ctx, event, r); err != nil {
			return nil, err
		}
		if r.Flags, err = s.checkEntry(ctx, terminal, r); err != nil {
			return nil, err
		}
	}
	by, now := platform.CallerName(ctx), timestamppb.New(s.now())
	resp := &scoringv1.SubmitResultResponse{}
	err = s.write(ctx, req.GetValidateOnly(), scoringv1.ScoringService_SubmitResult_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx, commit bool) error {
		cur, ok, err := currentResult(tx, id, sl)
		if err != nil {
			return err
		}
		action, reason := scoringv1.Action_ACTION_SUBMITTED, ""
		if ok {
			if sameResult(cur, r) {
				resp.Result = platform.SetETag(cur)
				return nil
			}
			if err := tableChange(ctx, cur.GetName(), cur); err != nil {
				return err
			}
			action, reason = scoringv1.Action_ACTION_CORRECTED, "entered again at the table before it was confirmed"
		} else if err := refuseErased(tx, id, sl, r); err != nil {
			return err
		}
		others, err := admitOnBoard(tx, settings, id, sl, r)
		if err != nil {
			return err
		}
		entry := cloneResult(r)
		if atTable(ctx) {
			entry.Flags = append(entry.Flags, outlying(r, others)...)
			if terminal.GetVerificationOff() {
				entry.Confirmation = &scoringv1.Confirmation{ConfirmedBy: by, Time: now, Revision: lastRevision(tx, id, sl) + 1}
			}
		}
		resp.Result, err = s.record(tx, commit, id, sl, entry, action, by, reason, now)
		return err
	})
	if err == nil && !req.GetValidateOnly() {
		s.reloadSlot(id, sl)
	}
	return resp, err
}

// write runs change in one idempotent write, or, for a request that is only
// to be validated, in a read-only transaction: change is told which, and
// must write only when commit is set.
func (s *Service) write(ctx context.Context, validateOnly bool, method, requestID string, req, resp proto.Message, change func(tx *bbolt.Tx, commit bool) error) error {
	if validateOnly {
		return s.store.View(func(tx *bbolt.Tx) error { return change(tx, false) })
	}
	return s.store.Mutate(ctx, method, requestID, req, resp, func(tx *bbolt.Tx) error { return change(tx, true) })
}

// readSlot reads the current result of a slot in a transaction of its own.
func (s *Service) readSlot(event string, sl slot) (r *scoringv1.Result, ok bool, err error) {
	err = s.store.View(func(tx *bbolt.Tx) error {
		r, ok, err = currentResult(tx, event, sl)
		return err
	})
	return r, ok, err
}

// storedAlready reports whether the slot holds r already.
func (s *Service) storedAlready(event string, sl slot, r *scoringv1.Result) bool {
	cur, ok, err := s.readSlot(event, sl)
	return err == nil && ok && sameResult(cur, r)
}

// refuseErased refuses r for an empty slot when a director once erased that
// same result: a terminal resending what a director took out. A different
// result may be entered (the table re-entering the board as it was played).
func refuseErased(tx *bbolt.Tx, event string, sl slot, r *scoringv1.Result) error {
	revs, err := history(tx, event, sl)
	if err != nil {
		return err
	}
	var current *scoringv1.Result
	for _, rev := range revs {
		if rev.GetAction() != scoringv1.Action_ACTION_ERASED {
			current = rev.GetResult()
			continue
		}
		if current != nil && sameResult(current, r) {
			return platform.FailedPrecondition(fmt.Sprintf("%s: this result was erased by %s at %s (%s); a director may enter it again with a correction",
				sl.name(event), rev.GetChangedBy(), rev.GetTime().AsTime().Format(time.RFC3339), rev.GetReason()), rev)
		}
		current = nil
	}
	return nil
}

// CorrectResult stores a corrected result as a new revision. With
// allow_missing it also enters a result in an empty slot (never entered, or
// erased), so a ruling's adjusted score is the same call either way.
func (s *Service) CorrectResult(ctx context.Context, req *scoringv1.CorrectResultRequest) (*scoringv1.CorrectResultResponse, error) {
	id, sl, err := parseResultName("name", req.GetName())
	if err != nil {
		return nil, err
	}
	reason, err := platform.Reason("reason", req.GetReason())
	if err != nil {
		return nil, err
	}
	in := req.GetResult()
	if in == nil {
		return nil, platform.FieldError("result", "the corrected result is required")
	}
	in = cloneResult(in)
	if err := fillSlot(in, sl); err != nil {
		return nil, err
	}
	var r *scoringv1.Result
	var settings *scoringv1.ScoringSettings
	if req.GetGroupOnly() {
		if v := checkFouledGroup("result", in); v != nil {
			return nil, platform.FieldErrors(*v)
		}
		if settings, err = s.scoring(ctx, resource.Event{Event: id}, nil); err != nil {
			return nil, err
		}
	} else {
		if r, err = checkResult("result", in); err != nil {
			return nil, err
		}
		r.EnteredSide = typev1.Side_SIDE_UNSPECIFIED // a correction is the director's or the scorer's word
		if settings, err = s.scoring(ctx, resource.Event{Event: id}, r); err != nil {
			return nil, err
		}
		// A correction may seat other pairs than the schedule does (pairs
		// who sat at the wrong table, Law 15), but only entrants of the
		// section.
		if err := s.checkEntrants(ctx, resource.Section{Event: id, Session: sl.Session, Section: sl.Section}, r); err != nil {
			return nil, err
		}
	}
	by, now := platform.CallerName(ctx), timestamppb.New(s.now())
	resp := &scoringv1.CorrectResultResponse{}
	err = s.write(ctx, req.GetValidateOnly(), scoringv1.ScoringService_CorrectResult_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx, commit bool) error {
		cur, ok, err := currentResult(tx, id, sl)
		if err != nil {
			return err
		}
		if err := checkResultETag(tx, req.GetEtag(), id, sl, cur, ok); err != nil {
			return err
		}
		r := r
		if req.GetGroupOnly() {
			if !ok {
				return platform.NotFound("result", req.GetName())
			}
			r = regrouped(cur, in.GetFouledGroup())
		}
		action := scoringv1.Action_ACTION_CORRECTED
		switch {
		case ok && sameResult(cur, r):
			resp.Result = platform.SetETag(cur) // a resent correction changes nothing
			return nil
		case !ok && !req.GetAllowMissing():
			return platform.NotFound("result", req.GetName())
		case !ok && lastRevision(tx, id, sl) == 0:
			action = scoringv1.Action_ACTION_SUBMITTED
		}
		if _, err := admitOnBoard(tx, settings, id, sl, r); err != nil {
			return err
		}
		resp.Result, err = s.record(tx, commit, id, sl, r, action, by, reason, now)
		return err
	})
	if err == nil && !req.GetValidateOnly() {
		s.reloadSlot(id, sl)
	}
	return resp, err
}

// regrouped is the stored result cur moved to a fouled board's group, as a
// correction: the director's word, its flags cleared.
func regrouped(cur *scoringv1.Result, group int32) *scoringv1.Result {
	r := cloneResult(cur)
	r.Name, r.Revision, r.EnteredBy, r.UpdateTime, r.Etag, r.Confirmation, r.Flags = "", 0, "", nil, "", nil, nil
	r.EnteredSide, r.FouledGroup = typev1.Side_SIDE_UNSPECIFIED, group
	return r
}

// checkResultETag refuses a change that names an etag other than the slot's
// result's: ABORTED with the current result, or, when it was erased since,
// with the erasure.
func checkResultETag(tx *bbolt.Tx, etag, event string, sl slot, cur *scoringv1.Result, ok bool) error {
	if etag == "" {
		return nil
	}
	name := sl.name(event)
	if ok {
		return platform.CheckETag(etag, "result", name, cur)
	}
	revs, err := history(tx, event, sl)
	if err != nil {
		return err
	}
	var now proto.Message = &scoringv1.Result{Name: name}
	if len(revs) > 0 {
		now = revs[len(revs)-1]
	}
	return platform.CheckETag(etag, "result", name, now)
}

// EraseResult takes a result out of scoring, keeping its history.
func (s *Service) EraseResult(ctx context.Context, req *scoringv1.EraseResultRequest) (*scoringv1.EraseResultResponse, error) {
	id, sl, err := parseResultName("name", req.GetName())
	if err != nil {
		return nil, err
	}
	reason, err := platform.Reason("reason", req.GetReason())
	if err != nil {
		return nil, err
	}
	if _, err := s.event(ctx, resource.Event{Event: id}); err != nil {
		return nil, err
	}
	by, now := platform.CallerName(ctx), timestamppb.New(s.now())
	resp := &scoringv1.EraseResultResponse{}
	err = s.store.Mutate(ctx, scoringv1.ScoringService_EraseResult_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		cur, ok, err := currentResult(tx, id, sl)
		if err != nil {
			return err
		}
		if err := checkResultETag(tx, req.GetEtag(), id, sl, cur, ok); err != nil {
			return err
		}
		if !ok {
			return platform.NotFound("result", req.GetName())
		}
		rev := &scoringv1.Revision{
			Revision:  lastRevision(tx, id, sl) + 1,
			Action:    scoringv1.Action_ACTION_ERASED,
			ChangedBy: by,
			Reason:    reason,
			Time:      now,
		}
		resp.Revision = rev
		return s.revise(tx, id, sl, rev, rev)
	})
	if err == nil {
		s.reloadSlot(id, sl)
	}
	return resp, err
}

// GetResultHistory lists the revisions of one slot.
func (s *Service) GetResultHistory(ctx context.Context, req *scoringv1.GetResultHistoryRequest) (*scoringv1.GetResultHistoryResponse, error) {
	id, sl, err := parseResultName("name", req.GetName())
	if err != nil {
		return nil, err
	}
	if _, err := s.event(ctx, resource.Event{Event: id}); err != nil {
		return nil, err
	}
	resp := &scoringv1.GetResultHistoryResponse{}
	err = s.store.View(func(tx *bbolt.Tx) error {
		resp.Revisions, err = history(tx, id, sl)
		if err == nil && len(resp.Revisions) == 0 {
			return platform.NotFound("result", req.GetName())
		}
		return err
	})
	return resp, err
}

// ListResults lists an event's current results in slot order, a page at a
// time, to anyone but a table's device (see tablereads.go).
func (s *Service) ListResults(ctx context.Context, req *scoringv1.ListResultsRequest) (*scoringv1.ListResultsResponse, error) {
	if p, _ := platform.PrincipalFrom(ctx); atTable(ctx) && p.AtTables() {
		return nil, platform.PermissionDenied(fmt.Sprintf("%s may not list the event's results, which hold boards it has not played: it reads a board's traveller once it has played it", p.Name))
	}
	event, page, err := s.listing(ctx, req.GetParent(), req)
	if err != nil {
		return nil, err
	}
	section := strings.ToUpper(req.GetSection())
	want := func(k []byte) bool {
		sl, _ := slotFromKey(k)
		return (req.GetSession() == 0 || sl.Session == req.GetSession()) &&
			(section == "" || sl.Section == section) &&
			(req.GetBoard() == 0 || sl.Board == req.GetBoard())
	}
	resp := &scoringv1.ListResultsResponse{}
	err = s.store.View(func(tx *bbolt.Tx) error {
		b, _ := eventBucket(tx, bucketResults, event.Event, false)
		return listPage(b, "results/"+event.Event, page, want, func() *scoringv1.Result { return &scoringv1.Result{} }, func(r *scoringv1.Result) bool {
			if !page.Add(slotOf(r).key(), r) {
				return false
			}
			resp.Results = append(resp.Results, platform.SetETag(r))
			return true
		})
	})
	resp.NextPageToken = page.NextToken()
	return resp, err
}

// listing checks the event a List request names in parent and reads the
// request's page.
func (s *Service) listing(ctx context.Context, parent string, req proto.Message) (resource.Event, *platform.Page, error) {
	event, err := resource.ParseEvent("parent", parent)
	if err != nil {
		return resource.Event{}, nil, err
	}
	if _, err := s.event(ctx, event); err != nil {
		return resource.Event{}, nil, err
	}
	page, err := platform.ReadPage(req)
	return event, page, err
}

// scoring reads the scoring settings of event from movement, and refuses r
// (when given) if the event's form cannot score it.
func (s *Service) scoring(ctx context.Context, event resource.Event, r *scoringv1.Result) (*scoringv1.ScoringSettings, error) {
	e, err := s.event(ctx, event)
	if err != nil {
		return nil, err
	}
	if r != nil {
		if err := checkForm(e.GetScoring().GetForm(), r); err != nil {
			return nil, err
		}
	}
	return e.GetScoring(), nil
}

// listPage walks bucket b (named bucket in errors) in key order from where
// page starts, reading the value of each key want accepts (every key when
// want is nil) into a new message, until add returns false. Keys are chosen
// before their values are read, so a damaged record outside the list does
// not fail it.
func listPage[M proto.Message](b *bbolt.Bucket, bucket string, page *platform.Page, want func(k []byte) bool, newM func() M, add func(M) bool) error {
	if b == nil {
		return nil
	}
	c := b.Cursor()
	k, _ := c.First()
	if after := page.After(); after != nil {
		k, _ = c.Seek(after)
	}
	for ; k != nil; k, _ = c.Next() {
		if page.Skip(k) || want != nil && !want(k) {
			continue
		}
		m := newM()
		if _, err := platform.GetMessage(b, bucket, k, m); err != nil {
			return err
		}
		if !add(m) {
			return nil
		}
	}
	return nil
}

// record stores r as the next revision of its slot (when commit is set;
// otherwise it only says what would be stored) and returns it as stored.
func (s *Service) record(tx *bbolt.Tx, commit bool, event string, sl slot, r *scoringv1.Result, action scoringv1.Action, by, reason string, now *timestamppb.Timestamp) (*scoringv1.Result, error) {
	stored := cloneResult(r)
	stored.Name = sl.name(event)
	stored.Revision = lastRevision(tx, event, sl) + 1
	stored.EnteredBy = by
	stored.UpdateTime = now
	rev := &scoringv1.Revision{
		Revision:  stored.Revision,
		Action:    action,
		Result:    stored,
		ChangedBy: by,
		Reason:    reason,
		Time:      now,
	}
	answer := platform.SetETag(cloneResult(stored))
	if !commit {
		return answer, nil
	}
	return answer, s.revise(tx, event, sl, rev, answer)
}

// resultChanges are the feed's kinds of the actions of a revision.
var resultChanges = map[scoringv1.Action]typev1.ChangeKind{
	scoringv1.Action_ACTION_SUBMITTED: typev1.ChangeKind_CHANGE_KIND_RESULT_SUBMITTED,
	scoringv1.Action_ACTION_CORRECTED: typev1.ChangeKind_CHANGE_KIND_RESULT_CORRECTED,
	scoringv1.Action_ACTION_ERASED:    typev1.ChangeKind_CHANGE_KIND_RESULT_ERASED,
	scoringv1.Action_ACTION_CONFIRMED: typev1.ChangeKind_CHANGE_KIND_RESULT_CONFIRMED,
}

// revise writes rev for slot sl with its record in the feed, which carries
// after: the result as it now stands, or the erasure.
func (s *Service) revise(tx *bbolt.Tx, event string, sl slot, rev *scoringv1.Revision, after proto.Message) error {
	if err := writeRevision(tx, event, sl, rev); err != nil {
		return err
	}
	c := platform.Change{Kind: resultChanges[rev.GetAction()], Name: sl.name(event), By: rev.GetChangedBy(), Resource: after}
	if err := s.store.AppendChange(tx, c); err != nil {
		return err
	}
	return s.toVenue(tx, event, sl, c)
}

// sameResult reports whether two results say the same thing about a board,
// whoever entered them and whenever.
func sameResult(a, b *scoringv1.Result) bool {
	strip := func(r *scoringv1.Result) *scoringv1.Result {
		c := cloneResult(r)
		c.Name, c.Revision, c.EnteredBy, c.UpdateTime, c.Etag, c.EnteredSide, c.Confirmation, c.Flags = "", 0, "", nil, "", typev1.Side_SIDE_UNSPECIFIED, nil, nil
		return c
	}
	return proto.Equal(strip(a), strip(b))
}

// fillSlot makes a corrected result's slot agree with the name it corrects.
func fillSlot(r *scoringv1.Result, sl slot) error {
	given := slotOf(r)
	if given.Section != "" {
		given.Section = strings.ToUpper(given.Section)
	}
	for _, f := range []struct {
		field          string
		given, matches bool
	}{
		{"result.session", given.Session != 0, given.Session == sl.Session},
		{"result.section", given.Section != "", given.Section == sl.Section},
		{"result.table", given.Table != 0, given.Table == sl.Table},
		{"result.round", given.Round != 0, given.Round == sl.Round},
		{"result.board", given.Board != 0, given.Board == sl.Board},
	} {
		if f.given && !f.matches {
			return platform.FieldError(f.field, "does not match the result's name; leave it empty or give the same value")
		}
	}
	r.Session, r.Section, r.Table, r.Round, r.Board = sl.Session, sl.Section, sl.Table, sl.Round, sl.Board
	return nil
}

// admitOnBoard refuses r when its board could not be scored with it, naming
// the result that stands in the way, and returns what the index keeps of
// the board's other results: in a pairs event a pair plays a board
// once; in a teams event a team plays it twice, once in each direction, at
// the two tables of one match (the same opponents, the same round). It reads
// what the index by board keeps of the board's other results (their names
// and pairs), so a submission costs a small read of each, not a scoring of
// the board; should a board become
// unscorable for another reason, the standings leave it out and report it
// in their problems.
func admitOnBoard(tx *bbolt.Tx, e *scoringv1.ScoringSettings, event string, sl slot, r *scoringv1.Result) ([]*scoringv1.Result, error) {
	others, err := boardEntries(tx, event, sl)
	if err != nil {
		return nil, err
	}
	for _, o := range others {
		msg := clash(e, o, r)
		if msg == "" {
			continue
		}
		refusal := fmt.Sprintf("%s: %s; correct or erase that result first", sl.name(event), msg)
		in, err := resource.ParseResult("result", o.GetName())
		if err != nil {
			return nil, platform.FailedPrecondition(refusal)
		}
		stored, ok, err := currentResult(tx, event, slot{Session: in.Session, Section: in.Section, Table: in.Table, Round: in.Round, Board: in.Board})
		if err != nil || !ok {
			return nil, platform.FailedPrecondition(refusal)
		}
		return nil, platform.FailedPrecondition(refusal, platform.SetETag(stored))
	}
	return others, nil
}

// clash says why o and r cannot both be results of one board of e, or "".
// With two winners, North-South and East-West pairs are numbered apart, so
// only a number in the same direction is the same pair.
func clash(e *scoringv1.ScoringSettings, o, r *scoringv1.Result) string {
	switch {
	case teamsForm(e.GetForm()):
		return teamClash(o, r)
	case r.GetNsPair() == o.GetNsPair() || !twoWinners(e) && r.GetNsPair() == o.GetEwPair():
		return fmt.Sprintf("pair %d already has a result on %s", r.GetNsPair(), placeOf(o))
	case r.GetEwPair() == o.GetEwPair() || !twoWinners(e) && r.GetEwPair() == o.GetNsPair():
		return fmt.Sprintf("pair %d already has a result on %s", r.GetEwPair(), placeOf(o))
	}
	return ""
}

// teamClash says why o and r cannot both be results of one board of a
// teams event, or "".
func teamClash(o, r *scoringv1.Result) string {
	switch {
	case r.GetNsPair() == o.GetNsPair():
		return fmt.Sprintf("team %d already played North-South on %s", r.GetNsPair(), placeOf(o))
	case r.GetEwPair() == o.GetEwPair():
		return fmt.Sprintf("team %d already played East-West on %s", r.GetEwPair(), placeOf(o))
	case r.GetNsPair() == o.GetEwPair() && r.GetEwPair() == o.GetNsPair():
		if r.GetRound() != o.GetRound() {
			return fmt.Sprintf("the other table of this match played %s in round %d, not %d", placeOf(o), o.GetRound(), r.GetRound())
		}
	case r.GetNsPair() == o.GetEwPair() || r.GetEwPair() == o.GetNsPair():
		return fmt.Sprintf("a team plays a board at the two tables of one match, and these teams met other opponents on %s", placeOf(o))
	}
	return ""
}

// placeOf names the result o in a refusal. A submission is checked against
// every other result of its board, so the name is written only for a clash.
func placeOf(o *scoringv1.Result) string {
	return fmt.Sprintf("board %d at %s (%d v %d)", o.GetBoard(), o.GetName(), o.GetNsPair(), o.GetEwPair())
}

// boardEntries reads what the index by board keeps of the current results
// of sl's board in sl's session and section, other than sl's own.
func boardEntries(tx *bbolt.Tx, event string, sl slot) ([]*scoringv1.Result, error) {
	index, _ := eventBucket(tx, bucketBoards, event, false)
	if index == nil {
		return nil, nil
	}
	own := sl.boardKey()
	prefix := own[:len(own)-8]
	var out []*scoringv1.Result
	c := index.Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		if bytes.Equal(k, own) {
			continue
		}
		o := &scoringv1.Result{}
		if err := platform.DecodeMessage(index, "boards/"+event, k, v, o); err != nil {
			return nil, err
		}
		if o.GetName() == "" {
			// An entry an earlier version of the index left empty: the
			// result itself says what the check needs.
			n := len(prefix)
			other := sl
			other.Table, other.Round = int32(binary.BigEndian.Uint32(k[n:])), int32(binary.BigEndian.Uint32(k[n+4:]))
			full, ok, err := currentResult(tx, event, other)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
			o = full
		}
		out = append(out, o)
	}
	return out, nil
}
