package rulingsservice

// The bucket tree of rulings.db. Values are protobuf messages of
// bridge.rulings.v1 stored as platform records (with a checksum, from schema
// version 2; see platform.PutMessage).
//
//	meta/schema_version                          (platform)
//	idempotency/...                              (platform: replies by request_id)
//	outbox/scoring/...                           (platform: applied rulings' calls to scoring, until delivered)
//	outbox_subjects/...                          (platform: the same calls by director call)
//	calls/<section name>/<call u64> -> DirectorCall
//
// Calls are numbered from 1 in their section (the bucket's sequence), so a
// cursor lists them in the order they were made; a session's calls are the
// buckets whose section name begins with the session's.

import (
	"bytes"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"

	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

var bucketCalls = []byte("calls")

// migrations of rulings.db, in order; add new ones at the end.
var migrations = []platform.Migration{
	{Version: 1, Name: "create calls bucket", Apply: func(tx *bbolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucketCalls)
		return err
	}},
	{Version: 2, Name: "add checksums to stored values", Apply: func(tx *bbolt.Tx) error {
		return platform.AddChecksums(tx, bucketCalls)
	}},
}

// splitCallName splits a call's name into its section's name and number.
func splitCallName(name string) (string, uint64, error) {
	c, err := resource.ParseCall("name", name)
	if err != nil {
		return "", 0, err
	}
	return c.Parent().String(), uint64(c.Call), nil
}

func getCall(tx *bbolt.Tx, name string) (*rulingsv1.DirectorCall, error) {
	section, n, err := splitCallName(name)
	if err != nil {
		return nil, err
	}
	c := &rulingsv1.DirectorCall{}
	ok, err := platform.GetMessage(tx.Bucket(bucketCalls).Bucket([]byte(section)), "calls/"+section, platform.Uint64Key(n), c)
	if err == nil && !ok {
		err = platform.NotFound("director call", name)
	}
	return c, err
}

// putCall stores a call under its name; a call without a number gets the
// section's next one.
func putCall(tx *bbolt.Tx, section string, c *rulingsv1.DirectorCall) error {
	b, err := tx.Bucket(bucketCalls).CreateBucketIfNotExists([]byte(section))
	if err != nil {
		return err
	}
	if c.GetName() == "" {
		n, err := b.NextSequence()
		if err != nil {
			return err
		}
		parent, err := resource.ParseSection("section", section)
		if err != nil {
			return err
		}
		c.Name = resource.Call{Event: parent.Event, Session: parent.Session, Section: parent.Section, Call: int32(n)}.String()
	}
	_, n, err := splitCallName(c.GetName())
	if err != nil {
		return err
	}
	return platform.PutMessage(b, platform.Uint64Key(n), c)
}

// storeCall stores a call (see putCall) with its record, of kind, in the
// feed of its event: the change made by.
func (s *Service) storeCall(tx *bbolt.Tx, section string, c *rulingsv1.DirectorCall, kind typev1.ChangeKind, by string) error {
	if err := putCall(tx, section, c); err != nil {
		return err
	}
	return s.store.AppendChange(tx, platform.Change{Kind: kind, Name: c.GetName(), By: by, Resource: platform.SetETag(proto.Clone(c).(*rulingsv1.DirectorCall))})
}

// sessionCalls lists one page of the calls of every section of a session,
// section by section, in the order they were made. A call's place in the
// list is its section's name, a zero byte and its number.
func sessionCalls(tx *bbolt.Tx, session string, page *platform.Page) ([]*rulingsv1.DirectorCall, error) {
	prefix := []byte(session + "/sections/")
	var out []*rulingsv1.DirectorCall
	root := tx.Bucket(bucketCalls)
	c := root.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		section := bytes.Clone(k)
		calls := root.Bucket(k).Cursor()
		for n, v := calls.First(); n != nil; n, v = calls.Next() {
			key := append(append(bytes.Clone(section), 0), n...)
			if page.Skip(key) {
				continue
			}
			call := &rulingsv1.DirectorCall{}
			if err := platform.DecodeMessage(root.Bucket(k), "calls/"+string(section), n, v, call); err != nil {
				return nil, err
			}
			if !page.Add(key, call) {
				return out, nil
			}
			out = append(out, call)
		}
	}
	return out, nil
}
