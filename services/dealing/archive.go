package dealingservice

import (
	"bytes"
	"context"
	"fmt"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/types/known/wrapperspb"

	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	"github.com/bridge-director/director/services/platform"
)

// EventBuckets are the buckets of dealing.db that keep an event's records,
// for the admin API's export and import of one event: its board sets with
// their deals, keys and release, who read them while secret, and their
// double-dummy analyses. The analysis queue names operations of every
// event; an import queues the event's unfinished ones again
// (EventImported).
func (s *Service) EventBuckets() []platform.EventBucket {
	var out []platform.EventBucket
	for _, b := range [][]byte{bucketBoardSets, bucketReads, bucketAnalyses} {
		out = append(out, platform.EventBucket{Bucket: string(b)})
	}
	return out
}

// EventImported queues the analyses of an imported event that had not
// finished when it was exported, so that they run here. An analysis that is
// not the shape dealing.db keeps one in is an error naming it (the import
// is then undone), never a panic.
func (s *Service) EventImported(ctx context.Context, event string) error {
	queued := false
	err := s.store.Mutate(ctx, "", "", nil, nil, func(tx *bbolt.Tx) error {
		queued = false
		prefix := []byte(event + "/")
		root := tx.Bucket(bucketAnalyses)
		c := root.Cursor()
		for set, _ := c.Seek(prefix); set != nil && bytes.HasPrefix(set, prefix); set, _ = c.Next() {
			analysis := root.Bucket(set)
			if analysis == nil {
				return fmt.Errorf("dealing.db: analyses/%s of the imported %s is a record, not a bucket of the set's analysis", set, event)
			}
			ops := analysis.Bucket(bucketOperations)
			if ops == nil {
				if analysis.Get(bucketOperations) != nil {
					return fmt.Errorf("dealing.db: analyses/%s/operations of the imported %s is a record, not a bucket of operations", set, event)
				}
				continue
			}
			err := ops.ForEach(func(k, v []byte) error {
				op := &dealingv1.Operation{}
				if err := platform.DecodeMessage(ops, "analyses/"+string(set)+"/operations", k, v, op); err != nil || op.GetDone() {
					return err
				}
				q := tx.Bucket(bucketAnalysisQueue)
				seq, err := q.NextSequence()
				if err != nil {
					return err
				}
				queued = true
				return platform.PutMessage(q, platform.Uint64Key(seq), wrapperspb.String(op.GetName()))
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil && queued {
		s.kickAnalyser()
	}
	return err
}
