package pairing

import (
	"sort"

	"github.com/arbiterchess/arbiter/trf"
)

// The Dutch system after the first round (C.04.3 of 2025), as a sequence
// of maximum-weight matchings over all the players to pair (the method
// of bbpPairings, which this follows step by step so as to make the same
// choices).
//
// The players are sorted by score, then rank. An edge between two
// compatible players (C.1, C.3; see State.Compatible) has a weight whose
// fields, from the most significant, are:
//
//   - the completion of the round (C.4) and the pairing-allocated bye
//     (C.2, C.5): every pair counts, the more so when its players could
//     not have had the bye (are not eligible, or score more than the
//     player the bye goes to);
//   - the number of pairs in the current bracket (C.6) and the scores
//     paired in it (C.7), then the same for the next bracket (C.8,
//     looking ahead so that the current bracket leaves it pairable);
//   - the unplayed games of the bye's receiver (C.9), when the bye falls
//     to the single downfloater of a bracket;
//   - the colour criteria: absolute imbalances (C.10), absolute
//     preferences (C.11), preferences (C.12), strong preferences (C.13);
//   - repeated floats: downfloaters and upfloaters of the last round and
//     of the one before (C.14-C.17), then their scores (C.18-C.21);
//   - room, at the bottom, for the choices the bracket makes after the
//     matching: which downfloaters are paired (B.2), with whom, which
//     players are exchanged between S1 and S2 and how (B.3-B.4), and the
//     transpositions (B.5, the best-ranked opponents first).
//
// Every field is sized by the number of players of a score group, so the
// weights are wide integers (wide.go), and the matching is kept from one
// step to the next (incmatch.go).

// dutchPlayer is what the weights need of a player.
type dutchPlayer struct {
	p          *PlayerState
	score      trf.Points
	rank       int
	pref       Colour
	imbalance  int
	repeated   Colour // the colour of the last two games, if the same; else NoColour
	absolute   bool
	strong     bool
	eligible   bool // may have the pairing-allocated bye
	played     int  // games played
	float1     Float
	float2     Float
	scoreShift int
}

// swissPairing is one round's pairing in progress.
type swissPairing struct {
	s          *State
	pl         []dutchPlayer // sorted by score then rank
	m          *incMatcher
	words      int
	groupBits  int // bits for a count of players of one score group
	scoreBits  int // bits for a set of scores (a field per score group)
	maxWeight  []uint64
	byeScore   trf.Points
	singleBye  bool        // the bye falls to the single downfloater of the bracket
	unplayed   map[int]int // games played -> rank among the bye's score group
	playedRnds int
}

// bitsFor returns the number of bits that write x.
func bitsFor(x int) int {
	n := 0
	for x > 0 {
		n++
		x >>= 1
	}
	return n
}

func newDutchPlayer(s *State, p *PlayerState) dutchPlayer {
	d := dutchPlayer{p: p, score: p.Score, rank: p.Rank, eligible: p.CanHavePairingBye()}
	cs := p.Colours()
	d.played = len(cs)
	d.pref, _ = p.Preference()
	d.imbalance = p.imbalance()
	if n := len(cs); n >= 2 && cs[n-1] == cs[n-2] {
		d.repeated = cs[n-1]
	}
	d.absolute = d.imbalance > 1 || d.repeated != NoColour
	d.strong = !d.absolute && d.imbalance > 0
	if r := len(p.Rounds); r >= 1 {
		d.float1 = p.Rounds[r-1].Float
		if r >= 2 {
			d.float2 = p.Rounds[r-2].Float
		}
	}
	return d
}

// dutchLater pairs a round after the first.
func dutchLater(s *State) ([]Pair, error) {
	sp := &swissPairing{s: s, playedRnds: s.Round - 1}
	for _, p := range s.Players {
		if !p.Absent {
			sp.pl = append(sp.pl, newDutchPlayer(s, p))
		}
	}
	if len(sp.pl) == 0 {
		return nil, nil
	}
	sort.SliceStable(sp.pl, func(i, j int) bool {
		a, b := sp.pl[i], sp.pl[j]
		if a.score != b.score {
			return a.score > b.score
		}
		return a.rank < b.rank
	})
	return sp.run()
}

func (sp *swissPairing) compatible(i, j int) bool {
	return sp.s.Compatible(sp.pl[i].p, sp.pl[j].p)
}

// layout sizes the fields.
func (sp *swissPairing) layout() int {
	n := len(sp.pl)
	shift, maxGroup := 0, 0
	for end := n; end > 0; {
		start := end - 1
		for start > 0 && sp.pl[start-1].score == sp.pl[end-1].score {
			start--
		}
		c := end - start
		for i := start; i < end; i++ {
			sp.pl[i].scoreShift = shift
		}
		shift += bitsFor(c)
		maxGroup = max(maxGroup, c)
		end = start
	}
	sp.scoreBits = shift
	sp.groupBits = bitsFor(maxGroup)
	g, sb := sp.groupBits, sp.scoreBits
	total := 2*g + 2*sb + 2*g + 4*g + 3*g + 1
	if sp.playedRnds >= 1 {
		total += 2*g + 2*sb
	}
	if sp.playedRnds >= 2 {
		total += 2*g + 2*sb
	}
	return total + 2 // the top field, up to 3
}

// weight computes the edge weight of higher (the better placed) and
// lower, into r.
func (sp *swissPairing) weight(r []uint64, hi, lo int, inCur, inNext bool) {
	wClear(r)
	if !sp.compatible(hi, lo) {
		return
	}
	h, l := &sp.pl[hi], &sp.pl[lo]
	g, sb := sp.groupBits, sp.scoreBits
	b2u := func(b bool) uint64 {
		if b {
			return 1
		}
		return 0
	}
	cand := func(p *dutchPlayer) bool { return p.eligible && p.score <= sp.byeScore }
	r[0] = 1 + b2u(!cand(h)) + b2u(!cand(l))
	wShl(r, g)
	wAddSmall(r, b2u(inCur))
	wShl(r, sb)
	if inCur {
		wAddBit(r, h.scoreShift)
	}
	wShl(r, g)
	wAddSmall(r, b2u(inNext))
	wShl(r, sb)
	if inNext {
		wAddBit(r, h.scoreShift)
	}
	wShl(r, 2*g)
	if sp.singleBye {
		if h.score == sp.byeScore {
			wAddSmall(r, uint64(sp.unplayed[h.played]))
		}
		if l.score == sp.byeScore {
			wAddSmall(r, uint64(sp.unplayed[l.played]))
		}
	}
	// Colours, of lower (the player) and higher (the opponent).
	wShl(r, g)
	wAddSmall(r, b2u(inCur && (l.imbalance <= 1 || h.imbalance <= 1 || l.pref != h.pref)))
	wShl(r, g)
	var abs bool
	if !l.absolute || !h.absolute || l.pref != h.pref {
		abs = true
	} else if l.imbalance == h.imbalance {
		abs = l.repeated == NoColour || l.repeated != h.repeated
	} else {
		q := l
		if l.imbalance > h.imbalance {
			q = h
		}
		abs = q.repeated != l.pref.Opposite()
	}
	wAddSmall(r, b2u(inCur && abs))
	wShl(r, g)
	wAddSmall(r, b2u(inCur && (l.pref != h.pref || l.pref == NoColour || h.pref == NoColour)))
	wShl(r, g)
	wAddSmall(r, b2u(inCur && ((!l.strong && !l.absolute) || (!h.strong && !h.absolute) || (l.absolute && h.absolute) || l.pref != h.pref)))
	floatsOf := func(back int) (Float, Float) {
		if back == 1 {
			return h.float1, l.float1
		}
		return h.float2, l.float2
	}
	for back := 1; back <= 2 && back <= sp.playedRnds; back++ {
		fh, fl := floatsOf(back)
		wShl(r, g)
		if inCur {
			wAddSmall(r, b2u(fl == Down))
			wAddSmall(r, b2u(h.score <= l.score && fh == Down))
		}
		wShl(r, g)
		if inCur {
			wAddSmall(r, b2u(!(h.score > l.score && fl == Up)))
		}
	}
	for back := 1; back <= 2 && back <= sp.playedRnds; back++ {
		fh, fl := floatsOf(back)
		wShl(r, sb)
		if inCur {
			if fl == Down {
				wAddBit(r, l.scoreShift)
			}
			if fh == Down {
				wAddBit(r, h.scoreShift)
			}
		}
		wShl(r, sb)
		if inCur && !(fl == Up && h.score > l.score) {
			wAddBit(r, h.scoreShift)
		}
	}
	wShl(r, 3*g+1)
}

func (sp *swissPairing) newWide() []uint64 { return make([]uint64, sp.words) }

// errIncomplete is the error of a round that cannot be paired.
func (sp *swissPairing) errIncomplete(mate []int) error {
	var left []int
	for v, u := range mate {
		if u < 0 {
			left = append(left, sp.pl[v].p.ID)
		}
	}
	if len(left) == 0 {
		for _, p := range sp.pl {
			left = append(left, p.p.ID)
		}
	}
	sort.Ints(left)
	crit := "C.1/C.3: these players cannot all be given an opponent they have not met and whose absolute colour preference differs"
	if len(sp.pl)%2 == 1 {
		crit = "C.1/C.2/C.3: with an odd number of players, these cannot all be given an opponent they have not met and whose absolute colour preference differs, or the pairing-allocated bye for one who may have it"
	}
	return &PairingError{Round: sp.s.Round, Players: left, Criterion: crit}
}

func (sp *swissPairing) run() ([]Pair, error) {
	n := len(sp.pl)
	bitsTotal := sp.layout()
	sp.words = (bitsTotal + 2 + 63) / 64
	sp.maxWeight = sp.newWide()
	for i := 0; i < bitsTotal; i++ {
		wSetBit(sp.maxWeight, i)
	}
	sp.m = newIncMatcher(n, bitsTotal)
	m := sp.m
	buf := sp.newWide()
	top := sp.pl[0].score
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			if n%2 == 1 {
				wClear(buf)
				if sp.compatible(i, j) {
					a, b := sp.pl[i], sp.pl[j]
					buf[0] = 1
					if !a.eligible {
						buf[0]++
					}
					if !b.eligible {
						buf[0]++
					}
					wShl(buf, sp.scoreBits)
					wAddSmall(buf, uint64(a.scoreShift+b.scoreShift))
					wShl(buf, sp.groupBits)
					if a.score >= top {
						wAddSmall(buf, 1)
					}
				}
			} else {
				sp.weight(buf, j, i, false, false)
			}
			m.setWeight(i, j, buf)
		}
	}
	m.compute()
	mate := m.matching(nil)
	free := -1
	for v, u := range mate {
		if u < 0 {
			if free >= 0 || !sp.pl[v].eligible {
				return nil, sp.errIncomplete(mate)
			}
			free = v
		}
	}
	if n%2 == 1 {
		if free < 0 {
			return nil, sp.errIncomplete(mate)
		}
		sp.byeScore = sp.pl[free].score
		if sp.byeScore >= top {
			sp.singleBye = true
			for v := 0; v < n && sp.pl[v].score >= top; v++ {
				if mate[v] >= 0 && sp.pl[mate[v]].score < top {
					sp.singleBye = false
					break
				}
			}
		}
		var counts []int
		for _, p := range sp.pl {
			if p.score == sp.byeScore {
				counts = append(counts, p.played)
			}
		}
		sort.Sort(sort.Reverse(sort.IntSlice(counts)))
		sp.unplayed = map[int]int{}
		for i, c := range counts {
			sp.unplayed[c] = i
		}
		for i := 0; i < n; i++ {
			for j := 0; j < i; j++ {
				sp.weight(buf, j, i, false, false)
				m.setWeight(i, j, buf)
			}
		}
	}
	partner, err := sp.brackets()
	if err != nil {
		return nil, err
	}
	var pairs []Pair
	for v := 0; v < n; v++ {
		u := partner[v]
		switch {
		case u < 0:
			pairs = append(pairs, Pair{White: sp.pl[v].p.ID})
		case v < u:
			pairs = append(pairs, sp.s.Allocate(sp.pl[v].p, sp.pl[u].p))
		}
	}
	sp.s.BoardOrder(pairs)
	return pairs, nil
}
