package movement

// This file finds a maximum-weight matching in a general graph by Edmonds'
// blossom algorithm in its primal-dual form (Galil, "Efficient algorithms
// for finding maximum matching in graphs", 1986), in O(n³) time on a dense
// weight matrix. Swiss pairings use it to pair a whole field at once.
//
// Dual values are kept doubled so that every quantity stays an integer: an
// edge (u, v) of weight w between two top-level nodes has slack
// dual[u] + dual[v] − 2w, and a blossom's dual counts twice its z value.

// matchEdge is an edge between two original vertices; a blossom remembers
// its best edge to every other node as one of these.
type matchEdge struct{ u, v int32 }

// matcher is the state of one matching computation. Vertices are 1..n,
// blossoms n+1..2n; 0 means none.
type matcher struct {
	n, top int // top: highest node number in use
	size   int // row length of best: 2n+1
	weight []int64
	// best[x*size+y] is the edge of least slack between nodes x and y.
	best []matchEdge
	dual []int64
	// mate[x] is the vertex at the far end of the matched edge of node x.
	mate []int
	// slack[x] is the even vertex with the least-slack edge to node x.
	slack []int
	// root[x] is the top-level blossom containing x (itself when top-level).
	root []int
	// parent[x] is the vertex through which x was labelled odd.
	parent []int
	// from[b*(n+1)+v] is the sub-blossom of b holding vertex v.
	from []int
	// label is −1 for unlabelled, 0 for even (outer), 1 for odd (inner).
	label []int
	mark  []int
	stamp int
	// cycle[b] lists the sub-blossoms of b around its odd cycle, base first.
	cycle [][]int
	queue []int
}

// maxWeightMatching returns a matching of greatest total weight in the
// graph whose symmetric weight matrix is weights (0-based; a weight of zero
// or less means no edge). mate[i] is the vertex matched to i, or −1.
func maxWeightMatching(weights [][]int64) []int {
	m := newMatcher(weights)
	for m.grow() {
	}
	mate := make([]int, m.n)
	for u := 1; u <= m.n; u++ {
		mate[u-1] = m.mate[u] - 1
	}
	return mate
}

func newMatcher(weights [][]int64) *matcher {
	n := len(weights)
	size := 2*n + 1
	m := &matcher{
		n: n, top: n, size: size,
		weight: make([]int64, (n+1)*(n+1)),
		best:   make([]matchEdge, size*size),
		dual:   make([]int64, size),
		mate:   make([]int, size),
		slack:  make([]int, size),
		root:   make([]int, size),
		parent: make([]int, size),
		from:   make([]int, size*(n+1)),
		label:  make([]int, size),
		mark:   make([]int, size),
		cycle:  make([][]int, size),
	}
	var heaviest int64
	for u := 1; u <= n; u++ {
		m.root[u] = u
		m.from[u*(n+1)+u] = u
		for v := 1; v <= n; v++ {
			w := max(weights[u-1][v-1], 0)
			m.weight[u*(n+1)+v] = w
			m.best[u*size+v] = matchEdge{int32(u), int32(v)}
			heaviest = max(heaviest, w)
		}
	}
	for u := 1; u <= n; u++ {
		m.dual[u] = heaviest
	}
	return m
}

// w is the weight of the edge e.
func (m *matcher) w(e matchEdge) int64 { return m.weight[int(e.u)*(m.n+1)+int(e.v)] }

// edge returns the best edge between nodes x and y.
func (m *matcher) edge(x, y int) matchEdge { return m.best[x*m.size+y] }

// delta is the slack of an edge between two different top-level nodes.
func (m *matcher) delta(e matchEdge) int64 {
	return m.dual[e.u] + m.dual[e.v] - 2*m.w(e)
}

func (m *matcher) updateSlack(u, x int) {
	if m.slack[x] == 0 || m.delta(m.edge(u, x)) < m.delta(m.edge(m.slack[x], x)) {
		m.slack[x] = u
	}
}

func (m *matcher) setSlack(x int) {
	m.slack[x] = 0
	for u := 1; u <= m.n; u++ {
		if m.w(m.edge(u, x)) > 0 && m.root[u] != x && m.label[m.root[u]] == 0 {
			m.updateSlack(u, x)
		}
	}
}

// push queues every vertex of node x for scanning.
func (m *matcher) push(x int) {
	if x <= m.n {
		m.queue = append(m.queue, x)
		return
	}
	for _, sub := range m.cycle[x] {
		m.push(sub)
	}
}

func (m *matcher) setRoot(x, b int) {
	m.root[x] = b
	if x > m.n {
		for _, sub := range m.cycle[x] {
			m.setRoot(sub, b)
		}
	}
}

// evenPosition returns the position of sub-blossom xr in the cycle of b,
// reversing the cycle if needed so that the path from the base to xr
// going forward has even length.
func (m *matcher) evenPosition(b, xr int) int {
	c := m.cycle[b]
	pos := 0
	for c[pos] != xr {
		pos++
	}
	if pos%2 == 0 {
		return pos
	}
	for i, j := 1, len(c)-1; i < j; i, j = i+1, j-1 {
		c[i], c[j] = c[j], c[i]
	}
	return len(c) - pos
}

// match makes the best edge from node u to node v matched on u's side,
// rematching inside u's blossoms so that the entry vertex becomes the base.
func (m *matcher) match(u, v int) {
	e := m.edge(u, v)
	m.mate[u] = int(e.v)
	if u <= m.n {
		return
	}
	xr := m.from[u*(m.n+1)+int(e.u)]
	pos := m.evenPosition(u, xr)
	c := m.cycle[u]
	for i := 0; i < pos; i++ {
		m.match(c[i], c[i^1])
	}
	m.match(xr, v)
	rotated := append(append([]int{}, c[pos:]...), c[:pos]...)
	m.cycle[u] = rotated
}

// augment flips the alternating path from node u back to its tree root,
// after u has been joined to node v.
func (m *matcher) augment(u, v int) {
	for {
		next := m.root[m.mate[u]]
		m.match(u, v)
		if next == 0 {
			return
		}
		m.match(next, m.root[m.parent[next]])
		u, v = m.root[m.parent[next]], next
	}
}

// commonAncestor returns the nearest common even ancestor of top-level even
// nodes u and v, or 0 when they lie in different trees.
func (m *matcher) commonAncestor(u, v int) int {
	m.stamp++
	for u != 0 || v != 0 {
		if u != 0 {
			if m.mark[u] == m.stamp {
				return u
			}
			m.mark[u] = m.stamp
			u = m.root[m.mate[u]]
			if u != 0 {
				u = m.root[m.parent[u]]
			}
		}
		u, v = v, u
	}
	return 0
}

// addBlossom shrinks the odd cycle through u, base and v into a new blossom.
func (m *matcher) addBlossom(u, base, v int) {
	b := m.n + 1
	for b <= m.top && m.root[b] != 0 {
		b++
	}
	if b > m.top {
		m.top = b
	}
	m.dual[b] = 0
	m.label[b] = 0
	m.mate[b] = m.mate[base]
	c := []int{base}
	c = m.appendTreePath(c, u, base)
	for i, j := 1, len(c)-1; i < j; i, j = i+1, j-1 {
		c[i], c[j] = c[j], c[i]
	}
	c = m.appendTreePath(c, v, base)
	m.cycle[b] = c
	m.setRoot(b, b)
	for x := 1; x <= m.top; x++ {
		m.best[b*m.size+x] = matchEdge{}
		m.best[x*m.size+b] = matchEdge{}
	}
	row := b * (m.n + 1)
	for x := 1; x <= m.n; x++ {
		m.from[row+x] = 0
	}
	for _, sub := range c {
		for x := 1; x <= m.top; x++ {
			e := m.edge(sub, x)
			if m.w(e) > 0 && (m.w(m.edge(b, x)) == 0 || m.delta(e) < m.delta(m.edge(b, x))) {
				m.best[b*m.size+x] = e
				m.best[x*m.size+b] = m.edge(x, sub)
			}
		}
		for x := 1; x <= m.n; x++ {
			if m.from[sub*(m.n+1)+x] != 0 {
				m.from[row+x] = sub
			}
		}
	}
	m.setSlack(b)
}

// appendTreePath appends to c the nodes on the tree path from the even node
// x up to (not including) base, queueing the odd ones, which turn even
// inside the new blossom.
func (m *matcher) appendTreePath(c []int, x, base int) []int {
	for x != base {
		y := m.root[m.mate[x]]
		c = append(c, x, y)
		m.push(y)
		x = m.root[m.parent[y]]
	}
	return c
}

// expandBlossom dissolves the odd blossom b whose dual has reached zero,
// relabelling the sub-blossoms on the even path through it.
func (m *matcher) expandBlossom(b int) {
	c := m.cycle[b]
	for _, sub := range c {
		m.setRoot(sub, sub)
	}
	xr := m.from[b*(m.n+1)+int(m.edge(b, m.parent[b]).u)]
	pos := m.evenPosition(b, xr)
	c = m.cycle[b]
	for i := 0; i < pos; i += 2 {
		odd, even := c[i], c[i+1]
		m.parent[odd] = int(m.edge(even, odd).u)
		m.label[odd] = 1
		m.label[even] = 0
		m.slack[odd] = 0
		m.setSlack(even)
		m.push(even)
	}
	m.label[xr] = 1
	m.parent[xr] = m.parent[b]
	for _, sub := range c[pos+1:] {
		m.label[sub] = -1
		m.setSlack(sub)
	}
	m.root[b] = 0
}

// tight handles a tight edge from an even node: it labels, shrinks or
// augments, and reports whether the matching grew.
func (m *matcher) tight(e matchEdge) bool {
	u, v := m.root[e.u], m.root[e.v]
	switch m.label[v] {
	case -1:
		m.parent[v] = int(e.u)
		m.label[v] = 1
		next := m.root[m.mate[v]]
		m.slack[v], m.slack[next] = 0, 0
		m.label[next] = 0
		m.push(next)
	case 0:
		base := m.commonAncestor(u, v)
		if base == 0 {
			m.augment(u, v)
			m.augment(v, u)
			return true
		}
		m.addBlossom(u, base, v)
	}
	return false
}

// grow runs one stage: it searches for an augmenting path, adjusting duals
// as needed, and reports whether the matching grew; false means optimal.
func (m *matcher) grow() bool {
	m.queue = m.queue[:0]
	for x := 1; x <= m.top; x++ {
		m.label[x] = -1
		m.slack[x] = 0
	}
	for x := 1; x <= m.top; x++ {
		if m.root[x] == x && m.mate[x] == 0 {
			m.parent[x] = 0
			m.label[x] = 0
			m.push(x)
		}
	}
	if len(m.queue) == 0 {
		return false
	}
	for {
		for len(m.queue) > 0 {
			u := m.queue[0]
			m.queue = m.queue[1:]
			if m.label[m.root[u]] == 1 {
				continue
			}
			for v := 1; v <= m.n; v++ {
				e := m.edge(u, v)
				if m.w(e) == 0 || m.root[u] == m.root[v] {
					continue
				}
				if m.delta(e) == 0 {
					if m.tight(e) {
						return true
					}
				} else {
					m.updateSlack(u, m.root[v])
				}
			}
		}
		if !m.adjustDuals() {
			return false
		}
		for x := 1; x <= m.top; x++ {
			if m.root[x] == x && m.slack[x] != 0 && m.root[m.slack[x]] != x &&
				m.delta(m.edge(m.slack[x], x)) == 0 && m.tight(m.edge(m.slack[x], x)) {
				return true
			}
		}
		for b := m.n + 1; b <= m.top; b++ {
			if m.root[b] == b && m.label[b] == 1 && m.dual[b] == 0 {
				m.expandBlossom(b)
			}
		}
	}
}

// adjustDuals moves the duals by the largest step that keeps every slack
// non-negative; it reports false when an even vertex's dual would reach
// zero first, which proves the matching optimal.
func (m *matcher) adjustDuals() bool {
	d := int64(-1)
	lower := func(x int64) {
		if d < 0 || x < d {
			d = x
		}
	}
	for b := m.n + 1; b <= m.top; b++ {
		if m.root[b] == b && m.label[b] == 1 {
			lower(m.dual[b] / 2)
		}
	}
	for x := 1; x <= m.top; x++ {
		if m.root[x] != x || m.slack[x] == 0 {
			continue
		}
		switch m.label[x] {
		case -1:
			lower(m.delta(m.edge(m.slack[x], x)))
		case 0:
			lower(m.delta(m.edge(m.slack[x], x)) / 2)
		}
	}
	for u := 1; u <= m.n; u++ {
		if m.label[m.root[u]] == 0 && (d < 0 || m.dual[u] <= d) {
			return false
		}
	}
	for u := 1; u <= m.n; u++ {
		switch m.label[m.root[u]] {
		case 0:
			m.dual[u] -= d
		case 1:
			m.dual[u] += d
		}
	}
	for b := m.n + 1; b <= m.top; b++ {
		if m.root[b] != b {
			continue
		}
		switch m.label[b] {
		case 0:
			m.dual[b] += 2 * d
		case 1:
			m.dual[b] -= 2 * d
		}
	}
	return true
}
