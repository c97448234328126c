package movementservice

import "github.com/bridge-director/director/services/platform"

// EventBuckets are the buckets of movement.db that keep an event's records,
// for the admin API's export and import of one event: the event, its
// sessions, its sections with their entrants and movements, and who sat at
// each table. The player registry belongs to no event, and the table tokens
// are a venue's to issue again, so both stay out.
func (s *Service) EventBuckets() []platform.EventBucket {
	var out []platform.EventBucket
	for _, b := range [][]byte{bucketEvents, bucketSessions, bucketSections, bucketTables} {
		out = append(out, platform.EventBucket{Bucket: string(b)})
	}
	return out
}
