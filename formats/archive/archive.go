// Package archive reads and writes Director's archives: a backup of every
// service's store, or one event's records from every store. An archive is
// a gzip-compressed tar file whose first entry is manifest.json, which says
// what the archive is and names every file after it, in order, with its
// size and SHA-256:
//
//	{"format": "director-archive/1", "kind": "backup",
//	 "director": "v1.4.0", "created": "2026-12-04T01:30:00Z",
//	 "files": [{"name": "dealing.db", "service": "dealing",
//	            "schema_version": 3, "size": 65536, "sha256": "9f86…"}, …]}
//
// An event's archive is of kind "event", names the event ("events/…") and
// holds one file of records per store ("scoring.entries"); what a file
// holds is its writer's business. Read checks the manifest before any file
// and each file's size and SHA-256 as it reads it, and names the file in
// every error after the manifest, so that a damaged archive says where.
// What it reads is bounded by the manifest: no file larger than it
// declares (nor than MaxFileSize), one gzip stream, and after the tar's end
// no more than a tar writer's padding.
package archive

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"time"
)

// Format is the manifest's format of this package.
const Format = "director-archive/1"

// The kinds of archive.
const (
	KindBackup = "backup" // every store whole, as bbolt files
	KindEvent  = "event"  // one event's records from every store
)

const (
	manifestName = "manifest.json"
	// maxManifest bounds the manifest read into memory.
	maxManifest = 1 << 20
	// maxFiles bounds the files of an archive: one a service.
	maxFiles = 64
	// maxTrailing bounds what the compressed stream may hold after the
	// tar's end (a tar writer may pad it to a record), all zeros.
	maxTrailing = 64 << 10
)

// MaxFileSize is the largest file an archive may hold, and MaxTotalSize
// the most its files may come to: a store of a federation's whole season is
// a few GiB. A manifest that declares more is refused before any file is
// read, and no file is read past the size its manifest declares, so that a
// small archive cannot inflate to fill a disk. A reader bounds its files
// further in ReadWith's manifest function (an import takes far less).
const (
	MaxFileSize  = 16 << 30
	MaxTotalSize = 64 << 30
)

// Manifest is what an archive holds.
type Manifest struct {
	Format   string    `json:"format"`
	Kind     string    `json:"kind"`
	Director string    `json:"director"` // the version of the Director that wrote it
	Created  time.Time `json:"created"`
	Event    string    `json:"event,omitempty"` // an event's archive: "events/{event}"
	Files    []File    `json:"files"`
}

// File is one file of an archive.
type File struct {
	Name          string `json:"name"`    // "scoring.db"
	Service       string `json:"service"` // "scoring"
	SchemaVersion int    `json:"schema_version"`
	Size          int64  `json:"size"`
	SHA256        string `json:"sha256"` // lower-case hex
}

var (
	namePattern    = regexp.MustCompile(`^[a-z][a-z0-9_-]*\.[a-z]+$`)
	servicePattern = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)
	eventPattern   = regexp.MustCompile(`^events/[a-z0-9][a-z0-9-]{0,62}$`)
)

// Check says what is wrong with m, or returns nil.
func (m Manifest) Check() error {
	switch {
	case m.Format != Format:
		return fmt.Errorf("manifest: format %q, want %q (an archive of a newer Director, or not one of Director's)", m.Format, Format)
	case m.Kind != KindBackup && m.Kind != KindEvent:
		return fmt.Errorf("manifest: kind %q, want %q or %q", m.Kind, KindBackup, KindEvent)
	case m.Kind == KindEvent && !eventPattern.MatchString(m.Event):
		return fmt.Errorf("manifest: an event's archive names its event as events/{event}, got %q", m.Event)
	case m.Kind == KindBackup && m.Event != "":
		return fmt.Errorf("manifest: a backup names no event, got %q", m.Event)
	case len(m.Files) == 0:
		return errors.New("manifest: no files")
	case len(m.Files) > maxFiles:
		return fmt.Errorf("manifest: %d files, at most %d", len(m.Files), maxFiles)
	}
	seen := map[string]bool{}
	var total int64
	for i, f := range m.Files {
		where := fmt.Sprintf("manifest: file %d (%q)", i+1, f.Name)
		sum, err := hex.DecodeString(f.SHA256)
		switch {
		case !namePattern.MatchString(f.Name) || f.Name == manifestName:
			return fmt.Errorf("%s: a file's name is a store's, like scoring.db", where)
		case seen[f.Name]:
			return fmt.Errorf("%s: named twice", where)
		case !servicePattern.MatchString(f.Service):
			return fmt.Errorf("%s: service %q is not a service's name", where, f.Service)
		case f.SchemaVersion < 0:
			return fmt.Errorf("%s: schema version %d", where, f.SchemaVersion)
		case f.Size < 0:
			return fmt.Errorf("%s: size %d", where, f.Size)
		case f.Size > MaxFileSize:
			return fmt.Errorf("%s: %d bytes, and a file of an archive is at most %d GiB", where, f.Size, MaxFileSize>>30)
		case err != nil || len(sum) != sha256.Size:
			return fmt.Errorf("%s: sha256 %q is not 64 hex digits", where, f.SHA256)
		}
		seen[f.Name] = true
		if total += f.Size; total > MaxTotalSize {
			return fmt.Errorf("%s: the files come to more than %d GiB, the most an archive holds", where, MaxTotalSize>>30)
		}
	}
	return nil
}

// Write writes an archive of m to w, with the contents of each of its files
// from open, which must give exactly the size and SHA-256 the manifest
// says. It checks m first.
func Write(w io.Writer, m Manifest, open func(File) (io.ReadCloser, error)) error {
	if err := m.Check(); err != nil {
		return err
	}
	manifest, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	gz, err := gzip.NewWriterLevel(w, gzip.BestSpeed)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(gz)
	header := func(name string, size int64) *tar.Header {
		return &tar.Header{Name: name, Size: size, Mode: 0o600, ModTime: m.Created, Typeflag: tar.TypeReg, Format: tar.FormatPAX}
	}
	if err := tw.WriteHeader(header(manifestName, int64(len(manifest)))); err != nil {
		return err
	}
	if _, err := tw.Write(manifest); err != nil {
		return err
	}
	for _, f := range m.Files {
		if err := tw.WriteHeader(header(f.Name, f.Size)); err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
		r, err := open(f)
		if err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
		h := sha256.New()
		n, err := io.Copy(io.MultiWriter(tw, h), r)
		r.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
		if n != f.Size || hex.EncodeToString(h.Sum(nil)) != f.SHA256 {
			return fmt.Errorf("%s: its contents changed while the archive was written", f.Name)
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

// Read reads the archive in r: it reads and checks the manifest, then calls
// fn for each file in the manifest's order with a reader of its contents.
// fn must read the file to its end (or return an error); Read then checks
// its size and SHA-256, so fn must not act on a file for good before Read
// returns nil. Every error after the manifest names the file it was
// reading.
func Read(r io.Reader, fn func(File, io.Reader) error) (Manifest, error) {
	return ReadWith(r, nil, fn)
}

// ReadWith is Read that first calls manifest, if not nil, with the checked
// manifest, before any file is read; an error from it ends the read.
func ReadWith(r io.Reader, manifest func(Manifest) error, fn func(File, io.Reader) error) (Manifest, error) {
	var m Manifest
	// A reader of bytes of its own, so that gzip reads no further than its
	// stream and what follows it can be seen.
	br := bufio.NewReader(r)
	gz, err := gzip.NewReader(br)
	if err != nil {
		return m, fmt.Errorf("not a Director archive (a gzip-compressed tar file): %w", err)
	}
	// One gzip stream: another after it would be read to its end too.
	gz.Multistream(false)
	tr := tar.NewReader(gz)
	h, err := tr.Next()
	if err != nil {
		return m, fmt.Errorf("manifest: %w", damaged(err))
	}
	if h.Name != manifestName || h.Typeflag != tar.TypeReg {
		return m, fmt.Errorf("the archive begins with %q, not %s: it is not a Director archive", h.Name, manifestName)
	}
	if h.Size > maxManifest {
		return m, fmt.Errorf("manifest: %d bytes, at most %d", h.Size, maxManifest)
	}
	raw, err := io.ReadAll(tr)
	if err != nil {
		return m, fmt.Errorf("manifest: %w", damaged(err))
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("manifest: %v", err)
	}
	if err := m.Check(); err != nil {
		return m, err
	}
	if manifest != nil {
		if err := manifest(m); err != nil {
			return m, err
		}
	}
	for _, f := range m.Files {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return m, fmt.Errorf("%s: missing from the archive, which ends before it: the archive is incomplete", f.Name)
		}
		if err != nil {
			return m, fmt.Errorf("%s: %w", f.Name, damaged(err))
		}
		if h.Name != f.Name || h.Typeflag != tar.TypeReg {
			return m, fmt.Errorf("%s: the archive holds %q where the manifest says %s", f.Name, h.Name, f.Name)
		}
		if h.Size != f.Size {
			return m, fmt.Errorf("%s: %d bytes in the archive, %d in the manifest: the archive is damaged", f.Name, h.Size, f.Size)
		}
		sum := sha256.New()
		counted := &counter{r: io.TeeReader(tr, sum)}
		if err := fn(f, counted); err != nil {
			return m, fmt.Errorf("%s: %w", f.Name, damaged(err))
		}
		if _, err := io.Copy(io.Discard, counted); err != nil {
			return m, fmt.Errorf("%s: %w", f.Name, damaged(err))
		}
		if counted.n != f.Size {
			return m, fmt.Errorf("%s: %d bytes read, %d in the manifest: the archive is damaged", f.Name, counted.n, f.Size)
		}
		if got := hex.EncodeToString(sum.Sum(nil)); got != f.SHA256 {
			return m, fmt.Errorf("%s: its SHA-256 is %s, the manifest says %s: the archive is damaged", f.Name, got, f.SHA256)
		}
	}
	if h, err := tr.Next(); err == nil {
		return m, fmt.Errorf("the archive holds %q, which its manifest does not name", h.Name)
	} else if !errors.Is(err, io.EOF) {
		return m, fmt.Errorf("after %s: %w", m.Files[len(m.Files)-1].Name, damaged(err))
	}
	// The gzip trailer's checksum is checked at the end of its stream,
	// which holds at most a tar writer's padding after the tar's end.
	last := m.Files[len(m.Files)-1].Name
	n, err := io.Copy(zeros{}, io.LimitReader(gz, maxTrailing+1))
	switch {
	case errors.Is(err, errNotZero):
		return m, fmt.Errorf("after %s: the archive holds data after its end: it is not one Director wrote", last)
	case err != nil:
		return m, fmt.Errorf("after %s: %w", last, damaged(err))
	case n > maxTrailing:
		return m, fmt.Errorf("after %s: the archive goes on for more than %d KiB after its end: it is not one Director wrote", last, maxTrailing>>10)
	}
	if _, err := br.ReadByte(); err == nil {
		return m, fmt.Errorf("after %s: the file goes on after the archive's compressed stream ends: it is not one Director wrote", last)
	} else if !errors.Is(err, io.EOF) {
		return m, fmt.Errorf("after %s: %w", last, err)
	}
	return m, nil
}

// errNotZero is zeros' error for a byte that is not zero.
var errNotZero = errors.New("not zero")

// zeros is a writer that takes zero bytes only.
type zeros struct{}

func (zeros) Write(p []byte) (int, error) {
	for i, b := range p {
		if b != 0 {
			return i, errNotZero
		}
	}
	return len(p), nil
}

// damaged says that a read failed because the archive is damaged.
func damaged(err error) error {
	var corrupt flate.CorruptInputError
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("the archive ends early: it is incomplete (%w)", err)
	}
	if errors.Is(err, gzip.ErrChecksum) || errors.Is(err, gzip.ErrHeader) || errors.Is(err, tar.ErrHeader) || errors.As(err, &corrupt) {
		return fmt.Errorf("the archive is damaged (%w)", err)
	}
	return err
}

// counter counts the bytes read through it.
type counter struct {
	r io.Reader
	n int64
}

func (c *counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
