package pairing

// maxWeightMatching returns a matching of maximum total weight of the
// graph on n vertices with the given edges (primal-dual method of
// Edmonds for general graphs, O(n^3), after Galil's 1986 survey "Efficient
// algorithms for finding maximum matching in graphs"). Weights are
// integers; the duals are kept exact by doubling them. mate[v] is v's
// partner, or -1.
//
// For now the weights are int64; the Dutch criteria will need wider ones.
func maxWeightMatching(n int, edges []wEdge) []int {
	m := &wm{n: n, edges: edges}
	m.run()
	mate := make([]int, n)
	for v := range mate {
		mate[v] = -1
		if m.mate[v] >= 0 {
			mate[v] = m.end[m.mate[v]]
		}
	}
	return mate
}

// wEdge is an edge of a weighted graph.
type wEdge struct {
	u, v int
	w    int64
}

// wm is the state of the weighted matching. Vertices are 0..n-1, the
// blossoms n..2n-1. Edge k has the two ends 2k (at edges[k].u) and
// 2k+1 (at edges[k].v); an end's partner is end^1.
type wm struct {
	n     int
	edges []wEdge
	end   []int   // the vertex at each end
	adj   [][]int // for each vertex, the far ends of its edges
	mate  []int   // for each vertex, the far end of its matched edge, or -1

	label    []int // of top blossoms and vertices: 0 none, 1 outer (S), 2 inner (T); 5 marks a path being traced
	labelEnd []int // the end through which the label came, or -1
	top      []int // the top-level blossom of each vertex
	parent   []int // the blossom containing each blossom, or -1
	children [][]int
	base     []int
	ends     [][]int // ends[b][i] joins children[b][i] and children[b][i+1]
	best     []int   // the least-slack edge to an outer blossom, or -1
	bestList [][]int // of outer blossoms: their least-slack edges to other outer blossoms
	free     []int   // unused blossom numbers
	dual     []int64
	allowed  []bool
	queue    []int
}

func (m *wm) slack(k int) int64 {
	e := m.edges[k]
	return m.dual[e.u] + m.dual[e.v] - 2*e.w
}

func (m *wm) leaves(b int, f func(int)) {
	if b < m.n {
		f(b)
		return
	}
	for _, c := range m.children[b] {
		m.leaves(c, f)
	}
}

func (m *wm) assign(w, t, p int) {
	b := m.top[w]
	m.label[w], m.label[b] = t, t
	m.labelEnd[w], m.labelEnd[b] = p, p
	m.best[w], m.best[b] = -1, -1
	if t == 1 {
		m.leaves(b, func(v int) { m.queue = append(m.queue, v) })
		return
	}
	base := m.base[b]
	m.assign(m.end[m.mate[base]], 1, m.mate[base]^1)
}

// trace follows the alternating trees up from v and w: it returns the
// base of the blossom they close, or -1 when their roots differ (an
// augmenting path).
func (m *wm) trace(v, w int) int {
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
			v = m.end[m.labelEnd[b]]
			b = m.top[v]
			v = m.end[m.labelEnd[b]]
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

func (m *wm) addBlossom(base, k int) {
	v, w := m.edges[k].u, m.edges[k].v
	bb, bv, bw := m.top[base], m.top[v], m.top[w]
	b := m.free[len(m.free)-1]
	m.free = m.free[:len(m.free)-1]
	m.base[b], m.parent[b], m.parent[bb] = base, -1, b
	var path, ends []int
	for bv != bb {
		m.parent[bv] = b
		path = append(path, bv)
		ends = append(ends, m.labelEnd[bv])
		v = m.end[m.labelEnd[bv]]
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
		w = m.end[m.labelEnd[bw]]
		bw = m.top[w]
	}
	m.children[b], m.ends[b] = path, ends
	m.label[b], m.labelEnd[b], m.dual[b] = 1, m.labelEnd[bb], 0
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
	for _, c := range path {
		var lists [][]int
		if m.bestList[c] == nil {
			m.leaves(c, func(x int) {
				l := make([]int, len(m.adj[x]))
				for i, p := range m.adj[x] {
					l[i] = p / 2
				}
				lists = append(lists, l)
			})
		} else {
			lists = [][]int{m.bestList[c]}
		}
		for _, l := range lists {
			for _, e := range l {
				i, j := m.edges[e].u, m.edges[e].v
				if m.top[j] == b {
					i, j = j, i
				}
				_ = i
				bj := m.top[j]
				if bj != b && m.label[bj] == 1 && (bestTo[bj] == -1 || m.slack(e) < m.slack(bestTo[bj])) {
					bestTo[bj] = e
				}
			}
		}
		m.bestList[c], m.best[c] = nil, -1
	}
	var list []int
	for _, e := range bestTo {
		if e != -1 {
			list = append(list, e)
		}
	}
	m.bestList[b] = list
	if m.bestList[b] == nil {
		m.bestList[b] = []int{}
	}
	m.best[b] = -1
	for _, e := range list {
		if m.best[b] == -1 || m.slack(e) < m.slack(m.best[b]) {
			m.best[b] = e
		}
	}
}

// at indexes a blossom's cyclic lists with a possibly negative index.
func at(l []int, j int) int {
	n := len(l)
	return l[((j%n)+n)%n]
}

func indexOf(l []int, x int) int {
	for i, y := range l {
		if y == x {
			return i
		}
	}
	return -1
}

func (m *wm) expand(b int, final bool) {
	for _, s := range m.children[b] {
		m.parent[s] = -1
		switch {
		case s < m.n:
			m.top[s] = s
		case final && m.dual[s] == 0:
			m.expand(s, final)
		default:
			m.leaves(s, func(x int) { m.top[x] = s })
		}
	}
	if !final && m.label[b] == 2 {
		ch, en := m.children[b], m.ends[b]
		entry := m.top[m.end[m.labelEnd[b]^1]]
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
			m.label[m.end[p^1]] = 0
			m.label[m.end[at(en, j-trick)^trick^1]] = 0
			m.assign(m.end[p^1], 2, p)
			m.allowed[at(en, j-trick)/2] = true
			j += step
			p = at(en, j-trick) ^ trick
			m.allowed[p/2] = true
			j += step
		}
		bv := at(ch, j)
		m.label[m.end[p^1]], m.label[bv] = 2, 2
		m.labelEnd[m.end[p^1]], m.labelEnd[bv] = p, p
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
				m.label[m.end[m.mate[m.base[bv]]]] = 0
				m.assign(found, 2, m.labelEnd[found])
			}
			j += step
		}
	}
	m.label[b], m.labelEnd[b] = -1, -1
	m.children[b], m.ends[b] = nil, nil
	m.base[b] = -1
	m.bestList[b], m.best[b] = nil, -1
	m.free = append(m.free, b)
}

func (m *wm) augmentBlossom(b, v int) {
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
			m.augmentBlossom(t, m.end[p])
		}
		j += step
		t = at(ch, j)
		if t >= m.n {
			m.augmentBlossom(t, m.end[p^1])
		}
		m.mate[m.end[p]] = p ^ 1
		m.mate[m.end[p^1]] = p
	}
	m.children[b] = append(append([]int{}, ch[i:]...), ch[:i]...)
	m.ends[b] = append(append([]int{}, en[i:]...), en[:i]...)
	m.base[b] = m.base[m.children[b][0]]
}

func (m *wm) augment(k int) {
	for _, sp := range [2][2]int{{m.edges[k].u, 2*k + 1}, {m.edges[k].v, 2 * k}} {
		s, p := sp[0], sp[1]
		for {
			bs := m.top[s]
			if bs >= m.n {
				m.augmentBlossom(bs, s)
			}
			m.mate[s] = p
			if m.labelEnd[bs] == -1 {
				break
			}
			t := m.end[m.labelEnd[bs]]
			bt := m.top[t]
			s = m.end[m.labelEnd[bt]]
			j := m.end[m.labelEnd[bt]^1]
			if bt >= m.n {
				m.augmentBlossom(bt, j)
			}
			m.mate[j] = m.labelEnd[bt]
			p = m.labelEnd[bt] ^ 1
		}
	}
}

func reverse(l []int) {
	for i, j := 0, len(l)-1; i < j; i, j = i+1, j-1 {
		l[i], l[j] = l[j], l[i]
	}
}

func (m *wm) run() {
	n := m.n
	if n == 0 || len(m.edges) == 0 {
		m.mate = make([]int, n)
		for i := range m.mate {
			m.mate[i] = -1
		}
		return
	}
	var maxW int64
	for i := range m.edges {
		m.edges[i].w *= 2
		maxW = max(maxW, m.edges[i].w)
	}
	defer func() {
		for i := range m.edges {
			m.edges[i].w /= 2
		}
	}()
	m.end = make([]int, 2*len(m.edges))
	m.adj = make([][]int, n)
	for k, e := range m.edges {
		m.end[2*k], m.end[2*k+1] = e.u, e.v
		m.adj[e.u] = append(m.adj[e.u], 2*k+1)
		m.adj[e.v] = append(m.adj[e.v], 2*k)
	}
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
	m.dual = make([]int64, 2*n)
	m.allowed = make([]bool, len(m.edges))
	for v := 0; v < n; v++ {
		m.mate[v], m.top[v], m.base[v], m.dual[v] = -1, v, v, maxW
	}
	for b := range m.parent {
		m.parent[b], m.labelEnd[b] = -1, -1
		if b >= n {
			m.base[b] = -1
			m.free = append(m.free, 3*n-1-b)
		}
	}
	for stage := 0; stage < n; stage++ {
		for i := range m.label {
			m.label[i], m.best[i] = 0, -1
			if i >= n {
				m.bestList[i] = nil
			}
		}
		for i := range m.allowed {
			m.allowed[i] = false
		}
		m.queue = m.queue[:0]
		for v := 0; v < n; v++ {
			if m.mate[v] == -1 && m.label[m.top[v]] == 0 {
				m.assign(v, 1, -1)
			}
		}
		augmented := false
		for {
			for len(m.queue) > 0 && !augmented {
				v := m.queue[len(m.queue)-1]
				m.queue = m.queue[:len(m.queue)-1]
				for _, p := range m.adj[v] {
					k, w := p/2, m.end[p]
					if m.top[v] == m.top[w] {
						continue
					}
					var ks int64
					if !m.allowed[k] {
						ks = m.slack(k)
						if ks <= 0 {
							m.allowed[k] = true
						}
					}
					switch {
					case m.allowed[k]:
						switch {
						case m.label[m.top[w]] == 0:
							m.assign(w, 2, p^1)
						case m.label[m.top[w]] == 1:
							if base := m.trace(v, w); base >= 0 {
								m.addBlossom(base, k)
							} else {
								m.augment(k)
								augmented = true
							}
						case m.label[w] == 0:
							m.label[w], m.labelEnd[w] = 2, p^1
						}
					case m.label[m.top[w]] == 1:
						b := m.top[v]
						if m.best[b] == -1 || ks < m.slack(m.best[b]) {
							m.best[b] = k
						}
					case m.label[w] == 0:
						if m.best[w] == -1 || ks < m.slack(m.best[w]) {
							m.best[w] = k
						}
					}
					if augmented {
						break
					}
				}
			}
			if augmented {
				break
			}
			// No tight edge left: change the duals.
			kind, delta, dEdge, dBlossom := 1, m.dual[0], -1, -1
			for v := 1; v < n; v++ {
				delta = min(delta, m.dual[v])
			}
			for v := 0; v < n; v++ {
				if m.label[m.top[v]] == 0 && m.best[v] != -1 {
					if d := m.slack(m.best[v]); d < delta {
						kind, delta, dEdge = 2, d, m.best[v]
					}
				}
			}
			for b := 0; b < 2*n; b++ {
				if m.parent[b] == -1 && m.label[b] == 1 && m.best[b] != -1 {
					if d := m.slack(m.best[b]) / 2; d < delta {
						kind, delta, dEdge = 3, d, m.best[b]
					}
				}
			}
			for b := n; b < 2*n; b++ {
				if m.base[b] >= 0 && m.parent[b] == -1 && m.label[b] == 2 && m.dual[b] < delta {
					kind, delta, dBlossom = 4, m.dual[b], b
				}
			}
			for v := 0; v < n; v++ {
				switch m.label[m.top[v]] {
				case 1:
					m.dual[v] -= delta
				case 2:
					m.dual[v] += delta
				}
			}
			for b := n; b < 2*n; b++ {
				if m.base[b] >= 0 && m.parent[b] == -1 {
					switch m.label[b] {
					case 1:
						m.dual[b] += delta
					case 2:
						m.dual[b] -= delta
					}
				}
			}
			if kind == 1 {
				break
			}
			switch kind {
			case 2:
				m.allowed[dEdge] = true
				i, j := m.edges[dEdge].u, m.edges[dEdge].v
				if m.label[m.top[i]] == 0 {
					i, j = j, i
				}
				_ = j
				m.queue = append(m.queue, i)
			case 3:
				m.allowed[dEdge] = true
				m.queue = append(m.queue, m.edges[dEdge].u)
			case 4:
				m.expand(dBlossom, false)
			}
		}
		if !augmented {
			break
		}
		for b := n; b < 2*n; b++ {
			if m.parent[b] == -1 && m.base[b] >= 0 && m.label[b] == 1 && m.dual[b] == 0 {
				m.expand(b, true)
			}
		}
	}
}
