package dealingservice

import (
	"bytes"
	"context"

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
// finished when it was exported, so that they run here.
func (s *Service) EventImported(ctx context.Context, event string) error {
	queued := false
	err := s.store.Mutate(ctx, "", "", nil, nil, func(tx *bbolt.Tx) error {
		queued = false
		prefix := []byte(event + "/")
		root := tx.Bucket(bucketAnalyses)
		c := root.Cursor()
		for set, _ := c.Seek(prefix); set != nil && bytes.HasPrefix(set, prefix); set, _ = c.Next() {
			ops := root.Bucket(set).Bucket(bucketOperations)
			if ops == nil {
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
