package winnable

import "github.com/arbiterchess/arbiter/chess"

// The king search refines the abstract search where tempo decides: the
// pawns and both kings are exact, the side to move is known, and the other
// pieces are still regions. Its moves over-approximate the legal moves of
// every position it stands for: a king steps to a neighbour that holds no
// own pawn, is not attacked by an enemy pawn and is not next to the enemy
// king (taking a pawn that no enemy pawn protects); a side with a piece
// that can move inside its region may spend a move with it and change
// nothing; pawns advance, take and promote as in the abstract search. A
// side without any such move has no legal move at all, so the game ends
// there (stalemate or checkmate). After each move of the mating side, the
// mate conditions are tested with both kings exact; after a king move the
// check can only be discovered, by a piece behind the square it left.

// kstruct is a pawn structure with the regions of the pieces.
type kstruct struct {
	s       astate
	m       mateCheck
	canWait [2]bool // the side has a piece that can move inside its region
}

// kstate is a node of the king search; it packs into 32 bits plus the
// structure index: kings, side to move, en passant file.
type kstate struct {
	st   int32
	wk   chess.Square
	bk   chess.Square
	turn chess.Color
	ep   chess.Square // square a pawn just skipped, or NoSquare
}

func (k kstate) key() uint64 {
	return uint64(k.st)<<24 | uint64(k.wk)<<16 | uint64(k.bk)<<8 | uint64(k.turn)<<7 | uint64(k.ep)
}

const maxKingStates = 2000

type kingSearch struct {
	structs  []kstruct
	index    map[uint64][]int32
	seen     map[uint64]struct{}
	queue    []kstate
	want     [2]bool
	possible [2]bool
	overflow bool
}

func (ks *kingSearch) done() bool {
	if ks.overflow {
		return true
	}
	for c := 0; c < 2; c++ {
		if ks.want[c] && !ks.possible[c] {
			return false
		}
	}
	return true
}

// run searches from p for the colours in want and reports, for each,
// whether a checkmate by it was proved impossible.
func (ks *kingSearch) run(p *chess.Position, want [2]bool) (impossible [2]bool) {
	ks.want = want
	ks.possible = [2]bool{}
	ks.overflow = false
	ks.structs = ks.structs[:0]
	ks.queue = ks.queue[:0]
	if ks.index == nil {
		ks.index = make(map[uint64][]int32)
		ks.seen = make(map[uint64]struct{})
	} else {
		clear(ks.index)
		clear(ks.seen)
	}
	var root astate
	if !rootState(p, &root) || p.CastlingRights() != 0 {
		return
	}
	start := kstate{wk: p.KingSquare(chess.White), bk: p.KingSquare(chess.Black), turn: p.Turn(), ep: chess.NoSquare}
	start.st = ks.intern(&root, &start)
	if ep := p.EnPassant(); ep != chess.NoSquare {
		start.ep = ep
	}
	ks.push(start)
	for i := 0; i < len(ks.queue) && !ks.done(); i++ {
		ks.expand(ks.queue[i])
	}
	for c := 0; c < 2; c++ {
		impossible[c] = want[c] && !ks.possible[c] && !ks.overflow
	}
	return
}

// intern settles s, with the kings entering it on the squares of n, and
// returns the index of its structure. The kings' regions are part of the
// structure: permanence of units depends on where the kings can go.
func (ks *kingSearch) intern(s *astate, n *kstate) int32 {
	s.king = [2]bb{n.wk.Bitboard(), n.bk.Bitboard()}
	s.settle()
	h := s.hash()
	for _, i := range ks.index[h] {
		if ks.structs[i].s.equal(s) {
			return i
		}
	}
	i := int32(len(ks.structs))
	ks.structs = append(ks.structs, kstruct{s: *s})
	ks.index[h] = append(ks.index[h], i)
	k := &ks.structs[i]
	for c := 0; c < 2; c++ {
		for j := 0; j < int(s.n[c]); j++ {
			if s.units[c][j].region.More() {
				k.canWait[c] = true
			}
		}
	}
	return i
}

func (ks *kingSearch) push(n kstate) {
	if ks.overflow {
		return
	}
	key := n.key()
	if _, ok := ks.seen[key]; ok {
		return
	}
	if len(ks.seen) >= maxKingStates {
		ks.overflow = true
		return
	}
	ks.seen[key] = struct{}{}
	ks.queue = append(ks.queue, n)
}

func kingOf(n *kstate, c chess.Color) chess.Square {
	if c == chess.White {
		return n.wk
	}
	return n.bk
}

func setKing(n *kstate, c chess.Color, sq chess.Square) {
	if c == chess.White {
		n.wk = sq
	} else {
		n.bk = sq
	}
}

// arrive records the position after a move of mover from n, giving child;
// from is the square the mover's king left (NoSquare for other moves).
func (ks *kingSearch) arrive(mover chess.Color, child kstate, from chess.Square) {
	child.turn = mover ^ 1
	k := &ks.structs[child.st]
	// The mover's king may not stand in check from a pawn.
	if pawnCover(mover^1, k.s.pawns[mover^1]).Has(kingOf(&child, mover)) {
		return
	}
	if ks.want[mover] && !ks.possible[mover] {
		k.m.init(&k.s)
		s := &k.s
		save := s.king
		s.king[mover] = kingOf(&child, mover).Bitboard()
		s.king[mover^1] = kingOf(&child, mover^1).Bitboard()
		k.m.through = 0
		if from != chess.NoSquare {
			k.m.through = from.Bitboard()
		}
		if k.m.possible(mover) {
			ks.possible[mover] = true
		}
		k.m.through = 0
		s.king = save
	}
	ks.push(child)
}

func (ks *kingSearch) expand(n kstate) {
	c := n.turn
	them := c ^ 1
	s := ks.structs[n.st].s // a copy: ks.structs may grow
	canWait := ks.structs[n.st].canWait[c]
	all := s.pawns[0] | s.pawns[1]
	own, enemy := kingOf(&n, c), kingOf(&n, them)
	theirCov := s.permCov[them]
	next := n
	next.ep = chess.NoSquare
	// King moves.
	for t := chess.KingAttacks(own) &^ s.pawns[c] &^ theirCov &^ chess.KingAttacks(enemy) &^ s.perm[0] &^ s.perm[1]; t != 0; t &= t - 1 {
		to := t.First()
		child := next
		setKing(&child, c, to)
		if s.pawns[them].Has(to) {
			ns := s
			ns.pawns[them] &^= to.Bitboard()
			child.st = ks.intern(&ns, &child)
		}
		ks.arrive(c, child, own)
	}
	// A waiting move with a piece.
	if canWait {
		ks.arrive(c, next, chess.NoSquare)
	}
	// Pieces taking pawns.
	for j := 0; j < int(s.n[c]); j++ {
		for t := s.units[c][j].cover() & s.pawns[them]; t != 0; t &= t - 1 {
			to := t.First().Bitboard()
			ns := s
			ns.pawns[them] &^= to
			ns.units[c][j].region |= to
			child := next
			child.st = ks.intern(&ns, &child)
			ks.arrive(c, child, chess.NoSquare)
		}
	}
	// Pawn moves.
	kings := own.Bitboard() | enemy.Bitboard()
	var theirUnits bb
	for j := 0; j < int(s.n[them]); j++ {
		theirUnits |= s.units[them][j].region
	}
	last, start := chess.Rank8, chess.Rank2
	if c == chess.Black {
		last, start = chess.Rank1, chess.Rank7
	}
	for pw := s.pawns[c]; pw != 0; pw &= pw - 1 {
		from := pw.First().Bitboard()
		stuck := all | kings | s.perm[0] | s.perm[1]
		if f := forward(c, from); f&stuck == 0 {
			ks.pawnMove(&s, next, c, from, f, -1, last, chess.NoSquare)
			if from&start != 0 {
				if f2 := forward(c, f); f2&stuck == 0 {
					ep := chess.NoSquare
					if (east(f2)|west(f2))&s.pawns[them] != 0 {
						ep = f.First()
					}
					ks.pawnMove(&s, next, c, from, f2, -1, last, ep)
				}
			}
		}
		for t := pawnCover(c, from) &^ kings; t != 0; t &= t - 1 {
			to := t.First().Bitboard()
			if to&s.pawns[them] != 0 {
				ns := s
				ns.pawns[them] &^= to
				ns.pawns[c] ^= from | to
				child := next
				child.st = ks.intern(&ns, &child)
				ks.arrive(c, child, chess.NoSquare)
				continue
			}
			if to&theirUnits == 0 {
				continue
			}
			for j := 0; j < int(s.n[them]); j++ {
				if s.units[them][j].region&to != 0 {
					ks.pawnMove(&s, next, c, from, to, j, last, chess.NoSquare)
				}
			}
		}
	}
	// En passant.
	if n.ep != chess.NoSquare {
		victim := forward(them, n.ep.Bitboard())
		for from := pawnCover(them, n.ep.Bitboard()) & s.pawns[c]; from != 0; from &= from - 1 {
			ns := s
			ns.pawns[c] ^= from.First().Bitboard() | n.ep.Bitboard()
			ns.pawns[them] &^= victim
			child := next
			child.st = ks.intern(&ns, &child)
			ks.arrive(c, child, chess.NoSquare)
		}
	}
}

// pawnMove records c's pawn going from from to to, taking enemy unit
// victim (or nothing when victim < 0), promoting on last.
func (ks *kingSearch) pawnMove(s *astate, next kstate, c chess.Color, from, to bb, victim int, last bb, ep chess.Square) {
	ns := *s
	them := c ^ 1
	if victim >= 0 {
		n := int(ns.n[them])
		copy(ns.units[them][victim:n], ns.units[them][victim+1:n])
		ns.units[them][n-1] = unit{}
		ns.n[them]--
	}
	ns.pawns[c] &^= from
	if to&last == 0 {
		ns.pawns[c] |= to
	} else {
		n := int(ns.n[c])
		if n+2 > maxUnits {
			ks.overflow = true
			return
		}
		ns.units[c][n] = unit{t: chess.Queen, region: to}
		ns.units[c][n+1] = unit{t: chess.Knight, region: to}
		ns.n[c] += 2
	}
	child := next
	child.st = ks.intern(&ns, &child)
	child.ep = ep
	ks.arrive(c, child, chess.NoSquare)
}
