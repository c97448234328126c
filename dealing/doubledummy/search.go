package doubledummy

import "math/bits"

// search is the state of one search: the hands, the trick being played and
// the tricks taken so far. Seats are numbered as bridge numbers them (North
// 0 to West 3), so that seat&1 == 0 is North-South.
type search struct {
	hands [4]uint64
	trump int // the trump suit, or noTrump
	// shape holds the length of every hand in every suit, 4 bits each.
	shape uint64
	// atStart holds the cards that were left when the current trick began:
	// two cards of a hand with none of these between them are equivalent.
	atStart    uint64
	leader     int
	trick      [4]int
	nsWon      int
	tricksLeft int

	tt      *transpositions
	// hash identifies the cards each seat holds (Zobrist hashing), and
	// cutoffs keeps, by the hash of a position in the play, the card that
	// last cut the search off there.
	hash    uint64
	cutoffs []cutoff
	killers [56]int
	moves   [56][13]move
	nodes   uint64
	// poll is called every few thousand nodes; when it returns true the
	// search stops and its results mean nothing.
	poll    func() bool
	stopped bool
}

// cutoff is a card that cut the search off in the position named by key.
type cutoff struct {
	key  uint64
	card int8
}

// cutoffBits sizes the cutoff cache: 2^16 slots.
const cutoffBits = 16

// zobrist holds a random number for every seat and card, fixed, so that the
// hash of a position is the exclusive or of those of its cards.
var zobrist = func() (z [4][52]uint64) {
	x := uint64(0x243f6a8885a308d3)
	for seat := range z {
		for c := range z[seat] {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			z[seat][c] = x
		}
	}
	return z
}()

// positionKey names the position at pos in the current trick for the
// cutoff cache.
func (s *search) positionKey(pos int) uint64 {
	k := s.hash ^ uint64(s.leader+1)*0x9e3779b97f4a7c15 ^ uint64(pos+1)<<56
	for p := range pos {
		k ^= zobrist[(s.leader+p)&3][s.trick[p]] * 31
	}
	return k
}

// move is a card to try and how good it looks.
type move struct {
	card   int
	weight int
}

// shapeBit returns the unit of the length of seat's holding in suit s.
func shapeBit(seat, s int) uint64 { return 1 << uint(4*(4*seat+s)) }

// shapeOf returns the shape of hands.
func shapeOf(hands *[4]uint64) uint64 {
	var shape uint64
	for seat := range 4 {
		for s := range 4 {
			shape += uint64(bits.OnesCount64(holding(hands[seat], s))) * shapeBit(seat, s)
		}
	}
	return shape
}

// depth numbers the card about to be played at pos, counting from the end
// of play, so that killer moves are kept per card of the play.
func (s *search) depth(pos int) int { return 4*s.tricksLeft - pos }

// trickStart returns the tricks North-South take in all, with s.leader on
// lead to a new trick, as a fail-soft null-window search around beta: an
// answer of beta or more is a lower bound, one below beta an upper bound. It
// also returns the cards the answer depends on (partition search): the cards
// that won a trick by rank, so that every position whose cards agree with
// this one on the ranks from the top down to the lowest of them, suit by
// suit, has the same answer.
func (s *search) trickStart(beta int) (int, uint64) {
	s.nodes++
	if s.nodes&0xfff == 0 && s.poll != nil && s.poll() {
		s.stopped = true
	}
	if s.stopped {
		return 0, 0
	}
	need := beta - s.nsWon
	if need <= 0 {
		return s.nsWon, 0
	}
	if need > s.tricksLeft {
		return s.nsWon + s.tricksLeft, 0
	}
	if s.tricksLeft == 1 {
		return s.lastTrick()
	}
	all := s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]
	rel := relative(&s.hands)
	if found, bound, mask := s.tt.lookup(s.shape, s.leader, &rel, need); found {
		return s.nsWon + bound, topCards(mask, all)
	}
	nsLead := s.leader&1 == 0
	if q, cards := s.quickTricks(); q > 0 {
		if nsLead && q >= need {
			return s.nsWon + q, cards
		}
		if !nsLead && s.tricksLeft-q < need {
			return s.nsWon + s.tricksLeft - q, cards
		}
	}
	if q, cards := s.sureTricks(); q > 0 {
		if !nsLead && q >= need {
			return s.nsWon + q, cards
		}
		if nsLead && s.tricksLeft-q < need {
			return s.nsWon + s.tricksLeft - q, cards
		}
	}
	s.atStart = all
	v, winners := s.play(0, beta)
	if s.stopped {
		return 0, 0
	}
	winners = s.deciding(winners, all)
	s.tt.store(s.shape, s.leader, &rel, topMask(winners, all), v-s.nsWon, v >= beta, s.tricksLeft)
	return v, winners
}

// deciding widens the cards an answer depends on, in each suit, through the
// run of cards below the lowest of them that its holder also holds: moves
// were chosen one card per run, and a run cut by the lowest card that matters
// would not be a run in every position the answer is stored for.
func (s *search) deciding(winners, all uint64) uint64 {
	for su := range 4 {
		w := winners & (suitMask << uint(suitBits*su))
		if w == 0 {
			continue
		}
		c := lowest(w)
		holder := 0
		for holder < 3 && s.hands[holder]&(1<<uint(c)) == 0 {
			holder++
		}
		for {
			below := all & (1<<uint(c) - 1) & (suitMask << uint(suitBits*su))
			if below == 0 {
				break
			}
			next := highest(below)
			if s.hands[holder]&(1<<uint(next)) == 0 {
				break
			}
			c = next
		}
		winners |= 1 << uint(c)
	}
	return winners
}

// play tries the cards of the player at pos in the current trick and
// returns, as trickStart does, the tricks North-South take and the cards that
// decide it.
//
// After a card that fails, the other cards of its suit below the lowest card
// of that suit the answer depended on play the same, and are not tried.
func (s *search) play(pos, beta int) (int, uint64) {
	seat := (s.leader + pos) & 3
	maximizing := seat&1 == 0
	key := s.positionKey(pos)
	slot := &s.cutoffs[key&(1<<cutoffBits-1)]
	hint := -1
	if slot.key == key {
		hint = int(slot.card)
	}
	moves := s.generate(pos, seat, hint)
	depth := s.depth(pos)
	best := 0
	if !maximizing {
		best = 13
	}
	var union uint64
	var relevant [4]int // per suit, the lowest card still worth trying
	for _, m := range moves {
		c := m.card
		su := suitOf(c)
		if c < relevant[su] {
			continue
		}
		s.hands[seat] &^= 1 << uint(c)
		s.shape -= shapeBit(seat, su)
		s.hash ^= zobrist[seat][c]
		s.trick[pos] = c
		var v int
		var w uint64
		if pos < 3 {
			v, w = s.play(pos+1, beta)
		} else {
			v, w = s.endTrick(beta)
		}
		s.hands[seat] |= 1 << uint(c)
		s.shape += shapeBit(seat, su)
		s.hash ^= zobrist[seat][c]
		if s.stopped {
			return 0, 0
		}
		if maximizing {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
		if (best >= beta) == maximizing {
			s.killers[depth] = c
			*slot = cutoff{key: key, card: int8(c)}
			return best, w
		}
		union |= w
		if ws := w & (suitMask << uint(suitBits*su)); ws == 0 {
			relevant[su] = suitBits * (su + 1)
		} else if low := lowest(ws); c < low {
			relevant[su] = max(relevant[su], low)
		}
	}
	return best, union
}

// endTrick settles the trick just completed and goes on to the next.
func (s *search) endTrick(beta int) (int, uint64) {
	win, byRank := s.trickWinner()
	trick, leader, nsWon := s.trick, s.leader, s.nsWon
	s.leader = (leader + win) & 3
	if s.leader&1 == 0 {
		s.nsWon++
	}
	s.tricksLeft--
	v, w := s.trickStart(beta)
	s.tricksLeft++
	s.trick, s.leader, s.nsWon = trick, leader, nsWon
	s.atStart = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3] |
		1<<uint(trick[0]) | 1<<uint(trick[1]) | 1<<uint(trick[2]) | 1<<uint(trick[3])
	if byRank {
		w |= 1 << uint(trick[win])
	}
	return v, w
}

// trickWinner returns the position in the trick of the card that wins it,
// and whether it won by rank over another card of its suit (rather than as
// the only trump or the only card of the suit led).
func (s *search) trickWinner() (pos int, byRank bool) {
	best := s.trick[0]
	for p := 1; p < 4; p++ {
		c := s.trick[p]
		if beats(c, best, s.trump) {
			best, pos = c, p
		}
	}
	su := suitOf(best)
	for p := range 4 {
		if p != pos && suitOf(s.trick[p]) == su {
			return pos, true
		}
	}
	return pos, false
}

// beats reports whether card c beats card best, the winner so far.
func beats(c, best, trump int) bool {
	cs, bs := suitOf(c), suitOf(best)
	if cs == bs {
		return c > best
	}
	return cs == trump
}

// lastTrick plays the last trick, every hand holding one card.
func (s *search) lastTrick() (int, uint64) {
	for p := range 4 {
		s.trick[p] = lowest(s.hands[(s.leader+p)&3])
	}
	win, byRank := s.trickWinner()
	var w uint64
	if byRank {
		w = 1 << uint(s.trick[win])
	}
	if (s.leader+win)&1 == 0 {
		return s.nsWon + 1, w
	}
	return s.nsWon, w
}
