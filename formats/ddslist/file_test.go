package ddslist

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadFileTellsListFromSol(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "fixtures", "dds")
	list, err := ReadFile(filepath.Join(dir, "list10.txt"))
	if err != nil || len(list) != 10 || len(list[0].Future) == 0 {
		t.Fatalf("list10: %d deals, %v; want 10 with FUT lines", len(list), err)
	}
	sol, err := ReadFile(filepath.Join(dir, "sol10.txt"))
	if err != nil || len(sol) != 10 || len(sol[0].Future) != 0 {
		t.Fatalf("sol10: %d deals, %v; want 10 without FUT lines", len(sol), err)
	}
	bad := filepath.Join(t.TempDir(), "list9.txt")
	if err := os.WriteFile(bad, []byte("NUMBER 1\nPBN 0 0 0 0 \"N:...\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(bad); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("a broken file gave %v; want an error naming it", err)
	}
}
