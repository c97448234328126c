package scoring

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
)

// damageResult flips a byte of the stored current result of table's board 1
// in the stopped service's scoring.db, and returns its slot key.
func damageResult(t *testing.T, dir string, table int32) []byte {
	t.Helper()
	db, err := bbolt.Open(filepath.Join(dir, "scoring.db"), 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var key []byte
	err = db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketResults).Bucket([]byte("club-night"))
		b.ForEach(func(k, _ []byte) error {
			if sl, ok := slotFromKey(k); ok && sl.Table == table && sl.Board == 1 {
				key = bytes.Clone(k)
			}
			return nil
		})
		if key == nil {
			t.Fatalf("no result of table %d board 1", table)
		}
		v := bytes.Clone(b.Get(key))
		v[len(v)/2] ^= 0x04
		return b.Put(key, v)
	})
	if err != nil {
		t.Fatal(err)
	}
	return key
}

func TestDamagedResultIsNamedAndTheRestIsServed(t *testing.T) {
	h := newHarness(t)
	clubField(t, h)
	h.stop()
	key := damageResult(t, h.dir, 2)

	h = start(t, h.dir)
	ctx := context.Background()
	_, err := h.client.ListResults(ctx, &scoringv1.ListResultsRequest{Parent: "events/club-night", Board: 1})
	want := fmt.Sprintf("scoring.db: the record at results/club-night key %x is damaged", key)
	if status.Code(err) != codes.DataLoss || !strings.Contains(status.Convert(err).Message(), want) {
		t.Errorf("results of board 1: %v, want DataLoss saying %q", err, want)
	}
	if list, err := h.client.ListResults(ctx, &scoringv1.ListResultsRequest{Parent: "events/club-night", Board: 2}); err != nil || len(list.GetResults()) != 3 {
		t.Errorf("results of board 2: %v, %v; want all 3", list, err)
	}
	// The slot's history is kept apart from its current result, so what was
	// there can still be seen.
	sl, _ := slotFromKey(key)
	name := sl.name("club-night")
	if hist, err := h.client.GetResultHistory(ctx, &scoringv1.GetResultHistoryRequest{Name: name}); err != nil || len(hist.GetRevisions()) != 1 {
		t.Errorf("history of the damaged slot %s: %v, %v", name, hist, err)
	}
	// Standings cannot be made without the board: they say which record.
	if _, err := h.client.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/club-night"}); status.Code(err) != codes.DataLoss || !strings.Contains(err.Error(), want) {
		t.Errorf("standings: %v, want DataLoss naming the record", err)
	}

	h.svc.store.View(func(tx *bbolt.Tx) error {
		results, damaged, err := eventResults(tx, "club-night", nil)
		if err != nil || len(results) != 5 || len(damaged) != 1 {
			t.Fatalf("eventResults: %d results, %d damaged, %v; want 5 and 1", len(results), len(damaged), err)
		}
		if sl := damaged[0].slot; sl.Table != 2 || sl.Round != 1 || sl.Board != 1 || status.Code(damaged[0].err) != codes.DataLoss {
			t.Errorf("damaged slot %+v (%v), want table 2 round 1 board 1", sl, damaged[0].err)
		}
		// keep sees the damaged slot too.
		_, damaged, _ = eventResults(tx, "club-night", func(r *scoringv1.Result) bool { return r.GetBoard() == 2 })
		if len(damaged) != 0 {
			t.Errorf("damaged results of board 2: %v, want none", damaged)
		}
		return nil
	})
}

func FuzzSlotKey(f *testing.F) {
	f.Add(slot{1, "A", 2, 1, 1}.key())
	f.Add(slot{99, "", 0, 0, 0}.key())
	f.Add([]byte{0, 0, 0, 1, 200, 'A'})
	f.Fuzz(func(t *testing.T, k []byte) {
		sl, ok := slotFromKey(k)
		if ok && !bytes.Equal(sl.key(), k) {
			t.Errorf("slotFromKey(%x) = %+v, whose key is %x", k, sl, sl.key())
		}
		if !ok && sl != (slot{}) {
			t.Errorf("slotFromKey(%x) = %+v, false; want the zero slot", k, sl)
		}
	})
}
