package game

import (
	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/winnable"
)

// defaultCanMate is the analysis behind DefaultCanMate: the material
// first (cheap, and enough for most positions), then the helpmate analysis
// of the winnable package, which is sound (it never says "cannot mate"
// where a helpmate exists) and, where a search limit stops it, answers
// "can mate".
func defaultCanMate(p *chess.Position, c chess.Color) bool {
	return p.MaterialAllowsMate(c) && winnable.CanMate(p, c)
}

// dead reports whether neither side can mate in p (5.2.2). The material
// decides most positions at once. The MateFunc (the default takes some
// tens of microseconds in most positions of real games, milliseconds in
// hard endings) is asked only where the material leaves the question open
// and the position may be dead for other reasons (MayBeDead).
// Elsewhere the game counts as alive: the answer errs only towards
// "alive", never towards a draw that is not.
func (g *Game) dead(p *chess.Position, legal int) bool {
	w, b := p.MaterialAllowsMate(chess.White), p.MaterialAllowsMate(chess.Black)
	if !w && !b {
		return true
	}
	if !mayBeDead(p, legal) {
		return false
	}
	return !AnyCanMate(p, [2]bool{w, b}, g.cfg.CanMate)
}

// AnyCanMate reports whether one of the sides marked in ask (indexed by
// chess.Color) can still mate in p, by canMate (nil: DefaultCanMate). One
// side able to mate is enough, so the default analysis, asked about both
// sides, asks winnable.Alive, which stops at the first side found able;
// otherwise the side with more material, the likelier to mate and the
// quicker to show it, is asked first, the other only if it cannot.
func AnyCanMate(p *chess.Position, ask [2]bool, canMate MateFunc) bool {
	if canMate == nil {
		if ask[chess.White] && ask[chess.Black] {
			return winnable.Alive(p)
		}
		canMate = DefaultCanMate
	}
	first := StrongerSide(p)
	for _, c := range [2]chess.Color{first, first.Other()} {
		if ask[c] && canMate(p, c) {
			return true
		}
	}
	return false
}

// StrongerSide returns the side with more material in p, counting a pawn
// 1, a knight or a bishop 3, a rook 5 and a queen 9 (White on equal
// material). Where the question is whether either side can still mate,
// asking this side first usually settles it at once.
func StrongerSide(p *chess.Position) chess.Color {
	var score [2]int
	for c := chess.White; c <= chess.Black; c++ {
		score[c] = p.Pieces(c, chess.Pawn).Count() +
			3*(p.Pieces(c, chess.Knight)|p.Pieces(c, chess.Bishop)).Count() +
			5*p.Pieces(c, chess.Rook).Count() + 9*p.Pieces(c, chess.Queen).Count()
	}
	if score[chess.Black] > score[chess.White] {
		return chess.Black
	}
	return chess.White
}

// MayBeDead reports whether p may be a dead position although the
// material says a side can mate, so that a full can-mate analysis is worth
// its cost: its pawns are all stuck (a locked structure), few pieces are
// left (no queen or rook that can move, and at most two minor pieces), or
// the side to move has at most two legal moves (forced lines, such as a
// piece that must be taken). The game asks its MateFunc only there.
func MayBeDead(p *chess.Position) bool {
	return mayBeDead(p, p.CountLegal())
}

// mayBeDead is MayBeDead with the number of legal moves known: its pawns
// are all stuck (a locked structure), or few pieces are left (no queen or
// rook free to move, and at most two other pieces besides kings and pawns:
// pawn endings that lock, lone pieces that cannot get through, heavy
// pieces walled in by pawns; but not two mating minor pieces against a
// bare king), or the side to move has at most two legal moves (forced
// lines, such as a piece that must be taken).
func mayBeDead(p *chess.Position, legal int) bool {
	if legal <= 2 || pawnsStuck(p) {
		return true
	}
	if mobileHeavy(p) || pairAgainstBareKing(p) {
		return false
	}
	return (p.ByType(chess.Bishop) | p.ByType(chess.Knight)).Count() <= 2
}

// pairAgainstBareKing reports whether p has no pawns, no queen or rook, and a bare
// king against two minor pieces with the material to mate (a bishop and a
// knight, two knights, or bishops of both colours). With more than two
// legal moves (mayBeDead asks only then) no capture is forced: the lone
// king always has a move that takes nothing, and its opponent a move that
// leaves it one, so a helpmate is always there. (The searches would find
// it, in about a millisecond: the lone king must be walked to the right
// corner.)
func pairAgainstBareKing(p *chess.Position) bool {
	if p.ByType(chess.Pawn)|p.ByType(chess.Rook)|p.ByType(chess.Queen) != 0 {
		return false
	}
	for c := chess.White; c <= chess.Black; c++ {
		them := c.Other()
		if p.ByColor(them) == p.Pieces(them, chess.King) &&
			(p.ByColor(c)&^p.Pieces(c, chess.King)).Count() == 2 && p.MaterialAllowsMate(c) {
			return true
		}
	}
	return false
}

// mobileHeavy reports whether a queen or rook of either side has a move
// (to an empty square or a capture) in p. A heavy piece walled in, as by
// its own king and pawns, leaves the position as open to a dead end as if
// it were not there.
func mobileHeavy(p *chess.Position) bool {
	occ := p.Occupied()
	for c := chess.White; c <= chess.Black; c++ {
		own := p.ByColor(c)
		for b := p.Pieces(c, chess.Rook) | p.Pieces(c, chess.Queen); b != 0; b &= b - 1 {
			if chess.RookAttacks(b.First(), occ)&^own != 0 {
				return true
			}
		}
		for b := p.Pieces(c, chess.Queen); b != 0; b &= b - 1 {
			if chess.BishopAttacks(b.First(), occ)&^own != 0 {
				return true
			}
		}
	}
	return false
}

// pawnsStuck reports whether p has pawns and none of them can move now: no
// push to an empty square, no capture, no en passant.
func pawnsStuck(p *chess.Position) bool {
	pawns := p.ByType(chess.Pawn)
	if pawns == 0 || p.EnPassant() != chess.NoSquare {
		return false
	}
	empty := ^p.Occupied()
	wp, bp := p.Pieces(chess.White, chess.Pawn), p.Pieces(chess.Black, chess.Pawn)
	if wp<<8&empty != 0 || bp>>8&empty != 0 {
		return false
	}
	const notA, notH = ^chess.FileA, ^chess.FileH
	wAtt := (wp&notA)<<7 | (wp&notH)<<9
	bAtt := (bp&notA)>>9 | (bp&notH)>>7
	return wAtt&p.ByColor(chess.Black) == 0 && bAtt&p.ByColor(chess.White) == 0
}
