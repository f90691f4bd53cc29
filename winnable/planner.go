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
	var root astate
	if !rootState(p, &root) {
		return nil
	}
	e.start([2]bool{})
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
			return e.plansTo(i, x, pics, n)
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

// plansTo builds plans along the chain of states ending at last.
func (e *explorer) plansTo(last int32, x chess.Color, pics []picture, n int) []plan {
	var chain []int32
	for i := last; i >= 0; i = e.parent[i] {
		chain = append(chain, i)
	}
	stages := make([]stage, len(chain))
	for j := range chain {
		i := chain[len(chain)-1-j]
		stages[j].pawns = e.states[i].pawns
		if j+1 < len(chain) {
			stages[j].ev = e.events[chain[len(chain)-2-j]]
		}
	}
	end := &e.states[last]
	var plans []plan
	for i := 0; i < len(pics) && i < n; i++ {
		pl := plan{x: x, stages: append([]stage(nil), stages...)}
		pl.final.init(end.pawns, &pics[i])
		plans = append(plans, pl)
	}
	return plans
}
