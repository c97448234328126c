package pbn

import (
	"fmt"
	"strconv"

	"github.com/bridge-director/director/bridge"
)

// NewGame returns a game holding board b: its Board, Dealer, Vulnerable and Deal
// tags, the deal written from North.
func NewGame(b bridge.Board) Game {
	return Game{Tags: []Tag{
		{Name: "Board", Value: strconv.Itoa(b.Number)},
		{Name: "Dealer", Value: b.Dealer.String()},
		{Name: "Vulnerable", Value: b.Vulnerability.String()},
		{Name: "Deal", Value: b.Deal.PBN(bridge.North)},
	}}
}

// Board returns the board the game holds. The Board tag must be a positive number
// and the Deal tag a complete deal, starting with any seat. Dealer and Vulnerable
// may be absent or "?", and the board then takes the designation of Law 2 for its
// number; Vulnerable accepts None, Love, -, NS, EW, All and Both.
func (g Game) Board() (bridge.Board, error) {
	tag, ok := g.Tag("Board")
	if !ok {
		return bridge.Board{}, g.errorf("no Board tag")
	}
	n, err := strconv.Atoi(tag.Value)
	if err != nil || n < 1 {
		return bridge.Board{}, tag.errorf("%q is not a board number (want a whole number from 1)", tag.Value)
	}
	b := bridge.NewBoard(n, bridge.Deal{})
	if tag, ok := g.Tag("Dealer"); ok && !isUnknown(tag.Value, true) {
		if b.Dealer, err = bridge.ParseSeat(tag.Value); err != nil {
			return bridge.Board{}, tag.errorf("%v", err)
		}
	}
	if tag, ok := g.Tag("Vulnerable"); ok && !isUnknown(tag.Value, true) {
		if b.Vulnerability, err = bridge.ParseVulnerability(tag.Value); err != nil {
			return bridge.Board{}, tag.errorf("%v", err)
		}
	}
	tag, ok = g.Tag("Deal")
	if !ok {
		return bridge.Board{}, g.errorf("board %d has no Deal tag", n)
	}
	if b.Deal, err = bridge.ParsePBNDeal(tag.Value); err != nil {
		return bridge.Board{}, tag.errorf("%v", err)
	}
	return b, nil
}

// errorf returns an error about the game, placed at its first tag.
func (g Game) errorf(format string, args ...any) error {
	if len(g.Tags) > 0 && g.Tags[0].Line > 0 {
		return fmt.Errorf("pbn: game at line %d: %s", g.Tags[0].Line, fmt.Sprintf(format, args...))
	}
	return fmt.Errorf("pbn: game: %s", fmt.Sprintf(format, args...))
}
