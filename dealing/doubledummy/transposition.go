package doubledummy

// The transposition table holds what earlier searches found about positions
// at the start of a trick: bounds on the tricks North-South take from there,
// valid for every position with the same leader and suit lengths whose cards
// agree, in relative rank, on the cards that decided the result (partition
// search). One table serves the four leaders of a strain and is cleared when
// the strain changes, since the same cards play differently under another
// trump suit.
//
// The patterns of one (shape, leader) sit together in pages of a slab
// without pointers, so that a lookup reads them in order from memory, the
// newest first. The slab starts small; when it fills it starts again empty
// at twice the size, up to a cap fixed when the table is made, and a full
// slab at the cap starts again empty. Ordinary deals never leave the first size; the deals built to be
// hard need many times more patterns and thrash without them.
type transpositions struct {
	index    []bucket
	pages    []page
	used     int32
	maxPages int
	// gen marks the buckets of the current contents; clearing the table
	// moves it on instead of wiping the index.
	gen uint32
}

type bucket struct {
	shape  uint64
	gen    uint32
	leader uint8
	head   int32
}

// pageSize is the number of patterns a page holds.
const pageSize = 8

// page holds patterns of one (shape, leader): the relative cards of North,
// East and South under each mask (West's follow from theirs), and bounds on
// North-South's tricks, a byte a pattern in lower and upper. Bounds come
// first so that a lookup finds in a few instructions the patterns whose
// bounds would decide, and reads only their cards.
type page struct {
	lower, upper uint64
	n            int32
	next         int32
	mask         [pageSize]uint64
	hands        [pageSize][3]uint64
}

// Byte lanes of a uint64, for comparing the eight bounds of a page at once.
const (
	lanesLow  = 0x0101010101010101
	lanesHigh = 0x8080808080808080
)

// atLeast returns the high bit of each byte lane of x, a bound of 0 to 13,
// that is at least n.
func atLeast(x uint64, n int) uint64 { return ((x | lanesHigh) - uint64(n)*lanesLow) & lanesHigh }

// lane returns bound i of lanes.
func lane(lanes uint64, i int32) int { return int(lanes >> (8 * uint(i)) & 0xff) }

// newTranspositions makes a table of 2^bits pages that may grow to
// 2^maxBits.
func newTranspositions(bits, maxBits uint) *transpositions {
	t := &transpositions{maxPages: 1 << maxBits}
	t.size(1 << bits)
	return t
}

// size makes the table empty with room for n pages, and an index of
// twice as many buckets so that it stays at most half full.
func (t *transpositions) size(n int) {
	t.index = make([]bucket, 2*n)
	t.pages = make([]page, n)
	t.used = 0
	t.gen = 1
}

// clear empties the table.
func (t *transpositions) clear() {
	t.gen++
	t.used = 0
	if t.gen == 0 {
		clear(t.index)
		t.gen = 1
	}
}

// find returns the bucket of (shape, leader), or the empty bucket where it
// goes.
func (t *transpositions) find(shape uint64, leader int) *bucket {
	mask := uint64(len(t.index) - 1)
	h := (shape ^ uint64(leader)<<62) * 0x9e3779b97f4a7c15
	for i := h >> 32 & mask; ; i = (i + 1) & mask {
		b := &t.index[i]
		if b.gen != t.gen {
			return b
		}
		if b.shape == shape && int(b.leader) == leader {
			return b
		}
	}
}

// lookup looks for a pattern matching rel whose bounds decide whether
// North-South take at least need of the tricks left. It returns the bound
// that decides (a lower bound of need or more, or an upper bound below need)
// and the relative mask it depends on; found is false when none decides.
func (t *transpositions) lookup(shape uint64, leader int, rel *[3]uint64, need int) (found bool, bound int, mask uint64) {
	b := t.find(shape, leader)
	if b.gen != t.gen {
		return false, 0, 0
	}
	for p := b.head; p >= 0; p = t.pages[p].next {
		pg := &t.pages[p]
		valid := uint64(lanesHigh) >> (8 * uint(pageSize-pg.n))
		deciding := (atLeast(pg.lower, need) | ^atLeast(pg.upper, need)&lanesHigh) & valid
		for deciding != 0 {
			i := int32(highest(deciding) / 8)
			deciding &^= 0xff << (8 * uint(i))
			m, h := pg.mask[i], &pg.hands[i]
			if (rel[0]&m^h[0])|(rel[1]&m^h[1])|(rel[2]&m^h[2]) == 0 {
				if lower := lane(pg.lower, i); lower >= need {
					return true, lower, m
				}
				return true, lane(pg.upper, i), m
			}
		}
	}
	return false, 0, 0
}

// store records that North-South take at least (ok) or at most (not ok)
// bound of the tricks left in every position matching rel under mask. max
// is the number of tricks left.
func (t *transpositions) store(shape uint64, leader int, rel *[3]uint64, mask uint64, bound int, ok bool, max int) {
	hands := [3]uint64{rel[0] & mask, rel[1] & mask, rel[2] & mask}
	b := t.find(shape, leader)
	if b.gen == t.gen {
		for p := b.head; p >= 0; p = t.pages[p].next {
			pg := &t.pages[p]
			for i := range pg.n {
				if pg.mask[i] == mask && pg.hands[i] == hands {
					tighten(pg, i, bound, ok)
					return
				}
			}
		}
	}
	if b.gen != t.gen || t.pages[b.head].n == pageSize {
		if int(t.used) == len(t.pages) {
			if len(t.pages) < t.maxPages {
				t.size(2 * len(t.pages))
			} else {
				t.clear()
			}
			b = t.find(shape, leader)
		}
		if b.gen != t.gen {
			*b = bucket{shape: shape, gen: t.gen, leader: uint8(leader), head: -1}
		}
		t.pages[t.used] = page{next: b.head}
		b.head = t.used
		t.used++
	}
	pg := &t.pages[b.head]
	i := pg.n
	pg.n++
	pg.mask[i], pg.hands[i] = mask, hands
	pg.upper |= uint64(max) << (8 * uint(i))
	tighten(pg, i, bound, ok)
}

// tighten narrows the bounds of pattern i of a page by one result: a lower
// bound when ok, an upper one otherwise.
func tighten(pg *page, i int32, bound int, ok bool) {
	shift := 8 * uint(i)
	if ok {
		if bound > lane(pg.lower, i) {
			pg.lower = pg.lower&^(0xff<<shift) | uint64(bound)<<shift
		}
	} else if bound < lane(pg.upper, i) {
		pg.upper = pg.upper&^(0xff<<shift) | uint64(bound)<<shift
	}
}
