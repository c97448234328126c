package rulingsservice

import (
	"path/filepath"
	"testing"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"

	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/platform/platformtest"
)

// TestVersionOneFileGetsChecksums opens a rulings.db written before values had
// checksums (schema version 1, bare protobuf messages): migration 2 adds
// them and what was stored still reads.
func TestVersionOneFileGetsChecksums(t *testing.T) {
	dir := t.TempDir()
	want := &rulingsv1.DirectorCall{Name: "events/club-night/sessions/1/sections/A/calls/1"}
	platformtest.OldStore(t, filepath.Join(dir, "rulings.db"), migrations[:1], func(tx *bbolt.Tx) error {
		b, err := tx.Bucket(bucketCalls).CreateBucket([]byte("events/club-night/sessions/1/sections/A"))
		if err != nil {
			return err
		}
		return b.Put(platform.Uint64Key(1), platformtest.Bare(t, want))
	})

	svc, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	if v, err := svc.store.SchemaVersion(); err != nil || v != len(migrations) {
		t.Errorf("schema version %d (%v), want %d", v, err, len(migrations))
	}
	svc.store.View(func(tx *bbolt.Tx) error {
		got, err := getCall(tx, want.Name)
		if err != nil || !proto.Equal(got, want) {
			t.Errorf("after the migration: %v, %v; want %v", got, err, want)
		}
		return nil
	})
}
