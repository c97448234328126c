package platform

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"path/filepath"
	"unicode"
	"unicode/utf8"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// A record is how every value outside meta/ is stored: a checksum of the
// payload, then the payload.
//
//	<crc: uint32 big-endian, CRC-32C (Castagnoli) of payload><payload>
//
// CRC-32C is enough because the checksum guards against accidental damage
// (a bad sector, a torn or misdirected write, a stray byte from a copy), not
// against someone who can write the file and so could recompute any hash: it
// catches every burst of up to 32 flipped bits and misses random damage once
// in 4 billion, and it is computed in hardware, so it costs nothing next to
// the fsync of a commit. etcd's WAL and ext4's metadata use it for the same
// reason.
const checksumSize = 4

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Record format marker: meta/record_format holds recordFormatChecksums once
// every value of the store is a record (see AddChecksums).
var (
	recordFormatKey       = []byte("record_format")
	recordFormatChecksums = []byte{1}
)

// encodeRecord returns payload with its checksum in front.
func encodeRecord(payload []byte) []byte {
	v := make([]byte, checksumSize, checksumSize+len(payload))
	binary.BigEndian.PutUint32(v, crc32.Checksum(payload, castagnoli))
	return append(v, payload...)
}

// decodeRecord returns the payload of a record (aliasing v), or what is
// wrong with it.
func decodeRecord(v []byte) ([]byte, error) {
	if len(v) < checksumSize {
		return nil, fmt.Errorf("%d bytes, shorter than the checksum", len(v))
	}
	payload := v[checksumSize:]
	if want, got := binary.BigEndian.Uint32(v), crc32.Checksum(payload, castagnoli); want != got {
		return nil, fmt.Errorf("checksum %08x does not match the stored %08x", got, want)
	}
	return payload, nil
}

// PutMessage stores m (deterministically encoded) at key of b as a record.
func PutMessage(b *bbolt.Bucket, key []byte, m proto.Message) error {
	payload, err := proto.MarshalOptions{Deterministic: true}.Marshal(m)
	if err != nil {
		return status.Errorf(codes.Internal, "encode %T: %v", m, err)
	}
	return b.Put(key, encodeRecord(payload))
}

// GetMessage reads the record at key of b into m and reports whether it was
// there; b may be nil (a bucket not created yet). bucket is b's path, such as
// "results/club-night", for the error: a damaged record is a DataLoss error
// naming the store's file, the bucket and the key.
func GetMessage(b *bbolt.Bucket, bucket string, key []byte, m proto.Message) (bool, error) {
	if b == nil {
		return false, nil
	}
	v := b.Get(key)
	if v == nil {
		return false, nil
	}
	return true, DecodeMessage(b, bucket, key, v, m)
}

// DecodeMessage decodes the record v, found at key of b (by a cursor, say),
// into m. A damaged record is a DataLoss error naming the store's file, the
// bucket and the key.
func DecodeMessage(b *bbolt.Bucket, bucket string, key, v []byte, m proto.Message) error {
	payload, err := decodeRecord(v)
	if err == nil {
		err = proto.Unmarshal(payload, m)
	}
	if err != nil {
		return status.Errorf(codes.DataLoss, "%s: the record at %s key %s is damaged (%v); run director check, and restore the file from a backup",
			filepath.Base(b.Tx().DB().Path()), bucket, KeyString(key), err)
	}
	return nil
}

// KeyString shows a key as itself when it is printable text and in
// hexadecimal otherwise (a big-endian number, a slot).
func KeyString(key []byte) string {
	printable := utf8.Valid(key) && len(key) > 0
	for _, r := range string(key) {
		printable = printable && unicode.IsPrint(r)
	}
	if printable {
		return fmt.Sprintf("%q", key)
	}
	return fmt.Sprintf("%x", key)
}

// AddChecksums rewrites every value in the named top-level buckets, in the
// buckets nested in them and in platform's idempotency bucket as a record,
// and marks the store as holding records. It is the migration that brings a
// store written before values had checksums up to date: each service runs it
// once, as one of its numbered migrations, naming all its buckets.
func AddChecksums(tx *bbolt.Tx, buckets ...[]byte) error {
	for _, name := range append([][]byte{[]byte(idempotencyBucket)}, buckets...) {
		b := tx.Bucket(name)
		if b == nil {
			continue
		}
		if err := addChecksums(b); err != nil {
			return fmt.Errorf("bucket %s: %w", name, err)
		}
	}
	return tx.Bucket([]byte(metaBucket)).Put(recordFormatKey, recordFormatChecksums)
}

func addChecksums(b *bbolt.Bucket) error {
	var keys, values [][]byte
	var nested [][]byte
	err := b.ForEach(func(k, v []byte) error {
		if v == nil {
			nested = append(nested, bytes.Clone(k))
			return nil
		}
		keys, values = append(keys, bytes.Clone(k)), append(values, encodeRecord(v))
		return nil
	})
	if err != nil {
		return err
	}
	for i, k := range keys {
		if err := b.Put(k, values[i]); err != nil {
			return err
		}
	}
	for _, k := range nested {
		if err := addChecksums(b.Bucket(k)); err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
	}
	return nil
}
