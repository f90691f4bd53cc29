package pairing

import "sort"

// byeCandidates lists the players present who may have the
// pairing-allocated bye, in the order the Dutch system prefers them when
// nothing else decides: the lowest score first (C.04.3 C.5, the bye's
// score as low as possible), then the most games played (C.9, the
// fewest unplayed games), then the lowest ranked.
func (s *State) byeCandidates() []*PlayerState {
	var c []*PlayerState
	for _, p := range s.Players {
		if !p.Absent && p.CanHavePairingBye() {
			c = append(c, p)
		}
	}
	played := func(p *PlayerState) int {
		n := 0
		for _, r := range p.Rounds {
			if r.Played {
				n++
			}
		}
		return n
	}
	sort.SliceStable(c, func(i, j int) bool {
		a, b := c[i], c[j]
		if a.Score != b.Score {
			return a.Score < b.Score
		}
		if pa, pb := played(a), played(b); pa != pb {
			return pa > pb
		}
		return a.Rank > b.Rank
	})
	return c
}

// feasibleWithout reports whether the players present other than bye can
// all be paired under the absolute criteria.
func (s *State) feasibleWithout(bye *PlayerState) bool {
	var present []*PlayerState
	for _, p := range s.Players {
		if !p.Absent && p != bye {
			present = append(present, p)
		}
	}
	adj := make([][]int, len(present))
	for i := range present {
		for j := i + 1; j < len(present); j++ {
			if s.Compatible(present[i], present[j]) {
				adj[i] = append(adj[i], j)
				adj[j] = append(adj[j], i)
			}
		}
	}
	for _, m := range maxCardinalityMatching(adj) {
		if m < 0 {
			return false
		}
	}
	return true
}
