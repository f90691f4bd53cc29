package winnable

import "github.com/arbiterchess/arbiter/chess"

// A plan turns what the abstract search found into directions for the
// helpmate search: the chain of pawn events from the start to the first
// structure where a checkmate looked possible, then a mating picture in
// that structure. Its distance says how far a position is from the goal:
// the events still to come, what the next one needs (a piece to reach a
// square), and at the last stage the moves the picture's roles need.

const stageWeight = 30

type stage struct {
	pawns [2]bb
	ev    event // what leads to the next stage
	dm    distMap
	built bool
}

type plan struct {
	x      chess.Color
	stages []stage
	final  guide
	// relevant holds the squares the plan's events touch: stages are told
	// apart by the pawns there only, so pawns the plan does not need may
	// move (a side with nothing else to move must push them).
	relevant bb
}

// buildPlans makes up to n plans for x from the explorer's last run
// (which must have recorded a state where x's mate looked possible).
func (e *explorer) buildPlans(p *chess.Position, x chess.Color, n int) []plan {
	last := e.first[x]
	if last < 0 {
		return nil
	}
	pics := collectPictures(p, &e.states[last], x, 200)
	if len(pics) == 0 {
		return nil
	}
	return e.plansTo(p, last, x, pics, n)
}

// distance estimates how far pos is from the end of the plan; 1000 when
// its pawns are off the plan.
func (pl *plan) distance(pos *chess.Position) int {
	if j := pl.stageOf(pos); j >= 0 {
		rest := len(pl.stages) - 1 - j
		if rest == 0 {
			return pl.final.distance(pos)
		}
		d := rest*stageWeight + pl.eventDistance(&pl.stages[j], pos)
		if pl.missing(j, pos) {
			d += 500
		}
		return d
	}
	return 1000
}

// eventDistance estimates the moves until the event of stage st happens.
func (pl *plan) eventDistance(st *stage, pos *chess.Position) int {
	ev := &st.ev
	switch ev.kind {
	case evPawn:
		if pos.PieceAt(ev.to) != chess.NoPiece && ev.from.File() == ev.to.File() {
			return 2 // a piece must make way first
		}
		return 1
	case evPawnTakes, evUnitTakes, evKingTakes:
		c := ev.c
		if ev.kind == evPawnTakes {
			c ^= 1 // the victim must come to the square
		}
		st.ensure()
		best := 200 // no piece of the kind: off the plan
		for b := pos.Pieces(c, ev.t); b != 0; b &= b - 1 {
			if d := int(st.dm[b.First()]); d < best {
				best = d
			}
		}
		if ev.kind == evPawnTakes {
			best++
		}
		return best
	}
	return 1
}

// missing reports whether pos lacks pieces the final picture needs, more
// than the promotions still to come in the plan after stage j can make.
func (pl *plan) missing(j int, pos *chess.Position) bool {
	var promos [2]int
	for k := j; k < len(pl.stages)-1; k++ {
		ev := &pl.stages[k].ev
		if (ev.kind == evPawn || ev.kind == evPawnTakes) && ev.to.RelativeRank(ev.c) == 7 {
			promos[ev.c]++
		}
	}
	var need [2][8]int
	for i := 0; i < pl.final.pic.n; i++ {
		r := &pl.final.pic.roles[i]
		need[r.c][r.t]++
	}
	for c := chess.White; c <= chess.Black; c++ {
		deficit := 0
		for t := chess.Knight; t <= chess.Queen; t++ {
			if have := pos.Pieces(c, t).Count(); have < need[c][t] {
				deficit += need[c][t] - have
			}
		}
		if deficit > promos[c] {
			return true
		}
	}
	return false
}

// stageOf returns the stage whose pawns are those of pos, or -1.
func (pl *plan) stageOf(pos *chess.Position) int {
	r := pl.relevant
	w, b := pos.Pieces(chess.White, chess.Pawn)&r, pos.Pieces(chess.Black, chess.Pawn)&r
	for j := len(pl.stages) - 1; j >= 0; j-- {
		if st := &pl.stages[j]; st.pawns[0]&r == w && st.pawns[1]&r == b {
			return j
		}
	}
	return -1
}

// ensure builds the stage's distance map when its event needs a piece to
// reach a square, and reports whether there is one.
func (st *stage) ensure() bool {
	ev := &st.ev
	if ev.kind != evPawnTakes && ev.kind != evUnitTakes && ev.kind != evKingTakes {
		return false
	}
	if !st.built {
		c := ev.c
		if ev.kind == evPawnTakes {
			c ^= 1
		}
		walls := st.pawns[0] | st.pawns[1]
		free := ^walls
		if ev.t == chess.King {
			free &^= pawnCover(c^1, st.pawns[c^1])
		}
		st.dm.build(ev.t, ev.to, free, walls)
		st.built = true
	}
	return true
}
