package dealing

import (
	"github.com/bridge-director/director/bridge"
	"lukechampine.com/uint128"
)

// Pavlicek's numbering deals the cards one at a time in deck order. With K deals
// still possible (D at the start), c cards left and v_h places left in hand h, the
// deals that give the next card to h number X_h = K·v_h/c (always exact). The hands
// are tried in the order North, East, South, West: a card goes to the first hand
// whose X_h exceeds what is left of the number, after subtracting the X of the hands
// passed over; K becomes that X_h.

// encodePavlicek numbers a valid deal.
func encodePavlicek(d bridge.Deal) Number {
	var masks [4]uint64
	for s := range masks {
		masks[s] = deckMask(d[s])
	}
	vacant := [4]uint64{handSize, handSize, handSize, handSize}
	k := DealCount
	var n uint128.Uint128
	for p := range deckSize {
		left := uint64(deckSize - p)
		for s := range masks {
			x := k.Mul64(vacant[s]).Div64(left)
			if masks[s]&(1<<p) != 0 {
				k = x
				vacant[s]--
				break
			}
			n = n.Add(x)
		}
	}
	return Number{n}
}

// decodePavlicek returns the deal numbered n.
func decodePavlicek(n Number) bridge.Deal {
	var masks [4]uint64
	vacant := [4]uint64{handSize, handSize, handSize, handSize}
	k, rest := DealCount, n.v
	for p := range deckSize {
		left := uint64(deckSize - p)
		for s := range masks {
			x := k.Mul64(vacant[s]).Div64(left)
			if rest.Cmp(x) < 0 {
				masks[s] |= 1 << p
				k = x
				vacant[s]--
				break
			}
			rest = rest.Sub(x)
		}
	}
	return bridge.Deal{handOf(masks[0]), handOf(masks[1]), handOf(masks[2]), handOf(masks[3])}
}
