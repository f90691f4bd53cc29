package pairing

// brackets pairs the score groups one after the other, from the top,
// and returns each player's partner (by sorted position), or -1 for the
// pairing-allocated bye. A bracket holds the players moved down from
// above (MDPs), its own score group and, as the look-ahead of C.8, the
// next score group.
func (sp *swissPairing) brackets() ([]int, error) {
	n := len(sp.pl)
	m := sp.m
	W := sp.words
	partner := make([]int, n)
	for i := range partner {
		partner[i] = -2
	}
	matched := make([]bool, n)
	zero := sp.newWide()
	tmp := sp.newWide()

	var br []int // the bracket's players, by sorted position
	next := 0
	for next < n && sp.pl[next].score >= sp.pl[0].score {
		br = append(br, next)
		next++
	}
	groupBegin := 0       // where the score group starts in br (the MDPs before it)
	groupBeginVertex := 0 // the sorted position of the score group's first player
	var mate []int
	inRange := func(x, lo, hi int) bool { return x >= lo && x < hi }

	for len(br) > 1 || next < n {
		nextBegin := len(br)
		nextBeginVertex := groupBeginVertex + (nextBegin - groupBegin)
		groupIt := next
		for next < n && sp.pl[next].score >= sp.pl[groupIt].score {
			br = append(br, next)
			next++
		}
		size := len(br)
		base := make([]uint64, size*(size-1)/2*W)
		bw := func(larger, smaller int) []uint64 {
			k := larger*(larger-1)/2 + smaller
			return base[k*W : (k+1)*W]
		}
		for larger := groupBegin; larger < size; larger++ {
			for smaller := 0; smaller < larger; smaller++ {
				sp.weight(bw(larger, smaller), br[smaller], br[larger], larger < nextBegin, larger >= nextBegin)
			}
		}
		for larger := groupBegin; larger < size; larger++ {
			for smaller := 0; smaller < larger; smaller++ {
				m.setWeight(br[larger], br[smaller], bw(larger, smaller))
			}
		}
		// The weight of an edge of the remainder, with the exchanges
		// counted: fewer exchanges, then the smallest differences of the
		// exchanged players' numbers (B.3, B.4).
		ewc := func(dst []uint64, smaller, larger, smallerRem, remPairs int) {
			copy(dst, bw(larger, smaller))
			if wIsZero(dst) {
				return
			}
			if smallerRem < remPairs {
				wAddBit(dst, 2*sp.groupBits+1)
			}
			wSubSmall(dst, uint64(2*smallerRem))
		}
		compute := func() {
			m.compute()
			mate = m.matching(mate)
			for v := range mate {
				if mate[v] < 0 {
					mate[v] = v
				}
			}
		}
		compute()
		inGroup := func(v int) bool { return inRange(mate[v], groupBeginVertex, nextBeginVertex) }

		// Which MDPs are paired in the bracket (B.2: as many as possible,
		// the highest first).
		var mdScore, remaining, remainingMatched int
		var mdScoreSet bool
		for pi := 0; pi < groupBegin; pi++ {
			if !mdScoreSet || int(sp.pl[br[pi]].score) < mdScore {
				mdScoreSet = true
				mdScore = int(sp.pl[br[pi]].score)
				remaining, remainingMatched = 0, 0
				for mi := pi; mi < size && int(sp.pl[br[mi]].score) >= mdScore; mi++ {
					remaining++
					if inGroup(br[mi]) {
						remainingMatched++
					}
				}
			}
			if remainingMatched == 0 {
				continue
			}
			pv := br[pi]
			if remaining <= remainingMatched {
				matched[pv] = true
				continue
			}
			remaining--
			if !inGroup(pv) {
				for oi := groupBegin; oi < nextBegin; oi++ {
					copy(tmp, bw(oi, pi))
					if !wIsZero(tmp) {
						tmp[0] |= 1
						m.setWeight(pv, br[oi], tmp)
					}
				}
				compute()
			}
			if inGroup(pv) {
				matched[pv] = true
				remainingMatched--
				for oi := groupBegin; oi < nextBegin; oi++ {
					copy(tmp, bw(oi, pi))
					if !wIsZero(tmp) {
						tmp[0] |= uint64(nextBegin - groupBegin)
						wAddSmall(tmp, 1)
						m.setWeight(pv, br[oi], tmp)
					}
				}
			}
		}
		finalize := func(a, b int) {
			for u := 0; u < n; u++ {
				if u != a {
					if u == b {
						m.setWeight(a, u, sp.maxWeight)
					} else {
						m.setWeight(a, u, zero)
					}
				}
				if u != b {
					if u == a {
						m.setWeight(b, u, sp.maxWeight)
					} else {
						m.setWeight(b, u, zero)
					}
				}
			}
		}
		// The MDPs' opponents: the best placed of S2 first (B.5).
		for pi := 0; pi < groupBegin; pi++ {
			pv := br[pi]
			if !matched[pv] {
				continue
			}
			add := uint64(size)
			for oi := nextBegin - 1; oi >= groupBegin; oi-- {
				ov := br[oi]
				if matched[ov] {
					continue
				}
				copy(tmp, bw(oi, pi))
				if !wIsZero(tmp) {
					wAddSmall(tmp, add)
					m.setWeight(pv, ov, tmp)
					add++
				}
			}
			compute()
			mv := mate[pv]
			matched[mv] = true
			finalize(pv, mv)
		}

		// The remainder: S1 (the players paired with a later one) and S2.
		var rem []int // indexes in br
		remPairs := 0
		for pi := groupBegin; pi < nextBegin; pi++ {
			pv := br[pi]
			if mate[pv] < groupBeginVertex {
				continue
			}
			rem = append(rem, pi)
			if mate[pv] < pv {
				remPairs++
			}
		}
		for oj, oi := range rem {
			ov := br[oi]
			for pj, pi := range rem {
				if oi <= pi {
					break
				}
				_ = oj
				ewc(tmp, pi, oi, pj, remPairs)
				m.setWeight(br[pi], ov, tmp)
			}
		}
		compute()
		inS1 := func(v int) bool { return mate[v] > v && mate[v] < nextBeginVertex }
		exchanges := 0
		for j, pi := range rem {
			if j >= remPairs {
				break
			}
			if !inS1(br[pi]) {
				exchanges++
			}
		}
		// The players of S1 given to S2: the lowest first.
		left := exchanges
		for j := remPairs; j > 0 && left > 0; {
			j--
			pi := rem[j]
			pv := br[pi]
			if inS1(pv) {
				for _, oi := range rem[j+1:] {
					ewc(tmp, pi, oi, j, remPairs)
					if !wIsZero(tmp) {
						wSubSmall(tmp, 1)
						m.setWeight(pv, br[oi], tmp)
					}
				}
				compute()
			}
			exchange := !inS1(pv)
			if exchange {
				left--
			}
			for _, oi := range rem[j+1:] {
				if exchange {
					wClear(bw(oi, pi))
				}
				ewc(tmp, pi, oi, j, remPairs)
				m.setWeight(pv, br[oi], tmp)
			}
		}
		// The players of S2 given to S1: the highest first.
		left = exchanges
		for j := remPairs; j < len(rem) && left > 1; j++ {
			pi := rem[j]
			pv := br[pi]
			already := inS1(pv)
			if !already {
				for _, oi := range rem[j+1:] {
					ewc(tmp, pi, oi, j, remPairs)
					if !wIsZero(tmp) {
						wAddSmall(tmp, 1)
						m.setWeight(pv, br[oi], tmp)
					}
				}
				compute()
			}
			if inS1(pv) {
				left--
				for _, oi := range rem[:j] {
					wClear(bw(pi, oi))
					m.setWeight(pv, br[oi], bw(pi, oi))
				}
				for oi := nextBegin; oi < size; oi++ {
					wClear(bw(oi, pi))
					m.setWeight(pv, br[oi], bw(oi, pi))
				}
			}
			if !already {
				for _, oi := range rem[j+1:] {
					ewc(tmp, pi, oi, j, remPairs)
					m.setWeight(pv, br[oi], tmp)
				}
			}
		}
		// S1 and S2 settled: a player of S2 is paired only with one of S1.
		for j, pi := range rem {
			pv := br[pi]
			for _, oi := range rem[j+1:] {
				ov := br[oi]
				if !inS1(pv) || inS1(ov) {
					wClear(bw(oi, pi))
				}
				m.setWeight(pv, ov, bw(oi, pi))
			}
		}
		// Each player of S1, in order, with the best placed opponent
		// possible (B.5 transpositions).
		for _, pi := range rem {
			pv := br[pi]
			if !inS1(pv) {
				continue
			}
			add := uint64(0)
			for j := len(rem) - 1; j >= 0; j-- {
				oi := rem[j]
				ov := br[oi]
				if oi <= pi || matched[ov] {
					continue
				}
				copy(tmp, bw(oi, pi))
				if !wIsZero(tmp) {
					wAddSmall(tmp, add)
					m.setWeight(pv, ov, tmp)
				}
				add++
			}
			compute()
			mv := mate[pv]
			matched[pv], matched[mv] = true, true
			finalize(pv, mv)
		}

		// The next bracket.
		var nbr []int
		groupBegin = 0
		sp.singleBye = n%2 == 1 && groupIt < n && sp.byeScore >= sp.pl[groupIt].score
		for pi := 0; pi < size; pi++ {
			pv := br[pi]
			if pi < nextBegin && matched[pv] {
				partner[pv] = mate[pv]
				partner[mate[pv]] = pv
				continue
			}
			nbr = append(nbr, pv)
			if pi < nextBegin {
				groupBegin++
			}
			if sp.singleBye && sp.pl[mate[pv]].score < sp.pl[groupIt].score {
				sp.singleBye = false
			}
		}
		if len(nbr) == len(br) && next >= n && nextBegin == size {
			// Nothing was paired and nothing is left to add.
			unmatched := make([]int, n)
			for i := range unmatched {
				unmatched[i] = 0
			}
			for _, v := range nbr {
				unmatched[v] = -1
			}
			return nil, sp.errIncomplete(unmatched)
		}
		br = nbr
		groupBeginVertex = nextBeginVertex
	}
	for v := range partner {
		if partner[v] == -2 {
			partner[v] = -1
		}
	}
	return partner, nil
}
