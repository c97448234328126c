package main

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkBackupNational backs up the national event's stores (130,000
// results at full size) with director backup while the director serves,
// and restores the archive into a new directory: the bytes per second are
// those of the stores copied, checked and archived.
func BenchmarkBackupNational(b *testing.B) {
	e := nationalServer(b)
	dir := b.TempDir()
	var size int64
	for _, store := range []string{"dealing.db", "movement.db", "rulings.db", "scoring.db"} {
		info, err := os.Stat(filepath.Join(nationalData, store))
		if err != nil {
			b.Fatal(err)
		}
		size += info.Size()
	}
	b.SetBytes(size)
	b.ResetTimer()
	for i := range b.N {
		out := filepath.Join(dir, "backup.tar.gz")
		b.StopTimer()
		os.Remove(out) // the last op's: a backup never writes over a file
		b.StartTimer()
		if msg, err := director("backup", "--server", e.s.grpc, "--token", e.s.token, "--out", out); err != nil {
			b.Fatalf("backup: %v\n%s", err, msg)
		} else if i == 0 {
			b.Log(msg)
		}
		b.StopTimer()
		restored := filepath.Join(dir, "restored")
		os.RemoveAll(restored)
		if msg, err := director("restore", "--data", restored, out); err != nil {
			b.Fatalf("restore: %v\n%s", err, msg)
		}
		b.StartTimer()
	}
}
