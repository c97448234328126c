package archive

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"strings"
	"testing"
	"time"
)

// sample is a backup of two files with the contents given.
func sample(t testing.TB, contents ...string) (Manifest, []byte) {
	t.Helper()
	m := Manifest{Format: Format, Kind: KindBackup, Director: "test", Created: time.Date(2026, 12, 4, 1, 30, 0, 0, time.UTC)}
	names := []string{"dealing.db", "scoring.db", "movement.db"}
	for i, c := range contents {
		sum := sha256.Sum256([]byte(c))
		m.Files = append(m.Files, File{Name: names[i], Service: strings.TrimSuffix(names[i], ".db"), SchemaVersion: 3, Size: int64(len(c)), SHA256: hex.EncodeToString(sum[:])})
	}
	var buf bytes.Buffer
	err := Write(&buf, m, func(f File) (io.ReadCloser, error) {
		for i, g := range m.Files {
			if g.Name == f.Name {
				return io.NopCloser(strings.NewReader(contents[i])), nil
			}
		}
		t.Fatalf("asked for %s", f.Name)
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m, buf.Bytes()
}

func readAll(data []byte) (Manifest, map[string]string, error) {
	got := map[string]string{}
	m, err := Read(bytes.NewReader(data), func(f File, r io.Reader) error {
		b, err := io.ReadAll(r)
		got[f.Name] = string(b)
		return err
	})
	return m, got, err
}

func TestRoundTrip(t *testing.T) {
	want, data := sample(t, strings.Repeat("deals ", 5000), "results")
	m, got, err := readAll(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Files) != 2 || m.Files[1] != want.Files[1] || !m.Created.Equal(want.Created) {
		t.Errorf("manifest %+v, want %+v", m, want)
	}
	if got["dealing.db"] != strings.Repeat("deals ", 5000) || got["scoring.db"] != "results" {
		t.Errorf("contents %q", got)
	}
}

// TestDamageNamesTheFile: a flipped byte anywhere past the gzip header is
// refused, naming the file it was in or the archive's damage, unless the
// compressed stream still says the same (a bit deflate does not use).
func TestDamageNamesTheFile(t *testing.T) {
	a, b := strings.Repeat("a", 1<<16), strings.Repeat("b", 1<<16)
	_, data := sample(t, a, b)
	refused := 0
	for i := 10; i < len(data); i++ {
		bad := bytes.Clone(data)
		bad[i] ^= 0x40
		_, got, err := readAll(bad)
		if err == nil {
			if got["dealing.db"] != a || got["scoring.db"] != b {
				t.Fatalf("byte %d flipped: the archive was read with other contents", i)
			}
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, ".db") && !strings.Contains(msg, "manifest") && !strings.Contains(msg, "damaged") {
			t.Errorf("byte %d flipped: %v names neither a file nor the damage", i, err)
		}
		refused++
	}
	if refused == 0 {
		t.Fatal("nothing flipped")
	}
}

func TestManifestRefused(t *testing.T) {
	good, _ := sample(t, "x", "y")
	for name, change := range map[string]func(m *Manifest){
		"format":    func(m *Manifest) { m.Format = "director-archive/9" },
		"kind":      func(m *Manifest) { m.Kind = "copy" },
		"event":     func(m *Manifest) { m.Kind = KindEvent; m.Event = "sessions/1" },
		"file name": func(m *Manifest) { m.Files[0].Name = "../scoring.db" },
		"twice":     func(m *Manifest) { m.Files[1].Name = m.Files[0].Name },
		"sha256":    func(m *Manifest) { m.Files[0].SHA256 = "abc" },
		"size":      func(m *Manifest) { m.Files[0].Size = -1 },
		"no files":  func(m *Manifest) { m.Files = nil },
	} {
		m := good
		m.Files = append([]File(nil), good.Files...)
		change(&m)
		if err := m.Check(); err == nil {
			t.Errorf("%s: accepted %+v", name, m)
		} else if !strings.Contains(err.Error(), "manifest") {
			t.Errorf("%s: %v does not say the manifest is wrong", name, err)
		}
	}
}

func TestTruncatedRefused(t *testing.T) {
	_, data := sample(t, strings.Repeat("a", 1<<16), "y")
	for _, n := range []int{0, 10, len(data) / 2, len(data) - 1} {
		if _, _, err := readAll(data[:n]); err == nil {
			t.Errorf("cut to %d of %d bytes: read", n, len(data))
		}
	}
}

// FuzzRead: whatever the bytes, Read returns an error or a manifest that
// passes its check, and never panics.
func FuzzRead(f *testing.F) {
	_, data := sample(f, "deals", "results")
	f.Add(data)
	_, one := sample(f, strings.Repeat("z", 3000))
	f.Add(one)
	f.Add([]byte{0x1f, 0x8b})
	f.Fuzz(func(t *testing.T, data []byte) {
		m, _, err := readAll(data)
		if err == nil {
			if cerr := m.Check(); cerr != nil {
				t.Fatalf("read an archive whose manifest is wrong: %v", cerr)
			}
		} else if err.Error() == "" {
			t.Fatal("an error that says nothing")
		}
	})
}
