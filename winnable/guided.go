package winnable

import "github.com/arbiterchess/arbiter/chess"

// guide measures how far a position is from a mating picture: for each
// role, the moves the nearest fitting piece needs to reach its square
// through the pawn structure (pieces taken greedily, role by role).
type guide struct {
	pic  picture
	maps [maxRoles]distMap
}

func (g *guide) init(pawns [2]bb, pic *picture) {
	g.pic = *pic
	walls := pawns[0] | pawns[1]
	for i := 0; i < pic.n; i++ {
		r := &pic.roles[i]
		free := ^walls
		if r.t == chess.King {
			free &^= pawnCover(r.c^1, pawns[r.c^1])
		}
		g.maps[i].build(r.t, r.to, free, walls)
	}
}

// distance is the total number of moves the roles still need.
func (g *guide) distance(pos *chess.Position) int {
	total := 0
	var used bb
	for i := 0; i < g.pic.n; i++ {
		r := &g.pic.roles[i]
		best := 500 // no fitting piece: off the plan
		var pick bb
		for b := pos.Pieces(r.c, r.t) &^ used; b != 0; b &= b - 1 {
			sq := b.First()
			if d := int(g.maps[i][sq]); d < best {
				best, pick = d, sq.Bitboard()
			}
		}
		used |= pick
		if i == checkerRole && best == 0 {
			// The checker must arrive last, with check: standing there
			// already, it has to go and come back.
			best = 2
		}
		total += best
	}
	return total
}

// checkerRole is the index of the checking piece's role in a picture (the
// losing king's role comes first).
const checkerRole = 1
