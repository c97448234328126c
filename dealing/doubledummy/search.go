package doubledummy

import (
	"context"
	"math/bits"
)

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

	tt *transpositions
	// cutoffs keeps, by what a player's choice depends on (cutoffKey), the
	// card that last cut the search off.
	cutoffs   []cutoff
	cutoffGen uint8
	moves     [56][13]move
	// nodes counts the positions searched, at trick starts and in the
	// middle of tricks; the search asks poll again at nextPoll.
	nodes, nextPoll uint64
	// ctx is asked every few thousand nodes whether to go on; when it is
	// done the search stops and its results mean nothing.
	ctx     context.Context
	stopped bool
}

// cutoff is a card that cut the search off in a position whose key's low
// bits are check. A wrong hint costs time, never a wrong answer, so 32 bits
// of check are enough.
type cutoff struct {
	check uint32
	card  int8
	// gen is the search's cutoffGen when the card was kept: a new deal or
	// strain moves the generation on instead of wiping the cache.
	gen uint8
}

// cutoffBits sizes the cutoff cache: 2^18 slots of 8 bytes, 2 MiB. A
// quarter of that serves ordinary deals as well and stays closer to the
// core, but the freak deals' long searches need the room: thomas1's no
// trump cells take twice the nodes with it.
const cutoffBits = 18

// cutoffKey names what a player's best card depends on most, for the
// cutoff cache: his place in the trick and, when leading, his hand; when
// following suit, the cards of the suit still out and the card winning the
// trick; when discarding or ruffing, his hand and who or what is winning.
// Positions alike in that way tend to be won by the same card.
func (s *search) cutoffKey(pos, seat, winPos int) uint64 {
	k := uint64(pos)<<60 | uint64(seat)<<58
	if pos == 0 {
		return (k | s.hands[seat]) * 0x9e3779b97f4a7c15
	}
	led := suitOf(s.trick[0])
	if holding(s.hands[seat], led) != 0 {
		return (k | s.atStart&(suitMask<<uint(suitBits*led)) | uint64(s.trick[winPos])<<52) * 0x9e3779b97f4a7c15
	}
	winner := uint64(s.trick[winPos])
	if s.trump == noTrump {
		winner = uint64((s.leader + winPos) & 3)
	}
	return (k | s.hands[seat] | winner<<52) * 0xc2b2ae3d27d4eb4f
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
// of play, so that each card of the play has its own buffer of moves.
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
	if s.nodes >= s.nextPoll {
		s.nextPoll = s.nodes + 1<<12
		if s.ctx != nil && s.ctx.Err() != nil {
			s.stopped = true
		}
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
	all := s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]
	rel := relative(&s.hands)
	if found, bound, mask := s.tt.lookup(s.shape, s.leader, &rel, need); found {
		return s.nsWon + bound, topCards(mask, all)
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
	if pos > 0 {
		s.nodes++
	}
	seat := (s.leader + pos) & 3
	maximizing := seat&1 == 0
	winPos := s.winning(pos)
	// One more trick may be all the side to play needs: then a card sure
	// to win this one decides.
	if pos > 0 && (maximizing && s.nsWon+1 >= beta || !maximizing && s.nsWon+s.tricksLeft-1 < beta) {
		if w, ok := s.sureWinner(pos, seat, winPos); ok {
			if maximizing {
				return s.nsWon + 1, w
			}
			return s.nsWon + s.tricksLeft - 1, w
		}
	}
	key := s.cutoffKey(pos, seat, winPos)
	slot := &s.cutoffs[key>>(64-cutoffBits)]
	best := 0
	if !maximizing {
		best = 13
	}
	var union uint64
	var relevant [4]int // per suit, the lowest card still worth trying
	// The card that cut off a position like this one is tried before the
	// others are even weighed: most of the time it is all that is needed.
	hint := -1
	if slot.check == uint32(key) && slot.gen == s.cutoffGen && s.legal(pos, seat, int(slot.card)) {
		hint = int(slot.card)
		v, w := s.try(pos, seat, hint, beta)
		if s.stopped {
			return 0, 0
		}
		best = v
		if (best >= beta) == maximizing {
			return best, w
		}
		union = w
		skipIrrelevant(&relevant, hint, w)
	}
	for _, m := range s.generate(pos, seat, winPos, hint) {
		c := m.card
		if c < relevant[suitOf(c)] {
			continue
		}
		v, w := s.try(pos, seat, c, beta)
		if s.stopped {
			return 0, 0
		}
		if maximizing {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
		if (best >= beta) == maximizing {
			*slot = cutoff{check: uint32(key), card: int8(c), gen: s.cutoffGen}
			return best, w
		}
		union |= w
		skipIrrelevant(&relevant, c, w)
	}
	return best, union
}

// try plays card c for seat at pos in the trick, searches on, and takes the
// card back.
func (s *search) try(pos, seat, c, beta int) (int, uint64) {
	su := suitOf(c)
	s.hands[seat] &^= 1 << uint(c)
	s.shape -= shapeBit(seat, su)
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
	return v, w
}

// legal reports whether seat, at pos in the trick, may play card c.
func (s *search) legal(pos, seat, c int) bool {
	if c < 0 || s.hands[seat]&(1<<uint(c)) == 0 {
		return false
	}
	if pos == 0 {
		return true
	}
	led := suitOf(s.trick[0])
	return suitOf(c) == led || holding(s.hands[seat], led) == 0
}

// skipIrrelevant notes, after card c failed with the answer depending on
// cards w, which cards of its suit need not be tried: none when no card of
// the suit decided the answer, and those below the lowest that did when c
// itself was below it.
func skipIrrelevant(relevant *[4]int, c int, w uint64) {
	su := suitOf(c)
	if ws := w & (suitMask << uint(suitBits*su)); ws == 0 {
		relevant[su] = suitBits * (su + 1)
	} else if low := lowest(ws); c < low {
		relevant[su] = max(relevant[su], low)
	}
}

// sureWinner reports whether seat, at pos in the trick, or partner already,
// wins the trick whatever the opponent still to come plays, and returns the
// cards that decide it: the winning card, when it must beat another card of
// its suit.
func (s *search) sureWinner(pos, seat, winPos int) (uint64, bool) {
	best := s.trick[winPos]
	led := suitOf(s.trick[0])
	threat := -1 // the best the opponent still to play can do
	if pos < 3 {
		threat = s.strongest(s.hands[(seat+1)&3], led)
	}
	c := best
	if (s.leader+winPos)&1 != seat&1 || threat >= 0 && beats(threat, best, s.trump) {
		c = s.strongest(s.hands[seat], led)
		if c < 0 || !beats(c, best, s.trump) || threat >= 0 && beats(threat, c, s.trump) {
			return 0, false
		}
	}
	su := suitOf(c)
	byRank := threat >= 0 && suitOf(threat) == su
	for p := range pos {
		if s.trick[p] != c && suitOf(s.trick[p]) == su {
			byRank = true
		}
	}
	if byRank {
		return 1 << uint(c), true
	}
	return 0, true
}

// strongest returns the card of hand that does best on a lead of suit led:
// its highest of the suit, or, void in it, its highest trump; -1 for none.
func (s *search) strongest(hand uint64, led int) int {
	if h := holding(hand, led); h != 0 {
		return suitBits*led + highest(h)
	}
	if s.trump != noTrump {
		if t := holding(hand, s.trump); t != 0 {
			return suitBits*s.trump + highest(t)
		}
	}
	return -1
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

// winning returns the position of the card winning the current trick so
// far, when pos cards of it have been played.
func (s *search) winning(pos int) int {
	win := 0
	for p := 1; p < pos; p++ {
		if beats(s.trick[p], s.trick[win], s.trump) {
			win = p
		}
	}
	return win
}

// trickWinner returns the position in the trick of the card that wins it,
// and whether it won by rank over another card of its suit (rather than as
// the only trump or the only card of the suit led).
func (s *search) trickWinner() (pos int, byRank bool) {
	pos = s.winning(4)
	su := suitOf(s.trick[pos])
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
