package chess

// HasLegalMove reports whether the side to move has a legal move: the same
// answer as CountLegal() != 0, found sooner where a knight, a pawn stepping
// forward or the king can move, as in most positions.
func (p *Position) HasLegalMove() bool {
	var a analysis
	p.analyse(&a)
	if a.checkers&(a.checkers-1) == 0 { // in double check only the king moves
		for b := p.byType[Knight] & a.own &^ a.pinned; b != 0; b &= b - 1 {
			if knightAttacks[b.First()&63]&a.target != 0 {
				return true
			}
		}
		// A pawn that is not pinned stepping forward onto an empty square
		// of the target.
		if forward(p.byType[Pawn]&a.own&^a.pinned, p.turn)&^a.occ&a.target != 0 {
			return true
		}
	}
	them := p.turn ^ 1
	occ := a.occ ^ a.ksq.Bitboard()
	for t := kingAttacks[a.ksq] &^ a.own; t != 0; t &= t - 1 {
		if !p.attacked(t.First(), them, occ) {
			return true
		}
	}
	return p.CountLegal() != 0
}
