package platform

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	adminv1 "github.com/bridge-director/director/proto/bridge/admin/v1"
)

// backupChunk is the size of the pieces BackupStore streams a copy in, well
// below a gRPC client's default 4 MiB message limit.
const backupChunk = 256 << 10

// File is the base name of the store's file ("scoring.db").
func (s *Store) File() string { return filepath.Base(s.path) }

// Snapshot writes a consistent copy of the store, as its last committed
// transaction left it, to w, and returns its size. The service goes on
// serving while it runs: bbolt's read transaction sees one state of the file
// whatever commits meanwhile.
func (s *Store) Snapshot(w io.Writer) (int64, error) {
	var n int64
	err := s.db.View(func(tx *bbolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}

// storeInfo describes the store of service for ListStores.
func storeInfo(service string, s *Store) (*adminv1.StoreInfo, error) {
	info := &adminv1.StoreInfo{Service: service, File: s.File()}
	err := s.View(func(tx *bbolt.Tx) error {
		info.Size = tx.Size()
		v, err := readSchemaVersion(tx.Bucket([]byte(metaBucket)))
		info.SchemaVersion = int32(v)
		return err
	})
	return info, err
}

// backupStore streams a copy of s to stream. The copy is first written to
// a file beside the store and then sent from it: a read transaction held
// for as long as a slow client takes would make a commit that grows the
// file wait for it (bbolt remaps the file only when no reader holds it),
// while a copy on the same disk takes a moment.
func backupStore(service string, s *Store, stream adminv1.AdminService_BackupStoreServer) error {
	tmp, err := os.CreateTemp(filepath.Dir(s.path), backupPrefix(s.path)+"*")
	if err != nil {
		return status.Errorf(codes.Internal, "backup of %s: %v", s.File(), err)
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	info := &adminv1.StoreInfo{Service: service, File: s.File()}
	err = s.db.View(func(tx *bbolt.Tx) error {
		v, err := readSchemaVersion(tx.Bucket([]byte(metaBucket)))
		info.SchemaVersion = int32(v)
		if err != nil {
			return err
		}
		info.Size, err = tx.WriteTo(tmp)
		return err
	})
	if err != nil {
		return status.Errorf(codes.Internal, "backup of %s: %v", s.File(), err)
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return status.Errorf(codes.Internal, "backup of %s: %v", s.File(), err)
	}
	if err := stream.Send(&adminv1.BackupStoreResponse{Store: info}); err != nil {
		return err
	}
	h := sha256.New()
	buf := make([]byte, backupChunk)
	for {
		n, err := io.ReadFull(tmp, buf)
		if n > 0 {
			h.Write(buf[:n])
			if err := stream.Send(&adminv1.BackupStoreResponse{Data: buf[:n]}); err != nil {
				return err
			}
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			return status.Errorf(codes.Internal, "backup of %s: %v", s.File(), err)
		}
	}
	return stream.Send(&adminv1.BackupStoreResponse{Sha256: h.Sum(nil)})
}

// backupPrefix begins the names of the copies backupStore writes beside
// the store at path while it sends one ("scoring.db.backup-<random>").
func backupPrefix(path string) string {
	return filepath.Base(path) + ".backup-"
}

// removeStaleBackups removes the copies a backup left beside the store at
// path when its process died while sending one. It runs once the store is
// open, when its lock is held, so no backup of it is under way: every
// backup is made by the process that holds the store.
func removeStaleBackups(path string) {
	entries, _ := os.ReadDir(filepath.Dir(path))
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), backupPrefix(path)) || !e.Type().IsRegular() {
			continue
		}
		f := filepath.Join(filepath.Dir(path), e.Name())
		info, err := e.Info()
		if err != nil {
			continue
		}
		if err := os.Remove(f); err != nil {
			slog.Warn("a copy left by a backup that did not finish cannot be removed; remove it by hand", "file", f, "error", err)
			continue
		}
		slog.Info("removed a copy left by a backup that did not finish (the process stopped while sending it)", "file", f, "bytes", info.Size())
	}
}

// errNoService names the services a process runs when asked for another.
func errNoService(name string, running []string) error {
	return FieldError("service", fmt.Sprintf("this Director runs no service %q; it runs %v", name, running))
}

// CheckNotHeld returns an error wrapping ErrStoreHeld when a process (a
// running Director) holds the store at path, after waiting timeout for it;
// nil when nobody holds it or there is no file. It takes the same lock as
// a reader and lets go at once.
func CheckNotHeld(path string, timeout time.Duration) error {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{ReadOnly: true, Timeout: timeout})
	if errors.Is(err, berrors.ErrTimeout) {
		return openError(path, timeout, err)
	}
	if err == nil {
		db.Close()
	}
	// A file bbolt cannot open for another reason is not held: it is
	// what a restore replaces.
	return nil
}
