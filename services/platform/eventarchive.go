package platform

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"

	adminv1 "github.com/bridge-director/director/proto/bridge/admin/v1"
)

// EventBucket is a top-level bucket of a store that keeps records of
// events, and how it names an event's.
type EventBucket struct {
	Bucket string
	// ByID: the event's records are the key (a value or a bucket) named
	// by the event's id ("results/<id>/..."). Otherwise they are the keys
	// that are the event's resource name or begin with it and a slash
	// ("sessions/events/<id>/sessions/1").
	ByID bool
}

// An EventArchiver is a service whose records of one event can be exported
// and imported whole (AdminService's ExportEvent and ImportEvent). Its
// event's change feed (feed/ and feed_acks/) goes with them.
type EventArchiver interface {
	// EventBuckets are the service's buckets that keep records of events.
	// Everything else in its store (a registry no event owns, the
	// answers kept for retries) stays out of an event's archive.
	EventBuckets() []EventBucket
}

// An EventImporter is an EventArchiver with work to do once an event's
// records are imported into its store, such as loading what it keeps in
// memory.
type EventImporter interface {
	EventImported(ctx context.Context, event string) error
}

// eventBuckets are the buckets of a's store that hold records of events,
// the change feed's included.
func eventBuckets(a EventArchiver) []EventBucket {
	return append(a.EventBuckets(), EventBucket{Bucket: feedBucket, ByID: true}, EventBucket{Bucket: feedAcksBucket, ByID: true})
}

// ofEvent reports whether the top-level key k of bucket eb is the event
// id's.
func (eb EventBucket) ofEvent(id string, k []byte) bool {
	if eb.ByID {
		return string(k) == id
	}
	name := "events/" + id
	return string(k) == name || bytes.HasPrefix(k, []byte(name+"/"))
}

// seek is where a cursor over eb finds the event id's keys.
func (eb EventBucket) seek(id string) []byte {
	if eb.ByID {
		return []byte(id)
	}
	return []byte("events/" + id)
}

// exportEvent reads every record of event id in the buckets of s, a walk
// of each bucket of the event: a bucket before what it holds.
func exportEvent(s *Store, buckets []EventBucket, id string) (entries []*adminv1.StoreEntry, version int32, err error) {
	err = s.View(func(tx *bbolt.Tx) error {
		v, err := readSchemaVersion(tx.Bucket([]byte(metaBucket)))
		if err != nil {
			return err
		}
		version = int32(v)
		if n := outboxWaiting(tx, id); n > 0 {
			return FailedPrecondition(fmt.Sprintf("%s has %d changes of events/%s waiting to reach another service (an applied ruling on its way to scoring, say); export again once they are delivered, or the archive would lack them", s.File(), n, id))
		}
		for _, eb := range buckets {
			top := tx.Bucket([]byte(eb.Bucket))
			if top == nil {
				continue
			}
			path := [][]byte{[]byte(eb.Bucket)}
			c := top.Cursor()
			for k, v := c.Seek(eb.seek(id)); k != nil && bytes.HasPrefix(k, eb.seek(id)); k, v = c.Next() {
				if !eb.ofEvent(id, k) {
					continue
				}
				entries = appendEntries(entries, top, path, k, v)
			}
		}
		return nil
	})
	return entries, version, err
}

// appendEntries appends the entry at key k of b (at path) to entries, and
// if it is a bucket, everything in it.
func appendEntries(entries []*adminv1.StoreEntry, b *bbolt.Bucket, path [][]byte, k, v []byte) []*adminv1.StoreEntry {
	if v != nil {
		return append(entries, &adminv1.StoreEntry{Path: path, Key: bytes.Clone(k), Value: bytes.Clone(v)})
	}
	child := b.Bucket(k)
	entries = append(entries, &adminv1.StoreEntry{Path: path, Key: bytes.Clone(k), Bucket: true, Sequence: child.Sequence()})
	inner := append(path[:len(path):len(path)], bytes.Clone(k))
	c := child.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		entries = appendEntries(entries, child, inner, k, v)
	}
	return entries
}

// checkImport refuses entries that would write outside event id's records
// in buckets, or whose record fails its checksum, naming the entry.
func checkImport(file string, buckets []EventBucket, id string, entries []*adminv1.StoreEntry) (records int64, err error) {
	for i, e := range entries {
		where := fmt.Sprintf("%s: entry %d (%s)", file, i+1, entryName(e))
		if len(e.GetPath()) == 0 {
			return 0, FieldError("entries", where+": no top-level bucket holds it")
		}
		var eb *EventBucket
		for j := range buckets {
			if buckets[j].Bucket == string(e.GetPath()[0]) {
				eb = &buckets[j]
			}
		}
		switch {
		case eb == nil:
			return 0, FieldError("entries", where+": bucket "+string(e.GetPath()[0])+" keeps no event's records")
		case len(e.GetPath()) == 1 && !eb.ofEvent(id, e.GetKey()):
			return 0, FieldError("entries", where+": the key is not one of events/"+id)
		case len(e.GetPath()) > 1 && !eb.ofEvent(id, e.GetPath()[1]):
			return 0, FieldError("entries", where+": the bucket is not one of events/"+id)
		case len(e.GetKey()) == 0:
			return 0, FieldError("entries", where+": the key is empty")
		case e.GetBucket() && len(e.GetValue()) > 0:
			return 0, FieldError("entries", where+": a bucket holds no value")
		}
		if e.GetBucket() {
			continue
		}
		if _, err := decodeRecord(e.GetValue()); err != nil {
			return 0, FieldError("entries", where+": the record is damaged: "+err.Error())
		}
		records++
	}
	return records, nil
}

// entryName is the path and key of an entry, as a person reads it.
func entryName(e *adminv1.StoreEntry) string {
	var parts []string
	for _, p := range e.GetPath() {
		parts = append(parts, KeyString(p))
	}
	return strings.Join(append(parts, KeyString(e.GetKey())), "/")
}

// eventHeld names the first bucket of s that holds a record of event id,
// or returns "".
func eventHeld(tx *bbolt.Tx, buckets []EventBucket, id string) string {
	for _, eb := range buckets {
		top := tx.Bucket([]byte(eb.Bucket))
		if top == nil {
			continue
		}
		c := top.Cursor()
		for k, _ := c.Seek(eb.seek(id)); k != nil && bytes.HasPrefix(k, eb.seek(id)); k, _ = c.Next() {
			if eb.ofEvent(id, k) {
				return eb.Bucket + "/" + KeyString(k)
			}
		}
	}
	return ""
}

// writeEntries writes checked entries in tx: each bucket is created (none
// may exist) with its sequence, each value put in its bucket. An entry that
// does not fit what the entries before it made (a bucket named twice, a
// value where a bucket is) is the archive's fault, and says which.
func writeEntries(tx *bbolt.Tx, entries []*adminv1.StoreEntry) error {
	for i, e := range entries {
		wrong := func(err error) error {
			return FieldError("entries", fmt.Sprintf("entry %d (%s) does not fit the entries before it: %v", i+1, entryName(e), err))
		}
		names := make([]string, len(e.GetPath()))
		for i, p := range e.GetPath() {
			names[i] = string(p)
		}
		b, err := createBucketAt(tx, names...)
		if err != nil {
			return wrong(err)
		}
		if !e.GetBucket() {
			if err := b.Put(bytes.Clone(e.GetKey()), bytes.Clone(e.GetValue())); err != nil {
				return wrong(err)
			}
			continue
		}
		child, err := b.CreateBucket(bytes.Clone(e.GetKey()))
		if err != nil {
			return wrong(err)
		}
		if err := child.SetSequence(e.GetSequence()); err != nil {
			return wrong(err)
		}
	}
	return nil
}

// entriesSize is the encoded size of entries, for batching a stream.
func entriesSize(entries ...*adminv1.StoreEntry) int {
	n := 0
	for _, e := range entries {
		n += proto.Size(e)
	}
	return n
}

// outboxWaiting counts the outbox's records of event id, not yet delivered.
// Their subjects are names in the event ("events/<id>/…").
func outboxWaiting(tx *bbolt.Tx, id string) int {
	subjects := tx.Bucket([]byte(outboxSubjectsBucket))
	if subjects == nil {
		return 0
	}
	n := 0
	name := []byte("events/" + id)
	c := subjects.Cursor()
	for k, _ := c.Seek(name); k != nil && bytes.HasPrefix(k, name); k, _ = c.Next() {
		if rest := k[len(name):]; len(rest) > 0 && (rest[0] == '/' || rest[0] == 0) {
			n++
		}
	}
	return n
}
