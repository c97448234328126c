package dealingservice

// The bucket tree of dealing.db. Values are protobuf messages of
// bridge.dealing.v1 stored as platform records (with a checksum, from schema
// version 2; see platform.PutMessage); keys are resource names or big-endian
// numbers.
//
//	meta/schema_version                          (platform)
//	idempotency/...                              (platform: replies by request_id)
//	boardsets/<board set name> -> BoardSet        with its boards, keys and redeals
//	reads/<board set name>/<seq u64> -> Read      who read the deals while secret
//	analyses/<board set name>/                    double-dummy analysis (schema 3)
//	    operations/<seq u64> -> Operation         every analysis of the set, from 1
//	    boards/<board u64> -> BoardAnalysis       the table (par is worked out on read)
//	analysis_queue/<seq u64> -> operation name    analyses not done, oldest first
//	to_venues/<event id>/<seq u64> -> Change      at a federation, the event's board sets as
//	                                             they changed, for the venues (schema 4; venues.go)
//	venue/incarnation -> StringValue              the store's incarnation (schema 4)
//	venue/relayed_to/<venue>/<event id> -> UInt64Value  at a federation, each venue's cursor
//	venue/marks/<event id>/<source>/<incarnation> -> UInt64Value  at a venue, the last record
//	                                             of the federation's queue applied
//
// A board set's name is "events/{event}/sessions/{session}/boardsets/{id}".
// Its keys stay in the stored value after release; the service hides them
// from readers until then. A board's analysis is deleted when the board is
// dealt again; an analysis is taken off the queue in the transaction that
// ends it, so one a restart interrupted runs again.

import (
	"encoding/binary"
	"fmt"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/bridge-director/director/bridge"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

var (
	bucketBoardSets     = []byte("boardsets")
	bucketReads         = []byte("reads")
	bucketAnalyses      = []byte("analyses")
	bucketAnalysisQueue = []byte("analysis_queue")
	bucketOperations    = []byte("operations")
	bucketBoards        = []byte("boards")
)

// migrations of dealing.db, in order; add new ones at the end.
var migrations = []platform.Migration{
	{Version: 1, Name: "create boardsets and reads buckets", Apply: func(tx *bbolt.Tx) error {
		for _, b := range [][]byte{bucketBoardSets, bucketReads} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return nil
	}},
	{Version: 2, Name: "add checksums to stored values", Apply: func(tx *bbolt.Tx) error {
		return platform.AddChecksums(tx, bucketBoardSets, bucketReads)
	}},
	{Version: 3, Name: "create analyses and analysis_queue buckets", Apply: func(tx *bbolt.Tx) error {
		for _, b := range [][]byte{bucketAnalyses, bucketAnalysisQueue} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return nil
	}},
	{Version: 4, Name: "create the buckets of a venue and a federation", Apply: createVenueBuckets},
}

func getBoardSet(tx *bbolt.Tx, name string) (*dealingv1.BoardSet, bool, error) {
	s := &dealingv1.BoardSet{}
	ok, err := platform.GetMessage(tx.Bucket(bucketBoardSets), string(bucketBoardSets), []byte(name), s)
	if err != nil || !ok {
		return nil, false, err
	}
	return s, true, nil
}

// mustBoardSet reads a board set or answers NotFound.
func mustBoardSet(tx *bbolt.Tx, name string) (*dealingv1.BoardSet, error) {
	s, ok, err := getBoardSet(tx, name)
	if err == nil && !ok {
		err = platform.NotFound("board set", name)
	}
	return s, err
}

func putBoardSet(tx *bbolt.Tx, s *dealingv1.BoardSet) error {
	return platform.PutMessage(tx.Bucket(bucketBoardSets), []byte(s.GetName()), s)
}

// storeSet stores a set with its record, of kind, in the feed of its event:
// the change made by.
func (s *Service) storeSet(tx *bbolt.Tx, set *dealingv1.BoardSet, kind typev1.ChangeKind, by string) error {
	if err := putBoardSet(tx, set); err != nil {
		return err
	}
	if err := s.store.AppendChange(tx, platform.Change{Kind: kind, Name: set.GetName(), By: by, Resource: inFeed(set)}); err != nil {
		return err
	}
	return s.toVenues(tx, set, kind, by)
}

// recordRead appends a read of a secret set to its audit trail.
func recordRead(tx *bbolt.Tx, set string, r *dealingv1.Read) error {
	b, err := tx.Bucket(bucketReads).CreateBucketIfNotExists([]byte(set))
	if err != nil {
		return err
	}
	seq, err := b.NextSequence()
	if err != nil {
		return err
	}
	return platform.PutMessage(b, platform.Uint64Key(seq), r)
}

// listReads lists one page of the reads of a set, in the order they were
// made.
func listReads(tx *bbolt.Tx, set string, page *platform.Page) ([]*dealingv1.Read, error) {
	b := tx.Bucket(bucketReads).Bucket([]byte(set))
	if b == nil {
		return nil, nil
	}
	var out []*dealingv1.Read
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if page.Skip(k) {
			continue
		}
		r := &dealingv1.Read{}
		if err := platform.DecodeMessage(b, "reads/"+set, k, v, r); err != nil {
			return nil, err
		}
		if !page.Add(k, r) {
			break
		}
		out = append(out, r)
	}
	return out, nil
}

// setBoards reads the boards of a stored set.
func setBoards(set *dealingv1.BoardSet) ([]bridge.Board, error) {
	out := make([]bridge.Board, len(set.GetBoards()))
	for i, b := range set.GetBoards() {
		var err error
		if out[i], err = bridgepb.BoardFrom(b); err != nil {
			// What is wrong with it would show its cards.
			return nil, status.Errorf(codes.DataLoss, "dealing.db: board %d of %s is damaged", b.GetNumber(), set.GetName())
		}
	}
	return out, nil
}

func cloneSet(s *dealingv1.BoardSet) *dealingv1.BoardSet {
	return proto.Clone(s).(*dealingv1.BoardSet)
}

// analysisBucket returns the bucket kind (bucketOperations or
// bucketBoards) of a set's analyses, creating it when create is true; it is
// nil when the set has none and create is false.
func analysisBucket(tx *bbolt.Tx, set string, kind []byte, create bool) (*bbolt.Bucket, error) {
	if !create {
		b := tx.Bucket(bucketAnalyses).Bucket([]byte(set))
		if b == nil {
			return nil, nil
		}
		return b.Bucket(kind), nil
	}
	b, err := tx.Bucket(bucketAnalyses).CreateBucketIfNotExists([]byte(set))
	if err != nil {
		return nil, err
	}
	return b.CreateBucketIfNotExists(kind)
}

// newOperation stores a new operation of a set, numbered after its last,
// and queues it.
func newOperation(tx *bbolt.Tx, set string, meta *dealingv1.AnalysisMetadata) (*dealingv1.Operation, error) {
	b, err := analysisBucket(tx, set, bucketOperations, true)
	if err != nil {
		return nil, err
	}
	seq, err := b.NextSequence()
	if err != nil {
		return nil, err
	}
	op := &dealingv1.Operation{Name: fmt.Sprintf("%s/operations/%d", set, seq), Metadata: meta}
	if err := platform.PutMessage(b, platform.Uint64Key(seq), op); err != nil {
		return nil, err
	}
	q := tx.Bucket(bucketAnalysisQueue)
	qseq, err := q.NextSequence()
	if err != nil {
		return nil, err
	}
	return op, platform.PutMessage(q, platform.Uint64Key(qseq), wrapperspb.String(op.Name))
}

// getOperation reads an operation, or answers NotFound.
func getOperation(tx *bbolt.Tx, name resource.Operation) (*dealingv1.Operation, error) {
	set := name.Parent().String()
	b, err := analysisBucket(tx, set, bucketOperations, false)
	if err != nil {
		return nil, err
	}
	op := &dealingv1.Operation{}
	ok, err := platform.GetMessage(b, "analyses/"+set+"/operations", platform.Uint64Key(uint64(name.Operation)), op)
	if err == nil && !ok {
		err = platform.NotFound("operation", name.String())
	}
	return op, err
}

// putOperation stores an operation read by getOperation or latestOperation.
func putOperation(tx *bbolt.Tx, op *dealingv1.Operation) error {
	name, err := resource.ParseOperation("name", op.GetName())
	if err != nil {
		return err
	}
	b, err := analysisBucket(tx, name.Parent().String(), bucketOperations, true)
	if err != nil {
		return err
	}
	return platform.PutMessage(b, platform.Uint64Key(uint64(name.Operation)), op)
}

// latestOperation returns the last operation of a set, or nil.
func latestOperation(tx *bbolt.Tx, set string) (*dealingv1.Operation, error) {
	b, err := analysisBucket(tx, set, bucketOperations, false)
	if b == nil || err != nil {
		return nil, err
	}
	k, v := b.Cursor().Last()
	if k == nil {
		return nil, nil
	}
	op := &dealingv1.Operation{}
	return op, platform.DecodeMessage(b, "analyses/"+set+"/operations", k, v, op)
}

// queuedOperation returns the name of the oldest operation not done, or ""
// when there is none.
func queuedOperation(tx *bbolt.Tx) (string, error) {
	q := tx.Bucket(bucketAnalysisQueue)
	k, v := q.Cursor().First()
	if k == nil {
		return "", nil
	}
	name := &wrapperspb.StringValue{}
	err := platform.DecodeMessage(q, string(bucketAnalysisQueue), k, v, name)
	return name.GetValue(), err
}

// unqueueOperation takes an operation off the queue.
func unqueueOperation(tx *bbolt.Tx, name string) error {
	q := tx.Bucket(bucketAnalysisQueue)
	c := q.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		queued := &wrapperspb.StringValue{}
		if err := platform.DecodeMessage(q, string(bucketAnalysisQueue), k, v, queued); err != nil {
			return err
		}
		if queued.GetValue() == name {
			return c.Delete()
		}
	}
	return nil
}

// putBoardAnalysis stores the table of one board of a set.
func putBoardAnalysis(tx *bbolt.Tx, set string, a *dealingv1.BoardAnalysis) error {
	b, err := analysisBucket(tx, set, bucketBoards, true)
	if err != nil {
		return err
	}
	return platform.PutMessage(b, platform.Uint64Key(uint64(a.GetBoard())), a)
}

// deleteBoardAnalysis forgets the table of a board dealt again.
func deleteBoardAnalysis(tx *bbolt.Tx, set string, board int32) error {
	b, err := analysisBucket(tx, set, bucketBoards, false)
	if b == nil || err != nil {
		return err
	}
	return b.Delete(platform.Uint64Key(uint64(board)))
}

// boardTables returns the stored double-dummy tables of a set's boards by
// board number, and the boards whose records could not be read (left out:
// a table can always be solved again, and must not stop the deals from being
// read).
func boardTables(tx *bbolt.Tx, set string) (tables map[int]bridge.DDTable, damaged []int) {
	b, err := analysisBucket(tx, set, bucketBoards, false)
	if b == nil || err != nil {
		return nil, nil
	}
	tables = map[int]bridge.DDTable{}
	b.ForEach(func(k, v []byte) error {
		a := &dealingv1.BoardAnalysis{}
		t, err := bridge.DDTable{}, platform.DecodeMessage(b, "analyses/"+set+"/boards", k, v, a)
		if err == nil {
			t, err = bridgepb.DDTableFrom(a.GetDoubleDummy())
		}
		if err != nil {
			damaged = append(damaged, int(binary.BigEndian.Uint64(k)))
			return nil
		}
		tables[int(a.GetBoard())] = t
		return nil
	})
	return tables, damaged
}
