package archive

import (
	"bytes"
	"compress/gzip"
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

// regzip compresses again the tar of the archive data with extra after
// its end, in the same gzip stream.
func regzip(t *testing.T, data, extra []byte) []byte {
	t.Helper()
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(gz)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w := gzip.NewWriter(&out)
	w.Write(raw)
	w.Write(extra)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestWhatFollowsTheArchiveBounded: a tar writer's padding after the tar's
// end is read; more of it than any writer pads with, data that is not
// padding, and a second gzip stream or other bytes after the archive's are
// refused without being read to their end.
func TestWhatFollowsTheArchiveBounded(t *testing.T) {
	_, data := sample(t, "deals", "results")
	if _, _, err := readAll(regzip(t, data, make([]byte, 9*1024))); err != nil {
		t.Errorf("an archive padded to a tar record: %v", err)
	}
	var second bytes.Buffer
	w := gzip.NewWriter(&second)
	w.Write(make([]byte, 64<<20))
	w.Close()
	for name, tc := range map[string]struct {
		data []byte
		says string
	}{
		"a mebibyte of zeros": {regzip(t, data, make([]byte, 1<<20)), "more than 64 KiB after its end"},
		"data after the tar":  {regzip(t, data, []byte("one more file")), "data after its end"},
		"a second stream":     {append(bytes.Clone(data), second.Bytes()...), "goes on after the archive's compressed stream ends"},
		"bytes after it":      {append(bytes.Clone(data), "PK\x03\x04"...), "goes on after the archive's compressed stream ends"},
	} {
		_, _, err := readAll(tc.data)
		if err == nil || !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), "after scoring.db") {
			t.Errorf("%s: %v, want an error saying %q", name, err, tc.says)
		}
	}
}

// TestFileSizesBounded: a manifest that declares a file larger than an
// archive holds, or files that come to more, is refused before any file is
// read.
func TestFileSizesBounded(t *testing.T) {
	m, _ := sample(t, "x", "y", "z")
	m.Files[1].Size = MaxFileSize + 1
	if err := m.Check(); err == nil || !strings.Contains(err.Error(), "scoring.db") || !strings.Contains(err.Error(), "at most 16 GiB") {
		t.Errorf("a file of 16 GiB and a byte: %v", err)
	}
	for i := range m.Files {
		m.Files[i].Size = MaxFileSize
	}
	m.Files = append(m.Files, File{Name: "rulings.db", Service: "rulings", Size: MaxFileSize, SHA256: m.Files[0].SHA256})
	m.Files = append(m.Files, File{Name: "extra.db", Service: "extra", Size: 1, SHA256: m.Files[0].SHA256})
	if err := m.Check(); err == nil || !strings.Contains(err.Error(), "more than 64 GiB") {
		t.Errorf("files of 64 GiB and a byte: %v", err)
	}
}
