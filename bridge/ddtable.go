package bridge

import "fmt"

// DDTable is a double-dummy table: the tricks each declarer takes in each
// strain when every player can see all four hands, as a double-dummy solver
// finds them.
//
// It is indexed by the declarer's Seat, then the Strain, by the numbers those
// types give themselves: t[North][NoTrump] holds what North takes in no trumps
// and t[West][StrainClubs] what West takes in clubs. Seats run North, East,
// South, West (0 to 3) and strains clubs, diamonds, hearts, spades, no trumps
// (0 to 4), which is not the order tables are printed in: range over DDSeats
// and DDStrains for that. A cell holds 0 to 13 tricks, or DDUnknown where the
// table is only partly known (a PBN file may leave cells out).
type DDTable [4][5]int

// DDUnknown marks a cell of a DDTable that is not known.
const DDUnknown = -1

// DDSeats and DDStrains are the order double-dummy tables are written and
// printed in: North-South before East-West (N, S, E, W), and no trumps
// before the suits, highest first (NT, S, H, D, C). PBN's DoubleDummyTricks
// and OptimumResultTable and printed hand records follow it.
var (
	DDSeats   = [4]Seat{North, South, East, West}
	DDStrains = [5]Strain{NoTrump, StrainSpades, StrainHearts, StrainDiamonds, StrainClubs}
)

// UnknownDDTable returns a table with every cell DDUnknown, to be filled in
// from what is known.
func UnknownDDTable() DDTable {
	var t DDTable
	for seat := range t {
		for strain := range t[seat] {
			t[seat][strain] = DDUnknown
		}
	}
	return t
}

// Tricks returns the tricks declarer takes in strain. ok is false when the
// cell holds no number of tricks 0 to 13 (it is DDUnknown), and when declarer
// or strain is not a seat or a strain.
func (t DDTable) Tricks(declarer Seat, strain Strain) (tricks int, ok bool) {
	if !declarer.Valid() || !strain.Valid() {
		return 0, false
	}
	n := t[declarer][strain]
	return n, n >= 0 && n <= 13
}

// Validate reports the first cell, in the order of DDSeats and DDStrains,
// that does not hold 0 to 13 tricks: nil means the table is complete.
func (t DDTable) Validate() error {
	for _, seat := range DDSeats {
		for _, strain := range DDStrains {
			switch n, ok := t.Tricks(seat, strain); {
			case n == DDUnknown:
				return fmt.Errorf("bridge: double-dummy table: %s declaring %s is unknown (want 0 to 13 tricks)", seat.Name(), strain)
			case !ok:
				return fmt.Errorf("bridge: double-dummy table: %s declaring %s takes %d tricks (want 0 to 13)", seat.Name(), strain, n)
			}
		}
	}
	return nil
}
