package winnable

import (
	"github.com/arbiterchess/arbiter/chess"
)

// Playouts: games played out from the position with random moves, both
// sides cooperating in a loose way. The mating side takes a mate in one
// whenever there is one; otherwise it often gives check when it can, and
// sometimes pushes its most advanced pawn (to a queen when it promotes).
// The losing side mostly leaves the mating side's men alone, and its king
// sometimes heads for the edge. Where the mating side has material to spare (the middle
// game, most positions of real games), mates lie everywhere and a few
// such games find one sooner than any ordered search.

// rng is a small xorshift generator, seeded from the position, so that the
// analysis is reproducible.
type rng uint64

func (r *rng) next() uint64 {
	x := uint64(*r)
	x ^= x << 13
	x ^= x >> 7
	x ^= x << 17
	*r = rng(x)
	return x
}

func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// playouts plays up to games games of at most plies moves each from p and
// returns a line ending in x's checkmate, or nil. The seed picks the
// games.
func (a *analyzer) playouts(p *chess.Position, x chess.Color, games, plies int, seed uint64) []chess.Move {
	if p.ByColor(x) == p.Pieces(x, chess.King) {
		return nil
	}
	r := rng((p.IdentityKey() ^ seed*0x9e3779b97f4a7c15) | 1)
	var ml chess.MoveList
	var checkBuf [256]chess.Move
	for g := 0; g < games; g++ {
		pos := *p
		line := a.line[:0]
		for ply := 0; ply < plies; ply++ {
			a.nodes++
			pos.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			moves := ml.Slice()
			if pos.Turn() == x {
				m, ok, checks := mateInOne(&pos, moves, checkBuf[:])
				if ok {
					a.line = append(line, m)
					return a.line
				}
				m = moves[r.intn(len(moves))]
				if pv := r.next() & 7; pv < 3 {
					// Sometimes the most advanced pawn goes on (a queen
					// when it promotes).
					best := -1
					for _, c := range moves {
						if pos.PieceAt(c.From()).Type() != chess.Pawn || c.From().File() != c.To().File() {
							continue
						}
						if pt := c.Promotion(); pt != chess.NoPieceType && pt != chess.Queen {
							continue
						}
						if rr := c.To().RelativeRank(x); rr > best {
							best, m = rr, c
						}
					}
				} else if pv < 7 && len(checks) > 0 {
					// Often a check, when there is one.
					m = checks[r.intn(len(checks))]
				}
				pos.Make(m)
				line = append(line, m)
				continue
			}
			m := moves[r.intn(len(moves))]
			for try := 0; try < 4 && pos.PieceAt(m.To()) != chess.NoPiece && !m.IsCastling(); try++ {
				m = moves[r.intn(len(moves))]
			}
			if r.next()&3 == 0 {
				// Sometimes the king heads for the edge.
				k := pos.KingSquare(x ^ 1)
				off := r.intn(len(moves))
				for i := range moves {
					c := moves[(i+off)%len(moves)]
					if c.From() == k && !c.IsCastling() && edgeDist(c.To()) < edgeDist(k) && pos.PieceAt(c.To()) == chess.NoPiece {
						m = c
						break
					}
				}
			}
			pos.Make(m)
			line = append(line, m)
		}
		a.line = line
	}
	return nil
}

// edgeDist is the distance from s to the nearest edge of the board.
func edgeDist(s chess.Square) int {
	return min(s.File(), 7-s.File(), s.Rank(), 7-s.Rank())
}
