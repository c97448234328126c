package rulings

// The bucket tree of rulings.db. Values are protobuf messages of
// bridge.rulings.v1.
//
//	meta/schema_version                          (platform)
//	idempotency/...                              (platform: replies by request_id)
//	outbox/scoring/...                           (platform: applied rulings' calls to scoring, until delivered)
//	calls/<section name>/<call u64> -> DirectorCall
//
// Calls are numbered from 1 in their section (the bucket's sequence), so a
// cursor lists them in the order they were made; a session's calls are the
// buckets whose section name begins with the session's.

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"

	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	"github.com/bridge-director/director/services/platform"
)

var bucketCalls = []byte("calls")

// migrations of rulings.db, in order; add new ones at the end.
var migrations = []platform.Migration{
	{Version: 1, Name: "create calls bucket", Apply: func(tx *bbolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucketCalls)
		return err
	}},
}

// splitCallName splits a call's name into its section's name and number.
func splitCallName(name string) (string, uint64, error) {
	ids, err := platform.ParseName("name", name, callPattern)
	if err != nil {
		return "", 0, err
	}
	n, _ := strconv.ParseUint(ids[3], 10, 64)
	return name[:strings.LastIndex(name, "/calls/")], n, nil
}

func getCall(tx *bbolt.Tx, name string) (*rulingsv1.DirectorCall, error) {
	section, n, err := splitCallName(name)
	if err != nil {
		return nil, err
	}
	b := tx.Bucket(bucketCalls).Bucket([]byte(section))
	var v []byte
	if b != nil {
		v = b.Get(platform.Uint64Key(n))
	}
	if v == nil {
		return nil, platform.NotFound("director call", name)
	}
	c := &rulingsv1.DirectorCall{}
	if err := proto.Unmarshal(v, c); err != nil {
		return nil, fmt.Errorf("rulings.db: corrupt call %q: %w", name, err)
	}
	return c, nil
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
		c.Name = fmt.Sprintf("%s/calls/%d", section, n)
	}
	_, n, err := splitCallName(c.GetName())
	if err != nil {
		return err
	}
	v, err := proto.MarshalOptions{Deterministic: true}.Marshal(c)
	if err != nil {
		return err
	}
	return b.Put(platform.Uint64Key(n), v)
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
			if err := proto.Unmarshal(v, call); err != nil {
				return nil, fmt.Errorf("rulings.db: corrupt call in %q: %w", section, err)
			}
			if !page.Add(key, call) {
				return out, nil
			}
			out = append(out, call)
		}
	}
	return out, nil
}
