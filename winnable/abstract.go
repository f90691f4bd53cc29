package winnable

import "github.com/arbiterchess/arbiter/chess"

// The abstract search. A concrete position is replaced by an abstract
// state: the exact pawns of both sides, and for every other piece only the
// set of squares where it may stand (its region). Between two pawn events
// (a pawn move, a capture of a pawn, a capture by a pawn) the pawns are
// walls and each piece moves inside the region flooded from where it may
// have stood when the structure arose. The abstract successors of a state
// are its pawn events, each taken whenever some placement of the pieces
// inside their regions allows it. A piece captured by another piece is
// kept (more pieces only make a mate look easier), so the abstract states
// cover every position reachable from the start, whatever the move order.
// If in no abstract state the necessary conditions for a checkmate by X
// hold, X can never checkmate.

const (
	// maxUnits bounds the pieces (other than kings and pawns) of one side.
	maxUnits = 24
	// maxStates bounds the abstract states visited in one analysis.
	maxStates = 2048
)

// unit is a piece other than a king or a pawn.
type unit struct {
	t      chess.PieceType
	region bb // where it may stand in this structure
}

// astate is an abstract state.
type astate struct {
	pawns [2]bb
	king  [2]bb // region of each king; may hold squares attacked by pawns (a pawn just gave check)
	n     [2]uint8
	units [2][maxUnits]unit
	// Derived by settle, not part of the state's identity: the squares of
	// permanent units, and the squares each side attacks for ever (pawns
	// and permanent units).
	perm    [2]bb
	permCov [2]bb
}

// hash mixes the state into 64 bits for the visited table.
func (s *astate) hash() uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	mix := func(v uint64) {
		h ^= v
		h *= 0xff51afd7ed558ccd
		h ^= h >> 33
	}
	for c := 0; c < 2; c++ {
		mix(uint64(s.pawns[c]))
		mix(uint64(s.king[c]))
		mix(uint64(s.n[c]))
		for i := 0; i < int(s.n[c]); i++ {
			mix(uint64(s.units[c][i].region) ^ uint64(s.units[c][i].t)<<61)
		}
	}
	return h
}

func (s *astate) equal(o *astate) bool {
	if s.pawns != o.pawns || s.king != o.king || s.n != o.n {
		return false
	}
	for c := 0; c < 2; c++ {
		for i := 0; i < int(s.n[c]); i++ {
			if s.units[c][i] != o.units[c][i] {
				return false
			}
		}
	}
	return true
}

// settle floods every region through the structure: units through every
// square without a pawn, kings also avoiding squares attacked by enemy
// pawns (squares of the seed stay, the king may stand in check there).
//
// It also finds the permanent units: those that cannot move in this
// structure (every step is onto a pawn) and can never be taken (no enemy
// unit nor pawn can attack their square, and the enemy king can never
// stand next to them unprotected). Such a unit stays where it is, so the
// enemy king never steps where it attacks nor onto it, and nobody
// advances a pawn onto it. Permanence is settled as a greatest fixed
// point: units that protect each other against the enemy king are both
// permanent, since neither can be taken first.
func (s *astate) settle() {
	all := s.pawns[0] | s.pawns[1]
	var cover, pcov [2]bb
	for c := 0; c < 2; c++ {
		pcov[c] = pawnCover(chess.Color(c), s.pawns[c])
		for i := 0; i < int(s.n[c]); i++ {
			u := &s.units[c][i]
			u.region = flood(u.t, u.region&^all, ^all)
			cover[c] |= step(u.t, u.region)
		}
	}
	var cand [2]uint32
	for c := 0; c < 2; c++ {
		for i := 0; i < int(s.n[c]); i++ {
			u := &s.units[c][i]
			if !u.region.More() && u.region&(cover[c^1]|pcov[c^1]) == 0 {
				cand[c] |= 1 << i
			}
		}
	}
	seeds := s.king
	for {
		var permSq, permAtt [2]bb
		for c := 0; c < 2; c++ {
			for i := 0; i < int(s.n[c]); i++ {
				if cand[c]&(1<<i) != 0 {
					u := &s.units[c][i]
					permSq[c] |= u.region
					permAtt[c] |= step(u.t, u.region)
				}
			}
		}
		for c := 0; c < 2; c++ {
			them := c ^ 1
			free := ^all &^ pcov[them] &^ permAtt[them] &^ permSq[0] &^ permSq[1]
			s.king[c] = flood(chess.King, seeds[c]&^all, free)
		}
		changed := false
		for c := 0; c < 2; c++ {
			for i := 0; i < int(s.n[c]); i++ {
				if cand[c]&(1<<i) == 0 {
					continue
				}
				sq := s.units[c][i].region
				if sq&around(s.king[c^1]) != 0 && sq&(pcov[c]|permAtt[c]) == 0 {
					cand[c] &^= 1 << i // the enemy king may take it
					changed = true
				}
			}
		}
		if !changed {
			s.perm = permSq
			s.permCov = [2]bb{pcov[0] | permAtt[0], pcov[1] | permAtt[1]}
			return
		}
	}
}

// cover returns the squares unit u may attack from somewhere in its region
// (pawns block; a slider's attacks reach the first pawn on each line).
func (u *unit) cover() bb {
	return step(u.t, u.region)
}

// explorer runs the abstract search from one position.
type explorer struct {
	states []astate
	hashes []uint64 // hash of each state
	slots  []int32  // open addressing over states: index+1, 0 when empty
	// possible[c]: some visited state admits a checkmate by c.
	possible [2]bool
	// want[c]: the analysis for c was requested.
	want [2]bool
	// overflow: the search stopped early (too many states or units).
	overflow bool
	limit    int // most states to visit
	tmp      mateCheck
	scratch  astate // the state being expanded
	// parent and event of each state (how it arose), cur the state being
	// expanded, first[c] the first state where c's checkmate looked possible.
	parent []int32
	events []event
	cur    int32
	first  [2]int32
}

// evKind tells what changed the pawn structure.
type evKind uint8

const (
	evRoot      evKind = iota
	evPawn             // a pawn moved from from to to (advance, pawn capture, promotion)
	evPawnTakes        // a pawn moved from from to to, taking a piece of type t
	evUnitTakes        // a piece of type t took the pawn on to
	evKingTakes        // the king took the pawn on to
)

// event is the move of colour c that turned a state's parent into it.
type event struct {
	kind     evKind
	c        chess.Color
	t        chess.PieceType
	from, to chess.Square
}

// rootState builds the abstract state of position p.
func rootState(p *chess.Position, s *astate) bool {
	*s = astate{}
	for c := chess.White; c <= chess.Black; c++ {
		s.pawns[c] = p.Pieces(c, chess.Pawn)
		s.king[c] = p.Pieces(c, chess.King)
		pieces := p.ByColor(c) &^ p.ByType(chess.Pawn) &^ p.ByType(chess.King)
		if pieces.Count() > maxUnits {
			return false
		}
		for ; pieces != 0; pieces &= pieces - 1 {
			sq := pieces.First()
			s.units[c][s.n[c]] = unit{t: p.PieceAt(sq).Type(), region: sq.Bitboard()}
			s.n[c]++
		}
	}
	// Castling: the king and rook may land on their castling squares.
	for r := p.CastlingRights(); r != 0; r &= r - 1 {
		rook := r.First()
		c := p.PieceAt(rook).Color()
		m := chess.NewCastling(p.KingSquare(c), rook)
		s.king[c] |= m.KingTo().Bitboard()
		for i := 0; i < int(s.n[c]); i++ {
			if s.units[c][i].region == rook.Bitboard() {
				s.units[c][i].region |= m.RookTo().Bitboard()
			}
		}
	}
	return true
}

// runLimit performs the abstract search from position p, with at most
// limit abstract states, for the colours in want and returns, for each,
// whether a checkmate by it was proved impossible.
func (e *explorer) runLimit(p *chess.Position, want [2]bool, limit int) (impossible [2]bool) {
	e.start(want) // also when nothing runs: no state of an earlier search is left to build plans on
	var root astate
	if !rootState(p, &root) {
		return
	}
	e.limit = limit
	e.cur = -1
	e.add(&root, event{})
	e.cur = 0
	// An en passant capture available now.
	if ep := p.EnPassant(); ep != chess.NoSquare {
		us := p.Turn()
		victim := ep ^ 8
		for from := chess.PawnAttacks(us^1, ep) & p.Pieces(us, chess.Pawn); from != 0; from &= from - 1 {
			child := root
			child.pawns[us] ^= from.First().Bitboard() | ep.Bitboard()
			child.pawns[us^1] &^= victim.Bitboard()
			e.add(&child, event{kind: evPawn, c: us, from: from.First(), to: ep})
		}
	}
	for i := 0; i < len(e.states) && !e.done(); i++ {
		e.expand(i)
	}
	for c := 0; c < 2; c++ {
		impossible[c] = want[c] && !e.possible[c] && !e.overflow
	}
	return
}

// start empties the explorer for a new search.
func (e *explorer) start(want [2]bool) {
	e.want = want
	e.possible = [2]bool{}
	e.overflow = false
	e.states = e.states[:0]
	e.parent = e.parent[:0]
	e.events = e.events[:0]
	e.first = [2]int32{-1, -1}
	e.slots = e.slots[:0]
}

func (e *explorer) done() bool {
	if e.overflow {
		return true
	}
	for c := 0; c < 2; c++ {
		if e.want[c] && !e.possible[c] {
			return false
		}
	}
	return true
}

// add settles s and queues it unless already seen; ev is how it arose
// from state e.cur.
func (e *explorer) add(s *astate, ev event) {
	if e.overflow {
		return
	}
	s.settle()
	h := s.hash()
	if len(e.slots) < 2*e.limit {
		size := 64
		for size < 2*e.limit {
			size *= 2
		}
		if cap(e.slots) >= size {
			e.slots = e.slots[:size]
			clear(e.slots)
		} else {
			e.slots = make([]int32, size)
		}
	}
	mask := len(e.slots) - 1
	i := int(h) & mask
	for ; e.slots[i] != 0; i = (i + 1) & mask {
		if j := e.slots[i] - 1; e.hashes[j] == h && e.states[j].equal(s) {
			return
		}
	}
	if len(e.states) >= e.limit {
		e.overflow = true
		return
	}
	e.slots[i] = int32(len(e.states)) + 1
	e.hashes = append(e.hashes[:len(e.states)], h)
	e.states = append(e.states, *s)
	e.parent = append(e.parent, e.cur)
	e.events = append(e.events, ev)
}

// expand checks state i for checkmates and queues its successors.
func (e *explorer) expand(i int) {
	e.scratch = e.states[i] // a copy: e.states may grow
	s := &e.scratch
	e.cur = int32(i)
	for c := 0; c < 2; c++ {
		if e.want[c] && !e.possible[c] {
			e.tmp.init(s)
			if e.tmp.possible(chess.Color(c)) {
				e.possible[c] = true
				e.first[c] = int32(i)
			}
		}
	}
	if (e.want[0] || e.want[1]) && e.done() {
		return
	}
	all := s.pawns[0] | s.pawns[1]
	// Squares a pawn can never advance to in this structure: pawns, and
	// kings that cannot leave their square.
	stuck := all | s.perm[0] | s.perm[1]
	for c := 0; c < 2; c++ {
		if !s.king[c].More() {
			stuck |= s.king[c]
		}
	}
	for c := chess.White; c <= chess.Black; c++ {
		them := c ^ 1
		var theirUnits bb
		for j := 0; j < int(s.n[them]); j++ {
			theirUnits |= s.units[them][j].region
		}
		last := chess.Rank8
		start := chess.Rank2
		if c == chess.Black {
			last, start = chess.Rank1, chess.Rank7
		}
		for pw := s.pawns[c]; pw != 0; pw &= pw - 1 {
			from := pw.First().Bitboard()
			// Advances.
			if f := forward(c, from); f&stuck == 0 {
				e.pawnTo(s, c, from, f, -1, last)
				if from&start != 0 {
					if f2 := forward(c, f); f2&stuck == 0 {
						e.pawnTo(s, c, from, f2, -1, last)
						// En passant reply.
						for ep := (east(f2) | west(f2)) & s.pawns[them]; ep != 0; ep &= ep - 1 {
							child := *s
							child.pawns[c] &^= from
							child.pawns[them] ^= ep.First().Bitboard() | f
							e.add(&child, event{kind: evPawn, c: c, from: from.First(), to: f2.First()})
						}
					}
				}
			}
			// Captures.
			for t := pawnCover(c, from); t != 0; t &= t - 1 {
				to := t.First().Bitboard()
				if to&s.pawns[them] != 0 {
					child := *s
					child.pawns[them] &^= to
					child.pawns[c] ^= from | to
					e.add(&child, event{kind: evPawn, c: c, from: from.First(), to: to.First()})
					continue
				}
				if to&theirUnits == 0 {
					continue
				}
				for j := 0; j < int(s.n[them]); j++ {
					if s.units[them][j].region&to != 0 {
						e.pawnTo(s, c, from, to, j, last)
					}
				}
			}
		}
		// Pieces taking pawns.
		theirPawns := s.pawns[them]
		for j := 0; j < int(s.n[c]); j++ {
			u := &s.units[c][j]
			for t := u.cover() & theirPawns; t != 0; t &= t - 1 {
				to := t.First().Bitboard()
				child := *s
				child.pawns[them] &^= to
				child.units[c][j].region |= to
				e.add(&child, event{kind: evUnitTakes, c: c, t: u.t, to: to.First()})
			}
		}
		for t := around(s.king[c]) & theirPawns &^ s.permCov[them]; t != 0; t &= t - 1 {
			to := t.First().Bitboard()
			child := *s
			child.pawns[them] &^= to
			child.king[c] |= to
			e.add(&child, event{kind: evKingTakes, c: c, t: chess.King, to: to.First()})
		}
	}
}

// pawnTo queues the state where c's pawn on from went to to, capturing the
// enemy unit victim (or nothing when victim < 0), promoting on last.
func (e *explorer) pawnTo(s *astate, c chess.Color, from, to bb, victim int, last bb) {
	child := *s
	them := c ^ 1
	ev := event{kind: evPawn, c: c, from: from.First(), to: to.First()}
	if victim >= 0 {
		ev.kind, ev.t = evPawnTakes, s.units[them][victim].t
		n := int(child.n[them])
		copy(child.units[them][victim:n], child.units[them][victim+1:n])
		child.units[them][n-1] = unit{}
		child.n[them]--
	}
	child.pawns[c] &^= from
	if to&last == 0 {
		child.pawns[c] |= to
		e.add(&child, ev)
		return
	}
	// Promotion: a queen and a knight stand for any new piece.
	n := int(child.n[c])
	if n+2 > maxUnits {
		e.overflow = true
		return
	}
	child.units[c][n] = unit{t: chess.Queen, region: to}
	child.units[c][n+1] = unit{t: chess.Knight, region: to}
	child.n[c] += 2
	e.add(&child, ev)
}
