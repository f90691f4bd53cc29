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
	// the position ending in its checkmate, indexed by chess.Color. A line
	// is empty when the position itself is that checkmate, and nil when the
	// side cannot mate or was left undecided. Lines are witnesses, not the
	// shortest mates: one may run to thousands of moves.
	Lines [2][]chess.Move
	// Nodes counts the positions the analysis looked at, a measure of its
	// cost.
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
	quickBudget    = 8
	shortStates    = 64
	frontNodes     = 200
	frontGames     = 10
	moreGames      = 40
	promoGames     = 6
	morePromoGames = 24
	randomPieces   = 5 // pieces (no kings, no pawns) from which random games go first
	promoPlies     = 120
	netPlies       = 80 // for a side without pawns: a net is found soon or not at all
	playoutPlies   = 100
	quickNodes     = 1200
	planCount      = 2
	planNodes      = 700
	morePlans      = 6
	widePlanNodes  = 3000
	earlyClosure   = 10000
	midClosure     = 80000
	bothClosure    = 300000
	closureNodes   = 700000
	deepBudget     = 60
	deepNodes      = 400000
)

// analyzer holds the reusable memory of one analysis; analyzers are
// pooled, so concurrent calls never share one.
type analyzer struct {
	// closure search
	seen     posSet
	cpos     chess.Position // the closure search's current position
	cx       chess.Color    // and the side it is about
	frames   frameStack
	moves    moveStack
	ml       chess.MoveList // the closure search's scratch list
	count    int
	plain    bool            // closure without pruning by proofs (tests)
	line     []chess.Move    // the closure search's mating line (one side)
	cwant    [2]bool         // the sides the closure search is for
	cfirst   bool            // it ends at the first mate found
	cmate    [2]bool         // the sides it found to mate
	clines   [2][]chess.Move // and their mating lines
	rootSeen bool            // the closure search got past its start
	// abstract search and its cache
	ex           explorer
	ks           kingSearch
	wide         wideState
	cacheIndex   map[uint64][]int32
	cacheEntries []cacheEntry
	// helpmate search
	bfSeen  posSet
	bfChild chess.Position
	tt      ttable
	hm      hmState
	bf      []bfNode
	bfq     bfHeap
	// nodes counts every position looked at.
	nodes int
	// stats, for tuning: nodes and calls per stage (see stats.go).
	stats stageStats
	// either asks only whether some side can mate (Alive): the analysis
	// stops at the first side found able to.
	either bool
	// noLines leaves Result.Lines nil (CanMate and Alive answer with a
	// bool only).
	noLines bool
	// trace, when set, is told the end of each stage (for tuning).
	trace func(stage string)
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
	c &= 1
	var w [2]bool
	w[c] = true
	a.noLines = true
	defer func() { a.noLines = false }()
	return a.analyze(p, w).Can(c)
}

// Alive reports whether some side can still checkmate in p: false means
// the position is dead (Article 5.2.2). It answers as Analyze would, but
// stops as soon as one side is shown able to mate, so the cheap searches
// for both sides run before any costly one for either. Alive is safe for
// concurrent use.
func Alive(p *chess.Position) bool {
	a := pool.Get().(*analyzer)
	defer pool.Put(a)
	a.either, a.noLines = true, true
	defer func() { a.either, a.noLines = false, false }()
	r := a.analyze(p, [2]bool{true, true})
	return r.White || r.Black
}

func (a *analyzer) analyze(p *chess.Position, which [2]bool) Result {
	a.nodes = 0
	a.resetCache()
	r := Result{Decided: true}
	var can, done [2]bool
	// A finished game: checkmate or stalemate.
	if !p.HasLegalMove() {
		if p.InCheck() {
			can[p.Turn()^1] = true
			r.Lines[p.Turn()^1] = []chess.Move{} // the checkmate is on the board
		}
		done = [2]bool{true, true}
	}
	// Kings and bishops all on squares of one colour: no side can ever
	// mate (see bishopsOfOneColour), and no search is needed.
	if bishopsOfOneColour(p) {
		done = [2]bool{true, true}
	}
	// With a.either set, one side found able to mate settles the question
	// (is the position alive?) and every search stops.
	open := func(c chess.Color) bool {
		return which[c] && !done[c] && !(a.either && (can[0] || can[1]))
	}
	anyOpen := func() bool { return open(chess.White) || open(chess.Black) }
	// The abstract search, first on a short leash (after the promotion
	// games, which settle most positions of real games): it proves the
	// locked structures at once, and where a mate looks possible at the
	// start it stops there. Where it runs out (pawn endings, where a mate
	// needs a promotion), it runs again in full after the quick mate
	// searches.
	abstract := func(limit int) {
		if anyOpen() {
			imp := a.ex.runLimit(p, [2]bool{open(0), open(1)}, limit)
			for c := 0; c < 2; c++ {
				done[c] = done[c] || imp[c]
			}
		}
	}
	found := func(c chess.Color, line []chess.Move) {
		can[c], done[c] = true, true
		if !a.noLines {
			r.Lines[c] = slicesClone(line)
		}
	}
	var plans [2][]plan
	// Games aimed at queening a pawn and mating with the queen (or, for a
	// side with a queen or rook or without pawns, at the mating net), and
	// random games. The aimed games come first: they settle most pawn
	// endings in tens of microseconds, where the random games seldom
	// queen, and more of the other positions than the random games do;
	// only in the middle game, a side with a queen or rook among many
	// pieces, do the random games find a mate sooner.
	// A side without pawns gets more games (the mating net is all they
	// look for, and the searches after them seldom find it sooner), in a
	// second round, after the other side's first.
	promo := func(c chess.Color, round int) {
		games, seed := promoGames, uint64(0)
		if round == 2 {
			if p.Pieces(c, chess.Pawn) != 0 {
				return
			}
			games, seed = morePromoGames-promoGames, 2
		}
		n0 := a.nodes
		line := a.promoPlayouts(p, c, games, a.promoLength(p, c), seed)
		a.stats.note(stPlayout, a.nodes-n0, line != nil, true)
		if line != nil {
			found(c, line)
		}
	}
	pieces := (p.Occupied() &^ p.ByType(chess.Pawn) &^ p.ByType(chess.King)).Count()
	randomFirst := func(c chess.Color) bool { return promoted(p, c) && pieces > randomPieces }
	for round := 1; round <= 2; round++ {
		for c := chess.White; c <= chess.Black; c++ {
			if open(c) && !randomFirst(c) {
				promo(c, round)
			}
		}
	}
	a.mark("promo")
	short := false
	if anyOpen() {
		abstract(shortStates)
		short = a.ex.overflow
	}
	a.mark("abstract-short")
	for c := chess.White; c <= chess.Black; c++ {
		// A lone minor piece mates only with the loser's help, which
		// the random games do not give.
		if open(c) && !lonePiece(p, c) {
			n0 := a.nodes
			line := a.playouts(p, c, frontGames, playoutPlies, 0)
			a.stats.note(stPlayout, a.nodes-n0, line != nil, true)
			if line != nil {
				found(c, line)
			}
		}
	}
	for round := 1; round <= 2; round++ {
		for c := chess.White; c <= chess.Black; c++ {
			if open(c) && randomFirst(c) {
				promo(c, round)
			}
		}
	}
	a.mark("playouts")
	// A short helpmate search settles many of the endings left.
	for c := chess.White; c <= chess.Black; c++ {
		// (Not for a lone minor piece: its mates are the plans' work.)
		if open(c) && !lonePiece(p, c) {
			line := a.helpmate(p, c, quickBudget, frontNodes)
			a.stats.note(stFront, a.hm.nodes, line != nil, true)
			if line != nil {
				found(c, line)
			}
		}
	}
	a.mark("front-helpmate")
	if short {
		abstract(maxStates)
	}
	a.mark("abstract-full")
	// Plans from the abstract search (nothing has reused it yet), then a
	// best-first search along them: it finds the long mates of endings
	// (a pawn promotes, the new queen mates) in a few dozen positions.
	for c := chess.White; c <= chess.Black; c++ {
		if open(c) {
			plans[c] = a.ex.buildPlans(p, c, morePlans)
		}
	}
	a.mark("plans")
	for c := chess.White; c <= chess.Black; c++ {
		if open(c) && len(plans[c]) > 0 {
			n0 := a.nodes
			line := a.bestFirst(p, c, &plans[c][0], planNodes)
			a.stats.note(stBestFirst, a.nodes-n0, line != nil, true)
			if line != nil {
				found(c, line)
			}
		}
	}
	a.mark("best-first")
	if anyOpen() {
		imp := wideImpossible(p, [2]bool{open(0), open(1)}, &a.wide)
		for c := 0; c < 2; c++ {
			done[c] = done[c] || imp[c]
		}
	}
	a.mark("wide")
	// A longer helpmate search.
	for c := chess.White; c <= chess.Black; c++ {
		if open(c) {
			line := a.helpmate(p, c, quickBudget, quickNodes)
			a.stats.note(stQuick, a.hm.nodes, line != nil, true)
			if line != nil {
				found(c, line)
			}
		}
	}
	a.mark("quick-helpmate")
	// A short closure walk, before the king search: with pawn moves
	// first, it finds many of the mates left in a few thousand positions
	// and proves small dead ends outright. (Not for a lone minor piece,
	// whose mates the plans find: the walk would wander among the many
	// places of the pieces.) Where it runs out, the next walk carries it
	// on if it is for the same sides: the walk for both sides, or the walk
	// for a side that was alone open. (Only for the same sides: after a
	// move that leaves the pieces in their regions, the walk skips the
	// proof of hopelessness, which it ran on the position before for the
	// sides sought then.)
	walking := false // the early walk can be carried on, for the sides in early
	early := [2]bool{open(0) && !lonePiece(p, chess.White), open(1) && !lonePiece(p, chess.Black)}
	if early[0] || early[1] {
		mates, complete := a.closureFor(p, early, a.either, earlyClosure)
		a.stats.note(stClosure, a.count, mates[0] || mates[1], complete)
		for c := chess.White; c <= chess.Black; c++ {
			if mates[c] {
				found(c, a.clines[c])
			}
		}
		if complete && !(a.either && (mates[0] || mates[1])) {
			done[0] = done[0] || early[0]
			done[1] = done[1] || early[1]
		}
		walking = !complete
	}
	a.mark("early-closure")
	if anyOpen() {
		imp := a.ks.run(p, [2]bool{open(0), open(1)})
		for c := 0; c < 2; c++ {
			done[c] = done[c] || imp[c]
		}
	}
	a.mark("king-search")
	// The proof: its cheap searches for each side, then, where both sides
	// are still open, one closure walk for both (both walks would visit
	// the same positions: a dead position is proved in one), then the
	// rest for each side.
	for c := chess.White; c <= chess.Black; c++ {
		if !open(c) {
			continue
		}
		if len(plans[c]) == 0 {
			plans[c] = a.ex.findPlans(p, c, morePlans)
		}
		if line := a.proveCheap(p, c, plans[c]); line != nil {
			found(c, line)
		}
	}
	if open(chess.White) && open(chess.Black) {
		var mates [2]bool
		var complete bool
		n0 := 0 // positions of the walk counted already (by the early walk)
		if walking && early == [2]bool{true, true} {
			// The early walk was for both sides: it goes on. (No mate was
			// found in it, or a side would be settled.)
			n0 = a.count
			complete = a.resumeFor(midClosure)
			mates = a.cmate
		} else {
			mates, complete = a.closureFor(p, [2]bool{true, true}, a.either, midClosure)
		}
		if !complete && !mates[0] && !mates[1] {
			// No mate so far: the position looks dead, and the walk for
			// both goes on rather than one for each side.
			complete = a.resumeFor(bothClosure)
			mates = a.cmate
		}
		a.stats.note(stClosure, a.count-n0, mates[0] || mates[1], complete)
		for c := chess.White; c <= chess.Black; c++ {
			if mates[c] {
				found(c, a.clines[c])
			}
		}
		// A walk to its end, not cut short by a mate with a.either, proves
		// that a side it found no mate for cannot mate.
		if complete && !(a.either && (mates[0] || mates[1])) {
			done = [2]bool{true, true}
		}
		walking = false
		a.mark("p-both")
	}
	for c := chess.White; c <= chess.Black; c++ {
		if !open(c) {
			continue
		}
		carry := walking && early == want1(c)
		if carry {
			walking = false
		}
		line, decided := a.proveSearch(p, c, plans[c], carry)
		can[c] = decided == 0 || decided == 2
		if decided == 2 {
			r.Decided = false
		}
		if line != nil && !a.noLines {
			r.Lines[c] = slicesClone(line)
		}
	}
	a.mark("prove")
	r.White, r.Black = can[0] && which[0], can[1] && which[1]
	r.Nodes = a.nodes
	a.trim()
	return r
}

// mark tells the tracer, if any, that a stage has ended.
func (a *analyzer) mark(stage string) {
	if a.trace != nil {
		a.trace(stage)
	}
}

// promoLength is the length of x's promotion games: shorter without a
// pawn to queen (more short games find a net sooner than fewer long ones).
func (a *analyzer) promoLength(p *chess.Position, x chess.Color) int {
	if p.Pieces(x, chess.Pawn) == 0 {
		return netPlies
	}
	return promoPlies
}

// trim lets go of buffers a big search left behind, so that the pool does
// not keep them.
func (a *analyzer) trim() {
	if cap(a.bf) > 1<<16 {
		a.bf = nil
	}
	if cap(a.bfq) > 1<<18 {
		a.bfq = nil
	}
	a.moves.trim(1 << 20 / moveChunk)
	a.frames.trim(1 << 17 / frameChunk)
	if cap(a.line) > 1<<20 {
		a.line = nil
	}
	for c := range a.clines {
		if cap(a.clines[c]) > 1<<20 {
			a.clines[c] = nil
		}
	}
	a.seen.release()
	a.bfSeen.release()
	if len(a.cacheEntries) > 1<<12 {
		a.cacheEntries = nil
		a.cacheIndex = nil
	}
}

// followPlans follows plans[from:to] with the best-first search, each
// with limit positions, and returns the first mating line found.
func (a *analyzer) followPlans(p *chess.Position, x chess.Color, plans []plan, from, to, limit int) []chess.Move {
	for i := from; i < to && i < len(plans); i++ {
		n0 := a.nodes
		line := a.bestFirst(p, x, &plans[i], limit)
		a.stats.note(stBestFirst, a.nodes-n0, line != nil, true)
		if line != nil {
			return line
		}
	}
	return nil
}

// followAll follows every plan briefly, then the first wide ones with
// more: a plan ranked low may be the one that works.
func (a *analyzer) followAll(p *chess.Position, x chess.Color, plans []plan, wide int) []chess.Move {
	if line := a.followPlans(p, x, plans, 0, morePlans, planNodes); line != nil {
		return line
	}
	return a.followPlans(p, x, plans, 0, wide, widePlanNodes)
}

// proveCheap runs the cheap searches for a mate by x that come before the
// closure search, after the proofs of impossibility failed: more random
// and promotion games, and for a lone minor piece every plan. It returns
// a mating line or nil. (Following the second plan here as well, with a
// few hundred positions, found 42 mates on the test vector and 2 of the
// 30,000 lichess questions, but cost the vector 3% more time than the
// closure walk takes to find those mates; the lichess and real-game
// questions run as fast without it.)
func (a *analyzer) proveCheap(p *chess.Position, x chess.Color, plans []plan) []chess.Move {
	n0 := a.nodes
	line := a.playouts(p, x, moreGames, playoutPlies, 1)
	a.stats.note(stPlayout, a.nodes-n0, line != nil, true)
	a.mark("p-playouts")
	if line != nil {
		return line // (a.line: the caller keeps it before anything else runs)
	}
	n0 = a.nodes
	line = a.promoPlayouts(p, x, morePromoGames, a.promoLength(p, x), 1)
	a.stats.note(stPlayout, a.nodes-n0, line != nil, true)
	a.mark("p-promo")
	if line != nil {
		return line
	}
	if lonePiece(p, x) {
		// A lone minor piece mates only a king hemmed in by its own men:
		// the plans show where, the closure search would wander.
		line := a.followAll(p, x, plans, morePlans)
		a.mark("p-lone-plans")
		if line != nil {
			return line
		}
	}
	return nil
}

// proveSearch settles whether x can mate once proveCheap found nothing.
// It returns the mating line and 0 (can), 1 (cannot: the closure search
// proved it) or 2 (undecided). The work escalates: a closure search with
// a part of its budget (enough to prove most dead positions and to find
// most mates it finds at all), every plan with a small budget and the
// first planCount with a larger one, then the closure search goes on to
// its full budget. With walking set, the early closure walk, which was
// for x alone, is carried on rather than started again.
func (a *analyzer) proveSearch(p *chess.Position, x chess.Color, plans []plan, walking bool) ([]chess.Move, int) {
	var mate, complete bool
	n0 := 0 // positions of the walk counted already (by the early walk)
	if walking {
		n0 = a.count
		mate, complete = a.resume(midClosure) // the early walk, for x alone
	} else {
		mate, complete = a.closure(p, x, midClosure)
	}
	a.stats.note(stClosure, a.count-n0, mate, complete)
	a.mark("p-closure")
	if !complete {
		// Only the plans ranked first get the larger budget here: on the
		// test vector (with the closure stopping at 20,000 positions
		// then), the larger budget for all of them found a mate in
		// 2 of 137 questions, at the price of some 2.7 million positions
		// in the others; with it for the first two only, every question
		// is still decided, the slowest takes no longer, and the vector
		// needs 1.45 million positions fewer.
		if line := a.followAll(p, x, plans, planCount); line != nil {
			return line, 0
		}
		n0 = a.count
		mate, complete = a.resume(closureNodes)
		a.stats.note(stClosure, a.count-n0, mate, complete)
	}
	if complete {
		if mate {
			return a.line, 0
		}
		return nil, 1
	}
	if line := a.helpmate(p, x, deepBudget, deepNodes); line != nil {
		return line, 0
	}
	return nil, 2
}

func slicesClone(m []chess.Move) []chess.Move { return append([]chess.Move(nil), m...) }

// bishopsOfOneColour reports whether the board holds the kings and only
// bishops (any number, of either side or both), all standing on squares
// of one colour: the classic dead position (Article 5.2.2), settled
// without a search. A king in check there stands on the bishops' colour;
// the squares beside it of the other colour (two at least, the ones along
// its rank and file) are neither attacked nor occupied by any bishop, and
// the other king cannot cover them all without standing next to it.
func bishopsOfOneColour(p *chess.Position) bool {
	if p.Occupied()&^p.ByType(chess.King)&^p.ByType(chess.Bishop) != 0 {
		return false
	}
	b := p.ByType(chess.Bishop)
	return b&darkSquares == 0 || b&^darkSquares == 0
}

// lonePiece reports whether x has, besides its king, only one knight or
// only bishops of one colour.
func lonePiece(p *chess.Position, x chess.Color) bool {
	if p.Pieces(x, chess.Pawn)|p.Pieces(x, chess.Rook)|p.Pieces(x, chess.Queen) != 0 {
		return false
	}
	n, b := p.Pieces(x, chess.Knight), p.Pieces(x, chess.Bishop)
	switch {
	case n == 0:
		return b != 0 && (b&darkSquares == 0 || b&^darkSquares == 0)
	case b == 0:
		return !n.More()
	}
	return false
}
