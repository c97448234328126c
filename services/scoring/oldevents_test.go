package scoringservice

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"
	"time"
	"unicode/utf8"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	movementservice "github.com/bridge-director/director/services/movement"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/platform/platformtest"
)

// storedOldEvent is an event as a Director stored it in scoring.db before
// the movement service kept events, encoded field by field from the
// bridge.scoring.v1.Event of then: name 1, title 2, form 3, profile 4,
// two_winners 5, across_field 6, create_time 7.
func storedOldEvent(t *testing.T, id, title string, s *scoringv1.ScoringSettings) []byte {
	var b []byte
	b = protowire.AppendString(protowire.AppendTag(b, 1, protowire.BytesType), "events/"+id)
	b = protowire.AppendString(protowire.AppendTag(b, 2, protowire.BytesType), title)
	b = protowire.AppendVarint(protowire.AppendTag(b, 3, protowire.VarintType), uint64(s.GetForm()))
	b = protowire.AppendVarint(protowire.AppendTag(b, 4, protowire.VarintType), uint64(s.GetProfile()))
	b = protowire.AppendVarint(protowire.AppendTag(b, 5, protowire.VarintType), protowire.EncodeBool(s.GetTwoWinners()))
	b = protowire.AppendVarint(protowire.AppendTag(b, 6, protowire.VarintType), protowire.EncodeBool(s.GetAcrossField()))
	created := platformtest.Bare(t, timestamppb.New(time.Date(2026, 3, 3, 19, 0, 0, 0, time.UTC)))
	return protowire.AppendBytes(protowire.AppendTag(b, 7, protowire.BytesType), created)
}

// outboxPending reports whether svc's outbox still holds a call about one
// of the events.
func outboxPending(t *testing.T, svc *Service, events ...string) bool {
	t.Helper()
	pending := false
	err := svc.store.View(func(tx *bbolt.Tx) error {
		for _, e := range events {
			pending = pending || platform.OutboxPending(tx, e)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pending
}

// TestOldEventsAreHandedToMovement upgrades a scoring.db of schema version
// 2, from before the movement service kept events, and of version 3 with a
// damaged event. Each event goes to movement once, through the outbox, with
// its title and scoring settings, and its results are scored again: one
// movement has already keeps movement's settings, one movement refuses and
// the damaged one are left behind without holding up the others, and a
// restart sends nothing again.
func TestOldEventsAreHandedToMovement(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "scoring.db")
	clubNight := &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS, Profile: scoringv1.Profile_PROFILE_ACBL, TwoWinners: true}
	platformtest.OldStore(t, path, migrations[:2], func(tx *bbolt.Tx) error {
		events := tx.Bucket(bucketEvents)
		for id, e := range map[string][]byte{
			"club-night":  storedOldEvent(t, "club-night", "Tuesday pairs", clubNight),
			"pairs-final": storedOldEvent(t, "pairs-final", "Final (old)", &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_CROSS_IMPS}),
			// No Director stored an event without a form; movement refuses it.
			"no-form": storedOldEvent(t, "no-form", "", &scoringv1.ScoringSettings{}),
			"damaged": storedOldEvent(t, "damaged", "Thursday pairs", clubNight),
		} {
			if err := events.Put([]byte(id), e); err != nil {
				return err
			}
		}
		// Board 1: NS 1 +420 against EW 2, NS 2 -50 against EW 1.
		results, err := tx.Bucket(bucketResults).CreateBucketIfNotExists([]byte("club-night"))
		if err != nil {
			return err
		}
		for _, in := range []*scoringv1.Result{
			played(1, 1, 1, 1, 2, "4S", typev1.Seat_SEAT_NORTH, 10),
			played(2, 1, 1, 2, 1, "4S", typev1.Seat_SEAT_NORTH, 9),
		} {
			r, err := checkResult("result", in)
			if err != nil {
				return err
			}
			r.Name = slotOf(r).name("club-night")
			if err := results.Put(slotOf(r).key(), platformtest.Bare(t, r)); err != nil {
				return err
			}
		}
		return nil
	})
	// Version 3 gave the values checksums; then a byte of one went bad.
	platformtest.OldStore(t, path, migrations[:3], func(tx *bbolt.Tx) error {
		events := tx.Bucket(bucketEvents)
		v := bytes.Clone(events.Get([]byte("damaged")))
		v[len(v)/2] ^= 0x10
		return events.Put([]byte("damaged"), v)
	})

	// A director made pairs-final again in movement before the upgrade.
	mv, err := movementservice.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	mvConn, mvStop := platformtest.Serve(t, mv, nil)
	final := &movementv1.Event{Title: "Pairs final", Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS, Profile: scoringv1.Profile_PROFILE_WBF}}
	if _, err := movementv1.NewMovementServiceClient(mvConn).CreateEvent(context.Background(), &movementv1.CreateEventRequest{EventId: "pairs-final", Event: final}); err != nil {
		t.Fatal(err)
	}
	mvStop()

	// Scoring starts without movement: the events wait in its outbox, and
	// still wait after a restart.
	for range 2 {
		svc, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range []string{"events/club-night", "events/pairs-final", "events/no-form"} {
			if !outboxPending(t, svc, e) {
				t.Errorf("%s is not waiting to go to movement", e)
			}
		}
		if outboxPending(t, svc, "events/damaged") {
			t.Error("the damaged event is waiting to go to movement")
		}
		svc.Close()
	}

	h := start(t, dir)
	for outboxPending(t, h.svc, "events/club-night", "events/pairs-final", "events/no-form") {
		time.Sleep(5 * time.Millisecond)
	}
	ctx := context.Background()
	got, err := h.moves.GetEvent(ctx, &movementv1.GetEventRequest{Name: "events/club-night"})
	if err != nil {
		t.Fatalf("the old event in movement: %v", err)
	}
	if got.GetEvent().GetTitle() != "Tuesday pairs" || !proto.Equal(got.GetEvent().GetScoring(), clubNight) {
		t.Errorf("movement has %v, want the title Tuesday pairs and the settings %v", got.GetEvent(), clubNight)
	}
	if got, err := h.moves.GetEvent(ctx, &movementv1.GetEventRequest{Name: "events/pairs-final"}); err != nil || got.GetEvent().GetTitle() != final.GetTitle() || !proto.Equal(got.GetEvent().GetScoring(), final.GetScoring()) {
		t.Errorf("pairs-final in movement: %v, %v; want it as the director made it again", got.GetEvent(), err)
	}
	for _, e := range []string{"events/no-form", "events/damaged"} {
		_, err := h.moves.GetEvent(ctx, &movementv1.GetEventRequest{Name: e})
		wantCode(t, err, codes.NotFound, e)
	}

	// The old results are scored by the old event's settings: two winners,
	// and matchpoints as the ACBL counts them, one for each pair beaten.
	st, err := h.client.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/club-night"})
	if err != nil {
		t.Fatalf("standings of the old event: %v", err)
	}
	type key struct {
		side typev1.Side
		pair int32
	}
	want := map[key]float64{
		{typev1.Side_SIDE_NORTH_SOUTH, 1}: 1, {typev1.Side_SIDE_NORTH_SOUTH, 2}: 0,
		{typev1.Side_SIDE_EAST_WEST, 1}: 1, {typev1.Side_SIDE_EAST_WEST, 2}: 0,
	}
	for _, s := range st.GetStandings() {
		if w, ok := want[key{s.GetDirection(), s.GetPair()}]; !ok || s.GetScore() != w {
			t.Errorf("%v pair %d scores %v; want %v", s.GetDirection(), s.GetPair(), s.GetScore(), w)
		}
	}
	if st.GetForm() != scoringv1.Form_FORM_MATCHPOINTS || len(st.GetStandings()) != len(want) {
		t.Errorf("standings %v, want %d scored by matchpoints", st, len(want))
	}
	h.stop()

	// Migration 5 ran once: scoring, started again without movement, has
	// nothing to send.
	svc, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	if v, err := svc.store.SchemaVersion(); err != nil || v != len(migrations) {
		t.Errorf("schema version %d (%v), want %d: every migration ran", v, err, len(migrations))
	}
	if outboxPending(t, svc, "events/club-night", "events/pairs-final", "events/no-form") {
		t.Error("a restart sent the old events again")
	}
}

// FuzzOldEvent reads any stored bytes as an old event: an error that is
// DataLoss, or a request for the event of the key; and the fields of an
// event as it was stored come out as they went in.
func FuzzOldEvent(f *testing.F) {
	f.Add([]byte{}, "Tuesday pairs", int32(1), int32(2), true, false)
	f.Add([]byte{0x1a, 0xff}, "", int32(99), int32(-1), false, true)
	db, err := bbolt.Open(filepath.Join(f.TempDir(), "scoring.db"), 0o600, &bbolt.Options{NoSync: true})
	if err != nil {
		f.Fatal(err)
	}
	defer db.Close()
	f.Fuzz(func(t *testing.T, raw []byte, title string, form, profile int32, twoWinners, acrossField bool) {
		if !utf8.ValidString(title) {
			t.Skip("no Director stored a title that is not UTF-8: protobuf refuses to encode it")
		}
		want := &scoringv1.ScoringSettings{Form: scoringv1.Form(form), Profile: scoringv1.Profile(profile), TwoWinners: twoWinners, AcrossField: acrossField}
		err := db.Update(func(tx *bbolt.Tx) error {
			tx.DeleteBucket(bucketEvents)
			b, err := tx.CreateBucket(bucketEvents)
			if err != nil {
				return err
			}
			b.Put([]byte("raw"), raw)
			b.Put([]byte("stored"), storedOldEvent(t, "stored", title, want))
			if _, err := tx.CreateBucketIfNotExists([]byte("meta")); err != nil {
				return err
			}
			if err := platform.AddChecksums(tx, bucketEvents); err != nil {
				return err
			}
			req, err := oldEventRequest(b, []byte("raw"), b.Get([]byte("raw")))
			if err != nil && status.Code(err) != codes.DataLoss || err == nil && req.GetEventId() != "raw" {
				t.Errorf("raw %x: %v, %v; want DataLoss or the event raw", raw, req, err)
			}
			req, err = oldEventRequest(b, []byte("stored"), b.Get([]byte("stored")))
			handed := proto.Clone(want).(*scoringv1.ScoringSettings)
			handed.TwoWinners = twoWinners && scoringv1.Form(form) == scoringv1.Form_FORM_MATCHPOINTS // as scoring always read it
			if err != nil || req.GetEventId() != "stored" || req.GetEvent().GetTitle() != title || !proto.Equal(req.GetEvent().GetScoring(), handed) {
				t.Errorf("the stored event: %v, %v; want the title %q and the settings %v", req, err, title, want)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
