package main

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// adminTokens is a token file with a federation admin and a director.
const adminTokens = `tokens:
  - name: federation
    token: "admin-secret"
    roles: [federation-admin]
  - name: club-director
    token: "director-secret"
    roles: [director]
    events: [events/club-night]
`

// director runs the binary with args and returns what it wrote.
func director(args ...string) (string, error) {
	out, err := exec.Command(binary, args...).CombinedOutput()
	return string(out), err
}

// slotResult is the result body of table, round and board in session 1,
// section A of the club night (no movement), North-South pair table.
func slotResult(table, round, board int) string {
	return fmt.Sprintf(`{"result":{"table":%d,"round":%d,"board":%d,"ns_pair":%d,"ew_pair":%d,
		"played":{"contract":"3NT","declarer":"SEAT_NORTH","tricks":%d,"lead":"S4"}}}`, table, round, board, table, table+3, 7+(board+round)%6)
}

type resultList struct {
	Results []struct {
		Name string `json:"name"`
	} `json:"results"`
	NextPageToken string `json:"next_page_token"`
}

// resultNames lists the names of every result of the club night.
func resultNames(t *testing.T, s *server) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	token := ""
	for {
		var page resultList
		s.mustCall(t, "GET", "/v1/events/club-night/results?page_size=1000&page_token="+token, "", &page)
		for _, r := range page.Results {
			names[r.Name] = true
		}
		if token = page.NextPageToken; token == "" {
			return names
		}
	}
}

// TestBackupWhileServing: a backup taken while results arrive holds every
// result acknowledged before it began, restores into a new directory that
// "director check" finds clean and a Director serves; a damaged archive is
// refused naming what is damaged, and a restore over stores already there
// needs --force.
func TestBackupWhileServing(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tokens.yaml")
	if err := os.WriteFile(cfg, []byte(adminTokens), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startDirector(t, filepath.Join(dir, "data"), "--auth-config", cfg)
	s.token = "admin-secret"
	clubEvent(t, s, false)

	// Terminals submit results, one after another, until told to stop.
	var mu sync.Mutex
	var acked []string
	stop, stopped := make(chan struct{}), make(chan error, 1)
	go func() {
		for n := 0; ; n++ {
			select {
			case <-stop:
				stopped <- nil
				return
			default:
			}
			table, round, board := 1+n%3, 1, 1+n/3
			if board > 300 {
				time.Sleep(10 * time.Millisecond)
				continue
			}
			resp, body, err := s.request("director-secret", "POST", "/v1/events/club-night/results", slotResult(table, round, board))
			if err != nil || resp.StatusCode != http.StatusOK {
				stopped <- fmt.Errorf("result %d: %v %v %s", n, err, resp, body)
				return
			}
			mu.Lock()
			acked = append(acked, fmt.Sprintf("events/club-night/sessions/1/sections/A/tables/%d/rounds/%d/boards/%d", table, round, board))
			mu.Unlock()
		}
	}()
	for {
		mu.Lock()
		n := len(acked)
		mu.Unlock()
		if n >= 60 {
			break
		}
		select {
		case err := <-stopped:
			t.Fatalf("the terminals stopped: %v", err)
		case <-time.After(10 * time.Millisecond):
		}
	}
	mu.Lock()
	before := append([]string(nil), acked...)
	mu.Unlock()

	archive := filepath.Join(dir, "backup.tar.gz")
	if out, err := director("backup", "--server", s.grpc, "--token", "director-secret", "--out", archive); err == nil || !strings.Contains(out, "PermissionDenied") {
		t.Errorf("a director's token backed up the stores: %v\n%s", err, out)
	}
	out, err := director("backup", "--server", s.grpc, "--token", "admin-secret", "--out", archive)
	close(stop)
	if err := <-stopped; err != nil {
		t.Fatal(err)
	}
	if err != nil {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	for _, store := range []string{"dealing.db", "movement.db", "rulings.db", "scoring.db"} {
		if !strings.Contains(out, store+": ") {
			t.Errorf("backup said nothing of %s:\n%s", store, out)
		}
	}
	if !strings.Contains(out, "every store checked") {
		t.Errorf("backup did not say it checked the copies:\n%s", out)
	}
	mu.Lock()
	t.Logf("%d results acknowledged before the backup began, %d by the end; %s", len(before), len(acked), out)
	mu.Unlock()

	restored := filepath.Join(dir, "restored")
	if out, err := director("restore", "--data", restored, archive); err != nil {
		t.Fatalf("restore: %v\n%s", err, out)
	} else if !strings.Contains(out, "scoring.db: restored") {
		t.Errorf("restore did not say what it restored:\n%s", out)
	}
	if out, problems := checkData(t, restored); problems != 0 {
		t.Fatalf("director check of the restored stores:\n%s", out)
	}
	back := startDirector(t, restored, "--auth-config", cfg)
	back.token = "admin-secret"
	have := resultNames(t, back)
	for _, name := range before {
		if !have[name] {
			t.Errorf("%s was acknowledged before the backup began and is not in it", name)
		}
	}

	// A Director runs on the directory: the restore says so.
	if out, err := director("restore", "--data", restored, "--force", archive); err == nil || !strings.Contains(out, "running") {
		t.Errorf("a restore under a running Director: %v\n%s", err, out)
	}
	back.stop(t)
	// Stores there already need --force.
	out, err = director("restore", "--data", restored, archive)
	if err == nil || !strings.Contains(out, "--force") || !strings.Contains(out, "scoring.db") {
		t.Errorf("a restore over stores already there: %v\n%s", err, out)
	}
	if out, err := director("restore", archive, "--data", restored, "--force"); err != nil {
		t.Errorf("a restore with --force: %v\n%s", err, out)
	}
	if kept, _ := filepath.Glob(filepath.Join(restored, "scoring.db.replaced-*")); len(kept) != 1 {
		t.Errorf("the replaced scoring.db was not kept beside: %v", kept)
	}

	// A damaged archive is refused, saying where, and restores nothing.
	raw, err := os.ReadFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	for _, at := range []int{len(raw) / 3, len(raw) / 2, 2 * len(raw) / 3} {
		bad := append([]byte(nil), raw...)
		bad[at] ^= 0xff
		damaged := filepath.Join(dir, fmt.Sprintf("damaged-%d.tar.gz", at))
		if err := os.WriteFile(damaged, bad, 0o600); err != nil {
			t.Fatal(err)
		}
		fresh := filepath.Join(dir, fmt.Sprintf("fresh-%d", at))
		out, err := director("restore", "--data", fresh, damaged)
		if err == nil || !strings.Contains(out, "nothing restored") || !strings.Contains(out, ".db") {
			t.Errorf("byte %d of %d flipped: %v\n%s", at, len(raw), err, out)
		}
		if _, err := os.Stat(fresh); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("byte %d flipped: the refused restore left the directory %s (%v)", at, fresh, err)
		}
	}
	s.stop(t)
}

// TestBackupOfASplitDeployment: over TLS (--ca), each process of a split
// deployment backs up the stores of the services it runs.
func TestBackupOfASplitDeployment(t *testing.T) {
	dir := t.TempDir()
	tokens := filepath.Join(dir, "tokens.yaml")
	if err := os.WriteFile(tokens, []byte(adminTokens), 0o600); err != nil {
		t.Fatal(err)
	}
	pki := newTestPKI(t)
	main := launch(t, "https", pki.client(), filepath.Join(dir, "main"),
		append([]string{"--auth-config", tokens, "--services", "movement,dealing,scoring"}, pki.flags(t, "main")...)...)
	rulings := launch(t, "https", pki.client(), filepath.Join(dir, "rulings"),
		append([]string{"--auth-config", tokens, "--services", "rulings", "--peer", "movement=" + main.grpc + ",scoring=" + main.grpc}, pki.flags(t, "rulings")...)...)
	for _, p := range []struct {
		s      *server
		stores []string
	}{{main, []string{"dealing.db", "movement.db", "scoring.db"}}, {rulings, []string{"rulings.db"}}} {
		out := filepath.Join(dir, "backup-"+p.stores[0]+".tar.gz")
		if msg, err := director("backup", "--server", p.s.grpc, "--token", "admin-secret", "--out", out); err == nil {
			t.Errorf("a backup in plaintext of a TLS server succeeded:\n%s", msg)
		}
		msg, err := director("backup", "--server", p.s.grpc, "--token", "admin-secret", "--ca", pki.caFile, "--out", out)
		if err != nil {
			t.Fatalf("backup over TLS: %v\n%s", err, msg)
		}
		restored := filepath.Join(dir, "restored-"+p.stores[0])
		if msg, err := director("restore", "--data", restored, out); err != nil {
			t.Fatalf("restore: %v\n%s", err, msg)
		}
		got, _ := filepath.Glob(filepath.Join(restored, "*.db"))
		for i := range got {
			got[i] = filepath.Base(got[i])
		}
		if strings.Join(got, ",") != strings.Join(p.stores, ",") {
			t.Errorf("the backup of %s restored %v, want %v", p.s.grpc, got, p.stores)
		}
	}
}

// TestRestoreCutShort: a restore that stops part-way, here at a store it
// cannot replace, leaves its journal; Director will not serve the mixed
// directory, another restore will not begin over it, and
// "restore --finish" puts the rest in place once the cause is gone.
func TestRestoreCutShort(t *testing.T) {
	dir := t.TempDir()
	s := startDirector(t, filepath.Join(dir, "data"))
	clubEvent(t, s, false)
	s.mustCall(t, "POST", "/v1/events/club-night/results", slotResult(1, 1, 1), nil)
	archive := filepath.Join(dir, "backup.tar.gz")
	if out, err := director("backup", "--server", s.grpc, "--out", archive); err != nil {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	s.stop(t)

	// rulings.db goes in first; scoring.db, a directory with a file in it,
	// can be neither kept aside nor replaced.
	target := filepath.Join(dir, "target")
	if err := os.MkdirAll(filepath.Join(target, "scoring.db"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(target, "scoring.db", "notes"), []byte("not a store"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := director("restore", "--data", target, "--force", archive)
	if err == nil || !strings.Contains(out, "scoring.db") || !strings.Contains(out, "director restore --data "+target+" --finish") {
		t.Fatalf("a restore that cannot replace scoring.db: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(target, "rulings.db")); err != nil {
		t.Fatalf("rulings.db, restored before scoring.db, is not in place: %v", err)
	}
	if _, err := os.Stat(filepath.Join(target, "movement.db")); err == nil {
		t.Fatal("movement.db, after scoring.db, is in place")
	}

	out, err = director("serve", "--data", target, "--grpc-addr", "127.0.0.1:0", "--http-addr", "127.0.0.1:0")
	if err == nil || !strings.Contains(out, "did not finish") || !strings.Contains(out, "--finish") {
		t.Errorf("serve on a directory a restore did not finish with: %v\n%s", err, out)
	}
	out, err = director("restore", "--data", target, "--force", archive)
	if err == nil || !strings.Contains(out, "did not finish") || !strings.Contains(out, "--finish") {
		t.Errorf("a new restore over an unfinished one: %v\n%s", err, out)
	}
	if out, problems := checkData(t, target); problems == 0 || !strings.Contains(out, "did not finish") || !strings.Contains(out, "--finish") {
		t.Errorf("director check of a directory a restore did not finish with passes:\n%s", out)
	}

	if err := os.RemoveAll(filepath.Join(target, "scoring.db")); err != nil {
		t.Fatal(err)
	}
	out, err = director("restore", "--data", target, "--finish")
	if err != nil || !strings.Contains(out, "scoring.db: restored") || !strings.Contains(out, "movement.db: restored") || strings.Contains(out, "rulings.db: restored") {
		t.Fatalf("restore --finish: %v\n%s", err, out)
	}
	if left, _ := filepath.Glob(filepath.Join(target, ".restore-*")); len(left) > 0 {
		t.Errorf("the finished restore left %v", left)
	}
	if _, err := os.Stat(filepath.Join(target, restoreJournalName)); err == nil {
		t.Error("the finished restore left its journal")
	}
	if out, problems := checkData(t, target); problems != 0 {
		t.Fatalf("director check of the restored stores:\n%s", out)
	}
	if out, err := director("restore", "--data", target, "--finish"); err == nil || !strings.Contains(out, "nothing to finish") {
		t.Errorf("restore --finish with nothing to finish: %v\n%s", err, out)
	}
	back := startDirector(t, target)
	if have := resultNames(t, back); !have["events/club-night/sessions/1/sections/A/tables/1/rounds/1/boards/1"] {
		t.Errorf("the restored Director holds %v, want the result backed up", have)
	}
	back.stop(t)
}
