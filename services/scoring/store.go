package scoringservice

// The bucket tree of scoring.db. Values are protobuf messages of
// bridge.scoring.v1 stored as platform records (with a checksum, from schema
// version 3; see platform.PutMessage); keys are event ids or slot keys.
//
//	meta/schema_version                         (platform)
//	idempotency/...                             (platform: replies by request_id)
//	events/<event id> -> Event                   the events of a Director before
//	                                            the movement service kept them:
//	                                            read once, by migration 5
//	results/<event id>/<slot> -> Result          the current revision of each slot
//	revisions/<event id>/<slot><revision> -> Revision
//	penalties/<event id>/<number u32> -> Penalty  (from schema version 2)
//	boards/<event id>/<board slot> -> Result      index of results/ by board (from schema version 4):
//	                                            each holds only the result's name, round, board and pairs,
//	                                            and (written since results are flagged) its contract
//	                                            or passed out, and its score
//	publication/<event id>/<session u32> -> Publication  whether the public reads a session's
//	                                            results (from schema version 6)
//	finalised/<event id>/<session u32> -> Finalisation  the sessions a director finalised
//	                                            (from schema version 7, as are the next two)
//	venue_feeds/<event id>/<venue>/<incarnation> -> VenueFeed  at a federation, what it applied
//	                                            of each venue's feed of the event (venues.go)
//	venue_sections/<event id>/<session u32><section> -> StringValue  at a federation, the venue
//	                                            a section's results come from: the first to send one
//	venue/incarnation -> StringValue            at a venue, the store's incarnation
//	venue/relayed/<event id> -> UInt64Value     the last record of the event's feed the
//	                                            federation acknowledged
//	outbox/movement/...                         (platform: the old events' CreateEvent, until delivered)
//
// A slot is where one board is played once: session, section, table, round
// and board, encoded so that a cursor walks them in that order:
//
//	<session u32><len(section) u8><section><table u32><round u32><board u32>
//
// all integers big-endian. A board slot is the same slot with the board
// before the table, so that one board's results are one prefix scan:
//
//	<session u32><len(section) u8><section><board u32><table u32><round u32>
//
// A revision key is the slot key followed by the
// revision number as a big-endian u32, so a slot's history is one prefix scan.
// An erased slot has no entry under results/ but keeps its revisions. A
// penalty is numbered from 1 within its event; a removed penalty keeps its
// entry, with its removal recorded in it.
//
// Migration 5 hands the old events to the movement service, which owns
// events now (see oldevents.go), and leaves the events bucket as it was:
// nothing reads it after, and keeping it costs a few bytes an event while
// an event movement refused, or one whose record is damaged, stays in the
// file for a director to recover by hand.

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"go.etcd.io/bbolt"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

var (
	bucketEvents    = []byte("events")
	bucketResults   = []byte("results")
	bucketRevisions = []byte("revisions")
	bucketPenalties = []byte("penalties")
	bucketBoards    = []byte("boards")
	// bucketPublication holds the sessions whose publication a director set.
	bucketPublication = []byte("publication")
)

// migrations of scoring.db, in order; add new ones at the end.
var migrations = []platform.Migration{
	{Version: 1, Name: "create events, results and revisions buckets", Apply: func(tx *bbolt.Tx) error {
		for _, b := range [][]byte{bucketEvents, bucketResults, bucketRevisions} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return nil
	}},
	{Version: 2, Name: "create penalties bucket", Apply: func(tx *bbolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucketPenalties)
		return err
	}},
	{Version: 3, Name: "add checksums to stored values", Apply: func(tx *bbolt.Tx) error {
		return platform.AddChecksums(tx, bucketEvents, bucketResults, bucketRevisions, bucketPenalties)
	}},
	{Version: 4, Name: "index results by board", Apply: func(tx *bbolt.Tx) error {
		boards, err := tx.CreateBucketIfNotExists(bucketBoards)
		if err != nil {
			return err
		}
		results := tx.Bucket(bucketResults)
		return results.ForEachBucket(func(event []byte) error {
			index, err := boards.CreateBucketIfNotExists(event)
			if err != nil {
				return err
			}
			b := results.Bucket(event)
			return b.ForEach(func(k, v []byte) error {
				s, ok := slotFromKey(k)
				if !ok {
					return fmt.Errorf("scoring.db: result key %x of event %q is not a slot", k, event)
				}
				r := &scoringv1.Result{}
				if err := platform.DecodeMessage(b, "results/"+string(event), k, v, r); err != nil {
					return nil // left out of the index; the standings report the board
				}
				return platform.PutMessage(index, s.boardKey(), boardEntry(r))
			})
		})
	}},
	{Version: 5, Name: "hand the events to the movement service", Apply: handOverEvents},
	{Version: 6, Name: "create publication bucket", Apply: func(tx *bbolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucketPublication)
		return err
	}},
	{Version: 7, Name: "create the buckets of a venue and a federation", Apply: createVenueBuckets},
}

// slot identifies where one board is played once in an event.
type slot struct {
	Session int32
	Section string
	Table   int32
	Round   int32
	Board   int32
}

func slotOf(r *scoringv1.Result) slot {
	return slot{r.GetSession(), r.GetSection(), r.GetTable(), r.GetRound(), r.GetBoard()}
}

func (s slot) key() []byte { return s.encode(s.Table, s.Round, s.Board) }

// boardKey is the slot's key in the index by board.
func (s slot) boardKey() []byte { return s.encode(s.Board, s.Table, s.Round) }

// encode is the slot's session and section, then the three numbers given.
func (s slot) encode(a, b, c int32) []byte {
	k := make([]byte, 0, 4+1+len(s.Section)+12)
	k = binary.BigEndian.AppendUint32(k, uint32(s.Session))
	k = append(k, byte(len(s.Section)))
	k = append(k, s.Section...)
	k = binary.BigEndian.AppendUint32(k, uint32(a))
	k = binary.BigEndian.AppendUint32(k, uint32(b))
	return binary.BigEndian.AppendUint32(k, uint32(c))
}

// slotFromKey reads a slot key back.
func slotFromKey(k []byte) (slot, bool) {
	if len(k) < 5 || len(k) != 5+int(k[4])+12 {
		return slot{}, false
	}
	n := 5 + int(k[4])
	u := func(i int) int32 { return int32(binary.BigEndian.Uint32(k[i:])) }
	return slot{Session: u(0), Section: string(k[5:n]), Table: u(n), Round: u(n + 4), Board: u(n + 8)}, true
}

// name is the slot's resource name within event.
func (s slot) name(event string) string {
	return resource.Result{Event: event, Session: s.Session, Section: s.Section, Table: s.Table, Round: s.Round, Board: s.Board}.String()
}

func revisionKey(s slot, revision int32) []byte {
	return binary.BigEndian.AppendUint32(s.key(), uint32(revision))
}

// eventBucket returns the bucket of event id under top, creating it when
// create is set; without create it may return nil.
func eventBucket(tx *bbolt.Tx, top []byte, id string, create bool) (*bbolt.Bucket, error) {
	root := tx.Bucket(top)
	if !create {
		return root.Bucket([]byte(id)), nil
	}
	return root.CreateBucketIfNotExists([]byte(id))
}

// currentResult reads the current revision of a slot.
func currentResult(tx *bbolt.Tx, event string, s slot) (*scoringv1.Result, bool, error) {
	b, _ := eventBucket(tx, bucketResults, event, false)
	r := &scoringv1.Result{}
	ok, err := platform.GetMessage(b, "results/"+event, s.key(), r)
	return r, ok, err
}

// lastRevision is the highest revision number recorded for a slot, 0 if none.
func lastRevision(tx *bbolt.Tx, event string, s slot) int32 {
	b, _ := eventBucket(tx, bucketRevisions, event, false)
	if b == nil {
		return 0
	}
	prefix := s.key()
	var last int32
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		last = int32(binary.BigEndian.Uint32(k[len(prefix):]))
	}
	return last
}

// history lists a slot's revisions, oldest first.
func history(tx *bbolt.Tx, event string, s slot) ([]*scoringv1.Revision, error) {
	b, _ := eventBucket(tx, bucketRevisions, event, false)
	if b == nil {
		return nil, nil
	}
	prefix := s.key()
	var out []*scoringv1.Revision
	c := b.Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		rev := &scoringv1.Revision{}
		if err := platform.DecodeMessage(b, "revisions/"+event, k, v, rev); err != nil {
			return nil, err
		}
		out = append(out, rev)
	}
	return out, nil
}

// writeRevision records rev for slot s and makes its result current (or
// removes the current result when rev erases it).
func writeRevision(tx *bbolt.Tx, event string, s slot, rev *scoringv1.Revision) error {
	revs, err := eventBucket(tx, bucketRevisions, event, true)
	if err != nil {
		return err
	}
	if err := platform.PutMessage(revs, revisionKey(s, rev.GetRevision()), rev); err != nil {
		return err
	}
	results, err := eventBucket(tx, bucketResults, event, true)
	if err != nil {
		return err
	}
	index, err := eventBucket(tx, bucketBoards, event, true)
	if err != nil {
		return err
	}
	if rev.GetAction() == scoringv1.Action_ACTION_ERASED {
		if err := index.Delete(s.boardKey()); err != nil {
			return err
		}
		return results.Delete(s.key())
	}
	if err := platform.PutMessage(index, s.boardKey(), boardEntry(rev.GetResult())); err != nil {
		return err
	}
	return platform.PutMessage(results, s.key(), rev.GetResult())
}

// boardEntry is what the index by board keeps of a result: enough to check
// a new result of the board against it (its name and the pairs) without
// reading the whole result.
func boardEntry(r *scoringv1.Result) *scoringv1.Result {
	e := &scoringv1.Result{Name: r.GetName(), Round: r.GetRound(), Board: r.GetBoard(), NsPair: r.GetNsPair(), EwPair: r.GetEwPair(), NsScore: r.GetNsScore()}
	switch {
	case r.GetPlayed() != nil:
		e.Outcome = &scoringv1.Result_Played{Played: &scoringv1.Played{Contract: r.GetPlayed().GetContract()}}
	case r.GetPassedOut() != nil:
		e.Outcome = &scoringv1.Result_PassedOut{PassedOut: &scoringv1.PassedOut{}}
	}
	return e
}

// penaltyKey is the key of penalty number n of an event.
func penaltyKey(n int32) []byte { return binary.BigEndian.AppendUint32(nil, uint32(n)) }

// nextPenaltyNumber is the number the next penalty of an event takes.
func nextPenaltyNumber(b *bbolt.Bucket) int32 {
	k, _ := b.Cursor().Last()
	if k == nil {
		return 1
	}
	return int32(binary.BigEndian.Uint32(k)) + 1
}

// eventPenalties lists the penalties of an event in number order, keeping
// those keep accepts.
func eventPenalties(tx *bbolt.Tx, event string, keep func(*scoringv1.Penalty) bool) ([]*scoringv1.Penalty, error) {
	b, _ := eventBucket(tx, bucketPenalties, event, false)
	if b == nil {
		return nil, nil
	}
	var out []*scoringv1.Penalty
	err := b.ForEach(func(k, v []byte) error {
		p := &scoringv1.Penalty{}
		if err := platform.DecodeMessage(b, "penalties/"+event, k, v, p); err != nil {
			return err
		}
		if keep == nil || keep(p) {
			out = append(out, p)
		}
		return nil
	})
	return out, err
}
