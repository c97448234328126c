package main

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.etcd.io/bbolt"
)

// checkData runs "director check" over dataDir and returns what it printed
// and its exit code.
func checkData(t *testing.T, dataDir string) (string, int) {
	t.Helper()
	out, err := exec.Command(binary, "check", "--data", dataDir).CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return string(out), 0
	case errors.As(err, &exit):
		return string(out), exit.ExitCode()
	}
	t.Fatalf("director check: %v", err)
	return "", 0
}

// damageFirstValue flips a byte of the first value in the bucket at path of
// the stopped store file, and returns its key.
func damageFirstValue(t *testing.T, file string, path ...string) []byte {
	t.Helper()
	db, err := bbolt.Open(file, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var key []byte
	err = db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte(path[0]))
		for _, name := range path[1:] {
			b = b.Bucket([]byte(name))
		}
		k, v := b.Cursor().First()
		key, v = bytes.Clone(k), bytes.Clone(v)
		v[len(v)/2] ^= 0x20
		return b.Put(key, v)
	})
	if err != nil {
		t.Fatal(err)
	}
	return key
}

func TestCheckCommand(t *testing.T) {
	data := t.TempDir()
	s := startDirector(t, data)
	clubEvent(t, s, true)
	clubNight(t, s)

	// bbolt lets no reader in while Director holds the file.
	out, code := checkData(t, data)
	if code == 0 || !strings.Contains(out, "another Director holds the store") || !strings.Contains(out, "stop Director before checking its stores") {
		t.Errorf("check while Director runs: exit %d\n%s\nwant a failure saying to stop Director", code, out)
	}
	s.stop(t)

	out, code = checkData(t, data)
	if code != 0 {
		t.Fatalf("check of clean stores: exit %d\n%s", code, out)
	}
	for _, name := range []string{"dealing.db", "movement.db", "rulings.db", "scoring.db"} {
		if !strings.Contains(out, name+": ok (schema version ") {
			t.Errorf("check of clean stores does not say %s was checked:\n%s", name, out)
		}
	}
	if !strings.Contains(out, "scoring.db: ok (schema version 7; bbolt consistency check; ") || !strings.Contains(out, "every checksum verified)") {
		t.Errorf("check does not give scoring.db's schema version:\n%s", out)
	}

	// Board 1 at table 1 in round 1 is the first slot of the event.
	key := damageFirstValue(t, filepath.Join(data, "scoring.db"), "results", "club-night")
	out, code = checkData(t, data)
	want := "scoring.db: the record at results/club-night key " + fmt.Sprintf("%x", key) + " is damaged: checksum"
	if code == 0 || !strings.Contains(out, want) || !strings.Contains(out, "check: 1 problem in 1 of 4 stores") {
		t.Errorf("check with a damaged result: exit %d\n%s\nwant it to say %q", code, out, want)
	}

	// Director still serves, and says which record is damaged.
	s = startDirector(t, data)
	var answer struct {
		Message string `json:"message"`
		Results []any  `json:"results"`
	}
	if code := s.call(t, "GET", "/v1/events/club-night/results?board=1", "", &answer); code != http.StatusInternalServerError ||
		!strings.Contains(answer.Message, "scoring.db: the record at results/club-night key "+fmt.Sprintf("%x", key)+" is damaged") || strings.Contains(answer.Message, data) {
		t.Errorf("results of board 1: status %d %q, want 500 naming the damaged record and not the path", code, answer.Message)
	}
	if code := s.call(t, "GET", "/v1/events/club-night/results?board=3", "", &answer); code != http.StatusOK || len(answer.Results) != 3 {
		t.Errorf("results of board 3: status %d, %d results, want 200 and all 3", code, len(answer.Results))
	}
	s.stop(t)

	// A cut-short store stops neither the check nor the other stores' checks,
	// and Director refuses to start on it with the same words.
	movement := filepath.Join(data, "movement.db")
	info, err := os.Stat(movement)
	if err != nil {
		t.Fatal(err)
	}
	cut := 3 * int64(os.Getpagesize())
	if err := os.Truncate(movement, cut); err != nil || info.Size() <= cut {
		t.Fatalf("truncating %d bytes: %v", info.Size(), err)
	}
	out, code = checkData(t, data)
	if code == 0 || !strings.Contains(out, "movement.db: cannot be checked: store "+movement+" is damaged: it is "+fmt.Sprint(cut)+" bytes long") ||
		!strings.Contains(out, "dealing.db: ok (") || strings.Contains(out, "goroutine") {
		t.Errorf("check with a truncated store: exit %d\n%s", code, out)
	}
	serve := exec.Command(binary, "serve", "--grpc-addr", freeAddr(t), "--http-addr", freeAddr(t), "--data", data)
	logs, err := serve.CombinedOutput()
	if err == nil || !strings.Contains(string(logs), "opening movement: store "+movement+" is damaged: ") || !strings.Contains(string(logs), "Restore it from a backup") || strings.Contains(string(logs), "goroutine") {
		t.Errorf("director serve on a truncated store: %v\n%s", err, logs)
	}
}
