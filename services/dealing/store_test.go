package dealingservice

import (
	"path/filepath"
	"testing"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"

	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	"github.com/bridge-director/director/services/platform/platformtest"
)

// TestVersionOneFileGetsChecksums opens a dealing.db written before values had
// checksums (schema version 1, bare protobuf messages): migration 2 adds
// them and what was stored still reads.
func TestVersionOneFileGetsChecksums(t *testing.T) {
	dir := t.TempDir()
	want := &dealingv1.BoardSet{Name: "events/club-night/sessions/1/boardsets/main"}
	platformtest.OldStore(t, filepath.Join(dir, "dealing.db"), migrations[:1], func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketBoardSets).Put([]byte(want.Name), platformtest.Bare(t, want))
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
		got, err := mustBoardSet(tx, want.Name)
		if err != nil || !proto.Equal(got, want) {
			t.Errorf("after the migration: %v, %v; want %v", got, err, want)
		}
		return nil
	})
}
