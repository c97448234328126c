package doubledummy

// quickTricks counts tricks the side on lead takes at once, cashing
// winners from the top of its suits, and returns the cards the count depends
// on: the better of the leader cashing his own winners, and the leader
// crossing to partner in a suit where partner wins the trick and partner
// cashing his.
func (s *search) quickTricks() (int, uint64) {
	seat := s.leader
	q, cards, _ := s.cashing(seat)
	pq, pcards, plow := s.cashing(seat ^ 2)
	if pq <= q {
		return q, cards
	}
	for su, low := range plow {
		if h := holding(s.hands[seat], su); low >= 0 && h != 0 && lowest(h) < low {
			return pq, pcards
		}
	}
	return q, cards
}

// cashing counts tricks seat takes on lead, cashing winners from the top of
// his suits, and returns the cards the count depends on and, for each suit,
// the lowest card counted in it (-1 for none).
//
// A card counts when it is higher than every card the opponents hold in its
// suit; in a suit contract a side suit counts only for as many rounds as
// every opponent who holds trumps can follow. The leader keeps the lead while
// partner can play under his winners; a suit where partner would have to
// overtake is cashed last, and counts up to the trick partner wins.
func (s *search) cashing(seat int) (int, uint64, [4]int) {
	partner, lho, rho := seat^2, (seat+1)&3, (seat+3)&3
	clean, blocked := 0, 0
	var cards uint64
	lows := [4]int{-1, -1, -1, -1}
	for su := range 4 {
		h := holding(s.hands[seat], su)
		if h == 0 {
			continue
		}
		opp := holding(s.hands[lho]|s.hands[rho], su)
		k := bitsIn(h)
		if opp != 0 {
			k = bitsIn(h >> uint(highest(opp)+1))
		}
		if s.trump != noTrump && su != s.trump {
			for _, o := range [2]int{lho, rho} {
				if holding(s.hands[o], s.trump) != 0 {
					k = min(k, bitsIn(holding(s.hands[o], su)))
				}
			}
		}
		if k == 0 {
			continue
		}
		// The lowest card counted: the k-th highest of the holding.
		low := h
		for bitsIn(low) > k {
			low &= low - 1
		}
		lowCard := lowest(low)
		lows[su] = lowCard
		p := holding(s.hands[partner], su)
		if opp != 0 || p != 0 {
			// Ranks matter only against the opponents' cards and partner's.
			cards |= 1 << uint(suitBits*su+lowCard)
		}
		under := bitsIn(p & (1<<uint(lowCard) - 1))
		if under == bitsIn(p) || under >= k {
			clean += k
		} else {
			blocked = max(blocked, under+1)
		}
	}
	return clean + blocked, cards, lows
}

// sureTricks counts tricks the side not on lead is sure to take, and returns
// the cards the count depends on. In a suit contract each of an opponent's
// trumps above every trump of the side on lead wins the trick it is played
// to, so they take as many tricks as the one of them who holds more such
// trumps. At no trumps, when they hold the top card of every suit the leader
// holds, the one who wins the first trick goes on to cash his other tops:
// as many tricks as the fewer suits either of them tops.
func (s *search) sureTricks() (int, uint64) {
	seat := s.leader
	partner, lho, rho := seat^2, (seat+1)&3, (seat+3)&3
	if s.trump != noTrump {
		ours := holding(s.hands[seat]|s.hands[partner], s.trump)
		best, bestSeat := 0, lho
		for _, o := range [2]int{lho, rho} {
			t := holding(s.hands[o], s.trump)
			if ours != 0 {
				t >>= uint(highest(ours) + 1)
			}
			if n := bitsIn(t); n > best {
				best, bestSeat = n, o
			}
		}
		if best == 0 {
			return 0, 0
		}
		if ours == 0 {
			return best, 0
		}
		// The lowest of the counted trumps must stay above all of ours.
		t := holding(s.hands[bestSeat], s.trump)
		for range bitsIn(t) - best {
			t &^= 1 << uint(lowest(t))
		}
		return best, 1 << uint(suitBits*s.trump+lowest(t))
	}
	var cards uint64
	var held [2]int // the leader's suits whose top card each opponent holds
	all := s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]
	for su := range 4 {
		if holding(s.hands[seat], su) == 0 {
			continue
		}
		top := uint64(1) << uint(suitBits*su+highest(holding(all, su)))
		switch {
		case s.hands[lho]&top != 0:
			held[0]++
		case s.hands[rho]&top != 0:
			held[1]++
		default:
			return 0, 0
		}
		cards |= top
	}
	// Whichever opponent wins the first trick then cashes his other tops.
	switch {
	case held[0] == 0:
		return held[1], cards
	case held[1] == 0:
		return held[0], cards
	}
	return min(held[0], held[1]), cards
}
