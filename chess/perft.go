package chess

import "sync"

// Perft counts the leaf nodes of the legal move tree to the given depth,
// the standard check of a move generator. The last ply is bulk-counted
// (CountLegal) instead of played.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	q := *p
	return perft(&q, depth, make([]MoveList, depth))
}

// perft walks the tree with one preallocated move list per ply.
func perft(p *Position, depth int, lists []MoveList) uint64 {
	if depth == 1 {
		return uint64(p.CountLegal())
	}
	ml := &lists[0]
	p.LegalMoves(ml)
	var n uint64
	if depth == 2 {
		for _, m := range ml.Slice() {
			q := *p
			q.play(m)
			n += uint64(q.CountLegal())
		}
		return n
	}
	for _, m := range ml.Slice() {
		u := p.Make(m)
		n += perft(p, depth-1, lists[1:])
		p.Unmake(m, u)
	}
	return n
}

// DivideResult is the node count below one root move.
type DivideResult struct {
	Move  Move
	Nodes uint64
}

// PerftDivide counts the nodes below each legal root move, in move
// generation order, using up to threads goroutines (one root move each).
func PerftDivide(p *Position, depth, threads int) []DivideResult {
	var ml MoveList
	p.LegalMoves(&ml)
	moves := ml.Slice()
	out := make([]DivideResult, len(moves))
	if threads < 1 {
		threads = 1
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < threads; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				q := *p
				q.Make(moves[i])
				out[i] = DivideResult{Move: moves[i], Nodes: Perft(&q, depth-1)}
			}
		}()
	}
	for i := range out {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}
