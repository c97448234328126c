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
//
// A board set's name is "events/{event}/sessions/{session}/boardsets/{id}".
// Its keys stay in the stored value after release; the service hides them
// from readers until then.

import (
	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bridge-director/director/bridge"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
)

var (
	bucketBoardSets = []byte("boardsets")
	bucketReads     = []byte("reads")
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
	return s.store.AppendChange(tx, platform.Change{Kind: kind, Name: set.GetName(), By: by, Resource: inFeed(set)})
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
