package doubledummy

// The transposition table holds what earlier searches found about positions
// at the start of a trick: bounds on the tricks North-South take from there,
// valid for every position with the same leader and suit lengths whose cards
// agree, in relative rank, on the cards that decided the result (partition
// search). One table serves the four leaders of a strain and is cleared when
// the strain changes, since the same cards play differently under another
// trump suit.
//
// Its memory is fixed when it is made: entries live in one slab without
// pointers, chained from an open-addressed index of (shape, leader); when
// the slab is full the table starts again empty.
type transpositions struct {
	index   []bucket
	entries []entry
	used    int32
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

// entry is one pattern: the relative cards of North, East and South under
// mask (West's follow from theirs), and bounds on North-South's tricks.
type entry struct {
	hands        [3]uint64
	mask         uint64
	next         int32
	lower, upper int8
}

// newTranspositions makes a table of 2^bits entries.
func newTranspositions(bits uint) *transpositions {
	return &transpositions{
		index:   make([]bucket, 2<<bits),
		entries: make([]entry, 1<<bits),
		gen:     1,
	}
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

// lookup looks for an entry matching rel whose bounds decide whether
// North-South take at least need of the tricks left. It returns the bound
// that decides (a lower bound of need or more, or an upper bound below need)
// and the relative mask it depends on; found is false when no entry
// decides.
func (t *transpositions) lookup(shape uint64, leader int, rel *[4]uint64, need int) (found bool, bound int, mask uint64) {
	b := t.find(shape, leader)
	if b.gen != t.gen {
		return false, 0, 0
	}
	for i := b.head; i >= 0; i = t.entries[i].next {
		e := &t.entries[i]
		if rel[0]&e.mask != e.hands[0] || rel[1]&e.mask != e.hands[1] || rel[2]&e.mask != e.hands[2] {
			continue
		}
		if int(e.lower) >= need {
			return true, int(e.lower), e.mask
		}
		if int(e.upper) < need {
			return true, int(e.upper), e.mask
		}
	}
	return false, 0, 0
}

// store records that North-South take at least (ok) or at most (not ok)
// bound of the tricks left in every position matching rel under mask. max
// is the number of tricks left.
func (t *transpositions) store(shape uint64, leader int, rel *[4]uint64, mask uint64, bound int, ok bool, max int) {
	var hands [3]uint64
	for h := range hands {
		hands[h] = rel[h] & mask
	}
	b := t.find(shape, leader)
	if b.gen == t.gen {
		for i := b.head; i >= 0; i = t.entries[i].next {
			e := &t.entries[i]
			if e.mask == mask && e.hands == hands {
				tighten(e, bound, ok)
				return
			}
		}
	}
	if int(t.used) == len(t.entries) {
		t.clear()
		b = t.find(shape, leader)
	}
	if b.gen != t.gen {
		*b = bucket{shape: shape, gen: t.gen, leader: uint8(leader), head: -1}
	}
	e := &t.entries[t.used]
	*e = entry{hands: hands, mask: mask, next: b.head, lower: 0, upper: int8(max)}
	tighten(e, bound, ok)
	b.head = t.used
	t.used++
}

// tighten narrows an entry's bounds by one result: a lower bound when ok,
// an upper one otherwise.
func tighten(e *entry, bound int, ok bool) {
	if ok {
		e.lower = max(e.lower, int8(bound))
	} else {
		e.upper = min(e.upper, int8(bound))
	}
}
