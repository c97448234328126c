package platform

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

var eventsMigrations = []Migration{
	{Version: 1, Name: "create events", Apply: func(tx *bbolt.Tx) error {
		_, err := tx.CreateBucket([]byte("events"))
		return err
	}},
	{Version: 2, Name: "add checksums", Apply: func(tx *bbolt.Tx) error { return AddChecksums(tx, []byte("events")) }},
}

// putTitles stores each title as a record keyed by itself.
func putTitles(t *testing.T, s *Store, titles ...string) {
	t.Helper()
	err := s.batch(func(tx *bbolt.Tx) error {
		for _, title := range titles {
			if err := PutMessage(tx.Bucket([]byte("events")), []byte(title), wrapperspb.String(title)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// damageValue flips the last byte of the value at key of a top-level
// bucket, with bbolt, in the closed store at path.
func damageValue(t *testing.T, path, bucket string, key []byte) {
	t.Helper()
	db, err := bbolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte(bucket))
		v := bytes.Clone(b.Get(key))
		v[len(v)-1] ^= 0x01
		return b.Put(key, v)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestDamagedRecordIsDataLossNamingItsKeyAndTheRestStillReads(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dealing.db")
	s := openTestStore(t, path, eventsMigrations)
	putTitles(t, s, "club-night", "county-pairs", "spring-teams")
	s.Close()
	damageValue(t, path, "events", []byte("county-pairs"))

	s = openTestStore(t, path, eventsMigrations)
	s.View(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte("events"))
		got := &wrapperspb.StringValue{}
		ok, err := GetMessage(b, "events", []byte("county-pairs"), got)
		if status.Code(err) != codes.DataLoss || !ok {
			t.Fatalf("damaged record: %v, %v; want DataLoss", ok, err)
		}
		msg := status.Convert(err).Message()
		for _, want := range []string{"dealing.db", "events", `"county-pairs"`, "checksum"} {
			if !strings.Contains(msg, want) {
				t.Errorf("error %q does not name %s", msg, want)
			}
		}
		if strings.Contains(msg, path) {
			t.Errorf("error %q shows the server's path", msg)
		}
		for _, key := range []string{"club-night", "spring-teams"} {
			if ok, err := GetMessage(b, "events", []byte(key), got); !ok || err != nil || got.GetValue() != key {
				t.Errorf("record %s next to the damaged one: %v, %v, %v", key, got, ok, err)
			}
		}
		if ok, err := GetMessage(b, "events", []byte("no-such-event"), got); ok || err != nil {
			t.Errorf("missing record: %v, %v", ok, err)
		}
		if ok, err := GetMessage(nil, "events/none", []byte("x"), got); ok || err != nil {
			t.Errorf("missing bucket: %v, %v", ok, err)
		}
		return nil
	})
}

func TestRecordThatIsNotItsMessageIsDataLoss(t *testing.T) {
	s := openTestStore(t, filepath.Join(t.TempDir(), "rulings.db"), eventsMigrations)
	s.batch(func(tx *bbolt.Tx) error {
		// A good checksum over bytes that are not a protobuf message.
		return tx.Bucket([]byte("events")).Put([]byte("e"), encodeRecord([]byte{0xff, 0xff, 0xff}))
	})
	s.View(func(tx *bbolt.Tx) error {
		_, err := GetMessage(tx.Bucket([]byte("events")), "events", []byte("e"), &wrapperspb.StringValue{})
		if status.Code(err) != codes.DataLoss || !strings.Contains(err.Error(), `rulings.db: the record at events key "e" is damaged`) {
			t.Errorf("undecodable record: %v", err)
		}
		return nil
	})
}

func TestAddChecksumsTurnsOldValuesIntoRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scoring.db")
	old := openTestStore(t, path, eventsMigrations[:1])
	want := proto.Clone(wrapperspb.String("Tuesday pairs"))
	raw, _ := proto.Marshal(want)
	err := old.batch(func(tx *bbolt.Tx) error {
		events := tx.Bucket([]byte("events"))
		if err := events.Put([]byte("club-night"), raw); err != nil {
			return err
		}
		nested, err := events.CreateBucket([]byte("sessions"))
		if err != nil {
			return err
		}
		if err := nested.Put([]byte("1"), raw); err != nil {
			return err
		}
		idem, err := createBucketAt(tx, idempotencyBucket, "/bridge.scoring.v1.ScoringService/CreateEvent")
		if err != nil {
			return err
		}
		return idem.Put([]byte("r-1"), raw)
	})
	if err != nil {
		t.Fatal(err)
	}
	old.Close()

	s := openTestStore(t, path, eventsMigrations)
	s.View(func(tx *bbolt.Tx) error {
		events := tx.Bucket([]byte("events"))
		for _, b := range []*bbolt.Bucket{events, events.Bucket([]byte("sessions"))} {
			got := &wrapperspb.StringValue{}
			b.ForEach(func(k, v []byte) error {
				if v == nil {
					return nil
				}
				if err := DecodeMessage(b, "events", k, v, got); err != nil || !proto.Equal(got, want) {
					t.Errorf("migrated %s: %v, %v", k, got, err)
				}
				return nil
			})
		}
		payload, err := decodeRecord(bucketAt(tx, idempotencyBucket, "/bridge.scoring.v1.ScoringService/CreateEvent").Get([]byte("r-1")))
		if err != nil || !bytes.Equal(payload, raw) {
			t.Errorf("migrated idempotency record: %x, %v", payload, err)
		}
		return nil
	})
	if c, err := CheckStore(path, 50*time.Millisecond); !errors.Is(err, ErrStoreHeld) {
		t.Errorf("CheckStore of an open store: %+v, %v; want ErrStoreHeld", c, err)
	}
}

func TestKeyString(t *testing.T) {
	for key, want := range map[string]string{
		"events/club-night":                     `"events/club-night"`,
		"\x00\x00\x00\x01\x01A\x00\x00\x00\x07": "00000001014100000007",
		"":                                      "",
	} {
		if got := KeyString([]byte(key)); got != want {
			t.Errorf("KeyString(%q) = %s, want %s", key, got, want)
		}
	}
}

func FuzzDecodeRecord(f *testing.F) {
	f.Add(encodeRecord([]byte("a result")))
	f.Add(encodeRecord(nil))
	f.Add([]byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, v []byte) {
		payload, err := decodeRecord(v)
		if err == nil && !bytes.Equal(encodeRecord(payload), v) {
			t.Errorf("decodeRecord(%x) = %x, which encodes to %x", v, payload, encodeRecord(payload))
		}
		if got, err := decodeRecord(encodeRecord(v)); err != nil || !bytes.Equal(got, v) {
			t.Errorf("round trip of %x: %x, %v", v, got, err)
		}
	})
}

// BenchmarkRecordChecksum measures the checksum of a record of a typical
// stored size (a board set's is a few KB, a result's a few hundred bytes).
func BenchmarkRecordChecksum(b *testing.B) {
	for _, size := range []int{300, 4096} {
		v := encodeRecord(bytes.Repeat([]byte{0x5a}, size))
		b.Run(fmt.Sprint(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				if _, err := decodeRecord(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkOpenStore measures opening a store, which maps it read-only first
// to check its length.
func BenchmarkOpenStore(b *testing.B) {
	path := filepath.Join(b.TempDir(), "scoring.db")
	s, err := OpenStore(path, eventsMigrations)
	if err != nil {
		b.Fatal(err)
	}
	s.Close()
	for b.Loop() {
		s, err := OpenStore(path, eventsMigrations)
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}
