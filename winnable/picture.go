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
// state s, whose units are the pieces of pos in square order.
func collectPictures(pos *chess.Position, s *astate, x chess.Color, max int) []picture {
	var m mateCheck
	m.init(s)
	y := x ^ 1
	var out []picture
	var cur picture // roles of the loser's king and the checker
	m.rec = func(xk bb, used uint32, place *[maxUnits]chess.Square) bool {
		p := cur
		if xk != 0 {
			p.roles[p.n] = role{x, chess.King, xk.First()}
			p.n++
		}
		for i := 0; i < int(s.n[y]) && p.n < maxRoles; i++ {
			if used&(1<<i) != 0 {
				p.roles[p.n] = role{y, s.units[y][i].t, place[i]}
				p.n++
			}
		}
		p.guess = guessDistance(pos, &p)
		out = append(out, p)
		return true
	}
	// Pictures only steer the search, so they may assume more than the
	// proofs do: the checker is never refuted by a pinned defender.
	single := true
	for kk := s.king[y] & m.all[x]; kk != 0 && len(out) < max; kk &= kk - 1 {
		k := kk.First()
		kb := k.Bitboard()
		if m.pawnCov[x]&kb != 0 {
			continue
		}
		ring := chess.KingAttacks(k)
		flights := ring &^ s.pawns[y] &^ (s.pawns[x] & m.pawnCov[x]) &^ m.pawnCov[x]
		zone := s.king[x] &^ (ring | kb)
		for i := 0; i < int(s.n[x]); i++ {
			if m.cover[x][i]&kb == 0 {
				continue
			}
			u := &s.units[x][i]
			for from := attacksFrom(u.t, k, m.walls) & u.region; from != 0 && len(out) < max; from &= from - 1 {
				c := from.First()
				open := flights &^ (attacksFrom(u.t, c, m.walls) | c.Bitboard())
				chk := checkSpot{k: k, c: c, line: chess.Between(c, k), refute: single}
				if single && m.pawnsRefute(y, &chk) {
					continue
				}
				chk.needGuard = ring.Has(c) && !m.pawnCov[x].Has(c)
				cur = picture{}
				cur.roles[0] = role{y, chess.King, k}
				cur.roles[1] = role{x, u.t, c}
				cur.n = 2
				if !chk.needGuard {
					m.blockable(y, open, &chk, 0)
				}
				cand := around(open)
				if chk.needGuard {
					cand = chess.KingAttacks(c)
				}
				for q := cand & zone &^ c.Bitboard(); q != 0; q &= q - 1 {
					sq := q.First()
					if chk.needGuard && !chess.KingAttacks(sq).Has(c) {
						continue
					}
					m.blockable(y, open&^chess.KingAttacks(sq), &chk, sq.Bitboard())
				}
			}
		}
	}
	slices.SortStableFunc(out, func(a, b picture) int { return a.guess - b.guess })
	return out
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
