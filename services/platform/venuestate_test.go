package platform

import (
	"context"
	"path/filepath"
	"testing"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// TestRenewIncarnation: a store restored from a backup gets a new
// incarnation and its relays start again from the first record, while
// what it applied of others stays; a store of no venue is left as it is.
func TestRenewIncarnation(t *testing.T) {
	dir := t.TempDir()
	relayed, marks := []byte("relayed_to"), []byte("marks")
	migrations := []Migration{{Version: 1, Name: "venue buckets", Apply: func(tx *bbolt.Tx) error {
		return CreateVenueBucket(tx, relayed, marks)
	}}}
	s, err := OpenStore(filepath.Join(dir, "venue.db"), migrations)
	if err != nil {
		t.Fatal(err)
	}
	before, err := s.Incarnation()
	if err != nil || before == "" {
		t.Fatalf("incarnation %q (%v)", before, err)
	}
	ctx := context.Background()
	if err := s.SetVenueCursor(ctx, relayed, "north/regional", 40); err != nil {
		t.Fatal(err)
	}
	if err := s.Mutate(ctx, "", "", nil, nil, func(tx *bbolt.Tx) error {
		return PutMessage(VenueBucket(tx, marks), []byte("federation/abc"), wrapperspb.UInt64(7))
	}); err != nil {
		t.Fatal(err)
	}
	path := s.path
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if renewed, err := RenewIncarnation(path); err != nil || !renewed {
		t.Fatalf("renewing: %v, %v", renewed, err)
	}
	s, err = OpenStore(path, migrations)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if after, err := s.Incarnation(); err != nil || after == before || after == "" {
		t.Errorf("the incarnation after a renewal is %q (%v), before %q; want a new one", after, err, before)
	}
	if cursor, err := s.VenueCursor(relayed, "north/regional"); err != nil || cursor != 0 {
		t.Errorf("the relay's cursor after a renewal is %d (%v), want 0: every record sent again", cursor, err)
	}
	mark := &wrapperspb.UInt64Value{}
	if err := s.View(func(tx *bbolt.Tx) error {
		_, err := GetMessage(VenueBucket(tx, marks), "venue/marks", []byte("federation/abc"), mark)
		return err
	}); err != nil || mark.GetValue() != 7 {
		t.Errorf("the mark after a renewal is %d (%v), want 7 kept", mark.GetValue(), err)
	}

	plain, err := OpenStore(filepath.Join(dir, "plain.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	plainPath := plain.path
	plain.Close()
	if renewed, err := RenewIncarnation(plainPath); err != nil || renewed {
		t.Errorf("renewing a store of no venue: %v, %v; want false and nothing done", renewed, err)
	}
}
