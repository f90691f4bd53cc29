package chess

// Legal move generation with check and pin masks: every generated move is
// legal, nothing is tried and taken back. The same analysis serves
// LegalMoves and the bulk counting of perft (CountLegal), which counts the
// moves of a position without listing them.

// rookRays and bishopRays, the attacks on an empty board, are in tables.go.

// analysis is what legal generation needs to know about the side to move.
type analysis struct {
	ksq      Square
	occ      Bitboard
	own      Bitboard
	enemy    Bitboard
	checkers Bitboard
	pinned   Bitboard
	// target: where a piece other than the king may go (not own pieces, and
	// when in check only the checker or a square blocking it).
	target Bitboard
}

func (p *Position) analyse(a *analysis) {
	us := p.turn
	them := us ^ 1
	a.own = p.byColor[us]
	a.enemy = p.byColor[them]
	a.occ = a.own | a.enemy
	ksq := p.byType[King] & a.own
	a.ksq = ksq.First() & 63
	k := a.ksq
	a.checkers = (knightAttacks[k]&p.byType[Knight] | pawnAttacks[us][k]&p.byType[Pawn]) & a.enemy
	a.pinned = 0
	rq := p.byType[Rook] | p.byType[Queen]
	bq := p.byType[Bishop] | p.byType[Queen]
	snipers := (rookRays[k]&rq | bishopRays[k]&bq) & a.enemy
	for ; snipers != 0; snipers &= snipers - 1 {
		s := snipers.First()
		b := between[k][s&63] & a.occ
		if b == 0 {
			a.checkers |= s.Bitboard()
		} else if b&(b-1) == 0 {
			a.pinned |= b & a.own
		}
	}
	switch {
	case a.checkers == 0:
		a.target = ^a.own
	case a.checkers&(a.checkers-1) == 0:
		a.target = between[k][a.checkers.First()&63] | a.checkers
	default:
		a.target = 0
	}
}

// LegalMoves appends every legal move of the position to ml (which it resets).
func (p *Position) LegalMoves(ml *MoveList) {
	ml.reset()
	var a analysis
	p.analyse(&a)
	p.genKing(&a, ml)
	if a.checkers&(a.checkers-1) != 0 {
		return // double check: only the king moves
	}
	p.genPawns(&a, ml)
	target := a.target
	for b := p.byType[Knight] & a.own &^ a.pinned; b != 0; b &= b - 1 {
		s := b.First()
		addMoves(ml, s, knightAttacks[s&63]&target)
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & a.own; b != 0; b &= b - 1 {
		s := b.First()
		t := BishopAttacks(s, a.occ) & target
		if a.pinned.Has(s) {
			t &= line[a.ksq][s&63]
		}
		addMoves(ml, s, t)
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & a.own; b != 0; b &= b - 1 {
		s := b.First()
		t := RookAttacks(s, a.occ) & target
		if a.pinned.Has(s) {
			t &= line[a.ksq][s&63]
		}
		addMoves(ml, s, t)
	}
	if a.checkers == 0 {
		p.genCastling(&a, ml)
	}
}

func addMoves(ml *MoveList, from Square, to Bitboard) {
	for ; to != 0; to &= to - 1 {
		ml.add(NewMove(from, to.First()))
	}
}

func (p *Position) genKing(a *analysis, ml *MoveList) {
	them := p.turn ^ 1
	occ := a.occ ^ a.ksq.Bitboard()
	for t := kingAttacks[a.ksq] &^ a.own; t != 0; t &= t - 1 {
		s := t.First()
		if !p.attacked(s, them, occ) {
			ml.add(NewMove(a.ksq, s))
		}
	}
}

// genCastling adds the legal castling moves (the side to move is not in check).
func (p *Position) genCastling(a *analysis, ml *MoveList) {
	for r := p.castle & a.own; r != 0; r &= r - 1 {
		if m := NewCastling(a.ksq, r.First()); between[a.ksq][m.To()&63]&a.occ == 0 && p.castlingLegal(a, m) {
			ml.add(m)
		}
	}
}

// castlingLegal checks laws C3 and C7 for castling move m: every square
// the king and rook cross or land on is empty but for themselves, and no
// square the king stands on, crosses or lands on is attacked. The rook may
// be attacked or cross an attacked square (C4).
func (p *Position) castlingLegal(a *analysis, m Move) bool {
	k, r := m.From(), m.To()
	kto, rto := m.KingTo(), m.RookTo()
	kr := k.Bitboard() | r.Bitboard()
	path := between[k][kto] | kto.Bitboard() | between[r][rto] | rto.Bitboard()
	if path&^kr&a.occ != 0 {
		return false
	}
	occ := a.occ ^ kr
	them := p.turn ^ 1
	for s := between[k][kto] | kto.Bitboard(); s != 0; s &= s - 1 {
		if p.attacked(s.First(), them, occ) {
			return false
		}
	}
	return true
}

// pawn move helpers: shift a set of pawns one step forward for colour c.
func forward(b Bitboard, c Color) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

func (p *Position) genPawns(a *analysis, ml *MoveList) {
	us := p.turn
	pawns := p.byType[Pawn] & a.own
	var up Square = 8
	rank3, rank8 := Rank3, Rank8
	if us == Black {
		up = -8 & 63
		rank3, rank8 = Rank6, Rank1
	}
	free := pawns &^ a.pinned
	empty := ^a.occ
	push1 := forward(free, us) & empty
	push2 := forward(push1&rank3, us) & empty & a.target
	push1 &= a.target
	var capW, capE Bitboard // towards the a-file and towards the h-file
	if us == White {
		capW = (free &^ FileA) << 7
		capE = (free &^ FileH) << 9
	} else {
		capW = (free &^ FileA) >> 9
		capE = (free &^ FileH) >> 7
	}
	capW &= a.enemy & a.target
	capE &= a.enemy & a.target
	var dW, dE Square = 7, 9
	if us == Black {
		dW, dE = -9&63, -7&63
	}
	for b := push1 &^ rank8; b != 0; b &= b - 1 {
		s := b.First()
		ml.add(NewMove((s-up)&63, s))
	}
	for b := push2; b != 0; b &= b - 1 {
		s := b.First()
		ml.add(NewMove((s-2*up)&63, s))
	}
	for b := capW &^ rank8; b != 0; b &= b - 1 {
		s := b.First()
		ml.add(NewMove((s-dW)&63, s))
	}
	for b := capE &^ rank8; b != 0; b &= b - 1 {
		s := b.First()
		ml.add(NewMove((s-dE)&63, s))
	}
	for b := push1 & rank8; b != 0; b &= b - 1 {
		s := b.First()
		addPromotions(ml, (s-up)&63, s)
	}
	for b := capW & rank8; b != 0; b &= b - 1 {
		s := b.First()
		addPromotions(ml, (s-dW)&63, s)
	}
	for b := capE & rank8; b != 0; b &= b - 1 {
		s := b.First()
		addPromotions(ml, (s-dE)&63, s)
	}
	if a.checkers == 0 {
		p.genPinnedPawns(a, pawns&a.pinned, ml)
	}
	if p.ep != NoSquare {
		for b := pawnAttacks[us^1][p.ep] & pawns; b != 0; b &= b - 1 {
			if from := b.First(); p.epLegal(from) {
				ml.add(NewEnPassant(from, p.ep))
			}
		}
	}
}

// genPinnedPawns adds the moves of pinned pawns, which go along the pin
// line only (and never when in check: no pinned piece can answer a check).
func (p *Position) genPinnedPawns(a *analysis, pawns Bitboard, ml *MoveList) {
	us := p.turn
	var up Square = 8
	rank8 := Rank8
	if us == Black {
		up, rank8 = -8&63, Rank1
	}
	for b := pawns; b != 0; b &= b - 1 {
		from := b.First()
		pin := line[a.ksq][from&63]
		t := pawnAttacks[us][from&63] & a.enemy & pin
		if s := (from + up) & 63; pin.Has(s) && !a.occ.Has(s) {
			t |= s.Bitboard()
			if s2 := (s + up) & 63; from.RelativeRank(us) == 1 && !a.occ.Has(s2) {
				t |= s2.Bitboard()
			}
		}
		for ; t != 0; t &= t - 1 {
			s := t.First()
			if rank8.Has(s) {
				addPromotions(ml, from, s)
			} else {
				ml.add(NewMove(from, s))
			}
		}
	}
}

func addPromotions(ml *MoveList, from, to Square) {
	ml.add(NewPromotion(from, to, Queen))
	ml.add(NewPromotion(from, to, Rook))
	ml.add(NewPromotion(from, to, Bishop))
	ml.add(NewPromotion(from, to, Knight))
}

// CountLegal returns the number of legal moves without listing them (the
// bulk counting of perft at the leaves).
func (p *Position) CountLegal() int {
	var a analysis
	p.analyse(&a)
	n := p.countKing(&a)
	if a.checkers&(a.checkers-1) != 0 {
		return n
	}
	us := p.turn
	target := a.target
	for b := p.byType[Knight] & a.own &^ a.pinned; b != 0; b &= b - 1 {
		n += (knightAttacks[b.First()&63] & target).Count()
	}
	for b := p.byType[Bishop] & a.own; b != 0; b &= b - 1 {
		s := b.First()
		t := BishopAttacks(s, a.occ) & target
		if a.pinned.Has(s) {
			t &= line[a.ksq][s&63]
		}
		n += t.Count()
	}
	for b := p.byType[Rook] & a.own; b != 0; b &= b - 1 {
		s := b.First()
		t := RookAttacks(s, a.occ) & target
		if a.pinned.Has(s) {
			t &= line[a.ksq][s&63]
		}
		n += t.Count()
	}
	for b := p.byType[Queen] & a.own; b != 0; b &= b - 1 {
		s := b.First()
		t := (BishopAttacks(s, a.occ) | RookAttacks(s, a.occ)) & target
		if a.pinned.Has(s) {
			t &= line[a.ksq][s&63]
		}
		n += t.Count()
	}
	// Pawns.
	pawns := p.byType[Pawn] & a.own
	free := pawns &^ a.pinned
	empty := ^a.occ
	rank3, rank8 := Rank3, Rank8
	if us == Black {
		rank3, rank8 = Rank6, Rank1
	}
	push1 := forward(free, us) & empty
	push2 := forward(push1&rank3, us) & empty & a.target
	push1 &= a.target
	var capW, capE Bitboard
	if us == White {
		capW = (free &^ FileA) << 7
		capE = (free &^ FileH) << 9
	} else {
		capW = (free &^ FileA) >> 9
		capE = (free &^ FileH) >> 7
	}
	capW &= a.enemy & a.target
	capE &= a.enemy & a.target
	n += push1.Count() + push2.Count() + capW.Count() + capE.Count()
	if promo := (push1 | capW | capE) & rank8; promo != 0 {
		// Each promotion is four moves: three more than counted above.
		n += 3 * ((push1 & rank8).Count() + (capW & rank8).Count() + (capE & rank8).Count())
	}
	if a.checkers == 0 {
		if pp := pawns & a.pinned; pp != 0 {
			var ml MoveList
			p.genPinnedPawns(&a, pp, &ml)
			n += ml.n
		}
		for r := p.castle & a.own; r != 0; r &= r - 1 {
			// Whatever stands between king and rook blocks castling (C3):
			// a cheap test that settles most cases.
			if rook := r.First(); between[a.ksq][rook&63]&a.occ == 0 && p.castlingLegal(&a, NewCastling(a.ksq, rook)) {
				n++
			}
		}
	}
	if p.ep != NoSquare {
		for b := pawnAttacks[us^1][p.ep] & pawns; b != 0; b &= b - 1 {
			if p.epLegal(b.First()) {
				n++
			}
		}
	}
	return n
}

func (p *Position) countKing(a *analysis) int {
	them := p.turn ^ 1
	occ := a.occ ^ a.ksq.Bitboard()
	n := 0
	for t := kingAttacks[a.ksq] &^ a.own; t != 0; t &= t - 1 {
		if !p.attacked(t.First(), them, occ) {
			n++
		}
	}
	return n
}
