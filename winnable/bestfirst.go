package winnable

import (
	"container/heap"

	"github.com/arbiterchess/arbiter/chess"
)

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
	f      int32
}

type bfQueue struct {
	nodes *[]bfNode
	idx   []int32
}

func (q *bfQueue) Len() int { return len(q.idx) }
func (q *bfQueue) Less(i, j int) bool {
	a, b := &(*q.nodes)[q.idx[i]], &(*q.nodes)[q.idx[j]]
	if a.f != b.f {
		return a.f < b.f
	}
	return a.g > b.g
}
func (q *bfQueue) Swap(i, j int) { q.idx[i], q.idx[j] = q.idx[j], q.idx[i] }
func (q *bfQueue) Push(v any)    { q.idx = append(q.idx, v.(int32)) }
func (q *bfQueue) Pop() any {
	v := q.idx[len(q.idx)-1]
	q.idx = q.idx[:len(q.idx)-1]
	return v
}

// heuristic estimates the moves left to a checkmate.
type heuristic interface {
	distance(pos *chess.Position) int
}

// bestFirst searches for a checkmate by x guided by g, expanding at most
// limit positions. It returns the mating line or nil.
func (a *analyzer) bestFirst(p *chess.Position, x chess.Color, g heuristic, limit int) []chess.Move {
	a.bf = a.bf[:0]
	a.seen.reset()
	q := bfQueue{nodes: &a.bf}
	a.bf = append(a.bf, bfNode{pos: *p, parent: -1, f: int32(bfWeight * g.distance(p))})
	a.seen.insert(p)
	heap.Push(&q, int32(0))
	var ml chess.MoveList
	for expanded := 0; q.Len() > 0 && expanded < limit; expanded++ {
		i := heap.Pop(&q).(int32)
		a.Nodes++
		pos := a.bf[i].pos
		pos.LegalMoves(&ml)
		if ml.Len() == 0 {
			continue
		}
		if pos.ByColor(x) == pos.Pieces(x, chess.King) {
			continue
		}
		gc := a.bf[i].g + 1
		for _, m := range ml.Slice() {
			child := pos
			child.Make(m)
			if !a.seen.insert(&child) {
				continue
			}
			if child.Turn() != x && child.InCheck() && child.CountLegal() == 0 {
				line := []chess.Move{m}
				for j := i; a.bf[j].parent >= 0; j = a.bf[j].parent {
					line = append(line, a.bf[j].move)
				}
				for l, r := 0, len(line)-1; l < r; l, r = l+1, r-1 {
					line[l], line[r] = line[r], line[l]
				}
				return line
			}
			a.bf = append(a.bf, bfNode{pos: child, parent: i, move: m, g: gc, f: int32(gc) + int32(bfWeight*g.distance(&child))})
			heap.Push(&q, int32(len(a.bf)-1))
		}
	}
	return nil
}

// bfWeight is the weight of the guide's distance against moves played.
var bfWeight = 3
