package pairing

import "github.com/arbiterchess/arbiter/trf"

// Compatible reports whether a and b may be paired in the round to pair
// under the absolute criteria of C.04.3: they have not played each other
// (C.1), and they do not have the same absolute colour preference (C.3)
// unless the round is the last and one of them is a topscorer (more
// than half the points of a win for each round played).
func (s *State) Compatible(a, b *PlayerState) bool {
	if a == nil || b == nil || a.ID == b.ID || a.Met(b.ID) {
		return false
	}
	ca, sa := a.Preference()
	cb, sb := b.Preference()
	if sa != Absolute || sb != Absolute || ca != cb {
		return true
	}
	if s.TotalRounds > 0 && s.Round >= s.TotalRounds {
		top := trf.Points(s.Round-1) * max(s.Scoring.WinWhite, s.Scoring.WinBlack, s.Scoring.DrawWhite, s.Scoring.DrawBlack) / 2
		return a.Score > top || b.Score > top
	}
	return false
}

// Feasible checks that the round can be paired under the absolute
// criteria: every player present is paired with a compatible opponent
// (see Compatible), except, when their number is odd, one who may have
// the pairing-allocated bye (C.2). It returns a PairingError naming the
// players left over by a largest possible pairing.
func (s *State) Feasible() error {
	var present []*PlayerState
	for _, p := range s.Players {
		if !p.Absent {
			present = append(present, p)
		}
	}
	n := len(present)
	size := n
	if n%2 == 1 {
		size++ // a vertex for the pairing-allocated bye
	}
	adj := make([][]int, size)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if s.Compatible(present[i], present[j]) {
				adj[i] = append(adj[i], j)
				adj[j] = append(adj[j], i)
			}
		}
		if n%2 == 1 && present[i].CanHavePairingBye() {
			adj[i] = append(adj[i], n)
			adj[n] = append(adj[n], i)
		}
	}
	mate := maxCardinalityMatching(adj)
	var left []int
	byeLeft := false
	for v, m := range mate {
		if m >= 0 {
			continue
		}
		if v == n {
			byeLeft = true
			continue
		}
		left = append(left, present[v].ID)
	}
	if len(left) == 0 {
		return nil
	}
	crit := "C.1/C.3: these players cannot all be given an opponent they have not met and whose absolute colour preference differs"
	if byeLeft {
		crit = "C.1/C.2/C.3: with an odd number of players, these cannot all be given an opponent they have not met and whose absolute colour preference differs, or the pairing-allocated bye for one who has not had it"
	}
	return &PairingError{Round: s.Round, Players: left, Criterion: crit}
}

// maxCardinalityMatching returns a maximum matching of the graph given by
// its adjacency lists (Edmonds' algorithm: augmenting paths found by a
// breadth-first search that shrinks odd cycles to their base): mate[v]
// is v's partner, or -1.
func maxCardinalityMatching(adj [][]int) []int {
	n := len(adj)
	mate := make([]int, n)
	for i := range mate {
		mate[i] = -1
	}
	parent := make([]int, n)
	base := make([]int, n)
	inQueue := make([]bool, n)
	inBlossom := make([]bool, n)
	marked := make([]bool, n)
	queue := make([]int, 0, n)

	lca := func(a, b int) int {
		for i := range marked {
			marked[i] = false
		}
		for {
			a = base[a]
			marked[a] = true
			if mate[a] < 0 {
				break
			}
			a = parent[mate[a]]
		}
		for {
			b = base[b]
			if marked[b] {
				return b
			}
			b = parent[mate[b]]
		}
	}
	markPath := func(v, b, child int) {
		for base[v] != b {
			inBlossom[base[v]] = true
			inBlossom[base[mate[v]]] = true
			parent[v] = child
			child = mate[v]
			v = parent[mate[v]]
		}
	}
	findPath := func(root int) int {
		for i := 0; i < n; i++ {
			parent[i] = -1
			base[i] = i
			inQueue[i] = false
		}
		queue = queue[:0]
		queue = append(queue, root)
		inQueue[root] = true
		for h := 0; h < len(queue); h++ {
			v := queue[h]
			for _, u := range adj[v] {
				if base[v] == base[u] || mate[v] == u {
					continue
				}
				if u == root || mate[u] >= 0 && parent[mate[u]] >= 0 {
					// An odd cycle: shrink it.
					b := lca(v, u)
					for i := range inBlossom {
						inBlossom[i] = false
					}
					markPath(v, b, u)
					markPath(u, b, v)
					for i := 0; i < n; i++ {
						if inBlossom[base[i]] {
							base[i] = b
							if !inQueue[i] {
								inQueue[i] = true
								queue = append(queue, i)
							}
						}
					}
				} else if parent[u] < 0 {
					parent[u] = v
					if mate[u] < 0 {
						return u
					}
					inQueue[mate[u]] = true
					queue = append(queue, mate[u])
				}
			}
		}
		return -1
	}
	// A greedy start, then augment from every unmatched vertex.
	for v := 0; v < n; v++ {
		if mate[v] >= 0 {
			continue
		}
		for _, u := range adj[v] {
			if mate[u] < 0 && u != v {
				mate[v], mate[u] = u, v
				break
			}
		}
	}
	for v := 0; v < n; v++ {
		if mate[v] >= 0 {
			continue
		}
		u := findPath(v)
		for u >= 0 {
			pv := parent[u]
			next := mate[pv]
			mate[u], mate[pv] = pv, u
			u = next
		}
	}
	return mate
}
