package winnable

import "github.com/arbiterchess/arbiter/chess"

// The mate test of the wide analysis. Pawns are uncertain there: each may
// stand on any square of its set (or be gone), but on one square at a
// time. With the losing king on k, some piece must give check: a unit from
// a square of its region, or a pawn from a square of its set. Every flight
// square must then be attacked by the checker, by another unit (from
// anywhere), by the mating king (from one square of its region not next to
// k), or be handled by a pawn or a blocker: a pawn standing on it, a pawn
// of the mating side attacking it from a square of its set, or a distinct
// unit of the losing side standing on it. Each pawn gets one square for
// all of that; the search over these choices is small.

// wideMate carries one test.
type wideMate struct {
	w      *wideState
	x, y   chess.Color
	k      chess.Square
	walls  bb
	at     [32]int8 // the square chosen for each pawn, -1 when free
	taken  bb       // squares given to pawns, the checker, the kings
	used   uint32   // blockers used
	zone   bb       // where the mating king may stand
	others bb       // squares attacked by the mating side's other units
}

// widePossible reports whether the wide analysis leaves x a checkmate.
func (w *wideState) widePossible(x chess.Color, W bb) bool {
	y := x ^ 1
	v := &w.v
	var ucov [maxUnits]bb
	var allCov bb
	for i := 0; i < int(v.n[x]); i++ {
		ucov[i] = v.units[x][i].cover()
		allCov |= ucov[i]
	}
	var pawnReach bb // squares x's pawns may attack
	for i := 0; i < w.np; i++ {
		if w.pawns[i].c == x {
			pawnReach |= pawnCover(x, w.pawns[i].sq)
		}
	}
	wm := wideMate{w: w, x: x, y: y, walls: W}
	for kk := v.king[y] & (allCov | pawnReach); kk != 0; kk &= kk - 1 {
		k := kk.First()
		wm.k = k
		ring := chess.KingAttacks(k)
		wm.zone = v.king[x] &^ (ring | k.Bitboard())
		// Checks by units.
		for i := 0; i < int(v.n[x]); i++ {
			if ucov[i]&k.Bitboard() == 0 {
				continue
			}
			u := &v.units[x][i]
			wm.others = 0
			for j := 0; j < int(v.n[x]); j++ {
				if j != i {
					wm.others |= ucov[j]
				}
			}
			for from := attacksFrom(u.t, k, W) & u.region; from != 0; from &= from - 1 {
				c := from.First()
				wm.reset()
				wm.taken |= c.Bitboard()
				open := ring &^ (attacksFrom(u.t, c, W) | wm.others | c.Bitboard())
				if wm.cover(open) {
					return true
				}
			}
		}
		// Checks by pawns.
		wm.others = allCov
		for i := 0; i < w.np; i++ {
			pw := &w.pawns[i]
			if pw.c != x {
				continue
			}
			for s := pw.sq & pawnCover(y, k.Bitboard()); s != 0; s &= s - 1 {
				sq := s.First()
				wm.reset()
				wm.at[i] = int8(sq)
				wm.taken |= sq.Bitboard()
				open := ring &^ (pawnCover(x, sq.Bitboard()) | allCov | sq.Bitboard())
				if wm.cover(open) {
					return true
				}
			}
		}
	}
	return false
}

func (wm *wideMate) reset() {
	for i := range wm.at {
		wm.at[i] = -1
	}
	wm.taken = wm.k.Bitboard()
	wm.used = 0
	// Pawns that never move stand where they are.
	for i := 0; i < wm.w.np; i++ {
		if pw := &wm.w.pawns[i]; !pw.vanish && !pw.sq.More() {
			wm.at[i] = int8(pw.sq.First())
			wm.taken |= pw.sq
		}
	}
}

// cover reports whether the flight squares open can all be handled, with
// the mating king on one square of the zone or elsewhere.
func (wm *wideMate) cover(open bb) bool {
	if wm.solve(open) {
		return true
	}
	for q := around(open) & wm.zone &^ wm.taken; q != 0; q &= q - 1 {
		sq := q.First()
		save := wm.taken
		wm.taken |= sq.Bitboard()
		ok := wm.solve(open &^ chess.KingAttacks(sq))
		wm.taken = save
		if ok {
			return true
		}
	}
	return false
}

// solve handles the squares of open one by one, backtracking over pawns'
// squares and blockers.
func (wm *wideMate) solve(open bb) bool {
	// Squares already handled by pawns placed so far.
	for i := 0; i < wm.w.np; i++ {
		if wm.at[i] < 0 {
			continue
		}
		sq := chess.Square(wm.at[i]).Bitboard()
		open &^= sq
		if wm.w.pawns[i].c == wm.x {
			open &^= pawnCover(wm.x, sq)
		}
	}
	if open == 0 {
		return true
	}
	f := open.First()
	fb := f.Bitboard()
	v := &wm.w.v
	// A blocker of the losing side.
	for j := 0; j < int(v.n[wm.y]); j++ {
		if wm.used&(1<<j) == 0 && v.units[wm.y][j].region&fb != 0 && wm.taken&fb == 0 {
			wm.used |= 1 << j
			wm.taken |= fb
			ok := wm.solve(open &^ fb)
			wm.taken &^= fb
			wm.used &^= 1 << j
			if ok {
				return true
			}
		}
	}
	// A pawn on f, or a pawn of the mating side attacking f.
	for i := 0; i < wm.w.np; i++ {
		if wm.at[i] >= 0 {
			continue
		}
		pw := &wm.w.pawns[i]
		cand := pw.sq & fb
		if pw.c == wm.x {
			cand |= pw.sq & pawnCover(wm.y, fb)
		}
		for s := cand &^ wm.taken; s != 0; s &= s - 1 {
			sq := s.First()
			wm.at[i] = int8(sq)
			wm.taken |= sq.Bitboard()
			ok := wm.solve(open)
			wm.taken &^= sq.Bitboard()
			wm.at[i] = -1
			if ok {
				return true
			}
		}
	}
	return false
}
