package scoringservice

import (
	"context"
	"fmt"
	"strings"

	"go.etcd.io/bbolt"

	"github.com/bridge-director/director/services/platform"
)

// EventBuckets are the buckets of scoring.db that keep an event's records,
// for the admin API's export and import of one event: its results with
// their revisions and index by board, its penalties and its publication.
// The events bucket is left out: nothing reads it since migration 5.
func (s *Service) EventBuckets() []platform.EventBucket {
	var out []platform.EventBucket
	for _, b := range [][]byte{bucketResults, bucketRevisions, bucketBoards, bucketPenalties, bucketPublication} {
		out = append(out, platform.EventBucket{Bucket: string(b), ByID: true})
	}
	return out
}

// EventImported loads an imported event's results and penalties into the
// scored fields, as a write of each would.
func (s *Service) EventImported(ctx context.Context, event string) error {
	id := strings.TrimPrefix(event, "events/")
	var slots []slot
	err := s.store.View(func(tx *bbolt.Tx) error {
		b, _ := eventBucket(tx, bucketResults, id, false)
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, _ []byte) error {
			sl, ok := slotFromKey(k)
			if !ok {
				return fmt.Errorf("scoring.db: result key %x of event %q is not a slot", k, id)
			}
			slots = append(slots, sl)
			return nil
		})
	})
	if err != nil {
		return err
	}
	for _, sl := range slots {
		s.reloadSlot(id, sl)
	}
	s.reloadPenalties(id)
	return nil
}
