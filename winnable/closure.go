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
	mated               // the walk may end: the mates sought are found
)

// closure reports whether x can checkmate from p (mate) and whether the
// answer is final (complete); with complete false nothing was proved, and
// resume may carry the search on with a larger budget. The mating line,
// when found, is left in a.line.
func (a *analyzer) closure(p *chess.Position, x chess.Color, budget int) (mate, complete bool) {
	var want [2]bool
	want[x] = true
	mates, complete := a.closureFor(p, want, false, budget)
	a.line = append(a.line[:0], a.clines[x]...)
	return mates[x], complete
}

// resume carries on a closure search of one side that stopped at its
// budget, up to budget positions in all (the same move order must be in
// force), and answers as closure does.
func (a *analyzer) resume(budget int) (mate, complete bool) {
	x := a.cx
	complete = a.resumeFor(budget)
	a.line = append(a.line[:0], a.clines[x]...)
	return a.cmate[x], complete
}

// closureFor walks the positions reachable from p once for the sides in
// want together: both sides' searches visit the same positions, so one
// walk serves both, a position being passed over only where every side
// still sought is proved unable to mate from it. It returns which sides
// were found to mate (their lines are left in a.clines) and whether the
// walk was complete: then a side sought and not found cannot mate. The
// walk ends as soon as every side sought is found to mate, or with first
// set, as soon as one is.
func (a *analyzer) closureFor(p *chess.Position, want [2]bool, first bool, budget int) (mates [2]bool, complete bool) {
	a.cpos = *p
	a.cwant = want
	a.cfirst = first
	a.cmate = [2]bool{}
	for c := range a.clines {
		a.clines[c] = a.clines[c][:0]
	}
	if want[chess.Black] && !want[chess.White] {
		a.cx = chess.Black
	} else {
		a.cx = chess.White
	}
	a.seen.reset()
	a.frames.n = 0
	a.moves.n = 0
	a.count = 0
	a.rootSeen = false
	if budget <= 0 {
		return a.cmate, false
	}
	fp := zobristOf(&a.cpos)
	a.seen.insertFingerprint(fp)
	if a.visit(&a.cpos, true, fp) == mated {
		return a.cmate, true
	}
	a.rootSeen = true
	complete = a.resumeFor(budget)
	return a.cmate, complete
}

// resumeFor carries on a walk of closureFor that stopped at its budget,
// up to budget positions in all, and reports whether it is now complete.
func (a *analyzer) resumeFor(budget int) (complete bool) {
	if !a.rootSeen {
		return false // the start itself was not looked at
	}
	pos := &a.cpos
	for a.frames.n > 0 {
		f := a.frames.top()
		if f.made {
			pos.Unmake(f.move, f.undo)
			f.made = false
		}
		if f.next == f.end {
			a.moves.n = int(f.start)
			a.frames.n--
			continue
		}
		if a.count >= budget {
			return false // the move at f.next is tried on resuming
		}
		m := a.moves.at(f.next)
		f.move = m
		f.next++
		// Captures, promotions, en passant and castling change the
		// abstract state. So does a pawn advance, but testing after each
		// one costs far more than the rare pruning it brings.
		structural := pos.PieceAt(m.To()) != chess.NoPiece || m.Kind() != chess.Normal
		rights := pos.CastlingRights()
		fp, ok := childFingerprint(pos, f.fp, m)
		if ok && !a.seen.insertFingerprint(fp) {
			continue // seen before: skipped without playing the move
		}
		f.undo = pos.Make(m)
		f.made = true
		if !ok {
			fp = zobristOf(pos)
			if !a.seen.insertFingerprint(fp) {
				continue // taken back at the top of the loop
			}
		}
		structural = structural || pos.CastlingRights() != rights || pos.EnPassant() != chess.NoSquare
		if a.visit(pos, structural, fp) == mated {
			return true
		}
	}
	return true
}

// found records that side c mates at the end of the current path, with
// probe (when not NoMove) as the last move, and reports whether the walk
// may end: every side sought is found, or first is set.
func (a *analyzer) found(c chess.Color, probe chess.Move) bool {
	line := a.clines[c][:0]
	for i := 0; i < a.frames.n; i++ {
		if f := a.frames.at(i); f.made {
			line = append(line, f.move)
		}
	}
	if probe != chess.NoMove {
		line = append(line, probe)
	}
	a.clines[c] = line
	a.cmate[c] = true
	return a.cfirst || a.cmate == a.cwant
}

// visit looks at a position newly reached by the closure search (already
// added to the set, with fingerprint fp). It is tested for hopelessness
// only after a structural move: after any other move every piece stays in
// the region it had, the abstract state is the parent's, and so is the
// answer. (Skipping a test never harms soundness, it only prunes less.)
func (a *analyzer) visit(pos *chess.Position, structural bool, fp fingerprint) visit {
	a.count++
	a.nodes++
	ml := &a.ml
	pos.LegalMoves(ml)
	us := pos.Turn()
	if ml.Len() == 0 {
		// Checkmate or stalemate: the game is over.
		if them := us ^ 1; pos.InCheck() && a.open(them) && a.found(them, chess.NoMove) {
			return mated
		}
		return skip
	}
	if structural && !a.plain && a.hopeless(pos, [2]bool{a.open(chess.White), a.open(chess.Black)}) {
		return skip
	}
	if a.open(us) {
		// A mate in one is taken at once, not when the walk comes back
		// to it after the subtrees of the moves before it.
		if m, ok, _ := mateInOne(pos, ml.Slice(), nil); ok && a.found(us, m) {
			return mated
		}
	}
	list, start := a.moves.push(ml.Slice())
	pawnsFirst(pos, list)
	a.frames.push(frame{start: start, end: start + int32(len(list)), next: start, fp: fp})
	return expand
}

// pawnsFirst puts the pawn moves of a list first, those going furthest up
// the board first among them, and keeps the order of the other moves. The
// walk then reaches new pawn structures soon, instead of first taking the
// kings everywhere they can go in this one: most mates it finds come
// after pawns have moved. (On the test vector this order visits 8% fewer
// positions than king moves first, and 0.7% fewer than pawn moves in the
// order they come; the slowest position, where the walk looked at 1.2
// million positions, now needs 50,000 in all.)
func pawnsFirst(pos *chess.Position, list []chess.Move) {
	us := pos.Turn()
	pawns := pos.Pieces(us, chess.Pawn)
	n := 0
	for i, m := range list {
		if !pawns.Has(m.From()) {
			continue
		}
		// Insert m among the pawn moves list[:n], after those going as far
		// or further, moving the moves in between up by one.
		r := m.To().RelativeRank(us)
		j := n
		for j > 0 && list[j-1].To().RelativeRank(us) < r {
			j--
		}
		copy(list[j+1:i+1], list[j:i])
		list[j] = m
		n++
	}
}

// open reports whether the closure search still seeks a mate by c.
func (a *analyzer) open(c chess.Color) bool { return a.cwant[c] && !a.cmate[c] }

// hopeless reports whether no side in want can checkmate from pos, by
// proof: it has a bare king, or the abstract search says so.
func (a *analyzer) hopeless(pos *chess.Position, want [2]bool) bool {
	for x := chess.White; x <= chess.Black; x++ {
		if want[x] && pos.ByColor(x) == pos.Pieces(x, chess.King) {
			want[x] = false
		}
	}
	return !want[chess.White] && !want[chess.Black] || a.abstractImpossible(pos, want)
}

// The closure search's stacks grow in chunks, never copied: a walk may go
// hundreds of thousands of moves deep.
const (
	frameChunk = 1 << 12
	moveChunk  = 1 << 14
)

// frameStack is the closure search's stack of frames.
type frameStack struct {
	chunks [][]frame
	n      int
}

func (s *frameStack) push(f frame) {
	c := s.n / frameChunk
	if c == len(s.chunks) {
		s.chunks = append(s.chunks, make([]frame, frameChunk))
	}
	s.chunks[c][s.n%frameChunk] = f
	s.n++
}

func (s *frameStack) at(i int) *frame { return &s.chunks[i/frameChunk][i%frameChunk] }

func (s *frameStack) top() *frame { return s.at(s.n - 1) }

// trim lets go of the chunks past the first keep.
func (s *frameStack) trim(keep int) {
	if len(s.chunks) > keep {
		clear(s.chunks[keep:])
		s.chunks = s.chunks[:keep]
	}
}

// moveStack holds the move lists of the frames, each list within one
// chunk; a frame knows its list by index, and popping it sets n back to
// its start.
type moveStack struct {
	chunks [][]chess.Move
	n      int
}

// push copies a list on the stack and returns the copy and its index.
func (s *moveStack) push(moves []chess.Move) ([]chess.Move, int32) {
	if off := s.n % moveChunk; off+len(moves) > moveChunk {
		s.n += moveChunk - off // the list starts the next chunk
	}
	c := s.n / moveChunk
	for c >= len(s.chunks) {
		s.chunks = append(s.chunks, make([]chess.Move, moveChunk))
	}
	off := s.n % moveChunk
	list := s.chunks[c][off : off+len(moves)]
	copy(list, moves)
	start := s.n
	s.n += len(moves)
	return list, int32(start)
}

func (s *moveStack) at(i int32) chess.Move { return s.chunks[i/moveChunk][i%moveChunk] }

// trim lets go of the chunks past the first keep.
func (s *moveStack) trim(keep int) {
	if len(s.chunks) > keep {
		clear(s.chunks[keep:])
		s.chunks = s.chunks[:keep]
	}
}
