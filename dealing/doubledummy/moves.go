package doubledummy

// generate returns the cards the player at pos may play, one card of each
// run of equivalent cards, the most promising first: the killer move (the
// card that last cut the search off at this depth), then by the weights of
// weigh. hint, when it is a card, is the card that last cut the search off
// in this very position, and comes first.
func (s *search) generate(pos, seat, hint int) []move {
	hand := s.hands[seat]
	if pos > 0 {
		if led := holding(hand, suitOf(s.trick[0])); led != 0 {
			hand = led << uint(suitBits*suitOf(s.trick[0]))
		}
	}
	buf := &s.moves[s.depth(pos)]
	n := 0
	killer := s.killers[s.depth(pos)]
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
			w := s.weigh(pos, seat, c)
			if hint >= base && hint < base+suitBits && run&(1<<uint(hint-base)) != 0 {
				w += 1 << 21
			}
			if killer >= base && killer < base+suitBits && run&(1<<uint(killer-base)) != 0 {
				w += 1 << 20
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
// the rules of thumb of card play: cash winners, lead low towards partner's
// high cards, avoid leading into a ruff, second hand low, third hand high,
// win as cheaply as possible, ruff low, discard low.
func (s *search) weigh(pos, seat, c int) int {
	su, rank := suitOf(c), c%suitBits
	if pos == 0 {
		return s.weighLead(seat, su, rank)
	}
	winPos := 0
	for p := 1; p < pos; p++ {
		if beats(s.trick[p], s.trick[winPos], s.trump) {
			winPos = p
		}
	}
	best := s.trick[winPos]
	partnerWinning := (s.leader+winPos)&1 == seat&1
	led := suitOf(s.trick[0])
	if su == led {
		if suitOf(best) != led {
			return -rank // ruffed already: follow low
		}
		// The highest card of the suit still to come from the other side.
		var theirs int = -1
		if pos < 3 {
			next := (seat + 1) & 3
			if h := holding(s.hands[next], su); h != 0 {
				theirs = su*suitBits + highest(h)
			}
		}
		switch {
		case partnerWinning && (pos == 3 || best > theirs):
			return -rank
		case c > best && c > theirs:
			return 100 - rank
		case c > best && pos < 3:
			return 40 - rank
		}
		return -rank
	}
	if su == s.trump {
		if suitOf(best) == s.trump && c < best {
			return -60 - rank // cannot overruff
		}
		if partnerWinning && pos == 3 {
			return -50 - rank
		}
		return 80 - rank
	}
	return -rank - 2*bitsIn(holding(s.hands[seat], su))
}

// weighLead says how promising a lead of suit su at rank looks.
func (s *search) weighLead(seat, su, rank int) int {
	present := holding(s.atStart, su)
	partner, lho, rho := seat^2, (seat+1)&3, (seat+3)&3
	top := su*suitBits + highest(present)
	var w int
	switch {
	case s.hands[seat]&(1<<uint(top)) != 0:
		w = 50 + rank
	case s.hands[partner]&(1<<uint(top)) != 0:
		w = 45 - rank
	case s.hands[rho]&(1<<uint(top)) != 0:
		w = 25 - rank
	default:
		w = 15 - rank
	}
	if s.trump != noTrump && su != s.trump {
		voidRuffs := func(p int) bool { return holding(s.hands[p], su) == 0 && holding(s.hands[p], s.trump) != 0 }
		if voidRuffs(lho) || voidRuffs(rho) {
			w -= 30
		} else if voidRuffs(partner) {
			w += 25
		}
	}
	return w
}
