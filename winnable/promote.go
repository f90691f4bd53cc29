package winnable

import (
	"github.com/arbiterchess/arbiter/chess"
)

// Promotion playouts: games aimed at the commonest mate of pawn endings,
// where the mating side queens a pawn and the new queen mates. The random
// playouts seldom find it: a pawn pushed now and then is soon blocked or
// taken. Here the mating side pushes its most advanced pawn at every turn
// it can; where all its pawns are stuck, its king goes to take the men that
// block them. The losing side takes nothing, keeps its pawns off the paths
// of the mating side's pawns and its pieces from the squares right in front
// of them, and where a pawn can only go on by a capture it brings a man to
// be taken. Once the mating side has a queen or a rook, or no pawn, the
// games turn to the net: the losing king heads for a corner and stays near
// it, the mating king follows it, and the other men go where they cannot be
// taken and cover more of the squares around the losing king, never into
// stalemate. A lone knight or bishops of one colour mate only a king hemmed
// in by its own men: there the loser queens its pawns into knights and
// brings its king to a corner and its men next to it. At every move of the
// mating side a mate in one is looked for, as in the other playouts. A line
// found is made of legal moves and ends in a checkmate, so these games only
// ever prove that a side can mate.

// promoPlayouts plays up to games such games of at most plies moves from
// p and returns a line ending in x's checkmate, or nil. The seed picks the
// random choices.
func (a *analyzer) promoPlayouts(p *chess.Position, x chess.Color, games, plies int, seed uint64) []chess.Move {
	if p.ByColor(x) == p.Pieces(x, chess.King) {
		return nil
	}
	// A lone minor piece mates only a king hemmed in by its own men: the
	// loser must bring them, its pawns queening into blockers.
	help := lonePiece(p, x)
	if help && p.ByColor(x^1) == p.Pieces(x^1, chess.King) {
		return nil
	}
	// The corners the losing king heads for: those of the bishops' colour
	// where bishops of one colour are the mating side's only long-range
	// pieces.
	corners := bb(0x8100000000000081)
	if b := p.Pieces(x, chess.Bishop); b != 0 && (help || !promoted(p, x)) {
		if b&darkSquares == 0 {
			corners &^= darkSquares
		} else if b&^darkSquares == 0 {
			corners &= darkSquares
		}
	}
	if help && p.Pieces(x^1, chess.Pawn) != 0 {
		// The loser's pawns block only where they queen.
		back := bb(chess.Rank1)
		if x == chess.Black {
			back = chess.Rank8
		}
		corners &= back
	}
	r := rng((p.IdentityKey() ^ (seed+7)*0x9e3779b97f4a7c15) | 1)
	var ml chess.MoveList
	for g := 0; g < games; g++ {
		pos := *p
		line := a.line[:0]
		for ply := 0; ply < plies; ply++ {
			a.nodes++
			pos.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			var m chess.Move
			if pos.Turn() == x {
				var mate bool
				m, mate = promoMover(&pos, ml.Slice(), &r)
				if mate {
					a.line = append(line, m)
					return a.line
				}
			} else {
				m = promoHelper(&pos, ml.Slice(), &r, corners, help)
			}
			pos.Make(m)
			line = append(line, m)
		}
		a.line = line
	}
	return nil
}

// promoted reports whether x has a queen or a rook, the pieces that mate
// a king in the open with the king's help.
func promoted(pos *chess.Position, x chess.Color) bool {
	return pos.Pieces(x, chess.Queen)|pos.Pieces(x, chess.Rook) != 0
}

// netting reports whether the playout is past its pawn phase: x has a
// queen or a rook, or no pawn left to queen.
func netting(pos *chess.Position, x chess.Color) bool {
	return promoted(pos, x) || pos.Pieces(x, chess.Pawn) == 0
}

// pawnPaths returns the squares ahead of x's pawns on their files, where
// the loser's men stand in the way.
func pawnPaths(pos *chess.Position, x chess.Color) bb {
	p := pos.Pieces(x, chess.Pawn)
	var path bb
	for i := 0; i < 6; i++ {
		p = forward(x, p)
		path |= p
	}
	return path
}

// promoMover chooses the mating side's move; mate is set when the move
// gives checkmate.
func promoMover(pos *chess.Position, moves []chess.Move, r *rng) (m chess.Move, mate bool) {
	x := pos.Turn()
	k := pos.KingSquare(x ^ 1)
	var buf [64]chess.Move // (checks past the 64th are not offered)
	c, ok, checks := mateInOne(pos, moves, buf[:])
	if ok {
		return c, true
	}
	if netting(pos, x) {
		// The king follows the losing king (three times in four: on
		// lichess timeouts this finds the net 8% sooner than every other
		// time); the other men move where they cannot be taken, and the
		// mate in one above ends the game once the net is ready.
		ks := pos.KingSquare(x)
		off := r.intn(len(moves))
		if r.next()&3 != 0 {
			for i := range moves {
				c := moves[(i+off)%len(moves)]
				if c.From() == ks && !c.IsCastling() && dist(c.To(), k) < dist(ks, k) && dist(c.To(), k) >= 2 && !stalemates(pos, c) {
					return c, false
				}
			}
		}
		// Mostly a move that covers more of the losing king's zone.
		zone := chess.KingAttacks(k) | k.Bitboard()
		occ := pos.Occupied()
		best, gain := chess.NoMove, -99
		if r.next()&3 == 0 {
			gain = 99 // a random safe move
		}
		// (Whether a square is safe is asked only of a move that would
		// be chosen.)
		safe := func(c chess.Move) bool { return c.From() == ks || !pos.IsAttacked(c.To(), x^1) }
		for i := range moves {
			c := moves[(i+off)%len(moves)]
			t := pos.PieceAt(c.From()).Type()
			if gain == 99 || t == chess.Pawn {
				if best == chess.NoMove && safe(c) {
					best = c
					if gain == 99 {
						break
					}
				}
				continue
			}
			o := occ &^ c.From().Bitboard()
			g := (attacksFrom(t, c.To(), o) & zone).Count() - (attacksFrom(t, c.From(), o) & zone).Count()
			if g > gain && safe(c) {
				best, gain = c, g
			}
		}
		if best != chess.NoMove && !stalemates(pos, best) {
			return best, false
		}
		for i := range moves {
			if c := moves[(i+off)%len(moves)]; !stalemates(pos, c) {
				return c, false
			}
		}
		return moves[off], false
	}
	// The most advanced pawn move (a queen when it promotes), captures
	// included.
	best, bestRank := chess.NoMove, -1
	for _, c := range moves {
		if pos.PieceAt(c.From()).Type() != chess.Pawn {
			continue
		}
		if pt := c.Promotion(); pt != chess.NoPieceType && pt != chess.Queen {
			continue
		}
		rr := c.To().RelativeRank(x)
		if c.From().File() != c.To().File() {
			rr++ // a capture frees a stuck pawn
		}
		if rr > bestRank {
			best, bestRank = c, rr
		}
	}
	if best != chess.NoMove && r.next()&15 != 0 {
		return best, false
	}
	// All pawns stuck: the king goes for the nearest man in their way.
	ks := pos.KingSquare(x)
	block := pawnPaths(pos, x) & pos.ByColor(x^1) &^ pos.Pieces(x^1, chess.King)
	if block != 0 && r.next()&7 != 0 {
		target, td := chess.NoSquare, 99
		for b := block; b != 0; b &= b - 1 {
			if d := dist(ks, b.First()); d < td {
				target, td = b.First(), d
			}
		}
		off := r.intn(len(moves))
		for i := range moves {
			c := moves[(i+off)%len(moves)]
			if c.From() == ks && !c.IsCastling() && dist(c.To(), target) < td {
				return c, false
			}
		}
	}
	if len(checks) > 0 && r.next()&3 == 0 {
		return checks[r.intn(len(checks))], false
	}
	// Anything else, preferring moves off the pawns' paths.
	path := pawnPaths(pos, x)
	off := r.intn(len(moves))
	for i := range moves {
		c := moves[(i+off)%len(moves)]
		if !path.Has(c.To()) || c.IsCastling() {
			return c, false
		}
	}
	return moves[off], false
}

// promoHelper chooses the losing side's move in a promotion playout.
func promoHelper(pos *chess.Position, moves []chess.Move, r *rng, corners bb, help bool) chess.Move {
	y := pos.Turn()
	x := y ^ 1
	ky := pos.KingSquare(y)
	path := pawnPaths(pos, x)
	front := forward(x, pos.Pieces(x, chess.Pawn))
	xmen := pos.ByColor(x)
	// good: no capture of x's men, no pawn onto the paths of x's pawns
	// (it would block them for good), no piece right in front of one.
	good := func(c chess.Move) bool {
		if c.IsCastling() {
			return true
		}
		if xmen.Has(c.To()) || c.IsEnPassant() {
			return false
		}
		if pos.PieceAt(c.From()).Type() == chess.Pawn {
			return !path.Has(c.To())
		}
		return !front.Has(c.To())
	}
	off := r.intn(len(moves))
	if help && r.next()&3 != 0 {
		if m := blockerMove(pos, moves, off, good, corners); m != chess.NoMove {
			return m
		}
	}
	if netting(pos, x) {
		// The king heads for the nearest corner and stays near it, every
		// other move (more often, it runs ahead of the mating pieces: on
		// lichess timeouts, three moves in four found the net 10% later).
		if r.next()&1 == 0 {
			best, bd := chess.NoMove, 99
			for i := range moves {
				c := moves[(i+off)%len(moves)]
				if c.From() == ky && good(c) {
					if d := cornerDist(c.To(), corners); d < bd {
						best, bd = c, d
					}
				}
			}
			if best != chess.NoMove && (bd < cornerDist(ky, corners) || bd <= 1) {
				return best
			}
		}
	} else if pos.Pieces(x, chess.Pawn) != 0 {
		// A pawn that can only go on by a capture: bring a man to where it
		// takes (a piece other than the king), or near.
		pawns := pos.Pieces(x, chess.Pawn)
		stuck := pawns &^ backward(x, ^pos.Occupied())
		if stuck == pawns {
			targets := pawnCover(x, pawns) &^ pos.Occupied()
			if targets != 0 {
				occ := pos.Occupied()
				var near chess.Move = chess.NoMove
				for i := range moves {
					c := moves[(i+off)%len(moves)]
					if c.From() == ky || !good(c) {
						continue
					}
					if targets.Has(c.To()) {
						return c
					}
					t := pos.PieceAt(c.From()).Type()
					if near == chess.NoMove && t != chess.Pawn && attacksFrom(t, c.To(), occ&^c.From().Bitboard())&targets != 0 {
						near = c
					}
				}
				if near != chess.NoMove && r.next()&7 != 0 {
					return near
				}
			}
		}
		// The king steps off the paths first.
		if path.Has(ky) {
			for i := range moves {
				c := moves[(i+off)%len(moves)]
				if c.From() == ky && good(c) {
					return c
				}
			}
		}
	}
	for i := range moves {
		c := moves[(i+off)%len(moves)]
		if good(c) {
			return c
		}
	}
	for i := range moves {
		c := moves[(i+off)%len(moves)]
		if !xmen.Has(c.To()) {
			return c
		}
	}
	return moves[off]
}

// backward returns the squares behind b for colour c (one step back).
func backward(c chess.Color, b bb) bb {
	if c == chess.White {
		return south(b)
	}
	return north(b)
}

// cornerDist is the king distance from s to the nearest of corners.
func cornerDist(s chess.Square, corners bb) int {
	d := 99
	for b := corners; b != 0; b &= b - 1 {
		d = min(d, dist(s, b.First()))
	}
	return d
}

// stalemates reports whether m leaves the other side without a move.
func stalemates(pos *chess.Position, m chess.Move) bool {
	u := pos.Make(m)
	stuck := !pos.HasLegalMove()
	pos.Unmake(m, u)
	return stuck
}

// blockerMove chooses, for a loser that must hem its own king in, a move
// that brings that about: its most advanced pawn goes on (to a knight, a
// blocker that never guards the squares around the king from afar), its
// king heads for the corner, its pieces come next to the king. It
// returns NoMove when no move helps.
func blockerMove(pos *chess.Position, moves []chess.Move, off int, good func(chess.Move) bool, corners bb) chess.Move {
	y := pos.Turn()
	ky := pos.KingSquare(y)
	push, pushRank := chess.NoMove, -1
	king, kd := chess.NoMove, cornerDist(ky, corners)
	piece, pd := chess.NoMove, 0
	for i := range moves {
		c := moves[(i+off)%len(moves)]
		if !good(c) {
			continue
		}
		from, to := c.From(), c.To()
		switch t := pos.PieceAt(from).Type(); {
		case t == chess.Pawn:
			if pt := c.Promotion(); pt != chess.NoPieceType && pt != chess.Knight {
				continue
			}
			if rr := to.RelativeRank(y); rr > pushRank {
				push, pushRank = c, rr
			}
		case from == ky:
			if d := cornerDist(to, corners); d < kd {
				king, kd = c, d
			}
		default:
			if g := dist(from, ky) - dist(to, ky); g > pd && to != ky {
				piece, pd = c, g
			}
		}
	}
	if king != chess.NoMove && (push == chess.NoMove || kd > 1) {
		return king
	}
	if push != chess.NoMove {
		return push
	}
	return piece
}
