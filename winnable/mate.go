package winnable

import "github.com/arbiterchess/arbiter/chess"

// mateCheck tests, in one abstract state, the necessary conditions for a
// checkmate of the losing king. With the losing king on k, some piece of
// the mating side must attack k: a pawn, or a unit standing somewhere in its
// region on a square from which it attacks k. And every flight square of
// k (a neighbour not holding a pawn of the losing side, nor a pawn of the
// mating side protected by a pawn) must be attacked by a pawn, by the
// checker from its square, by another unit from anywhere in its region or
// by the mating king from a square of its region not next to k, or else be
// filled by a unit of the losing side, a distinct one for each square.
// Only pawns block lines, so every test errs on the side of "possible".
type mateCheck struct {
	s       *astate
	walls   bb
	pawnCov [2]bb
	cover   [2][maxUnits]bb
	all     [2]bb // union of cover
	// through, when not empty, is the square the mating king just left:
	// the check must then be discovered, by a unit behind that square.
	through bb
	// noFlight[c]: squares never a flight for c's king (its own pawns, and
	// enemy pawns protected by pawns).
	noFlight [2]bb
}

func (m *mateCheck) init(s *astate) {
	m.s = s
	m.walls = s.pawns[0] | s.pawns[1]
	for c := 0; c < 2; c++ {
		m.pawnCov[c] = pawnCover(chess.Color(c), s.pawns[c])
	}
	for c := 0; c < 2; c++ {
		m.noFlight[c] = s.pawns[c] | s.pawns[c^1]&m.pawnCov[c^1]
		m.all[c] = 0
		for i := 0; i < int(s.n[c]); i++ {
			m.cover[c][i] = s.units[c][i].cover()
			m.all[c] |= m.cover[c][i]
		}
	}
}

// possible reports whether the state may hold a checkmate of x's opponent.
func (m *mateCheck) possible(x chess.Color) bool {
	y := x ^ 1
	for k := m.s.king[y] & (m.all[x] | m.pawnCov[x]); k != 0; k &= k - 1 {
		if m.mateAt(x, k.First()) {
			return true
		}
	}
	return false
}

// mateAt reports whether the conditions hold with the losing king on k.
func (m *mateCheck) mateAt(x chess.Color, k chess.Square) bool {
	s := m.s
	y := x ^ 1
	kb := k.Bitboard()
	ring := chess.KingAttacks(k)
	flights := ring &^ m.noFlight[y] &^ m.pawnCov[x]
	zone := s.king[x] &^ (ring | kb)
	if m.pawnCov[x]&kb != 0 {
		// A pawn gives check (it cannot be discovered by a king move).
		return m.through == 0 && m.coverable(x, flights&^m.all[x], zone)
	}
	for i := 0; i < int(s.n[x]); i++ {
		if m.cover[x][i]&kb == 0 {
			continue
		}
		u := &s.units[x][i]
		var others bb
		for j := 0; j < int(s.n[x]); j++ {
			if j != i {
				others |= m.cover[x][j]
			}
		}
		rest := flights &^ others
		for from := attacksFrom(u.t, k, m.walls) & u.region; from != 0; from &= from - 1 {
			c := from.First()
			if m.through != 0 && chess.Between(c, k)&m.through == 0 {
				continue
			}
			open := rest &^ (attacksFrom(u.t, c, m.walls) | c.Bitboard())
			chk := checkSpot{k: k, c: c, line: chess.Between(c, k)}
			m.prepareRefute(x, i, &chk)
			if chk.refute && m.pawnsRefute(y, &chk) {
				continue
			}
			// The losing king takes an unprotected checker next to it.
			chk.needGuard = ring.Has(c) && !(m.pawnCov[x] | others).Has(c)
			if m.coverableAgainst(x, open, zone, &chk) {
				return true
			}
		}
	}
	return false
}

// checkSpot is a candidate checking picture: the losing king on k, the
// checker on c, line the squares between them.
type checkSpot struct {
	k, c      chess.Square
	line      bb
	refute    bool // defenders able to take c or step on line refute the mate
	needGuard bool // the mating king must protect c
	// Squares where the mating side's other units may stand: all of them,
	// and those that pin along ranks and files, or along diagonals.
	others, pinOrth, pinDiag bb
}

// prepareRefute decides whether the check of unit i from chk.c can be
// refuted by a capture or an interposition: only when no other unit of x
// can check at the same time (a double check admits neither). It also
// collects where x's other units may stand, to tell pinned defenders.
func (m *mateCheck) prepareRefute(x chess.Color, i int, chk *checkSpot) {
	s := m.s
	k, c := chk.k, chk.c
	same := chk.line | c.Bitboard()
	if ray := chess.Line(k, c); ray != 0 {
		for t := ray; t != 0; t &= t - 1 {
			if sq := t.First(); chess.Between(k, sq).Has(c) {
				same |= sq.Bitboard()
			}
		}
	}
	chk.refute = true
	chk.others, chk.pinOrth, chk.pinDiag = 0, 0, 0
	for j := 0; j < int(s.n[x]); j++ {
		if j == i {
			continue
		}
		u := &s.units[x][j]
		// A double check needs a move that checks and uncovers a second
		// line to the king: two bishops, two rooks or two knights cannot
		// do it (a piece leaving a bishop's line along a diagonal runs
		// parallel to the other diagonal through the king; a knight's
		// check cannot be uncovered).
		alike := u.t == s.units[x][i].t && u.t != chess.Queen
		if !alike && attacksFrom(u.t, k, m.walls)&u.region&^same != 0 {
			chk.refute = false // a double check is possible
		}
		chk.others |= u.region
		switch u.t {
		case chess.Rook:
			chk.pinOrth |= u.region
		case chess.Bishop:
			chk.pinDiag |= u.region
		case chess.Queen:
			chk.pinOrth |= u.region
			chk.pinDiag |= u.region
		}
	}
}

// mayBePinned reports whether a defender on sq might be pinned to its king
// on chk.k by another unit of the mating side.
func (m *mateCheck) mayBePinned(sq chess.Square, chk *checkSpot) bool {
	line := chess.Line(chk.k, sq)
	if line == 0 {
		return false
	}
	k := chk.k
	pinners := chk.pinDiag
	t := chess.Bishop
	if k.File() == sq.File() || k.Rank() == sq.Rank() {
		pinners, t = chk.pinOrth, chess.Rook
	}
	beyond := attacksFrom(t, sq, m.walls|k.Bitboard()) & line &^ chess.Between(k, sq) &^ k.Bitboard() &^ m.walls
	return beyond&pinners != 0
}

// pawnsRefute reports whether a pawn of y surely takes the checker or
// steps between it and the king.
func (m *mateCheck) pawnsRefute(y chess.Color, chk *checkSpot) bool {
	for p := pawnCover(y^1, chk.c.Bitboard()) & m.s.pawns[y]; p != 0; p &= p - 1 {
		if !m.mayBePinned(p.First(), chk) {
			return true
		}
	}
	for p := forward(y^1, chk.line) & m.s.pawns[y]; p != 0; p &= p - 1 {
		if !m.mayBePinned(p.First(), chk) {
			return true
		}
	}
	return false
}

// attacksFrom returns the squares a piece of type t on s attacks when only
// the walls block it (so the losing king does not shield squares behind it).
func attacksFrom(t chess.PieceType, s chess.Square, walls bb) bb {
	switch t {
	case chess.Knight:
		return chess.KnightAttacks(s)
	case chess.Bishop:
		return chess.BishopAttacks(s, walls)
	case chess.Rook:
		return chess.RookAttacks(s, walls)
	case chess.Queen:
		return chess.QueenAttacks(s, walls)
	}
	return chess.KingAttacks(s)
}

// coverable reports whether the flight squares open can all be taken away
// by x's king from one square of zone and distinct units of the other side.
func (m *mateCheck) coverable(x chess.Color, open, zone bb) bool {
	var chk checkSpot
	return m.coverableAgainst(x, open, zone, &chk)
}

// coverableAgainst is coverable for the checking picture chk: the mating
// king may have to guard the checker, and blockers must not refute.
func (m *mateCheck) coverableAgainst(x chess.Color, open, zone bb, chk *checkSpot) bool {
	zone &^= chk.c.Bitboard()
	if !chk.needGuard && m.blockable(x^1, open, chk, 0) {
		return true
	}
	cand := around(open)
	if chk.needGuard {
		cand = chess.KingAttacks(chk.c)
	}
	for q := cand & zone; q != 0; q &= q - 1 {
		sq := q.First()
		if chk.needGuard && !chess.KingAttacks(sq).Has(chk.c) {
			continue
		}
		if m.blockable(x^1, open&^chess.KingAttacks(sq), chk, sq.Bitboard()) {
			return true
		}
	}
	return false
}

// blockable reports whether y has distinct units able to stand on every
// square of sqs without refuting the checking picture chk; xk is the
// mating king's square (or empty).
func (m *mateCheck) blockable(y chess.Color, sqs bb, chk *checkSpot, xk bb) bool {
	if sqs == 0 {
		return true
	}
	if sqs.Count() > int(m.s.n[y]) {
		return false
	}
	var place [maxUnits]chess.Square
	return m.match(y, sqs, 0, &place, chk, xk)
}

// match assigns the squares of sqs to distinct units of y not in used.
func (m *mateCheck) match(y chess.Color, sqs bb, used uint32, place *[maxUnits]chess.Square, chk *checkSpot, xk bb) bool {
	if sqs == 0 {
		return !chk.refute || !m.blockersRefute(y, used, place, chk, xk)
	}
	sq := sqs.First()
	units := &m.s.units[y]
	for i := 0; i < int(m.s.n[y]); i++ {
		if used&(1<<i) != 0 || !units[i].region.Has(sq) {
			continue
		}
		// Units alike (same type and region) are interchangeable: try
		// only the first free one.
		twin := false
		for j := 0; j < i; j++ {
			if used&(1<<j) == 0 && units[j] == units[i] {
				twin = true
				break
			}
		}
		if twin {
			continue
		}
		place[i] = sq
		if m.match(y, sqs&^sq.Bitboard(), used|1<<i, place, chk, xk) {
			return true
		}
	}
	return false
}

// blockersRefute reports whether one of the placed blockers surely takes
// the checker or steps between it and the king: it is not possibly pinned,
// and its way is clear of every piece that could block it (the kings, the
// mating side's other units, and defenders that could not use the line
// themselves; a defender that could, would refute in its place).
func (m *mateCheck) blockersRefute(y chess.Color, used uint32, place *[maxUnits]chess.Square, chk *checkSpot, xk bb) bool {
	s := m.s
	block := chk.k.Bitboard() | xk | chk.others
	if xk == 0 {
		block |= s.king[y^1] // the mating king may stand anywhere there
	}
	// Defenders that may stand on a line and could not move along it.
	var noOrth, noDiag bb
	for i := 0; i < int(s.n[y]); i++ {
		where := s.units[y][i].region
		if used&(1<<i) != 0 {
			where = place[i].Bitboard()
		}
		switch t := s.units[y][i].t; {
		case chk.pinOrth|chk.pinDiag != 0:
			// It might be pinned there: it would block without refuting.
			noOrth |= where
			noDiag |= where
		case t == chess.Queen:
		case t == chess.Rook:
			noDiag |= where
		case t == chess.Bishop:
			noOrth |= where
		default:
			noOrth |= where
			noDiag |= where
		}
	}
	targets := chk.line | chk.c.Bitboard()
	for i := 0; i < int(s.n[y]); i++ {
		if used&(1<<i) == 0 {
			continue
		}
		u := &s.units[y][i]
		sq := place[i]
		if m.mayBePinned(sq, chk) {
			continue
		}
		for t := attacksFrom(u.t, sq, m.walls) & targets; t != 0; t &= t - 1 {
			tg := t.First()
			path := chess.Between(sq, tg)
			if path == 0 {
				return true
			}
			stop := block | noDiag
			if sq.File() == tg.File() || sq.Rank() == tg.Rank() {
				stop = block | noOrth
			}
			if path&(stop&^sq.Bitboard()) == 0 {
				return true
			}
		}
	}
	return false
}
