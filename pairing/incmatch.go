package pairing

// incMatcher is a maximum-weight matching of a complete graph on n
// vertices whose edge weights are wide unsigned integers (see wide.go)
// and may change between computations. A weight of zero is no edge; an
// edge of zero weight is never matched.
//
// It is the primal-dual method of Edmonds for general graphs (as in
// maxWeightMatching), kept from one computation to the next: changing
// the edges of a vertex v unmatches v, dissolves the blossoms around it
// (their duals moved onto their vertices, which keeps every edge's slack
// non-negative) and raises v's dual above every weight, so that the old
// optimum stays dual-feasible and only the vertices touched need to be
// matched again. A stage grows alternating trees from the exposed
// vertices of positive dual; besides the usual augmenting paths and
// blossoms, a tree may end at an exposed vertex of dual zero (augment
// to it), or at one of its own outer vertices whose dual falls to zero
// (that vertex becomes exposed, the root matched). Each stage costs
// O(n^2) operations on wide integers; after changes to the edges of k
// vertices a computation takes O(k) stages.
//
// Duals are kept doubled: the slack of edge uv is dual[u]+dual[v]-4w,
// the stored weight being four times the given one.
type incMatcher struct {
	n, w int
	wt   []uint64 // 4× the weight of each edge, w words each
	dual []uint64 // vertices 0..n-1, blossoms n..2n-1; w words each
	huge []uint64 // the dual given to a vertex whose edges change

	mate     []int // the far end (an endpoint, 2k or 2k+1) of the matched edge, or -1
	label    []int // 0 none, 1 outer, 2 inner; 5 marks a path being traced
	labelEnd []int
	top      []int
	parent   []int
	children [][]int
	base     []int
	ends     [][]int
	best     []int
	bestList [][]int
	free     []int
	allowed  []uint32 // stage stamp of the edges found tight
	stamp    uint32
	queue    []int
	touched  []bool  // vertices prepared since the last computation
	ends2    []int32 // the vertex at each endpoint
	has      []bool  // the edge's weight is not zero

	t1, t2, t3 []uint64 // scratch values
}

// newIncMatcher returns a matcher for n vertices and weights below
// 2^bits, all edges absent.
func newIncMatcher(n, weightBits int) *incMatcher {
	w := (weightBits + 8 + 63) / 64
	m := &incMatcher{n: n, w: w}
	m.wt = make([]uint64, n*(n-1)/2*w)
	m.dual = make([]uint64, 2*n*w)
	m.huge = make([]uint64, w)
	wSetBit(m.huge, weightBits+2)
	m.mate = make([]int, n)
	m.label = make([]int, 2*n)
	m.labelEnd = make([]int, 2*n)
	m.top = make([]int, n)
	m.parent = make([]int, 2*n)
	m.children = make([][]int, 2*n)
	m.base = make([]int, 2*n)
	m.ends = make([][]int, 2*n)
	m.best = make([]int, 2*n)
	m.bestList = make([][]int, 2*n)
	m.allowed = make([]uint32, n*(n-1)/2)
	m.touched = make([]bool, n)
	m.ends2 = make([]int32, n*(n-1))
	m.has = make([]bool, n*(n-1)/2)
	for v := 1; v < n; v++ {
		for u := 0; u < v; u++ {
			k := edgeIndex(u, v)
			m.ends2[2*k], m.ends2[2*k+1] = int32(u), int32(v)
		}
	}
	m.t1, m.t2, m.t3 = make([]uint64, w), make([]uint64, w), make([]uint64, w)
	for v := 0; v < n; v++ {
		m.mate[v], m.top[v], m.base[v] = -1, v, v
		copy(m.d(v), m.huge)
		m.touched[v] = true
	}
	for b := range m.parent {
		m.parent[b], m.labelEnd[b] = -1, -1
		if b >= n {
			m.base[b] = -1
			m.free = append(m.free, 3*n-1-b)
		}
	}
	return m
}

// edge returns the index of the edge uv.
func edgeIndex(u, v int) int {
	if u > v {
		u, v = v, u
	}
	return v*(v-1)/2 + u
}

// endOf returns the vertex at endpoint p: the edge k=p/2 joins u<v,
// endpoint 2k is u and 2k+1 is v.
func (m *incMatcher) endOf(p int) int { return int(m.ends2[p]) }

// farEnd returns the endpoint at y of the edge xy.
func farEnd(x, y int) int {
	k := edgeIndex(x, y)
	if y > x {
		return 2*k + 1
	}
	return 2 * k
}

func (m *incMatcher) d(i int) []uint64      { return m.dual[i*m.w : (i+1)*m.w] }
func (m *incMatcher) weight(k int) []uint64 { return m.wt[k*m.w : (k+1)*m.w] }

// slack writes into dst the slack of edge k between u and v.
func (m *incMatcher) slack(dst []uint64, k, u, v int) {
	wAdd(dst, m.d(u), m.d(v))
	wSub(dst, dst, m.weight(k))
}

// ends of edge k.
func (m *incMatcher) uv(k int) (int, int) {
	return m.endOf(2 * k), m.endOf(2*k + 1)
}

// setWeight sets the weight of the edge uv to x (fewer words than the
// matcher's are read as zero-extended); u's edges are the ones changed.
func (m *incMatcher) setWeight(u, v int, x []uint64) {
	m.prepare(u)
	k := edgeIndex(u, v)
	dst := m.weight(k)
	wClear(dst)
	copy(dst, x)
	wShl(dst, 2)
	m.has[k] = !wIsZero(dst)
}

// prepare unmatches u, dissolves the blossoms that contain it and gives
// it a dual above every weight.
func (m *incMatcher) prepare(u int) {
	if m.touched[u] {
		return
	}
	m.touched[u] = true
	b := m.top[u]
	if bv := m.base[b]; m.mate[bv] != -1 {
		x := m.endOf(m.mate[bv])
		m.mate[x], m.mate[bv] = -1, -1
	}
	if b >= m.n {
		m.augmentBlossom(b, u)
		m.mate[u] = -1
	}
	for m.top[u] != u {
		b := m.top[u]
		z := m.d(b)
		m.leaves(b, func(x int) { wAdd(m.d(x), m.d(x), z) })
		m.dissolve(b)
	}
	copy(m.d(u), m.huge)
}

// dissolve removes the top blossom b, its children becoming top
// blossoms with their structure and duals.
func (m *incMatcher) dissolve(b int) {
	for _, s := range m.children[b] {
		m.parent[s] = -1
		if s < m.n {
			m.top[s] = s
		} else {
			m.leaves(s, func(x int) { m.top[x] = s })
		}
	}
	m.release(b)
}

func (m *incMatcher) release(b int) {
	m.label[b], m.labelEnd[b] = 0, -1
	m.children[b], m.ends[b] = nil, nil
	m.base[b] = -1
	m.bestList[b], m.best[b] = nil, -1
	wClear(m.d(b))
	m.free = append(m.free, b)
}

// matching writes into out each vertex's partner, or -1.
func (m *incMatcher) matching(out []int) []int {
	if len(out) != m.n {
		out = make([]int, m.n)
	}
	for v := range out {
		out[v] = -1
		if m.mate[v] >= 0 {
			out[v] = m.endOf(m.mate[v])
		}
	}
	return out
}

func (m *incMatcher) leaves(b int, f func(int)) {
	if b < m.n {
		f(b)
		return
	}
	for _, c := range m.children[b] {
		m.leaves(c, f)
	}
}

func (m *incMatcher) assign(w, t, p int) {
	b := m.top[w]
	m.label[w], m.label[b] = t, t
	m.labelEnd[w], m.labelEnd[b] = p, p
	m.best[w], m.best[b] = -1, -1
	if t == 1 {
		m.leaves(b, func(v int) { m.queue = append(m.queue, v) })
		return
	}
	base := m.base[b]
	m.assign(m.endOf(m.mate[base]), 1, m.mate[base]^1)
}

func (m *incMatcher) trace(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := m.top[v]
		if m.label[b]&4 != 0 {
			base = m.base[b]
			break
		}
		path = append(path, b)
		m.label[b] = 5
		if m.labelEnd[b] == -1 {
			v = -1
		} else {
			v = m.endOf(m.labelEnd[b])
			b = m.top[v]
			v = m.endOf(m.labelEnd[b])
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		m.label[b] = 1
	}
	return base
}

func (m *incMatcher) addBlossom(base, k int) {
	v, w := m.uv(k)
	bb, bv, bw := m.top[base], m.top[v], m.top[w]
	b := m.free[len(m.free)-1]
	m.free = m.free[:len(m.free)-1]
	m.base[b], m.parent[b], m.parent[bb] = base, -1, b
	var path, ends []int
	for bv != bb {
		m.parent[bv] = b
		path = append(path, bv)
		ends = append(ends, m.labelEnd[bv])
		v = m.endOf(m.labelEnd[bv])
		bv = m.top[v]
	}
	path = append(path, bb)
	reverse(path)
	reverse(ends)
	ends = append(ends, 2*k)
	for bw != bb {
		m.parent[bw] = b
		path = append(path, bw)
		ends = append(ends, m.labelEnd[bw]^1)
		w = m.endOf(m.labelEnd[bw])
		bw = m.top[w]
	}
	m.children[b], m.ends[b] = path, ends
	m.label[b], m.labelEnd[b] = 1, m.labelEnd[bb]
	wClear(m.d(b))
	m.leaves(b, func(x int) {
		if m.label[m.top[x]] == 2 {
			m.queue = append(m.queue, x)
		}
		m.top[x] = b
	})
	bestTo := make([]int, 2*m.n)
	for i := range bestTo {
		bestTo[i] = -1
	}
	consider := func(e, i, j int) {
		if m.top[j] == b {
			i, j = j, i
		}
		bj := m.top[j]
		if bj == b || m.label[bj] != 1 {
			return
		}
		if bestTo[bj] == -1 {
			bestTo[bj] = e
			return
		}
		m.slack(m.t1, e, i, j)
		x, y := m.uv(bestTo[bj])
		m.slack(m.t2, bestTo[bj], x, y)
		if wCmp(m.t1, m.t2) < 0 {
			bestTo[bj] = e
		}
	}
	for _, c := range path {
		if m.bestList[c] == nil {
			m.leaves(c, func(x int) {
				for y := 0; y < m.n; y++ {
					if y == x {
						continue
					}
					e := edgeIndex(x, y)
					if m.has[e] {
						consider(e, x, y)
					}
				}
			})
		} else {
			for _, e := range m.bestList[c] {
				i, j := m.uv(e)
				consider(e, i, j)
			}
		}
		m.bestList[c], m.best[c] = nil, -1
	}
	list := []int{}
	for _, e := range bestTo {
		if e != -1 {
			list = append(list, e)
		}
	}
	m.bestList[b] = list
	m.best[b] = -1
	for _, e := range list {
		if m.best[b] == -1 {
			m.best[b] = e
			continue
		}
		i, j := m.uv(e)
		m.slack(m.t1, e, i, j)
		x, y := m.uv(m.best[b])
		m.slack(m.t2, m.best[b], x, y)
		if wCmp(m.t1, m.t2) < 0 {
			m.best[b] = e
		}
	}
}

func (m *incMatcher) expand(b int, final bool) {
	for _, s := range m.children[b] {
		m.parent[s] = -1
		switch {
		case s < m.n:
			m.top[s] = s
		case final && wIsZero(m.d(s)):
			m.expand(s, final)
		default:
			m.leaves(s, func(x int) { m.top[x] = s })
		}
	}
	if !final && m.label[b] == 2 {
		ch, en := m.children[b], m.ends[b]
		entry := m.top[m.endOf(m.labelEnd[b]^1)]
		j := indexOf(ch, entry)
		var step, trick int
		if j&1 != 0 {
			j -= len(ch)
			step, trick = 1, 0
		} else {
			step, trick = -1, 1
		}
		p := m.labelEnd[b]
		for j != 0 {
			m.label[m.endOf(p^1)] = 0
			m.label[m.endOf(at(en, j-trick)^trick^1)] = 0
			m.assign(m.endOf(p^1), 2, p)
			m.allowed[at(en, j-trick)/2] = m.stamp
			j += step
			p = at(en, j-trick) ^ trick
			m.allowed[p/2] = m.stamp
			j += step
		}
		bv := at(ch, j)
		m.label[m.endOf(p^1)], m.label[bv] = 2, 2
		m.labelEnd[m.endOf(p^1)], m.labelEnd[bv] = p, p
		m.best[bv] = -1
		j += step
		for at(ch, j) != entry {
			bv = at(ch, j)
			if m.label[bv] == 1 {
				j += step
				continue
			}
			found := -1
			m.leaves(bv, func(x int) {
				if found < 0 && m.label[x] != 0 {
					found = x
				}
			})
			if found >= 0 {
				m.label[found] = 0
				m.label[m.endOf(m.mate[m.base[bv]])] = 0
				m.assign(found, 2, m.labelEnd[found])
			}
			j += step
		}
	}
	m.release(b)
}

func (m *incMatcher) augmentBlossom(b, v int) {
	t := v
	for m.parent[t] != b {
		t = m.parent[t]
	}
	if t >= m.n {
		m.augmentBlossom(t, v)
	}
	ch, en := m.children[b], m.ends[b]
	i := indexOf(ch, t)
	j := i
	var step, trick int
	if i&1 != 0 {
		j -= len(ch)
		step, trick = 1, 0
	} else {
		step, trick = -1, 1
	}
	for j != 0 {
		j += step
		t = at(ch, j)
		p := at(en, j-trick) ^ trick
		if t >= m.n {
			m.augmentBlossom(t, m.endOf(p))
		}
		j += step
		t = at(ch, j)
		if t >= m.n {
			m.augmentBlossom(t, m.endOf(p^1))
		}
		m.mate[m.endOf(p)] = p ^ 1
		m.mate[m.endOf(p^1)] = p
	}
	m.children[b] = append(append([]int{}, ch[i:]...), ch[:i]...)
	m.ends[b] = append(append([]int{}, en[i:]...), en[:i]...)
	m.base[b] = m.base[m.children[b][0]]
}

// walk matches s through endpoint p (-1: leaves s exposed) and flips
// the alternating path from s's blossom up to the root of its tree.
func (m *incMatcher) walk(s, p int) {
	for {
		bs := m.top[s]
		if bs >= m.n {
			m.augmentBlossom(bs, s)
		}
		m.mate[s] = p
		if m.labelEnd[bs] == -1 {
			return
		}
		t := m.endOf(m.labelEnd[bs])
		bt := m.top[t]
		s = m.endOf(m.labelEnd[bt])
		j := m.endOf(m.labelEnd[bt] ^ 1)
		if bt >= m.n {
			m.augmentBlossom(bt, j)
		}
		m.mate[j] = m.labelEnd[bt]
		p = m.labelEnd[bt] ^ 1
	}
}

func (m *incMatcher) augment(k int) {
	u, v := m.uv(k)
	m.walk(u, 2*k+1)
	m.walk(v, 2*k)
}

// exposedTop reports whether the top blossom b has an exposed base.
func (m *incMatcher) exposedTop(b int) bool { return m.mate[m.base[b]] == -1 }

// compute brings the matching back to a maximum weight.
func (m *incMatcher) compute() {
	n := m.n
	// The exposed duals even, so that every tree's duals share a parity.
	for x := 0; x < n; x++ {
		if m.mate[x] != -1 || m.base[m.top[x]] != x || m.d(x)[0]&1 == 0 {
			continue
		}
		for {
			b := m.top[x]
			if b < n {
				wAddSmall(m.d(x), 1)
				break
			}
			if wIsZero(m.d(b)) {
				m.dissolve(b)
				continue
			}
			wSubSmall(m.d(b), 1)
			m.leaves(b, func(y int) { wAddSmall(m.d(y), 1) })
			break
		}
	}
	for v := range m.touched {
		m.touched[v] = false
	}
	delta := make([]uint64, m.w)
	for {
		m.stamp++
		if m.stamp == 0 {
			for i := range m.allowed {
				m.allowed[i] = 0
			}
			m.stamp = 1
		}
		for i := range m.label {
			m.label[i], m.best[i], m.labelEnd[i] = 0, -1, -1
			if i >= n {
				m.bestList[i] = nil
			}
		}
		m.queue = m.queue[:0]
		roots := 0
		for v := 0; v < n; v++ {
			if m.mate[v] == -1 && m.base[m.top[v]] == v && m.label[m.top[v]] == 0 && !wIsZero(m.d(v)) {
				m.assign(v, 1, -1)
				roots++
			}
		}
		if roots == 0 {
			return
		}
		done := false
		for !done {
			for len(m.queue) > 0 && !done {
				v := m.queue[len(m.queue)-1]
				m.queue = m.queue[:len(m.queue)-1]
				for w := 0; w < n && !done; w++ {
					if w == v {
						continue
					}
					k := edgeIndex(v, w)
					if !m.has[k] || m.top[v] == m.top[w] {
						continue
					}
					p := farEnd(v, w)
					tight := m.allowed[k] == m.stamp
					if !tight {
						m.slack(m.t3, k, v, w)
						if wIsZero(m.t3) {
							m.allowed[k] = m.stamp
							tight = true
						}
					}
					bw := m.top[w]
					switch {
					case tight:
						switch {
						case m.label[bw] == 0 && m.exposedTop(bw):
							m.augment(k)
							done = true
						case m.label[bw] == 0:
							m.assign(w, 2, p^1)
						case m.label[bw] == 1:
							if base := m.trace(v, w); base >= 0 {
								m.addBlossom(base, k)
							} else {
								m.augment(k)
								done = true
							}
						case m.label[w] == 0:
							m.label[w], m.labelEnd[w] = 2, p^1
						}
					case m.label[bw] == 1:
						b := m.top[v]
						if m.best[b] == -1 || m.less(m.t3, m.best[b]) {
							m.best[b] = k
						}
					case m.label[w] == 0:
						if m.best[w] == -1 || m.less(m.t3, m.best[w]) {
							m.best[w] = k
						}
					}
				}
			}
			if done {
				break
			}
			// No tight edge left: change the duals.
			kind, dEdge, dBlossom, dVertex := 0, -1, -1, -1
			for v := 0; v < n; v++ {
				if m.label[m.top[v]] == 1 && (kind == 0 || wCmp(m.d(v), delta) < 0) {
					kind, dVertex = 1, v
					copy(delta, m.d(v))
				}
			}
			for v := 0; v < n; v++ {
				if m.label[m.top[v]] == 0 && m.best[v] != -1 {
					m.edgeSlack(m.t1, m.best[v])
					if wCmp(m.t1, delta) < 0 {
						kind, dEdge = 2, m.best[v]
						copy(delta, m.t1)
					}
				}
			}
			for b := 0; b < 2*n; b++ {
				if m.parent[b] == -1 && m.label[b] == 1 && m.best[b] != -1 && (b < n || m.base[b] >= 0) {
					m.edgeSlack(m.t1, m.best[b])
					wShr1(m.t1, m.t1)
					if wCmp(m.t1, delta) < 0 {
						kind, dEdge = 3, m.best[b]
						copy(delta, m.t1)
					}
				}
			}
			for b := n; b < 2*n; b++ {
				if m.base[b] >= 0 && m.parent[b] == -1 && m.label[b] == 2 && wCmp(m.d(b), delta) < 0 {
					kind, dBlossom = 4, b
					copy(delta, m.d(b))
				}
			}
			for v := 0; v < n; v++ {
				switch m.label[m.top[v]] {
				case 1:
					wSub(m.d(v), m.d(v), delta)
				case 2:
					wAdd(m.d(v), m.d(v), delta)
				}
			}
			for b := n; b < 2*n; b++ {
				if m.base[b] >= 0 && m.parent[b] == -1 {
					switch m.label[b] {
					case 1:
						wAdd(m.d(b), m.d(b), delta)
					case 2:
						wSub(m.d(b), m.d(b), delta)
					}
				}
			}
			switch kind {
			case 1:
				m.walk(dVertex, -1)
				done = true
			case 2:
				m.allowed[dEdge] = m.stamp
				i, j := m.uv(dEdge)
				if m.label[m.top[i]] != 1 {
					i = j
				}
				m.queue = append(m.queue, i)
			case 3:
				m.allowed[dEdge] = m.stamp
				i, _ := m.uv(dEdge)
				m.queue = append(m.queue, i)
			case 4:
				m.expand(dBlossom, false)
			}
		}
		for b := n; b < 2*n; b++ {
			if m.parent[b] == -1 && m.base[b] >= 0 && m.label[b] == 1 && wIsZero(m.d(b)) {
				m.expand(b, true)
			}
		}
	}
}

func (m *incMatcher) edgeSlack(dst []uint64, k int) {
	u, v := m.uv(k)
	m.slack(dst, k, u, v)
}

// less reports whether s is below the slack of edge k.
func (m *incMatcher) less(s []uint64, k int) bool {
	m.edgeSlack(m.t2, k)
	return wCmp(s, m.t2) < 0
}
