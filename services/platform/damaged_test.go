package platform

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/status"
)

// pageSize is the page size bbolt gives new files: the machine's.
var pageSize = int64(os.Getpagesize())

// fillMigrations store enough records that the file spans many pages.
var fillMigrations = []Migration{
	{Version: 1, Name: "fill", Apply: func(tx *bbolt.Tx) error {
		b, err := tx.CreateBucket([]byte("results"))
		if err != nil {
			return err
		}
		for i := range 400 {
			if err := b.Put(Uint64Key(uint64(i)), encodeRecord(bytes.Repeat([]byte{byte(i)}, 300))); err != nil {
				return err
			}
		}
		return nil
	}},
}

// filledStore writes a store of several pages, closes it and returns its
// path and the length its last transaction says it has.
func filledStore(t *testing.T) (string, int64) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "scoring.db")
	s, err := OpenStore(path, fillMigrations)
	if err != nil {
		t.Fatal(err)
	}
	var size int64
	s.View(func(tx *bbolt.Tx) error {
		size = tx.Size()
		return nil
	})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return path, size
}

// openInChild opens the stores at paths in a child process (this test
// binary running TestOpenStoreChild), so that a SIGBUS could not take the
// test down with it, and returns what the child said of each; the child
// must exit cleanly.
func openInChild(t *testing.T, paths ...string) []string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestOpenStoreChild$")
	cmd.Env = append(os.Environ(), "DIRECTOR_TEST_OPEN="+strings.Join(paths, "\n"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("opening the stores killed the process (%v):\n%s", err, out)
	}
	var said []string
	for _, line := range strings.Split(string(out), "\n") {
		if s, ok := strings.CutPrefix(line, "store: "); ok {
			said = append(said, s)
		}
	}
	if len(said) != len(paths) {
		t.Fatalf("the child opened %d of %d stores:\n%s", len(said), len(paths), out)
	}
	return said
}

// TestOpenStoreChild is the child of openInChild; it does nothing in a
// normal run.
func TestOpenStoreChild(t *testing.T) {
	paths := os.Getenv("DIRECTOR_TEST_OPEN")
	if paths == "" {
		t.Skip("run by openInChild")
	}
	for _, path := range strings.Split(paths, "\n") {
		fmt.Println("store: " + openAndCount(path))
	}
}

// openAndCount opens the store at path and says how many of its results it
// read, or why it could not be opened.
func openAndCount(path string) string {
	s, err := OpenStore(path, fillMigrations)
	if err != nil {
		return "open error: " + err.Error()
	}
	defer s.Close()
	n := 0
	err = s.View(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte("results"))
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			if _, err := decodeRecord(v); err != nil {
				return err
			}
			n++
			return nil
		})
	})
	return fmt.Sprintf("opened: %d records, %v", n, err)
}

func TestDamagedStoreFileIsAClearErrorNotACrash(t *testing.T) {
	const advice = "Restore it from a backup, or move it aside to start this service with no data"
	tests := []struct {
		name   string
		damage func(t *testing.T, path string, size int64)
		want   string
	}{
		{"empty", func(t *testing.T, path string, _ int64) { truncate(t, path, 0) }, "it is empty (0 bytes)"},
		{"shorter than a page", func(t *testing.T, path string, _ int64) { truncate(t, path, 100) }, "it is not a bbolt store"},
		{"one page", func(t *testing.T, path string, _ int64) { truncate(t, path, pageSize) }, "bbolt cannot read it"},
		{"only the meta pages", func(t *testing.T, path string, size int64) { truncate(t, path, 2*pageSize) }, "was cut short"},
		{"half", func(t *testing.T, path string, size int64) { truncate(t, path, size/2) }, "was cut short"},
		{"one byte short", func(t *testing.T, path string, size int64) { truncate(t, path, size-1) }, "was cut short"},
		{"garbage", func(t *testing.T, path string, size int64) {
			garbage := make([]byte, size)
			for i := range garbage {
				garbage[i] = byte(rand.IntN(256))
			}
			if err := os.WriteFile(path, garbage, 0o600); err != nil {
				t.Fatal(err)
			}
		}, "it is not a bbolt store"},
		{"both meta pages' checksums", func(t *testing.T, path string, _ int64) {
			// The high-water mark of each meta page (page header 16
			// bytes, then 40 bytes into the meta).
			flipByte(t, path, 16+40)
			flipByte(t, path, pageSize+16+40)
		}, "both of its meta pages fail their checksum"},
		{"both meta pages' versions", func(t *testing.T, path string, _ int64) {
			flipByte(t, path, 16+4)
			flipByte(t, path, pageSize+16+4)
		}, "bbolt format version"},
	}
	paths := make([]string, len(tests))
	for i, tt := range tests {
		var size int64
		paths[i], size = filledStore(t)
		tt.damage(t, paths[i], size)
	}
	said := openInChild(t, paths...)
	for i, tt := range tests {
		if !strings.Contains(said[i], "open error: store "+paths[i]+" is damaged: ") || !strings.Contains(said[i], tt.want) || !strings.Contains(said[i], advice) {
			t.Errorf("%s: opening the damaged file said:\n%s\nwant it to name %s, say %q and what to do", tt.name, said[i], paths[i], tt.want)
		}
	}
}

// A store cut to its high-water mark is whole (bbolt grows files ahead of
// the data). A torn meta page is what a power cut in the middle of a commit
// leaves: bbolt opens the store at the transaction of the other meta page.
func TestStoreOpensAtItsFullLengthAndWithOneMetaPage(t *testing.T) {
	whole, size := filledStore(t)
	truncate(t, whole, size)
	meta0, _ := filledStore(t)
	flipByte(t, meta0, 16+40)
	meta1, _ := filledStore(t)
	flipByte(t, meta1, pageSize+16+40)

	said := openInChild(t, whole, meta0, meta1)
	if said[0] != "opened: 400 records, <nil>" {
		t.Errorf("store cut to its high-water mark: %s", said[0])
	}
	for i, s := range said[1:] {
		if !strings.HasPrefix(s, "opened: ") || !strings.HasSuffix(s, "records, <nil>") {
			t.Errorf("store with meta page %d damaged: %s", i, s)
		}
	}
}

func TestEmptyFileIsNotTakenForANewStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scoring.db")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := OpenStore(path, fillMigrations)
	if err == nil || !strings.Contains(err.Error(), "it is empty") {
		t.Fatalf("OpenStore of an empty file: %v, want it refused", err)
	}
	if info, err := os.Stat(path); err != nil || info.Size() != 0 {
		t.Errorf("the empty file was changed: %v, %v", info, err)
	}
}

func TestNewStoreIsCreatedWhole(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "scoring.db")
	// What a crash during an earlier first start leaves behind.
	if err := os.WriteFile(path+".new", []byte("half a store"), 0o600); err != nil {
		t.Fatal(err)
	}
	openTestStore(t, path, fillMigrations)
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 || entries[0].Name() != "scoring.db" {
		t.Errorf("data directory holds %v (%v), want only scoring.db", entries, err)
	}
}

func truncate(t *testing.T, path string, size int64) {
	t.Helper()
	if err := os.Truncate(path, size); err != nil {
		t.Fatal(err)
	}
}

func flipByte(t *testing.T, path string, offset int64) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := make([]byte, 1)
	if _, err := f.ReadAt(b, offset); err != nil {
		t.Fatal(err)
	}
	b[0] ^= 0xff
	if _, err := f.WriteAt(b, offset); err != nil {
		t.Fatal(err)
	}
}

// TestFaultingReadChild is the child of TestReadOfAPageOutsideTheFileFailsOneRequest.
func TestFaultingReadChild(t *testing.T) {
	path := os.Getenv("DIRECTOR_TEST_FAULT")
	if path == "" {
		t.Skip("run by TestReadOfAPageOutsideTheFileFailsOneRequest")
	}
	s, err := OpenStore(path, fillMigrations)
	if err != nil {
		fmt.Println("open error:", err)
		return
	}
	defer s.Close()
	readAll := func(tx *bbolt.Tx) error {
		return tx.Bucket([]byte("results")).ForEach(func(k, v []byte) error { return nil })
	}
	recovery := recoveryUnary(slog.New(slog.NewTextHandler(io.Discard, nil)))
	for name, handler := range map[string]grpc.UnaryHandler{
		"read":  func(context.Context, any) (any, error) { return nil, s.View(readAll) },
		"write": func(ctx context.Context, _ any) (any, error) { return nil, s.Mutate(ctx, "", "", nil, nil, readAll) },
	} {
		_, err := recovery(context.Background(), nil, &grpc.UnaryServerInfo{FullMethod: "/test/" + name}, handler)
		fmt.Printf("%s: %v\n", name, status.Code(err))
	}
}

func TestReadOfAPageOutsideTheFileFailsOneRequest(t *testing.T) {
	path, _ := filledStore(t)
	branch, pageSize := firstPage(t, path, "branch")
	writeAt(t, path, binary.LittleEndian.AppendUint64(nil, 1<<20), branch*pageSize+16+8)

	cmd := exec.Command(os.Args[0], "-test.run=^TestFaultingReadChild$")
	cmd.Env = append(os.Environ(), "DIRECTOR_TEST_FAULT="+path)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "read: Internal") || !strings.Contains(string(out), "write: Internal") {
		t.Errorf("reading a page outside the file: %v\n%s\nwant each request to fail as Internal, the process to live", err, out)
	}
}

// TestOneDamagedMetaPageIsWarnedOf: the store opens, and the log says that
// its last transaction may be lost.
func TestOneDamagedMetaPageIsWarnedOf(t *testing.T) {
	path, _ := filledStore(t)
	flipByte(t, path, 16+40)
	logs := &logBuffer{}
	defer slog.SetDefault(slog.Default())
	slog.SetDefault(logs.logger())
	s, err := OpenStore(path, fillMigrations)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	logs.mu.Lock()
	defer logs.mu.Unlock()
	if !strings.Contains(logs.buf.String(), "meta page 0 is damaged") {
		t.Errorf("opening a store with a damaged meta page logged:\n%s", logs.buf.String())
	}
}
