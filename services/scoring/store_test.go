package scoringservice

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
	// The standings leave the board out and say which record is damaged;
	// every other board counts.
	st, err := h.client.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/club-night"})
	if err != nil {
		t.Fatalf("standings: %v", err)
	}
	if p := st.GetProblems(); len(p) != 1 || p[0].GetBoard() != 1 || !strings.Contains(p[0].GetProblem(), want) {
		t.Errorf("standings' problems %v, want board 1 naming the record", p)
	}
	if len(st.GetStandings()) == 0 {
		t.Error("no standings from the boards that can be read")
	}
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
