package doubledummy

import (
	"context"
	"testing"
)

func TestNodesTmp(t *testing.T) {
	deals := readList(t, "list10.txt")
	s := NewSolver()
	for i, d := range deals[:4] {
		n := s.Nodes()
		got, _ := s.Table(context.Background(), d.Deal)
		t.Logf("deal %d: nodes %d ok %v", i, s.Nodes()-n, got == d.Table)
	}
	t.Logf("total %d", s.Nodes())
}
