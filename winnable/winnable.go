package winnable

import (
	"sync"

	"github.com/arbiterchess/arbiter/chess"
)

// Result is the verdict on a position: which sides can still checkmate.
type Result struct {
	// White and Black report whether that side can still checkmate by
	// some series of legal moves. A false value is always proved.
	White, Black bool
	// Decided is false when a limit stopped the analysis before a proof
	// either way for some side; that side is then reported as able to mate
	// (the safe answer for the Laws: nobody is denied a win by mistake).
	Decided bool
	// Lines hold, for each side that can mate, a series of legal moves from
	// the position ending in its checkmate (nil when undecided or when the
	// side cannot mate). Index by chess.Color.
	Lines [2][]chess.Move
	// Nodes counts the positions the analysis looked at.
	Nodes int
}

// Can reports whether colour c can still checkmate.
func (r Result) Can(c chess.Color) bool {
	if c == chess.White {
		return r.White
	}
	return r.Black
}

// Class returns the verdict in the notation of the test vectors: "WB" when
// both sides can checkmate, "W-" or "-B" when only one can, "--" when
// neither can (a dead position).
func (r Result) Class() string {
	b := []byte("--")
	if r.White {
		b[0] = 'W'
	}
	if r.Black {
		b[1] = 'B'
	}
	return string(b)
}

// Search limits. The closure budget counts positions; the helpmate limits
// count positions too.
const (
	quickBudget  = 12
	quickNodes   = 4000
	closureNodes = 200000
	deepBudget   = 60
	deepNodes    = 400000
)

// analyzer holds the reusable memory of one analysis; analyzers are
// pooled, so concurrent calls never share one.
type analyzer struct {
	// closure search
	seen   idSet
	frames []frame
	moves  []chess.Move
	budget int
	count  int
	// abstract search and its cache
	ex           explorer
	cacheIndex   map[uint64][]int32
	cacheEntries []cacheEntry
	// helpmate search
	tt ttable
	hm hmState
	// Nodes counts every position looked at.
	Nodes int
}

var pool = sync.Pool{New: func() any { return new(analyzer) }}

// Analyze tells which sides can still checkmate in position p. The
// position is not modified. Analyze is safe for concurrent use.
func Analyze(p *chess.Position) Result {
	a := pool.Get().(*analyzer)
	defer pool.Put(a)
	return a.analyze(p, [2]bool{true, true})
}

// CanMate reports whether colour c can checkmate from position p by some
// series of legal moves. A false answer is proved; a true answer is proved
// too unless a search limit was hit (see Analyze and Result.Decided).
func CanMate(p *chess.Position, c chess.Color) bool {
	a := pool.Get().(*analyzer)
	defer pool.Put(a)
	var w [2]bool
	w[c] = true
	return a.analyze(p, w).Can(c)
}

func (a *analyzer) analyze(p *chess.Position, which [2]bool) Result {
	a.Nodes = 0
	a.resetCache()
	r := Result{Decided: true}
	var can, done [2]bool
	// A finished game: checkmate or stalemate.
	var ml chess.MoveList
	p.LegalMoves(&ml)
	if ml.Len() == 0 {
		if p.InCheck() {
			can[p.Turn()^1] = true
		}
		done = [2]bool{true, true}
	}
	if !done[0] || !done[1] {
		imp := a.ex.run(p, which)
		for c := 0; c < 2; c++ {
			if imp[c] {
				done[c] = true
			}
		}
	}
	for c := chess.White; c <= chess.Black; c++ {
		if !which[c] || done[c] {
			continue
		}
		if line := a.helpmate(p, c, quickBudget, quickNodes); line != nil {
			can[c] = true
			r.Lines[c] = slicesClone(line)
			continue
		}
		mate, complete := a.closure(p, c, closureNodes)
		if complete {
			can[c] = mate
			continue
		}
		if line := a.helpmate(p, c, deepBudget, deepNodes); line != nil {
			can[c] = true
			r.Lines[c] = slicesClone(line)
			continue
		}
		can[c] = true
		r.Decided = false
	}
	r.White, r.Black = can[0] && which[0], can[1] && which[1]
	r.Nodes = a.Nodes
	return r
}

func slicesClone(m []chess.Move) []chess.Move { return append([]chess.Move(nil), m...) }
