package par

import (
	"fmt"
	"slices"

	"github.com/bridge-director/director/bridge"
)

// DealerPar returns the par of a deal when the dealer starts the bidding, as
// DDS's DealerPar finds it.
//
// The side whose highest making contract is higher may score plus (when both
// sides' highest is the same contract, the side of the first seat from the
// dealer that makes it). Its candidates are its making contracts from the
// highest down to the one that scores most; against each, the opponents'
// cheapest doubled sacrifice, one level higher in a lower strain, and in the
// same strain at the same level only for a seat that bids before every seat of
// the other side that makes it. A sacrifice is worth it while it costs less than
// the contract would score. The side collects the penalty of the dearest such
// sacrifice unless a contract nobody can sacrifice against profitably scores
// more; that contract is then shown at the lowest level that still scores the
// same and leaves no sacrifice worth making ("4N-W+1" rather than 5NT by West).
func DealerPar(t bridge.DDTable, dealer bridge.Seat, vul bridge.Vulnerability) (Par, error) {
	if !dealer.Valid() {
		return Par{}, fmt.Errorf("par: dealer %v is not a seat (want N, E, S or W)", dealer)
	}
	if err := validate(t, vul); err != nil {
		return Par{}, err
	}
	a := auction{t: t, dealer: dealer, vul: vul}
	side, ok := a.primacy()
	if !ok {
		return Par{}, nil
	}
	return a.par(side), nil
}

// noSacrifice stands for the undertricks of a sacrifice that would be above 7NT.
const noSacrifice = 1 << 20

// auction holds what DealerPar works from.
type auction struct {
	t      bridge.DDTable
	dealer bridge.Seat
	vul    bridge.Vulnerability
}

// top returns the highest bid side makes in strain (below 1 when none).
func (a *auction) top(side bridge.Side, strain bridge.Strain) bid {
	return bidFor(best(a.t, side, strain), strain)
}

// highest returns the highest bid side makes, 0 when it makes none.
func (a *auction) highest(side bridge.Side) bid {
	var h bid
	for _, s := range bridge.Strains {
		h = max(h, a.top(side, s))
	}
	return h
}

// inTurn returns the seats in the order they call, the dealer first.
func (a *auction) inTurn() [4]bridge.Seat {
	var seats [4]bridge.Seat
	for i := range seats {
		seats[i] = (a.dealer + bridge.Seat(i)) % 4
	}
	return seats
}

// primacy returns the side entitled to a plus score; ok is false when nobody
// makes seven tricks anywhere and the deal is passed out.
func (a *auction) primacy() (side bridge.Side, ok bool) {
	ns, ew := a.highest(bridge.NorthSouth), a.highest(bridge.EastWest)
	switch {
	case ns > ew:
		return bridge.NorthSouth, true
	case ew > ns:
		return bridge.EastWest, true
	case ns == 0:
		return 0, false
	}
	// Both sides make the same highest contract: whoever can bid it first.
	for _, seat := range a.inTurn() {
		if a.t[seat][ns.strain()] == ns.tricks() {
			side = seat.Side()
			break
		}
	}
	return side, true
}

// candidate is a making contract that may be par, and what it scores.
type candidate struct {
	bid   bid
	score int
}

// candidates returns side's highest making bid in each strain from the
// highest down to the one that scores most (the lowest of those that score the
// same, 3NT rather than 5♣).
func (a *auction) candidates(side bridge.Side) []candidate {
	vul := a.vul.IsVulnerable(side)
	var all []candidate
	var dearest candidate
	for _, s := range bridge.Strains {
		b := a.top(side, s)
		if b < 1 {
			continue
		}
		c := candidate{b, made(b.level(), s, vul)}
		all = append(all, c)
		if c.score > dearest.score || c.score == dearest.score && c.bid < dearest.bid {
			dearest = c
		}
	}
	slices.SortFunc(all, func(x, y candidate) int { return int(y.bid - x.bid) })
	return slices.DeleteFunc(all, func(c candidate) bool { return c.bid < dearest.bid })
}

// seatSacrifice is what one opponent's sacrifice in the par strain costs.
type seatSacrifice struct {
	seat bridge.Seat
	bid  bid
	down int
}

// sameStrain returns, for each seat of side's opponents in the order they
// call, its sacrifice in b's own strain: at the same level if it calls before
// every seat of side that makes b, else one level higher.
func (a *auction) sameStrain(side bridge.Side, b bid) []seatSacrifice {
	var out []seatSacrifice
	late := 0
	for _, seat := range a.inTurn() {
		tricks := a.t[seat][b.strain()]
		switch {
		case seat.Side() != side:
			out = append(out, seatSacrifice{seat, b + bid(5*late), b.tricks() - tricks + late})
		case tricks == b.tricks():
			late = 1
		}
	}
	return out
}

// sacrifices returns the undertricks of the opponents' cheapest doubled
// sacrifice against b in each strain (noSacrifice where it would be above 7NT),
// and the cheapest of all.
func (a *auction) sacrifices(side bridge.Side, b bid) (downs [5]int, cheapest int) {
	opp := side.Opponents()
	cheapest = noSacrifice
	for _, s := range bridge.Strains {
		theirs := a.top(opp, s)
		var down int
		if s == b.strain() {
			down = noSacrifice
			for _, sac := range a.sameStrain(side, b) {
				down = min(down, sac.down)
			}
		} else {
			// The levels from their highest making bid in s to the first
			// bid over b, with C's rounding of a negative quotient.
			down = (int(b) - int(theirs) + 4) / 5
		}
		if theirs+bid(5*down) > topBid {
			down = noSacrifice
		}
		downs[s] = down
		cheapest = min(cheapest, down)
	}
	return downs, cheapest
}

// par returns the par once side is known to be entitled to the plus score.
func (a *auction) par(side bridge.Side) Par {
	opp := side.Opponents()
	bidderVul, sacrificerVul := a.vul.IsVulnerable(side), a.vul.IsVulnerable(opp)
	sign := 1
	if side == bridge.EastWest {
		sign = -1
	}

	type bidding struct {
		candidate
		gap int // how many undertricks short of worth it the cheapest sacrifice is (negative)
	}
	var bids []bidding
	var sacrificedAgainst *candidate
	var sacrificeDowns [5]int
	bestPlus, bestDown, sacrificeDown := 0, 0, 0
	for _, c := range a.candidates(side) {
		target := downTarget(c.bid.level(), c.bid.strain(), bidderVul, sacrificerVul)
		downs, down := a.sacrifices(side, c.bid)
		if down > target {
			bestPlus = max(bestPlus, c.score)
			bids = append(bids, bidding{c, target - down})
			continue
		}
		bestDown = max(bestDown, down)
		// Only the highest contract the opponents outbid cheaply is sacrificed
		// against; a lower one is no par contract either.
		if sacrificedAgainst == nil {
			sacrificedAgainst, sacrificeDowns, sacrificeDown = &c, downs, down
		}
	}

	if sacrificedAgainst == nil || bestPlus > penalty(bestDown, sacrificerVul) {
		p := Par{Score: sign * bestPlus}
		for _, b := range bids {
			if b.score != bestPlus {
				continue
			}
			shown, over := reduce(b.bid, b.gap, bidderVul)
			p.Contracts = append(p.Contracts, Contract{
				Contract:  shown.contract(bridge.Undoubled),
				Declarers: declarers(a.t, side, b.bid.strain()),
				Result:    over,
			})
		}
		return p
	}

	p := Par{Score: sign * penalty(bestDown, sacrificerVul)}
	if sacrificeDown != bestDown {
		return p
	}
	target := sacrificedAgainst.bid
	for _, s := range bridge.Strains {
		if sacrificeDowns[s] != bestDown {
			continue
		}
		if s != target.strain() {
			p.Contracts = append(p.Contracts, Contract{
				Contract:  (a.top(opp, s) + bid(5*bestDown)).contract(bridge.Doubled),
				Declarers: declarers(a.t, opp, s),
				Result:    -bestDown,
			})
			continue
		}
		p.Contracts = append(p.Contracts, a.sameStrainSacrifice(side, target, bestDown))
	}
	return p
}

// sameStrainSacrifice returns the opponents' sacrifice in b's own strain that
// goes down by down: both seats when both may take it at the same level, else
// the seat that may take it lower.
func (a *auction) sameStrainSacrifice(side bridge.Side, b bid, down int) Contract {
	var hits []seatSacrifice
	for _, sac := range a.sameStrain(side, b) {
		if sac.down == down {
			hits = append(hits, sac)
		}
	}
	c := Contract{Contract: hits[0].bid.contract(bridge.Doubled), Result: -down}
	switch {
	case len(hits) == 1 || hits[0].bid < hits[1].bid:
		c.Declarers = []bridge.Seat{hits[0].seat}
	case hits[1].bid < hits[0].bid:
		c.Contract = hits[1].bid.contract(bridge.Doubled)
		c.Declarers = []bridge.Seat{hits[1].seat}
	default:
		c.Declarers = []bridge.Seat{min(hits[0].seat, hits[1].seat), max(hits[0].seat, hits[1].seat)}
	}
	return c
}

// reduce returns the lowest bid in b's strain that still scores what b does
// and leaves the opponents no sacrifice worth making, gap being how far their
// cheapest sacrifice against b falls short (negative), and the overtricks it
// then makes.
func reduce(b bid, gap int, vulnerable bool) (bid, int) {
	if gap >= -1 {
		return b, 0
	}
	floor := b - bid(5*sameScoreLevels(b.level(), b.strain(), vulnerable))
	lowest := max(b+bid(5*(gap+1)), floor)
	return lowest, int(b-lowest) / 5
}
