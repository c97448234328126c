package doubledummy

// generate returns the cards the player at pos may play, one card of each
// run of equivalent cards, the most promising first: hint, when it is a card
// (the one that last cut the search off in a position like this one), then
// by the weights of weigh.
func (s *search) generate(pos, seat, winPos, hint int) []move {
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
		present := holding(s.atStart, su)
		base := suitBits * su
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
			c := base + top
			w := s.weigh(pos, seat, winPos, c)
			if hint >= base && hint < base+suitBits && run&(1<<uint(hint-base)) != 0 {
				w += 1 << 21
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

// weigh says how promising card c looks for seat at pos in the trick, by
// the rules of thumb of card play, winPos being the place in the trick of
// the card winning it so far: lead towards partner's tenace and from
// strong suits, not into a ruff; second hand low when partner can win; win as
// cheaply as possible or play low; ruff low or overruff; discard from long
// suits.
func (s *search) weigh(pos, seat, winPos, c int) int {
	su, rank := suitOf(c), c%suitBits
	if pos == 0 {
		return s.weighLead(seat, su, rank)
	}
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

// weighLead says how promising a lead of suit su at rank looks: a lead
// through the left-hand opponent's honour towards partner's, from a suit
// with two of the top three honours, or for partner to ruff first; into a
// ruff or round to the right-hand opponent's honour last; trumps late.
func (s *search) weighLead(seat, su, rank int) int {
	present := holding(s.atStart, su)
	partner, lho, rho := seat^2, (seat+1)&3, (seat+3)&3
	mine := holding(s.hands[seat], su)
	edge := rank == highest(mine) || rank == lowest(mine)
	w := 0
	if !edge {
		w -= 30
	}
	if s.trump != noTrump {
		if su == s.trump {
			return w - 40 + rank
		}
		ruffs := func(p int) bool { return holding(s.hands[p], su) == 0 && holding(s.hands[p], s.trump) != 0 }
		if ruffs(lho) || ruffs(rho) {
			return w - 80 - rank
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
		return w + 60 // through the left-hand opponent's honour
	}
	if s.trump != noTrump && bitsIn(mine) >= 2 && bitsIn(rh) >= 2 &&
		((tops[0] == seat && tops[1] == rho) || (tops[1] == seat && tops[0] == rho && !ours(2))) {
		return w - 50 // a free finesse for the right-hand opponent
	}
	honours := 0
	for i := range 3 {
		if ours(i) {
			honours++
		}
	}
	if lh != 0 && rh != 0 && honours >= 2 {
		return w + 50 + rank/4
	}
	if s.trump != noTrump && pd == 0 && lh != 0 && rh != 0 && holding(s.hands[partner], s.trump) != 0 && tops[0] != seat {
		return w + 70 - rank // partner ruffs
	}
	return w + 20 - rank/4
}
