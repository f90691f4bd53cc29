package winnable

import "github.com/arbiterchess/arbiter/chess"

// The closure search asks the abstract search about many positions that
// differ only by where pieces stand inside the same regions; they have the
// same settled abstract state, hence the same answer, which is cached.

type cacheEntry struct {
	state astate
	ep    chess.Square
	known [2]bool
	imp   [2]bool
}

// abstractImpossible reports whether the abstract search proves, for
// every side in want, that it cannot checkmate from pos. The abstract
// state is settled once; each side's answer is cached with it.
func (a *analyzer) abstractImpossible(pos *chess.Position, want [2]bool) bool {
	var s astate
	if !rootState(pos, &s) {
		return false
	}
	s.settle()
	ep := pos.EnPassant()
	h := s.hash() ^ uint64(ep)*0x9e3779b97f4a7c15
	if a.cacheIndex == nil {
		a.cacheIndex = make(map[uint64][]int32)
	}
	a.stats.absCalls++
	var e *cacheEntry
	for _, i := range a.cacheIndex[h] {
		if c := &a.cacheEntries[i]; c.ep == ep && c.state.equal(&s) {
			e = c
			break
		}
	}
	if e == nil {
		a.cacheIndex[h] = append(a.cacheIndex[h], int32(len(a.cacheEntries)))
		a.cacheEntries = append(a.cacheEntries, cacheEntry{state: s, ep: ep})
		e = &a.cacheEntries[len(a.cacheEntries)-1]
	} else {
		a.stats.absHits++
	}
	for x := chess.White; x <= chess.Black; x++ {
		if !want[x] {
			continue
		}
		if !e.known[x] {
			e.imp[x] = a.ex.runLimit(pos, want1(x), closureStates)[x]
			e.known[x] = true
		}
		if !e.imp[x] {
			return false
		}
	}
	a.stats.absPruned++
	return true
}

// closureStates bounds the abstract search run at a node of the closure
// search: there it only prunes, and must be cheap. (On the test vector the
// proofs it finds there all take a handful of states: any bound from 3 to
// 400 prunes the same positions; a larger bound only costs the searches
// that run out.)
const closureStates = 16

func want1(x chess.Color) (w [2]bool) {
	w[x] = true
	return
}

// resetCache empties the cache between analyses.
func (a *analyzer) resetCache() {
	clear(a.cacheIndex)
	a.cacheEntries = a.cacheEntries[:0]
}
