package bridge

import (
	"strings"
	"testing"
)

func TestNewBoardIsMarkedByLaw2(t *testing.T) {
	deal, err := ParsePBNDeal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	if err != nil {
		t.Fatal(err)
	}
	b := NewBoard(23, deal)
	// Board 23 is marked as board 7: South deals, both sides vulnerable.
	if b.Dealer != South || b.Vulnerability != VulBoth || b.Deal != deal {
		t.Errorf("board 23: %v dealer, %v; want South, All", b.Dealer, b.Vulnerability)
	}
	if err := b.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
	for _, bad := range []struct {
		board Board
		want  string
	}{
		{Board{Number: 0, Deal: deal}, "board numbers start at 1"},
		{Board{Number: 1, Dealer: 7, Deal: deal}, "dealer 7"},
		{Board{Number: 1, Vulnerability: 9, Deal: deal}, "vulnerability 9"},
		{Board{Number: 4}, "board 4: "},
	} {
		if err := bad.board.Validate(); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Validate(%+v) = %v, want an error with %q", bad.board, err, bad.want)
		}
	}
}
