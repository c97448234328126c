package par

import "github.com/bridge-director/director/bridge"

// bid numbers the contracts in the order of the auction: 1 is 1♣, 2 is 1♦, …,
// 5 is 1NT, 6 is 2♣, …, 35 is 7NT. Arithmetic on it is what DDS's DealerPar
// does, so par follows DDS exactly: five bids make a level.
type bid int

// topBid is 7NT, the highest bid.
const topBid bid = 35

// bidFor returns the bid that needs tricks in strain. It is below 1 when tricks
// are fewer than seven, which DealerPar's arithmetic relies on.
func bidFor(tricks int, strain bridge.Strain) bid {
	return bid(5*(tricks-7) + int(strain) + 1)
}

// level returns the level of a bid from 1♣ to 7NT.
func (b bid) level() int { return (int(b)-1)/5 + 1 }

// strain returns the strain of a bid from 1♣ to 7NT.
func (b bid) strain() bridge.Strain { return bridge.Strain((b - 1) % 5) }

// tricks returns the tricks a bid from 1♣ to 7NT needs.
func (b bid) tricks() int { return b.level() + 6 }

// contract returns a bid from 1♣ to 7NT as a contract.
func (b bid) contract(d bridge.Doubling) bridge.Contract {
	return bridge.Contract{Level: b.level(), Strain: b.strain(), Doubling: d}
}
