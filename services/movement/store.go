package movementservice

// The bucket tree of movement.db. Values are protobuf messages of
// bridge.movement.v1 stored as platform records (with a checksum, from
// schema version 2; see platform.PutMessage), keyed by resource name.
//
//	meta/schema_version                 (platform)
//	idempotency/...                     (platform: replies by request_id)
//	events/<event name> -> Event        (from schema version 2)
//	sessions/<session name> -> Session
//	sections/<section name> -> Section  with its entrants and movement
//	players/<national id> -> RegisteredPlayer        (from schema version 5)
//	tableplayers/<section name>/tables/<table, 3 digits>/rounds/<round, 2 digits>
//	  -> TablePlayers                                (from schema version 5)
//	tabletokens/<SHA-256 of a table token's code, 32 bytes> -> TableToken
//	  without its code, until a day after it expires (from schema version 6)
//	to_venues/<seq u64> -> Change       at a federation, the registry's players as imports
//	                                    changed them, for the venues (from schema version 7; venues.go)
//	events_to_venues/<event>/<seq u64> -> Change  at a federation, the event and its sessions
//	                                    as they were created, for the venues that play it
//	                                    (from schema version 8; venues.go)
//	venue/incarnation -> StringValue    the store's incarnation (from schema version 7)
//	venue/relayed_to/<venue> -> UInt64Value  at a federation, each venue's cursor of to_venues
//	venue/relayed_to/<venue>/<event> -> UInt64Value  and of events_to_venues/<event>
//	venue/marks/<source>/<incarnation> -> UInt64Value  at a venue, the last record of the
//	                                    federation's registry applied
//	venue/marks/events/<event>/<source>/<incarnation> -> UInt64Value  and of its queue of
//	                                    an event
//
// A section's name begins with its session's, so a cursor lists a session's
// sections by prefix. Movement seatings hold the section's entrant numbers
// as they play, after late entrants, withdrawals and changes from a round;
// an entrant's from_round and withdrawn_from_round say in which rounds it is
// there. A section's revision counts its changes, from 1 (from schema
// version 4; a section stored before then is revision 1).

import (
	"bytes"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	"github.com/bridge-director/director/services/platform"
)

var (
	bucketEvents   = []byte("events")
	bucketSessions = []byte("sessions")
	bucketSections = []byte("sections")
	bucketPlayers  = []byte("players")
	bucketTables   = []byte("tableplayers")
	// bucketTableTokens keeps the table tokens by their codes' SHA-256.
	bucketTableTokens = []byte("tabletokens")
)

// migrations of movement.db, in order; add new ones at the end.
var migrations = []platform.Migration{
	{Version: 1, Name: "create sessions and sections buckets", Apply: createBuckets(bucketSessions, bucketSections)},
	{Version: 2, Name: "create events bucket", Apply: createBuckets(bucketEvents)},
	{Version: 3, Name: "add checksums to stored values", Apply: func(tx *bbolt.Tx) error {
		return platform.AddChecksums(tx, bucketEvents, bucketSessions, bucketSections)
	}},
	{Version: 4, Name: "number the revisions of sections", Apply: numberRevisions},
	{Version: 5, Name: "create the player registry and table players buckets", Apply: createBuckets(bucketPlayers, bucketTables)},
	{Version: 6, Name: "create the table tokens bucket", Apply: createBuckets(bucketTableTokens)},
	{Version: 7, Name: "create the buckets of a venue and a federation", Apply: createVenueBuckets},
	{Version: 8, Name: "create the federation's queues of events for the venues", Apply: createBuckets(bucketEventsToVenues)},
}

func createBuckets(names ...[]byte) func(tx *bbolt.Tx) error {
	return func(tx *bbolt.Tx) error {
		for _, b := range names {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return nil
	}
}

// numberRevisions makes every stored section revision 1.
func numberRevisions(tx *bbolt.Tx) error {
	b := tx.Bucket(bucketSections)
	sections := map[string]*movementv1.Section{}
	err := b.ForEach(func(k, v []byte) error {
		section := &movementv1.Section{}
		if err := platform.DecodeMessage(b, string(bucketSections), k, v, section); err != nil {
			return err
		}
		sections[string(k)] = section
		return nil
	})
	if err != nil {
		return err
	}
	for key, section := range sections {
		if section.Revision == 0 {
			section.Revision = 1
			if err := put(tx, bucketSections, key, section); err != nil {
				return err
			}
		}
	}
	return nil
}

// get reads key of bucket into m, reporting whether it was there.
func get(tx *bbolt.Tx, bucket []byte, key string, m proto.Message) (bool, error) {
	return platform.GetMessage(tx.Bucket(bucket), string(bucket), []byte(key), m)
}

func put(tx *bbolt.Tx, bucket []byte, key string, m proto.Message) error {
	return platform.PutMessage(tx.Bucket(bucket), []byte(key), m)
}

func mustEvent(tx *bbolt.Tx, name string) (*movementv1.Event, error) {
	e := &movementv1.Event{}
	ok, err := get(tx, bucketEvents, name, e)
	if err == nil && !ok {
		err = platform.NotFound("event", name)
	}
	return e, err
}

func mustSession(tx *bbolt.Tx, name string) (*movementv1.Session, error) {
	s := &movementv1.Session{}
	ok, err := get(tx, bucketSessions, name, s)
	if err == nil && !ok {
		err = platform.NotFound("session", name)
	}
	return s, err
}

func mustSection(tx *bbolt.Tx, name string) (*movementv1.Section, error) {
	s := &movementv1.Section{}
	ok, err := get(tx, bucketSections, name, s)
	if err == nil && !ok {
		err = platform.NotFound("section", name)
	}
	return s, err
}

// sectionsOf lists the letters of a session's sections.
func sectionsOf(tx *bbolt.Tx, session string) []string {
	prefix := []byte(session + "/sections/")
	var out []string
	c := tx.Bucket(bucketSections).Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		out = append(out, string(k[len(prefix):]))
	}
	return out
}

// resume places a cursor at the first key of a page: the first key of the
// bucket, or the key the page before ended at (which the page skips).
func resume(c *bbolt.Cursor, page *platform.Page) ([]byte, []byte) {
	if after := page.After(); after != nil {
		return c.Seek(after)
	}
	return c.First()
}
