package dealing_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/dealing"
)

func TestRedealKeepsHistory(t *testing.T) {
	deals := wbg2024Deals(t)
	set, err := dealing.NewBoardSet(1, 4, 2, &dealList{deals: deals[:4]})
	if err != nil {
		t.Fatal(err)
	}
	before := slices.Clone(set.Boards)
	src := &dealList{deals: deals[10:12]}
	reasons := []string{"East's hand was exposed during the deal (Law 6D1)", "the cards were not shuffled"}

	first, err := set.Redeal(3, src, "  "+reasons[0]+"\n")
	if err != nil {
		t.Fatal(err)
	}
	if want := (dealing.Redeal{Previous: deals[2], Reason: reasons[0]}); first != want {
		t.Errorf("first redeal = %+v, want %+v", first, want)
	}
	second, err := set.Redeal(3, src, reasons[1])
	if err != nil {
		t.Fatal(err)
	}
	if want := (dealing.Redeal{Previous: deals[10], Reason: reasons[1]}); second != want {
		t.Errorf("second redeal = %+v, want %+v", second, want)
	}

	b, _ := set.Board(3)
	if b.Deal != deals[11] {
		t.Errorf("board 3 holds %v, want the second new deal %v", b.Deal, deals[11])
	}
	if want := []dealing.Redeal{first, second}; !slices.Equal(b.Redeals, want) {
		t.Errorf("board 3 history %+v, want %+v", b.Redeals, want)
	}
	if b.Number != 3 || b.Dealer != bridge.South || b.Vulnerability != bridge.VulEW || set.Copies != 2 {
		t.Errorf("redealing changed the markings: board %d, %v, %v, %d copies", b.Number, b.Dealer, b.Vulnerability, set.Copies)
	}
	for _, n := range []int{1, 2, 4} {
		if b, _ := set.Board(n); !reflect.DeepEqual(b, before[n-1]) {
			t.Errorf("redealing board 3 changed board %d: %+v", n, b)
		}
	}
}

func TestRedealErrors(t *testing.T) {
	deals := wbg2024Deals(t)
	tests := []struct {
		name   string
		board  int
		src    dealing.Source
		reason string
		want   []string
	}{
		{"no reason", 2, &dealList{deals: deals[10:]}, "", []string{"redeal board 2", "reason is required"}},
		{"blank reason", 2, &dealList{deals: deals[10:]}, " \t", []string{"reason is required"}},
		{"board not in set", 9, &dealList{deals: deals[10:]}, "exposed card", []string{"redeal board 9", "not in the set, which holds boards 1 to 4"}},
		{"no source", 2, nil, "exposed card", []string{"no source of deals"}},
		{"source fails", 2, &dealList{}, "exposed card", []string{"redeal board 2", "source of deals failed", errUsedUp.Error()}},
		{"bad deal", 2, &dealList{deals: []bridge.Deal{{}}}, "exposed card", []string{"redeal board 2", "bad deal"}},
		{"same deal", 2, &dealList{deals: deals[1:2]}, "exposed card", []string{"redeal board 2", "same deal again"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set, err := dealing.NewBoardSet(1, 4, 1, &dealList{deals: deals[:4]})
			if err != nil {
				t.Fatal(err)
			}
			before := slices.Clone(set.Boards)
			r, err := set.Redeal(tt.board, tt.src, tt.reason)
			wantError(t, err, append([]string{"dealing: "}, tt.want...)...)
			if r != (dealing.Redeal{}) {
				t.Errorf("a failed redeal returned %+v", r)
			}
			if !reflect.DeepEqual(set.Boards, before) {
				t.Errorf("a failed redeal changed the set: %+v", set.Boards)
			}
		})
	}
}

func TestRedealInEmptySet(t *testing.T) {
	var set dealing.BoardSet
	_, err := set.Redeal(1, &dealList{}, "exposed card")
	wantError(t, err, "redeal board 1", "which holds no boards")
}
