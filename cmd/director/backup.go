package main

// The commands that look after a Director's data through its admin API
// (bridge.admin.v1): backup and restore of every store, and the export and
// import of one event. The archives are package archive's.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/bridge-director/director/formats/archive"
	adminv1 "github.com/bridge-director/director/proto/bridge/admin/v1"
	"github.com/bridge-director/director/services/platform"
)

// remote is how a command reaches a running Director's gRPC port.
type remote struct {
	server, token, ca string
}

// remoteFlags adds --server, --token and --ca to fs.
func remoteFlags(fs *flag.FlagSet) *remote {
	r := &remote{}
	str := func(p *string, name, env, def, help string) {
		if v, ok := os.LookupEnv(env); ok {
			def = v
		}
		fs.StringVar(p, name, def, help+" ($"+env+")")
	}
	str(&r.server, "server", "DIRECTOR_SERVER", "127.0.0.1:9090", "gRPC address of the running Director")
	str(&r.token, "token", "DIRECTOR_TOKEN", "", "bearer token of a federation admin (none for a Director in development mode)")
	str(&r.ca, "ca", "DIRECTOR_CA", "", "PEM CA of the server's certificate; with it the command speaks TLS")
	return r
}

// dial connects to the server; the context carries the token.
func (r *remote) dial(ctx context.Context) (adminv1.AdminServiceClient, context.Context, func(), error) {
	creds := insecure.NewCredentials()
	if r.ca != "" {
		pem, err := os.ReadFile(r.ca)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("--ca: %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, nil, nil, fmt.Errorf("--ca %s: no PEM certificate in it", r.ca)
		}
		creds = credentials.NewTLS(&tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12})
	}
	conn, err := grpc.NewClient(r.server, grpc.WithTransportCredentials(creds),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(8<<20)))
	if err != nil {
		return nil, nil, nil, fmt.Errorf("--server %s: %w", r.server, err)
	}
	if r.token != "" {
		ctx = metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+r.token)
	}
	return adminv1.NewAdminServiceClient(conn), ctx, func() { conn.Close() }, nil
}

// callError says which server refused what, with the server's message.
func (r *remote) callError(what string, err error) error {
	if s, ok := status.FromError(err); ok {
		hint := ""
		if s.Code() == codes.Unavailable {
			hint = "; is a Director serving gRPC there (--server), and with TLS only when given --ca?"
		}
		return fmt.Errorf("%s on %s: %s (%s)%s", what, r.server, s.Message(), s.Code(), hint)
	}
	return fmt.Errorf("%s on %s: %w", what, r.server, err)
}

// directorVersion is the version of this binary, for manifests.
func directorVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}

// parseInterleaved parses args with fs, flags before and after the
// arguments alike ("restore FILE --force"), and returns the arguments.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return rest, nil
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// backup runs "director backup": it copies every store of the running
// Director, checks each copy as "director check" would, and writes them with
// a manifest as one archive.
func backup(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("director backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	r := remoteFlags(fs)
	out := fs.String("out", "", "archive to write (default director-backup-<UTC time>.tar.gz)")
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("backup: unexpected argument %q", rest[0])
	}
	now := time.Now().UTC()
	if *out == "" {
		*out = "director-backup-" + now.Format("20060102T150405Z") + ".tar.gz"
	}
	if err := notThere(*out); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	client, ctx, closeConn, err := r.dial(ctx)
	if err != nil {
		return err
	}
	defer closeConn()
	stores, err := client.ListStores(ctx, &adminv1.ListStoresRequest{})
	if err != nil {
		return r.callError("backup: listing the stores", err)
	}
	if len(stores.GetStores()) == 0 {
		return fmt.Errorf("backup: %s runs no service and keeps no store (a gateway alone, --services gateway): back up the process of each service", r.server)
	}
	staging, err := os.MkdirTemp(filepath.Dir(*out), ".director-backup-")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer os.RemoveAll(staging)
	m := archive.Manifest{Format: archive.Format, Kind: archive.KindBackup, Director: directorVersion(), Created: now}
	start := time.Now()
	// One after another, in the order the server lists them: a sender of
	// changes to another service before its receiver, so that the later
	// copy holds every change the earlier one says it delivered.
	for _, s := range stores.GetStores() {
		f, err := fetchStore(ctx, client, r, s, staging, stderr)
		if err != nil {
			return err
		}
		m.Files = append(m.Files, f)
	}
	copied := time.Since(start)
	for _, f := range m.Files {
		if _, err := checkCopy(filepath.Join(staging, f.Name)); err != nil {
			return fmt.Errorf("backup: %w; no archive written", err)
		}
	}
	if err := writeArchive(*out, m, staging); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	var total int64
	for _, f := range m.Files {
		total += f.Size
	}
	fmt.Fprintf(stderr, "backup: wrote %s: %d stores, %s copied in %s (%s), every store checked\n",
		*out, len(m.Files), bytesText(total), copied.Round(time.Millisecond), rate(total, copied))
	return nil
}

// notThere refuses to write an archive over a file already at path: an
// earlier backup or export is never replaced by mistake.
func notThere(path string) error {
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s exists already: give another --out, or move it away first", path)
	}
	return nil
}

// fetchStore copies one store into dir, and checks that what arrived is
// what the server sent.
func fetchStore(ctx context.Context, client adminv1.AdminServiceClient, r *remote, s *adminv1.StoreInfo, dir string, stderr io.Writer) (archive.File, error) {
	f := archive.File{Name: s.GetFile(), Service: s.GetService()}
	if filepath.Base(f.Name) != f.Name || !strings.HasSuffix(f.Name, ".db") {
		return f, fmt.Errorf("backup: the server names a store %q", f.Name)
	}
	stream, err := client.BackupStore(ctx, &adminv1.BackupStoreRequest{Service: s.GetService()})
	if err != nil {
		return f, r.callError("backup of "+f.Name, err)
	}
	file, err := os.Create(filepath.Join(dir, f.Name))
	if err != nil {
		return f, fmt.Errorf("backup: %w", err)
	}
	defer file.Close()
	h := sha256.New()
	p := newCopyProgress(stderr, f.Name)
	var sent []byte
	for {
		msg, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return f, r.callError("backup of "+f.Name, err)
		}
		if info := msg.GetStore(); info != nil {
			f.Size, f.SchemaVersion = info.GetSize(), int(info.GetSchemaVersion())
			p.total = f.Size
		}
		if len(msg.GetData()) > 0 {
			if _, err := file.Write(msg.GetData()); err != nil {
				return f, fmt.Errorf("backup: %s: %w", f.Name, err)
			}
			h.Write(msg.GetData())
			p.add(int64(len(msg.GetData())))
		}
		if len(msg.GetSha256()) > 0 {
			sent = msg.GetSha256()
		}
	}
	if err := file.Sync(); err != nil {
		return f, fmt.Errorf("backup: %s: %w", f.Name, err)
	}
	p.finish()
	sum := h.Sum(nil)
	switch {
	case sent == nil:
		return f, fmt.Errorf("backup: the copy of %s ended without its SHA-256: the connection was cut", f.Name)
	case hex.EncodeToString(sent) != hex.EncodeToString(sum):
		return f, fmt.Errorf("backup: the copy of %s does not match the SHA-256 the server sent: it was damaged on the way", f.Name)
	case p.done != f.Size:
		return f, fmt.Errorf("backup: the copy of %s is %d bytes, the server said %d", f.Name, p.done, f.Size)
	}
	f.SHA256 = hex.EncodeToString(sum)
	return f, nil
}

// checkCopy runs "director check"'s checks on a copied store and says what
// is wrong with it.
func checkCopy(path string) (platform.StoreCheck, error) {
	c, err := platform.CheckStore(path, time.Second)
	if err != nil {
		return c, fmt.Errorf("%s cannot be checked: %w", filepath.Base(path), err)
	}
	if len(c.Problems) > 0 {
		return c, fmt.Errorf("%s fails its check: %s", c.File, strings.Join(c.Problems, "; "))
	}
	return c, nil
}

// writeArchive writes the archive of m, its files in dir, to path whole or
// not at all: to a file beside it, synced, then renamed into place.
func writeArchive(path string, m archive.Manifest, dir string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	err = archive.Write(tmp, m, func(f archive.File) (io.ReadCloser, error) {
		return os.Open(filepath.Join(dir, f.Name))
	})
	if err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	return syncDir(filepath.Dir(path))
}

// syncDir makes the renames in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// restoreJournalName is the file a restore writes in the data directory,
// synced, before it puts any store in place, and removes once every store
// is: while it is there the directory holds some stores of the backup and
// some from before, and "director serve" refuses to start on it.
const restoreJournalName = "restore-journal.json"

// restoreJournal says what a restore puts in place, so that one cut short
// (a crash, a full disk, a store that could not be replaced) can be
// finished by "director restore --finish".
type restoreJournal struct {
	Backup  string    `json:"backup"`  // the archive restored, as it was named
	Created time.Time `json:"created"` // when the backup was taken
	Started time.Time `json:"started"` // when the restore began
	// Staging is the directory, in the data directory, that holds the
	// restored stores not yet in place.
	Staging string         `json:"staging"`
	Stores  []journalStore `json:"stores"`
}

// journalStore is one store a restore puts in place.
type journalStore struct {
	File          string `json:"file"`
	SchemaVersion int    `json:"schema_version"`
	Size          int64  `json:"size"`
	// Replaced is where the store it replaces is kept, when there was one.
	Replaced string `json:"replaced,omitempty"`
}

// readRestoreJournal returns the journal of an unfinished restore in
// dataDir, or nil when there is none.
func readRestoreJournal(dataDir string) (*restoreJournal, error) {
	path := filepath.Join(dataDir, restoreJournalName)
	raw, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	j := &restoreJournal{}
	if err := json.Unmarshal(raw, j); err != nil {
		return nil, fmt.Errorf("%s: %v; it is a restore's journal: finish the restore by hand (the restored stores are in %s) or restore again", path, err, filepath.Join(dataDir, ".restore-*"))
	}
	for _, st := range j.Stores {
		if filepath.Base(st.File) != st.File || (st.Replaced != "" && filepath.Base(st.Replaced) != st.Replaced) {
			return nil, fmt.Errorf("%s: it names a store %q outside the data directory", path, st.File)
		}
	}
	if filepath.Base(j.Staging) != j.Staging || !strings.HasPrefix(j.Staging, ".restore-") {
		return nil, fmt.Errorf("%s: it names %q as where the restored stores are, not a restore's directory", path, j.Staging)
	}
	return j, nil
}

// unfinishedRestore refuses a data directory that a restore did not finish
// with, saying what to do; nil when there is none.
func unfinishedRestore(dataDir string) error {
	j, err := readRestoreJournal(dataDir)
	if err != nil {
		return err
	}
	if j == nil {
		return nil
	}
	return fmt.Errorf("%s: the restore of %s (taken %s) begun %s did not finish, so %s holds some of its stores and some from before: run director restore --data %s --finish to put the rest in place",
		filepath.Join(dataDir, restoreJournalName), j.Backup, j.Created.Format(time.RFC3339), j.Started.Format(time.RFC3339), dataDir, dataDir)
}

// writeRestoreJournal writes j into dataDir, synced, before any store is
// put in place.
func writeRestoreJournal(dataDir string, j *restoreJournal) error {
	raw, err := json.MarshalIndent(j, "", "  ")
	if err != nil {
		return err
	}
	path := filepath.Join(dataDir, restoreJournalName)
	tmp := path + ".new"
	os.Remove(tmp)
	if err := writeSynced(tmp, bytes.NewReader(append(raw, '\n'))); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	return syncDir(dataDir)
}

// finishRestore puts in place every store of j not yet there, then removes
// the journal and what is left of the staging directory. It does again
// only what was not done: a store whose restored file is no longer in the
// staging directory is in place already.
func finishRestore(dataDir string, j *restoreJournal, stderr io.Writer) error {
	for _, st := range j.Stores {
		staged := filepath.Join(dataDir, j.Staging, st.File)
		target := filepath.Join(dataDir, st.File)
		if _, err := os.Stat(staged); errors.Is(err, os.ErrNotExist) {
			continue
		}
		// Check again: a Director may have started meanwhile.
		if err := platform.CheckNotHeld(target, 500*time.Millisecond); err != nil {
			return fmt.Errorf("a Director is running on %s (%v): stop it first", dataDir, err)
		}
		if st.Replaced != "" {
			replaced := filepath.Join(dataDir, st.Replaced)
			_, oldThere := os.Stat(target)
			_, keptThere := os.Stat(replaced)
			// A link, so that the store is never missing from its place.
			if oldThere == nil && errors.Is(keptThere, os.ErrNotExist) {
				if err := os.Link(target, replaced); err != nil {
					return fmt.Errorf("keeping the old %s: %w", st.File, err)
				}
			}
		}
		if err := os.Rename(staged, target); err != nil {
			return fmt.Errorf("%s: %w", st.File, err)
		}
		fmt.Fprintf(stderr, "restore: %s: restored (schema version %d, %s)", target, st.SchemaVersion, bytesText(st.Size))
		if st.Replaced != "" {
			fmt.Fprintf(stderr, "; the old one is %s", st.Replaced)
		}
		fmt.Fprintln(stderr)
	}
	if err := syncDir(dataDir); err != nil {
		return err
	}
	if err := os.Remove(filepath.Join(dataDir, restoreJournalName)); err != nil {
		return err
	}
	if err := syncDir(dataDir); err != nil {
		return err
	}
	return os.RemoveAll(filepath.Join(dataDir, j.Staging))
}

// restore runs "director restore": it checks a backup whole, then puts its
// stores in the data directory, refusing while a Director runs on it, and
// over stores already there without --force. A journal written first lets
// "director restore --finish" complete a restore cut short.
func restore(args []string, stderr io.Writer) (err error) {
	fs := flag.NewFlagSet("director restore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dataDir := "data"
	if v, ok := os.LookupEnv("DIRECTOR_DATA"); ok {
		dataDir = v
	}
	fs.StringVar(&dataDir, "data", dataDir, "directory of the services' bbolt files ($DIRECTOR_DATA)")
	force := fs.Bool("force", false, "replace the stores the data directory holds (each old file is kept beside, as <store>.replaced-<time>)")
	finish := fs.Bool("finish", false, "finish a restore into the data directory that was cut short, from its "+restoreJournalName)
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	j, err := readRestoreJournal(dataDir)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	if *finish {
		switch {
		case len(rest) > 0:
			return errors.New("restore: --finish finishes the restore already begun, and takes no archive")
		case j == nil:
			return fmt.Errorf("restore: %s holds no unfinished restore (no %s): nothing to finish", dataDir, restoreJournalName)
		}
		// A Director running on the directory holds its stores' locks.
		if err := notServing(dataDir); err != nil {
			return err
		}
		if err := finishRestore(dataDir, j, stderr); err != nil {
			return fmt.Errorf("restore: finishing the restore of %s: %w; run director restore --data %s --finish again once that is fixed", j.Backup, err, dataDir)
		}
		fmt.Fprintf(stderr, "restore: the restore of %s (the backup of %s) into %s is finished\n", j.Backup, j.Created.Format(time.RFC3339), dataDir)
		return nil
	}
	if len(rest) != 1 {
		return errors.New("restore: give one backup archive: director restore [--data dir] [--force] FILE (or --finish, to finish a restore cut short)")
	}
	if j != nil {
		return fmt.Errorf("restore: %w; then restore %s if you still mean to", unfinishedRestore(dataDir), rest[0])
	}
	in, err := os.Open(rest[0])
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer in.Close()
	if _, statErr := os.Stat(dataDir); errors.Is(statErr, os.ErrNotExist) {
		// A restore that writes nothing leaves no directory behind either
		// (os.Remove takes only an empty one).
		defer func() {
			if err != nil {
				os.Remove(dataDir)
			}
		}()
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	if err := notServing(dataDir); err != nil {
		return err
	}
	staging, err := os.MkdirTemp(dataDir, ".restore-")
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	// Removed unless the journal names it: then it holds what a finish
	// puts in place.
	journaled := false
	defer func() {
		if !journaled {
			os.RemoveAll(staging)
		}
	}()
	// What the archive is, and whether its stores may go in, is known from
	// its manifest, before its stores are read.
	fits := func(m archive.Manifest) error {
		if m.Kind != archive.KindBackup {
			return fmt.Errorf("the archive is an export of %s, not a backup: bring it in with director import", m.Event)
		}
		var there []string
		for _, f := range m.Files {
			if _, err := os.Stat(filepath.Join(dataDir, f.Name)); err == nil {
				there = append(there, f.Name)
			}
		}
		if len(there) > 0 && !*force {
			return fmt.Errorf("%s holds %s already; restoring would replace what they hold now. Give --force to replace them (each old file is kept beside as <store>.replaced-<time>), or restore into a new directory", dataDir, strings.Join(there, ", "))
		}
		return nil
	}
	m, err := archive.ReadWith(in, fits, func(f archive.File, r io.Reader) error {
		if !strings.HasSuffix(f.Name, ".db") {
			return errors.New("a backup holds only stores (*.db)")
		}
		return writeSynced(filepath.Join(staging, f.Name), newCopyProgress(stderr, f.Name).reader(r, f.Size))
	})
	if err != nil {
		return fmt.Errorf("restore: %s: %w; nothing restored", rest[0], err)
	}
	for _, f := range m.Files {
		c, err := checkCopy(filepath.Join(staging, f.Name))
		if err != nil {
			return fmt.Errorf("restore: %s: %w; nothing restored", rest[0], err)
		}
		fmt.Fprintf(stderr, "restore: %s: SHA-256 as in the manifest, %d records checked\n", f.Name, c.Records)
		// A venue's or a federation's store comes back as a new
		// incarnation, its relays sending their records again.
		renewed, err := platform.RenewIncarnation(filepath.Join(staging, f.Name))
		if err != nil {
			return fmt.Errorf("restore: %s: a new incarnation: %w; nothing restored", f.Name, err)
		}
		if renewed {
			fmt.Fprintf(stderr, "restore: %s: a new incarnation (a venue's or a federation's relays send their records again, applied once at the other end)\n", f.Name)
		}
	}
	if err := syncDir(staging); err != nil {
		return fmt.Errorf("restore: %w; nothing restored", err)
	}
	stamp := time.Now().UTC().Format("20060102T150405Z")
	j = &restoreJournal{Backup: rest[0], Created: m.Created, Started: time.Now().UTC(), Staging: filepath.Base(staging)}
	for _, f := range m.Files {
		st := journalStore{File: f.Name, SchemaVersion: f.SchemaVersion, Size: f.Size}
		if _, err := os.Stat(filepath.Join(dataDir, f.Name)); err == nil {
			st.Replaced = f.Name + ".replaced-" + stamp
		}
		j.Stores = append(j.Stores, st)
	}
	if err := writeRestoreJournal(dataDir, j); err != nil {
		return fmt.Errorf("restore: writing %s: %w; nothing restored", restoreJournalName, err)
	}
	journaled = true
	if err := finishRestore(dataDir, j, stderr); err != nil {
		return fmt.Errorf("restore: %w; the restore is cut short, and Director will not start on %s until it is finished: once that is fixed, run director restore --data %s --finish", err, dataDir, dataDir)
	}
	fmt.Fprintf(stderr, "restore: %d stores from the backup of %s (Director %s) restored into %s\n", len(m.Files), m.Created.Format(time.RFC3339), m.Director, dataDir)
	return nil
}

// notServing refuses a data directory a Director runs on: it holds its
// stores' locks.
func notServing(dataDir string) error {
	held, _ := filepath.Glob(filepath.Join(dataDir, "*.db"))
	for _, path := range held {
		if err := platform.CheckNotHeld(path, 500*time.Millisecond); err != nil {
			return fmt.Errorf("restore: a Director is running on %s (%v): stop it first", dataDir, err)
		}
	}
	return nil
}

// writeSynced writes what r holds to a new file at path and syncs it.
func writeSynced(path string, r io.Reader) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := io.Copy(f, r); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	return f.Close()
}

// copyProgress shows how far the copy of one file has got: on a terminal one
// line, rewritten as it goes; elsewhere (a log) one line when it is done.
type copyProgress struct {
	w           io.Writer
	name        string
	tty         bool
	total, done int64
	start, last time.Time
}

func newCopyProgress(w io.Writer, name string) *copyProgress {
	tty := false
	if f, ok := w.(*os.File); ok {
		if info, err := f.Stat(); err == nil && info.Mode()&os.ModeCharDevice != 0 {
			tty = true
		}
	}
	return &copyProgress{w: w, name: name, tty: tty, start: time.Now()}
}

func (p *copyProgress) add(n int64) {
	p.done += n
	if p.tty && time.Since(p.last) > 100*time.Millisecond {
		p.last = time.Now()
		fmt.Fprintf(p.w, "\r%s", p.line())
	}
}

func (p *copyProgress) line() string {
	if p.total > 0 {
		return fmt.Sprintf("%s: %s of %s (%d%%)", p.name, bytesText(p.done), bytesText(p.total), p.done*100/p.total)
	}
	return fmt.Sprintf("%s: %s", p.name, bytesText(p.done))
}

func (p *copyProgress) finish() {
	took := time.Since(p.start)
	if p.tty {
		fmt.Fprint(p.w, "\r")
	}
	fmt.Fprintf(p.w, "%s in %s (%s)\n", p.line(), took.Round(time.Millisecond), rate(p.done, took))
}

// reader counts what is read through it, and finishes at its end.
func (p *copyProgress) reader(r io.Reader, total int64) io.Reader {
	p.total = total
	return &copyProgressReader{r: r, p: p}
}

type copyProgressReader struct {
	r        io.Reader
	p        *copyProgress
	finished bool
}

func (pr *copyProgressReader) Read(b []byte) (int, error) {
	n, err := pr.r.Read(b)
	pr.p.add(int64(n))
	if errors.Is(err, io.EOF) && !pr.finished {
		pr.finished = true
		pr.p.finish()
	}
	return n, err
}

// bytesText says a size as people read it.
func bytesText(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// rate says how fast n bytes went in d.
func rate(n int64, d time.Duration) string {
	if d <= 0 {
		return "at once"
	}
	return fmt.Sprintf("%.1f MB/s", float64(n)/d.Seconds()/1e6)
}

// dataCommands are the commands of this file, by name.
var dataCommands = map[string]func(ctx context.Context, args []string, stderr io.Writer) error{
	"backup":  backup,
	"restore": func(_ context.Context, args []string, stderr io.Writer) error { return restore(args, stderr) },
	"export":  exportEvent,
	"import":  importEvent,
}
