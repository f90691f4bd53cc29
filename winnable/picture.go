package winnable

import (
	"slices"

	"github.com/arbiterchess/arbiter/chess"
)

// A picture is one concrete checkmate the abstract check found plausible
// in the current pawn structure: the losing king on its square, the
// checker on its square, perhaps the mating king on a square and the
// loser's blockers on theirs. The guided helpmate search steers the pieces
// towards a picture.

const maxRoles = 12

// role asks for a piece of colour c and type t on square to.
type role struct {
	c  chess.Color
	t  chess.PieceType
	to chess.Square
}

type picture struct {
	roles [maxRoles]role
	n     int
	guess int // rough distance from the current position, for ranking
}

// collectPictures lists up to max pictures for a mate by x in the settled
// state s, ranked by their distance from pos. A picture places the losing
// king, the checker, perhaps the mating king, and then, for each flight
// square left, either a piece of the mating side that attacks it (from a
// square of its region) or a distinct piece of the losing side that fills
// it (and could neither take the checker nor step in its way).
func collectPictures(pos *chess.Position, s *astate, x chess.Color, max int) []picture {
	var m mateCheck
	m.init(s)
	b := picBuilder{m: &m, s: s, x: x, y: x ^ 1, pos: pos, max: max}
	y := x ^ 1
	for kk := s.king[y] & m.all[x]; kk != 0 && len(b.out) < max; kk &= kk - 1 {
		k := kk.First()
		kb := k.Bitboard()
		if m.pawnCov[x]&kb != 0 {
			continue
		}
		ring := chess.KingAttacks(k)
		flights := ring &^ m.noFlight[y] &^ m.pawnCov[x]
		zone := s.king[x] &^ (ring | kb)
		for i := 0; i < int(s.n[x]); i++ {
			if m.cover[x][i]&kb == 0 {
				continue
			}
			u := &s.units[x][i]
			for from := attacksFrom(u.t, k, m.walls) & u.region; from != 0 && len(b.out) < max; from &= from - 1 {
				c := from.First()
				chk := checkSpot{k: k, c: c, line: chess.Between(c, k), refute: true}
				if m.pawnsRefute(y, &chk) {
					continue
				}
				open := flights &^ (attacksFrom(u.t, c, m.walls) | c.Bitboard())
				guard := ring.Has(c) && !m.pawnCov[x].Has(c)
				b.k, b.c, b.line, b.checker = k, c, chk.line, i
				b.cur = picture{n: 2}
				b.cur.roles[0] = role{y, chess.King, k}
				b.cur.roles[1] = role{x, u.t, c}
				b.occ = kb | c.Bitboard()
				b.usedX, b.usedY = 1<<i, 0
				b.work = 400
				if b.solve(open, guard) {
					continue
				}
				cand := around(open)
				if guard {
					cand |= chess.KingAttacks(c)
				}
				for q := cand & zone &^ b.occ; q != 0 && len(b.out) < max; q &= q - 1 {
					sq := q.First()
					qa := chess.KingAttacks(sq)
					b.cur.roles[2] = role{x, chess.King, sq}
					b.cur.n = 3
					b.occ |= sq.Bitboard()
					b.solve(open&^qa, guard && !qa.Has(c))
					b.occ &^= sq.Bitboard()
					b.cur.n = 2
				}
			}
		}
	}
	slices.SortStableFunc(b.out, func(a, b picture) int { return a.guess - b.guess })
	return b.out
}

// picBuilder enumerates the pieces a picture needs.
type picBuilder struct {
	m            *mateCheck
	s            *astate
	x, y         chess.Color
	pos          *chess.Position
	max          int
	out          []picture
	k, c         chess.Square
	line         bb
	checker      int
	cur          picture
	occ          bb // squares taken by the picture's pieces
	usedX, usedY uint32
	work         int // steps left for this checking square
}

// solve handles the squares of open, and the checker's square when guard
// is set (it must be protected), recording the first complete picture.
func (b *picBuilder) solve(open bb, guard bool) bool {
	if b.work--; b.work < 0 || b.cur.n >= maxRoles {
		return false
	}
	if open == 0 && !guard {
		p := b.cur
		for i := range b.out {
			if b.out[i].roles == p.roles && b.out[i].n == p.n {
				return true // the same picture by another way
			}
		}
		p.guess = guessDistance(b.pos, &p)
		b.out = append(b.out, p)
		return true
	}
	f := b.c
	if !guard {
		f = open.First()
	}
	walls := b.m.walls
	s := b.s
	// A piece of the mating side attacking f.
	for j := 0; j < int(s.n[b.x]); j++ {
		if b.usedX&(1<<j) != 0 {
			continue
		}
		u := &s.units[b.x][j]
		tried := 0
		for cand := attacksFrom(u.t, f, walls|b.occ) & u.region &^ b.occ; cand != 0 && tried < 3; cand &= cand - 1 {
			tried++
			sq := cand.First()
			att := attacksFrom(u.t, sq, walls|b.occ)
			b.cur.roles[b.cur.n] = role{b.x, u.t, sq}
			b.cur.n++
			b.occ |= sq.Bitboard()
			b.usedX |= 1 << j
			ok := b.solve(open&^att, guard && !att.Has(b.c))
			b.usedX &^= 1 << j
			b.occ &^= sq.Bitboard()
			b.cur.n--
			if ok {
				return true
			}
		}
	}
	if guard {
		return false
	}
	// A piece of the losing side on f.
	fb := f.Bitboard()
	for j := 0; j < int(s.n[b.y]); j++ {
		u := &s.units[b.y][j]
		if b.usedY&(1<<j) != 0 || u.region&fb == 0 || b.occ&fb != 0 {
			continue
		}
		if attacksFrom(u.t, f, walls|b.occ)&(b.line|b.c.Bitboard()) != 0 {
			continue // it would take the checker or step between
		}
		b.cur.roles[b.cur.n] = role{b.y, u.t, f}
		b.cur.n++
		b.occ |= fb
		b.usedY |= 1 << j
		ok := b.solve(open&^fb, false)
		b.usedY &^= 1 << j
		b.occ &^= fb
		b.cur.n--
		if ok {
			return true
		}
	}
	return false
}

// guessDistance estimates the moves needed to set up p from pos: for each
// role, the nearest fitting piece by king distance (knight distance for
// knights).
func guessDistance(pos *chess.Position, p *picture) int {
	total := 0
	var used bb
	for i := 0; i < p.n; i++ {
		r := &p.roles[i]
		best := 99
		var pick bb
		for b := pos.Pieces(r.c, r.t) &^ used; b != 0; b &= b - 1 {
			sq := b.First()
			d := dist(sq, r.to)
			if r.t == chess.Knight {
				d = knightDist(sq, r.to)
			} else if r.t != chess.King && d > 0 {
				d = 1 + boolInt(attacksFrom(r.t, sq, pos.Occupied())&r.to.Bitboard() == 0)
			}
			if d < best {
				best, pick = d, sq.Bitboard()
			}
		}
		used |= pick
		total += best
	}
	return total
}

// distMap gives, for every square, the number of moves a piece of type t
// needs to reach a target through the squares of free (255: never).
type distMap [64]uint8

func (d *distMap) build(t chess.PieceType, to chess.Square, free, walls bb) {
	for i := range d {
		d[i] = 255
	}
	layer := to.Bitboard()
	seen := layer
	for n := uint8(0); layer != 0; n++ {
		var next bb
		for b := layer; b != 0; b &= b - 1 {
			sq := b.First()
			d[sq] = n
			if t == chess.Knight || t == chess.King {
				continue
			}
			next |= attacksFrom(t, sq, walls)
		}
		if t == chess.Knight || t == chess.King {
			next = step(t, layer)
		}
		layer = next & free &^ seen
		seen |= layer
	}
}
