package doubledummy

// generate returns the cards the player at pos may play, one card of each
// run of equivalent cards, the most promising first by the weights of weigh;
// the run of tried, when it is a card, is left out.
func (s *search) generate(pos, seat, winPos, tried int) []move {
	hand := s.hands[seat]
	if pos > 0 {
		if led := holding(hand, suitOf(s.trick[0])); led != 0 {
			hand = led << uint(suitBits*suitOf(s.trick[0]))
		}
	}
	buf := &s.moves[s.depth(pos)]
	n := 0
	for su := range 4 {
		h := holding(hand, su)
		if h == 0 {
			continue
		}
		present := holding(s.atStart, su)
		base := suitBits * su
		var lead leadWeight
		if pos == 0 {
			lead = s.weighLead(seat, su)
		}
		for h != 0 {
			top := highest(h)
			run := uint64(1) << uint(top)
			for r := top; ; {
				below := present & (1<<uint(r) - 1)
				if below == 0 {
					break
				}
				next := highest(below)
				if h&(1<<uint(next)) == 0 {
					break
				}
				run |= 1 << uint(next)
				r = next
			}
			h &^= run
			if tried >= base && tried < base+suitBits && run&(1<<uint(tried-base)) != 0 {
				continue
			}
			c := base + top
			var w int
			if pos == 0 {
				w = lead.of(top, holding(hand, su))
			} else {
				w = s.weigh(pos, seat, winPos, c)
			}
			i := n
			for i > 0 && buf[i-1].weight < w {
				buf[i] = buf[i-1]
				i--
			}
			buf[i] = move{card: c, weight: w}
			n++
		}
	}
	return buf[:n]
}

// weigh says how promising card c looks for seat following at pos in the
// trick, by the rules of thumb of card play, winPos being the place in the
// trick of the card winning it so far: second hand low when partner can
// win; win as cheaply as possible or play low; ruff low or overruff; discard
// from long suits.
func (s *search) weigh(pos, seat, winPos, c int) int {
	su, rank := suitOf(c), c%suitBits
	best := s.trick[winPos]
	partnerWinning := (s.leader+winPos)&1 == seat&1
	led := suitOf(s.trick[0])
	next := (seat + 1) & 3 // the next to play, an opponent
	last := pos == 3
	nextSuit := holding(s.hands[next], led)
	if su == led {
		mine := holding(s.hands[seat], su)
		top := suitBits*su + highest(mine)
		if !beats(top, best, s.trump) {
			return -rank // cannot win: lowest first
		}
		if partnerWinning && (last || nextSuit == 0 || best > suitBits*su+highest(nextSuit)) {
			return -rank
		}
		if pos == 1 {
			pd := holding(s.hands[seat^2], su)
			if pd != 0 && suitBits*su+highest(pd) > best && (nextSuit == 0 || highest(pd) > highest(nextSuit)) {
				return -rank // partner wins later: second hand low
			}
		}
		if c > best {
			// Win cheaply when nothing can come over; otherwise high.
			if last || nextSuit == 0 || c%suitBits > highest(nextSuit) {
				return 100 - rank
			}
			return 100 + rank
		}
		return -rank
	}
	if su == s.trump {
		partnerSafe := partnerWinning && (last || (nextSuit != 0 && best > suitBits*led+highest(nextSuit)))
		switch {
		case partnerSafe:
			return -100 - rank
		case suitOf(best) == s.trump && c < best:
			return -100 - rank
		case suitOf(best) == s.trump:
			return 90 - rank // overruff as cheaply as possible
		}
		return 80 - rank
	}
	// Discard: the lowest card of a long suit first.
	h := holding(s.hands[seat], su)
	w := 2 * bitsIn(h)
	if rank != lowest(h) {
		w -= 20
	}
	if s.trump != noTrump && holding(s.hands[seat^2], su) == 0 {
		w += 3
	}
	return w - rank
}

// leadWeight is how promising the leads of one suit look: base, plus
// perRank quarters of a point for each rank.
type leadWeight struct{ base, perRank int }

// of weighs the lead of the card of rank from holding h: the suit's weight,
// less for a card in the middle of the suit (top and bottom come first).
func (l leadWeight) of(rank int, h uint64) int {
	w := l.base + l.perRank*rank/4
	if rank != highest(h) && rank != lowest(h) {
		w -= 30
	}
	return w
}

// weighLead says how promising the leads of suit su look: through the
// left-hand opponent's honour towards partner's, from a suit with two of the
// top three honours, or for partner to ruff first; into a ruff or round to
// the right-hand opponent's honour last; trumps late.
func (s *search) weighLead(seat, su int) leadWeight {
	present := holding(s.atStart, su)
	partner, lho, rho := seat^2, (seat+1)&3, (seat+3)&3
	mine := holding(s.hands[seat], su)
	if s.trump != noTrump {
		if su == s.trump {
			return leadWeight{-40, 4}
		}
		ruffs := func(p int) bool { return holding(s.hands[p], su) == 0 && holding(s.hands[p], s.trump) != 0 }
		if ruffs(lho) || ruffs(rho) {
			return leadWeight{-80, -4}
		}
	}
	var tops [5]int // the holders of the five highest cards of the suit
	rest := present
	for i := range tops {
		tops[i] = -1
		if rest != 0 {
			c := highest(rest)
			rest &^= 1 << uint(c)
			for p := range 4 {
				if holding(s.hands[p], su)&(1<<uint(c)) != 0 {
					tops[i] = p
				}
			}
		}
	}
	pd, lh, rh := holding(s.hands[partner], su), holding(s.hands[lho], su), holding(s.hands[rho], su)
	ours := func(i int) bool { return tops[i] == seat || tops[i] == partner }
	if bitsIn(pd) >= 2 && bitsIn(lh) >= 2 &&
		((tops[1] == partner && tops[0] == lho) ||
			(tops[0] == partner && tops[1] == lho && (tops[2] == partner || (ours(2) && ours(3)))) ||
			(tops[1] == partner && tops[2] == lho && (tops[3] == partner || (ours(3) && ours(4))))) {
		return leadWeight{60, 0} // through the left-hand opponent's honour
	}
	if s.trump != noTrump && bitsIn(mine) >= 2 && bitsIn(rh) >= 2 &&
		((tops[0] == seat && tops[1] == rho) || (tops[1] == seat && tops[0] == rho && !ours(2))) {
		return leadWeight{-50, 0} // a free finesse for the right-hand opponent
	}
	honours := 0
	for i := range 3 {
		if ours(i) {
			honours++
		}
	}
	if lh != 0 && rh != 0 && honours >= 2 {
		return leadWeight{50, 1}
	}
	if s.trump != noTrump && pd == 0 && lh != 0 && rh != 0 && holding(s.hands[partner], s.trump) != 0 && tops[0] != seat {
		return leadWeight{70, -4} // partner ruffs
	}
	return leadWeight{20, -1}
}
