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
}

func (m *mateCheck) init(s *astate) {
	m.s = s
	m.walls = s.pawns[0] | s.pawns[1]
	for c := 0; c < 2; c++ {
		m.pawnCov[c] = pawnCover(chess.Color(c), s.pawns[c])
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
	flights := ring &^ s.pawns[y] &^ (s.pawns[x] & m.pawnCov[x]) &^ m.pawnCov[x]
	zone := s.king[x] &^ (ring | kb)
	if m.pawnCov[x]&kb != 0 && m.coverable(x, flights&^m.all[x], zone) {
		return true // a pawn gives check
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
			open := rest &^ (attacksFrom(u.t, c, m.walls) | c.Bitboard())
			if open == 0 || m.coverable(x, open, zone) {
				return true
			}
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
	if open == 0 || m.blockable(x^1, open) {
		return true
	}
	for q := around(open) & zone; q != 0; q &= q - 1 {
		rest := open &^ chess.KingAttacks(q.First())
		if rest == 0 || m.blockable(x^1, rest) {
			return true
		}
	}
	return false
}

// blockable reports whether y has distinct units able to stand on every
// square of sqs.
func (m *mateCheck) blockable(y chess.Color, sqs bb) bool {
	if sqs.Count() > int(m.s.n[y]) {
		return false
	}
	return m.match(y, sqs, 0)
}

// match assigns the squares of sqs to distinct units of y not in used.
func (m *mateCheck) match(y chess.Color, sqs bb, used uint32) bool {
	if sqs == 0 {
		return true
	}
	sq := sqs.First().Bitboard()
	for i := 0; i < int(m.s.n[y]); i++ {
		if used&(1<<i) == 0 && m.s.units[y][i].region&sq != 0 {
			if m.match(y, sqs&^sq, used|1<<i) {
				return true
			}
		}
	}
	return false
}
