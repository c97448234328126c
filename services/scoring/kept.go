package scoringservice

// The scored fields. Every session's current results are kept in memory,
// with the scoring library's Field scoring them as they change, so that
// standings, travellers and scorecards are read from what is already
// scored. The results come from the store when the service opens, and from
// the store again after every write commits (the slot or the penalties it
// changed are read back, so that the memory holds what the store holds, in
// the order the writes committed). A session's field is made when its
// event's scoring settings are first known: at the start for every session
// that has results (Prepare, before the service reports SERVING), else at
// its first result or read.

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/scoring"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// rescoreDelay is how long a change waits before the field is scored again
// in the background, so that the changes of a busy moment share one
// scoring: a board of 5,000 results takes milliseconds to score, and
// scoring it again for every result would cost the submissions more than
// the reads gain. A read scores what is left itself.
const rescoreDelay = 250 * time.Millisecond

type sessionKey struct {
	event   string
	session int32
}

// keptFields holds the kept session of every session that has results or
// was read.
type keptFields struct {
	mu       sync.Mutex
	sessions map[sessionKey]*keptSession
	// run names this opening of the service in the versions of reads, so
	// that a version of one run never names an answer of another; serials
	// counts the kept sessions made.
	run     string
	serials uint64
}

// keptSession is one session's results as stored, and its scored field.
type keptSession struct {
	// mu guards the maps and the making of the field, and is held while a
	// slot is read back and given to the field, so that the field takes the
	// changes in the order they committed.
	mu        sync.RWMutex
	results   map[scoring.Slot]*scoringv1.Result
	damaged   map[scoring.Slot]*scoringv1.BoardProblem
	penalties []scoring.Penalty
	settings  *scoringv1.ScoringSettings
	field     *scoring.Field // nil until the settings are known
	rescoring atomic.Bool
	serial    uint64 // which kept session of the run it is
}

func (k *keptFields) session(event string, session int32) *keptSession {
	k.mu.Lock()
	defer k.mu.Unlock()
	key := sessionKey{event, session}
	ks := k.sessions[key]
	if ks == nil {
		k.serials++
		ks = &keptSession{results: map[scoring.Slot]*scoringv1.Result{}, damaged: map[scoring.Slot]*scoringv1.BoardProblem{}, serial: k.serials}
		if k.sessions == nil {
			k.sessions = map[sessionKey]*keptSession{}
		}
		k.sessions[key] = ks
	}
	return ks
}

// find returns the kept session of an event's session, nil if there is none.
func (k *keptFields) find(event string, session int32) *keptSession {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.sessions[sessionKey{event, session}]
}

// scoredField returns the session's field and the settings it is scored by,
// once made. The field is safe to read without the session's lock: its
// lines carry the stored results they are about.
func (ks *keptSession) scoredField() (*scoring.Field, *scoringv1.ScoringSettings) {
	ks.mu.RLock()
	defer ks.mu.RUnlock()
	return ks.field, ks.settings
}

// version names the answer of a read of the session's field f that starts
// now (platform.AnswerVersion): the run, the kept session, the changes its
// field has been given, and how far the players' names are current
// (names.version: movement's feed record they were read at, or the
// sections' revisions). Taken before the field is read, it never names an
// answer older than the one read.
func (k *keptFields) version(ks *keptSession, f *scoring.Field, names sectionNames) string {
	return fmt.Sprintf("%s.%d.%d%s", k.run, ks.serial, f.Revision(), names.version)
}

// settledVersion names the answer of a read of the session's settled
// standings (scoring.Field.SettledStandings) at revision.
func (k *keptFields) settledVersion(ks *keptSession, revision uint64, names sectionNames) string {
	return fmt.Sprintf("%s.%d.s%d%s", k.run, ks.serial, revision, names.version)
}

// empty reports whether the session holds no result, readable or not.
func (ks *keptSession) empty() bool {
	ks.mu.RLock()
	defer ks.mu.RUnlock()
	return len(ks.results) == 0 && len(ks.damaged) == 0
}

// of lists the kept sessions of an event, or of every event when event is "".
func (k *keptFields) of(event string) map[sessionKey]*keptSession {
	k.mu.Lock()
	defer k.mu.Unlock()
	out := map[sessionKey]*keptSession{}
	for key, ks := range k.sessions {
		if event == "" || key.event == event {
			out[key] = ks
		}
	}
	return out
}

func domainSlot(sl slot) scoring.Slot {
	return scoring.Slot{Section: sl.Section, Table: int(sl.Table), Round: int(sl.Round), Board: int(sl.Board)}
}

// load reads every current result and penalty of the store into memory. A
// result that cannot be read (a damaged record) is left out and reported
// as a problem of its board, which its key names, so that every other
// board is still scored.
func (s *Service) load() error {
	return s.store.View(func(tx *bbolt.Tx) error {
		results := tx.Bucket(bucketResults)
		err := results.ForEachBucket(func(event []byte) error {
			id := string(event)
			b := results.Bucket(event)
			return b.ForEach(func(k, _ []byte) error {
				sl, ok := slotFromKey(k)
				if !ok {
					return fmt.Errorf("scoring.db: result key %x of event %q is not a slot", k, id)
				}
				ks := s.kept.session(id, sl.Session)
				r := &scoringv1.Result{}
				if _, err := platform.GetMessage(b, "results/"+id, k, r); err != nil {
					ks.damaged[domainSlot(sl)] = damagedProblem(id, sl, err)
					return nil
				}
				ks.results[domainSlot(sl)] = r
				return nil
			})
		})
		if err != nil {
			return err
		}
		return tx.Bucket(bucketPenalties).ForEachBucket(func(event []byte) error {
			standing, err := standingPenalties(tx, string(event))
			if err == nil {
				s.setPenalties(string(event), standing)
			}
			return err
		})
	})
}

func damagedProblem(event string, sl slot, err error) *scoringv1.BoardProblem {
	return &scoringv1.BoardProblem{Session: sl.Session, Section: sl.Section, Board: sl.Board,
		Problem: fmt.Sprintf("the result at %s cannot be read: %v", sl.name(event), err)}
}

// standingPenalties reads the penalties that stand in an event.
func standingPenalties(tx *bbolt.Tx, event string) ([]*scoringv1.Penalty, error) {
	return eventPenalties(tx, event, func(p *scoringv1.Penalty) bool { return p.GetRemoval() == nil })
}

// setPenalties gives every kept session of an event the penalties of
// standing that are in it. It takes the sessions' locks, so once the
// service serves it is never called inside a transaction: a commit that
// must grow the file waits for the open transactions, and one waiting here
// for a lock that a slot's reload holds while it opens its own would stop
// the store. (load calls it inside one as the store opens, when nothing
// else runs.)
func (s *Service) setPenalties(event string, standing []*scoringv1.Penalty) {
	bySession := map[int32][]scoring.Penalty{}
	for _, p := range standing {
		bySession[p.GetSession()] = append(bySession[p.GetSession()], penaltyOf(p))
		s.kept.session(event, p.GetSession())
	}
	for key, ks := range s.kept.of(event) {
		ks.mu.Lock()
		ks.penalties = bySession[key.session]
		if ks.field != nil {
			ks.field.SetPenalties(ks.penalties)
			ks.rescoreSoon()
		}
		ks.mu.Unlock()
	}
}

// reloadSlot reads one slot back from the store after a write committed,
// and makes the kept session hold what the store holds.
func (s *Service) reloadSlot(event string, sl slot) {
	ks := s.kept.session(event, sl.Session)
	ks.mu.Lock()
	defer ks.mu.Unlock()
	r, ok, viewErr := s.readSlot(event, sl)
	ds := domainSlot(sl)
	delete(ks.damaged, ds)
	delete(ks.results, ds)
	switch {
	case viewErr != nil:
		ks.damaged[ds] = damagedProblem(event, sl, viewErr)
	case ok:
		ks.results[ds] = r
	}
	if ks.field == nil {
		return
	}
	if viewErr == nil && ok {
		ks.field.Set(toDomain(r))
	} else {
		ks.field.Remove(ds)
	}
	ks.rescoreSoon()
}

// reloadPenalties reads an event's penalties back after a write committed.
// One reload at a time reads and applies, so that a reload that read the
// store before another write committed cannot apply its older list last.
func (s *Service) reloadPenalties(event string) {
	s.penaltyReloads.Lock()
	defer s.penaltyReloads.Unlock()
	var standing []*scoringv1.Penalty
	err := s.store.View(func(tx *bbolt.Tx) error {
		var err error
		standing, err = standingPenalties(tx, event)
		return err
	})
	if err != nil {
		slog.With("service", "scoring").Error("the penalties of events/"+event+" cannot be read back; the standings keep the last ones read", "error", err)
		return
	}
	s.setPenalties(event, standing)
}

// rescoreSoon scores the session's changes in the background, once for all
// the changes of the next moment.
func (ks *keptSession) rescoreSoon() {
	f := ks.field
	if !ks.rescoring.CompareAndSwap(false, true) {
		return
	}
	time.AfterFunc(rescoreDelay, func() {
		ks.rescoring.Store(false)
		f.Rescore()
	})
}

// scored returns the kept session of an event's session with its field
// made, reading the event's settings from the movement service if they are
// not known yet.
func (s *Service) scored(ctx context.Context, event resource.Event, session int32) (*keptSession, error) {
	e, err := s.event(ctx, event)
	if err != nil {
		return nil, err
	}
	ks := s.kept.session(event.Event, session)
	if err := ks.makeField(e.GetScoring()); err != nil {
		return nil, err
	}
	return ks, nil
}

// makeField makes the session's field, once, and scores its results.
func (ks *keptSession) makeField(settings *scoringv1.ScoringSettings) error {
	ks.mu.RLock()
	made := ks.field != nil
	ks.mu.RUnlock()
	if made {
		return nil
	}
	ks.mu.Lock()
	defer ks.mu.Unlock()
	if ks.field != nil {
		return nil
	}
	f, err := scoring.NewField(settingsOf(settings))
	if err != nil {
		return platform.FailedPrecondition("the event cannot be scored: " + err.Error())
	}
	for _, r := range ks.results {
		f.Set(toDomain(r))
	}
	f.SetPenalties(ks.penalties)
	f.Rescore()
	ks.field, ks.settings = f, settings
	return nil
}

// Prepare scores every session that has results before the service reports
// SERVING, so that the first reads after a start find their fields made.
func (s *Service) Prepare(ctx context.Context) error {
	ctx = platform.WithServiceIdentity(ctx, "scoring", "")
	for key := range s.kept.of("") {
		_, err := s.scored(ctx, resource.Event{Event: key.event}, key.session)
		switch status.Code(err) {
		case codes.OK:
		case codes.NotFound, codes.FailedPrecondition, codes.InvalidArgument, codes.PermissionDenied:
			// Asking again will not help (an event an older Director kept
			// that the movement service refused, say), or not soon (an old
			// event still in the outbox): the session is scored when it is
			// first read, and says why if it cannot be.
			slog.With("service", "scoring").Warn("a session with results cannot be scored", "event", key.event, "session", key.session, "error", err)
		default:
			return fmt.Errorf("scoring events/%s session %d: %w", key.event, key.session, err)
		}
	}
	return nil
}

// problems lists the session's problems in section (all when "") on board
// (all when 0): the boards its field leaves out, and the results that cannot
// be read.
func (ks *keptSession) problems(session int32, field []scoring.Problem, section string, board int32) []*scoringv1.BoardProblem {
	var out []*scoringv1.BoardProblem
	keep := func(p *scoringv1.BoardProblem) {
		whole := p.GetSection() == "" && p.GetBoard() == 0 // the session cannot be scored at all
		if whole || (section == "" || p.GetSection() == section) && (board == 0 || p.GetBoard() == board) {
			out = append(out, p)
		}
	}
	for _, p := range field {
		keep(problemOf(session, p))
	}
	ks.mu.RLock()
	damaged := slices.Collect(maps.Values(ks.damaged))
	ks.mu.RUnlock()
	slices.SortFunc(damaged, func(a, b *scoringv1.BoardProblem) int {
		return cmp.Or(scoring.CompareSections(a.GetSection(), b.GetSection()), cmp.Compare(a.GetBoard(), b.GetBoard()))
	})
	for _, p := range damaged {
		keep(p)
	}
	return out
}
