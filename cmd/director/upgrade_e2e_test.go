package main

import (
	be "encoding/binary"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/encoding/protowire"
)

// oldScoringDB writes data/scoring.db as a Director of schema version 2
// left it, before the movement service kept events: the event club-night
// (bridge.scoring.v1.Event of then: name 1, title 2, form 3 matchpoints,
// profile 4 EBU, two_winners 5) stored as bare protobuf, and no results.
func oldScoringDB(t *testing.T, data string) {
	t.Helper()
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	db, err := bbolt.Open(filepath.Join(data, "scoring.db"), 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	var event []byte
	event = protowire.AppendString(protowire.AppendTag(event, 1, protowire.BytesType), "events/club-night")
	event = protowire.AppendString(protowire.AppendTag(event, 2, protowire.BytesType), "Tuesday pairs")
	event = protowire.AppendVarint(protowire.AppendTag(event, 3, protowire.VarintType), 1)
	event = protowire.AppendVarint(protowire.AppendTag(event, 4, protowire.VarintType), 3)
	event = protowire.AppendVarint(protowire.AppendTag(event, 5, protowire.VarintType), 1)
	err = db.Update(func(tx *bbolt.Tx) error {
		for _, name := range []string{"meta", "idempotency", "events", "results", "revisions", "penalties"} {
			if _, err := tx.CreateBucket([]byte(name)); err != nil {
				return err
			}
		}
		if err := tx.Bucket([]byte("meta")).Put([]byte("schema_version"), be.BigEndian.AppendUint64(nil, 2)); err != nil {
			return err
		}
		return tx.Bucket([]byte("events")).Put([]byte("club-night"), event)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestUpgradeKeepsTheOldEvents starts the binary, with tokens, over a
// scoring.db from before the movement service kept events: the event is
// handed to movement as scoring's own service, with its settings, and it
// and its standings are there to read; the stores check clean after.
func TestUpgradeKeepsTheOldEvents(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	oldScoringDB(t, data)
	cfg := filepath.Join(dir, "tokens.yaml")
	if err := os.WriteFile(cfg, []byte("tokens:\n  - name: club-director\n    token: \"director-secret\"\n    roles: [director]\n    events: [events/club-night]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startDirector(t, data, "--auth-config", cfg)

	var event struct {
		Event struct {
			Title   string `json:"title"`
			Scoring struct {
				Form       string `json:"form"`
				Profile    string `json:"profile"`
				TwoWinners bool   `json:"two_winners"`
			} `json:"scoring"`
		} `json:"event"`
	}
	code := 0
	for range 200 {
		if code = s.call(t, "GET", "/v1/events/club-night", "", &event); code != http.StatusNotFound {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	e := event.Event
	if code != http.StatusOK || e.Title != "Tuesday pairs" || e.Scoring.Form != "FORM_MATCHPOINTS" || e.Scoring.Profile != "PROFILE_EBU" || !e.Scoring.TwoWinners {
		t.Fatalf("GET the old event: status %d, %+v; want 200 with its title and settings\n%s", code, e, s.logs)
	}
	if code := s.call(t, "GET", "/v1/events/club-night/standings", "", nil); code != http.StatusOK {
		t.Errorf("standings of the old event: status %d, want 200", code)
	}
	s.stop(t)
	if !strings.Contains(s.logs.String(), "the movement service took an event an older Director kept in scoring.db") {
		t.Errorf("the log does not say the event was handed over:\n%s", s.logs)
	}
	if out, code := checkData(t, data); code != 0 {
		t.Errorf("check after the upgrade: exit %d\n%s", code, out)
	}
}
