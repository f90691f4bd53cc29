package winnable

import (
	"slices"

	"github.com/arbiterchess/arbiter/chess"
)

// The planner looks for a pawn structure where x has a mating picture,
// depth first through the abstract states, trying first the events that
// usually lead to a mate: x promoting, x's most advanced pawns moving on,
// pawns of the loser leaving the way, captures. Unlike the proof search it
// does not need every state, only one good one, and stops there.

const planStates = 600

// eventRank orders events for the planner (smaller first).
func eventRank(ev *event, x chess.Color) int {
	switch ev.kind {
	case evPawn, evPawnTakes:
		rank := ev.to.RelativeRank(ev.c)
		if ev.c == x {
			return 8 - rank // promotions first, then the most advanced
		}
		return 12 - rank
	case evUnitTakes, evKingTakes:
		if ev.c == x {
			return 10
		}
		return 14
	}
	return 20
}

// findPlans returns up to n plans for x from position p.
func (e *explorer) findPlans(p *chess.Position, x chess.Color, n int) []plan {
	e.start([2]bool{})
	var root astate
	if !rootState(p, &root) {
		return nil
	}
	e.limit = planStates
	e.cur = -1
	e.add(&root, event{})
	stack := []int32{0}
	depth := []int8{0}
	for len(stack) > 0 && !e.overflow && len(e.states) < planStates {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		pics := collectPictures(p, &e.states[i], x, 200)
		if len(pics) > 0 {
			return e.plansTo(p, i, x, pics, n)
		}
		if depth[i] >= 40 {
			continue
		}
		first := int32(len(e.states))
		e.expand(int(i))
		kids := make([]int32, 0, len(e.states)-int(first))
		for j := first; j < int32(len(e.states)); j++ {
			kids = append(kids, j)
			depth = append(depth, depth[i]+1)
		}
		// Push the best last, so that it is taken first.
		slices.SortStableFunc(kids, func(a, b int32) int {
			return eventRank(&e.events[b], x) - eventRank(&e.events[a], x)
		})
		stack = append(stack, kids...)
	}
	return nil
}

// plansTo builds plans along the chain of states ending at last, first
// dropping the events the mate does not need (see shorten).
func (e *explorer) plansTo(p *chess.Position, last int32, x chess.Color, pics []picture, n int) []plan {
	var chain []int32
	for i := last; i >= 0; i = e.parent[i] {
		chain = append(chain, i)
	}
	slices.Reverse(chain)
	events := make([]event, 0, len(chain))
	for _, i := range chain[1:] {
		events = append(events, e.events[i])
	}
	states := make([]astate, len(chain))
	for j, i := range chain {
		states[j] = e.states[i]
	}
	if len(events) > 1 {
		if s2, ev2, pics2 := shorten(p, states[0], events, x); s2 != nil {
			states, events, pics = s2, ev2, pics2
		}
	}
	stages := make([]stage, len(states))
	var relevant bb
	for j := range states {
		stages[j].pawns = states[j].pawns
		if j < len(events) {
			stages[j].ev = events[j]
			relevant |= events[j].to.Bitboard()
			if events[j].kind == evPawn || events[j].kind == evPawnTakes {
				relevant |= events[j].from.Bitboard()
			}
		}
	}
	end := &states[len(states)-1]
	var plans []plan
	for i := 0; i < len(pics) && i < n; i++ {
		pl := plan{x: x, stages: append([]stage(nil), stages...), relevant: relevant}
		pl.final.init(end.pawns, &pics[i])
		plans = append(plans, pl)
	}
	return plans
}

// shorten drops events from a plan's chain as long as the rest still
// applies from the root and still ends in a structure with a mating
// picture for x: the planner's depth-first order lets pointless pawn moves
// into the chain. It returns the states and events of the shorter chain
// and its pictures, or nil when nothing could be dropped.
func shorten(p *chess.Position, root astate, events []event, x chess.Color) ([]astate, []event, []picture) {
	var best []astate
	var bestPics []picture
	for i := 0; i < len(events) && len(events) > 1; {
		try := append(append([]event(nil), events[:i]...), events[i+1:]...)
		states, ok := replay(root, try)
		if ok {
			pics := collectPictures(p, &states[len(states)-1], x, 200)
			if len(pics) > 0 {
				events, best, bestPics = try, states, pics
				continue // the same index now holds the next event
			}
		}
		i++
	}
	if best == nil {
		return nil, nil, nil
	}
	return best, events, bestPics
}

// replay applies events from root, settling after each; false when one
// does not apply.
func replay(root astate, events []event) ([]astate, bool) {
	states := []astate{root}
	s := root
	for _, ev := range events {
		if !applyEvent(&s, &ev) {
			return nil, false
		}
		s.settle()
		states = append(states, s)
	}
	return states, true
}

// applyEvent performs ev on s when the abstract search could have made
// that move there.
func applyEvent(s *astate, ev *event) bool {
	c, them := ev.c, ev.c^1
	from, to := ev.from.Bitboard(), ev.to.Bitboard()
	all := s.pawns[0] | s.pawns[1]
	last := chess.Rank8
	if c == chess.Black {
		last = chess.Rank1
	}
	switch ev.kind {
	case evPawn, evPawnTakes:
		if s.pawns[c]&from == 0 {
			return false
		}
		if ev.from.File() == ev.to.File() {
			between := chess.Between(ev.from, ev.to)
			if (to|between)&(all|s.perm[0]|s.perm[1]) != 0 {
				return false
			}
		} else if ev.kind == evPawn {
			if s.pawns[them]&to == 0 {
				return false
			}
			s.pawns[them] &^= to
		} else {
			victim := -1
			for j := 0; j < int(s.n[them]); j++ {
				if s.units[them][j].t == ev.t && s.units[them][j].region&to != 0 {
					victim = j
					break
				}
			}
			if victim < 0 {
				return false
			}
			n := int(s.n[them])
			copy(s.units[them][victim:n], s.units[them][victim+1:n])
			s.units[them][n-1] = unit{}
			s.n[them]--
		}
		s.pawns[c] &^= from
		if to&last == 0 {
			s.pawns[c] |= to
			return true
		}
		n := int(s.n[c])
		if n+2 > maxUnits {
			return false
		}
		s.units[c][n] = unit{t: chess.Queen, region: to}
		s.units[c][n+1] = unit{t: chess.Knight, region: to}
		s.n[c] += 2
		return true
	case evUnitTakes:
		if s.pawns[them]&to == 0 {
			return false
		}
		for j := 0; j < int(s.n[c]); j++ {
			if u := &s.units[c][j]; u.t == ev.t && u.cover()&to != 0 {
				s.pawns[them] &^= to
				u.region |= to
				return true
			}
		}
		return false
	case evKingTakes:
		if s.pawns[them]&to == 0 || around(s.king[c])&to == 0 || s.permCov[them]&to != 0 {
			return false
		}
		s.pawns[them] &^= to
		s.king[c] |= to
		return true
	}
	return false
}
