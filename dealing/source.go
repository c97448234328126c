package dealing

import (
	"errors"

	"github.com/bridge-director/director/bridge"
)

// Source deals one deal after another.
type Source interface {
	Next() (bridge.Deal, error)
}

// Given is a source of deals made elsewhere (a file of boards dealt by
// another dealer, or by hand), handed out in order.
type Given struct {
	deals []bridge.Deal
}

// NewGiven returns a source of deals, in order.
func NewGiven(deals []bridge.Deal) *Given { return &Given{deals: deals} }

// Next returns the next deal, or an error once every deal is handed out.
func (g *Given) Next() (bridge.Deal, error) {
	if len(g.deals) == 0 {
		return bridge.Deal{}, errors.New("no more deals were given")
	}
	d := g.deals[0]
	g.deals = g.deals[1:]
	return d, nil
}
