package rulingsservice

import "github.com/bridge-director/director/services/platform"

// EventBuckets are the buckets of rulings.db that keep an event's records,
// for the admin API's export and import of one event: its director calls
// with their rulings, section by section.
func (s *Service) EventBuckets() []platform.EventBucket {
	return []platform.EventBucket{{Bucket: string(bucketCalls)}}
}
