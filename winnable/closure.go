package winnable

import "github.com/arbiterchess/arbiter/chess"

// The closure search walks every position reachable from the start by
// legal moves of both sides, each position once (an exact identity set),
// looking for a checkmate by x. A position is not expanded when x cannot
// checkmate from it by proof (x has a bare king, or the abstract search
// says so). If the walk ends without a checkmate and without hitting its
// budget, x can never checkmate: the unexpanded positions are covered by
// their proofs and every other reachable position was looked at.

// frame is one level of the explicit depth-first stack.
type frame struct {
	start, end, next int32
	made             bool
	move             chess.Move
	undo             chess.Undo
	fp               fingerprint // of the position whose moves these are
}

type visit int

const (
	skip   visit = iota // terminal, or proved mate-free
	expand              // a frame was pushed
	mated               // x has checkmated, or mates with a.probe
)

// closure reports whether x can checkmate from p (mate) and whether the
// answer is final (complete); with complete false nothing was proved, and
// resume may carry the search on with a larger budget. When a.order is
// set, moves are tried in the order it suggests. The mating line, when
// found, is left in a.line.
func (a *analyzer) closure(p *chess.Position, x chess.Color, budget int) (mate, complete bool) {
	a.cpos = *p
	a.cx = x
	a.seen.reset()
	a.frames = a.frames[:0]
	a.moves = a.moves[:0]
	a.budget = budget
	a.count = 0
	a.line = a.line[:0]
	a.probe = chess.NoMove
	a.rootSeen = false
	if a.budget <= 0 {
		return false, false
	}
	fp := zobristOf(&a.cpos)
	a.seen.insertFingerprint(fp)
	switch a.visit(&a.cpos, x, true, fp) {
	case mated:
		if a.probe != chess.NoMove {
			a.line = append(a.line, a.probe)
		}
		return true, true
	}
	a.rootSeen = true
	return a.resume(budget)
}

// resume carries on a closure search that stopped at its budget, up to
// budget positions in all (the same move order must be in force).
func (a *analyzer) resume(budget int) (mate, complete bool) {
	if !a.rootSeen {
		return false, false // the start itself was not looked at
	}
	a.budget = budget
	pos := &a.cpos
	x := a.cx
	for len(a.frames) > 0 {
		f := &a.frames[len(a.frames)-1]
		if f.made {
			pos.Unmake(f.move, f.undo)
			f.made = false
		}
		if f.next == f.end {
			a.moves = a.moves[:f.start]
			a.frames = a.frames[:len(a.frames)-1]
			continue
		}
		if a.count >= a.budget {
			return false, false // the move at f.next is tried on resuming
		}
		m := a.moves[f.next]
		f.move = m
		f.next++
		pc := pos.PieceAt(m.From())
		var fp fingerprint
		structural := false
		if quietMove(pos, m, pc) {
			// Seen before: skipped without playing the move.
			fp = f.fp.afterQuiet(pc, m.From(), m.To())
			if !a.seen.insertFingerprint(fp) {
				continue
			}
			f.undo = pos.Make(m)
			f.made = true
		} else {
			// Captures, promotions, en passant and castling change the
			// abstract state. So does a pawn advance, but testing after
			// each one costs far more than the rare pruning it brings.
			structural = pos.PieceAt(m.To()) != chess.NoPiece || m.Kind() != chess.Normal
			rights := pos.CastlingRights()
			f.undo = pos.Make(m)
			f.made = true
			structural = structural || pos.CastlingRights() != rights || pos.EnPassant() != chess.NoSquare
			fp = zobristOf(pos)
			if !a.seen.insertFingerprint(fp) {
				continue // taken back at the top of the loop
			}
		}
		switch a.visit(pos, x, structural, fp) {
		case mated:
			a.line = a.line[:0]
			for i := range a.frames {
				if a.frames[i].made {
					a.line = append(a.line, a.frames[i].move)
				}
			}
			if a.probe != chess.NoMove {
				a.line = append(a.line, a.probe)
			}
			return true, true
		}
	}
	return false, true
}

// visit looks at a position newly reached by the closure search (already
// added to the set, with fingerprint fp). It is tested for hopelessness
// only after a structural move: after any other move every piece stays in
// the region it had, the abstract state is the parent's, and so is the
// answer. (Skipping a test never harms soundness, it only prunes less.)
func (a *analyzer) visit(pos *chess.Position, x chess.Color, structural bool, fp fingerprint) visit {
	a.count++
	a.nodes++
	ml := &a.ml
	pos.LegalMoves(ml)
	if ml.Len() == 0 {
		if pos.Turn() != x && pos.InCheck() {
			return mated
		}
		return skip // stalemate, or x is mated: the game is over
	}
	if structural && !a.plain && a.hopeless(pos, x) {
		return skip
	}
	if pos.Turn() == x {
		// A mate in one is taken at once, not when the walk comes back
		// to it after the subtrees of the moves before it.
		if m, ok, _ := mateInOne(pos, ml.Slice(), nil); ok {
			a.probe = m
			return mated
		}
	}
	start := int32(len(a.moves))
	a.moves = append(a.moves, ml.Slice()...)
	if a.order != nil {
		a.order.sortMoves(pos, a.moves[start:])
	}
	a.frames = append(a.frames, frame{start: start, end: int32(len(a.moves)), next: start, fp: fp})
	return expand
}

// hopeless reports whether x provably cannot checkmate from pos.
func (a *analyzer) hopeless(pos *chess.Position, x chess.Color) bool {
	if pos.ByColor(x) == pos.Pieces(x, chess.King) {
		return true
	}
	return a.abstractImpossible(pos, x)
}
