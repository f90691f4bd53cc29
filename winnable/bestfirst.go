package winnable

import "github.com/arbiterchess/arbiter/chess"

// The best-first helpmate search: positions are expanded in order of
// moves played plus twice the guide's distance to the mating picture, so
// the search runs straight at the picture and backs off to the next best
// position when a line stalls (a side must waste a move, a piece is in the
// way). Every position is expanded once.

type bfNode struct {
	pos    chess.Position
	parent int32
	move   chess.Move
	g      int16
	d      int16 // the heuristic's distance
}

// bfHeap is a binary min-heap of packed keys: the priority (moves played
// plus weighted distance) first, deeper positions first among equals,
// then the node's index.
type bfHeap []uint64

func bfKey(f int32, g int16, i int32) uint64 {
	return uint64(uint32(f))<<40 | uint64(0xffff-uint16(g))<<24 | uint64(uint32(i))
}

func (h *bfHeap) push(k uint64) {
	*h = append(*h, k)
	q := *h
	for i := len(q) - 1; i > 0; {
		parent := (i - 1) / 2
		if q[parent] <= q[i] {
			break
		}
		q[parent], q[i] = q[i], q[parent]
		i = parent
	}
}

func (h *bfHeap) pop() uint64 {
	q := *h
	top := q[0]
	n := len(q) - 1
	q[0] = q[n]
	q = q[:n]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < n && q[l] < q[m] {
			m = l
		}
		if r < n && q[r] < q[m] {
			m = r
		}
		if m == i {
			break
		}
		q[i], q[m] = q[m], q[i]
		i = m
	}
	*h = q
	return top
}

// heuristic estimates the moves left to a checkmate.
type heuristic interface {
	distance(pos *chess.Position) int
}

// bestFirst searches for a checkmate by x guided by g, expanding at most
// limit positions. It returns the mating line or nil.
func (a *analyzer) bestFirst(p *chess.Position, x chess.Color, g heuristic, limit int) []chess.Move {
	a.bf = a.bf[:0]
	a.bfSeen.reset()
	q := a.bfq[:0]
	d0 := g.distance(p)
	a.bf = append(a.bf, bfNode{pos: *p, parent: -1, d: int16(d0)})
	a.bfSeen.insert(p)
	q.push(bfKey(int32(bfWeight*d0), 0, 0))
	defer func() { a.bfq = q[:0] }()
	var ml chess.MoveList
	for expanded := 0; len(q) > 0 && expanded < limit; expanded++ {
		i := int32(q.pop() & 0xffffff)
		a.nodes++
		pos := a.bf[i].pos
		pos.LegalMoves(&ml)
		if ml.Len() == 0 {
			continue
		}
		if pos.ByColor(x) == pos.Pieces(x, chess.King) {
			continue
		}
		gc := a.bf[i].g + 1
		dp := int(a.bf[i].d)
		waiting := 0
		for _, m := range ml.Slice() {
			child := &a.bfChild // not a local: the heuristic's call would move it to the heap
			*child = pos
			child.Make(m)
			if child.Turn() != x && child.InCheck() && !child.HasLegalMove() {
				line := []chess.Move{m}
				for j := i; a.bf[j].parent >= 0; j = a.bf[j].parent {
					line = append(line, a.bf[j].move)
				}
				for l, r := 0, len(line)-1; l < r; l, r = l+1, r-1 {
					line[l], line[r] = line[r], line[l]
				}
				return line
			}
			d := g.distance(child)
			if d >= dp {
				// A move that brings nothing nearer only passes the turn:
				// a few of them per position are enough.
				if waiting >= bfWaiting {
					continue
				}
				waiting++
			}
			if !a.bfSeen.insert(child) {
				continue
			}
			a.bf = append(a.bf, bfNode{pos: *child, parent: i, move: m, g: gc, d: int16(d)})
			q.push(bfKey(int32(gc)+int32(bfWeight*d), gc, int32(len(a.bf)-1)))
		}
	}
	return nil
}

// bfWaiting is the most moves per position that the best-first search
// follows without progress by its heuristic.
const bfWaiting = 4

// bfWeight is the weight of the guide's distance against moves played.
const bfWeight = 4
