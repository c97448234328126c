package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rawGet reads path and returns its JSON answer, reindented so that two
// answers compare byte for byte.
func rawGet(t *testing.T, s *server, path string) string {
	t.Helper()
	var raw json.RawMessage
	s.mustCall(t, "GET", path, "", &raw)
	var out bytes.Buffer
	if err := json.Indent(&out, raw, "", " "); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestEventArchiveRoundTrip: an event with results, a ruling applied to
// the standings and a dealt, released set, exported from one Director and
// imported into a new one, reads the same there: standings, travellers,
// the board set and the director call; a second import is refused, and so
// is an event's archive given to restore.
func TestEventArchiveRoundTrip(t *testing.T) {
	dir := t.TempDir()
	a := startDirector(t, filepath.Join(dir, "a"))
	clubEvent(t, a, false)
	for _, r := range []string{
		`{"result":{"table":1,"round":1,"board":1,"ns_pair":1,"ew_pair":4,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":11,"lead":"HK"}}}`,
		`{"result":{"table":2,"round":1,"board":1,"ns_pair":2,"ew_pair":5,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":9}}}`,
		`{"result":{"table":1,"round":1,"board":2,"ns_pair":1,"ew_pair":4,"played":{"contract":"3NT","declarer":"SEAT_SOUTH","tricks":9}}}`,
	} {
		a.mustCall(t, "POST", "/v1/events/club-night/results", r, nil)
	}
	a.mustCall(t, "POST", "/v1/events/club-night/sessions/1/boardsets", `{"board_set_id":"main",
		"board_set":{"title":"Tuesday pairs","first_board":1,"last_board":6,"method":"METHOD_KEYED"}}`, nil)
	a.mustCall(t, "POST", "/v1/events/club-night/sessions/1/boardsets/main:release", `{}`, nil)
	callName := applyAdjustedScore(t, a)
	// Another event stays where it is.
	a.mustCall(t, "POST", "/v1/events", `{"event_id":"club-night-2","event":{"title":"Thursday pairs","scoring":{"form":"FORM_MATCHPOINTS"}}}`, nil)

	reads := []string{
		"/v1/events/club-night/standings",
		"/v1/events/club-night/boards/1/traveller",
		"/v1/events/club-night/boards/4/traveller",
		"/v1/events/club-night/sessions/1/boardsets/main",
		"/v1/" + callName,
		"/v1/events/club-night/sessions/1/sections/A",
	}
	want := map[string]string{}
	for _, path := range reads {
		want[path] = rawGet(t, a, path)
	}

	archive := filepath.Join(dir, "club-night.tar.gz")
	out, err := director("export", "--server", a.grpc, "--event", "club-night", "--out", archive)
	if err != nil {
		t.Fatalf("export: %v\n%s", err, out)
	}
	for _, store := range []string{"dealing", "movement", "rulings", "scoring"} {
		if !strings.Contains(out, "export: "+store+": ") {
			t.Errorf("export said nothing of %s:\n%s", store, out)
		}
	}
	if out, err := director("export", "--server", a.grpc, "--event", "no-such-night", "--out", filepath.Join(dir, "none.tar.gz")); err == nil || !strings.Contains(out, "not found") {
		t.Errorf("export of an event nobody holds: %v\n%s", err, out)
	}

	b := startDirector(t, filepath.Join(dir, "b"))
	out, err = director("import", "--server", b.grpc, archive)
	if err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	for _, path := range reads {
		if got := rawGet(t, b, path); got != want[path] {
			t.Errorf("%s after the import:\n%s\nwant, as exported:\n%s", path, got, want[path])
		}
	}
	var events struct {
		Events []struct {
			Name string `json:"name"`
		} `json:"events"`
	}
	b.mustCall(t, "GET", "/v1/events", "", &events)
	if len(events.Events) != 1 || events.Events[0].Name != "events/club-night" {
		t.Errorf("events after the import: %+v, want the club night alone", events)
	}
	// The imported event goes on: a correction is a new revision after the
	// exported ones.
	b.mustCall(t, "POST", "/v1/events/club-night/sessions/1/sections/A/tables/1/rounds/1/boards/1:correct",
		`{"reason":"ten tricks, not eleven","result":{"ns_pair":1,"ew_pair":4,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":10,"lead":"HK"}}}`, nil)
	var history struct {
		Revisions []struct {
			Revision int `json:"revision"`
		} `json:"revisions"`
	}
	b.mustCall(t, "GET", "/v1/events/club-night/sessions/1/sections/A/tables/1/rounds/1/boards/1/history", "", &history)
	if n := len(history.Revisions); n != 2 || history.Revisions[1].Revision != 2 {
		t.Errorf("history after a correction of an imported result: %+v, want revisions 1 and 2", history)
	}

	out, err = director("import", "--server", b.grpc, archive)
	if err == nil || !strings.Contains(out, "AlreadyExists") || !strings.Contains(out, "events/club-night") {
		t.Errorf("a second import: %v\n%s", err, out)
	}
	if out, err := director("restore", "--data", filepath.Join(dir, "c"), archive); err == nil || !strings.Contains(out, "director import") {
		t.Errorf("an event's archive given to restore: %v\n%s", err, out)
	}
	a.stop(t)
	b.stop(t)
}

// applyAdjustedScore rules on a call out of rotation at table 3 of the club
// night, board 1, and applies average plus to pair 3 and average minus to
// pair 6; it returns the call's name once the standings show the score.
func applyAdjustedScore(t *testing.T, s *server) string {
	t.Helper()
	var call struct {
		Call struct {
			Name   string `json:"name"`
			State  string `json:"state"`
			Ruling struct {
				Questions []struct {
					ID      string `json:"id"`
					Choices []struct {
						ID string `json:"id"`
					} `json:"choices"`
				} `json:"questions"`
			} `json:"ruling"`
		} `json:"call"`
	}
	s.mustCall(t, "POST", "/v1/events/club-night/sessions/1/sections/A/calls",
		`{"call":{"table":3,"round":1,"board":1,"called_by":"SEAT_SOUTH","description":"East opened 1S before North, the dealer, called"}}`, &call)
	name := call.Call.Name
	answers := map[string]string{}
	for range 5 {
		body, _ := json.Marshal(map[string]any{
			"irregularity": map[string]string{"kind": "KIND_CALL_OUT_OF_ROTATION", "offender": "SEAT_EAST", "call": "1S"},
			"answers":      answers,
		})
		s.mustCall(t, "POST", "/v1/"+name+":rule", string(body), &call)
		if call.Call.State == "STATE_RULED" {
			break
		}
		for _, q := range call.Call.Ruling.Questions {
			answers[q.ID] = q.Choices[len(q.Choices)-1].ID
		}
	}
	s.mustCall(t, "POST", "/v1/"+name+":apply", `{"reason":"the board could not be played","adjusted_score":{
		"ns_pair":3,"ew_pair":6,"artificial":{"north_south":"ADJUSTMENT_AVERAGE_PLUS","east_west":"ADJUSTMENT_AVERAGE_MINUS"}}}`, &call)
	if call.Call.State != "STATE_APPLIED" {
		t.Fatalf("the ruling was not applied: %+v", call)
	}
	var got standings
	s.mustCall(t, "GET", "/v1/events/club-night/standings", "", &got)
	for _, st := range got.Standings {
		if st.Pair == 3 && st.Percentage == 60 {
			return name
		}
	}
	t.Fatalf("the standings do not show the adjusted score: %+v", got)
	return ""
}

// TestImportRefusesABackup: a backup given to import is refused, saying
// what to do with it, a backup over an earlier one is refused, and a
// damaged export names its store.
func TestImportRefusesABackup(t *testing.T) {
	dir := t.TempDir()
	s := startDirector(t, filepath.Join(dir, "data"))
	clubEvent(t, s, false)
	backup := filepath.Join(dir, "backup.tar.gz")
	if out, err := director("backup", "--server", s.grpc, "--out", backup); err != nil {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	if out, err := director("import", "--server", s.grpc, backup); err == nil || !strings.Contains(out, "director restore") {
		t.Errorf("a backup given to import: %v\n%s", err, out)
	}
	before, err := os.ReadFile(backup)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := director("backup", "--server", s.grpc, "--out", backup); err == nil || !strings.Contains(out, "exists already") {
		t.Errorf("a backup over an earlier one: %v\n%s", err, out)
	}
	if after, _ := os.ReadFile(backup); !bytes.Equal(after, before) {
		t.Error("a refused backup changed the earlier one")
	}
	export := filepath.Join(dir, "club-night.tar.gz")
	if out, err := director("export", "--server", s.grpc, "--event", "club-night", "--out", export); err != nil {
		t.Fatalf("export: %v\n%s", err, out)
	}
	raw, err := os.ReadFile(export)
	if err != nil {
		t.Fatal(err)
	}
	raw[len(raw)*2/3] ^= 0xff
	damaged := filepath.Join(dir, "damaged.tar.gz")
	if err := os.WriteFile(damaged, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	fresh := startDirector(t, filepath.Join(dir, "fresh"))
	if out, err := director("import", "--server", fresh.grpc, damaged); err == nil || !strings.Contains(out, ".entries") || !strings.Contains(out, "nothing imported") {
		t.Errorf("a damaged export: %v\n%s", err, out)
	}
	var events struct {
		Events []json.RawMessage `json:"events"`
	}
	fresh.mustCall(t, "GET", "/v1/events", "", &events)
	if len(events.Events) != 0 {
		t.Errorf("a refused import left %d events", len(events.Events))
	}
}

// TestExportOfASplitDeployment: the scoring and rulings process of a split
// deployment, which holds the event's results but not the event, refuses to
// export it, saying why; the process that runs movement exports its part,
// saying what it lacks, and a Director that runs every service refuses that
// part, which would make the event there without its results.
func TestExportOfASplitDeployment(t *testing.T) {
	dir := t.TempDir()
	main := startDirector(t, filepath.Join(dir, "main"), "--services", "movement,dealing")
	scoring := startDirector(t, filepath.Join(dir, "scoring"), "--services", "scoring,rulings", "--peer", "movement="+main.grpc+",dealing="+main.grpc)
	clubEvent(t, main, false)
	scoring.mustCall(t, "POST", "/v1/events/club-night/results", slotResult(1, 1, 1), nil)

	out, err := director("export", "--server", scoring.grpc, "--event", "club-night", "--out", filepath.Join(dir, "part.tar.gz"))
	if err == nil || !strings.Contains(out, "FailedPrecondition") || !strings.Contains(out, "does not run the movement service") {
		t.Errorf("export from the scoring process: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "part.tar.gz")); err == nil {
		t.Error("the refused export wrote an archive")
	}
	archive := filepath.Join(dir, "club-night.tar.gz")
	out, err = director("export", "--server", main.grpc, "--event", "club-night", "--out", archive)
	if err != nil {
		t.Fatalf("export from the movement process: %v\n%s", err, out)
	}
	if !strings.Contains(out, "runs no rulings, scoring service") {
		t.Errorf("the movement process's export does not say what it lacks:\n%s", out)
	}
	whole := startDirector(t, filepath.Join(dir, "whole"))
	if out, err := director("import", "--server", whole.grpc, archive); err == nil || !strings.Contains(out, "holds no part of the") {
		t.Errorf("a split process's part imported into a Director that runs every service: %v\n%s", err, out)
	}
	if code := whole.call(t, "GET", "/v1/events/club-night", "", nil); code != http.StatusNotFound {
		t.Errorf("after the refused import the event is %d, want 404", code)
	}
}

// TestImportRefusesAnOversizedArchive: an event's archive whose manifest
// declares a store's records larger than an import takes is refused at its
// manifest, naming the file, before anything is read or sent.
func TestImportRefusesAnOversizedArchive(t *testing.T) {
	dir := t.TempDir()
	manifest, err := json.Marshal(map[string]any{
		"format": "director-archive/1", "kind": "event", "director": "test", "created": "2026-12-04T01:30:00Z",
		"event": "events/club-night",
		"files": []map[string]any{{"name": "movement.entries", "service": "movement", "schema_version": 1,
			"size": int64(4) << 30, "sha256": strings.Repeat("0", 64)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	tw.WriteHeader(&tar.Header{Name: "manifest.json", Size: int64(len(manifest)), Mode: 0o600, Typeflag: tar.TypeReg})
	tw.Write(manifest)
	// The file itself would follow; the manifest is refused first.
	tw.Flush()
	gz.Close()
	path := filepath.Join(dir, "huge.tar.gz")
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := director("import", "--server", "127.0.0.1:1", path)
	if err == nil || !strings.Contains(out, "movement.entries: 4.0 GiB") || !strings.Contains(out, "an import takes at most 272.0 MiB") || !strings.Contains(out, "nothing imported") {
		t.Errorf("an archive declaring 4 GiB of records: %v\n%s", err, out)
	}
}
